"""A home of plain memories, and which of them a query's recall counts relevant when no dense score can clear
the floor (only standing conditions and shared words can): shared by the abstain tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path

from langmem_nodes.read import QueryNode, RecallNode
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.store import MemoryStore


@contextmanager
def relevant_by_standing(home_dir: Path, texts: Sequence[str], ctx: MemoryContext,
                         now: datetime) -> Iterator[Callable[[str], set[str]]]:
    """`run(query)` → the texts of `texts` the recall marks relevant for `query` (hashing vectors, dense floor
    0.99: no hashing vector clears it)."""
    with MemoryStore(home_dir, embedder="hashing") as store:
        store.commit(add=[MemoryRecord(id=f"m{i}", text=t, scope=Scope(user_id=ctx.user_id), source="explicit",
                                       confidence=0.9, created_at=now - timedelta(days=i)) for i, t in enumerate(texts)])

        def run(text: str) -> set[str]:
            node = RecallNode(store, dense_floor=0.99)
            query = QueryNode().run({"messages": [("user", text)]}, ctx, now)["memory_query"]
            hits = node.run({"memory_query": query}, ctx, now)["memory_hits"]
            return {texts[int(h.record.id[1:])] for h in hits if h.breakdown["relevant"]}

        yield run
