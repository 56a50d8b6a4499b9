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


def test_an_auth_handler_listing_the_users_projects_keeps_them_out_of_others():
    from langmem_nodes.context import ScopeConflictError

    def config(projects):
        return {"configurable": {"langgraph_auth_user": {"identity": "ann", "memory_projects": projects},
                                 "langgraph_auth_user_id": "ann"}}

    ok = resolve_context(SimpleNamespace(context={"project_id": "shop"}), config(["shop", "blog"]))
    assert (ok.user_id, ok.project_id) == ("ann", "shop")
    assert resolve_context(SimpleNamespace(context={}), config("shop")).project_id is None  # user level only
    for given in ({"project_id": "bank"}, MemoryContext(user_id="ann", project_id="bank")):
        with pytest.raises(ScopeConflictError, match="memory_projects"):
            resolve_context(SimpleNamespace(context=given), config(["shop"]))
    with pytest.raises(ScopeConflictError, match="memory_projects"):
        resolve_context(None, {"configurable": {**config("shop")["configurable"], "project_id": "银行"}})
    # no list: every project, as before
    got = resolve_context(SimpleNamespace(context={"project_id": "bank"}), config(None))
    assert got.project_id == "bank"


def test_behind_auth_the_handler_pins_the_org_and_a_client_naming_another_is_refused():
    """Red team 8 H2: `memory_projects` alone let a client send org_id="globex" and read globex's project."""
    from langmem_nodes.context import ScopeConflictError

    def config(**user):
        return {"configurable": {"langgraph_auth_user": {"identity": "ada", **user}, "langgraph_auth_user_id": "ada"}}

    for given in ({"org_id": "globex", "project_id": "shop"}, MemoryContext(user_id="ada", org_id="环球")):
        with pytest.raises(ScopeConflictError, match="memory_orgs"):
            resolve_context(SimpleNamespace(context=given), config(memory_projects=["shop"]))
    with pytest.raises(ScopeConflictError, match="memory_orgs"):  # configurable is the client's too
        resolve_context(None, {"configurable": {**config()["configurable"], "org_id": "globex"}})
    assert resolve_context(SimpleNamespace(context={"project_id": "shop"}), config()).org_id == "default"
    pinned = resolve_context(SimpleNamespace(context={"project_id": "shop"}), config(memory_org="acme"))
    assert pinned.visible_partitions()[:2] == ["org/acme", "project/acme/shop"]
    two = config(memory_orgs=["acme", "initech"])
    assert resolve_context(SimpleNamespace(context={"org_id": "initech"}), two).org_id == "initech"
    with pytest.raises(ScopeConflictError, match="memory_orgs"):
        resolve_context(SimpleNamespace(context={"org_id": "globex"}), two)
    # no auth: the org is the deployment's to choose, as before
    assert resolve_context(SimpleNamespace(context={"user_id": "ada", "org_id": "globex"}), None).org_id == "globex"
