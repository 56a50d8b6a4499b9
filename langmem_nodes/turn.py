"""One memory turn as two graph nodes: recall before the model, write after the final answer.

`RecallTurn` runs the seven read stages inside one node and `WriteTurn` the six write stages inside another.
Each returns only what a user's graph needs (`RECALL_OUTPUTS`, `WRITE_OUTPUTS`: strings, lists of ids and
JSON dicts), so the intermediate data (the query, scored hits, pending writes with their traces) never enters
graph state or a checkpoint. `add_memory`, `MemoryMiddleware` (for `create_agent`) and `memory_hooks` (for
`create_react_agent`) are built from them.

Example:
    >>> import tempfile
    >>> from langchain_core.messages import HumanMessage
    >>> from langmem_nodes.records import MemoryContext
    >>> from langmem_nodes.store import MemoryStore
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> ctx = MemoryContext(user_id="ada")
    >>> state = {"messages": [HumanMessage("Remember that I prefer green tea.")]}
    >>> [r["object"] for r in WriteTurn(store).run(state, ctx, None)["memory_written"]]
    ['green tea']
    >>> out = RecallTurn(store).run({"messages": [HumanMessage("Which tea should I buy?")]}, ctx, None)
    >>> sorted(out)
    ['memory_injected_ids', 'memory_injection', 'memory_recall_error', 'memory_recall_id', 'memory_select_error', 'memory_shown_ids', 'memory_stable', 'memory_turn']
    >>> "green tea" in out["memory_stable"]
    True
    >>> store.close()
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Unpack

from .context import Clock, MemoryUsageError, StoreClosedError, now_from, store_in_use
from .messages import latest_user_turn
from .node import MemoryNode, arun_in_order, run_in_order
from .records import MemoryContext
from .unwritten import unwritten_turn

if TYPE_CHECKING:
    from .read.graph import ReadOptions
    from .write.graph import WriteOptions

log = logging.getLogger(__name__)

RECALL_OUTPUTS = ("memory_stable", "memory_injection", "memory_injected_ids", "memory_shown_ids", "memory_select_error")
WRITE_OUTPUTS = ("memory_written", "memory_skipped", "memory_superseded", "memory_extract_error")


class RecallTurn(MemoryNode):
    """The read graph's seven stages as one node that returns only `RECALL_OUTPUTS` and `memory_turn`.

    Args:
        store: the `MemoryStore` to recall from.
        clock: "now" for every stage (tests, evals); default the wall clock.
        record_usage: append the turn's content-free `inject` event (ids, sizes, latency) to the usage
            ledger (`langmem_nodes.usage`), which `MemoryAdmin.metrics` reads; its id is `memory_recall_id`.
        write_follows: a `WriteTurn` on the same store writes this turn later (`add_memory`, `MemoryTurn`
            set it): `MemoryStore.close()` then waits for that write too.
        read_options: `selector`, `query`, `recall`, `rerank`, `conflicts`, `select`, `freshness`, `render`
            (`ReadOptions`) — as for `create_read_graph`.
    """

    name = "memory_recall"

    def __init__(self, store: Any, *, name: str | None = None, record_usage: bool = True, write_follows: bool = False,
                 **read_options: Unpack[ReadOptions]) -> None:
        from .read.graph import read_stages  # the read package imports every stage: load it on first use

        super().__init__(clock=read_options.get("clock"), name=name)
        self.store, self.record_usage, self.write_follows = store, record_usage, write_follows
        self.stages = read_stages(store, **read_options)

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime | None) -> dict[str, Any]:
        try:
            return self._stamped(state, self._run(state, ctx, now))
        except BaseException:  # the run ends here (a closed store, a cancel): its write will not come
            self._end_turn(state, ctx)
            raise

    async def arun(self, state: dict[str, Any], ctx: MemoryContext, now: datetime | None) -> dict[str, Any]:
        try:
            return self._stamped(state, await self._arun(state, ctx, now))
        except BaseException:
            self._end_turn(state, ctx)
            raise

    def _stamped(self, state: Mapping[str, Any], out: dict[str, Any]) -> dict[str, Any]:
        """`out` marked "nothing written yet" on a thread's first recall when `WriteTurn` follows, so a first
        turn that fails before its write is written by the next one (`unwritten_turn`)."""
        return {**out, **_first_of_thread(state)} if out and self.write_follows else out

    def _run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime | None) -> dict[str, Any]:
        started = time.perf_counter()
        with store_in_use(self.store):  # close() waits for this node
            self._open_turn(state, ctx)
            notice = ""
            try:
                notice = forget_if_asked(self.store, state, ctx)
                out = run_in_order(self.stages, _recall_view(state, notice), ctx)
            except MemoryUsageError:  # no scope, a closed store: the caller's mistake, said loudly
                raise
            except Exception as e:  # noqa: BLE001 - memory never takes the user's turn down
                return with_notice(recall_failed(state, ctx, e), notice or forget_not_done(state))
            return with_notice(self._public(state, out, ctx, now, started), notice)

    async def _arun(self, state: dict[str, Any], ctx: MemoryContext, now: datetime | None) -> dict[str, Any]:
        started = time.perf_counter()
        with store_in_use(self.store):  # aclose() waits for this node
            self._open_turn(state, ctx)
            notice = ""
            try:
                notice = await asyncio.to_thread(forget_if_asked, self.store, state, ctx)
                out = await arun_in_order(self.stages, _recall_view(state, notice), ctx)
            except MemoryUsageError:  # no scope, a closed store: the caller's mistake, said loudly
                raise
            except Exception as e:  # noqa: BLE001
                return with_notice(recall_failed(state, ctx, e), notice or forget_not_done(state))
            latency_ms = (time.perf_counter() - started) * 1000.0
            kept = with_notice(self._kept(state, out), notice)
            # the usage event is a SQLite write: off the event loop
            recall_id = (await asyncio.to_thread(self._record, kept, out, ctx, now, latency_ms)
                         if self.record_usage else "")
            return {**kept, "memory_recall_id": recall_id}

    def _public(self, state: Mapping[str, Any], out: Mapping[str, Any], ctx: MemoryContext, now: datetime | None,
                started: float) -> dict[str, Any]:
        latency_ms = (time.perf_counter() - started) * 1000.0
        kept = self._kept(state, out)
        kept["memory_recall_id"] = self._record(kept, out, ctx, now, latency_ms) if self.record_usage else ""
        return kept

    def _open_turn(self, state: Mapping[str, Any], ctx: MemoryContext) -> None:
        open_turn = getattr(self.store, "open_turn", None)
        if self.write_follows and open_turn is not None:
            open_turn(turn_key(state, ctx))

    def _end_turn(self, state: Mapping[str, Any], ctx: MemoryContext) -> None:
        if self.write_follows:
            _end_turn(self.store, state, ctx)

    @staticmethod
    def _kept(state: Mapping[str, Any], out: Mapping[str, Any]) -> dict[str, Any]:
        kept = {key: out[key] for key in RECALL_OUTPUTS if key in out}
        kept.setdefault("memory_injection", "")
        kept.setdefault("memory_injected_ids", [])
        kept["memory_turn"] = latest_user_turn(state.get("messages") or []) or ""
        kept["memory_recall_error"] = None
        return kept

    def _record(self, kept: Mapping[str, Any], out: Mapping[str, Any], ctx: MemoryContext, now: datetime | None,
                latency_ms: float) -> str:
        from .records import utcnow
        from .usage import record_injection

        ids = list(kept["memory_injected_ids"])
        from .read.explain import score_parts

        selected = {h.record.id: h for h in out.get("memory_selected") or []}
        sizes = [len(selected[i].record.text.encode()) if i in selected else 0 for i in ids]
        scores = [score_parts(selected[i]) if i in selected else {} for i in ids]  # why each was injected
        try:
            return record_injection(self.store, ctx, now or utcnow(), ids=ids, sizes=sizes,
                                    block_bytes=len(kept["memory_injection"].encode()), latency_ms=latency_ms,
                                    started=time.time() - latency_ms / 1000.0, scores=scores)
        except Exception:  # noqa: BLE001 - bookkeeping never takes the turn down
            log.warning("recording the injection failed for user %s", ctx.user_id, exc_info=True)
            return ""


class WriteTurn(MemoryNode):
    """The write graph's six stages as one node that returns only `WRITE_OUTPUTS`.

    Args:
        store: the `MemoryStore` every decision is committed to.
        clock: "now" for every stage; default the wall clock.
        write_options: `extractor`, `strategy`, `ttl`, `dedup_threshold`, … — as for `create_write_graph`.
    """

    name = "memory_write"

    def __init__(self, store: Any, *, name: str | None = None, **write_options: Unpack[WriteOptions]) -> None:
        from .write.graph import write_nodes

        super().__init__(clock=write_options.get("clock"), name=name)
        self.store, self.stages = store, write_nodes(store, **write_options)

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime | None) -> dict[str, Any]:
        try:  # with what this turn's recall wrote for an earlier failed turn (`from_earlier`)
            return with_earlier(state, _stored(state, self._write(state, ctx)))
        finally:  # stored, skipped or failed: close() no longer waits for this turn
            _end_turn(self.store, state, ctx)

    async def arun(self, state: dict[str, Any], ctx: MemoryContext, now: datetime | None) -> dict[str, Any]:
        try:
            return with_earlier(state, _stored(state, await self._awrite(state, ctx)))
        finally:
            _end_turn(self.store, state, ctx)

    def _write(self, state: dict[str, Any], ctx: MemoryContext) -> dict[str, Any]:
        try:  # reading the turn is part of the write: a message it cannot read is a failed write, not a failed turn
            forget, rest = split_forget_request(state)
            if rest is None:
                return _written({}, forget)
            with store_in_use(self.store, turn_key(state, ctx)):  # close() waits for this node
                out = run_in_order(self.stages, rest, ctx)
        except StoreClosedError as e:
            if is_new_turn(state):  # used after close(): the caller's mistake, said loudly
                raise
            return write_failed(ctx, e)  # closed while this turn ran (its recall did not fail): unstored, said so
        except MemoryUsageError:  # no scope: the caller's mistake, said loudly
            raise
        except Exception as e:  # noqa: BLE001 - memory never takes the user's turn down
            return write_failed(ctx, e)
        return _written(out, forget)

    async def _awrite(self, state: dict[str, Any], ctx: MemoryContext) -> dict[str, Any]:
        try:
            forget, rest = split_forget_request(state)
            if rest is None:
                return _written({}, forget)
            with store_in_use(self.store, turn_key(state, ctx)):  # close() waits for this node
                out = await arun_in_order(self.stages, rest, ctx)
        except StoreClosedError as e:
            if is_new_turn(state):  # used after close(): the caller's mistake, said loudly
                raise
            return write_failed(ctx, e)  # closed while this turn ran (its recall did not fail): unstored, said so
        except MemoryUsageError:  # no scope: the caller's mistake, said loudly
            raise
        except Exception as e:  # noqa: BLE001
            return write_failed(ctx, e)
        return _written(out, forget)


def _stored(state: Mapping[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """`out` with `memory_stored_turn`: the user message this write handled (`unwritten.unwritten_turn`)."""
    return {**out, "memory_stored_turn": latest_user_turn(state.get("messages") or []) or ""}


def _end_turn(store: Any, state: Mapping[str, Any], ctx: MemoryContext) -> None:
    end_turn = getattr(store, "end_turn", None)
    if end_turn is not None:
        end_turn(turn_key(state, ctx))


def turn_key(state: Mapping[str, Any], ctx: MemoryContext) -> tuple[str, ...]:
    """Names one user turn for `MemoryStore.open_turn`: who said it, in which session, and its text."""
    return ctx.user_id, ctx.project_id or "", ctx.session_id or "", latest_user_turn(state.get("messages") or []) or ""


def forget_if_asked(store: Any, state: Mapping[str, Any], ctx: MemoryContext) -> str:
    """A forget request in the latest user message ("Please forget where I live", "忘掉我的地址") is carried
    out before the recall (`governance.forget_in_chat.carry_out`: the memories `ForgetRequestNode.to_forget`
    picks are forgotten everywhere; the ones it is unsure of are kept and listed, for the model to ask which is
    meant). Returns the notice telling the model what the deletion reported gone, and what was kept ("" when the
    message is no forget request)."""
    from .governance.forget_in_chat import carry_out, forget_notice
    from .governance.forget_node import is_forget_request
    from .governance.forget_phrases import split_request
    from .text import to_simplified

    text = _latest_user_message(state.get("messages") or [])[1]
    if not text or not is_forget_request(text):
        return ""
    text = split_request(to_simplified(text))[0]  # "Please forget where I live. Also, I now use Helix.": the first sentence
    return forget_notice(carry_out(store, text, ctx))


def forget_not_done(state: Mapping[str, Any]) -> str:
    """The notice for a forget request that could not be carried out (the store failed): the model must not
    tell the user it was done ("" when the latest message is no forget request)."""
    from .governance.forget_in_chat import failed_notice
    from .governance.forget_node import is_forget_request

    text = _latest_user_message(state.get("messages") or [])[1]
    return failed_notice(text) if text and is_forget_request(text) else ""


def split_forget_request(state: Mapping[str, Any]) -> tuple[dict[str, str] | None, Mapping[str, Any] | None]:
    """A forget request stores nothing of itself ("Please forget that I live in Paris" must not write "User lives
    in Paris" again). Returns (its `memory_skipped` entry, or None when the message is no forget request; the
    state the write reads: `state` itself, the message without the request when it says more — "Please forget
    where I live. Also, I now use Helix." — or None when it says nothing else)."""
    from .governance.forget_node import is_forget_request
    from .governance.forget_phrases import split_request
    from .text import to_simplified
    from .write.traditional import span_as_written

    messages = list(state.get("messages") or [])
    last, text, mid = _latest_user_message(messages)
    if not text or not is_forget_request(text):
        return None, state
    simplified = to_simplified(text)
    rest = span_as_written(split_request(simplified)[1], simplified, text)  # the rest as the user wrote it
    if not rest:
        return {"reason": "forget request", "text": ""}, None
    messages[last] = {"role": "user", "content": rest, "id": mid}  # the same turn id as the whole message
    return {"reason": "forget request", "text": ""}, {**state, "messages": messages}


def _recall_view(state: dict[str, Any], notice: str) -> dict[str, Any]:
    """What the read stages see: after a forget request, only what the message says besides it ("Please forget
    where I live. Also, which editor do I use?" recalls for the question), else an empty turn, so the request's
    own words do not pull other memories into the reply."""
    if not notice:
        return state
    _, rest = split_forget_request(state)
    if rest is not None:
        return dict(rest)
    messages = list(state.get("messages") or [])
    last, _, mid = _latest_user_message(messages)
    messages[last] = {"role": "user", "content": "", "id": mid}
    return {**state, "messages": messages}


def _latest_user_message(messages: Sequence[Any]) -> tuple[int, str, str]:
    """(position, text, turn id) of the latest user message; (-1, "", "") without one."""
    from .messages import message_parts

    for i in range(len(messages) - 1, -1, -1):
        role, text, mid = message_parts(messages[i])
        if role == "user":
            return i, text, mid or f"turn-{i}"
    return -1, "", ""


def _written(out: Mapping[str, Any], forget_skip: dict[str, Any] | None) -> dict[str, Any]:
    """The write's outputs, with the forget request's own skip report when the message held one."""
    kept = {"memory_written": [], "memory_superseded": [], "memory_skipped": [], "memory_extract_error": None,
            **{key: out[key] for key in WRITE_OUTPUTS if key in out}, "memory_write_error": None}
    if forget_skip is not None:
        kept["memory_skipped"] = [forget_skip, *(kept.get("memory_skipped") or [])]
    return kept


def with_notice(kept: dict[str, Any], notice: str) -> dict[str, Any]:
    """`kept` with the forget notice before this turn's memories."""
    if notice:
        kept["memory_injection"] = "\n".join(x for x in (notice, kept.get("memory_injection") or "") if x)
    return kept


def _failure(stage: str, e: BaseException, ctx: MemoryContext) -> dict[str, str]:
    from .degrade import describe

    return {"stage": stage, "error": describe(e, incognito=bool(getattr(ctx, "incognito", False)))}


def recall_failed(state: Mapping[str, Any], ctx: MemoryContext, e: BaseException) -> dict[str, Any]:
    """A failed recall as a turn without memories: empty blocks, the error in `memory_recall_error`, a log line."""
    log.warning("memory recall failed for user %s; the turn goes on without memories", ctx.user_id, exc_info=e)
    try:  # the report of a failure must not fail in turn (e.g. on the message that made the recall fail)
        turn = latest_user_turn(state.get("messages") or []) or ""
    except Exception:  # noqa: BLE001
        turn = ""
    return {"memory_stable": "", "memory_injection": "", "memory_injected_ids": [], "memory_turn": turn,
            "memory_recall_id": "", "memory_recall_error": _failure("recall", e, ctx)}


def write_failed(ctx: MemoryContext, e: BaseException) -> dict[str, Any]:
    """A failed write as an unstored turn: nothing written, the error in `memory_write_error`, a log line."""
    log.warning("memory write failed for user %s; the turn goes on unstored", ctx.user_id, exc_info=e)
    return {"memory_written": [], "memory_superseded": [], "memory_extract_error": None,
            "memory_write_error": _failure("write", e, ctx)}




def is_new_turn(state: Mapping[str, Any]) -> bool:
    """Whether the latest user message is not the one the state's memory blocks were recalled for."""
    return latest_user_turn(state.get("messages") or []) != (state.get("memory_turn") or None)


class MemoryTurn:
    """Recall once per user turn, write once after its final answer: the core of `MemoryMiddleware` and
    `memory_hooks`, for agent loops that are not your graph's.

    A failure inside memory never takes the user's turn down: it is logged (logger `langmem_nodes.turn`) and the
    turn goes on without memories, or without storing them. A missing scope is not such a failure: it
    raises `MissingScopeError` (there is no unscoped memory).

    Args:
        store: the `MemoryStore`.
        clock: "now" for the default nodes.
        recall: the node run at the start of a turn (default `RecallTurn(store)`).
        writer: the node that stores a turn (default `WriteTurn(store)`); `write` / `awrite` are the only
            calls that use it, so a background writer replaces just this.
        cite: ask the model to cite the memories it used (`memory_messages(..., cite=True)`) and, after the
            final answer, strip the citations from it and record them (`CiteNode`): `finish` / `afinish`.
    """

    def __init__(self, store: Any, *, clock: Clock | None = None, recall: MemoryNode | None = None,
                 writer: MemoryNode | None = None, cite: bool = False) -> None:
        from .cite import CiteNode

        self.store = store
        self.recaller = recall if recall is not None else RecallTurn(store, clock=clock, write_follows=writer is None)
        self.writer = writer if writer is not None else WriteTurn(store, clock=clock)
        self.citer = CiteNode(store, clock=clock) if cite else None

    @property
    def cites(self) -> bool:
        """Whether the model is asked for citations (pass it to `memory_messages(..., cite=)`)."""
        return self.citer is not None

    def finish(self, state: Mapping[str, Any], ctx: MemoryContext) -> dict[str, Any]:
        """After the final answer: its citations stripped and recorded (with `cite`), then the turn written."""
        return {**self._cite(state, ctx), **self.write(state, ctx)}

    async def afinish(self, state: Mapping[str, Any], ctx: MemoryContext) -> dict[str, Any]:
        cited = {} if self.citer is None else await self._acite(state, ctx)
        return {**cited, **await self.awrite(state, ctx)}

    def _cite(self, state: Mapping[str, Any], ctx: MemoryContext) -> dict[str, Any]:
        if self.citer is None:
            return {}
        try:
            return self.citer.run(dict(state), ctx, now_from(self.citer.clock))
        except Exception:
            log.warning("memory citations failed for user %s; the reply is left as it is", ctx.user_id,
                        exc_info=True)
            return {}

    async def _acite(self, state: Mapping[str, Any], ctx: MemoryContext) -> dict[str, Any]:
        assert self.citer is not None
        try:
            return await self.citer.arun(dict(state), ctx, now_from(self.citer.clock))
        except Exception:
            log.warning("memory citations failed for user %s; the reply is left as it is", ctx.user_id,
                        exc_info=True)
            return {}

    def recall(self, state: Mapping[str, Any], ctx: MemoryContext) -> dict[str, Any]:
        """The turn's memory blocks, or `{}` when they were already recalled for this user message. An
        earlier turn of the thread whose run failed before its write is written first (`unwritten_turn`)."""
        if not is_new_turn(state):
            return {}
        missed = unwritten_turn(state)
        written = from_earlier(self.write(missed, ctx), missed, state) if missed is not None else _first_of_thread(state)
        try:
            return {**written, **self.recaller.run(dict(state), ctx, now_from(self.recaller.clock))}
        except MemoryUsageError:  # no scope, a closed store: the caller's mistake, said loudly
            raise
        except Exception as e:  # noqa: BLE001
            return {**written, **recall_failed(state, ctx, e)}

    async def arecall(self, state: Mapping[str, Any], ctx: MemoryContext) -> dict[str, Any]:
        if not is_new_turn(state):
            return {}
        missed = unwritten_turn(state)
        written = (from_earlier(await self.awrite(missed, ctx), missed, state) if missed is not None
                   else _first_of_thread(state))
        try:
            return {**written, **await self.recaller.arun(dict(state), ctx, now_from(self.recaller.clock))}
        except MemoryUsageError:  # no scope, a closed store: the caller's mistake, said loudly
            raise
        except Exception as e:  # noqa: BLE001
            return {**written, **recall_failed(state, ctx, e)}

    def write(self, state: Mapping[str, Any], ctx: MemoryContext) -> dict[str, Any]:
        """Store the turn (its latest user messages) and return the write's outcome (`WRITE_OUTPUTS`)."""
        try:
            return self.writer.run(dict(state), ctx, now_from(self.writer.clock))
        except MemoryUsageError:  # no scope, a closed store: the caller's mistake, said loudly
            raise
        except Exception as e:  # noqa: BLE001
            return write_failed(ctx, e)

    async def awrite(self, state: Mapping[str, Any], ctx: MemoryContext) -> dict[str, Any]:
        try:
            return await self.writer.arun(dict(state), ctx, now_from(self.writer.clock))
        except MemoryUsageError:  # no scope, a closed store: the caller's mistake, said loudly
            raise
        except Exception as e:  # noqa: BLE001
            return write_failed(ctx, e)



def from_earlier(out: dict[str, Any], missed: Mapping[str, Any], state: Mapping[str, Any]) -> dict[str, Any]:
    """The write outcome of an earlier turn whose run failed before its write (written by this turn's recall), each
    written memory marked with that turn (`earlier_turn`) and the turn that reports it (`reported_in`)."""
    earlier, now = missed.get("memory_turn"), latest_user_turn(state.get("messages") or [])
    return {**out, "memory_written": [{**w, "earlier_turn": earlier, "reported_in": now}
                                      for w in out.get("memory_written") or []]}


def with_earlier(state: Mapping[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """This turn's write outcome, after what its recall wrote for an earlier failed turn (`from_earlier`), so
    the caller sees that write too."""
    now = latest_user_turn(state.get("messages") or [])
    carried = [w for w in state.get("memory_written") or [] if w.get("earlier_turn") and w.get("reported_in") == now]
    if not carried or "memory_written" not in out:
        return out
    return {**out, "memory_written": [*carried, *out["memory_written"]]}


def _first_of_thread(state: Mapping[str, Any]) -> dict[str, Any]:
    """`memory_stored_turn: ""` on a thread's first recall: nothing written yet, so a first turn whose run fails
    before its write is written by the next turn (`unwritten_turn` reads "" as "written nothing")."""
    return {} if state.get("memory_stored_turn") is not None else {"memory_stored_turn": ""}

__all__ = ["RECALL_OUTPUTS", "WRITE_OUTPUTS", "MemoryTurn", "RecallTurn", "WriteTurn", "from_earlier", "is_new_turn",
           "latest_user_turn", "with_earlier",
           "recall_failed", "write_failed"]
