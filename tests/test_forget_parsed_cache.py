"""Forget reaches the canonical store's parse cache (`CanonicalStore._parse`, both backends).

Every read path is asked before and after a forget — recall (read graph), list, show, export, the ledger
history, the earlier-value note of a history question, the CLI `show` and `list` — in the process that
forgot, from another thread, and from a second store on the same home (another process / app server).
None may return the forgotten text, and no store's parse cache may keep a copy of it in memory."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes.cli import main
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.read import FreshnessNode, create_read_graph
from langmem_nodes.records import MemoryContext, MemoryRecord, Status
from langmem_nodes.state import MemoryQuery, ScoredMemory

T0 = datetime(2026, 10, 1, tzinfo=UTC)
ADA = MemoryContext(user_id="ada")
CASES = {  # (forgotten earlier value, its replacement, a question about it, a history question)
    "en": (("Ada lives in Lisbon", "lives_in", "Lisbon"), ("Ada lives in Porto", "lives_in", "Porto"),
           "Where does Ada live? Lisbon", "Where did Ada live before?"),
    "zh": (("艾达住在里斯本", "lives_in", "里斯本"), ("艾达住在波尔图", "lives_in", "波尔图"),
           "艾达住在哪里？里斯本", "艾达以前住在哪里？"),
}


def _chain(store, old, new):
    """`old` superseded by `new` (both in Ada's user partition): the history question shows `old`."""
    scope = ADA.scope("user")
    older = MemoryRecord(text=old[0], predicate=old[1], object=old[2], scope=scope, created_at=T0)
    newer = MemoryRecord(text=new[0], predicate=new[1], object=new[2], scope=scope, created_at=T0 + timedelta(days=5),
                         supersedes=[older.id])
    older.status, older.superseded_by = Status.SUPERSEDED, newer.id
    store.commit(add=[older, newer])
    return older, newer


def _reads(store, older, newer, question, past) -> str:
    """What every read path of `store` returns about Ada, as one string."""
    admin = MemoryAdmin(store)
    read = create_read_graph(store, clock=lambda: T0 + timedelta(days=10)).compile()
    recalled = read.invoke({"messages": [("user", question)]}, context=ADA)
    query = MemoryQuery(text=past, lexical=past, dense=past)
    note = FreshnessNode(store=store).run({"memory_selected": [ScoredMemory(record=newer)], "memory_query": query},
                                          ADA, T0 + timedelta(days=10))
    parts = [
        recalled.get("memory_injection", ""), [h.record.text for h in recalled.get("memory_selected", [])],
        admin.list(ADA, status=list(Status)), admin.show(older.id), admin.show(newer.id), admin.export("ada"),
        [e.model_dump(mode="json") for e in store.history(older.id)], note["memory_selected"][0].note or "",
        [r.model_dump(mode="json") for r in store.find(None, statuses=None)], store.get(older.id),
        store.get_many([older.id, newer.id]),
    ]
    return json.dumps(parts, ensure_ascii=False, default=str)


def _cli(capsys, home, *argv: str) -> str:
    assert main(["--home", str(home), "--embedder", "hashing", *argv, "--json"]) == 0
    return capsys.readouterr().out


def _cached(store, text: str) -> bool:
    """Whether the canonical store's parse cache holds a record quoting `text`."""
    return any(text in body for body, _ in list(store._canonical._parsed.values()))


@pytest.mark.parametrize("lang", CASES)
def test_forget_leaves_no_copy_in_the_parse_cache_of_this_store(backend, tmp_path, lang):
    old, new, question, past = CASES[lang]
    store = backend.open(tmp_path / "home", embedder="hashing")
    older, newer = _chain(store, old, new)
    assert old[0] in _reads(store, older, newer, question, past) and _cached(store, old[0])
    assert store.verify_gone(older.id)["parsed"] is False
    store.forget(older.id)
    assert old[0] not in _reads(store, older, newer, question, past) and new[0] in _reads(store, older, newer, question, past)
    assert not _cached(store, old[0]) and all(store.verify_gone(older.id).values())
    store.close()


@pytest.mark.parametrize("lang", CASES)
def test_a_forget_in_another_thread_leaves_no_copy_in_the_parse_cache(backend, tmp_path, lang):
    old, new, question, past = CASES[lang]
    store = backend.open(tmp_path / "home", embedder="hashing")
    older, newer = _chain(store, old, new)
    stop, errors = threading.Event(), []

    def read_on() -> None:  # reads in flight while the forget commits must not put the text back
        try:
            while not stop.is_set():
                store.find(None, statuses=None)
                store.get(older.id)
        except Exception as exc:  # noqa: BLE001 - reported by the main thread
            errors.append(exc)

    readers = [threading.Thread(target=read_on) for _ in range(3)]
    for t in readers:
        t.start()
    try:
        worker = threading.Thread(target=store.forget, args=(older.id,))
        worker.start()
        worker.join()
    finally:
        stop.set()
        for t in readers:
            t.join()
    assert errors == []
    assert old[0] not in _reads(store, older, newer, question, past)
    assert not _cached(store, old[0]) and all(store.verify_gone(older.id).values())
    store.close()


@pytest.mark.parametrize("lang", CASES)
def test_a_forget_by_another_store_on_the_home_leaves_no_copy_in_this_ones_parse_cache(backend, tmp_path, lang, capsys):
    old, new, question, past = CASES[lang]
    home = tmp_path / "home"
    mine = backend.open(home, embedder="hashing")
    older, newer = _chain(mine, old, new)
    assert old[0] in _reads(mine, older, newer, question, past) and _cached(mine, old[0])
    other = backend.open(home, embedder="hashing")
    assert old[0] in _reads(other, older, newer, question, past)
    other.forget(older.id)
    assert old[0] not in _reads(mine, older, newer, question, past)
    assert not _cached(mine, old[0]) and all(mine.verify_gone(older.id).values())
    assert not _cached(other, old[0])
    assert backend.holding(mine, old[0]) == [] and backend.holding(mine, old[2]) == []  # nor a byte on disk
    other.close()
    mine.close()
    if backend.name == "sqlite":  # the CLI opens the home itself (a PostgreSQL schema is the test's own)
        shown = _cli(capsys, home, "show", older.id) + _cli(capsys, home, "list", "--user", "ada")
        assert old[0] not in shown and new[0] in shown


@pytest.mark.parametrize("lang", CASES)
def test_an_expired_memory_is_not_returned_from_the_parse_cache(store, lang):
    old, _new, question, _past = CASES[lang]
    rec = MemoryRecord(text=old[0], predicate=old[1], object=old[2], scope=ADA.scope("user"), created_at=T0,
                       expires_at=T0 + timedelta(days=2))
    store.commit(add=[rec])
    read = create_read_graph(store, clock=lambda: T0 + timedelta(days=1)).compile()
    assert old[0] in read.invoke({"messages": [("user", question)]}, context=ADA).get("memory_injection", "")
    later = create_read_graph(store, clock=lambda: T0 + timedelta(days=3)).compile()
    assert old[0] not in later.invoke({"messages": [("user", question)]}, context=ADA).get("memory_injection", "")
