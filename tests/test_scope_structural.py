"""Scope is structural: the project is part of every partition it narrows, sessions included.

A session id that repeats across projects (or with and without a project) never joins their memories: not
in the read graph, BM25, dense search, the stable block, `MemoryAdmin.list`, dedup or promotion. Promotion
counts evidence within one project; bulk delete by project spares user-level memories; lineage ignores ids
the caller cannot see; `'*'` and other hostile ids are refused at the door, naming the field.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage
from pydantic import ValidationError

from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.read.graph import create_read_graph
from langmem_nodes.records import (
    Level,
    MemoryContext,
    MemoryRecord,
    Scope,
    Status,
    partition_key,
    session_prefix,
)
from langmem_nodes.write import create_write_graph

A1 = MemoryContext(user_id="al", project_id="pA", session_id="s1")
B1 = MemoryContext(user_id="al", project_id="pB", session_id="s1")
N1 = MemoryContext(user_id="al", session_id="s1")  # no project


def _say(store, ctx: MemoryContext, text: str, **state) -> dict:
    return create_write_graph(store).compile().invoke({"messages": [HumanMessage(content=text)], **state}, context=ctx)


def _seen(store, ctx: MemoryContext, question: str, needle: str) -> dict[str, bool]:
    """Where `needle` shows up for `ctx`: read graph selection and blocks, BM25, dense, admin list."""
    out = create_read_graph(store).compile().invoke({"messages": [("user", question)]}, context=ctx)
    parts = ctx.visible_partitions()
    lex = [store.get(i).text for i, _ in store.lexical_search(parts, needle, 20)]
    dense = [store.get(i).text for i, _ in store.dense_search(parts, store.embedder.embed_query(needle), 20)]
    return {
        "selected": any(needle in m.record.text for m in out["memory_selected"]),
        "injection": needle in (out.get("memory_injection") or ""),
        "stable": needle in (out.get("memory_stable") or ""),
        "bm25": any(needle in t for t in lex),
        "dense": any(needle in t for t in dense),
        "admin": any(needle in r["text"] for r in MemoryAdmin(store).list(ctx)),
    }


@pytest.mark.parametrize("text, needle", [("This project uses Terraform.", "Terraform"),
                                          ("这个项目用 Helm 部署。", "Helm"),
                                          ("In this project, never push directly to trunkbranch.", "trunkbranch"),
                                          ("这个项目必须先跑 lintcheck 再提交。", "lintcheck")])
def test_a_project_session_memory_never_shows_in_another_project_with_the_same_session_id(store, text, needle):
    (w,) = _say(store, A1, text)["memory_written"]
    assert w["scope"]["level"] == "session" and w["scope"]["project_id"] == "pA"
    assert set(_seen(store, A1, f"what about {needle}?", needle).values()) == {True}
    assert not any(_seen(store, B1, f"what about {needle}?", needle).values())
    assert not any(_seen(store, N1, f"what about {needle}?", needle).values())


@pytest.mark.parametrize("text, needle", [("I live in Lisbon.", "Lisbon"), ("我住在杭州。", "杭州")])
def test_a_fact_stated_without_a_project_stays_out_of_projects(store, text, needle):
    (w,) = _say(store, N1, text)["memory_written"]
    assert w["scope"] == {**w["scope"], "level": "session", "project_id": None}
    assert _seen(store, N1, f"where do I live? {needle}", needle)["admin"]
    assert not any(_seen(store, A1, f"where do I live? {needle}", needle).values())


def test_partition_keys_carry_the_project_and_one_helper_builds_them():
    assert A1.visible_partitions()[-1] == "session/default/al/pA/s1" == A1.scope("session").partition
    assert N1.visible_partitions()[-1] == "session/default/al//s1" == N1.scope("session").partition
    assert partition_key(Level.SESSION, "default", "pA", "al", "s1") == A1.visible_partitions()[-1]
    assert A1.visible_partitions()[-1].startswith(session_prefix("default", "al", "pA"))
    assert not N1.visible_partitions()[-1].startswith(session_prefix("default", "al", "pA"))
    assert A1.visible_partitions()[-1].startswith(session_prefix("default", "al"))  # every project's sessions


def test_dedup_and_recurrence_count_sessions_of_the_same_project_only(store):
    for s in ("s1", "s2"):
        _say(store, B1.model_copy(update={"session_id": s}), "This project uses Terraform.")
    out = _say(store, A1.model_copy(update={"session_id": "s3"}), "This project uses Terraform.")
    assert [w["scope"]["level"] for w in out["memory_written"]] == ["session"]  # a new fact in pA, not a merge
    assert store.find([partition_key("project", "default", "pA")]) == []
    _say(store, B1.model_copy(update={"session_id": "s4"}), "This project uses Terraform.")  # third pB session
    (pb,) = store.find([partition_key("project", "default", "pB")])
    assert pb.object == "Terraform" and pb.scope.project_id == "pB"
    assert store.find([partition_key("project", "default", "pA")]) == []


def test_a_third_statement_in_a_project_after_two_without_one_does_not_raise(store):
    for s in ("s1", "s2"):
        _say(store, N1.model_copy(update={"session_id": s}), "这个项目用 pnpm 管理依赖。")
        _say(store, N1.model_copy(update={"session_id": s}), "This project uses Terraform.")
    for text in ("这个项目用 pnpm 管理依赖。", "This project uses Terraform."):
        out = _say(store, A1.model_copy(update={"session_id": "s3"}), text)  # raised ValidationError before
        assert [(w["scope"]["level"], w["scope"]["project_id"]) for w in out["memory_written"]] == [("session", "pA")]
    assert store.find([partition_key("project", "default", "pA")]) == []


def test_delete_all_by_project_spares_user_level_memories_written_in_that_project(store):
    admin = MemoryAdmin(store)
    mine = Scope(user_id="al", project_id="pA", session_id="s1", level="user")  # written while in pA
    recs = [MemoryRecord(text="al prefers tabs", scope=mine),
            MemoryRecord(text="pA deploys with helm", scope=mine.at("project")),
            MemoryRecord(text="al is debugging the pA login", scope=mine.at("session")),
            MemoryRecord(text="pB deploys with argo", scope=mine.model_copy(update={"project_id": "pB"}).at("project"))]
    store.commit(add=recs)
    dry = admin.delete_all(org_id="*", project_id="pA", user_id="*", session_id="*", dry_run=True)
    assert set(dry["ids"]) == {recs[1].id, recs[2].id}
    wide = admin.delete_all(org_id="*", project_id="pA", user_id="*", session_id="*", dry_run=True,
                            written_in_project=True)
    assert set(wide["ids"]) == {recs[0].id, recs[1].id, recs[2].id}
    admin.delete_all(org_id="*", project_id="pA", user_id="*", session_id="*")
    assert [r.text for r in store.find(None)] == ["al prefers tabs", "pB deploys with argo"]
    with pytest.raises(ValueError, match="written_in_project"):
        admin.delete_all(org_id="*", project_id="*", user_id="*", session_id="*", written_in_project=True)


@pytest.mark.parametrize("explicit, text", [("Remember that I prefer Vim.", "I prefer Vim."),
                                            ("记住我喜欢用 Vim。", "我喜欢用 Vim。")])
def test_lineage_ignores_injected_ids_the_caller_cannot_see(store, explicit, text):
    bob_id = _say(store, MemoryContext(user_id="bob", session_id="b1"), explicit)["memory_written"][0]["id"]
    other_project = _say(store, MemoryContext(user_id="al", project_id="pB", session_id="s1"), text)[
        "memory_written"][0]["id"]
    out = _say(store, A1.model_copy(update={"session_id": "s7"}), text,
               memory_injected_ids=[bob_id, other_project, "mem_does_not_exist"])
    (w,) = out["memory_written"]
    assert w["source"] != "derived" and w["source_memory_ids"] == [] and w["status"] == "active"
    theirs = {bob_id, other_project}
    mine = [e.model_dump() for e in store.ledger() if e.memory_id not in theirs]
    told = str([out["memory_written"], out["memory_skipped"], mine])
    assert bob_id not in told and other_project not in told
    # an id the caller does see still counts as lineage; the foreign one beside it is still ignored
    own = _say(store, A1, explicit)["memory_written"][0]["id"]
    again = _say(store, A1.model_copy(update={"session_id": "s8"}), text, memory_injected_ids=[bob_id, own])
    assert again["memory_written"] == [] and "derived" in again["memory_skipped"][0]["reason"]
    assert bob_id not in str([e.model_dump() for e in store.ledger() if e.memory_id not in theirs])


@pytest.mark.parametrize("field", ["user_id", "project_id", "org_id", "session_id"])
@pytest.mark.parametrize("bad", ["*", "", "  ", " al", "a\x00b", "a\nb", "a\u2028b", "a\x85b", "a\ud800b", "a/b", "a\u202eb"])
def test_hostile_ids_are_refused_at_the_context_naming_the_field(field, bad):
    fields = {"user_id": "al", field: bad}
    with pytest.raises(ValidationError, match=field):
        MemoryContext(**fields)
    with pytest.raises(ValueError, match=field):
        Scope(**{**fields, "session_id": fields.get("session_id", "s"), "level": "session"})


def test_stored_records_with_an_old_lenient_id_still_parse(store):
    """A home written before `'*'` was refused keeps every memory readable (the door refuses new ones)."""
    rec = MemoryRecord(text="al prefers tea", scope=Scope(user_id="al"))
    store.commit(add=[rec])
    body = store._canonical._conn.execute("SELECT body FROM records WHERE id=?", (rec.id,)).fetchone()[0]
    with store._canonical.transaction() as conn:
        conn.execute("UPDATE records SET body=?, partition=? WHERE id=?",
                     (body.replace('"user_id":"al"', '"user_id":"*"'), "user/default/*", rec.id))
    assert store.get(rec.id).scope.user_id == "*"
    assert [r.id for r in store.find(["user/default/*"], statuses=[Status.ACTIVE])] == [rec.id]


def _old_join_key(real):
    def old(level, org_id, project_id, user_id, session_id):  # layout 1: no project in session keys
        return f"session/{org_id}/{user_id}/{session_id}" if level is Level.SESSION else real(
            level, org_id, project_id, user_id, session_id)
    return old


def test_migration_rekeys_an_old_layout_home_and_keeps_every_memory_where_it_belongs(tmp_path, fake_embedder,
                                                                                       monkeypatch):
    import langmem_nodes.records as records
    import langmem_nodes.store.memory_store as memory_store
    from langmem_nodes.store import MemoryStore
    from langmem_nodes.store.chroma import collection_name
    from langmem_nodes.store.layout import LAYOUT_KEY, migrate

    home = tmp_path / "old-home"
    with monkeypatch.context() as m:  # build the home with the layout-1 code path: real write graph, Chroma for all
        m.setattr(records, "_join_key", _old_join_key(records._join_key))
        m.setattr(memory_store, "migrate_layout", lambda *a: 0)
        old = MemoryStore(home, embedder=fake_embedder, chroma_mirror="all")
        _say(old, A1, "This project uses Terraform.")
        _say(old, B1, "这个项目用 Helm 部署。")
        _say(old, N1, "I live in Lisbon.")
        _say(old, A1, "Remember that I prefer Vim.")  # user level: the same in both layouts
        assert sorted({p for p, _ in old.partition_sizes()}) == ["session/default/al/s1", "user/default/al"]
        assert len(old.chroma.ids("session/default/al/s1")) == 3
        before = {r.id: r.model_dump() for r in old.find(None, statuses=None)}
        ledger_before = old.ledger_count()
        old.close()
    assert records._join_key("session", "o", "p", "u", "s") == "session/o/u/p/s"

    import langmem_nodes.store.layout as layout

    with monkeypatch.context() as m:  # a crash after the re-keying commit, before the old collections went
        m.setattr(layout, "drop_old_collections", lambda *a: None)
        crashed = MemoryStore(home, embedder=fake_embedder, chroma_mirror="all")
        assert crashed.meta(layout.DROP_KEY) == '["session/default/al/s1"]'
        crashed.close()
    store = MemoryStore(home, embedder=fake_embedder, chroma_mirror="all")  # finishes the migration
    try:
        assert store.meta(LAYOUT_KEY) == "2" and store.pending_intents() == []
        assert store.meta(layout.DROP_KEY) is None
        assert {r.id: r.model_dump() for r in store.find(None, statuses=None)} == before  # bodies untouched
        assert store.ledger_count() == ledger_before
        assert sorted(p for p, _ in store.partition_sizes()) == [
            "session/default/al//s1", "session/default/al/pA/s1", "session/default/al/pB/s1", "user/default/al"]
        rows = store._canonical._conn.execute("SELECT id, partition FROM records").fetchall()
        assert all(store.get(i).scope.partition == p for i, p in rows)
        # Chroma followed: the old collection is gone, each new partition holds exactly its own ids
        names = {c.name if hasattr(c, "name") else c for c in store.chroma.client.list_collections()}
        assert collection_name("session/default/al/s1") not in names
        for part in ("session/default/al//s1", "session/default/al/pA/s1", "session/default/al/pB/s1"):
            assert store.chroma.ids(part) == [r.id for r in store.find([part], statuses=None)]
            hits = store.chroma.search([part], store.embedder.embed_query("x"), 10)
            assert {i for i, _ in hits} == {r.id for r in store.find([part])}
        # every memory visible where it belongs, and only there
        assert _seen(store, A1, "what about Terraform?", "Terraform")["admin"]
        assert not any(_seen(store, B1, "what about Terraform?", "Terraform").values())
        assert _seen(store, B1, "Helm 部署?", "Helm")["bm25"]
        assert not any(_seen(store, A1, "Helm 部署?", "Helm").values())
        assert _seen(store, N1, "where do I live? Lisbon", "Lisbon")["bm25"]
        assert not any(_seen(store, A1, "where do I live? Lisbon", "Lisbon").values())
        for ctx in (A1, B1, N1):
            assert _seen(store, ctx, "which editor? Vim", "Vim")["admin"]
        # the migrated home keeps working: new writes dedup into the moved records, forget reaches every copy
        out = _say(store, A1.model_copy(update={"session_id": "s2"}), "This project uses Terraform.")
        assert out["memory_written"] == [] and out["memory_skipped"][0]["action"] == "merge"
        moved = store.find(["session/default/al//s1"])[0]
        store.forget(moved.id)
        assert all(store.verify_gone(moved.id).values())
        assert migrate(store._canonical, store.fanout.names, store.chroma) == 0  # idempotent
    finally:
        store.close()
    again = MemoryStore(home, embedder=fake_embedder, chroma_mirror="all")
    assert again.pending_intents() == [] and len(again.find(None, statuses=None)) == len(before) - 1
    again.close()


@pytest.mark.parametrize("text", ["This project uses Terraform.", "这个项目用 Helm 部署。"])
def test_a_project_fact_with_neither_project_nor_session_is_not_widened_to_the_user(store, text):
    out = _say(store, MemoryContext(user_id="al"), text)
    assert out["memory_written"] == [] and "needs a project_id or a session_id" in out["memory_skipped"][0]["reason"]
    assert store.find(None, statuses=None) == []
