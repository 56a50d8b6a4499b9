"""On LangGraph's server with custom auth, the authenticated user is the memory user: it fills a run without a
user_id, and a client-sent user_id naming someone else is refused (a client must not read another user's memory
by writing their id into `context`). Studio's own user (the developer) and unauthenticated runs are no identity.
The real server with a real auth handler: tests/test_langgraph_dev.py."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from langchain_core.messages import HumanMessage
from langgraph.graph import END, START, StateGraph
from starlette.authentication import SimpleUser

from langmem_nodes import MemoryState, RunContext, add_memory
from langmem_nodes.context import MissingScopeError, ScopeConflictError, authenticated_user, resolve_context
from langmem_nodes.records import MemoryContext


class StudioUser(SimpleUser):
    """Shaped like langgraph_api's StudioUser (the class name is what marks it)."""


def _auth(identity: str, user: object = None) -> dict:
    return {"langgraph_auth_user": user if user is not None else SimpleUser(identity),
            "langgraph_auth_user_id": identity}


def test_the_authenticated_user_fills_a_missing_user_id_and_keeps_the_rest_of_the_scope():
    cfg = {"configurable": {**_auth("ada"), "session_id": "s1", "project_id": "shop"}}
    ctx = resolve_context(None, cfg)
    assert (ctx.user_id, ctx.session_id, ctx.project_id) == ("ada", "s1", "shop")
    ctx = resolve_context(SimpleNamespace(context={"session_id": "s2"}), cfg)
    assert (ctx.user_id, ctx.session_id) == ("ada", "s2")
    zh = resolve_context(SimpleNamespace(context={"session_id": "会话1"}), {"configurable": _auth("用户甲")})
    assert zh.user_id == "用户甲"


@pytest.mark.parametrize("context", [MemoryContext(user_id="bo"), {"user_id": "bo"}, {"user_id": "李雷"}])
def test_a_client_naming_another_user_than_the_authenticated_one_is_refused(context):
    with pytest.raises(ScopeConflictError, match="authenticated as user 'ada'"):
        resolve_context(SimpleNamespace(context=context), {"configurable": _auth("ada")})
    with pytest.raises(ScopeConflictError, match="configurable"):
        resolve_context(None, {"configurable": {**_auth("ada"), "user_id": "bo"}})


def test_naming_the_authenticated_user_itself_is_fine():
    assert resolve_context(SimpleNamespace(context=MemoryContext(user_id="ada")), {"configurable": _auth("ada")}).user_id == "ada"


@pytest.mark.parametrize("configurable", [
    {"langgraph_auth_user": None, "langgraph_auth_user_id": ""},  # langgraph dev without auth
    _auth("langgraph-studio-user", StudioUser("langgraph-studio-user")),  # Studio's developer
    {"langgraph_auth_user": {"kind": "StudioUser", "identity": "dev"}, "langgraph_auth_user_id": "dev"},  # serialized
    {"langgraph_auth_user_id": "ada"},  # an id with no authenticated user object: not from the server's auth
])
def test_no_end_user_means_no_identity(configurable):
    assert authenticated_user(configurable) is None
    with pytest.raises(MissingScopeError):
        resolve_context(None, {"configurable": configurable})
    assert resolve_context(SimpleNamespace(context={"user_id": "bo"}), {"configurable": configurable}).user_id == "bo"


def test_a_graph_with_run_context_writes_for_the_authenticated_user(store):
    builder = StateGraph(MemoryState, context_schema=RunContext)
    builder.add_node("agent", lambda s: {"messages": [("ai", "ok")]})
    builder.add_edge(START, "agent")
    builder.add_edge("agent", END)
    graph = add_memory(builder, store, agent="agent").compile()
    for text, who in (("Remember that I prefer tabs.", "ada"), ("记住：我对花生过敏。", "李雷")):
        out = graph.invoke({"messages": [HumanMessage(content=text)]}, context={"session_id": "s1"},
                           config={"configurable": _auth(who)})
        assert out["memory_written"], out.get("memory_skipped")
        assert {r.scope.user_id for r in store.find(None)} >= {who}
    assert {r.object for r in store.find(MemoryContext(user_id="ada").visible_partitions())} == {"tabs"}
    with pytest.raises(ScopeConflictError):
        graph.invoke({"messages": [HumanMessage(content="What do I prefer?")]}, context={"user_id": "李雷"},
                     config={"configurable": _auth("ada")})


def test_a_served_graph_never_lets_the_client_pick_another_org(store):
    """Red team 8 H2: ada (memory_projects=["shop"]) sent org_id="globex" and was shown globex's launch date."""
    builder = StateGraph(MemoryState, context_schema=RunContext)
    builder.add_node("agent", lambda s: {"messages": [("ai", "ok")]})
    builder.add_edge(START, "agent")
    builder.add_edge("agent", END)
    graph = add_memory(builder, store, agent="agent").compile()
    gina = {"langgraph_auth_user": {"identity": "gina", "memory_org": "globex"}, "langgraph_auth_user_id": "gina"}
    for text in ("Remember that our project's launch date is March 3.", "记住：我们项目的代号是夜鹰。"):
        graph.invoke({"messages": [HumanMessage(content=text)]}, context={"project_id": "shop"}, config={"configurable": gina})
    assert {r.scope.org_id for r in store.find(None)} == {"globex"}  # the handler's one org, filled in
    ada = {"langgraph_auth_user": {"identity": "ada", "memory_projects": ["shop"]}, "langgraph_auth_user_id": "ada"}
    for ask in ("What is the project's launch date?", "项目代号是什么？"):
        with pytest.raises(ScopeConflictError, match="org_id='globex'"):
            graph.invoke({"messages": [HumanMessage(content=ask)]}, context={"org_id": "globex", "project_id": "shop"},
                         config={"configurable": ada})
        out = graph.invoke({"messages": [HumanMessage(content=ask)]}, context={"project_id": "shop"},
                           config={"configurable": ada})
        assert "March 3" not in (out.get("memory_injection") or "") and "夜鹰" not in (out.get("memory_injection") or "")
