"""A read graph over a default-embedder home holding one user's memories (one text each, ten days apart), for
the abstain tests that ask it questions."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from langmem_nodes.read import create_read_graph
from langmem_nodes.records import MemoryRecord, Scope


def read_graph_over(home: Path, texts: Sequence[str], now: datetime, user: str = "ada") -> Iterator[Any]:
    """Yield the compiled read graph; memory `m{i}` is `texts[i]`, explicit, made `10 * i` days before `now`."""
    from langmem_nodes.store import MemoryStore

    with MemoryStore(home) as store:
        assert store.embedder.name == "minilm+e5"
        store.commit(add=[MemoryRecord(id=f"m{i}", text=t, scope=Scope(user_id=user), source="explicit",
                                       confidence=0.9, created_at=now - timedelta(days=10 * i))
                          for i, t in enumerate(texts)])
        yield create_read_graph(store, clock=lambda: now).compile()


def selected(graph: Any, text: str, user: str = "ada") -> list[MemoryRecord]:
    """The records the read graph injects for `text` said by `user`."""
    from langmem_nodes.records import MemoryContext

    out = graph.invoke({"messages": [("user", text)]}, context=MemoryContext(user_id=user))
    return [h.record for h in out["memory_selected"]]


def selected_numbers(graph: Any, text: str, user: str = "ada") -> set[int]:
    """The numbers i of the memories `m{i}` injected for `text`."""
    return {int(r.id[1:]) for r in selected(graph, text, user)}


def selected_texts(graph: Any, text: str, user: str = "ada") -> set[str]:
    """The texts of the memories injected for `text`."""
    return {r.text for r in selected(graph, text, user)}
