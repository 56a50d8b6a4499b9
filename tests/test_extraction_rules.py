"""Structured fields of extracted claims: canonical predicates, source, tier, kind, drift, lineage inputs;
plus the LLM extractor on fake chat models and the ExtractNode wiring."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.runnables import RunnableLambda

from langmem_nodes.records import MemoryContext
from langmem_nodes.write import ExtractNode, LLMExtractor, RuleExtractor
from langmem_nodes.write.llm_extractor import Extraction, parse_extraction
from langmem_nodes.write.rules import PREDICATES

CTX = MemoryContext(user_id="u1", project_id="p1", session_id="s1")
NOW = datetime(2026, 3, 1, tzinfo=UTC)


def extract(*user_turns: str) -> list:
    turns: list[dict[str, Any]] = []
    for i, t in enumerate(user_turns):
        if i:
            turns.append({"role": "assistant", "content": "OK."})
        turns.append({"role": "user", "content": t})
    return [p.record for p in extract_pending(*user_turns)]


def extract_pending(*user_turns: str) -> list:
    turns: list[dict[str, Any]] = []
    for i, t in enumerate(user_turns):
        if i:
            turns.append({"role": "assistant", "content": "OK."})
        turns.append({"role": "user", "content": t})
    return RuleExtractor().extract(turns, CTX, NOW)


@pytest.mark.parametrize(
    ("a", "b"),
    [("I like Rust.", "I prefer Rust."), ("我喜欢 Rust。", "我偏好 Rust。"), ("I love Rust.", "我很喜欢 Rust。")],
)
def test_synonymous_verbs_share_one_canonical_predicate(a: str, b: str) -> None:
    (ra,), (rb,) = extract(a), extract(b)
    assert ra.predicate == rb.predicate == "prefers"
    assert ra.object == rb.object == "Rust"


def test_predicates_come_from_the_small_vocabulary() -> None:
    texts = ["My name is Ana.", "我在成都工作。", "This project uses uv.", "部署命令是 make deploy。",
             "I'm working on the search page today.", "Never force-push in this repo.", "我对芒果过敏。"]
    preds = {r.predicate for t in texts for r in extract(t)}
    assert preds <= PREDICATES
    assert {"name", "works_in", "package_manager", "deploy_command", "working_on", "rule", "allergy"} <= preds


@pytest.mark.parametrize(
    ("text", "source"),
    [("Remember that I'm left-handed.", "explicit"), ("记住:我喜欢喝茶。", "explicit"),
     ("From now on, use British spelling.", "explicit"), ("以后都用表格回答。", "explicit"),
     ("I like tea.", "inferred"), ("我喜欢喝茶。", "inferred")],
)
def test_explicit_requests_are_marked_explicit(text: str, source: str) -> None:
    recs = extract(text)
    assert recs and {r.source.value for r in recs} == {source}


@pytest.mark.parametrize(
    ("first", "fix", "new", "old"),
    [("I mainly write Go.", "Actually, I mainly write Kotlin now.", "Kotlin", None),
     ("The deploy command is make ship.", "That's wrong, the deploy command is ./ship.sh, not make ship.", "./ship.sh", "make ship"),
     ("我主要用 Java。", "不对,我现在主要用 Go 了。", "Go", None),
     ("构建命令是 npm run build。", "更正一下,构建命令改成 pnpm build,不是 npm run build。", "pnpm build", "npm run build")],
)
def test_corrections_are_explicit_corrections_and_name_the_replaced_value(first, fix, new, old) -> None:
    pending = extract_pending(first, fix)
    recs = [p.record for p in pending]
    assert [r.object for r in recs] == [new]
    assert recs[0].source.value == "explicit_correction" and recs[0].confidence >= 0.9
    assert "replaces" not in recs[0].metadata  # a signal to the resolver, never stored with the memory
    if old:
        assert pending[0].replaces == [old]


@pytest.mark.parametrize(
    ("text", "tier", "kind", "drift"),
    [("I'm allergic to peanuts.", "stable", "identity", "external"), ("我叫周杰。", "stable", "identity", "external"),
     ("I prefer light themes.", "stable", "preference", "preference"),
     ("This repo uses pnpm.", "semi", "fact", "config"), ("部署用 fly deploy。", "semi", "procedure", "config"),
     ("Today I'm fixing the login bug.", "volatile", "task_state", "external"),
     ("我这周在做数据迁移。", "volatile", "task_state", "external")],
)
def test_tier_kind_and_drift(text: str, tier: str, kind: str, drift: str) -> None:
    (r,) = extract(text)
    assert (r.tier.value, r.kind.value, r.drift.value) == (tier, kind, drift)


def test_mixed_content_splits_into_project_fact_and_user_preference() -> None:
    for text in ("This project uses Django, and I personally love its admin.", "这个项目用 Django,我很喜欢它的 admin 后台。"):
        recs = extract(text)
        assert [(r.subject, r.scope.level.value) for r in recs] == [("project", "session"), ("user", "session")]
        assert "Django" in recs[0].object and "admin" in recs[1].object


def test_hedged_statement_gets_low_confidence() -> None:
    (r,) = extract("I think I prefer spaces.")
    (z,) = extract("我好像更喜欢空格。")
    assert r.confidence < 0.6 and z.confidence < 0.6


def test_only_latest_user_turn_is_extracted_and_turn_ids_are_kept() -> None:
    turns = [{"role": "user", "content": "I like tea.", "id": "a"}, {"role": "assistant", "content": "ok", "id": "b"},
             {"role": "user", "content": "I like coffee.", "id": "c"}]
    (p,) = RuleExtractor().extract(turns, CTX, NOW)
    assert p.record.object == "coffee" and p.record.source_turn_ids == ["c"]
    assert p.record.text == "User likes coffee" and p.record.sessions_seen == ["s1"]


def test_stored_text_is_neutral_third_person_in_the_users_language() -> None:
    (en,) = extract("Always answer in Spanish.")
    (zh,) = extract("我不喜欢 emoji。")
    assert en.text == "User rule: answer in Spanish"
    assert zh.text == "用户不喜欢emoji"


# ---- LLM extractor -------------------------------------------------------------------------------
FACTS = {"facts": [
    {"subject": "user", "predicate": "prefers", "object": "tea", "source": "explicit", "confidence": 0.99},
    {"subject": "project", "predicate": "invented_pred", "object": "uses monorepo"},
]}


class StructuredFake(GenericFakeChatModel):
    """A fake whose structured output returns a fixed Extraction (as a tool-calling model would)."""

    def bind_tools(self, tools: Any, **kw: Any) -> Any:
        return self

    def with_structured_output(self, schema: Any, **kw: Any) -> Any:
        return RunnableLambda(lambda _prompt: schema.model_validate(FACTS))


def test_llm_extractor_structured_output_path() -> None:
    model = StructuredFake(messages=iter([]))
    out = LLMExtractor(model).extract([{"role": "user", "content": "remember I like tea"}], CTX, NOW)
    assert [(p.record.predicate, p.record.object) for p in out] == [("prefers", "tea"), ("attr:invented_pred", "uses monorepo")]
    assert out[0].record.source.value == "explicit" and out[0].record.confidence == 0.9  # capped by source


def test_llm_extractor_json_fallback_and_bad_reply() -> None:
    reply = "```json\n" + json.dumps({"facts": [{"subject": "user", "predicate": "name", "object": "王芳"}]}) + "\n```"
    model = GenericFakeChatModel(messages=iter([AIMessage(content=reply)]))
    (p,) = LLMExtractor(model).extract([{"role": "user", "content": "我叫王芳"}], CTX, NOW)
    assert (p.record.predicate, p.record.object, p.record.text) == ("name", "王芳", "用户名叫王芳")
    with pytest.raises(ValueError, match="no JSON"):
        parse_extraction("sorry, I cannot")
    with pytest.raises(TypeError, match="BaseChatModel"):
        LLMExtractor(object())  # type: ignore[arg-type]
    assert Extraction.model_validate({"facts": []}).facts == []


# ---- ExtractNode -------------------------------------------------------------------------------
def test_extract_node_reads_messages_and_skips_incognito() -> None:
    node = ExtractNode()
    state = {"messages": [HumanMessage(content="I prefer Go.", id="m1")]}
    (p,) = node.run(state, CTX, NOW)["memory_pending"]
    assert p.record.object == "Go" and p.record.source_turn_ids == ["m1"]
    assert node.run(state, CTX.model_copy(update={"incognito": True}), NOW)["memory_pending"] == []
    with pytest.raises(TypeError, match="Extractor"):
        ExtractNode(extractor="rule")  # type: ignore[arg-type]
