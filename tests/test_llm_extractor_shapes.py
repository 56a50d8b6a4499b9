"""A reply that is valid JSON but not an `Extraction` (another top-level key) is a schema violation: retried,
then the rule extractor runs and the failure is recorded — never silently "no facts"."""

from __future__ import annotations

import json

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage

from langmem_nodes.degrade import ModelOutputError
from langmem_nodes.records import MemoryContext
from langmem_nodes.write import create_write_graph
from langmem_nodes.write.llm_extractor import LLMExtractor, as_extraction, parse_extraction

WRONG = [json.dumps({"memories": [{"text": "User lives in Oslo"}]}), json.dumps({"items": []}), "{}"]


@pytest.mark.parametrize("reply", WRONG)
def test_a_reply_without_the_facts_key_is_a_schema_violation(reply) -> None:
    with pytest.raises(ModelOutputError, match="facts"):
        parse_extraction(reply)
    with pytest.raises(ModelOutputError, match="facts"):
        as_extraction(json.loads(reply))
    assert parse_extraction('{"facts": []}').facts == []  # an empty extraction is still a valid one


@pytest.mark.parametrize(("said", "kept"), [("Remember that I live in Tromsø.", "User lives in Tromsø"),
                                             ("记住：我住在厦门。", "用户住在厦门")])
def test_a_wrong_key_reply_is_retried_then_the_rules_store_the_turn(store, said, kept) -> None:
    replies = iter([AIMessage(content=json.dumps({"memories": [{"text": kept}]}))] * 2)
    extractor = LLMExtractor(GenericFakeChatModel(messages=replies), structured=False, retries=1)
    out = create_write_graph(store, extractor=extractor).compile().invoke(
        {"messages": [("user", said)]}, context=MemoryContext(user_id="ada"))
    assert [w["text"] for w in out["memory_written"]] == [kept]
    (error,) = [s for s in out["memory_skipped"] if s["action"] == "model_error"]
    assert "facts" in error["reason"]
    assert out["memory_extract_error"]["fallback"] == "rule"
