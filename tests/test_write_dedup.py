"""Three-layer dedup: exact hash, fact key, semantic with the fact-count guard; merges count sessions."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.state import PendingWrite
from langmem_nodes.write import DedupNode, create_write_graph
from langmem_nodes.write.dedup import cluster, same_fact

NOW = datetime(2026, 3, 1, tzinfo=UTC)


def ctx(session: str) -> MemoryContext:
    return MemoryContext(user_id="u1", project_id="p1", session_id=session)


def say(graph, text: str, session: str) -> dict:
    return graph.invoke({"messages": [HumanMessage(content=text)]}, context=ctx(session))


def test_cluster_greedy_labels_and_bad_input() -> None:
    rng = np.random.default_rng(0)
    base = rng.normal(size=(5, 32))
    base /= np.linalg.norm(base, axis=1, keepdims=True)
    noisy = base + 0.05 * rng.normal(size=base.shape)
    noisy /= np.linalg.norm(noisy, axis=1, keepdims=True)
    labels = cluster(np.vstack([base, noisy]), 0.9)
    assert labels[:5] == [0, 1, 2, 3, 4] and labels[5:] == labels[:5]
    assert len(set(cluster(np.vstack([base, noisy]), 0.9999))) == 10  # a strict threshold merges nothing
    with pytest.raises(ValueError, match="2-D"):
        cluster(np.ones(3), 0.9)
    with pytest.raises(ValueError, match="threshold"):
        cluster(base, 1.5)


def test_exact_duplicate_in_same_session_is_skipped(store) -> None:
    g = create_write_graph(store).compile()
    say(g, "I prefer dark mode.", "s1")
    out = say(g, "i prefer DARK mode!", "s1")
    assert out["memory_written"] == [] and out["memory_skipped"][0]["action"] == "skip_duplicate"
    assert len(store.find(None)) == 1


def test_key_duplicate_across_phrasings_and_languages_of_the_same_fact(store) -> None:
    g = create_write_graph(store).compile()
    say(g, "I love dark mode.", "s1")
    out = say(g, "I really like dark mode.", "s1")
    assert out["memory_skipped"][0]["action"] == "skip_duplicate"
    say(g, "我喜欢 dark mode。", "s1")  # different text, same (subject, predicate, object, polarity)
    assert len(store.find(None)) == 1


def test_merge_in_new_session_increments_recurrence_not_rows(store) -> None:
    g = create_write_graph(store, user_sessions=3, project_sessions=3).compile()
    (w,) = say(g, "我喜欢喝乌龙茶。", "s1")["memory_written"]
    out = say(g, "我喜欢喝乌龙茶。", "s2")
    assert out["memory_written"] == [] and out["memory_skipped"][0]["action"] == "merge"
    assert [r.id for r in store.find(None, statuses=None)] == [w["id"]]
    origin = store.get(w["id"])
    assert origin.recurrence == 2 and origin.sessions_seen == ["s1", "s2"] and origin.version == 2
    say(g, "我喜欢喝乌龙茶。", "s2")  # the same session again: a duplicate, not new evidence
    assert store.get(w["id"]).recurrence == 2
    ops = [e.op.value for e in store.history(w["id"])]
    assert ops == ["write", "merge", "skip_duplicate"]


def _rec(text: str, predicate: str, obj: str, polarity: str = "positive") -> MemoryRecord:
    return MemoryRecord(text=text, predicate=predicate, object=obj, polarity=polarity, scope=Scope(user_id="u1"))


def test_fact_guard_keeps_similar_but_different_facts_apart() -> None:
    work = _rec("用户在北京工作", "works_in", "北京")
    trip = _rec("用户上个月在北京出差", "states", "上个月在北京出差")
    assert not same_fact(work, trip)
    assert not same_fact(_rec("User likes tea", "prefers", "tea"), _rec("User does not like tea", "prefers", "tea", "negative"))
    assert same_fact(_rec("User likes dark themes", "prefers", "dark themes"), _rec("User likes the dark theme", "prefers", "dark theme"))


def test_semantic_layer_merges_near_duplicates_but_guard_wins(store) -> None:
    node = DedupNode(store, threshold=0.5)
    old = _rec("User likes dark themes in editors", "prefers", "dark themes in editors")
    other = _rec("User works in Beijing", "works_in", "Beijing")
    store.commit(add=[old, other])
    near = PendingWrite(record=_rec("User likes dark theme in editors", "prefers", "dark theme in editors"))
    trip = PendingWrite(record=_rec("User travelled to Beijing last month", "states", "travelled to Beijing last month"))
    out = node.run({"memory_pending": [near, trip]}, MemoryContext(user_id="u1"), NOW)["memory_pending"]
    assert out[0].merge_into == old.id and "semantic" in out[0].reason
    assert out[1].action == "write" and out[1].merge_into is None
    with pytest.raises(ValueError):
        DedupNode(store, threshold=0)


def test_dedup_never_crosses_users(store) -> None:
    g = create_write_graph(store).compile()
    say(g, "Remember that I prefer Rust.", "s1")
    out = g.invoke({"messages": [HumanMessage(content="Remember that I prefer Rust.")]},
                   context=MemoryContext(user_id="u2", session_id="x"))
    assert len(out["memory_written"]) == 1


@pytest.mark.parametrize(("a", "b", "same"), [
    (("prefers", "dark mode for my editor"), ("prefers", "dark mode in the editor"), True),
    (("prefers", "dark mode"), ("prefers", "light mode"), False),
    (("test_command", "make test"), ("test_command", "just test"), False),
    (("works_in", "北京"), ("works_in", "北京"), True),
    (("prefers", "表格形式的回答"), ("prefers", "表格形式回答"), True),
    (("prefers", "表格"), ("prefers", "列表"), False),
])
def test_fact_guard_table(a, b, same) -> None:
    assert same_fact(_rec("x", *a), _rec("y", *b)) is same


def test_semantic_dedup_with_the_packaged_minilm(minilm_store) -> None:
    """Integration: real MiniLM vectors; a paraphrase merges, a different value in the same frame does not."""
    g = create_write_graph(minilm_store, dedup_threshold=0.8).compile()
    say(g, "I prefer dark mode for my editor.", "s1")
    out = say(g, "I prefer dark mode in the editor.", "s2")
    assert out["memory_skipped"][0]["action"] == "merge" and "semantic" in out["memory_skipped"][0]["reason"]
    (promoted,) = out["memory_written"]  # the merge made it a second session: promoted to the user level
    assert promoted["object"] == "dark mode for my editor" and promoted["recurrence"] == 2
    out = say(g, "I prefer light mode for my terminal.", "s2")
    assert len(out["memory_written"]) == 1


@pytest.mark.parametrize("project", [None, "p1"])
@pytest.mark.parametrize("text,query", [("I use Vim", "Vim"), ("我用 Vim 写代码", "Vim")])
def test_a_sessionless_restatement_of_an_invisible_session_memory_is_not_lost(store, text, query, project) -> None:
    """A fact held only in session s1, restated with no session: not a `skip_duplicate` of a memory the
    caller cannot see, but a recurrence that promotes it to the user level (where session-less writes live)."""
    from langmem_nodes.governance import MemoryAdmin

    g = create_write_graph(store).compile()
    s1, nos = (MemoryContext(user_id="u1", project_id=project, session_id="s1"),
               MemoryContext(user_id="u1", project_id=project))
    first = g.invoke({"messages": [HumanMessage(content=text)]}, context=s1)
    assert [w["scope"]["level"] for w in first["memory_written"]] == ["session"]
    again = g.invoke({"messages": [HumanMessage(content=text)]}, context=nos)
    assert not any(s["action"] == "skip_duplicate" for s in again["memory_skipped"]), again["memory_skipped"]
    visible = [m for m in MemoryAdmin(store).list(nos) if query in m["text"]]
    assert [m["scope"]["level"] for m in visible] == ["user"]
    assert len([m for m in MemoryAdmin(store).list(s1) if query in m["text"]]) == 1  # one row, not two
    # a restatement with no session once it is visible there is an ordinary duplicate
    third = g.invoke({"messages": [HumanMessage(content=text)]}, context=nos)
    assert [s["action"] for s in third["memory_skipped"]] == ["skip_duplicate"]
