"""A note of several statements (`manage_memory`, `BatchWriter(extractor=RecordExtractor())`) stores each
statement as its own memory: no memory keeps another statement's words — not a refused credential, not a
sibling's personal fact, not a forgotten statement, not in a copy promoted to the project or the org
(red-team rt6 H1, H2, H3, H3b)."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime

import pytest

from langmem_nodes import MemoryAdmin, MemoryContext
from langmem_nodes.tools import create_manage_memory_tool
from langmem_nodes.write import BatchWriter, RecordExtractor
from langmem_nodes.write.promote import PromoteNode


def holding(home, needle: str) -> list[str]:
    """Files under `home` whose bytes contain `needle`."""
    hits = []
    for root, _, files in os.walk(home):
        for f in files:
            with open(os.path.join(root, f), "rb") as fh:
                if needle.encode() in fh.read():
                    hits.append(f)
    return hits


def create(store, content: str, **configurable) -> dict:
    tool = create_manage_memory_tool(store)
    return json.loads(tool.invoke({"action": "create", "content": content}, config={"configurable": configurable}))


@pytest.mark.parametrize(("note", "kept", "secret"), [
    ("User likes green tea. User's wifi password is Aq7wifiZZ91.", "green tea", "Aq7wifiZZ91"),
    ("用户喜欢绿茶。用户的wifi密码是Aq7wifiZZ91。", "绿茶", "Aq7wifiZZ91"),
])
def test_a_refused_credential_is_not_kept_in_its_siblings_metadata(store, note, kept, secret):
    out = create(store, note, user_id="ada")
    assert [w for w in out["written"] if kept in w["text"]] and out["skipped"]
    for rec in MemoryAdmin(store).list({"user_id": "ada"}):
        assert secret not in json.dumps(rec, ensure_ascii=False)
    store.close()
    assert holding(store.home, secret) == []


def test_a_record_import_keeps_no_refused_statement(store):
    rows = ["User likes green tea. User's wifi password is Xk9pq22ZZq.",
            "User lives in Oslo; the user's bank PIN is 4417 and their login is hunter2-XY",
            "User prefers dark mode. User's Stripe key: sk_live_4eC39HqLyjWDarjtT1zdp7dc"]
    out = BatchWriter(store, extractor=RecordExtractor()).write(
        [{"messages": [("user", r)], "context": MemoryContext(user_id="ada")} for r in rows])
    assert all(o["memory_written"] for o in out)
    store.close()
    for secret in ("Xk9pq22ZZq", "hunter2-XY", "sk_live_4eC39HqLyjWDarjtT1zdp7dc", "4417"):
        assert holding(store.home, secret) == [], secret


def test_forgetting_one_statement_leaves_no_ghost_in_its_sibling(store):
    out = create(store, "User prefers dark mode. User is in therapy for depression.", user_id="ada")
    gone = next(w["id"] for w in out["written"] if "therapy" in w["text"])
    tool = create_manage_memory_tool(store)
    tool.invoke({"action": "delete", "id": gone}, config={"configurable": {"user_id": "ada"}})
    assert all(MemoryAdmin(store).verify_gone(gone).values())
    store.close()
    assert holding(store.home, "therapy for depression") == []


def test_a_project_fact_keeps_none_of_the_users_personal_statement(store):
    create(store, "Project uses pnpm. User is HIV positive.", user_id="ada", project_id="shop")
    shared = MemoryAdmin(store).list({"org_id": "default", "project_id": "shop"})
    assert [r["text"] for r in shared] == ["Project uses pnpm"]
    assert "HIV" not in json.dumps(shared)


def test_an_org_copy_keeps_no_users_words_and_outlives_no_erasure(store):
    ids = {}
    for user, extra in [("ada", "User is in therapy for depression"), ("bob", "User is HIV positive"),
                        ("cy", "User is getting divorced")]:
        out = create(store, f"User prefers dark mode. {extra}.", user_id=user)
        ids[user] = next(w["id"] for w in out["written"] if "dark" in w["text"])
    org = PromoteNode(store).promote_to_org(ids["ada"], confirmed_by="admin", now=datetime.now(UTC))
    assert "therapy" not in json.dumps(org.metadata) and "prefers" not in json.dumps(org.metadata)
    MemoryAdmin(store).delete_all(org_id="default", user_id="ada", project_id="*", session_id="*")
    store.close()
    assert holding(store.home, "therapy for depression") == []


def test_an_org_copy_of_an_older_record_drops_its_whole_note(store):
    """Homes written before the fix hold the whole note in `metadata["note"]`: promotion does not copy it."""
    ids = {}
    for user in ("ada", "bob", "cy"):
        out = create(store, "User prefers dark mode. User is in therapy for depression.", user_id=user)
        ids[user] = next(w["id"] for w in out["written"] if "dark" in w["text"])
    old = store.get(ids["ada"])
    note = "User prefers dark mode. User is in therapy for depression."
    store.commit(update=[old.model_copy(update={"metadata": {**old.metadata, "note": note}})])
    org = PromoteNode(store).promote_to_org(ids["ada"], confirmed_by="admin", now=datetime.now(UTC))
    assert "note" not in org.metadata and org.metadata.get("lang") == "en"
