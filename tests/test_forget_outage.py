"""A forget request said in chat while the store fails (newcomer15 M4: PostgreSQL down) was dropped in silence:
the model got no notice and could tell the user it was done. Now the model is told nothing was deleted; and a
forget that was carried out before a later stage failed is still reported as done."""

from __future__ import annotations

import asyncio

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes import MemoryContext, MemoryStore
from langmem_nodes.records import MemoryRecord, Scope
from langmem_nodes.turn import RecallTurn

ADA = MemoryContext(user_id="ada")
ASKS = {"en": ("Please forget where I live.", "User lives in Leeds", "nothing was deleted", "Forgotten"),
        "zh": ("请忘掉我住在哪。", "用户住在成都", "什么都没删", "已按用户要求忘掉")}


@pytest.fixture
def store(tmp_path):
    with MemoryStore(tmp_path / "home", embedder="hashing") as s:
        yield s


def _down(*_a, **_k):
    raise ConnectionError("PostgreSQL at db:5432/langmem is unreachable (test)")


@pytest.mark.parametrize("lang", ASKS)
def test_a_forget_request_during_an_outage_tells_the_model_nothing_was_deleted(store, monkeypatch, lang):
    ask, memory, not_done, _ = ASKS[lang]
    store.commit(add=[MemoryRecord(text=memory, scope=Scope(user_id="ada"))])
    monkeypatch.setattr(store, "forget_many", _down)
    monkeypatch.setattr(type(store), "lexical_search", _down)
    state = {"messages": [HumanMessage(ask, id="m1")]}
    for out in (RecallTurn(store).run(state, ADA, None), asyncio.run(RecallTurn(store).arun(state, ADA, None))):
        assert out["memory_recall_error"] and not_done in out["memory_injection"]


@pytest.mark.parametrize("lang", ASKS)
def test_a_forget_carried_out_before_a_later_stage_failed_is_still_reported(store, monkeypatch, lang):
    ask, memory, _, done = ASKS[lang]
    store.commit(add=[MemoryRecord(text=memory, scope=Scope(user_id="ada"))])
    from langmem_nodes.read import recall

    monkeypatch.setattr(recall.RecallNode, "run", _down)
    out = RecallTurn(store).run({"messages": [HumanMessage(ask, id="m1")]}, ADA, None)
    assert out["memory_recall_error"] and done in out["memory_injection"]


def test_other_turns_during_an_outage_get_no_notice(store, monkeypatch):
    monkeypatch.setattr(type(store), "lexical_search", _down)
    for text in ("Where do I live?", "我住在哪？"):
        out = RecallTurn(store).run({"messages": [HumanMessage(text, id="m1")]}, ADA, None)
        assert out["memory_recall_error"] and out["memory_injection"] == ""
