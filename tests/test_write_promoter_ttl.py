"""Scope promotion (session → user/project → org) and lifetimes (tiered TTL, sweeper, archival)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.write import ExpirySweeper, PromoteNode, TTLPolicy, UniformTTL, create_write_graph

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def ctx(session: str, project: str | None = "shop", user: str = "u1") -> MemoryContext:
    return MemoryContext(user_id=user, project_id=project, session_id=session)


def say(graph, text: str, c: MemoryContext) -> dict:
    return graph.invoke({"messages": [HumanMessage(content=text)]}, context=c)


def visible(store, c: MemoryContext) -> list[str]:
    return sorted(r.object for r in store.find(c.visible_partitions()))


@pytest.mark.parametrize("text", ["Remember that I prefer tabs.", "From now on, I prefer tabs.", "记住：我喜欢 tabs。",
                                  "以后我都喜欢 tabs。"])
def test_explicit_statement_is_visible_from_a_later_session(store, text) -> None:
    g = create_write_graph(store).compile()
    (w,) = say(g, text, ctx("s1"))["memory_written"]
    assert w["scope"]["level"] == "user"
    assert visible(store, ctx("s2")) == ["tabs"]
    assert [e.op.value for e in store.history(w["id"])] == ["write", "promote"]


def test_inferred_fact_stays_in_session_until_it_recurs(store) -> None:
    g = create_write_graph(store).compile()
    say(g, "I prefer spaces.", ctx("s1"))
    assert visible(store, ctx("s2")) == []  # one session is not evidence of a lasting preference
    out = say(g, "I prefer spaces.", ctx("s2"))
    (old_id,) = out["memory_superseded"]
    (user_level,) = store.find([ctx("s3").visible_partitions()[2]])
    assert user_level.scope.level.value == "user" and user_level.recurrence == 2 and user_level.supersedes == [old_id]
    assert visible(store, ctx("s3")) == ["spaces"]
    promote = [e for e in store.history(user_level.id) if e.op.value == "promote"]
    assert promote and "recurrence in 2 sessions" in promote[0].reason


def test_project_fact_needs_more_sessions_and_never_leaks_to_other_projects(store) -> None:
    g = create_write_graph(store).compile()
    for s in ("s1", "s2"):
        say(g, "This project uses Bazel.", ctx(s))
    assert visible(store, ctx("s9")) == []  # two sessions: enough for a user fact, not for a project fact
    say(g, "This project uses Bazel.", ctx("s3"))
    assert visible(store, ctx("s9")) == ["Bazel"]
    assert visible(store, ctx("s9", user="u2")) == ["Bazel"]  # shared with the project's other members
    assert visible(store, ctx("s9", project="blog")) == []  # never visible in another project
    say(g, "Remember: this repo deploys with Fly.", ctx("s4", project="blog"))
    assert visible(store, ctx("s5", project="blog")) == ["Fly"] and "Fly" not in visible(store, ctx("s5"))


def test_project_fact_without_project_id_is_never_widened(store) -> None:
    g = create_write_graph(store).compile()
    (w,) = say(g, "Remember: this project uses Bazel.", ctx("s1", project=None))["memory_written"]
    assert w["scope"]["level"] == "session"


def test_thresholds_rise_with_fan_out_and_validation() -> None:
    node = PromoteNode(None)
    assert node.target_level("user", explicit=False, recurrence=2, has_project=True).value == "user"
    assert node.target_level("project", explicit=False, recurrence=2, has_project=True) is None
    assert node.target_level("project", explicit=False, recurrence=3, has_project=True).value == "project"
    with pytest.raises(ValueError):
        PromoteNode(None, user_sessions=4, project_sessions=3)
    with pytest.raises(ValueError):
        PromoteNode(None, org_users=1)


def test_org_promotion_needs_confirmation_and_users(store) -> None:
    g = create_write_graph(store).compile()
    ids = [say(g, "Remember that I prefer UTC timestamps.", ctx("s", user=u))["memory_written"][0]["id"]
           for u in ("a", "b")]
    node = PromoteNode(store, org_users=3)
    with pytest.raises(ValueError, match="confirm"):
        node.promote_to_org(ids[0], confirmed_by=" ", now=T0)
    with pytest.raises(ValueError, match=">= 3 users"):
        node.promote_to_org(ids[0], confirmed_by="admin", now=T0)
    say(g, "Remember that I prefer UTC timestamps.", ctx("s", user="c"))
    org = node.promote_to_org(ids[0], confirmed_by="admin", now=T0)
    assert org.scope.partition == "org/default" and org.source_memory_ids == [ids[0]]
    assert "quote" not in store.get(ids[0]).metadata and store.get(ids[0]).source_turn_ids  # a quote is never stored
    assert "quote" not in store.get(org.id).metadata and store.get(org.id).source_turn_ids == []
    assert "UTC timestamps" in visible(store, ctx("s", user="zed"))
    with pytest.raises(KeyError):
        node.promote_to_org("mem_nope", confirmed_by="admin", now=T0)



@pytest.mark.parametrize("said", ["Remember that I'm allergic to peanuts.", "记住：我对花生过敏。",
                                  "Remember that I take insulin for my diabetes.", "记住，我在吃抗抑郁的药。"])
def test_a_users_personal_fact_is_never_promoted_to_the_org(store, said) -> None:
    """Red team 8 M5: three users' allergy became an org memory that read "[identity] «User is allergic to peanuts»"
    to every member: a personal fact is each user's own, never the org's."""
    g = create_write_graph(store).compile()
    ids = [w["id"] for u in ("a", "b", "c") for w in say(g, said, ctx("s", user=u))["memory_written"]]
    assert ids
    with pytest.raises(ValueError, match="personal"):
        PromoteNode(store).promote_to_org(ids[0], confirmed_by="admin", now=T0)
    assert store.find(["org/default"]) == []

@pytest.mark.parametrize("said", ["Team rule from now on: never commit to main.", "团队规定：以后不要直接提交到 main。"])
def test_a_team_convention_held_by_two_projects_can_be_promoted_to_the_org(store, said) -> None:
    """newcomer20 M6: a project rule could never reach the org ("a project fact is never promoted beyond its
    project"); a convention two projects hold is, with an explicit confirmation."""
    g = create_write_graph(store).compile()
    (first,) = say(g, said, ctx("s1", project="web", user="lead"))["memory_written"]
    node = PromoteNode(store)
    with pytest.raises(ValueError, match=">= 2 projects, found 1"):
        node.promote_to_org(first["id"], confirmed_by="cto", now=T0)
    say(g, said, ctx("s2", project="api", user="lead"))
    org = node.promote_to_org(first["id"], confirmed_by="cto", now=T0)
    assert org.scope.partition == "org/default" and org.source_memory_ids == [first["id"]]
    assert org.object in visible(store, ctx("s9", project="mobile", user="newbie"))  # every project of the org
    with pytest.raises(ValueError):
        PromoteNode(None, org_projects=1)


# ---- TTL -------------------------------------------------------------------------------------------
def test_ttl_policies() -> None:
    p = TTLPolicy()
    assert (p.ttl_days("stable"), p.ttl_days("semi"), p.ttl_days("volatile")) == (3650, 180, 21)
    assert TTLPolicy(volatile_days=7).expires_at("volatile", T0) == T0 + timedelta(days=7)
    u = UniformTTL(90)
    assert {u.ttl_days(t) for t in ("stable", "semi", "volatile")} == {90}
    rec = MemoryRecord(text="x", scope=Scope(user_id="u"), tier="volatile", verified_at=T0 + timedelta(days=3))
    assert p.expires_at(rec, T0) == T0 + timedelta(days=24)
    with pytest.raises(ValueError, match="unknown tier"):
        p.ttl_days("forever")
    with pytest.raises(ValueError, match="semi_days"):
        TTLPolicy(semi_days=0)


def test_commit_sets_expiry_by_tier(store) -> None:
    g = create_write_graph(store, clock=lambda: T0).compile()
    out = say(g, "Remember: today I'm working on the invoice export.", ctx("s1"))
    (w,) = out["memory_written"]
    assert w["tier"] == "volatile" and w["expires_at"].startswith("2026-01-22")


def test_sweeper_expires_and_archives_without_deleting(store) -> None:
    c = ctx("s1")
    vol = MemoryRecord(text="User is working on X", predicate="working_on", object="X", tier="volatile",
                       scope=c.scope("user"), created_at=T0, verified_at=T0)
    old = MemoryRecord(text="User likes tea", predicate="prefers", object="tea", tier="stable",
                       scope=c.scope("user"), created_at=T0, verified_at=T0, accessed_at=T0)
    fresh = MemoryRecord(text="User likes jazz", predicate="prefers", object="jazz", tier="stable",
                         scope=c.scope("user"), created_at=T0, verified_at=T0, accessed_at=T0 + timedelta(days=390))
    store.commit(add=[vol, old, fresh])
    sweeper = ExpirySweeper(store, TTLPolicy(), archive_after_days=365)
    assert sweeper.sweep(T0 + timedelta(days=10)) == {"expired": [], "archived": []}
    assert sweeper.sweep(T0 + timedelta(days=400)) == {"expired": [vol.id], "archived": [old.id]}
    assert [r.id for r in store.find(c.visible_partitions())] == [fresh.id]
    assert store.get(vol.id).status.value == "expired" and store.get(old.id).status.value == "archived"
    assert [e.op.value for e in store.history(vol.id)] == ["expire"]
    assert "TTL" in store.history(vol.id)[0].reason


def test_sweeper_leaves_read_only_memories_alone(store) -> None:
    rec = MemoryRecord(text="User is working on X", predicate="working_on", object="X", tier="volatile",
                       scope=ctx("s1").scope("user"), created_at=T0, verified_at=T0, read_only=True)
    store.commit(add=[rec])
    assert ExpirySweeper(store).sweep(T0 + timedelta(days=400)) == {"expired": [], "archived": []}
    assert store.get(rec.id).status.value == "active"
