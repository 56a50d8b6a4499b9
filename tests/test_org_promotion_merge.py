"""newcomer22 M3/L7: promoting the same convention from a second project merges into the org record already
holding it (its provenance names both sources, the ledger says so); a reader never gets one rule twice (two org
copies, or an org copy and its project copy, are one item); an org record no longer reads "Project rule"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.read import create_read_graph
from langmem_nodes.records import MemoryContext
from langmem_nodes.write import PromoteNode, create_write_graph

T0 = datetime(2026, 1, 1, tzinfo=UTC)
RULES = [("Team rule from now on: never commit to main.", "Can I commit straight to main?"),
         ("团队规定：以后不要直接提交到 main。", "我可以直接提交到 main 吗？")]


def ctx(user: str, project: str | None, session: str | None = None) -> MemoryContext:
    return MemoryContext(user_id=user, project_id=project, session_id=session, org_id="acme")


def _two_projects(store, said: str) -> list[str]:
    g = create_write_graph(store).compile()
    ids = []
    for user, project in (("ana", "web"), ("cai", "api")):
        out = g.invoke({"messages": [HumanMessage(content=said)]}, context=ctx(user, project, "s1"))
        ids += [w["id"] for w in out["memory_written"]]
    assert len(ids) == 2
    return ids


def _org(store) -> list[dict]:
    return [m for m in MemoryAdmin(store).list_all() if m["scope"]["level"] == "org"]


@pytest.mark.parametrize("said", [s for s, _ in RULES])
def test_second_promotion_merges_into_the_org_record(store, said) -> None:
    web, api = _two_projects(store, said)
    node = PromoteNode(store)
    first = node.promote_to_org(web, confirmed_by="cto", now=T0)
    second = node.promote_to_org(api, confirmed_by="lead", now=T0)
    assert second.id == first.id  # one org memory, not two
    (org,) = _org(store)
    assert org["source_memory_ids"] == [web, api]
    ops = [(e.op.value, e.from_scope) for e in store.history(first.id)]
    assert ops == [("promote", "project/acme/web"), ("promote", "project/acme/api")]
    assert "merged" in store.history(first.id)[-1].reason
    again = node.promote_to_org(api, confirmed_by="lead", now=T0)  # the same source twice: nothing new
    assert again.id == first.id and store.get(first.id).source_memory_ids == [web, api]
    assert len(store.history(first.id)) == 2


@pytest.mark.parametrize("said", [s for s, _ in RULES])
def test_org_record_reads_as_an_org_rule(store, said) -> None:
    web, _ = _two_projects(store, said)
    org = PromoteNode(store).promote_to_org(web, confirmed_by="cto", now=T0)
    assert not org.text.startswith(("Project", "项目")), org.text
    assert org.text.startswith(("Org rule", "组织规则")), org.text


@pytest.mark.parametrize(("said", "question"), RULES)
def test_a_reader_gets_the_rule_once(store, said, question) -> None:
    web, api = _two_projects(store, said)
    node = PromoteNode(store)
    node.promote_to_org(web, confirmed_by="cto", now=T0)
    # a second org copy written before merging existed (an older home) must not be injected twice either
    org = store.get(node.promote_to_org(api, confirmed_by="lead", now=T0).id)
    twin = org.model_copy(update={"id": "mem_twin0000000000000", "source_memory_ids": [api]})
    store.commit(add=[twin])
    rg = create_read_graph(store).compile()
    for who in (ctx("ben", "web"), ctx("dan", "mobile")):
        out = rg.invoke({"messages": [HumanMessage(content=question)]}, context=who)
        objects = [(h.record.predicate, h.record.object) for h in out["memory_selected"]]
        assert objects and len(objects) == len(set(objects)), objects


@pytest.mark.parametrize("said", [s for s, _ in RULES])
def test_show_of_an_org_record_names_its_sources(store, said) -> None:
    web, api = _two_projects(store, said)
    node = PromoteNode(store)
    org = node.promote_to_org(web, confirmed_by="cto", now=T0)
    node.promote_to_org(api, confirmed_by="lead", now=T0)
    shown = MemoryAdmin(store).show(org.id)
    assert [s["id"] for s in shown["sources"]] == [web, api]
    assert {s["scope"]["project_id"] for s in shown["sources"]} == {"web", "api"}
