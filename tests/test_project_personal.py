"""A personal fact said with "we" is never stored as a project fact (a project fact is shown to everyone in
the project): one user's health, home or family never reaches another user of the same project."""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.write import create_write_graph

ADA = MemoryContext(user_id="ada", project_id="web")
BOB = MemoryContext(user_id="bob", project_id="web")


@pytest.mark.parametrize("said", ["We use Lexapro for my depression, remember that.", "我们一直用舍曲林治我的焦虑，记住。"],
                         ids=["en", "zh"])
def test_a_personal_we_statement_is_not_shared_with_the_project(store, said) -> None:
    out = create_write_graph(store).compile().invoke({"messages": [("user", said)]}, context=ADA)
    assert not [w for w in out["memory_written"] if w["scope"]["level"] == "project"]
    assert any(s["reason"].startswith("personal") for s in out["memory_skipped"])
    assert store.find(BOB.visible_partitions()) == []


@pytest.mark.parametrize("said", ["Remember that we take our kids to the doctor on Fridays.", "记住，我们家孩子每周五去看医生。"],
                         ids=["en", "zh"])
def test_family_said_with_we_never_reaches_another_user(store, said) -> None:
    create_write_graph(store).compile().invoke({"messages": [("user", said)]}, context=ADA)
    assert store.find(BOB.visible_partitions()) == []


@pytest.mark.parametrize(("said", "obj"), [("Remember that our repo uses pnpm.", "pnpm"), ("We deploy on Kubernetes.", "Kubernetes"),
                                           ("记住，我们项目用 pnpm。", "pnpm")], ids=["en-repo", "en-we", "zh"])
def test_project_facts_are_still_project_facts(store, said, obj) -> None:
    out = create_write_graph(store).compile().invoke({"messages": [("user", said)]}, context=ADA)
    assert [(w["object"], w["scope"]["level"]) for w in out["memory_written"]] == [(obj, "project")]
    assert [m.object for m in store.find(BOB.visible_partitions())] == [obj]
