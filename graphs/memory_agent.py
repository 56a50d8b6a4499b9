"""A small agent with memory: recall → model → remember. Named `memory_agent` in langgraph.json.

The model gets `memory_messages(state, system=SYSTEM)`: the stable memory index in its (cacheable) system prompt
and this turn's selected memories (with ages) after the latest user message; both blocks are fenced data,
never instructions, and every chat provider accepts the layout. The model is asked to end its reply with a
`<memory-used>ID, …</memory-used>` line (plain text: any provider), which `memory_cite` removes and records.
Without a configured model (`LANGMEM_MODEL`, an `init_chat_model` string) it uses the offline
`MemoryEchoChatModel`, which answers with the memories it was shown.
"""

from __future__ import annotations

from typing import Any

from langchain_core.language_models import BaseChatModel
from langgraph.graph import END, START, StateGraph

from langmem_nodes import (
    MemoryInput,
    MemoryState,
    MemoryStore,
    RunContext,
    add_memory,
    memory_messages,
)
from langmem_nodes.context import Clock
from langmem_nodes.serving import ServeSettings, graph_factory
from langmem_nodes.testing import MemoryEchoChatModel

SYSTEM = "You are a helpful assistant. Use the user's long-term memories below when they help."


def create_memory_agent(store: MemoryStore, model: BaseChatModel | None = None, *, clock: Clock | None = None) -> StateGraph:
    """Uncompiled agent graph: `memory_recall → agent → memory_cite → memory_write` (the model is asked to
    cite the memories it used; `memory_cite` strips and records the citations)."""
    llm = model or MemoryEchoChatModel()

    def agent(state: dict[str, Any]) -> dict[str, Any]:
        return {"messages": [llm.invoke(memory_messages(state, system=SYSTEM, cite=True))]}

    builder = StateGraph(MemoryState, input_schema=MemoryInput, context_schema=RunContext)  # served: custom auth may fill user_id
    builder.add_node("agent", agent)
    builder.add_edge(START, "agent")
    builder.add_edge("agent", END)
    return add_memory(builder, store, agent="agent", clock=clock, cite=True)


def _served(store: MemoryStore, settings: ServeSettings) -> StateGraph:
    model: BaseChatModel | None = None
    if settings.model:
        from langchain.chat_models import init_chat_model  # type: ignore[import-not-found]

        model = init_chat_model(settings.model)
    return create_memory_agent(store, model)


# Factory for `langgraph dev`: the agent on the process's store (`$LANGMEM_HOME`, default ./.langmem), opened
# once per process off the server's event loop (langmem_nodes.serving); `$LANGMEM_MODEL` picks the model.
make_graph = graph_factory(_served)
