"""A small agent with memory: recall → model → remember. Named `memory_agent` in langgraph.json.

The model sees the stable memory index in its system prompt and this turn's selected memories (with ages)
after the conversation; both blocks are fenced data, never instructions.
Without a configured model (`LANGMEM_MODEL`, an `init_chat_model` string) it uses the offline
`MemoryEchoChatModel`, which answers with the memories it was shown.
"""

from __future__ import annotations

import os
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import SystemMessage
from langgraph.graph import END, START, StateGraph

from langmem_nodes import (
    MemoryContext,
    MemoryInput,
    MemoryState,
    MemoryStore,
    add_memory,
)
from langmem_nodes.context import Clock
from langmem_nodes.testing import MemoryEchoChatModel

SYSTEM = "You are a helpful assistant. Use the user's long-term memories below when they help."


def create_memory_agent(store: MemoryStore, model: BaseChatModel | None = None, *, clock: Clock | None = None) -> StateGraph:
    """Uncompiled agent graph: `memory_recall → agent → memory_write`."""
    llm = model or MemoryEchoChatModel()

    def agent(state: dict[str, Any]) -> dict[str, Any]:
        # The stable index goes in the system prompt (a cached prefix); this turn's memories, which change
        # every turn, come after the conversation so they do not break the prefix cache.
        stable = state.get("memory_stable") or ""
        system = SystemMessage(SYSTEM + ("\n\n" + stable if stable else ""))
        injection = state.get("memory_injection") or ""
        turn = [SystemMessage(injection)] if injection else []
        return {"messages": [llm.invoke([system, *state["messages"], *turn])]}

    builder = StateGraph(MemoryState, input_schema=MemoryInput, context_schema=MemoryContext)
    builder.add_node("agent", agent)
    builder.add_edge(START, "agent")
    builder.add_edge("agent", END)
    return add_memory(builder, store, agent="agent", clock=clock)


def make_graph() -> Any:
    """Factory for `langgraph dev`: the agent on the memory home at `$LANGMEM_HOME` (default ./.langmem)."""
    model: BaseChatModel | None = None
    if os.environ.get("LANGMEM_MODEL"):
        from langchain.chat_models import init_chat_model  # type: ignore[import-not-found]

        model = init_chat_model(os.environ["LANGMEM_MODEL"])
    return create_memory_agent(MemoryStore(), model).compile()
