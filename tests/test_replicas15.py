"""Replicas on one PostgreSQL and one Chroma (newcomer 15): a Chroma that cannot be reached is never read as
"nothing stored there", pending projection work is retried while the replicas keep running, and a
collection dropped by another replica mid-write is written again.

An unreachable Chroma is simulated by a client whose every call raises (as an HTTP client does when the
server is down); the last case stops and restarts a real `chroma run` server (integration).
"""

from __future__ import annotations

import time

import pytest

from langmem_nodes.records import MemoryRecord, Scope
from langmem_nodes.store.chroma import collection_name

TEXTS = {"en": ("User is allergic to peanuts", "peanuts"), "zh": ("用户对花生过敏", "花生")}


def rec(lang: str, user: str = "ada") -> MemoryRecord:
    text, obj = TEXTS[lang]
    return MemoryRecord(text=text, object=obj, scope=Scope(user_id=user))


class Down:
    """A Chroma client whose server does not answer."""

    def __getattr__(self, name):
        def call(*args, **kwargs):
            raise ConnectionError("Could not connect to a Chroma server. Are you sure it is running?")
        return call


def take_down(store):
    """Chroma stops answering: the client fails and the cached collection handles go with it."""
    real = store.chroma.client
    store.chroma.client = Down()
    store.chroma._collections.clear()
    return real


def bring_back(store, real):
    store.chroma.client = real
    store.chroma._collections.clear()
    store.chroma._missing.clear()


def on_chroma(store, memory_id: str, partition: str) -> bool:
    """Whether Chroma itself (not this store's caches) still holds the vector."""
    try:
        col = store.chroma.client.get_collection(collection_name(partition), embedding_function=None)
    except Exception:  # noqa: BLE001 - no collection
        return False
    return bool(col.get(ids=[memory_id])["ids"])


@pytest.fixture
def replica(backend, tmp_path, fake_embedder):
    """A store that mirrors every partition to Chroma, as a replica with a Chroma server does."""
    stores = []

    def open_(home="home", **kw):
        s = backend.open(tmp_path / home, embedder=fake_embedder, chroma_mirror="all", **kw)
        stores.append(s)
        return s

    yield open_
    for s in stores:
        s.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_forget_while_chroma_is_down_is_pending_with_an_intent_not_gone(replica, lang):
    store = replica()
    r = rec(lang)
    store.commit(add=[r])
    assert on_chroma(store, r.id, r.scope.partition)
    real = take_down(store)
    report = store.forget(r.id)["places"]
    assert report["chroma"].startswith("pending"), report
    assert [(op, items, pending) for _, op, items, pending in store.pending_intents()] == [
        ("delete", [(r.id, r.scope.partition)], ["chroma"])]
    assert store.verify_gone(r.id)["chroma"] is False  # no answer is no proof
    bring_back(store, real)
    assert on_chroma(store, r.id, r.scope.partition)  # the ghost the intent is there for
    store.catch_up.run(all_pending=True)
    assert not on_chroma(store, r.id, r.scope.partition)
    assert store.pending_intents() == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_read_while_chroma_is_down_answers_from_the_canonical_vectors(replica, lang):
    store = replica()
    r = rec(lang)
    store.commit(add=[r])
    take_down(store)
    hits = store.dense_search([r.scope.partition], store.embedder.embed_query(TEXTS[lang][0]), 3)
    assert [i for i, _ in hits] == [r.id]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_pending_work_is_caught_up_while_the_replica_keeps_running(replica, lang):
    """No reopen, no close: reads and writes of the running replica retry what the outage left pending."""
    store = replica()
    store.catch_up.every = 0.05
    gone, kept = rec(lang), rec(lang, user="bo")
    store.commit(add=[gone])
    real = take_down(store)
    store.forget(gone.id)
    store.commit(add=[kept])  # written while Chroma is away: its upsert is pending too
    assert len(store.pending_intents()) == 2
    bring_back(store, real)
    deadline = time.monotonic() + 10
    while (store.pending_intents() or on_chroma(store, gone.id, gone.scope.partition)) and time.monotonic() < deadline:
        store.lexical_search([kept.scope.partition], TEXTS[lang][1], 3)  # ordinary reads poke the catch-up
        time.sleep(0.05)
    assert store.pending_intents() == []
    assert not on_chroma(store, gone.id, gone.scope.partition)
    assert on_chroma(store, kept.id, kept.scope.partition)


def test_an_intent_still_being_worked_on_is_not_replayed(replica):
    """A catch-up pass replays only intents already pending at the previous pass (never a writer's
    in-flight one, whose own clearing it would race)."""
    store = replica()
    r = rec("en")
    real = take_down(store)
    store.commit(add=[r])
    bring_back(store, real)
    assert store.catch_up.run()["replayed"] == 0  # first seen now
    assert store.pending_intents()
    assert store.catch_up.run()["replayed"] == 1
    assert store.pending_intents() == []
    assert on_chroma(store, r.id, r.scope.partition)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_collection_dropped_by_another_replica_mid_write_is_written_again(replica, lang, monkeypatch):
    """Replica A rebuilds a partition's collection (a forget's compaction) while replica B drops and
    recreates it: A's rows go into the collection that replaced it instead of failing with NotFoundError."""
    store = replica()
    keep, gone = rec(lang), rec(lang)
    keep.text += " and shellfish" if lang == "en" else "和贝类"
    store.commit(add=[keep, gone])
    client = store.chroma.client
    real_create = client.get_or_create_collection
    raced = []

    def create_then_lose_it(name, **kw):
        col = real_create(name, **kw)
        if not raced:  # another replica's compaction drops it right after we got it
            raced.append(name)
            client.delete_collection(name)
        return col

    monkeypatch.setattr(client, "get_or_create_collection", create_then_lose_it)
    report = store.forget(gone.id)["places"]
    assert raced and report["chroma"] == "gone", report
    assert on_chroma(store, keep.id, keep.scope.partition)
    assert store.pending_intents() == []


def test_creating_a_collection_another_replica_just_created_uses_theirs(replica, monkeypatch):
    store = replica()
    client = store.chroma.client

    def clash(name, **kw):
        client.create_collection(name, embedding_function=None)  # the other replica won the race
        raise ValueError(f"Collection {name} already exists")

    monkeypatch.setattr(client, "get_or_create_collection", clash)
    r = rec("zh")
    store.commit(add=[r])
    assert store.pending_intents() == []
    assert on_chroma(store, r.id, r.scope.partition)


@pytest.mark.integration
def test_two_replicas_and_a_chroma_server_that_stops_and_comes_back(postgres, tmp_path, fake_embedder, monkeypatch):
    """The newcomer's scenario end to end: PostgreSQL, a real `chroma run` server, two replicas; the server
    stops, one replica forgets, the server comes back; the replicas, still running, remove the ghost."""
    from langmem_nodes.store import MemoryStore
    from langmem_nodes.store import server as server_mod
    from langmem_nodes.store.server import ChromaServer

    url = postgres.new_schema()
    server = ChromaServer(tmp_path / "chroma").start()
    stores = []
    try:
        a, b = (MemoryStore(tmp_path / h, embedder=fake_embedder, database_url=url, chroma_url=server.url)
                for h in ("a", "b"))
        stores += [a, b]
        r = rec("en")
        a.commit(add=[r])
        assert on_chroma(b, r.id, r.scope.partition)
        server.stop()
        report = b.forget(r.id)["places"]
        assert report["chroma"].startswith("pending"), report
        assert len(a.pending_intents()) == 1
        # the same port again: our own client's closed connections (TIME_WAIT) fail the helper's bind check
        monkeypatch.setattr(server_mod, "_port_free", lambda host, port: True)
        server = ChromaServer(tmp_path / "chroma", port=server.port).start()
        assert on_chroma(a, r.id, r.scope.partition)  # the ghost, until someone catches up
        a.catch_up.run()
        a.catch_up.run()  # pending at the previous pass: replayed, by the replica that did not forget
        assert not on_chroma(a, r.id, r.scope.partition)
        assert a.pending_intents() == []
    finally:
        for s in stores:
            s.close()
        server.stop()


# -- M1: a read while another replica rewrites the value ------------------------------------------------

COLORS = {"en": ("What is my favourite color?", "User's favourite color is {}", ("teal", "c1")),
          "zh": ("我最喜欢什么颜色？", "用户最喜欢的颜色是{}", ("青色", "红色"))}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_read_racing_another_replicas_rewrite_sees_the_old_or_the_new_value(backend, tmp_path, fake_embedder, lang):
    """The other replica's commit (new value active, old one superseded) lands after this replica's index
    searches and before it reads the records: it must still answer with a value."""
    from datetime import UTC, datetime

    from langmem_nodes.read.query import QueryNode
    from langmem_nodes.read.recall import RecallNode
    from langmem_nodes.read.rerank import RerankNode
    from langmem_nodes.records import MemoryContext, Status

    now, ctx = datetime.now(UTC), MemoryContext(user_id="ada")
    question, template, (old_value, new_value) = COLORS[lang]
    writer = backend.open(tmp_path / "home", embedder=fake_embedder)
    reader = backend.open(tmp_path / "home", embedder=fake_embedder)
    try:
        old = MemoryRecord(text=template.format(old_value), predicate="favourite_color", object=old_value,
                           source="explicit", scope=Scope(user_id="ada"))
        writer.commit(add=[old])
        query = QueryNode().run({"messages": [("user", question)]}, ctx, now)["memory_query"]
        recall = RecallNode(reader)

        def answer():
            hits = recall.run({"memory_query": query}, ctx, now)["memory_hits"]
            return [h.record.text for h in RerankNode().run({"memory_hits": hits}, ctx, now)["memory_hits"]]

        assert template.format(old_value) in answer()  # the reader's indexes now hold the old value
        real_get_many, raced = reader.get_many, []

        def rewrite_then_read(ids):
            if not raced:
                raced.append(1)
                new = MemoryRecord(text=template.format(new_value), predicate="favourite_color", object=new_value,
                                   source="explicit", scope=Scope(user_id="ada"), supersedes=[old.id])
                cur = writer.get(old.id)
                writer.commit(add=[new], update=[cur.model_copy(update={
                    "status": Status.SUPERSEDED, "superseded_by": new.id})])
            return real_get_many(ids)

        reader.get_many = rewrite_then_read
        got = answer()
        assert raced and got and got[0] == template.format(new_value), got
    finally:
        writer.close()
        reader.close()
