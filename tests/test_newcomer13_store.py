"""Newcomer 13's findings, English and Chinese: L1 a damaged usage.sqlite3 is named as such; M7
`MemoryAdmin.list(None)` no longer dumps every user (`list_all` does, on purpose); L9 text under a
right-to-left override is stored as it is displayed («\u202eolsO\u202c» shows, and is kept, as Oslo)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from langmem_nodes.cli import main
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.safety import clean_turn_text
from langmem_nodes.store import MemoryStore
from langmem_nodes.usage import UsageLog, UsageLogDamaged
from langmem_nodes.write import create_write_graph

TEXTS = ["User lives in Oslo", "用户住在北京"]
NOT_A_DATABASE = bytes(range(256)) * 64  # 16 KB that no SQLite header starts


def _home(tmp_path: Path, **kw) -> tuple[Path, list[str]]:
    """A home with one English and one Chinese memory, closed, copied to a path this process never opened
    (chromadb keeps one client per directory for the life of the process)."""
    made = tmp_path / "made"
    store = MemoryStore(made, embedder="hashing", **kw)
    ids = [r.id for r in store.commit(add=[MemoryRecord(text=t, scope=Scope(user_id="ada")) for t in TEXTS])]
    store.close()
    home = tmp_path / "home"
    shutil.copytree(made, home)
    return home, ids


# -- L1: a damaged usage log -------------------------------------------------------------------------
def test_a_damaged_usage_log_is_named_and_can_be_set_aside(tmp_path, capsys):
    home, _ = _home(tmp_path)
    (home / "usage.sqlite3").write_bytes(NOT_A_DATABASE)
    with pytest.raises(UsageLogDamaged, match="usage.sqlite3 is damaged"):
        UsageLog(home / "usage.sqlite3")
    assert main(["--home", str(home), "stats", "--user", "ada"]) == 2
    err = capsys.readouterr().err
    assert err.count("error:") == 1 and "usage.sqlite3" in err and "move it aside" in err, err
    assert "restore its memory.sqlite3" not in err
    assert main(["--home", str(home), "list", "--user", "ada"]) == 0  # the memories are untouched
    out = capsys.readouterr().out
    assert "Oslo" in out and "北京" in out


# -- M7: list needs a scope --------------------------------------------------------------------------
def test_list_without_a_scope_is_refused_and_list_all_is_the_explicit_operator_call(store):
    store.commit(add=[MemoryRecord(text="User lives in Oslo", scope=Scope(user_id="ada")),
                      MemoryRecord(text="用户住在北京", scope=Scope(user_id="bob"))])
    admin = MemoryAdmin(store)
    with pytest.raises(ValueError, match="needs a scope.*list_all"):
        admin.list(None)
    assert [r["text"] for r in admin.list(MemoryContext(user_id="ada"))] == ["User lives in Oslo"]
    assert [r["text"] for r in admin.list({"user_id": "bob"}, text="北京")] == ["用户住在北京"]
    assert sorted(r["text"] for r in admin.list_all()) == sorted(["User lives in Oslo", "用户住在北京"])
    assert [r["text"] for r in admin.list_all(text="北京")] == ["用户住在北京"]


# -- L9: a right-to-left override is read as it is displayed ------------------------------------------
@pytest.mark.parametrize(("said", "shown"), [
    ("I live in \u202eolsO\u202c and \u200bI like jazz.", "I live in Oslo and I like jazz."),
    ("我住在\u202e京北\u202c，喜欢爵士乐。", "我住在北京，喜欢爵士乐。"),
    ("I like \u202e(aet neerg)", "I like (green tea)"),  # unclosed: to the end of the paragraph; brackets mirror
])
def test_the_door_reads_an_override_in_the_order_it_is_displayed(said, shown):
    text, notes = clean_turn_text(said)
    assert text == shown and any("right-to-left override" in n for n in notes)


@pytest.mark.parametrize(("first", "spoofed", "stored"), [
    ("I live in Paris.", "I live in \u202eolsO\u202c.", "User lives in Oslo"),
    ("我住在上海。", "我住在\u202e京北\u202c。", "用户住在北京"),
])
def test_the_stored_value_is_the_one_the_user_saw(store, first, spoofed, stored):
    ctx = MemoryContext(user_id="ada")
    graph = create_write_graph(store).compile()
    graph.invoke({"messages": [("user", first)]}, context=ctx)
    graph.invoke({"messages": [("user", spoofed)]}, context=ctx)
    assert [r["text"] for r in MemoryAdmin(store).list(ctx)] == [stored]
    assert all("\u202e" not in r.text and "olsO" not in r.text and "京北" not in r.text for r in store.find(None))
