"""`manage_memory` acts only on memories its run can see (rt6 M3): before, a run in project p2 could update
(supersede) or delete the same user's session memory of project p1 by id, though p2 can never read it. Now any id
outside the run's visible partitions is "no memory … among your memories", and nothing changes (en + zh)."""

from __future__ import annotations

import json

import pytest

from langmem_nodes.records import Status
from langmem_nodes.tools import create_manage_memory_tool

P1 = {"configurable": {"user_id": "ada", "project_id": "p1", "session_id": "s1"}}
NOTES = [("User is working on the login page", "User is working on the signup page"),
         ("用户在做登录页面", "用户在做注册页面")]


def _session_memory(manage, note: str) -> str:
    out = json.loads(manage.invoke({"action": "create", "content": note}, config=P1))
    (written,) = out["written"]
    assert written["level"] == "session"
    return written["id"]


@pytest.mark.parametrize(("note", "change"), NOTES)
@pytest.mark.parametrize("elsewhere", [{"project_id": "p2", "session_id": "s9"}, {"project_id": "p2"}, {}])
def test_another_projects_run_cannot_update_or_delete_it(store, note, change, elsewhere) -> None:
    manage = create_manage_memory_tool(store)
    mid = _session_memory(manage, note)
    config = {"configurable": {"user_id": "ada", **elsewhere}}
    before = store.get(mid).model_dump()
    for args in ({"action": "update", "id": mid, "content": change}, {"action": "delete", "id": mid}):
        assert manage.invoke(args, config=config) == f"Error: no memory with id {mid!r} among your memories"
    assert store.get(mid).model_dump() == before
    assert len(store.find(None)) == 1


def test_its_own_run_still_can(store) -> None:
    manage = create_manage_memory_tool(store)
    mid = _session_memory(manage, NOTES[0][0])
    out = json.loads(manage.invoke({"action": "update", "id": mid, "content": NOTES[0][1]}, config=P1))
    assert out["superseded"] == [mid] and store.get(mid).status is Status.SUPERSEDED
    new = out["written"][0]["id"]
    assert json.loads(manage.invoke({"action": "delete", "id": new}, config=P1))["id"] == new
