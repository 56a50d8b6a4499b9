"""Graph state shared by the write and read graphs. Every key is prefixed `memory_` except `messages`,
so the nodes drop into a user's own agent state without clashing.

A user's state only needs the keys of the nodes it uses; `MemoryState` has them all.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages
from pydantic import BaseModel, ConfigDict, Field, model_validator
from typing_extensions import TypedDict

from .records import MemoryRecord

WriteAction = Literal["write", "merge", "skip_duplicate", "reject", "downgrade"]


class PendingWrite(BaseModel):
    """A candidate memory on its way through the write graph, with every decision taken so far.

    The extractor creates it (`action="write"`); dedup may set `merge`/`skip_duplicate` and `merge_into`;
    the verifier `reject`/`downgrade`; the resolver fills `supersede`; the promoter sets the record's
    scope level (or `promote_to` for a merge whose existing record earned a wider level). `trace`
    accumulates one line per stage and becomes the ledger's decision trace. Signals between stages are
    fields here, never stored with the memory: `replaces` (values a correction names as replaced: "Paris,
    not Berlin" → ["Berlin"], read by the resolver), `flags` ("injection": the message carried an
    instruction aimed at the assistant, read by the verifier) and `quote` (the user's clause the claim was
    read from, screened by the verifier for credentials and instructions), `rivals_seen` (ids of the active
    values of the attribute the resolver read, re-checked by the commit in its transaction; None: not resolved).
    Each node returns new objects: it copies what it was given before deciding.
    """

    model_config = ConfigDict(extra="forbid")

    record: MemoryRecord
    action: WriteAction = "write"
    reason: str = ""
    trigger: str = ""
    merge_into: str | None = None
    supersede: list[str] = Field(default_factory=list)
    promote_to: str | None = None
    replaces: list[str] = Field(default_factory=list)
    flags: list[str] = Field(default_factory=list)
    quote: str = ""
    trace: list[str] = Field(default_factory=list)
    rivals_seen: list[str] | None = None

    @model_validator(mode="after")
    def _quote_is_a_field(self) -> PendingWrite:
        """A quote an extractor left in `record.metadata["quote"]` moves here: it is never stored."""
        if "quote" in self.record.metadata:
            meta = dict(self.record.metadata)
            quote = str(meta.pop("quote") or "")
            self.quote = self.quote or quote
            self.record = self.record.model_copy(update={"metadata": meta})
        return self

    def note(self, stage: str, text: str) -> PendingWrite:
        self.trace.append(f"{stage}: {text}")
        return self


class ScoredMemory(BaseModel):
    """A recalled memory with the reasons for its rank (kept so users can see why it ranked)."""

    model_config = ConfigDict(extra="forbid")

    record: MemoryRecord
    score: float = 0.0
    breakdown: dict[str, float] = Field(default_factory=dict)
    flags: list[str] = Field(default_factory=list)
    age: str | None = None
    note: str | None = None


def _union(left: list[str] | None, right: list[str] | None) -> list[str]:
    return list(dict.fromkeys([*(left or []), *(right or [])]))


class MemoryQuery(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str
    lexical: str
    dense: str
    task_type: str = "general"
    k: int = 8
    partitions: list[str] = Field(default_factory=list)
    recent_tools: list[str] = Field(default_factory=list)


class WriteState(TypedDict):
    messages: Annotated[list[AnyMessage], add_messages]
    memory_pending: NotRequired[list[PendingWrite]]
    memory_written: NotRequired[list[dict[str, Any]]]
    memory_skipped: NotRequired[list[dict[str, Any]]]
    memory_superseded: NotRequired[list[str]]
    memory_injected_ids: NotRequired[list[str]]
    memory_recall_id: NotRequired[str]
    memory_extract_error: NotRequired[dict[str, Any] | None]  # a degraded extractor call (see degrade.py)
    memory_extract_skips: NotRequired[list[dict[str, str]]]  # why a clause stored nothing (extract → commit)


class ReadState(TypedDict):
    messages: Annotated[list[AnyMessage], add_messages]
    query: NotRequired[str]  # a question to recall for without a conversation (`{"query": "…"}`)
    memory_task_type: NotRequired[str]
    memory_recent_tools: NotRequired[list[str]]
    memory_k: NotRequired[int]
    memory_query: NotRequired[MemoryQuery]
    memory_hits: NotRequired[list[ScoredMemory]]
    memory_selected: NotRequired[list[ScoredMemory]]
    memory_injection: NotRequired[str]
    memory_stable: NotRequired[str]  # stable index/summary for the cached prompt prefix (RenderNode)
    memory_injected_ids: NotRequired[list[str]]
    memory_shown_ids: NotRequired[Annotated[list[str], _union]]
    memory_select_error: NotRequired[dict[str, Any] | None]  # a degraded selector call (see degrade.py)
    memory_read_started: NotRequired[float]  # epoch seconds when the query stage ran (injection latency)
    memory_recall_id: NotRequired[str]  # this turn's `inject` event in the usage ledger (RecordUsageNode)


class WriteInput(TypedDict):
    """What the write graph takes from its caller (its other keys are the stages' own)."""

    messages: Annotated[list[AnyMessage], add_messages]
    memory_injected_ids: NotRequired[list[str]]
    memory_recall_id: NotRequired[str]


class ReadInput(TypedDict):
    """What the read graph takes from its caller: the conversation (or, without one, a `query` text) and
    optional steering."""

    messages: NotRequired[Annotated[list[AnyMessage], add_messages]]
    query: NotRequired[str]
    memory_task_type: NotRequired[str]
    memory_recent_tools: NotRequired[list[str]]
    memory_k: NotRequired[int]
    memory_shown_ids: NotRequired[Annotated[list[str], _union]]


class MemoryInput(TypedDict):
    """What a memory agent takes: the conversation (use as `input_schema`, so Studio asks for nothing else)."""

    messages: Annotated[list[AnyMessage], add_messages]


class MemoryState(MemoryInput):
    """`messages` and what `add_memory`'s two nodes return: the state of an agent using both graphs.

    Only rendered text, ids and JSON dicts, so every value round-trips through any checkpointer (also with
    `LANGGRAPH_STRICT_MSGPACK=true`); the read and write stages' intermediate data stays inside their node.
    `memory_turn` is the user message the current blocks were recalled for (a tool loop's later model calls
    keep them), `memory_stored_turn` the one the last write handled (they differ after a run that failed
    before its write: the next turn writes it before its recall); `memory_written` / `memory_skipped` / `memory_superseded` are the last write's outcome.
    """

    memory_stable: NotRequired[str]
    memory_injection: NotRequired[str]
    memory_injected_ids: NotRequired[list[str]]
    memory_shown_ids: NotRequired[Annotated[list[str], _union]]
    memory_turn: NotRequired[str]
    memory_stored_turn: NotRequired[str]  # the user message the last write handled (`unwritten.unwritten_turn`)
    memory_recall_id: NotRequired[str]  # this turn's `inject` event in the usage ledger (langmem_nodes.usage)
    memory_select_error: NotRequired[dict[str, Any] | None]  # a degraded selector call (see degrade.py)
    memory_recall_error: NotRequired[dict[str, Any] | None]  # the recall failed: this turn ran without memories
    memory_write_error: NotRequired[dict[str, Any] | None]  # the write failed: this turn was not stored
    memory_extract_error: NotRequired[dict[str, Any] | None]  # the extractor failed: what ran instead (degrade.py)
    memory_written: NotRequired[list[dict[str, Any]]]
    memory_skipped: NotRequired[list[dict[str, Any]]]
    memory_superseded: NotRequired[list[str]]
