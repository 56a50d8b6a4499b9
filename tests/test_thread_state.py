"""Clean thread state: an agent with memory keeps only `messages`, the two rendered blocks, ids and the
write's outcome in its state; a turn writes a handful of checkpoints; everything checkpointed comes back as
itself under strict msgpack (`LANGGRAPH_STRICT_MSGPACK=true` is `allowed_msgpack_modules=None`) and no
unregistered type is deserialized in the default mode (what logs "Deserializing unregistered type")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from langchain.agents import create_agent
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.serde.event_hooks import register_serde_event_listener
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from langgraph.prebuilt import create_react_agent

from evals.checkpoints import TURNS, measure
from graphs.memory_agent import create_memory_agent
from langmem_nodes import MemoryContext, MemoryStore
from langmem_nodes.hooks import memory_hooks
from langmem_nodes.middleware import MemoryMiddleware
from langmem_nodes.read.graph import create_read_graph
from langmem_nodes.testing import MemoryEchoChatModel, ScriptedToolChatModel

# create_react_agent is deprecated (LangGraph 1.0) and still supported here: only that warning is expected
pytestmark = pytest.mark.filterwarnings(
    "ignore:create_react_agent has been moved:langgraph.warnings.LangGraphDeprecatedSinceV10")

ROOT = Path(__file__).resolve().parent.parent
MEMORY_OUT = {"memory_stable", "memory_injection", "memory_injected_ids", "memory_shown_ids", "memory_turn", "memory_stored_turn",
              "memory_select_error", "memory_recall_id", "memory_recall_error", "memory_write_error", "memory_extract_error",
              "memory_written", "memory_skipped", "memory_superseded"}
ADA = MemoryContext(user_id="ada", session_id="s1")


@pytest.fixture
def store(tmp_path):
    s = MemoryStore(tmp_path, embedder="hashing")
    yield s
    s.close()


@pytest.fixture
def serde_events():
    events: list[dict] = []
    unregister = register_serde_event_listener(events.append)
    yield events
    unregister()


def _memory_agent(store, saver):
    return create_memory_agent(store).compile(checkpointer=saver)


def _middleware_agent(store, saver):
    return create_agent(ScriptedToolChatModel.calling("weather", {"city": "Lyon"}, then="ok"), [_weather()],
                        middleware=[MemoryMiddleware(store)], context_schema=MemoryContext, checkpointer=saver)


def _react_agent(store, saver):
    return create_react_agent(ScriptedToolChatModel.calling("weather", {"city": "Lyon"}, then="ok"), [_weather()],
                              **memory_hooks(store), context_schema=MemoryContext, checkpointer=saver)


def _weather():
    from langchain_core.tools import tool

    @tool
    def weather(city: str) -> str:
        """The weather in a city."""
        return "sunny"

    return weather


def _jsonish(value) -> bool:
    if isinstance(value, str | int | float | bool) or value is None:
        return True
    if isinstance(value, list):
        return all(_jsonish(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _jsonish(v) for k, v in value.items())
    return False


AGENTS = {"add_memory": _memory_agent, "create_agent": _middleware_agent, "create_react_agent": _react_agent}


@pytest.mark.parametrize("strict", [True, False], ids=["strict", "default"])
@pytest.mark.parametrize("build", AGENTS.values(), ids=AGENTS.keys())
def test_checkpointed_memory_state_comes_back_as_itself(store, serde_events, strict, build):
    saver = InMemorySaver(serde=JsonPlusSerializer(allowed_msgpack_modules=None)) if strict else InMemorySaver()
    graph, cfg = build(store, saver), {"configurable": {"thread_id": "t1"}}
    outs = [graph.invoke({"messages": [("user", text)]}, cfg, context=ADA) for text in TURNS[:4]]  # en, zh
    assert outs[0]["memory_written"] and outs[1]["memory_written"] and "<memory>" in outs[2]["memory_stable"]
    restored = graph.get_state(cfg).values
    memory = {k: v for k, v in restored.items() if k.startswith("memory_")}
    assert set(memory) <= MEMORY_OUT and {"memory_stable", "memory_injection", "memory_written"} <= set(memory)
    assert all(_jsonish(v) for v in memory.values()), memory
    assert {k: outs[-1][k] for k in memory if k in outs[-1]} == {k: v for k, v in memory.items() if k in outs[-1]}
    assert [type(m) for m in restored["messages"]] == [type(m) for m in outs[-1]["messages"]]
    assert not [e for e in serde_events if e["kind"].startswith("msgpack")]


def test_the_opt_in_subgraph_path_still_checkpoints_stage_objects(store, serde_events):
    # what add_memory did before its fused nodes: shows the check above can fail
    from langgraph.graph import END, START, StateGraph

    from langmem_nodes import MemoryState, add_memory

    builder = StateGraph(MemoryState, context_schema=MemoryContext)
    builder.add_node("agent", lambda s: {"messages": [MemoryEchoChatModel().invoke(s["messages"])]})
    builder.add_edge(START, "agent").add_edge("agent", END)
    saver = InMemorySaver()
    graph = add_memory(builder, store, agent="agent", read_graph=create_read_graph(store)).compile(checkpointer=saver)
    for text in TURNS[:2]:
        graph.invoke({"messages": [("user", text)]}, {"configurable": {"thread_id": "t1"}}, context=ADA)
    assert not serde_events
    list(saver.list(None))  # every checkpoint of every namespace, deserialized
    assert any(e["kind"] == "msgpack_unregistered_allowed" for e in serde_events)


def test_one_turn_writes_a_handful_of_checkpoints():
    fused, subgraphs = measure("fused", 2, "hashing"), measure("subgraphs", 2, "hashing")
    assert fused["checkpoints_per_turn"] <= 5 < 20 <= subgraphs["checkpoints_per_turn"]
    assert fused["bytes_per_turn"] * 3 < subgraphs["bytes_per_turn"]
    assert set(fused["state_keys"]) <= MEMORY_OUT


def test_studio_sees_messages_in_and_the_blocks_out(store):
    from langmem_nodes.write.graph import create_write_graph

    steering = {"memory_task_type", "memory_recent_tools", "memory_k", "memory_shown_ids"}
    read_in = create_read_graph(store).compile().get_input_jsonschema()["properties"]
    assert set(read_in) == {"messages", "query"} | steering  # `query`: a question without a conversation
    write_in = create_write_graph(store).compile().get_input_jsonschema()["properties"]
    assert set(write_in) == {"messages", "memory_injected_ids", "memory_recall_id"}
    for graph in (_memory_agent(store, None), _middleware_agent(store, None)):
        assert set(graph.get_input_jsonschema()["properties"]) == {"messages"}
        out = set(graph.get_output_jsonschema()["properties"])
        assert {"messages", "memory_stable", "memory_injection", "memory_injected_ids"} <= out <= MEMORY_OUT | {
            "messages", "structured_response"}


def test_strict_msgpack_environment_variable(tmp_path):
    # the real switch, read when langgraph is imported: a fresh interpreter
    code = (
        "import logging, sys; logging.basicConfig(stream=sys.stdout)\n"
        "from langgraph.checkpoint.memory import InMemorySaver\n"
        "from graphs.memory_agent import create_memory_agent\n"
        "from langmem_nodes import MemoryContext, MemoryStore\n"
        f"store = MemoryStore({str(tmp_path)!r}, embedder='hashing')\n"
        "g = create_memory_agent(store).compile(checkpointer=InMemorySaver())\n"
        "cfg = {'configurable': {'thread_id': 't'}}\n"
        "for t in ['Remember that I prefer tabs.', '记住：我对花生过敏。', 'How should I indent?']:\n"
        "    out = g.invoke({'messages': [('user', t)]}, cfg, context=MemoryContext(user_id='ada'))\n"
        "v = g.get_state(cfg).values\n"
        "assert v['memory_written'] == out['memory_written'] and v['memory_stable'] == out['memory_stable']\n"
        "print('ok', len(v['memory_stable']))\n"
        "store.close()\n"
    )
    env = {**os.environ, "LANGGRAPH_STRICT_MSGPACK": "true", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("ok ") and "Deserializing" not in run.stdout + run.stderr


def test_checkpoint_serde_knows_every_record_and_state_type():
    import enum

    import pydantic

    from langmem_nodes import records, state
    from langmem_nodes.serde import CHECKPOINT_TYPES

    ours = {(m.__name__, name) for m in (records, state) for name, c in vars(m).items()
            if isinstance(c, type) and c.__module__ == m.__name__ and issubclass(c, enum.Enum | pydantic.BaseModel)}
    assert ours == set(CHECKPOINT_TYPES)


def test_the_subgraph_path_round_trips_with_checkpoint_serde(store, serde_events):
    from langgraph.graph import END, START, StateGraph

    from langmem_nodes import MemoryState, add_memory
    from langmem_nodes.serde import checkpoint_serde
    from langmem_nodes.state import ScoredMemory

    serde = checkpoint_serde()  # our types allowed, every other unregistered type blocked (strict)
    builder = StateGraph(MemoryState, context_schema=MemoryContext)
    builder.add_node("agent", lambda s: {"messages": [MemoryEchoChatModel().invoke(s["messages"])]})
    builder.add_edge(START, "agent").add_edge("agent", END)
    saver = InMemorySaver(serde=serde)
    graph = add_memory(builder, store, agent="agent", read_graph=create_read_graph(store)).compile(checkpointer=saver)
    for text in TURNS[:3]:
        graph.invoke({"messages": [("user", text)]}, {"configurable": {"thread_id": "t1"}}, context=ADA)
    hits = [h for t in saver.list(None) for h in t.checkpoint["channel_values"].get("memory_hits", [])]
    assert hits and all(isinstance(h, ScoredMemory) for h in hits)
    assert not serde_events
