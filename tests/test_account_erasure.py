"""Erasing an account is final and leaves only a content-free, id-hashed record (H5, M5).

- A turn of the user in flight when the account is erased writes nothing when it commits afterwards; the
  erase record counts it. A turn started after the erasure writes again.
- After the erasure their id (an e-mail here) is nowhere in the ledger, tombstones or usage log; `stats` and
  `export` show nothing of them. Other users are untouched.
Store-level cases run on SQLite and PostgreSQL (`backend`)."""

from __future__ import annotations

import asyncio
import json
import time
from datetime import UTC, datetime

import pytest
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, add_memory, memory_messages
from langmem_nodes.cli import main
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import MemoryRecord, Scope
from langmem_nodes.store.memory_store import UserErased, Writer
from langmem_nodes.testing import MemoryEchoChatModel
from langmem_nodes.usage import record_injection, usage_log
from langmem_nodes.write import BatchWriter

KIM = "kim@example.com"


@pytest.fixture
def store(backend_store):
    return backend_store


def _erase(store, user, org="*"):
    return MemoryAdmin(store).delete_all(org_id=org, project_id="*", user_id=user, session_id="*")


def _rec(user, text, **scope):
    return MemoryRecord(text=text, object=text.split()[-1], scope=Scope(user_id=user, **scope))


def test_commit_of_a_turn_started_before_the_erasure_writes_nothing(store):
    started = time.time()
    store.commit(add=[_rec(KIM, "User lives in Porto")])
    _erase(store, KIM)
    with pytest.raises(UserErased):
        store.commit(add=[_rec(KIM, "User is allergic to kiwi")], writer=Writer("default", KIM, started))
    assert MemoryAdmin(store).list({"user_id": KIM}, all_statuses=True) == []
    # a turn that starts after the erasure is a new use of the account: it writes
    store.commit(add=[_rec(KIM, "User likes tea")], writer=Writer("default", KIM, time.time()))
    assert [r["text"] for r in MemoryAdmin(store).list({"user_id": KIM})] == ["User likes tea"]


def test_erasure_of_one_user_does_not_stop_another(store):
    started = time.time()
    _erase(store, KIM)
    (stored,) = store.commit(add=[_rec("lee", "User lives in Oslo")], writer=Writer("default", "lee", started))
    assert stored.text == "User lives in Oslo"


def test_erasure_in_one_org_does_not_stop_the_same_id_in_another(store):
    started = time.time()
    _erase(store, KIM, org="acme")
    (stored,) = store.commit(add=[_rec(KIM, "User lives in Oslo")], writer=Writer("default", KIM, started))
    assert stored.scope.org_id == "default"
    with pytest.raises(UserErased):
        store.commit(add=[_rec(KIM, "User lives in Lima", org_id="acme")], writer=Writer("acme", KIM, started))


TURNS = [("en", "Remember that my sister is called Ines and I'm allergic to kiwi.", ["Ines", "kiwi"]),
         ("zh", "记住我妹妹叫伊内斯，我对猕猴桃过敏。", ["伊内斯", "猕猴桃"])]


@pytest.mark.parametrize(("lang", "said", "values"), TURNS, ids=[t[0] for t in TURNS])
def test_turn_in_flight_during_the_erasure_writes_nothing(backend, tmp_path, fake_embedder, lang, said, values):
    store = backend.open(tmp_path / "home", embedder=fake_embedder)
    echo = MemoryEchoChatModel()

    async def agent(s):
        await asyncio.sleep(0.6)  # a slow model: the account is erased meanwhile
        return {"messages": [await echo.ainvoke(memory_messages(s, system="x"))]}

    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", agent).add_edge(START, "agent").add_edge("agent", END)
    g = add_memory(b, store, agent="agent").compile()
    ctx = MemoryContext(user_id=KIM)

    async def scenario():
        turn = asyncio.create_task(g.ainvoke({"messages": [("user", said)]}, context=ctx))
        await asyncio.sleep(0.2)
        await asyncio.to_thread(_erase, store, KIM)
        return await turn

    out = asyncio.run(scenario())
    assert out["memory_written"] == []
    assert [s["action"] for s in out["memory_skipped"]] == ["erased"]
    assert all(s["text"] == "" for s in out["memory_skipped"])
    assert MemoryAdmin(store).list({"user_id": KIM}, all_statuses=True) == []
    assert backend.holding(store, values[0]) == [] and backend.holding(store, values[1]) == []
    again = asyncio.run(g.ainvoke({"messages": [("user", said)]}, context=ctx))  # a new turn after the erasure
    assert again["memory_written"]
    store.close()


def _used_account(store, user, org="default"):
    """A user with memories at user and session level and usage events, and a second user."""
    now = datetime.now(UTC)
    said = {user: "Remember that I live in Porto and I drive a Volvo.", "lee": "Remember that I live in Oslo and I drive a Saab."}
    for who in (user, "lee"):
        for session in (None, "s1"):
            ctx = MemoryContext(user_id=who, org_id=org, session_id=session)
            BatchWriter(store).write([{"messages": [("user", said[who])], "context": ctx}])
            record_injection(store, ctx, now, ids=[], sizes=[], block_bytes=0, latency_ms=3.0)
    mid = MemoryAdmin(store).list({"user_id": user, "org_id": org})[0]["id"]
    MemoryAdmin(store).forget(mid)  # a tombstone in their partition before the erasure
    return MemoryAdmin(store).list({"user_id": "lee", "org_id": org})


def test_erasure_leaves_no_user_id_in_ledger_tombstones_or_usage(store, backend):
    lee_before = _used_account(store, KIM)
    lee_ledger = [e.model_dump(mode="json") for e in store.ledger() if "/lee" in (e.partition or "")]
    report = _erase(store, KIM)
    assert report["erased"]["ledger_entries"] > 0 and report["erased"]["tombstones"] > 0
    assert not [e for e in store.ledger() if KIM in e.model_dump_json()]
    assert not [t for t in store.tombstones() if KIM in t["partition"]]
    assert usage_log(store).events(MemoryContext(user_id=KIM)) == []
    assert backend.holding(store, KIM) == []
    admin = MemoryAdmin(store)
    assert admin.metrics({"user_id": KIM})["counts"]["turns"] == 0
    exported = admin.export(KIM)
    assert exported["records"] == exported["ledger"] == exported["tombstones"] == []
    # the other user keeps everything
    assert admin.list({"user_id": "lee"}) == lee_before
    assert [e.model_dump(mode="json") for e in store.ledger() if "/lee" in (e.partition or "")] == lee_ledger
    assert admin.metrics({"user_id": "lee"})["counts"]["turns"] == 2


def test_erasure_reaches_the_actor_of_their_own_earlier_forgets(store, backend):
    # newcomer23 H1: a memory the user had forgotten by chat kept "user:<email>" as the actor of its ledger
    # entry and tombstone after the account was erased
    mine, team = store.commit(add=[_rec(KIM, "User lives in Oslo"),
                                   _rec(KIM, "Project uses Vim", project_id="web", level="project")])
    store.forget_many([mine.id, team.id], actor=f"user:{KIM}", reason="forget request")
    store.commit(add=[_rec("lee", "User lives in Rome")])
    (lees,) = [r for r in store.find(None) if r.scope.user_id == "lee"]
    store.forget_many([lees.id], actor="user:lee", reason="forget request")
    _erase(store, KIM)
    assert not [e for e in store.ledger() if KIM in e.model_dump_json()]
    assert not [t for t in store.tombstones() if KIM in json.dumps(t, default=str)]
    assert backend.holding(store, KIM) == []
    assert [t["actor"] for t in store.tombstones() if t["memory_id"] == lees.id] == ["user:lee"]


@pytest.mark.parametrize("erased", ["1", "user", "default", "30"])
def test_erasure_leaves_other_users_strings_that_equal_the_id(store, erased):
    # red team H6: erasing account "1" rewrote another user's session "1"; erasing "user" / "default" / "30" rewrote
    # another user's scope level, org and object
    from langmem_nodes.write import create_write_graph

    write = create_write_graph(store).compile()
    write.invoke({"messages": [("user", "I'm 30 and I like tea.")]}, context=MemoryContext(user_id="bob", session_id="1"))
    write.invoke({"messages": [("user", "I like coffee.")]}, context=MemoryContext(user_id=erased))
    before = [e.model_dump(mode="json") for e in store.ledger() if "/bob" in (e.partition or "")]
    assert before
    _erase(store, erased)
    assert [e.model_dump(mode="json") for e in store.ledger() if "/bob" in (e.partition or "")] == before


def test_erasure_of_one_org_keeps_the_same_id_elsewhere(store):
    _used_account(store, KIM, org="acme")
    _used_account(store, KIM)
    _erase(store, KIM, org="acme")
    assert MemoryAdmin(store).metrics({"user_id": KIM})["counts"]["turns"] == 2
    assert MemoryAdmin(store).metrics({"user_id": KIM, "org_id": "acme"})["counts"]["turns"] == 0
    assert [t for t in store.tombstones() if t["partition"].startswith(f"user/default/{KIM}")]
    assert not [t for t in store.tombstones() if KIM in t["partition"] and "/acme/" in t["partition"] + "/"]


def test_cli_forget_all_erases_stats_and_export(tmp_path, capsys):
    home = str(tmp_path / "home")

    def run(*argv):
        assert main(["--home", home, "--embedder", "hashing", *argv, "--json"]) == 0
        return json.loads(capsys.readouterr().out)

    run("remember", "Remember that I live in Cork.", "--user", "user5")
    from langmem_nodes.store import MemoryStore

    with MemoryStore(home, embedder="hashing") as store:  # a turn of theirs (the CLI's recall records none)
        record_injection(store, MemoryContext(user_id="user5"), datetime.now(UTC), ids=[], sizes=[], block_bytes=0,
                         latency_ms=2.0)
    assert run("stats", "--user", "user5")["counts"]["turns"] >= 1
    run("forget-all", "--user", "user5", "--project", "*", "--org", "*", "--session", "*")
    assert run("stats", "--user", "user5")["counts"]["turns"] == 0
    assert run("export", "--user", "user5")["ledger"] == []
    for f in (tmp_path / "home").rglob("*.sqlite3"):
        assert b"user5" not in f.read_bytes(), f


def test_citations_of_a_turn_in_flight_during_the_erasure_leave_no_usage_event(tmp_path, fake_embedder):
    """With citations on, the in-flight turn's `used` events would bring the erased id back to the usage log."""
    from langmem_nodes.store import MemoryStore
    from langmem_nodes.testing import MemoryCitingChatModel

    store = MemoryStore(tmp_path / "home", embedder=fake_embedder)
    ctx = MemoryContext(user_id=KIM)
    BatchWriter(store).write([{"messages": [("user", "Remember that I'm allergic to penicillin.")], "context": ctx}])
    model = MemoryCitingChatModel()

    async def agent(s):
        await asyncio.sleep(0.6)
        return {"messages": [await model.ainvoke(memory_messages(s, system="x", cite=True))]}

    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", agent).add_edge(START, "agent").add_edge("agent", END)
    g = add_memory(b, store, agent="agent", cite=True).compile()

    async def scenario():
        turn = asyncio.create_task(g.ainvoke({"messages": [("user", "What am I allergic to?")]}, context=ctx))
        await asyncio.sleep(0.2)
        await asyncio.to_thread(_erase, store, KIM)
        return await turn

    out = asyncio.run(scenario())
    assert "<memory-used>" not in out["messages"][-1].content  # the trailer was there and was stripped
    assert usage_log(store).events(ctx) == []
    store.close()
