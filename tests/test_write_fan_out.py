"""Parallel branches that write memory (newcomer20 M3): four `Send`s straight into the compiled write graph fail
LangGraph's one-value-per-step check on `memory_written` after committing (docs/integration.md says so and how to
fan out); a branch node that calls the write graph and returns only reducer keys works, every turn committed once."""

from __future__ import annotations

import operator
from typing import Annotated

import pytest
from langgraph.errors import InvalidUpdateError
from langgraph.graph import END, START, StateGraph
from langgraph.types import Send
from typing_extensions import TypedDict

from langmem_nodes import MemoryContext, MemoryState, create_write_graph

SAID = ["I live in Oslo.", "I use Vim.", "我对花生过敏。", "We deploy on Fly.io."]


class Fan(TypedDict, total=False):
    items: list[str]
    notes: Annotated[list[int], operator.add]


def test_a_branch_node_around_the_write_graph_fans_out(store):
    write = create_write_graph(store).compile()

    def remember(item: dict) -> dict:
        out = write.invoke({"messages": [("user", item["text"])]}, context=MemoryContext(user_id="fan", project_id="p"))
        return {"notes": [len(out["memory_written"])]}

    g = StateGraph(Fan, context_schema=MemoryContext)
    g.add_node("remember", remember)
    g.add_conditional_edges(START, lambda s: [Send("remember", {"text": t}) for t in s["items"]], ["remember"])
    g.add_edge("remember", END)
    out = g.compile().invoke({"items": SAID}, context=MemoryContext(user_id="fan", project_id="p"))
    assert sorted(out["notes"]) == [1, 1, 1, 1]
    objects = sorted(r.object for r in store.find(None))
    assert len(objects) == 4 and len(set(objects)) == 4


def test_sends_straight_into_the_write_graph_fail_as_documented(store):
    class P(MemoryState):
        items: list

    g = StateGraph(P, context_schema=MemoryContext)
    g.add_node("remember", create_write_graph(store).compile())
    g.add_conditional_edges(START, lambda s: [Send("remember", {"messages": [("user", t)]}) for t in s["items"]],
                            ["remember"])
    g.add_edge("remember", END)
    with pytest.raises(InvalidUpdateError, match="memory_written"):
        g.compile().invoke({"items": SAID[:2], "messages": []}, context=MemoryContext(user_id="fan2"))
