"""Newcomer 13's reliability findings on the memory home and the door, English and Chinese:
M4 a damaged Chroma file (vectors only) no longer makes the home unusable: it is moved aside, never deleted,
and rebuilt from SQLite, with one log line; L2 an emptied memory.sqlite3 is damage, not a new home; L1 a
damaged usage.sqlite3 is named as such; L7 a home path that is a file is a ValueError; M7
`MemoryAdmin.list(None)` no longer dumps every user (`list_all` does, on purpose); L9 text under a
right-to-left override is stored as it is displayed («\u202eolsO\u202c» shows, and is kept, as Oslo)."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
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


def _damage_chroma(home: Path) -> bytes:
    (home / "chroma" / "chroma.sqlite3").write_bytes(NOT_A_DATABASE)
    return NOT_A_DATABASE


# -- M4: a damaged Chroma file -----------------------------------------------------------------------
def test_a_damaged_chroma_file_is_moved_aside_and_the_home_still_reads_and_writes(tmp_path, caplog):
    home, ids = _home(tmp_path)
    damaged = _damage_chroma(home)
    with caplog.at_level(logging.WARNING):
        store = MemoryStore(home, embedder="hashing")
    try:
        aside = store.chroma_set_aside
        assert aside is not None and aside.parent == home and aside.name.startswith("chroma.damaged-")
        assert (aside / "chroma.sqlite3").read_bytes() == damaged  # moved, never deleted
        said = [r.getMessage() for r in caplog.records if "moved it aside" in r.getMessage()]
        assert len(said) == 1 and aside.name in said[0] and "memory.sqlite3" in said[0]
        ctx = MemoryContext(user_id="ada")
        assert [r["text"] for r in MemoryAdmin(store).list(ctx)] == TEXTS
        for text, mid in zip(TEXTS, ids, strict=True):
            assert store.dense.search(ctx.visible_partitions(), store.embedder.embed_query(text), 1)[0][0] == mid
        new = store.commit(add=[MemoryRecord(text="用户喜欢乌龙茶", scope=Scope(user_id="ada"))])
        assert [r.text for r in store.find(None)] == [*TEXTS, "用户喜欢乌龙茶"] and new
    finally:
        store.close()


def test_a_mirrored_home_gets_its_collections_rebuilt_from_sqlite(tmp_path):
    home, ids = _home(tmp_path, chroma_mirror="all")
    _damage_chroma(home)
    store = MemoryStore(home, embedder="hashing", chroma_mirror="all")
    try:
        assert store.chroma_set_aside is not None and not store.chroma.broken
        part = Scope(user_id="ada").partition
        assert sorted(store.chroma.ids(part)) == sorted(ids)
        hit = store.chroma.search([part], store.embedder.embed_query("用户住在北京"), 1)
        assert hit[0][0] == ids[1]
    finally:
        store.close()


def test_a_sound_chroma_directory_is_left_where_it_is(tmp_path):
    home, _ = _home(tmp_path)
    store = MemoryStore(home, embedder="hashing")
    store.close()
    assert store.chroma_set_aside is None and [p.name for p in home.iterdir() if "damaged" in p.name] == []


def test_the_cli_on_a_damaged_chroma_file_answers_with_one_note_and_no_traceback(tmp_path):
    home, _ = _home(tmp_path)
    _damage_chroma(home)
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    run = subprocess.run([sys.executable, "-m", "langmem_nodes.cli", "--home", str(home), "list", "--user", "ada"],
                         capture_output=True, text=True, env=env, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-800:]
    assert "Oslo" in run.stdout and "北京" in run.stdout
    assert "Traceback" not in run.stderr
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "chroma.damaged-" in lines[0], run.stderr


# -- L2: an emptied canonical file -------------------------------------------------------------------
def test_an_emptied_memory_file_is_refused_not_read_as_a_new_home(tmp_path, capsys):
    home, _ = _home(tmp_path)
    (home / "memory.sqlite3").write_bytes(b"")
    for stale in ("memory.sqlite3-wal", "memory.sqlite3-shm"):
        (home / stale).unlink(missing_ok=True)
    with pytest.raises(ValueError, match=r"memory.sqlite3 is empty \(0 bytes\).*backup"):
        MemoryStore(home, embedder="hashing")
    assert (home / "memory.sqlite3").stat().st_size == 0  # nothing written over the evidence
    assert main(["--home", str(home), "remember", "我住在上海。", "--user", "ada"]) == 2
    err = capsys.readouterr().err
    assert err.count("error:") == 1 and "memory.sqlite3 is empty" in err and "Traceback" not in err


def test_an_empty_file_alone_or_a_deleted_one_still_starts_a_new_home(tmp_path):
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    (fresh / "memory.sqlite3").write_bytes(b"")  # a home being created (no chroma/ or usage log yet)
    MemoryStore(fresh, embedder="hashing").close()
    home, _ = _home(tmp_path)
    for name in ("memory.sqlite3", "memory.sqlite3-wal", "memory.sqlite3-shm"):
        (home / name).unlink(missing_ok=True)
    store = MemoryStore(home, embedder="hashing")  # deleting the file is how to start over
    assert store.count() == 0
    store.close()


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


# -- L7: a home that is a file -----------------------------------------------------------------------
def test_a_home_path_that_is_a_file_is_a_clear_value_error(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("我的笔记 / my notes")
    with pytest.raises(ValueError, match="is a file, not a memory home directory"):
        MemoryStore(f, embedder="hashing")
    assert f.read_text() == "我的笔记 / my notes"


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
