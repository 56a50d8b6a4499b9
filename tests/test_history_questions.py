"""A question about the past ("where did I live before?", "我以前住在哪儿？") gets the value a memory replaced,
with when it was stated and when it was replaced; other questions do not, and nothing crosses scopes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes import create_read_graph
from langmem_nodes.records import MemoryContext
from langmem_nodes.write import create_write_graph

T0 = datetime(2026, 10, 1, tzinfo=UTC)
ADA, BOB = MemoryContext(user_id="ada"), MemoryContext(user_id="bob")
CASES = {
    "en": (["I live in Lisbon.", "Actually I live in Porto now, not Lisbon."], "Where did I live before?", "Where do I live?",
           "earlier: «User lives in Lisbon» (stated 45 days ago, replaced 25 days ago)"),
    "zh": (["我住在北京。", "不对，我现在住在上海，不是北京。"], "我以前住在哪儿？", "我住在哪？", "此前：«用户住在北京»（45 天前所说，25 天前被取代）"),
}


@pytest.fixture
def default_store(tmp_path):
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "home") as store:  # the default embedder (minilm+e5): both languages
        yield store


@pytest.mark.integration
@pytest.mark.parametrize("lang", CASES)
def test_a_history_question_sees_the_replaced_value(default_store, lang) -> None:
    said, past, present, note = CASES[lang]
    for i, text in enumerate(said):
        graph = create_write_graph(default_store, clock=lambda i=i: T0 + timedelta(days=20 * i)).compile()
        graph.invoke({"messages": [("user", text)]}, context=ADA)
    read = create_read_graph(default_store, clock=lambda: T0 + timedelta(days=45)).compile()
    before = read.invoke({"messages": [("user", past)]}, context=ADA)
    (hit,) = before["memory_selected"]
    assert hit.note.startswith(note)
    now = read.invoke({"messages": [("user", present)]}, context=ADA)
    assert [h.record.text for h in now["memory_selected"]] == [hit.record.text]
    assert all("Lisbon" not in (h.note or "") and "北京" not in (h.note or "") for h in now["memory_selected"])
    assert read.invoke({"messages": [("user", past)]}, context=BOB)["memory_selected"] == []


def _write(store, turns):
    for i, (session, text) in enumerate(turns):
        graph = create_write_graph(store, clock=lambda i=i: T0 + timedelta(days=20 * i)).compile()
        graph.invoke({"messages": [("user", text)]}, context=MemoryContext(user_id="ada", session_id=session))


PLAIN = {  # the old value was a plain statement (a session memory), the new one a correction in a later session
    "en": ([("s1", "I live in Oslo."), ("s2", "Actually I moved to Valencia last month.")], "Where did I live before?",
           "Valencia", "earlier: «User lives in Oslo»"),
    "zh": ([("z1", "我住在成都。"), ("z2", "其实不是，我搬到重庆了。")], "我以前住哪？", "重庆", "此前：«用户住在成都»"),
}


@pytest.mark.integration
@pytest.mark.parametrize("lang", PLAIN)
@pytest.mark.parametrize("asked_in", ["first", "later"])
def test_the_replaced_plain_statement_is_shown_in_the_first_session_and_in_a_later_one(default_store, lang, asked_in):
    turns, past, now_value, note = PLAIN[lang]
    _write(default_store, turns)
    session = turns[0][0] if asked_in == "first" else "s9"
    read = create_read_graph(default_store, clock=lambda: T0 + timedelta(days=45)).compile()
    out = read.invoke({"messages": [("user", past)]}, context=MemoryContext(user_id="ada", session_id=session))
    (hit,) = [h for h in out["memory_selected"] if now_value in h.record.text]
    assert note in (hit.note or "")
    other = read.invoke({"messages": [("user", past)]}, context=MemoryContext(user_id="bob", session_id=session))
    assert other["memory_selected"] == []  # another user's session history never shows


EDITOR = {
    "en": ([("s1", "Remember that I use Vim."), ("s2", "Actually I use Helix, not Vim.")],
           ["Which editor did I use before?", "What editor did I use previously?"], "Helix", "earlier: «User uses Vim»"),
    "zh": ([("z1", "记住：我用 Vim。"), ("z2", "不对，我现在用 VS Code，不是 Vim。")],
           ["我以前用什么编辑器？", "我之前用的是什么编辑器？"], "VS Code", "此前：«用户使用Vim»"),
}


@pytest.mark.integration
@pytest.mark.parametrize("lang", EDITOR)
def test_which_editor_before_gets_the_current_one_with_the_one_it_replaced(default_store, lang):
    turns, questions, now_value, note = EDITOR[lang]
    _write(default_store, turns)
    read = create_read_graph(default_store, clock=lambda: T0 + timedelta(days=45)).compile()
    for q in questions:
        out = read.invoke({"messages": [("user", q)]}, context=MemoryContext(user_id="ada", session_id="s9"))
        hits = [h for h in out["memory_selected"] if now_value in h.record.text]
        assert hits and note in (hits[0].note or ""), (q, [(h.record.text, h.note) for h in out["memory_selected"]])


@pytest.mark.parametrize("item", [
    "- [fact · today · user said] «User lives in Seattle» (earlier: «User lives in Boston» (stated 2 days ago, "
    "replaced today))",
    "- [事实 · 今天 · 用户所说] «用户住在北京» (此前：«用户住在上海»（2天前所说，今天被取代）)",
])
def test_the_echo_model_repeats_what_a_history_question_was_told(item) -> None:
    from langchain_core.messages import HumanMessage

    from langmem_nodes.testing import MemoryEchoChatModel

    reply = MemoryEchoChatModel().invoke([HumanMessage(f"<memory>\n{item}\n</memory>\nwhere did I live before?")])
    assert ("Boston" in reply.content) if "Seattle" in item else ("上海" in reply.content)


# -- a promotion's own session copy is not an earlier value (newcomer finding F5) ------------------------------------

PROMOTED = {  # (a fact said in two sessions, a past question about it, an older value and its correction, a past
    # question about them, the note's marker); each value is (text, predicate, object)
    "en": (("User is allergic to shellfish", "is_allergic_to", "shellfish"), "What did I tell you earlier about my allergies?",
           (("User lives in Boston", "lives_in", "Boston"), ("User lives in Denver", "lives_in", "Denver")),
           "Where did I live before?", "earlier:"),
    "zh": (("用户喜欢绿茶", "likes", "绿茶"), "我以前说过我喜欢喝什么？",
           (("用户住在杭州", "lives_in", "杭州"), ("用户住在深圳", "lives_in", "深圳")), "我以前住在哪里？", "此前："),
}


def _chain(store, *links):
    """Store `links` oldest first: each (text, predicate, object, scope) is superseded by the next."""
    from langmem_nodes.records import MemoryRecord, Status

    recs = [MemoryRecord(text=t, predicate=p, object=o, scope=s, created_at=T0 + timedelta(days=i))
            for i, (t, p, o, s) in enumerate(links)]
    for older, newer in zip(recs, recs[1:], strict=False):
        newer.supersedes = [older.id]
        older.status, older.superseded_by = Status.SUPERSEDED, newer.id
    store.commit(add=recs)
    return recs


def _freshness(store, hit, question, ctx):
    from langmem_nodes.read import FreshnessNode
    from langmem_nodes.state import MemoryQuery, ScoredMemory

    query = MemoryQuery(text=question, lexical=question, dense=question)
    out = FreshnessNode(store=store).run({"memory_selected": [ScoredMemory(record=hit)], "memory_query": query},
                                         ctx, T0 + timedelta(days=10))
    return out["memory_selected"][0].note or ""


@pytest.mark.parametrize("lang", PROMOTED)
def test_the_session_copy_a_promotion_replaced_is_not_shown_as_an_earlier_value(store, lang) -> None:
    (text, predicate, obj), question, _, _, marker = PROMOTED[lang]
    ctx = MemoryContext(user_id="ada", session_id="s3")
    s1, s2 = MemoryContext(user_id="ada", session_id="s1"), MemoryContext(user_id="ada", session_id="s2")
    *_, promoted = _chain(store, (text, predicate, obj, s1.scope("session")), (text, predicate, obj, s2.scope("session")),
                          (text, predicate, obj, ctx.scope("user")))
    assert marker not in _freshness(store, promoted, question, ctx)


@pytest.mark.parametrize("lang", PROMOTED)
def test_behind_a_same_value_copy_the_genuinely_different_earlier_value_is_shown(store, lang) -> None:
    _, _, (old, new), question, marker = PROMOTED[lang]
    ctx, s1 = MemoryContext(user_id="ada", session_id="s3"), MemoryContext(user_id="ada", session_id="s1")
    *_, promoted = _chain(store, (*old, s1.scope("session")), (*new, s1.scope("session")), (*new, ctx.scope("user")))
    note = _freshness(store, promoted, question, ctx)
    assert note.count(marker) == 1 and f"«{old[0]}»" in note and f"«{new[0]}»" not in note
    bob = MemoryContext(user_id="bob", session_id="s3")  # another user's history never shows, however it is reached
    assert marker not in _freshness(store, promoted, question, bob)


RECURRED = {  # said in two sessions → promoted to user level; the past question then gets no "earlier" note
    "en": ("I'm allergic to shellfish.", "What did I tell you earlier about my allergies?", "shellfish", "earlier:"),
    "zh": ("我喜欢喝绿茶。", "我以前说过我喜欢喝什么？", "绿茶", "此前："),
}


@pytest.mark.integration
@pytest.mark.parametrize("lang", RECURRED)
def test_a_fact_promoted_on_recurrence_has_no_earlier_value(default_store, lang) -> None:
    said, question, word, marker = RECURRED[lang]
    _write(default_store, [("s1", said), ("s2", said)])
    read = create_read_graph(default_store, clock=lambda: T0 + timedelta(days=45)).compile()
    out = read.invoke({"messages": [("user", question)]}, context=MemoryContext(user_id="ada", session_id="s3"))
    hits = [h for h in out["memory_selected"] if word in h.record.text]
    assert hits and hits[0].record.scope.level.value == "user"
    assert marker not in (hits[0].note or "")
