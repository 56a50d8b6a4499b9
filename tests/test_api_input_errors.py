"""Wrong input to the public Python API names the actual problem (rt6 L1): before, `BatchWriter.write(one_dict)`
said "batch item 0: expected a dict … got str" (it iterated the dict's keys), a string `context` said "no
'context'", and `{"messages": None}` raised LangGraph's "Must specify non-null arguments for both 'left' and
'right'". Nothing is stored in any of these cases."""

from __future__ import annotations

import pytest
from langgraph.graph import MessagesState, StateGraph

from langmem_nodes.read import create_read_graph
from langmem_nodes.records import MemoryContext
from langmem_nodes.state import WriteState
from langmem_nodes.write import BatchWriter, create_write_graph

ITEM = {"messages": [("user", "I like tea")], "context": {"user_id": "ada"}}


def test_one_item_instead_of_a_list(store) -> None:
    with pytest.raises(TypeError, match=r"a list of items.*got a dict.*write\(\[item\]\)"):
        BatchWriter(store).write(ITEM)
    with pytest.raises(TypeError, match="a list of items.*got str"):
        BatchWriter(store).write("I like tea")
    assert store.find(None) == []


def test_a_context_of_the_wrong_type(store) -> None:
    with pytest.raises(ValueError, match=r"batch item 0: 'context' must be a MemoryContext or a dict with user_id, got str"):
        BatchWriter(store).write([{**ITEM, "context": "ada"}])
    with pytest.raises(ValueError, match="batch item 1: no 'context'"):
        BatchWriter(store).write([ITEM, {"messages": ITEM["messages"]}])
    assert store.find(None) == []


@pytest.mark.parametrize("build", [create_write_graph, create_read_graph])
def test_a_graph_context_of_the_wrong_type(store, build) -> None:
    with pytest.raises(ValueError, match="context must be a MemoryContext or a dict with user_id, got str"):
        build(store).compile().invoke({"messages": [("user", "I like tea")]}, context="ada")
    assert store.find(None) == []


@pytest.mark.parametrize("build", [create_write_graph, create_read_graph])
def test_messages_none(store, build) -> None:
    with pytest.raises(ValueError, match=r"'messages' must be a list of messages .* got None"):
        build(store).compile().invoke({"messages": None}, context=MemoryContext(user_id="ada"))
    assert store.find(None) == []


def test_the_schemas_still_compose_with_messages_state() -> None:
    StateGraph(WriteState, input_schema=MessagesState)  # the same reducer: no "different type" channel clash
    StateGraph(MessagesState, input_schema=WriteState)
