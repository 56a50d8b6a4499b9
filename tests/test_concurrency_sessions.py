"""One value at a time as every session sees it, under concurrent writers in different partitions.

`test_concurrency_invariants.py` covers writers of one partition. Here the rival values land in different
partitions of one user: a plain "I live in Boston" stays in session s1, an outright "I moved to Seattle" said
in s2 goes to the user level (docs/write.md). Written one after the other, the outright value supersedes
s1's, or s1's later plain value is stored for history only. Written concurrently, each writer planned
without seeing the other, and s1 saw both values active. The commit re-checks every partition its
decision read, inside the write transaction, and decides again when another writer got there first.
"""

from __future__ import annotations

import threading
from collections import defaultdict

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.facts import is_exclusive
from langmem_nodes.node import run_in_order
from langmem_nodes.records import LedgerOp, MemoryContext, Status, normalize_text
from langmem_nodes.write.graph import create_write_graph, write_nodes


@pytest.fixture
def store(backend_store):
    return backend_store


S1, S2 = MemoryContext(user_id="u", session_id="s1"), MemoryContext(user_id="u", session_id="s2")
NO_SESSION = MemoryContext(user_id="u")


def _planned(store, text: str, ctx: MemoryContext) -> tuple[dict, MemoryContext]:
    return run_in_order(write_nodes(store)[:-1], {"messages": [HumanMessage(content=text)]}, ctx), ctx


def _commit(store, planned: tuple[dict, MemoryContext]) -> dict:
    state, ctx = planned
    return run_in_order(write_nodes(store)[-1:], state, ctx)


def _seen_values(store, ctx: MemoryContext) -> dict[tuple[str, str], set[tuple[str, str]]]:
    """Active values per one-value attribute, as a request in `ctx` reads them (every visible partition)."""
    held: dict[tuple[str, str], set[tuple[str, str]]] = defaultdict(set)
    for r in store.find(ctx.visible_partitions()):
        if is_exclusive(r.predicate) and r.status is Status.ACTIVE:
            held[(r.subject, r.predicate)].add((normalize_text(r.object), r.polarity.value))
    return held


def _doubled(store, contexts) -> dict:
    return {(ctx.session_id, key): sorted(vals) for ctx in contexts
            for key, vals in _seen_values(store, ctx).items() if len(vals) > 1}


RACES = [  # (plain value in s1, outright value in s2, the outright value)
    ("I live in Boston.", "I moved to Seattle.", "Seattle"),
    ("我住在上海。", "我搬到北京了。", "北京"),
]


@pytest.mark.parametrize("plain, outright, value", RACES)
def test_an_outright_value_committed_after_a_plain_one_in_another_session_supersedes_it(store, plain, outright, value):
    a, b = _planned(store, plain, S1), _planned(store, outright, S2)  # neither sees the other
    _commit(store, a)
    out = _commit(store, b)  # finds s1's value in the commit transaction, decides again
    assert _doubled(store, (S1, S2, NO_SESSION)) == {}
    assert [r.object for r in store.find(S1.visible_partitions()) if r.predicate == "lives_in"] == [value]
    loser = next(r for r in store.find(None, statuses=None) if r.predicate == "lives_in" and r.object != value)
    assert loser.status is Status.SUPERSEDED and out["memory_superseded"] == [loser.id]
    assert LedgerOp.SUPERSEDE in [e.op for e in store.history(loser.id)]


@pytest.mark.parametrize("plain, outright, value", RACES)
def test_a_plain_value_committed_after_an_outright_one_is_kept_for_history_only(store, plain, outright, value):
    a, b = _planned(store, outright, S2), _planned(store, plain, S1)
    _commit(store, a)
    out = _commit(store, b)  # the outright value outranks it (facts.AUTHORITY): stored, not active
    assert _doubled(store, (S1, S2, NO_SESSION)) == {}
    assert [r.object for r in store.find(S1.visible_partitions()) if r.predicate == "lives_in"] == [value]
    assert [s["action"] for s in out["memory_skipped"]] == ["not_active"]
    held = next(r for r in store.find(None, statuses=None) if r.predicate == "lives_in" and r.object != value)
    assert held.status is Status.SUPERSEDED


@pytest.mark.parametrize("texts", [
    ["I live in Boston.", "I live in Seattle.", "I moved to Boston.", "I moved to Seattle.",
     "Remember that I live in Denver.", "I live in Denver now."],
    ["我住在上海。", "我住在北京。", "我搬到上海了。", "我搬到北京了。", "记住我住在深圳。", "我现在住在深圳。"],
], ids=["en", "zh"])
def test_threads_in_several_sessions_leave_one_value_per_session(store, texts):
    """Real threads, one store, one user: alternating plain and outright values in s1, s2 and with no session."""
    graph = create_write_graph(store).compile()
    contexts = (S1, S2, NO_SESSION)
    barrier, errors, gave_up = threading.Barrier(6), [], []

    def writer(k: int) -> None:
        barrier.wait()
        for i in range(8):
            ctx = contexts[(k + i) % len(contexts)]
            try:
                out = graph.invoke({"messages": [("user", texts[(k * 3 + i) % len(texts)])]}, context=ctx)
            except Exception as exc:  # noqa: BLE001 - an escaped exception fails the test below
                errors.append(repr(exc))
                continue
            gave_up.extend(s for s in out["memory_skipped"] if s["action"] == "conflict")

    done, doubled = threading.Event(), []

    def reader() -> None:  # every committed state holds the invariant, not only the last one
        while not done.is_set():
            doubled.extend(d for ctx in contexts if (d := _doubled(store, (ctx,))))

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(6)]
    watcher = threading.Thread(target=reader)
    for t in [*threads, watcher]:
        t.start()
    for t in threads:
        t.join()
    done.set()
    watcher.join()
    assert errors == [] and gave_up == []
    assert doubled == [] and _doubled(store, contexts) == {}
