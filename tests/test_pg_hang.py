"""PostgreSQL stops answering without closing its connections (every server process SIGSTOPped: the kernel
still acknowledges packets, nothing replies, as with a hung server or a silent partition). A turn still ends,
with `memory_recall_error` / `memory_write_error`, instead of waiting until the server answers again; once
the server continues (SIGCONT) the store reconnects and every memory is intact. Timings: `python -m evals
pg_outage --hang 30` (store/pg_timeouts.py)."""

from __future__ import annotations

import threading

import pytest
from test_pg_outage import _graph, _recalled, _turn, _until_recovered

from langmem_nodes.store import MemoryStore

HUNG_TURN_LIMIT = 60.0  # far above the bound (2 s reply + 2 s probe here): only a turn that waits for the thaw fails


@pytest.fixture(scope="module")
def cluster():
    """A cluster of its own: these tests freeze the server."""
    from langmem_nodes.store.pgcluster import LocalPostgres, PostgresUnavailable

    try:
        pg = LocalPostgres().start()
    except PostgresUnavailable as exc:
        pytest.skip(f"PostgreSQL cases skipped: {exc}")
    yield pg
    pg.stop()


def _bounded_turn(graph, cluster, text: str) -> dict:
    """`_turn` in a thread; if it is still waiting after HUNG_TURN_LIMIT s the server is thawed (so the test
    ends) and the test fails."""
    out: list[dict] = []
    worker = threading.Thread(target=lambda: out.append(_turn(graph, text)), daemon=True)
    worker.start()
    worker.join(HUNG_TURN_LIMIT)
    if worker.is_alive():
        cluster.thaw()
        worker.join()
        pytest.fail(f"the turn {text!r} waited for the frozen server")
    return out[0]


@pytest.mark.parametrize(("stored", "question", "needle", "moved", "where", "city"), [
    ("Remember that I'm allergic to kiwi.", "What am I allergic to?", "kiwi",
     "Remember that I live in Quito.", "Where do I live?", "Quito"),
    ("记住：我对猕猴桃过敏。", "我对什么过敏？", "猕猴桃", "记住：我住在杭州。", "我住在哪里？", "杭州"),
], ids=["en", "zh"])
def test_turns_end_while_the_server_is_frozen_and_memory_is_intact_after(
        cluster, tmp_path, monkeypatch, stored, question, needle, moved, where, city) -> None:
    monkeypatch.setenv("LANGMEM_PG_STATEMENT_TIMEOUT", "1")
    store = MemoryStore(tmp_path / "home", embedder="hashing",
                        database_url=cluster.new_schema() + "&connect_timeout=2")
    try:
        graph = _graph(store)
        assert _turn(graph, stored)["memory_written"]
        assert needle in _recalled(_turn(graph, question))
        cluster.freeze()
        try:
            for text in (question, moved):
                out = _bounded_turn(graph, cluster, text)
                assert out["messages"][-1].content == "Here is my answer."
                assert out["memory_recall_error"]["stage"] == "recall"
                assert out["memory_write_error"]["stage"] == "write"
                assert "unreachable" in out["memory_recall_error"]["error"]
                assert out["memory_written"] == [] and out["memory_injection"] == ""
        finally:
            cluster.thaw()
        assert needle in _recalled(_until_recovered(graph, question))  # stored before the freeze: intact
        out = _until_recovered(graph, moved)
        assert not out.get("memory_write_error") and out["memory_written"]
        assert city in _recalled(_turn(graph, where))
    finally:
        store.close()


def test_default_bounds_reach_the_server_and_the_url_overrides_them(cluster, tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("LANGMEM_PG_STATEMENT_TIMEOUT", raising=False)
    url = cluster.new_schema()
    with MemoryStore(tmp_path / "a", embedder="hashing", database_url=url) as store:
        assert store._canonical._rows("SHOW statement_timeout") == [("5s",)]
        assert store._canonical._rows("SELECT current_schema()")[0][0] in url  # the URL's own options kept
    with MemoryStore(tmp_path / "b", embedder="hashing", database_url=url + "%20-cstatement_timeout%3D7000") as store:
        assert store._canonical._rows("SHOW statement_timeout") == [("7s",)]
    monkeypatch.setenv("LANGMEM_PG_STATEMENT_TIMEOUT", "0")
    with MemoryStore(tmp_path / "c", embedder="hashing", database_url=url) as store:
        assert store._canonical._rows("SHOW statement_timeout") == [("0",)]
