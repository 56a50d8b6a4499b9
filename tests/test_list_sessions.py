"""`list --user ada` / `MemoryAdmin.list` show the user's session memories too (marked with their session),
as `export` does; another user's sessions never show."""

from __future__ import annotations

import json

import pytest

from langmem_nodes.cli import main
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.store import MemoryStore

TEXTS = {"en": "User's daughter is named Mia", "zh": "用户的女儿叫小美"}


def _seed(store, lang):
    s1 = Scope(user_id="ada", session_id="s1", level="session")
    s2 = Scope(user_id="ada", project_id="shop", session_id="s2", level="session")
    bob = Scope(user_id="bob", session_id="s1", level="session")
    recs = [MemoryRecord(text=TEXTS[lang], scope=s1), MemoryRecord(text=TEXTS[lang] + " (shop)", scope=s2),
            MemoryRecord(text="bob " + TEXTS[lang], scope=bob), MemoryRecord(text="User lives in Paris", scope=Scope(user_id="ada"))]
    store.commit(add=recs)
    return recs


@pytest.mark.parametrize("lang", TEXTS)
def test_admin_list_of_a_user_includes_their_sessions(tmp_path, lang):
    with MemoryStore(tmp_path / "home", embedder="hashing") as store:
        s1, s2, bob, user = _seed(store, lang)
        admin = MemoryAdmin(store)
        assert {r["id"] for r in admin.list({"user_id": "ada"})} == {s1.id, s2.id, user.id}
        assert {r["id"] for r in admin.list(MemoryContext(user_id="ada"))} == {s1.id, s2.id, user.id}
        assert {r["id"] for r in admin.list(MemoryContext(user_id="ada", project_id="shop"))} == {s2.id, user.id}
        assert {r["id"] for r in admin.list(MemoryContext(user_id="ada", session_id="s1"))} == {s1.id, user.id}
        assert bob.id not in {r["id"] for r in admin.list({"user_id": "ada"})}


@pytest.mark.parametrize("lang", TEXTS)
def test_cli_list_shows_session_memories_marked_with_their_session(tmp_path, capsys, lang):
    home = tmp_path / "home"
    with MemoryStore(home, embedder="hashing") as store:
        s1, *_ = _seed(store, lang)
    assert main(["--home", str(home), "--embedder", "hashing", "list", "--user", "ada"]) == 0
    out = capsys.readouterr().out
    assert f"[{s1.id}] (active, session s1) {TEXTS[lang]}" in out and "bob" not in out
    assert main(["--home", str(home), "--embedder", "hashing", "list", "--user", "ada", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)["memories"]
    assert {m["text"] for m in listed} == {TEXTS[lang], TEXTS[lang] + " (shop)", "User lives in Paris"}
