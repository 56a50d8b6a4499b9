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


@pytest.mark.parametrize("said", [
    "Remember that we use a surrogacy agency in Kyiv.", "Remember that we use Wegovy for weight loss.",
    "Remember that we have our mortgage with Nordea.", "Remember that we use a sleep consultant for our toddler.",
    "记住，我们在用降压药。", "记住：我们用的是工商银行的信用卡。", "记住，我们用的是公积金贷款。", "记住，我们用的是育儿嫂。",
])
def test_a_we_statement_about_health_fertility_money_or_family_stays_off_the_project(store, said) -> None:
    """Red team 8 H1: «Project uses a sperm donor bank», «项目使用招商银行的房贷» reached every member at once."""
    out = create_write_graph(store).compile().invoke({"messages": [("user", said)]}, context=ADA)
    assert not [w for w in out["memory_written"] if w["scope"]["level"] == "project"]
    assert store.find(BOB.visible_partitions()) == []


@pytest.mark.parametrize(("said", "obj"), [
    ("Remember that we use Stripe for payments.", "Stripe for payments"),
    ("Remember that we use the mortgage calculator API from Zillow.", "the mortgage calculator API from Zillow"),
    ("记住，我们用的是银行的对公账户接口。", "银行的对公账户接口"), ("记住，我们项目用的是医保结算接口。", "医保结算接口"),
])
def test_a_team_thing_named_with_a_personal_domain_word_is_still_the_projects(store, said, obj) -> None:
    out = create_write_graph(store).compile().invoke({"messages": [("user", said)]}, context=ADA)
    assert [(w["object"], w["scope"]["level"]) for w in out["memory_written"]] == [(obj, "project")]
