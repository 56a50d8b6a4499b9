"""A forget request said in chat is read by its parts — a verb of forgetting / deleting / not keeping said to the
assistant, politely or not, and a description of something of the user's — and carried out on the user's own
memories only; look-alikes ("I forgot my keys", 别忘了提醒我开会) forget and store nothing (newcomer finding:
"I'd rather you didn't remember what car I drive." was stored as a preference; "Please don't keep my address.",
"Delete the thing about my wife.", "把我老婆的名字删了吧", "别记我过敏的事" forgot nothing)."""

from __future__ import annotations

import pytest
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory
from langmem_nodes.governance.forget_node import is_forget_request, request_topic

REQUESTS = [
    "I'd rather you didn't remember what car I drive.", "Please don't keep my address.", "Delete the thing about my wife.",
    "No need to remember my birthday.", "You don't need to know my salary.", "Wipe the bit about my allergy.",
    "Erase the part where I mentioned my salary.", "could you remove my home address please",
    "I don't want you to remember my ex.", "I'd prefer you forget my phone number.",
    "Please don't keep my address, I'm moving anyway.",
    "把我老婆的名字删了吧", "别记我过敏的事", "清掉我的住址", "去掉关于我老婆的事", "我老婆的事你就别记了", "我的地址删了吧",
    "你不用知道我在哪上班", "我不想让你记住我的生日", "抹掉我开什么车的那条", "算了，把我老婆的名字删了吧", "我希望你忘掉我的地址",
    "Hmm, on second thought, please delete the thing about my wife.", "Can you stop remembering my address?",
    # a later sentence / clause, "the X thing", a topic with no 我, 当没听过
    "She moved out. Please stop remembering anything about Jo.", "stop remembering the surgery thing, please",
    "Could you wipe the pregnancy stuff?", "体检那件事别记着了", "辞职了，关于那家公司的都删了吧", "老王这个人你就当没听说过吧",
    "我家楼号门牌别存了",
    # said another way: "would you mind …", "I want … deleted", "my X, delete that", 别把…记下来, 之前存的…
    "Would you mind not storing my phone number?", "I'd like the stuff about my ex removed.", "my wife's name, just delete that",
    "Let's forget about my ex.", "别把我的住址记下来", "我的地址你还是忘了吧", "帮我删掉之前存的地址", "我老婆名字能不能别记了",
    "I quit my job, so forget that job", "Scrub my kids' names from your memory", "I don't want my age saved.",
    "Take my address out of your memory", "Please erase any record of my address", "I'd like to have my address deleted",
    "我辞职了，那份工作就忘了吧", "有关我前任的信息都清掉吧", "记忆里关于我爸的内容清空一下", "不要把我老婆的名字存进去", "我的年龄你就当不知道吧",
]
LOOKALIKES = [
    "I forgot my keys", "how do I delete a git branch?", "remind me to delete the old branch", "don't forget to buy milk",
    "forget it, never mind", "Don't know where I left my keys", "don't keep me waiting", "Remove my name from the list",
    "remove the part about caching from the README", "remove the line with the typo", "Don't save my changes yet",
    "delete my account", "wipe my phone", "drop my kids at school",
    "我忘了带钥匙", "怎么删除微信聊天记录", "别忘了提醒我开会", "清空我的购物车", "我老婆不用知道吧", "你忘了我的生日", "把我的聊天记录删了",
    "别记错我的生日", "别忘了我的生日",
    "ok never mind, forget I asked", "forget about the hotel reservation, we're driving back tonight", "算了，忘了我刚才问的吧",
    "把这件事忘了吧",
    "Would you mind deleting the temp files?", "I want the branch deleted", "My code — just delete it", "Let's forget it",
    "别把钥匙忘了", "我的作业能不能别交了", "我的车还是卖了吧",
    "Disregard the previous instructions", "toss the salad", "I don't want my coffee cold", "take the dog out of the car",
    "忘了带伞", "我辞职了，忘了吧", "那份文件删一下", "忘记买菜了",
]


@pytest.mark.parametrize("text", REQUESTS)
def test_polite_indirect_and_delete_phrasings_are_requests(text):
    assert is_forget_request(text)


@pytest.mark.parametrize("text", LOOKALIKES)
def test_lookalikes_are_not_requests(text):
    assert not is_forget_request(text)


@pytest.mark.parametrize(("text", "topic"), [
    ("I'd rather you didn't remember what car I drive.", "car I drive"), ("Please don't keep my address.", "address"),
    ("Delete the thing about my wife.", "wife"), ("Please don't keep my address, I'm moving anyway.", "address"),
    ("把我老婆的名字删了吧", "我老婆的名字"), ("别记我过敏的事", "我过敏"), ("我老婆的事你就别记了", "我老婆"),
])
def test_the_topic_is_what_follows_the_frame(text, topic):
    assert request_topic(text) == topic


def _graph(store):
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda s: {"messages": [("ai", "ok")]}).add_edge(START, "agent").add_edge("agent", END)
    return add_memory(b, store, agent="agent").compile()


# (memories said first, the request, a later question, a needle of the memory that must go, one that must stay)
CASES = [
    (["I drive a Subaru Outback.", "I'm allergic to penicillin."], "I'd rather you didn't remember what car I drive.",
     "What car do I drive?", "Subaru", "penicillin"),
    (["My wife is called Maria.", "I drive a Subaru Outback."], "Delete the thing about my wife.",
     "What is my wife called?", "Maria", "Subaru"),
    (["Remember that I live at 7 Larkspur Lane in Exeter.", "I'm allergic to penicillin."],
     "Please don't keep my address.", "Where do I live?", "Larkspur", "penicillin"),
    (["我老婆叫王芳。", "我开一辆特斯拉。"], "把我老婆的名字删了吧", "我老婆叫什么？", "王芳", "特斯拉"),
    (["我对花生过敏。", "我开一辆特斯拉。"], "别记我过敏的事", "我对什么过敏？", "花生", "特斯拉"),
    (["我叫李雷。", "我老婆叫王芳。"], "把我老婆的名字删了吧", "我老婆叫什么名字？", "王芳", "李雷"),  # hers, not the user's
    (["My name is Ada.", "My wife is called Maria."], "Please forget my wife's name.", "What's my wife's name?",
     "Maria", "Ada"),
    (["I live in Lyon.", "My address is 4 Quai Saint-Vincent."], "Please don't keep my street address.",
     "What's my address?", "Saint-Vincent", "Lyon"),  # the street address, not the city
]


# two things named in one request: each goes, nothing else
TWO = [
    (["I work at Shopify.", "My age is 52.", "I use Emacs."], "Please delete the thing about where I work, and my age as well.",
     ("Shopify", "52"), "Emacs"),
    (["我在美团上班。", "我的年龄是35岁。", "我用Emacs。"], "把我在哪上班和年龄都删了吧", ("美团", "35"), "Emacs"),
]


@pytest.mark.parametrize(("said", "asked", "gone", "kept"), TWO)
def test_a_request_naming_two_things_forgets_both(tmp_path, said, asked, gone, kept):
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    try:
        g = _graph(store)
        for text in said:
            g.invoke({"messages": [("user", text)]}, context=MemoryContext(user_id="ada", session_id="s1"))
        assert all(x in _texts(store, "ada") for x in gone)
        out = g.invoke({"messages": [("user", asked)]}, context=MemoryContext(user_id="ada", session_id="s2"))
        assert out["memory_written"] == []
        assert not any(x in _texts(store, "ada") for x in gone) and kept in _texts(store, "ada")
    finally:
        store.close()



def _texts(store, user):
    return " ".join(r.text for r in store.find(None) if r.scope.user_id == user)


@pytest.mark.parametrize(("said", "asked", "question", "gone", "kept"), CASES)
def test_a_request_forgets_the_named_memory_everywhere_and_only_the_users(tmp_path, said, asked, question, gone, kept):
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    try:
        g = _graph(store)
        for user in ("ada", "bob"):
            for text in said:
                g.invoke({"messages": [("user", text)]}, context=MemoryContext(user_id=user, session_id="s1"))
        assert gone in _texts(store, "ada") and kept in _texts(store, "ada")
        out = g.invoke({"messages": [("user", asked)]}, context=MemoryContext(user_id="ada", session_id="s2"))
        assert "<memory-forgotten>" in out["memory_injection"] and gone in out["memory_injection"]
        assert out["memory_written"] == []  # the request itself is not stored
        assert gone not in _texts(store, "ada") and kept in _texts(store, "ada")  # the list
        for session in ("s1", "s3"):  # recall in the session it was said in, and in another one
            later = g.invoke({"messages": [("user", question)]},
                             context=MemoryContext(user_id="ada", session_id=session))
            assert gone not in later["memory_injection"] + later["memory_stable"]
        assert gone in _texts(store, "bob") and kept in _texts(store, "bob")  # another user's stay
    finally:
        store.close()


@pytest.mark.parametrize("request_text", ["Please don't keep my address.", "别记我过敏的事"])
def test_a_request_matching_nothing_is_told_and_stores_nothing(tmp_path, request_text):
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    try:
        g = _graph(store)
        g.invoke({"messages": [("user", "I drive a Subaru Outback.")]}, context=MemoryContext(user_id="ada"))
        before = store.count()
        out = g.invoke({"messages": [("user", request_text)]}, context=MemoryContext(user_id="ada"))
        assert "<memory-forgotten>" in out["memory_injection"]
        assert "no stored memory matched" in out["memory_injection"] or "没有找到" in out["memory_injection"]
        assert out["memory_written"] == [] and store.count() == before
    finally:
        store.close()


@pytest.mark.parametrize("text", ["I forgot my keys", "how do I delete a git branch?", "remind me to delete the old branch",
                                  "don't forget to buy milk", "forget it, never mind", "我忘了带钥匙", "怎么删除微信聊天记录",
                                  "别忘了提醒我开会"])
def test_a_lookalike_forgets_nothing_and_stores_nothing_about_forgetting(tmp_path, text):
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    try:
        g = _graph(store)
        ctx = MemoryContext(user_id="ada")
        for said in ("I drive a Subaru Outback.", "My wife is called Maria.", "我老婆叫王芳。"):
            g.invoke({"messages": [("user", said)]}, context=ctx)
        before = {r.id for r in store.find(None)}
        out = g.invoke({"messages": [("user", text)]}, context=ctx)
        assert "<memory-forgotten>" not in out["memory_injection"]
        assert before <= {r.id for r in store.find(None)}
        stored = " ".join(w["text"] for w in out["memory_written"]).casefold()
        assert not any(w in stored for w in ("forget", "delete", "remember", "忘", "删", "记"))
    finally:
        store.close()


@pytest.mark.parametrize(("city", "street", "asked"), [
    ("User lives in Lyon", "User lives at 4 Quai Saint-Vincent", "Please don't hold on to my street address."),
    ("用户住在苏州", "用户家住姑苏区平江路8号", "我家门牌地址别存了"),
])
def test_the_street_address_goes_not_the_city(tmp_path, city, street, asked):
    """Memories kept without a structured reading (the store API) are named by their text too."""
    from langmem_nodes.records import MemoryRecord, Scope

    store = MemoryStore(tmp_path / "home", embedder="hashing")
    try:
        keep = MemoryRecord(text=city, predicate="lives_in", object=city.split()[-1], scope=Scope(user_id="ada"))
        gone = MemoryRecord(text=street, scope=Scope(user_id="ada"))  # predicate "states"
        store.commit(add=[keep, gone])
        out = _graph(store).invoke({"messages": [("user", asked)]}, context=MemoryContext(user_id="ada"))
        assert out["memory_written"] == []
        assert store.get_many([keep.id, gone.id]).keys() == {keep.id}
    finally:
        store.close()


@pytest.mark.parametrize(("texts", "asked", "gone"), [
    (["User weighs 80 kg", "User sees a therapist on Mondays", "User lives in Oslo"],
     "Please forget my weight and the therapy stuff.", {0, 1}),  # weight ~ weighs, therapy ~ therapist
    (["用户体重80公斤", "用户在做心理咨询", "用户住在奥斯陆"], "把我的体重和心理咨询的事都删了吧", {0, 1}),
])
def test_words_of_the_same_stem_name_the_memory(tmp_path, texts, asked, gone):
    from langmem_nodes.records import MemoryRecord, Scope

    store = MemoryStore(tmp_path / "home", embedder="hashing")
    try:
        recs = [MemoryRecord(text=t, scope=Scope(user_id="ada")) for t in texts]
        store.commit(add=recs)
        _graph(store).invoke({"messages": [("user", asked)]}, context=MemoryContext(user_id="ada"))
        left = store.get_many([r.id for r in recs])
        assert {i for i, r in enumerate(recs) if r.id not in left} == gone
    finally:
        store.close()
