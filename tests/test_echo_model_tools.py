"""The quickstart's MemoryEchoChatModel works in `create_agent` with tools (it binds them and never calls one)."""

from __future__ import annotations

import pytest
from langchain.agents import create_agent
from langchain_core.tools import tool

from langmem_nodes import MemoryContext, MemoryStore
from langmem_nodes.middleware import MemoryMiddleware
from langmem_nodes.testing import MemoryEchoChatModel


@tool
def weather(city: str) -> str:
    """The weather in a city."""
    return f"Sunny in {city}"


@pytest.mark.parametrize(("said", "asked", "fact"), [
    ("Remember that I prefer green tea.", "Which tea do I like?", "green tea"),
    ("记住：我喜欢喝绿茶。", "我喜欢喝什么茶？", "绿茶"),
])
def test_memory_echo_model_runs_in_create_agent_with_tools(tmp_path, said, asked, fact):
    with MemoryStore(tmp_path / "home", embedder="hashing") as store:
        agent = create_agent(MemoryEchoChatModel(), [weather], middleware=[MemoryMiddleware(store)])
        ctx = MemoryContext(user_id="ada")
        agent.invoke({"messages": [("user", said)]}, context=ctx)
        out = agent.invoke({"messages": [("user", asked)]}, context=ctx)
        assert fact in out["messages"][-1].content
