"""Background writes (opt-in): the write stages run after the reply, off the turn's critical path.

`MemoryWriter(store, **write_options)` owns one worker thread. `submit(state, ctx)` queues a turn and
returns at once; the worker writes turns with the same six write nodes and decisions as the inline write
(`BatchWriter`), so the ledger, gate and resolver behave exactly alike. Guarantees:

- ordered per thread: turns of one conversation thread (its `thread_id`, else the session) are written in
  submission order, never two of them at the same time; different threads interleave freely;
- per-thread debounce: a thread's turns wait `debounce` seconds after its latest turn, then up to
  `coalesce` of them are written together (one embedding call for the lot);
- back-pressure: at most `max_pending` turns wait; `submit` blocks when full (`MemoryWriterFull` after
  `submit_timeout` seconds);
- `flush()` / `aflush()` wait until everything submitted is written (debounce skipped), and every writer is
  flushed at interpreter exit;
- a turn whose write fails is recorded (a content-free `write_error` ledger entry) and logged — never
  swallowed — and the next turns go on; a crash of the worker itself is logged and re-raised as
  `MemoryWriterCrashed` by every later `submit` / `flush`.

`writer.node()` is the graph node for `add_memory(..., background=writer)` (or `background=True`),
`MemoryMiddleware(store, writer=writer.node())` and `memory_hooks(store, writer=writer.node())`.

Example:
    >>> import tempfile
    >>> from langmem_nodes import MemoryContext, MemoryStore
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> writer = MemoryWriter(store)
    >>> writer.submit({"messages": [("user", "Remember that I prefer dark mode.")]}, MemoryContext(user_id="ada"))
    >>> writer.flush()
    >>> [r.object for r in store.find(["user/default/ada"])]
    ['dark mode']
    >>> writer.close(); store.close()
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import threading
import time
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from langchain_core.runnables import RunnableConfig

from .context import Clock, now_from
from .degrade import describe
from .node import MemoryNode
from .records import LedgerEntry, LedgerOp, Level, MemoryContext
from .write.batch import BatchWriter
from .write.turn_start import turn_writer

log = logging.getLogger("langmem_nodes")
WRITE_OUTPUTS_EMPTY: dict[str, list[Any]] = {"memory_written": [], "memory_skipped": [], "memory_superseded": []}


class MemoryWriterFull(RuntimeError):
    """`submit` waited `submit_timeout` seconds and the queue was still full."""


class MemoryWriterCrashed(RuntimeError):
    """The writer's worker thread died; the cause is chained. Turns still queued are in `pending()`."""


@dataclass
class _Turn:
    key: tuple[str, str, str]
    state: dict[str, Any]
    ctx: MemoryContext
    submitted: float = field(default_factory=time.monotonic)


class MemoryWriter:
    """A background writer over one store. See the module docstring for its guarantees.

    Args:
        store: the `MemoryStore` every decision is committed to.
        debounce: seconds a thread's turns wait after its latest one before they are written (default 0:
            turns coalesce only while the worker is busy).
        coalesce: most turns of one thread written together.
        max_pending: most turns waiting; `submit` blocks beyond it (back-pressure).
        submit_timeout: seconds `submit` may block (None: as long as it takes).
        exit_timeout: seconds the exit-time flush may take.
        clock / write_options: as for `create_write_graph` (`extractor`, `strategy`, `ttl`, thresholds).
    """

    def __init__(self, store: Any, *, debounce: float = 0.0, coalesce: int = 8, max_pending: int = 256,
                 submit_timeout: float | None = None, exit_timeout: float = 30.0, clock: Clock | None = None,
                 **write_options: Any) -> None:
        if not isinstance(debounce, int | float) or debounce < 0:
            raise ValueError(f"debounce must be a number of seconds ≥ 0, got {debounce!r}")
        for label, value in (("coalesce", coalesce), ("max_pending", max_pending)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{label} must be an integer ≥ 1, got {value!r}")
        self.store, self.debounce, self.coalesce, self.max_pending = store, float(debounce), coalesce, max_pending
        self.submit_timeout, self.exit_timeout, self.clock = submit_timeout, exit_timeout, clock
        self.batch = BatchWriter(store, clock=clock, **write_options)
        self.written = self.failed = 0
        self._cond = threading.Condition()
        self._queued: dict[tuple[str, str, str], list[_Turn]] = {}
        self._count = self._inflight = self._flushing = 0
        self._crash: BaseException | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._loop, name="langmem-memory-writer", daemon=True)
        self._thread.start()
        atexit.register(_flush_at_exit, weakref.ref(self))

    # -- the caller's side ---------------------------------------------------------------------
    def submit(self, state: Mapping[str, Any], ctx: MemoryContext, *, thread_id: str | None = None) -> None:
        """Queue one turn (`state` needs `messages`) for `ctx`; returns once it is queued."""
        if not isinstance(ctx, MemoryContext):
            raise TypeError(f"ctx must be a MemoryContext, got {type(ctx).__name__}")
        messages = state.get("messages") if isinstance(state, Mapping) else None
        if not messages or isinstance(messages, str):
            raise ValueError("submit: state['messages'] must be a non-empty list of messages")
        # the turn's start travels with it: a commit after an erasure of its user writes nothing (`turn_writer`)
        snapshot: dict[str, Any] = {"messages": list(messages),
                                    "memory_read_started": turn_writer(self.store, state, ctx).started}
        if state.get("memory_injected_ids"):
            snapshot["memory_injected_ids"] = list(state["memory_injected_ids"])
        turn = _Turn((ctx.org_id, ctx.user_id, str(thread_id or ctx.session_id or "")), snapshot, ctx)
        deadline = None if self.submit_timeout is None else time.monotonic() + self.submit_timeout
        with self._cond:
            while True:
                self._raise_if_crashed()
                if self._closed:
                    raise RuntimeError("MemoryWriter is closed")
                if self._count < self.max_pending:
                    break
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    raise MemoryWriterFull(f"{self._count} turns are waiting (max_pending={self.max_pending})")
                self._cond.wait(left)
            self._queued.setdefault(turn.key, []).append(turn)
            self._count += 1
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> None:
        """Wait until every submitted turn is written (debounce skipped). Raises `MemoryWriterCrashed` if
        the worker died, `TimeoutError` after `timeout` seconds."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            self._flushing += 1
            self._cond.notify_all()
            try:
                while self._count or self._inflight:
                    self._raise_if_crashed()
                    left = None if deadline is None else deadline - time.monotonic()
                    if left is not None and left <= 0:
                        raise TimeoutError(f"flush: {self._count + self._inflight} turns not written after {timeout}s")
                    self._cond.wait(left)
                self._raise_if_crashed()
            finally:
                self._flushing -= 1

    async def aflush(self, timeout: float | None = None) -> None:
        """`flush` for async code: polls without blocking the event loop; cancelling it cancels only the wait."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            self._flushing += 1
            self._cond.notify_all()
        try:
            while True:
                with self._cond:
                    self._raise_if_crashed()
                    if not (self._count or self._inflight):
                        return
                    left = self._count + self._inflight
                if deadline is not None and time.monotonic() >= deadline:
                    raise TimeoutError(f"aflush: {left} turns not written after {timeout}s")
                await asyncio.sleep(0.005)
        finally:
            with self._cond:
                self._flushing -= 1

    def pending(self) -> int:
        """Turns submitted and not yet written (queued or being written)."""
        with self._cond:
            return self._count + self._inflight

    def close(self, timeout: float | None = None) -> None:
        """Flush, then stop the worker. Idempotent."""
        try:
            if self._crash is None and not self._closed:
                self.flush(timeout)
        finally:
            with self._cond:
                self._closed = True
                self._cond.notify_all()
            if self._thread is not threading.current_thread():
                self._thread.join(timeout)

    def node(self, *, name: str = "memory_write") -> BackgroundWrite:
        """The graph node that submits the turn to this writer and returns at once."""
        return BackgroundWrite(self, name=name)

    def _raise_if_crashed(self) -> None:
        if self._crash is not None:
            raise MemoryWriterCrashed(f"the memory writer crashed ({type(self._crash).__name__}: {self._crash}); "
                                      f"{self._count} turn(s) were not written") from self._crash

    # -- the worker ----------------------------------------------------------------------------
    def _loop(self) -> None:
        try:
            while True:
                with self._cond:
                    key = self._next_ready()
                    while key is None:
                        if self._closed and not self._queued:
                            return
                        self._cond.wait(self._wait_time())
                        key = self._next_ready()
                    turns = self._queued[key]
                    chunk, rest = turns[: self.coalesce], turns[self.coalesce:]
                    if rest:
                        self._queued[key] = rest
                    else:
                        del self._queued[key]
                    self._count -= len(chunk)
                    self._inflight += len(chunk)
                    self._cond.notify_all()  # room for blocked submitters
                try:
                    self._write(chunk)
                finally:
                    with self._cond:
                        self._inflight -= len(chunk)
                        self._cond.notify_all()
        except BaseException as e:  # the worker itself failed: surface it to every later call
            with self._cond:
                self._crash = e
                self._cond.notify_all()
            log.error("memory writer crashed; %d queued turn(s) not written", self._count, exc_info=e)

    def _next_ready(self) -> tuple[str, str, str] | None:
        now, urgent = time.monotonic(), self._flushing > 0 or self._closed
        for key, turns in self._queued.items():
            if urgent or len(turns) >= self.coalesce or now - turns[-1].submitted >= self.debounce:
                return key
        return None

    def _wait_time(self) -> float | None:
        if not self._queued:
            return None
        now = time.monotonic()
        return max(0.001, min(self.debounce - (now - turns[-1].submitted) for turns in self._queued.values()))

    def _write(self, chunk: list[_Turn]) -> None:
        items = [{**t.state, "context": t.ctx} for t in chunk]

        def failed(i: int, e: Exception) -> None:
            self._record_failure(chunk[i], e)

        results = self.batch.write(items, on_error=failed)
        self.written += sum(1 for r in results if r)

    def _record_failure(self, turn: _Turn, e: Exception) -> None:
        self.failed += 1
        error = describe(e, incognito=turn.ctx.incognito)
        log.warning("memory background write failed for user %s: %s", turn.ctx.user_id, error)
        entry = LedgerEntry(op=LedgerOp.WRITE_ERROR, ts=now_from(self.clock), trigger="background_write",
                            partition=turn.ctx.scope(Level.USER).partition,
                            reason=f"background write failed, nothing stored from this turn ({error})")
        try:
            self.store.commit(ledger=[entry])
        except Exception:  # the store itself is failing: the log line above is the record
            log.exception("could not record the failed background write in the ledger")


def _flush_at_exit(ref: weakref.ref[MemoryWriter]) -> None:
    writer = ref()
    if writer is None or writer._closed or writer._crash is not None:
        return
    try:
        writer.close(writer.exit_timeout)
    except Exception:
        log.exception("memory writer: the flush at exit did not complete")


class BackgroundWrite(MemoryNode):
    """Graph node: hands the turn to a `MemoryWriter` and returns empty write outputs at once (the outcome
    lands in the store and ledger moments later). If the writer is full past its timeout or has crashed,
    the turn is written inline instead — slower, never lost — and the problem is logged."""

    name = "memory_write"

    def __init__(self, writer: MemoryWriter, *, name: str | None = None) -> None:
        if not isinstance(writer, MemoryWriter):
            raise TypeError(f"BackgroundWrite needs a MemoryWriter, got {type(writer).__name__}")
        super().__init__(clock=writer.clock, name=name)
        self.writer, self.store = writer, writer.store

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime | None,
            thread_id: str | None = None) -> dict[str, Any]:
        try:
            self.writer.submit(state, ctx, thread_id=thread_id)
        except (MemoryWriterFull, MemoryWriterCrashed) as e:
            log.error("memory writer unavailable (%s); writing this turn inline", e)
            try:
                self.writer.batch.write([{"messages": list(state.get("messages") or []), "context": ctx,
                                          "memory_read_started": turn_writer(self.store, state, ctx).started}])
            except Exception:
                log.exception("inline memory write failed for user %s; the turn goes on unstored", ctx.user_id)
        except ValueError:
            log.warning("nothing to write for user %s: the state has no messages", ctx.user_id)
        return dict(WRITE_OUTPUTS_EMPTY)

    def __call__(self, state: dict[str, Any], config: RunnableConfig, runtime: Any = None) -> dict[str, Any]:
        return self.run(state, self.scope(state, config, runtime), None, _thread_id(config))

    async def ainvoke(self, state: dict[str, Any], config: RunnableConfig, runtime: Any = None) -> dict[str, Any]:
        ctx = await self.ascope(state, config, runtime)  # in the caller's context: a missing scope raises here
        return await asyncio.to_thread(self.run, state, ctx, None, _thread_id(config))


def _thread_id(config: Mapping[str, Any] | None) -> str | None:
    configurable = (config or {}).get("configurable") or {}
    tid = configurable.get("thread_id") if isinstance(configurable, Mapping) else None
    return str(tid) if tid else None


__all__ = ["BackgroundWrite", "MemoryWriter", "MemoryWriterCrashed", "MemoryWriterFull"]
