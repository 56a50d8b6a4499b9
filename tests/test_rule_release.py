"""Taking back or loosening a standing rule in chat (newcomer21 H1), en + zh, through `add_memory`.

A release names the rule's own topic with a release cue ("you don't need to … anymore", "drop the rule about …",
不用再 / 不需要 / 别再…了 / 那条规则删了): the rule is superseded (never deleted, the ledger says why) and no longer
injected. A loosening ("you don't always have to …", 不一定要…) turns it into a preference. A message that only
mentions the topic, or releases something else, leaves the rule alone."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory
from langmem_nodes.records import LedgerOp, Status
from langmem_nodes.write import rule_release


@pytest.fixture
def chat(tmp_path, fake_embedder):
    store = MemoryStore(tmp_path / "home", embedder=fake_embedder)
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda state: {"messages": [AIMessage("ok")]}).add_edge(START, "agent").add_edge("agent", END)
    graph = add_memory(b, store, agent="agent").compile()
    ctx = MemoryContext(user_id="u", project_id="web")

    def say(text: str) -> dict:
        return graph.invoke({"messages": [("user", text)]}, context=ctx)

    yield say, store
    store.close()


def _rules(store) -> list[str]:
    return [r.object for r in store.find(None) if r.predicate == "rule"]


PYTEST = "From now on, always write tests with pytest, not unittest."
HINTS = "From now on, always use type hints."
STANDUP = "From now on, remind me about the standup every morning."
ZH_COMMENTS = "以后代码注释都用中文写。"
ZH_ANSWERS = "以后回答我都用英文。"
ZH_WATER = "以后每次都提醒我喝水。"

RELEASES = [
    (PYTEST, "Forget that rule about pytest."),
    (PYTEST, "You don't need to use pytest anymore."),
    (PYTEST, "Drop the rule about tests."),
    (PYTEST, "You no longer need to write tests with pytest."),
    (PYTEST, "No need to use pytest any more."),
    (PYTEST, "The pytest rule no longer applies."),
    (PYTEST, "Scrap the pytest rule."),
    (PYTEST, "We don't have to use pytest anymore."),
    (HINTS, "Never mind the type hints rule, forget it."),
    (HINTS, "You can stop adding type hints."),
    (HINTS, "Type hints aren't needed anymore."),
    (STANDUP, "You don't need to remind me about the standup anymore."),
    (ZH_COMMENTS, "代码注释不用再用中文了。"),
    (ZH_COMMENTS, "注释用中文那条规则删了吧。"),
    (ZH_COMMENTS, "注释不需要再用中文写了。"),
    (ZH_COMMENTS, "别再用中文写注释了。"),
    (ZH_COMMENTS, "取消注释用中文的那条规定。"),
    (ZH_COMMENTS, "注释用中文的规矩不算了。"),
    (ZH_ANSWERS, "以后不用再用英文回答我了。"),
    (ZH_ANSWERS, "不需要用英文回答我了。"),
    (ZH_ANSWERS, "用英文回答那条作废吧。"),
    (ZH_WATER, "不用再提醒我喝水了。"),
    (ZH_WATER, "以后别再提醒我喝水了。"),
    ("以後縮排都用 tab。", "縮排不用再用 tab 了。"),
    ("以後程式碼註解都用中文寫。", "把註解用中文那條規則刪了吧。"),
]


@pytest.mark.parametrize("rule, release", RELEASES)
def test_a_release_supersedes_the_rule(chat, rule, release):
    say, store = chat
    say(rule)
    held = [r for r in store.find(None) if r.predicate == "rule"]
    assert held, "the rule itself was not stored"
    out = say(release)
    assert _rules(store) == [], _rules(store)
    for old in held:
        gone = store.get(old.id)
        assert gone is not None and gone.status is Status.SUPERSEDED  # never deleted
        assert any(e.op is LedgerOp.SUPERSEDE and "took" in e.reason for e in store.history(old.id))
    assert out["memory_written"] == []
    assert any(s.get("reason") == "rule taken back" for s in out["memory_skipped"]), out["memory_skipped"]


KEEPS = [
    (PYTEST, "Do we still need to use pytest?"),
    (PYTEST, "You don't need to explain pytest to me anymore."),
    (PYTEST, "I'm not sure pytest is the best choice, but keep the rule."),
    (PYTEST, "pytest is great, I don't need anything else."),
    (PYTEST, "You don't need to use unittest anymore."),
    (PYTEST, "Drop the table about users."),
    (PYTEST, "Can you explain the rule about tests?"),
    (PYTEST, "Remember the pytest rule."),
    (PYTEST, "You don't need to apologize anymore."),
    (HINTS, "Forget that rule about docstrings."),
    (HINTS, "My colleague says type hints aren't needed anymore."),
    (STANDUP, "The standup doesn't need to be long anymore."),
    (ZH_COMMENTS, "代码注释不用写太多。"),
    (ZH_COMMENTS, "注释用中文的规则还有效吗？"),
    (ZH_COMMENTS, "不用再跟我解释注释了。"),
    (ZH_COMMENTS, "提交信息不用再用中文了。"),
    (ZH_COMMENTS, "我同事说注释不用再用中文了。"),
    (ZH_COMMENTS, "不用再担心了。"),
    (ZH_ANSWERS, "英文回答挺好的，不用改。"),
    (ZH_ANSWERS, "不用再用英文写注释了。"),
    (ZH_WATER, "不用再提醒我开会了。"),
    (ZH_WATER, "喝水的事你不用再担心了？"),
]


@pytest.mark.parametrize("rule, said", KEEPS)
def test_mentioning_the_topic_keeps_the_rule(chat, rule, said):
    say, store = chat
    say(rule)
    before = _rules(store)
    assert before
    out = say(said)
    assert set(before) <= set(_rules(store)), (said, _rules(store))
    assert not any(s.get("reason") in ("rule taken back", "rule loosened") for s in out["memory_skipped"])


LOOSENS = [
    (PYTEST, "You don't always have to use pytest."),
    (PYTEST, "pytest is optional now."),
    (HINTS, "Type hints are not required anymore, but nice to have."),
    (ZH_COMMENTS, "注释不一定要用中文。"),
    (ZH_COMMENTS, "代码注释不必每次都用中文。"),
    (ZH_ANSWERS, "不一定非要用英文回答我。"),
]


@pytest.mark.parametrize("rule, said", LOOSENS)
def test_a_loosened_rule_becomes_a_preference(chat, rule, said):
    say, store = chat
    say(rule)
    old = [r for r in store.find(None) if r.predicate == "rule"]
    out = say(said)
    assert _rules(store) == [], _rules(store)
    prefs = [r for r in store.find(None) if r.predicate == "prefers"]
    assert [p.object for p in prefs] == [o.object for o in old]
    assert all(store.get(o.id).status is Status.SUPERSEDED and store.get(o.id).superseded_by == prefs[0].id for o in old)
    assert any(s.get("reason") == "rule loosened" for s in out["memory_skipped"]), out["memory_skipped"]


@pytest.mark.parametrize("release", ["You don't need to use pytest anymore.", "代码注释不用再用中文了。"])
def test_a_release_with_no_rule_held_stores_nothing(chat, release):
    say, store = chat
    out = say(release)
    assert out["memory_written"] == [] and store.find(None) == []


def test_a_release_leaves_other_rules_alone(chat):
    say, store = chat
    say(PYTEST)
    say(HINTS)
    say("You don't need to use pytest anymore.")
    assert _rules(store) == ["type hints"]


@pytest.mark.parametrize("said", [
    "We no longer use Jenkins.", "我们组已经不用 SVN 了。", "I don't need pytest anymore, I moved to Go.",
    "You don't need to use pytest for this snippet.", "我们不用 Redux 了。", "我不需要咖啡了。",
    "Is the pytest rule still in force?", "这条规则删了吗？",
])
def test_statements_and_questions_are_no_release(said):
    assert rule_release.read(said) is None


@pytest.mark.parametrize("said", ["We no longer need to run Jenkins, we use GitHub Actions now."])
def test_a_release_naming_no_rule_held_leaves_the_sentence_read_as_usual(chat, said):
    from langmem_nodes.write.extractor import RuleExtractor

    assert rule_release.read(said) is not None
    say, store = chat
    expected = {c.object for c, *_ in RuleExtractor().claims(said)}
    assert expected, "the sentence says something"
    out = say(said)
    assert {w["object"] for w in out["memory_written"]} == expected
