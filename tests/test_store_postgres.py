"""PostgreSQL as the canonical store: chosen by URL or environment, fails fast, and several stores (processes)
on one database see one truth: no lost update, one active record per key, each other's writes and forgets.

The store suite itself runs on PostgreSQL through the `backend` parameter (test_store.py, governance, ghosts).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time

import pytest

from langmem_nodes.cli import main
from langmem_nodes.records import MemoryRecord, Scope, Status
from langmem_nodes.serving import ServeSettings
from langmem_nodes.store import MemoryStore, VersionConflict, resolve_database_url
from langmem_nodes.store.server import free_port


def rec(text: str, user: str = "ada", **kw) -> MemoryRecord:
    kw.setdefault("object", text.split()[-1])
    return MemoryRecord(text=text, scope=Scope(user_id=user), **kw)


@pytest.fixture
def url(postgres):
    return postgres.new_schema()


def test_the_url_comes_from_the_argument_then_the_environment_in_order():
    env = {"DATABASE_URI": "postgresql://b/x", "POSTGRES_URI": "postgresql://c/x"}
    assert resolve_database_url("postgresql://a/x", environ=env) == "postgresql://a/x"
    assert resolve_database_url(None, environ=env) == "postgresql://b/x"
    assert resolve_database_url(None, environ={**env, "LANGMEM_DATABASE_URL": "postgres://d/x"}) == "postgres://d/x"
    assert resolve_database_url("  ", environ={"LANGMEM_DATABASE_URL": " "}) is None
    with pytest.raises(ValueError, match="postgresql://"):
        resolve_database_url("mysql://u:secret@db/x", environ={})
    assert resolve_database_url(None, environ={"DATABASE_URI": ":memory:", "POSTGRES_URI": "postgresql://c/x"}) \
        == "postgresql://c/x"  # `langgraph dev` sets DATABASE_URI=":memory:": not a database of ours
    assert ServeSettings.from_env({"POSTGRES_URI": "postgresql://db/mem"}).database_url == "postgresql://db/mem"
    assert ServeSettings.from_env({"DATABASE_URI": ":memory:"}).database_url is None
    with pytest.raises(ValueError, match="LANGMEM_DATABASE_URL"):
        ServeSettings.from_env({"LANGMEM_DATABASE_URL": "redis://db"})


def test_an_unreachable_server_fails_fast_naming_the_host_not_the_password(tmp_path):
    port = free_port()  # nothing listens there
    t0 = time.monotonic()
    with pytest.raises(ConnectionError, match=f"127.0.0.1:{port}/mem") as err:
        MemoryStore(tmp_path, embedder="hashing", database_url=f"postgresql://me:hunter2@127.0.0.1:{port}/mem")
    assert time.monotonic() - t0 < 10 and "hunter2" not in str(err.value)
    with pytest.raises(ValueError, match="not a valid PostgreSQL URL"):
        MemoryStore(tmp_path, embedder="hashing", database_url="postgresql://127.0.0.1/x?bogus_option=1")


def test_cli_bad_database_url_is_one_error_line(tmp_path, capsys):
    port = free_port()
    code = main(["--home", str(tmp_path), "--embedder", "hashing", "--database-url",
                 f"postgresql://me:hunter2@127.0.0.1:{port}/mem", "list", "--user", "ada"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and err.startswith("error: cannot connect to PostgreSQL at 127.0.0.1:")
    assert "hunter2" not in err and "Traceback" not in err
    assert main(["--home", str(tmp_path), "--database-url", "sqlite:///x.db", "list", "--user", "ada"]) == 2
    assert "--database-url" in capsys.readouterr().err


def test_environment_selects_postgres(url, tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URI", url)
    s = MemoryStore(tmp_path / "a", embedder="hashing")
    s.commit(add=[rec("Ada drinks oolong")])
    s.close()
    assert not (tmp_path / "a" / "memory.sqlite3").exists()
    monkeypatch.delenv("DATABASE_URI")
    other = MemoryStore(tmp_path / "b", embedder="hashing", database_url=url)  # another home, same database
    assert [r.text for r in other.find(["user/default/ada"])] == ["Ada drinks oolong"]
    other.close()


def test_two_stores_see_each_others_writes_and_forgets_on_their_next_query(url, tmp_path, fake_embedder):
    a = MemoryStore(tmp_path / "a", embedder=fake_embedder, database_url=url)
    b = MemoryStore(tmp_path / "b", embedder=fake_embedder, database_url=url)
    part = "user/default/ada"
    x = rec("Ada keeps bees on the roof")
    a.commit(add=[x])
    # b builds its in-process indexes now, then a changes the truth behind them
    assert [i for i, _ in b.lexical_search([part], "bees", 5)] == [x.id]
    assert [i for i, _ in b.dense_search([part], fake_embedder.embed_query("Ada keeps bees on the roof"), 5)] == [x.id]
    y = rec("阿达在屋顶养蜜蜂")
    a.commit(add=[y])
    assert y.id in {i for i, _ in b.lexical_search([part], "蜜蜂", 5)}
    a.forget(x.id)
    assert x.id not in {i for i, _ in b.lexical_search([part], "bees", 5)}
    assert x.id not in {i for i, _ in b.dense_search([part], fake_embedder.embed_query("Ada keeps bees on the roof"), 5)}
    assert b.get(x.id) is None and all(b.verify_gone(x.id).values())
    a.close()
    b.close()


def test_no_lost_update_and_one_active_record_per_key_across_stores(url, tmp_path, fake_embedder):
    stores = [MemoryStore(tmp_path / f"h{i}", embedder=fake_embedder, database_url=url) for i in range(2)]
    counter = rec("counter", metadata={"n": 0})
    stores[0].commit(add=[counter])
    errors: list[BaseException] = []

    def bump(s: MemoryStore, times: int) -> None:
        try:
            for _ in range(times):
                s.modify(counter.id, lambda r: r.model_copy(update={"metadata": {"n": r.metadata["n"] + 1}}), retries=50)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    def claim(s: MemoryStore, i: int, won: list[str]) -> None:
        r = MemoryRecord(text=f"Ada lives in city {i}", subject="user", predicate="lives_in", object=f"city {i}",
                         scope=Scope(user_id="ada"))
        try:
            s.commit(add=[r], exclusive=lambda p: p == "lives_in")
            won.append(r.id)
        except VersionConflict:
            pass

    threads = [threading.Thread(target=bump, args=(s, 15)) for s in stores]
    won: list[str] = []
    threads += [threading.Thread(target=claim, args=(stores[i % 2], i, won)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert stores[1].get(counter.id).metadata["n"] == 30 and stores[1].get(counter.id).version == 31
    active = stores[0].find(["user/default/ada"], predicate="lives_in", statuses=[Status.ACTIVE])
    assert len(won) == 1 and [r.id for r in active] == won
    for s in stores:
        s.close()


def test_a_stale_version_is_a_version_conflict(url, tmp_path, fake_embedder):
    s = MemoryStore(tmp_path, embedder=fake_embedder, database_url=url)
    (a,) = s.commit(add=[rec("prefers spaces")])
    s.commit(update=[a.model_copy(update={"text": "prefers tabs"})])
    with pytest.raises(VersionConflict, match="expected version 1, stored 2"):
        s.commit(update=[a.model_copy(update={"text": "prefers both"})])
    s.close()


def _cli(url: str, home, *argv: str) -> dict:
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    done = subprocess.run([sys.executable, "-m", "langmem_nodes.cli", "--home", str(home), "--embedder", "hashing",
                           "--database-url", url, *argv, "--json"], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_cli_processes_on_one_database_see_each_others_changes(url, tmp_path, capsys):
    """remember here, recall and forget in two other processes, recall here again: each its own home."""
    here = ["--home", str(tmp_path / "p1"), "--embedder", "hashing", "--database-url", url]
    assert main([*here, "remember", "Remember that I prefer oolong tea", "--user", "ada", "--json"]) == 0
    (memory,) = json.loads(capsys.readouterr().out)["written"]
    found = _cli(url, tmp_path / "p2", "recall", "what tea do I like?", "--user", "ada")
    assert memory["id"] in json.dumps(found)
    _cli(url, tmp_path / "p3", "forget", memory["id"])
    assert main([*here, "recall", "what tea do I like?", "--user", "ada", "--json"]) == 0
    again = capsys.readouterr().out
    assert memory["id"] not in again and "oolong" not in again
