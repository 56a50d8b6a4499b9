"""The ledger names why a project fact said once went to the project level (newcomer18 L4: it said
"recurrence" for a fact said once, in a run with a project and no session)."""

from __future__ import annotations

from langmem_nodes import MemoryContext, MemoryStore, create_write_graph


def test_a_project_fact_said_once_is_not_called_a_recurrence(tmp_path):
    with MemoryStore(tmp_path / "home", embedder="hashing") as store:
        out = create_write_graph(store).compile().invoke(
            {"messages": [("user", "We deploy with Kubernetes.")]}, context=MemoryContext(user_id="ada", project_id="shop"))
        assert [w["scope"]["level"] for w in out["memory_written"]] == ["project"]
    notes = str(out)  # the pending writes' traces: "promote: stored at project level (<trigger>)"
    assert "(recurrence)" not in notes and "stored at project level (project fact without a session)" in notes
