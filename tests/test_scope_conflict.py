"""Two scope sources that disagree (run `context` vs `config["configurable"]`, e.g. an assistant pinned to a user)
are an error, never silently resolved (a newcomer's finding 6); agreeing or single sources work as before."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from langmem_nodes.context import MissingScopeError, ScopeConflictError, resolve_context
from langmem_nodes.records import MemoryContext


@pytest.mark.parametrize("context", [MemoryContext(user_id="mallory"), {"user_id": "mallory"}])
def test_a_context_that_contradicts_configurable_is_refused(context):
    with pytest.raises(ScopeConflictError, match="user_id"):
        resolve_context(SimpleNamespace(context=context), {"configurable": {"user_id": "carol"}})


def test_a_project_conflict_is_refused_too():
    with pytest.raises(ScopeConflictError, match="project_id"):
        resolve_context(SimpleNamespace(context=MemoryContext(user_id="ada", project_id="a")),
                        {"configurable": {"user_id": "ada", "project_id": "b"}})


def test_agreeing_or_single_sources_resolve():
    assert resolve_context(SimpleNamespace(context=MemoryContext(user_id="ada")),
                           {"configurable": {"user_id": "ada", "thread_id": "t"}}).user_id == "ada"
    assert resolve_context(None, {"configurable": {"user_id": "carol"}}).user_id == "carol"
    assert resolve_context(SimpleNamespace(context={"user_id": "ada"}), {"configurable": {"thread_id": "t"}}).user_id == "ada"
    assert issubclass(ScopeConflictError, MissingScopeError)
