"""Chinese natural-chat extraction (issue 16), phrasings written for these tests, not taken from any labelled set.

Each group is one failure kind; the rule change that fixed it was made after its cases failed."""

from __future__ import annotations

import pytest

from langmem_nodes.write import grammar_zh
from tests.test_extraction_compositional import _accepted, _check

P, N = "positive", "negative"

# Chinese rules must not fire on an English clause: "our orm is prisma" is not a zh topic + bare object
ENGLISH = ["our orm is prisma", "the ORM is drizzle", "our ci is jenkins", "the backend is go",
           "our cache layer is redis", "the queue is sqs now", "our frontend framework: svelte"]


@pytest.mark.parametrize("text", ENGLISH)
def test_chinese_rules_never_fire_on_an_english_clause(text: str) -> None:
    assert grammar_zh.pre(text) == [] and grammar_zh.post(text) == []
    assert not [r.object for r in _accepted(text) if r.object.lower().startswith(("is ", "are "))]


@pytest.mark.parametrize("text", ["前端 React", "jQuery 我早就不碰了"])
def test_chinese_rules_still_fire_on_a_mixed_clause(text: str) -> None:
    assert grammar_zh.pre(text) or grammar_zh.post(text)
