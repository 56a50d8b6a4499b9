"""`MemoryMiddleware`: long-term memory for `langchain.agents.create_agent` (needs `pip install langchain`,
or this package's `agents` extra).

Recall runs once per user turn (`before_agent`), every model call of the turn's tool loop gets the same
memory blocks laid out by `memory_messages` (`wrap_model_call`: the stable block after the system prompt, the
turn's block on the latest user message; neither is added to `messages`), and the turn is written once, after
the final answer (`after_agent`). Scope comes from `context=MemoryContext(...)` (agent
built with `context_schema=MemoryContext`) or `config["configurable"]`, never from tool arguments.

Example (offline: a scripted model that calls a tool, then answers):
    >>> import tempfile
    >>> from langchain.agents import create_agent
    >>> from langchain_core.tools import tool
    >>> from langmem_nodes import MemoryContext, MemoryStore
    >>> from langmem_nodes.testing import ScriptedToolChatModel
    >>> @tool
    ... def weather(city: str) -> str:
    ...     "The weather in a city."
    ...     return "sunny"
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> model = ScriptedToolChatModel.calling("weather", {"city": "Lyon"}, then="Sunny in Lyon.")
    >>> agent = create_agent(model, [weather], middleware=[MemoryMiddleware(store)], context_schema=MemoryContext)
    >>> out = agent.invoke({"messages": [("user", "Remember that I live in Lyon. Weather?")]},
    ...                    context=MemoryContext(user_id="ada"))
    >>> [r["object"] for r in out["memory_written"]], len(model.prompts)
    (['Lyon'], 2)
    >>> store.close()
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any, NotRequired, cast

from langchain.agents.middleware import AgentMiddleware, AgentState, ModelRequest
from langchain.agents.middleware.types import OmitFromInput, PrivateStateAttr
from langchain_core.messages import SystemMessage
from langgraph.config import get_config

from .context import Clock
from .node import MemoryNode
from .prompt import memory_messages
from .records import MemoryContext
from .refused import ascope_or_refuse, scope_or_refuse
from .state import _union
from .turn import MemoryTurn
from .turn_end import end_failed_turn


class MemoryAgentState(AgentState[Any]):
    """`create_agent`'s state plus the memory keys (outputs only: the agent's input stays `messages`)."""

    memory_stable: NotRequired[Annotated[str, OmitFromInput]]
    memory_injection: NotRequired[Annotated[str, OmitFromInput]]
    memory_injected_ids: NotRequired[Annotated[list[str], OmitFromInput]]
    memory_shown_ids: NotRequired[Annotated[list[str], OmitFromInput, _union]]
    memory_turn: NotRequired[Annotated[str, PrivateStateAttr]]
    memory_stored_turn: NotRequired[Annotated[str, PrivateStateAttr]]
    memory_recall_id: NotRequired[Annotated[str, PrivateStateAttr]]
    memory_select_error: NotRequired[Annotated[dict[str, Any] | None, OmitFromInput]]
    memory_written: NotRequired[Annotated[list[dict[str, Any]], OmitFromInput]]
    memory_skipped: NotRequired[Annotated[list[dict[str, Any]], OmitFromInput]]
    memory_superseded: NotRequired[Annotated[list[str], OmitFromInput]]


class MemoryMiddleware(AgentMiddleware[MemoryAgentState, Any, Any]):
    """Agent middleware: recall at the start of each user turn, the memory blocks in every model call of
    the turn, one write after the final answer.

    Args:
        store: the `MemoryStore`.
        clock: "now" for the default recall and write nodes.
        recall / writer: replacement nodes (see `MemoryTurn`); `writer` is the one call that stores a turn.
        cite: ask the model to cite the memories it used; after the final answer the `<memory-used>` line is
            stripped from it (in state: a streamed reply shows it while it streams) and recorded.
    """

    state_schema = MemoryAgentState

    def __init__(self, store: Any, *, clock: Clock | None = None, recall: MemoryNode | None = None,
                 writer: MemoryNode | None = None, cite: bool = False) -> None:
        super().__init__()
        self.turn = MemoryTurn(store, clock=clock, recall=recall, writer=writer, cite=cite)

    def before_agent(self, state: MemoryAgentState, runtime: Any) -> dict[str, Any] | None:
        return self.turn.recall(state, _scope(runtime, state, self.turn)) or None

    async def abefore_agent(self, state: MemoryAgentState, runtime: Any) -> dict[str, Any] | None:
        return await self.turn.arecall(state, await _ascope(runtime, state, self.turn)) or None

    # a model or tool call that raises (an error, a cancel, an interrupt) ends the run before `after_agent`:
    # the turn is then no longer in flight (`turn_end`), so `close()` does not wait for its write
    def wrap_model_call(self, request: ModelRequest, handler: Callable[[ModelRequest], Any]) -> Any:
        try:
            return handler(with_memory(request, cite=self.turn.cites))
        except BaseException:
            self._ended(request)
            raise

    async def awrap_model_call(self, request: ModelRequest, handler: Callable[[ModelRequest], Awaitable[Any]]) -> Any:
        try:
            return await handler(with_memory(request, cite=self.turn.cites))
        except BaseException:
            self._ended(request)
            raise

    def wrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        try:
            return handler(request)
        except BaseException:
            self._ended(request)
            raise

    async def awrap_tool_call(self, request: Any, handler: Callable[[Any], Awaitable[Any]]) -> Any:
        try:
            return await handler(request)
        except BaseException:
            self._ended(request)
            raise

    def _ended(self, request: Any) -> None:
        end_failed_turn(self.turn.store, getattr(request, "state", None), getattr(request, "runtime", None), _config())

    def after_agent(self, state: MemoryAgentState, runtime: Any) -> dict[str, Any] | None:
        return self.turn.finish(state, _scope(runtime, state, self.turn)) or None

    async def aafter_agent(self, state: MemoryAgentState, runtime: Any) -> dict[str, Any] | None:
        return await self.turn.afinish(state, await _ascope(runtime, state, self.turn)) or None


def with_memory(request: ModelRequest, *, cite: bool = False) -> ModelRequest:
    """The request laid out by `memory_messages`: the stable block after its system prompt, this turn's block
    on the latest user message (unchanged without any block); `cite` adds the citation instruction."""
    state = request.state or {}
    if not (state.get("memory_stable") or state.get("memory_injection")):
        return request
    system = request.system_message.text if request.system_message is not None else ""
    laid_out = memory_messages(state, system=system, messages=request.messages, cite=cite)
    if len(laid_out) > len(request.messages):  # it led with one system message
        return request.override(system_message=cast(SystemMessage, laid_out[0]), messages=cast(Any, laid_out[1:]))
    return request.override(messages=cast(Any, laid_out))


def _config() -> Any:
    try:
        return get_config()
    except RuntimeError:  # called outside a graph run
        return None


def _scope(runtime: Any, state: Any, turn: MemoryTurn) -> MemoryContext:
    return scope_or_refuse(runtime, _config(), state, turn.store)


async def _ascope(runtime: Any, state: Any, turn: MemoryTurn) -> MemoryContext:
    return await ascope_or_refuse(runtime, _config(), state, turn.store)


__all__ = ["MemoryAgentState", "MemoryMiddleware", "with_memory"]
