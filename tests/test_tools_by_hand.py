"""The memory tools called by hand (newcomer16 M4: `search.invoke({"query": …}, config=…)` raised a pydantic
ValidationError "runtime Field required", and without a scope the same instead of `MissingScopeError`). en + zh."""

from __future__ import annotations

import json

import pytest
from langgraph.graph import END, START, MessagesState, StateGraph

from langmem_nodes import MemoryContext, MemoryStore, MissingScopeError
from langmem_nodes.tools import create_manage_memory_tool, create_memory_file_tool, create_search_memory_tool

NOTES = {"en": ("User lives in Oslo", "where do I live?", "Oslo"), "zh": ("用户住在上海", "我住在哪？", "上海")}


def _cfg(user: str) -> dict:
    return {"configurable": {"user_id": user}}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_create_and_search_by_hand_with_the_scope_in_config(tmp_path, lang):
    note, question, value = NOTES[lang]
    with MemoryStore(tmp_path / "home", embedder="hashing") as store:
        manage, search = create_manage_memory_tool(store), create_search_memory_tool(store)
        made = json.loads(manage.invoke({"action": "create", "content": note}, config=_cfg("ada")))
        assert [value in w["text"] for w in made["written"]] == [True]
        found = json.loads(search.invoke({"query": question}, config=_cfg("ada")))
        assert found and value in found[0]["text"]
        assert json.loads(search.invoke({"query": question}, config=_cfg("bob"))) == []  # another user sees nothing


@pytest.mark.parametrize("tool", ["search", "manage", "memory"])
def test_by_hand_without_a_scope_raises_missing_scope(tmp_path, tool):
    with MemoryStore(tmp_path / "home", embedder="hashing") as store:
        tools = {"search": (create_search_memory_tool(store), {"query": "我住在哪？"}),
                 "manage": (create_manage_memory_tool(store), {"action": "create", "content": "User lives in Oslo"}),
                 "memory": (create_memory_file_tool(store), {"command": "view"})}
        made, args = tools[tool]
        with pytest.raises(MissingScopeError):
            made.invoke(args)


def test_by_hand_inside_a_graph_run_takes_the_runs_context(tmp_path):
    with MemoryStore(tmp_path / "home", embedder="hashing") as store:
        create_manage_memory_tool(store).invoke({"action": "create", "content": "用户住在上海"}, config=_cfg("ada"))
        search = create_search_memory_tool(store)
        builder = StateGraph(MessagesState, context_schema=MemoryContext)
        builder.add_node("look", lambda state: {"messages": [("ai", search.invoke({"query": "我住在哪？"}))]})
        builder.add_edge(START, "look").add_edge("look", END)
        graph = builder.compile()
        mine = graph.invoke({"messages": [("user", "hi")]}, context=MemoryContext(user_id="ada"))
        theirs = graph.invoke({"messages": [("user", "hi")]}, context=MemoryContext(user_id="bob"))
        assert "上海" in mine["messages"][-1].content
        assert json.loads(theirs["messages"][-1].content) == []


def test_the_model_never_sees_config_or_runtime_as_arguments(tmp_path):
    with MemoryStore(tmp_path / "home", embedder="hashing") as store:
        for made in (create_search_memory_tool(store), create_manage_memory_tool(store), create_memory_file_tool(store)):
            fields = set(made.tool_call_schema.model_json_schema()["properties"])
            assert not fields & {"config", "runtime", "user_id"}, fields
