"""The node base: scope from context_schema or configurable, sync and async share one core."""

from __future__ import annotations

import asyncio

import pytest
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from langmem_nodes.context import MissingScopeError
from langmem_nodes.node import MemoryNode
from langmem_nodes.records import MemoryContext


class S(TypedDict, total=False):
    out: str


class Who(MemoryNode):
    name = "who"

    def run(self, state, ctx, now):
        return {"out": f"{ctx.user_id}:{ctx.project_id}"}


def graph(context_schema=None):
    g = StateGraph(S, context_schema=context_schema)
    g.add_node("who", Who().as_node())
    g.add_edge(START, "who")
    g.add_edge("who", END)
    return g.compile()


def test_scope_from_context_schema():
    assert graph(MemoryContext).invoke({}, context=MemoryContext(user_id="a", project_id="p"))["out"] == "a:p"


def test_scope_from_configurable_for_older_graphs():
    assert graph().invoke({}, config={"configurable": {"user_id": "b"}})["out"] == "b:None"


def test_async_twin_uses_same_core():
    out = asyncio.run(graph(MemoryContext).ainvoke({}, context=MemoryContext(user_id="c")))
    assert out["out"] == "c:None"


def test_no_scope_is_a_clear_error():
    with pytest.raises(MissingScopeError, match="user_id"):
        graph().invoke({})
