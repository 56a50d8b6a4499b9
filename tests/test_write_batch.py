"""BatchWriter: the write nodes over many turns — same decisions as the graph, one encoder call, bad input
refused before anything is stored."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes.context import MissingScopeError
from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.records import MemoryContext
from langmem_nodes.store import MemoryStore
from langmem_nodes.write.batch import BatchWriter
from langmem_nodes.write.graph import create_write_graph

TURNS = [
    ("ada", "s1", "Remember that I prefer tabs for indentation."),
    ("bo", "s1", "记住：我喜欢喝乌龙茶。"),
    ("ada", "s1", "I live in Lisbon."),
    ("ada", "s2", "Actually, I prefer spaces for indentation, not tabs."),
    ("bo", "s2", "更正：我不喜欢乌龙茶了，我喜欢喝红茶。"),
    ("ada", "s3", "Remember that I prefer spaces for indentation."),
]


class Counting(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.calls: list[list[str]] = []

    def _encode(self, texts):
        self.calls.append(list(texts))
        return super()._encode(texts)


class Clock:
    def __init__(self) -> None:
        self.t = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.t += timedelta(minutes=1)
        return self.t


def _items():
    return [{"messages": [("user", text)], "context": MemoryContext(user_id=u, session_id=s)} for u, s, text in TURNS]


def _decisions(store):
    return sorted((r.scope.partition, r.predicate, r.object, r.status.value) for r in store.find(None, statuses=None))


def test_batch_makes_the_graphs_decisions(tmp_path):
    graph_store = MemoryStore(tmp_path / "g", embedder=HashingEmbedder())
    graph = create_write_graph(graph_store, clock=Clock()).compile()
    graph_out = [graph.invoke({"messages": it["messages"]}, context=it["context"]) for it in _items()]
    batch_store = MemoryStore(tmp_path / "b", embedder=HashingEmbedder())
    batch_out = BatchWriter(batch_store, clock=Clock()).write(_items())

    def shape(outs):
        return [([(m["predicate"], m["object"]) for m in o["memory_written"]],
                 [s["action"] for s in o["memory_skipped"]], len(o["memory_superseded"])) for o in outs]

    assert shape(batch_out) == shape(graph_out)
    assert _decisions(batch_store) == _decisions(graph_store)
    # later turns saw earlier ones: both corrections superseded what the batch itself wrote before
    assert batch_out[3]["memory_superseded"] and batch_out[4]["memory_superseded"]
    assert [s["action"] for s in batch_out[5]["memory_skipped"]] in (["skip_duplicate"], ["merge"])
    ops = [e.op.value for e in batch_store.history(batch_out[3]["memory_superseded"][0])]
    assert "supersede" in ops
    graph_store.close()
    batch_store.close()


def test_one_encoder_call_for_the_whole_batch(tmp_path):
    emb = Counting()
    store = MemoryStore(tmp_path, embedder=emb)
    out = BatchWriter(store).write(_items())
    written = [m["text"] for o in out for m in o["memory_written"]]
    assert written and len(emb.calls) == 1 and set(written) <= set(emb.calls[0])
    store.close()


@pytest.mark.parametrize("bad, match", [
    ({"messages": [("user", "I live in Oslo.")]}, "no 'context'"),
    ({"messages": [("user", "I live in Oslo.")], "context": {"project_id": "p"}}, "invalid context"),
    ({"messages": "I live in Oslo.", "context": {"user_id": "ada"}}, "non-empty list"),
    ({"messages": [], "context": {"user_id": "ada"}}, "non-empty list"),
    ("I live in Oslo.", "expected a dict"),
])
def test_bad_items_are_refused_before_anything_is_stored(tmp_path, bad, match):
    store = MemoryStore(tmp_path, embedder=HashingEmbedder())
    good = {"messages": [("user", "Remember that I prefer dark mode.")], "context": {"user_id": "ada"}}
    with pytest.raises((ValueError, MissingScopeError), match=match):
        BatchWriter(store).write([good, bad])
    assert store.count() == 0 and store.history("%") == []
    assert store.ledger_count() == 0
    store.close()


def test_awrite_runs_the_same_path(tmp_path):
    store = MemoryStore(tmp_path, embedder=HashingEmbedder())
    out = asyncio.run(BatchWriter(store).awrite(_items()[:2]))
    assert [m["object"] for m in out[0]["memory_written"]] == ["tabs for indentation"]
    store.close()


def test_an_item_said_at_a_past_time_is_dated_then(tmp_path):
    """newcomer19 M5: every record of an archive replayed through BatchWriter was dated now ("today")."""
    with MemoryStore(tmp_path / "h", embedder="hashing") as store:
        out = BatchWriter(store).write([
            {"messages": [("user", "I live in Haarlem.")], "context": {"user_id": "ada"}, "at": "2026-01-10T09:00:00+00:00"},
            {"messages": [("user", "我对花生过敏。")], "context": {"user_id": "ada"}, "at": datetime(2026, 3, 2, tzinfo=UTC)},
            {"messages": [("user", "I use Vim.")], "context": {"user_id": "ada"}},
        ])
        dates = [store.get(o["memory_written"][0]["id"]).created_at.date().isoformat() for o in out]
    assert dates[:2] == ["2026-01-10", "2026-03-02"] and dates[2] > "2026-03-02"


@pytest.mark.parametrize(("at", "problem"), [("2099-01-01T00:00:00Z", "is in the future"), ("last tuesday", "ISO date-time"),
                                             (12, "a datetime or an ISO date-time")])
def test_a_bad_at_names_the_item_and_stores_nothing(tmp_path, at, problem):
    with MemoryStore(tmp_path / "h", embedder="hashing") as store:
        with pytest.raises(ValueError, match=f"batch item 1: 'at'.*{problem}"):
            BatchWriter(store).write([{"messages": [("user", "I use Vim.")], "context": {"user_id": "ada"}},
                                      {"messages": [("user", "I use Emacs.")], "context": {"user_id": "ada"}, "at": at}])
        assert store.count() == 0
