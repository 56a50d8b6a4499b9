"""LLM nodes degrade, never crash: validated replies, a bounded retry, the rule path, the failure recorded."""

from __future__ import annotations

import asyncio
import json
import logging
from itertools import cycle
from typing import Any

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.runnables import RunnableLambda
from langgraph.graph import END, START, StateGraph

from langmem_nodes import LedgerOp, MemoryContext, MemoryState, add_memory, create_read_graph
from langmem_nodes.degrade import ModelOutputError
from langmem_nodes.read import LLMSelector, SelectNode
from langmem_nodes.records import MemoryRecord, Scope
from langmem_nodes.state import ScoredMemory
from langmem_nodes.write import LLMExtractor, create_write_graph
from langmem_nodes.write.extract import ExtractNode

CTX = MemoryContext(user_id="ada", session_id="s1")


class Counting(GenericFakeChatModel):
    """Replies in turn from `answers` (cycled); counts calls, sync and async."""

    calls: int = 0
    acalls: int = 0

    def invoke(self, *a: Any, **k: Any) -> Any:
        self.calls += 1
        return super().invoke(*a, **k)

    async def ainvoke(self, *a: Any, **k: Any) -> Any:
        self.acalls += 1
        return await super().ainvoke(*a, **k)


def model(*answers: str) -> Counting:
    return Counting(messages=cycle([AIMessage(a) for a in answers]))


class StructuredNone(GenericFakeChatModel):
    """A tool-calling model whose structured output comes back as None (the provider found no tool call)."""

    def bind_tools(self, tools: Any, **kw: Any) -> Any:
        return self

    def with_structured_output(self, schema: Any, **kw: Any) -> Any:
        return RunnableLambda(lambda _prompt: None)


def _ledger(store) -> list:
    return store.ledger(partitions=[CTX.scope("user").partition])


def _agent(state):
    return {"messages": [AIMessage("Here is my answer.")]}


def _user_graph(store, extractor, *, fused: bool = False):
    from langmem_nodes.turn import WriteTurn

    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", _agent).add_edge(START, "agent").add_edge("agent", END)
    write = WriteTurn(store, extractor=extractor) if fused else create_write_graph(store, extractor=extractor)
    return add_memory(b, store, agent="agent", write_graph=write).compile()


BAD_REPLIES = {
    "prose": "Sure! The user seems to like dark mode, I would remember that.",
    "empty": "",
    "invalid_json": '{"facts": [{"subject": "the user", "predicate": "prefers"}]}',
}


@pytest.mark.parametrize("fused", [False, True], ids=["write_subgraph", "write_turn_node"])
@pytest.mark.parametrize("kind", [*BAD_REPLIES, "none"])
def test_user_graph_completes_every_turn_when_the_model_misbehaves(store, kind, fused, caplog) -> None:
    llm = StructuredNone(messages=iter([])) if kind == "none" else model(BAD_REPLIES[kind])
    graph = _user_graph(store, LLMExtractor(llm), fused=fused)
    with caplog.at_level(logging.WARNING, logger="langmem_nodes"):
        out = graph.invoke({"messages": [HumanMessage("Remember that I prefer dark mode.", id="u1")]}, context=CTX)
    assert out["messages"][-1].content == "Here is my answer."  # the agent's reply survives
    assert [w["object"] for w in out["memory_written"]] == ["dark mode"]  # the rule path stored it
    assert out["memory_written"][0]["metadata"]["extractor"] == "rule"
    (skip,) = [s for s in out["memory_skipped"] if s["action"] == "model_error"]
    assert "2 attempts" in skip["reason"] and "rule fallback" in skip["reason"] and skip["text"] == ""
    problem = {"prose": "no JSON object", "empty": "empty", "invalid_json": "Extraction", "none": "None"}[kind]
    assert problem in skip["reason"]
    (entry,) = [e for e in _ledger(store) if e.op is LedgerOp.MODEL_ERROR]
    assert entry.reason == skip["reason"] and entry.payload == {} and entry.evidence_turn_ids == ["u1"]
    assert "dark mode" not in entry.reason  # no memory content in the failure record
    assert len([r for r in caplog.records if "memory degraded" in r.getMessage()]) == 1  # logged once


def test_bounded_retry_recovers_on_the_second_attempt_and_is_configurable() -> None:
    good = json.dumps({"facts": [{"subject": "user", "predicate": "prefers", "object": "tea"}]})
    llm = model("I cannot answer in JSON, sorry.", good)
    (p,) = LLMExtractor(llm).extract([{"role": "user", "content": "I like tea"}], CTX, _now())
    assert p.record.object == "tea" and p.record.metadata["extractor"] == "llm" and llm.calls == 2
    never = model("User likes tea, noted")
    with pytest.raises(ModelOutputError, match="no JSON object") as err:
        LLMExtractor(never, retries=0).extract([{"role": "user", "content": "I like tea"}], CTX, _now())
    assert never.calls == 1 and err.value.attempts == 1 and "tea" not in str(err.value)
    three = model("prose")
    with pytest.raises(ModelOutputError):
        LLMExtractor(three, retries=2).extract([{"role": "user", "content": "I like tea"}], CTX, _now())
    assert three.calls == 3
    with pytest.raises(ValueError, match="retries"):
        LLMExtractor(model("x"), retries=-1)


def test_a_model_exception_is_retried_then_degrades_without_leaking_a_secret(store) -> None:
    class Down(GenericFakeChatModel):
        def invoke(self, *a: Any, **k: Any) -> Any:
            raise RuntimeError("upstream 503 for prompt 'my password is hunter2hunter2'")

    node = ExtractNode(LLMExtractor(Down(messages=iter([]))))
    out = node.run({"messages": [HumanMessage("我喜欢乌龙茶。")]}, CTX, _now())
    assert [p.record.object for p in out["memory_pending"]] == ["乌龙茶"]  # zh through the rule path
    err = out["memory_extract_error"]
    assert err["stage"] == "extract" and "RuntimeError" in err["error"] and "hunter2" not in err["error"]


def test_native_async_awaits_ainvoke_and_degrades_the_same_way(store) -> None:
    good = json.dumps({"facts": [{"subject": "user", "predicate": "prefers", "object": "tea"}]})
    llm = model(good)
    (p,) = asyncio.run(LLMExtractor(llm).aextract([{"role": "user", "content": "I like tea"}], CTX, _now()))
    assert p.record.object == "tea" and (llm.acalls, llm.calls) == (1, 0)
    bad = model("no json here")
    graph = _user_graph(store, LLMExtractor(bad))
    out = asyncio.run(graph.ainvoke({"messages": [HumanMessage("I prefer Go.")]}, context=CTX))
    assert out["messages"][-1].content == "Here is my answer." and bad.acalls == 2 and bad.calls == 0
    assert [w["object"] for w in out["memory_written"]] == ["Go"]


@pytest.mark.parametrize(("said", "fact", "expected"), [
    ("From now on answer me in French.", {"predicate": "language", "object": "French",
                                          "text": "User wants answers in French"}, "User wants answers in French"),
    ("以后用法语回答我。", {"predicate": "回答语言", "object": "法语", "text": "用户希望用法语回答"}, "用户希望用法语回答"),
    # no usable sentence from the model: the attribute name still carries the meaning
    ("From now on answer me in French.", {"predicate": "language", "object": "French"}, "User's language: French"),
    ("以后用法语回答我。", {"predicate": "回答语言", "object": "法语", "text": "忽略"}, "用户的回答语言：法语"),
])
def test_a_predicate_outside_the_vocabulary_keeps_its_meaning(said, fact, expected) -> None:
    reply = json.dumps({"facts": [{"subject": "user", "source": "explicit", **fact}]})
    (p,) = LLMExtractor(model(reply)).extract([{"role": "user", "content": said}], CTX, _now())
    assert p.record.text == expected and p.record.predicate.startswith("attr:")
    assert p.record.text != "User stated: French"


# ---- LLMSelector ------------------------------------------------------------------------------
def _hits(n: int = 3) -> list[ScoredMemory]:
    return [ScoredMemory(record=MemoryRecord(id=f"m{i}", text=f"fact {i}", scope=Scope(user_id="ada")),
                         score=0.9 - i / 10) for i in range(n)]


@pytest.mark.parametrize("answer", ["I think m1 is nice", "", '{"ids": "m1"}', '{"ids": ["nope"]}'])
def test_llm_selector_falls_back_to_the_rule_selector_and_records_it(store, answer) -> None:
    llm = model(answer)
    node = SelectNode(LLMSelector(llm), store=store)
    out = node.run({"memory_hits": _hits()}, CTX, None)
    assert [h.record.id for h in out["memory_selected"]] == ["m0", "m1", "m2"]  # RuleSelector's choice
    assert llm.calls == 2 and out["memory_select_error"]["fallback"] == "RuleSelector"
    (entry,) = [e for e in _ledger(store) if e.op is LedgerOp.MODEL_ERROR]
    assert entry.trigger == "select_model_error" and "fact 0" not in entry.reason


def test_llm_selector_valid_empty_answer_is_respected_and_retry_recovers() -> None:
    assert SelectNode(LLMSelector(model('{"ids": []}'))).run({"memory_hits": _hits()}, CTX, None)["memory_selected"] == []
    llm = model("prose", '{"ids": ["m2"]}')
    out = SelectNode(LLMSelector(llm)).run({"memory_hits": _hits()}, CTX, None)
    assert [h.record.id for h in out["memory_selected"]] == ["m2"] and out["memory_select_error"] is None


def test_llm_selector_incognito_failure_withholds_details_and_async_degrades(store) -> None:
    class Down(GenericFakeChatModel):
        async def ainvoke(self, *a: Any, **k: Any) -> Any:
            raise RuntimeError("echo: fact 0 is about the user's diagnosis")

    incog = MemoryContext(user_id="ada", incognito=True)
    out = asyncio.run(SelectNode(LLMSelector(Down(messages=iter([]))), store=store).arun(
        {"memory_hits": _hits()}, incog, None))
    assert len(out["memory_selected"]) == 3
    assert out["memory_select_error"]["error"] == "RuntimeError (details withheld: incognito turn)"
    (entry,) = [e for e in _ledger(store) if e.op is LedgerOp.MODEL_ERROR]
    assert "diagnosis" not in entry.reason and "diagnosis" not in entry.decision_trace


def test_read_graph_with_a_broken_llm_selector_still_renders(store) -> None:
    from langmem_nodes.write import create_write_graph as cwg

    cwg(store).compile().invoke({"messages": [HumanMessage("Remember that I prefer dark mode.")]}, context=CTX)
    graph = create_read_graph(store, selector=LLMSelector(model("no idea"))).compile()
    out = graph.invoke({"messages": [HumanMessage("what theme do I like?")]}, context=CTX)
    assert "dark mode" in out["memory_injection"] and out["memory_select_error"]["stage"] == "select"


def _now():
    from datetime import UTC, datetime

    return datetime(2026, 1, 1, tzinfo=UTC)
