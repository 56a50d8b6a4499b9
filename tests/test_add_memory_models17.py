"""`add_memory(builder, store, agent=..., extractor=LLMExtractor(model), selector=LLMSelector(model))`: the
newcomer17 guessed these arguments (M6) and got a TypeError; the write and read nodes now use them, and giving
one beside the graph it belongs in is refused with a message saying where it goes."""

from __future__ import annotations

import json

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, add_memory
from langmem_nodes.read import LLMSelector
from langmem_nodes.turn import RecallTurn, WriteTurn
from langmem_nodes.write.llm_extractor import LLMExtractor

ADA = MemoryContext(user_id="ada")


def _builder() -> StateGraph:
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda state: {"messages": [("ai", "ok")]})
    return b.add_edge(START, "agent").add_edge("agent", END)


def test_the_models_given_to_add_memory_write_and_select(store) -> None:
    fact = json.dumps({"facts": [{"subject": "user", "predicate": "attr:hobby", "object": "bouldering",
                                  "text": "User's hobby is bouldering"}]})
    extractor = LLMExtractor(FakeListChatModel(responses=[fact] * 4), structured=False)
    chooser = FakeListChatModel(responses=['{"ids": []}'] * 4)  # the model picks nothing
    graph = add_memory(_builder(), store, agent="agent", extractor=extractor,
                       selector=LLMSelector(chooser)).compile()
    out = graph.invoke({"messages": [("user", "I go climbing most weekends.")]}, context=ADA)  # the rules read no hobby
    assert [w["object"] for w in out["memory_written"]] == ["bouldering"]
    out = graph.invoke({"messages": [("user", "What is my hobby?")]}, context=ADA)
    assert out["memory_injection"] == ""  # the model's empty choice, where the rules would have picked bouldering
    assert chooser.i > 0


@pytest.mark.parametrize(("given", "says"), [
    ({"extractor": "x", "write_graph": "w"}, "extractor= or write_graph="),
    ({"selector": "x", "read_graph": "r"}, "selector= or read_graph="),
])
def test_a_model_beside_its_graph_is_refused(store, given, says) -> None:
    graphs = {"write_graph": WriteTurn(store), "read_graph": RecallTurn(store)}
    kwargs = {k: graphs.get(k, v) for k, v in given.items()}
    with pytest.raises(ValueError, match=says):
        add_memory(_builder(), store, agent="agent", **kwargs)
