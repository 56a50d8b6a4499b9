"""QueryNode: scope is mandatory, k follows the task type, lexical form drops question words (en, zh)."""

from __future__ import annotations

import pytest

from langmem_nodes.context import MissingScopeError
from langmem_nodes.read import QueryNode, create_read_graph
from langmem_nodes.read.query import lexical_form
from langmem_nodes.records import MemoryContext

CTX = MemoryContext(user_id="ada", project_id="shop", session_id="s1")


def build(state, **kw):
    return QueryNode(**kw).run(state, CTX, None)["memory_query"]


def test_no_scope_is_a_clear_error(store):
    graph = create_read_graph(store).compile()
    with pytest.raises(MissingScopeError, match="no memory scope"):
        graph.invoke({"messages": [("user", "what do I like?")]})
    with pytest.raises(MissingScopeError):
        graph.invoke({"messages": [("user", "我喜欢什么？")]}, config={"configurable": {"project_id": "p"}})


def test_k_depends_on_task_type():
    msg = {"messages": [("user", "the login test fails")]}
    ks = {t: build({**msg, "memory_task_type": t}).k for t in ("debug", "general", "formatting", "unknown-type")}
    assert ks["debug"] > ks["general"] > ks["formatting"]
    assert ks["unknown-type"] == ks["general"]
    assert build({**msg, "memory_k": 3}).k == 3


def test_partitions_are_the_visible_ones_tools_feed_the_dense_form_and_the_project_only_filters():
    q = build({"messages": [("user", "deploy fails")], "memory_recent_tools": ["kubectl"]})
    assert q.partitions == CTX.visible_partitions()
    assert "kubectl" in q.dense and "shop" not in q.dense and q.recent_tools == ["kubectl"]
    assert build({"messages": [("user", "讲个笑话")]}).dense == "讲个笑话"  # no project words in the embedding


def test_latest_user_message_is_the_query_in_both_languages():
    q = build({"messages": [("user", "old topic"), ("assistant", "ok"), ("user", "我上次说喜欢什么茶？")]})
    assert q.text == "我上次说喜欢什么茶？"
    assert "什么" not in q.lexical and "茶" in q.lexical
    q2 = build({"messages": [("user", "first"), ("assistant", "reply"), ("user", "second")]}, context_messages=3)
    assert q2.text == "first\nreply\nsecond"


def test_lexical_form_drops_question_words_but_never_empties():
    assert lexical_form("When did Caroline go to the LGBTQ support group?") == "Caroline go to the LGBTQ support group?"
    assert lexical_form("what?") == "?"
    assert lexical_form("什么时候去北京") == "去北京"


def test_no_user_message_gives_no_query():
    assert build({"messages": [("assistant", "hello")]}) is None
    assert build({}) is None


@pytest.mark.parametrize("kw", [{"default_k": 0}, {"k_by_task": {"debug": 0}}, {"context_messages": 0}])
def test_bad_settings_raise(kw):
    with pytest.raises(ValueError):
        QueryNode(**kw)


def test_bad_k_in_state_raises():
    with pytest.raises(ValueError, match="memory_k"):
        build({"messages": [("user", "x")], "memory_k": -1})


def test_a_context_dict_without_user_id_is_the_documented_missing_scope_error(store):
    """A server (`langgraph dev`) coerces the run's context dict into `MemoryContext` before any node runs."""
    from langmem_nodes.records import MemoryContext as Ctx

    graph = create_read_graph(store).compile()
    for context in ({}, {"session_id": "s1", "thread_id": "t"}, {"user_id": None}):
        with pytest.raises(MissingScopeError, match="no memory scope"):
            graph.invoke({"messages": [("user", "我住在哪里？")]}, context=context)
    with pytest.raises(MissingScopeError):
        Ctx(project_id="shop")
    with pytest.raises(ValueError, match="user_id"):
        Ctx(user_id="")  # a given but invalid id stays a field error
