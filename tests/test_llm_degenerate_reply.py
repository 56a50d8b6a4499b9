"""A long unparseable model reply ("{" × 200,000, or braces nested thousands deep) fails fast and falls back
as documented: the rule extractor stores the turn, the rule selector chooses (en + zh). The JSON object
is cut out of the reply by its first "{" and last "}" — what the old regex found, without its quadratic
backtracking."""

from __future__ import annotations

import re

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel

from langmem_nodes.degrade import json_object_text
from langmem_nodes.read.select import LLMSelector, SelectNode, parse_ids
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.state import ScoredMemory
from langmem_nodes.write import create_write_graph
from langmem_nodes.write.llm_extractor import LLMExtractor

OLD_REGEX = re.compile(r"\{.*\}", re.S)
REPLIES = ['{"facts": []}', '```json\n{"ids": ["m1"]}\n```', 'sure: {"a": {"b": 1}} and {"c": 2} ok', "{", "}",
           "} {", "{}", "no json", "", '{"ids": ["m1"]', "x}y{z}w", "{\n\n}", "前缀 {\"ids\": []} 后缀"]
DEGENERATE = ["{" * 200_000, "{" * 100_000 + "}" * 100_000, '{"facts": [{"text": "User likes tea", ' * 5000]


@pytest.mark.parametrize("reply", REPLIES)
def test_the_json_object_is_what_the_old_regex_found(reply) -> None:
    m = OLD_REGEX.search(reply)
    assert json_object_text(reply) == (m.group(0) if m else None)


@pytest.mark.parametrize("reply", DEGENERATE)
@pytest.mark.parametrize(("said", "kept"), [("Remember that I'm allergic to peanuts.", "User is allergic to peanuts"),
                                             ("记住：我住在厦门。", "用户住在厦门")])
def test_a_degenerate_extractor_reply_falls_back_to_the_rules(store, reply, said, kept) -> None:
    extractor = LLMExtractor(FakeListChatModel(responses=[reply] * 4), structured=False)
    out = create_write_graph(store, extractor=extractor).compile().invoke(
        {"messages": [("user", said)]}, context=MemoryContext(user_id="ada"))
    assert [w["text"] for w in out["memory_written"]] == [kept]
    assert out["memory_extract_error"]["fallback"] == "rule"


@pytest.mark.parametrize("reply", DEGENERATE)
def test_a_degenerate_selector_reply_falls_back_to_the_rule_selector(reply) -> None:
    assert parse_ids(reply) is None
    hits = [ScoredMemory(record=MemoryRecord(id=f"m{i}", text=f"fact {i}", scope=Scope(user_id="ada")),
                         score=0.9 - i / 10) for i in range(3)]
    out = SelectNode(LLMSelector(FakeListChatModel(responses=[reply] * 4))).run(
        {"memory_hits": hits}, MemoryContext(user_id="ada"), None)
    assert [h.record.id for h in out["memory_selected"]] == ["m0", "m1", "m2"]
    assert out["memory_select_error"]["fallback"] == "RuleSelector"
