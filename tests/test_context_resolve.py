"""resolve_context: the runtime's MemoryContext is reused as is, unless config turns incognito on."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from langmem_nodes.context import MissingScopeError, resolve_context
from langmem_nodes.records import MemoryContext


def test_a_runtime_memory_context_is_returned_as_is_without_rebuilding():
    ctx = MemoryContext(user_id="ada", project_id="shop")
    assert resolve_context(SimpleNamespace(context=ctx), {"configurable": {"thread_id": "t1"}}) is ctx
    assert resolve_context(SimpleNamespace(context=ctx), None) is ctx


def test_incognito_in_config_still_wins_over_the_runtime_context():
    ctx = MemoryContext(user_id="ada", session_id="s1")
    got = resolve_context(SimpleNamespace(context=ctx), {"configurable": {"incognito": True}})
    assert got is not ctx and got.incognito and (got.user_id, got.session_id) == ("ada", "s1")
    quiet = MemoryContext(user_id="ada", incognito=True)
    assert resolve_context(SimpleNamespace(context=quiet), {"configurable": {"incognito": False}}).incognito


def test_no_scope_anywhere_is_an_error():
    with pytest.raises(MissingScopeError, match="user_id"):
        resolve_context(SimpleNamespace(context=None), {"configurable": {}})
