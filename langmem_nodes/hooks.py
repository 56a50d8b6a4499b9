"""`memory_hooks`: long-term memory for LangGraph's prebuilt `create_react_agent`, in one line.

`create_react_agent(model, tools, **memory_hooks(store, prompt="..."), context_schema=MemoryContext)` adds a
`pre_model_hook` (recall when a new user message arrives, then hand the model the conversation laid out by
`memory_messages` — your prompt and the stable block in one system message, the turn's block on the latest
user message — via `llm_input_messages`: nothing is added to `messages`), a `post_model_hook` (write the turn once the model answers without calling a tool) and the
state schema with the memory keys. Give your system prompt to `memory_hooks`, not to `create_react_agent`
(its `prompt` would put a second system message in front). Scope comes from `context` / `configurable`.

Example (offline: a scripted model that calls a tool twice, then answers):
    >>> import tempfile
    >>> from langchain_core.tools import tool
    >>> from langgraph.prebuilt import create_react_agent
    >>> from langmem_nodes import MemoryContext, MemoryStore
    >>> from langmem_nodes.testing import ScriptedToolChatModel
    >>> @tool
    ... def weather(city: str) -> str:
    ...     "The weather in a city."
    ...     return "sunny"
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> model = ScriptedToolChatModel.calling("weather", {"city": "Lyon"}, then="Sunny.", times=2)
    >>> agent = create_react_agent(model, [weather], **memory_hooks(store, prompt="Be brief."),
    ...                            context_schema=MemoryContext)
    >>> out = agent.invoke({"messages": [("user", "Remember that I live in Lyon. Weather?")]},
    ...                    context=MemoryContext(user_id="ada"))
    >>> [r["object"] for r in out["memory_written"]], len(model.prompts)
    (['Lyon'], 3)
    >>> store.close()
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, NotRequired

from langchain_core.messages import AIMessage, AnyMessage
from langgraph.graph.message import add_messages
from langgraph.managed import RemainingSteps
from typing_extensions import TypedDict

from .context import Clock
from .node import MemoryNode
from .prompt import memory_messages
from .records import MemoryContext
from .state import _union
from .turn import MemoryTurn


class MemoryReactState(TypedDict):
    """`create_react_agent`'s state (`messages`, `remaining_steps`) plus the memory keys."""

    messages: Annotated[list[AnyMessage], add_messages]
    remaining_steps: NotRequired[RemainingSteps]
    memory_stable: NotRequired[str]
    memory_injection: NotRequired[str]
    memory_injected_ids: NotRequired[list[str]]
    memory_shown_ids: NotRequired[Annotated[list[str], _union]]
    memory_turn: NotRequired[str]
    memory_stored_turn: NotRequired[str]
    memory_recall_id: NotRequired[str]
    memory_select_error: NotRequired[dict[str, Any] | None]
    memory_written: NotRequired[list[dict[str, Any]]]
    memory_skipped: NotRequired[list[dict[str, Any]]]
    memory_superseded: NotRequired[list[str]]


class PreModelHook(MemoryNode):
    """Before each model call: recall if this is a new user turn, then `llm_input_messages` =
    `memory_messages(state, system=prompt)`."""

    name = "memory_pre_model"

    def __init__(self, turn: MemoryTurn, prompt: str | None = None) -> None:
        super().__init__()
        self.turn, self.prompt, self.store = turn, prompt, turn.store

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        return self._model_input(state, self.turn.recall(state, ctx))

    async def arun(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        return self._model_input(state, await self.turn.arecall(state, ctx))

    def _model_input(self, state: dict[str, Any], recalled: dict[str, Any]) -> dict[str, Any]:
        return {**recalled, "llm_input_messages": memory_messages({**state, **recalled}, system=self.prompt or "",
                                                                  cite=self.turn.cites)}


class PostModelHook(MemoryNode):
    """After each model call: once the model answers without calling a tool, strip and record its citations
    (with `cite`) and write the turn."""

    name = "memory_post_model"

    def __init__(self, turn: MemoryTurn) -> None:
        super().__init__()
        self.turn, self.store = turn, turn.store

    @staticmethod
    def final(state: dict[str, Any]) -> bool:
        last = (state.get("messages") or [None])[-1]
        return isinstance(last, AIMessage) and not last.tool_calls

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        return self.turn.finish(state, ctx) if self.final(state) else {}

    async def arun(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        return await self.turn.afinish(state, ctx) if self.final(state) else {}


def memory_hooks(store: Any, *, prompt: str | None = None, clock: Clock | None = None,
                 recall: MemoryNode | None = None, writer: MemoryNode | None = None, cite: bool = False) -> dict[str, Any]:
    """`pre_model_hook`, `post_model_hook` and `state_schema` for `create_react_agent(..., **memory_hooks(store))`.

    Args:
        store: the `MemoryStore`.
        prompt: your system prompt (the memory blocks follow it in the same system message).
        clock / recall / writer: as for `MemoryTurn` (`writer` is the one call that stores a turn).
        cite: ask the model to cite the memories it used; its final answer's `<memory-used>` line is then
            stripped from `messages` and recorded (`CiteNode`).
    """
    turn = MemoryTurn(store, clock=clock, recall=recall, writer=writer, cite=cite)
    return {
        "pre_model_hook": PreModelHook(turn, prompt).as_node(),
        "post_model_hook": PostModelHook(turn).as_node(),
        "state_schema": MemoryReactState,
    }


__all__ = ["MemoryReactState", "PostModelHook", "PreModelHook", "memory_hooks"]
