"""An explicit correction in one session supersedes the value the same user stated in another session of the
same project (or of none) — recorded in the ledger, never deleted — and never another user's or project's."""

from __future__ import annotations

import pytest
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, add_memory, memory_messages
from langmem_nodes.read.render import NEEDS_CONFIRMATION_LABEL
from langmem_nodes.records import LedgerOp, MemoryRecord, Status
from langmem_nodes.state import PendingWrite
from langmem_nodes.testing import MemoryEchoChatModel
from langmem_nodes.write import ResolverNode

CASES = {
    "en": ("I use Vim as my editor.", "Actually I use Helix now, not Vim.", "Which editor do I use?", "Vim", "Helix"),
    "zh": ("我用 Java 写后端。", "哦不对，我记错了，我用的是 Go 不是 Java。", "我用什么写后端？", "Java", "Go"),
}


@pytest.fixture
def graph(store):
    """The README quickstart graph: recall → agent → write."""
    llm = MemoryEchoChatModel()

    def agent(state: MemoryState):
        return {"messages": [llm.invoke(memory_messages(state, system="You are helpful."))]}

    builder = StateGraph(MemoryState, context_schema=MemoryContext)
    builder.add_node("agent", agent).add_edge(START, "agent").add_edge("agent", END)
    return add_memory(builder, store, agent="agent").compile()


def say(graph, text: str, ctx: MemoryContext) -> dict:
    return graph.invoke({"messages": [("user", text)]}, context=ctx)


def held(store, user: str, word: str) -> list:
    return [r for r in store.find(None) if r.scope.user_id == user and word.casefold() in r.text.casefold()]


@pytest.mark.parametrize("lang", sorted(CASES))
@pytest.mark.parametrize("project", [None, "shop"])
def test_correction_in_s2_supersedes_the_value_held_in_s1(graph, store, lang: str, project: str | None) -> None:
    plain, fix, question, old_word, new_word = CASES[lang]
    s1 = MemoryContext(user_id="u1", project_id=project, session_id="s1")
    say(graph, plain, s1)
    (old,) = held(store, "u1", old_word)
    assert old.scope.level.value == "session"  # a plain statement stays in its session, by design

    out = say(graph, fix, MemoryContext(user_id="u1", project_id=project, session_id="s2"))
    (new,) = [r for r in out["memory_written"] if new_word in r["text"]]
    assert new["scope"]["level"] == "user" and new["source"] == "explicit_correction"
    assert old.id in out["memory_superseded"] and old.id in new["supersedes"]

    after = store.get(old.id)
    assert after is not None and after.status is Status.SUPERSEDED and after.superseded_by == new["id"]
    sup = [e for e in store.history(old.id) if e.op is LedgerOp.SUPERSEDE]
    assert len(sup) == 1 and sup[0].partition == old.scope.partition and new["id"] in sup[0].reason

    back = say(graph, question, s1)  # back in s1: only the corrected value, no conflict flag
    shown = back["memory_stable"] + back["memory_injection"]
    assert new_word in shown and old.text not in shown and NEEDS_CONFIRMATION_LABEL not in shown


@pytest.mark.parametrize("lang", sorted(CASES))
def test_correction_never_touches_another_user_or_project(graph, store, lang: str) -> None:
    plain, fix, _q, old_word, _new = CASES[lang]
    say(graph, plain, MemoryContext(user_id="u2", session_id="s1"))  # another user, same session id
    say(graph, plain, MemoryContext(user_id="u1", project_id="other", session_id="s1"))  # u1, another project
    say(graph, plain, MemoryContext(user_id="u1", session_id="s1"))  # u1, no project: the one to correct
    mine = next(r for r in held(store, "u1", old_word) if r.scope.project_id is None)
    say(graph, fix, MemoryContext(user_id="u1", session_id="s2"))

    assert store.get(mine.id).status is Status.SUPERSEDED
    others = [r for r in store.find(None) if old_word.casefold() in r.text.casefold() and r.id != mine.id]
    assert {(r.scope.user_id, r.scope.project_id) for r in others} == {("u2", None), ("u1", "other")}
    assert all(r.status is Status.ACTIVE and not store.history(r.id)[1:] for r in others)


PLAIN = {
    "en": ("I live in Berlin.", "I live in Paris.", "Berlin", "Paris"),
    "zh": ("我住在北京。", "我住在上海。", "北京", "上海"),
}


@pytest.mark.parametrize("lang", sorted(PLAIN))
def test_plain_new_value_in_s2_stays_in_s2(graph, store, lang: str) -> None:
    """Without a correction each session keeps its own value: a plain statement is evidence for its own
    session only, so it does not overrule another session (documented in docs/write.md)."""
    first, second, a, b = PLAIN[lang]
    say(graph, first, MemoryContext(user_id="u1", session_id="s1"))
    say(graph, second, MemoryContext(user_id="u1", session_id="s2"))
    (ra,), (rb,) = held(store, "u1", a), held(store, "u1", b)
    assert ra.predicate == rb.predicate == "lives_in"
    assert (ra.status, ra.scope.session_id, ra.scope.level.value) == (Status.ACTIVE, "s1", "session")
    assert (rb.status, rb.scope.session_id, rb.scope.level.value) == (Status.ACTIVE, "s2", "session")


def test_a_value_from_another_session_never_makes_the_correction_lose(store) -> None:
    """confidence_weighted would let a surer old value win; one this session cannot see is left alone instead."""
    s1 = MemoryContext(user_id="u1", session_id="s1")
    sure = MemoryRecord(text="User uses Vim", predicate="uses", object="Vim", scope=s1.scope("session"),
                        confidence=0.99)
    store.commit(add=[sure])
    fix = MemoryRecord(text="User uses Helix", predicate="uses", object="Helix", source="explicit_correction",
                       confidence=0.95, scope=MemoryContext(user_id="u1", session_id="s2").scope("user"))
    s2 = MemoryContext(user_id="u1", session_id="s2")
    node = ResolverNode(store, strategy="confidence_weighted")
    (p,) = node.run({"memory_pending": [PendingWrite(record=fix, replaces=["Vim"])]}, s2, fix.created_at)["memory_pending"]
    assert p.record.status is Status.ACTIVE and p.supersede == []
    (p,) = ResolverNode(store).run({"memory_pending": [PendingWrite(record=fix, replaces=["Vim"])]}, s2,
                                   fix.created_at)["memory_pending"]
    assert p.supersede == [sure.id]  # the default strategy: the correction wins
