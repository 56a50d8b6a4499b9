"""Test helpers for corrections: replay a user's turns through the default write graph, and find the records a
correction landed."""

from __future__ import annotations

from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph


def replay(store, *turns: str, ctx: MemoryContext, reply: str = "OK") -> list:
    """The user turns through the write graph (`reply` from the assistant between them); the user's active records."""
    g, messages = create_write_graph(store).compile(), []
    for i, said in enumerate(turns):
        messages += ([AIMessage(reply)] if i else []) + [HumanMessage(said)]
        g.invoke({"messages": list(messages)}, context=ctx)
    return [r for r in store.find(None, statuses=(Status.ACTIVE,)) if r.scope.user_id == ctx.user_id]


def landed(active: list, value: str) -> list:
    """The active records holding `value` as an explicit correction."""
    return [r for r in active if value.casefold() in r.object.casefold() and r.source.value == "explicit_correction"]
