"""The write graph as a whole: shape, single write entry, ledger per decision, incognito, async, LLM extractor."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes.records import MemoryContext
from langmem_nodes.write import LLMExtractor, create_write_graph

CTX = MemoryContext(user_id="u1", project_id="p1", session_id="s1")
T0 = datetime(2026, 1, 1, tzinfo=UTC)


def test_graph_shape(store) -> None:
    builder = create_write_graph(store)
    assert list(builder.nodes) == ["extract", "dedup", "verify", "resolve", "promote", "commit"]
    mermaid = builder.compile().get_graph().draw_mermaid()
    for a, b in [("__start__", "extract"), ("extract", "dedup"), ("dedup", "verify"), ("verify", "resolve"),
                 ("resolve", "promote"), ("promote", "commit"), ("commit", "__end__")]:
        assert f"{a} --> {b}" in mermaid


def test_one_store_commit_per_turn_and_a_ledger_entry_per_decision(store, monkeypatch) -> None:
    calls = []
    real = store.commit
    monkeypatch.setattr(store, "commit", lambda **kw: calls.append(kw) or real(**kw))
    g = create_write_graph(store).compile()
    text = ("I prefer tea. I prefer tea. I think I like jazz. My password is hunter22. "
            "Remember that my name is Ann.")
    out = g.invoke({"messages": [HumanMessage(content=text, id="turn-7")]}, context=CTX)
    assert len(calls) == 1
    ops = sorted(e.op.value for e in store.ledger())
    # "I prefer tea." said twice in one message is read once (nc16 L2): no skip_duplicate decision
    assert ops == ["downgrade", "promote", "reject", "write", "write"]
    assert {e.evidence_turn_ids[0] for e in store.ledger()} == {"turn-7"}
    assert all(e.decision_trace.startswith("extract:") for e in store.ledger())
    assert sorted(w["object"] for w in out["memory_written"]) == ["Ann", "jazz", "tea"]
    assert {s["action"] for s in out["memory_skipped"]} == {"not_stored", "reject"}
    assert any(s["reason"].startswith("repeated within the same turn") for s in out["memory_skipped"])
    assert all(set(s) == {"text", "action", "reason"} for s in out["memory_skipped"])
    json.dumps(out["memory_written"])  # records are plain JSON


def test_incognito_writes_nothing_and_logs_a_content_free_skip(store) -> None:
    g = create_write_graph(store).compile()
    secret_ctx = CTX.model_copy(update={"incognito": True})
    out = g.invoke({"messages": [HumanMessage(content="Remember that I'm pregnant.", id="t1")]}, context=secret_ctx)
    assert out["memory_written"] == [] and out["memory_skipped"] == []
    assert store.find(None, statuses=None) == []
    (entry,) = store.ledger()
    assert entry.op.value == "skip_incognito" and entry.evidence_turn_ids == ["t1"]
    assert "pregnant" not in entry.model_dump_json() and entry.payload == {}


def test_incognito_from_configurable_for_older_graphs(store) -> None:
    g = create_write_graph(store).compile()
    cfg = {"configurable": {"user_id": "u1", "session_id": "s1", "incognito": True}}
    g.invoke({"messages": [HumanMessage(content="我叫王芳。")]}, config=cfg)
    assert store.find(None, statuses=None) == []


def test_async_invocation_shares_the_sync_core(store) -> None:
    g = create_write_graph(store).compile()
    out = asyncio.run(g.ainvoke({"messages": [HumanMessage(content="我对花生过敏。")]}, context=CTX))
    (w,) = out["memory_written"]
    assert (w["predicate"], w["object"], w["tier"]) == ("allergy", "花生", "stable")


def test_clock_drives_timestamps(store) -> None:
    g = create_write_graph(store, clock=lambda: T0).compile()
    (w,) = g.invoke({"messages": [HumanMessage(content="I live in Oslo.")]}, context=CTX)["memory_written"]
    assert w["created_at"].startswith("2026-01-01") and w["expires_at"].startswith("2035-12-30")


def test_llm_extractor_in_the_graph_is_still_gated(store) -> None:
    reply = json.dumps({"facts": [
        {"subject": "user", "predicate": "prefers", "object": "green tea", "source": "explicit"},
        {"subject": "user", "predicate": "attr:api_key", "object": "sk-abcdefghijklmnopqrstuvwxyz12"},
    ]})
    model = GenericFakeChatModel(messages=iter([AIMessage(content=reply)]))
    g = create_write_graph(store, extractor=LLMExtractor(model)).compile()
    out = g.invoke({"messages": [HumanMessage(content="remember I like green tea and my key")]}, context=CTX)
    assert [w["object"] for w in out["memory_written"]] == ["green tea"]
    assert out["memory_skipped"][0]["action"] == "reject"


def test_missing_scope_is_an_error(store) -> None:
    from langmem_nodes.context import MissingScopeError

    with pytest.raises(MissingScopeError):
        create_write_graph(store).compile().invoke({"messages": [HumanMessage(content="I like tea")]})


def test_write_graph_after_the_agent_reply_still_reads_the_user_turn(store) -> None:
    g = create_write_graph(store).compile()
    msgs = [HumanMessage(content="I like tea.", id="u1"), AIMessage(content="Noted!", id="a1"),
            HumanMessage(content="我喜欢乌龙茶。", id="u2"), AIMessage(content="好的", id="a2")]
    (w,) = g.invoke({"messages": msgs}, context=CTX)["memory_written"]
    assert w["object"] == "乌龙茶" and w["source_turn_ids"] == ["u2"]


def test_commit_retries_on_a_concurrent_update_then_gives_up(store, monkeypatch) -> None:
    from langmem_nodes.store import VersionConflict

    real, calls = store.commit, []

    def flaky(**kw):
        calls.append(1)
        if len(calls) == 1:
            raise VersionConflict("memory changed since it was read")
        return real(**kw)

    monkeypatch.setattr(store, "commit", flaky)
    out = create_write_graph(store).compile().invoke({"messages": [HumanMessage(content="I like tea.")]}, context=CTX)
    assert len(calls) == 2 and [w["object"] for w in out["memory_written"]] == ["tea"]
    assert len(store.find(None, statuses=None)) == 1

    def always(**kw):
        raise VersionConflict("memory changed since it was read")

    monkeypatch.setattr(store, "commit", always)  # the conflict never reaches the user's turn: it is said instead
    out = create_write_graph(store).compile().invoke({"messages": [HumanMessage(content="I like jazz.")]}, context=CTX)
    assert out["memory_written"] == [] and [s["action"] for s in out["memory_skipped"]] == ["conflict"]
    assert "not written" in out["memory_skipped"][0]["reason"]


def test_read_only_memory_is_not_touched_by_merges(store) -> None:
    from langmem_nodes.records import MemoryRecord

    locked = MemoryRecord(text="User likes tea", predicate="prefers", object="tea", scope=CTX.scope("session"),
                          read_only=True, sessions_seen=["s1"])
    store.commit(add=[locked])
    out = create_write_graph(store).compile().invoke({"messages": [HumanMessage(content="I like tea.")]},
                                                     context=CTX.model_copy(update={"session_id": "s2"}))
    assert out["memory_skipped"][0]["action"] == "skip_duplicate" and "read-only" in out["memory_skipped"][0]["reason"]
    assert store.get(locked.id).version == 1


def test_incognito_in_configurable_wins_over_a_runtime_context(store) -> None:
    g = create_write_graph(store).compile()
    g.invoke({"messages": [HumanMessage(content="I live in Oslo.")]}, context=CTX,
             config={"configurable": {"incognito": True}})
    assert store.find(None, statuses=None) == []
    assert [e.op.value for e in store.ledger()] == ["skip_incognito"]
