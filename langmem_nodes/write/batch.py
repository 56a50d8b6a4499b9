"""`BatchWriter`: the write graph's six nodes over many turns at once (imports, backfills, replays).

Each turn goes through the same nodes, in the same order, with the same store, so it gets the same
decisions and ledger entries as `create_write_graph` would give it, and a turn sees what earlier turns of the
batch committed (a correction in turn 7 supersedes a preference from turn 3). What changes is the cost:
every extracted fact of the batch is embedded in ONE encoder call before the turns run (dedup and commit
then hit the embedder's cache), and the LangGraph runtime's per-node bookkeeping is skipped. Each turn still
commits in its own SQLite transaction, so a failure stops the batch with the earlier turns kept.

Example:
    >>> import tempfile
    >>> from langmem_nodes.records import MemoryContext
    >>> from langmem_nodes.store import MemoryStore
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> writer = BatchWriter(store)
    >>> out = writer.write([
    ...     {"messages": [("user", "Remember that I prefer dark mode.")], "context": MemoryContext(user_id="ada")},
    ...     {"messages": [("user", "记住：我喜欢喝乌龙茶。")], "context": {"user_id": "bo"}},
    ... ])
    >>> [[m["object"] for m in o["memory_written"]] for o in out]
    [['dark mode'], ['乌龙茶']]
    >>> store.close()
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any, Unpack

from langgraph.graph.message import add_messages

from ..context import MissingScopeError, now_from
from ..node import run_in_order
from ..records import MemoryContext, said_at
from .graph import WriteOptions, write_nodes

RESULT_KEYS = ("memory_written", "memory_skipped", "memory_superseded")


class BatchWriter:
    """Run the write nodes over a batch of turns. Arguments are those of `create_write_graph`.

    `write(items)` takes a sequence of `{"messages": [...], "context": MemoryContext | dict, "at"?: datetime |
    ISO string, "memory_read_started"?: epoch seconds}` (`at`: when the turn was said, for an archive or a
    backfill; default now; `memory_read_started`: when a queued turn started, so its commit after an erasure of
    its user writes nothing) and returns,
    per item, `{"memory_written", "memory_skipped", "memory_superseded"}` as the graph would. Every item is
    checked before anything is written: a missing or invalid context or messages → ValueError naming the
    item, and nothing is stored.
    """

    def __init__(self, store: Any, **graph_options: Unpack[WriteOptions]) -> None:
        self.store = store
        self.nodes = write_nodes(store, **graph_options)

    def write(self, items: Sequence[Mapping[str, Any]], *,
              on_error: Callable[[int, Exception], None] | None = None) -> list[dict[str, Any]]:
        """`on_error(index, exc)`: report a failing item and go on with the next ones (its result is `{}`);
        without it the first failure stops the batch (earlier items stay committed)."""
        if isinstance(items, Mapping | str | bytes):  # one item, or text: iterating it would blame its keys or letters
            kind = "a dict" if isinstance(items, Mapping) else type(items).__name__
            raise TypeError(f"BatchWriter.write takes a list of items ({{'messages': [...], 'context': ...}} each), got "
                            f"{kind}" + (": pass one item as write([item])" if isinstance(items, Mapping) else ""))
        prepared = [_prepare(i, item) for i, item in enumerate(items)]
        extract, rest = self.nodes[0], self.nodes[1:]
        runs = []
        for state, ctx, at in prepared:
            state.update(extract.run(state, ctx, at or now_from(extract.clock)))
            runs.append((state, ctx, at))
        texts = [p.record.text for state, _, _ in runs for p in state.get("memory_pending") or []
                 if p.action == "write"]
        if texts:  # one encoder call for the whole batch; dedup and commit then hit the cache
            self.store.embedder.embed(list(dict.fromkeys(texts)))
        out: list[dict[str, Any]] = []
        for i, (state, ctx, at) in enumerate(runs):
            try:
                state.update(run_in_order(rest, state, ctx, at))
            except Exception as exc:
                if on_error is None:
                    exc.add_note(f"BatchWriter: item {i} failed; items 0..{i - 1} were committed")
                    raise
                on_error(i, exc)
                out.append({})
                continue
            out.append({k: state.get(k) or [] for k in RESULT_KEYS})
        return out

    async def awrite(self, items: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """`write` in a worker thread (the store is synchronous SQLite)."""
        return await asyncio.to_thread(self.write, items)


def _prepare(index: int, item: Any) -> tuple[dict[str, Any], MemoryContext, datetime | None]:
    if not isinstance(item, Mapping):
        raise ValueError(f"batch item {index}: expected a dict with 'messages' and 'context', got {type(item).__name__}")
    messages, raw = item.get("messages"), item.get("context")
    if not messages or isinstance(messages, str) or not isinstance(messages, Sequence):
        raise ValueError(f"batch item {index}: 'messages' must be a non-empty list of messages")
    if isinstance(raw, MemoryContext):
        ctx = raw
    elif isinstance(raw, Mapping):
        try:
            ctx = MemoryContext(**raw)
        except (ValueError, TypeError) as exc:  # pydantic's ValidationError, or MissingScopeError without user_id
            raise ValueError(f"batch item {index}: invalid context: {exc}") from exc
    elif raw is None:
        raise MissingScopeError(f"batch item {index}: no 'context' (a MemoryContext or a dict with user_id)")
    else:
        raise MissingScopeError(f"batch item {index}: 'context' must be a MemoryContext or a dict with user_id, "
                                f"got {type(raw).__name__}")
    try:
        coerced = add_messages([], list(messages))
    except Exception as exc:  # noqa: BLE001 - langchain raises several types for malformed messages
        raise ValueError(f"batch item {index}: invalid messages: {exc}") from exc
    state: dict[str, Any] = {"messages": coerced}
    if item.get("memory_injected_ids"):  # lineage: a restatement of an injected memory is not new evidence
        state["memory_injected_ids"] = list(item["memory_injected_ids"])
    started = item.get("memory_read_started")  # the turn's start (a queued turn's): its commit checks erasures from it
    if isinstance(started, int | float) and not isinstance(started, bool):
        state["memory_read_started"] = float(started)
    return state, ctx, said_at(item.get("at"), f"batch item {index}")
