"""A forget request said in chat deletes at once and for good, so it deletes only what it names (newcomer9 H1):
not the memory next to the named one ("that I'm vegetarian" is not "does not eat spicy food", 不吃香菜 is not
不吃辣), nothing on a sentence that sets a topic aside ("Forget about work for a sec, …") or edits something
else ("… from the draft", 草稿里…), and when what it names is unclear, nothing but a note asking which."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory
from langmem_nodes.governance.forget_node import Evidence, is_forget_request, select_named
from langmem_nodes.governance.forget_phrases import sets_topic_aside

EN = ["Remember that I'm vegetarian.", "Remember that I don't eat spicy food.", "Remember that I'm allergic to shellfish.",
      "Remember that I'm allergic to peanuts.", "Remember that my wife is called Maria.", "Remember that I drive a Tesla.",
      "Remember that I work at Shopify.", "Remember that I play the guitar.", "Remember that I play the piano."]
ZH = ["记住：我不吃辣。", "记住：我不吃香菜。", "记住：我对海鲜过敏。", "记住：我对花生过敏。", "记住：我老婆叫小丽。",
      "记住：我开的是比亚迪。", "记住：我在腾讯工作。", "记住：我会弹钢琴。", "记住：我会弹吉他。"]


@pytest.fixture(scope="module")
def chat(tmp_path_factory):
    store = MemoryStore(tmp_path_factory.mktemp("precision") / "home")  # the default embedder

    def agent(state):
        return {"messages": [AIMessage("ok")]}

    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", agent).add_edge(START, "agent").add_edge("agent", END)
    graph = add_memory(b, store, agent="agent").compile()
    users = iter(range(1000))

    def say(request: str) -> tuple[set[str], str]:
        """Seed a fresh user with the memories of the request's language, say `request`: (texts gone, notice)."""
        zh = any("\u4e00" <= c <= "\u9fff" for c in request)
        ctx = MemoryContext(user_id=f"u{next(users)}")
        for t in ZH if zh else EN:
            graph.invoke({"messages": [("user", t)]}, context=ctx)
        before = {r.text for r in store.find(None) if r.scope.user_id == ctx.user_id}
        assert len(before) == len(EN), before
        out = graph.invoke({"messages": [("user", request)]}, context=ctx)
        after = {r.text for r in store.find(None) if r.scope.user_id == ctx.user_id}
        return before - after, out.get("memory_injection") or ""

    yield say
    store.close()


# (request, the one word every forgotten memory says; the newcomer's first, then new ones)
NAMED = [
    ("Please forget that I'm vegetarian.", "vegetarian"),
    ("我不吃香菜这件事你就别记了。", "香菜"),
    ("Forget that I'm allergic to shellfish.", "shellfish"),
    ("忘掉我对花生过敏的事", "花生"),
    ("Please forget that I play the guitar.", "guitar"),
    ("我会弹钢琴这件事别记了", "钢琴"),
    ("海鲜过敏那个你可以忘了，我已经好了。", "海鲜"),
    ("Forget that I'm allergic to nuts.", "peanuts"),  # a value inside the stored word ("nut" in "peanuts")
    ("花生过敏的事你不用记了", "花生"),
]


@pytest.mark.integration
@pytest.mark.parametrize(("request_text", "word"), NAMED)
def test_a_request_forgets_the_memory_it_names_and_not_its_neighbour(chat, request_text, word):
    gone, notice = chat(request_text)
    assert len(gone) == 1 and word in next(iter(gone)), gone
    assert "<memory-forgotten>" in notice


LOOKALIKES = [
    "Forget about work for a sec, what should I cook tonight?",
    "Forget the Tesla, I want to buy a bike. Any suggestions?",
    "Let's forget my diet for tonight, recommend a good pizza place.",
    "Please remove my wife's name from the wedding speech draft.",
    "帮我把草稿里关于我老婆的那段删掉。",
    "工作的事先忘掉吧，今晚吃什么？",
    "把简历里我老婆的名字删掉",
    "把这段话里关于我老婆的那句删了",
]


@pytest.mark.integration
@pytest.mark.parametrize("text", LOOKALIKES)
def test_setting_a_topic_aside_or_editing_a_draft_forgets_nothing(chat, text):
    gone, notice = chat(text)
    assert gone == set() and "<memory-forgotten>" not in notice
    assert not is_forget_request(text)


@pytest.mark.integration
@pytest.mark.parametrize("request_text", ["Forget that I'm allergic to latex.", "别记我对青霉素过敏这件事"])
def test_a_value_no_memory_says_forgets_nothing_and_asks_which(chat, request_text):
    gone, notice = chat(request_text)  # two allergies stored, neither the one named
    assert gone == set()
    assert ("Ask the user which" in notice) or ("请问用户要删哪一条" in notice)


@pytest.mark.parametrize(("text", "aside"), [
    ("Forget about work for a sec, what should I cook tonight?", True),
    ("We broke up. Forget about Alex, what should I do this weekend?", True),
    ("Can you delete the paragraph about my wife from the draft?", True),
    ("Forget the Tesla, I sold it.", False),
    ("I'd rather you forget about Tom entirely.", False),
    ("工作的事先忘掉吧，今晚吃什么？", True),
    ("先把减肥忘了吧，推荐个火锅店", True),
    ("帮我把草稿里关于我老婆的那段删掉。", True),
    ("那段时间的事你别记了", False),
    ("项目相关的信息删了吧，那个项目我不做了", False),
])
def test_a_topic_set_aside_is_read_by_its_parts(text, aside):
    assert sets_topic_aside(text) is aside


def test_siblings_of_one_attribute_are_not_taken_for_a_stated_value():
    veg, spicy = Evidence(True, 1.0, None), Evidence(True, 0.0, None)
    assert select_named({"veg": veg, "spicy": spicy}, claim=True) == (["veg"], [])
    both = {"a": Evidence(True, 0.0, None), "b": Evidence(True, 0.0, None)}
    assert select_named(both, claim=True) == ([], ["a", "b"])  # "that I'm vegan": which diet memory?
    assert select_named(both, claim=False) == (["a", "b"], [])  # "my diet": all of it
    close = {"a": Evidence(False, 0.0, 0.10), "b": Evidence(False, 0.0, 0.08)}
    assert select_named(close, claim=True, names_value=True) == ([], ["a", "b"])  # meaning alone, no clear best


@pytest.mark.parametrize(("text", "topic"), [
    ("That thing about my divorce, please forget it.", "divorce"),
    ("Never mind the part about my sister, delete it.", "sister"),
    ("I take back what I said about my boss, forget it.", "boss"),
    ("Let go of what I said about my job.", "job"),
    ("Can you unlearn that I have a cat?", "I have a cat"),
    ("我说我喜欢爵士乐那个，你删了吧", "我喜欢爵士乐"),
    ("你就当我没说过我有个弟弟", "我有个弟弟"),
    ("海鲜过敏那个你可以忘了，我已经好了。", "海鲜过敏"),
])
def test_a_request_named_first_or_taken_back_is_read_with_its_topic(text, topic):
    from langmem_nodes.governance.forget_node import request_topic

    assert is_forget_request(text) and request_topic(text) == topic


@pytest.mark.parametrize("text", ["my bad, forget it", "my mistake, forget it", "the thing about the meeting, forget it",
                                  "I need to let go of my ex, any advice?", "就当我没说", "就当我没说过吧",
                                  "我刚才说的那个问题，忘了吧"])
def test_never_mind_is_no_request(text):
    assert not is_forget_request(text)
