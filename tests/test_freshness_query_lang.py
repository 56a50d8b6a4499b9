"""Ages and notes follow the question's language, the one the reply is in (newcomer14 L3: "Which editor did I
use before?" got "(此前：… 今天所说 …)" for a Chinese memory, and English replies carried "今天")."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes.read.freshness import FreshnessNode
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.state import MemoryQuery, ScoredMemory

NOW = datetime(2026, 12, 6, tzinfo=UTC)
ADA = MemoryContext(user_id="ada")


def _hit(text: str) -> ScoredMemory:
    rec = MemoryRecord(text=text, scope=Scope(user_id="ada"), created_at=NOW - timedelta(days=47))
    return ScoredMemory(record=rec, score=0.9)


def _annotated(question: str, memory: str, lang: str = "auto") -> ScoredMemory:
    state = {"memory_selected": [_hit(memory)], "memory_query": MemoryQuery(text=question, lexical=question, dense=question)}
    return FreshnessNode(lang=lang).run(state, ADA, NOW)["memory_selected"][0]


@pytest.mark.parametrize("question, memory, said", [
    ("Which editor do I use?", "用户使用Zed", "47 days ago"),
    ("我用什么编辑器？", "User uses Zed", "47 天前"),
    ("Which editor do I use?", "User uses Zed", "47 days ago"),
    ("我用什么编辑器？", "用户使用Zed", "47 天前"),
])
def test_the_age_is_said_in_the_questions_language(question, memory, said):
    assert _annotated(question, memory).age == said


def test_a_question_without_words_keeps_the_memorys_language_and_a_fixed_lang_wins():
    assert _annotated("???", "用户使用Zed").age == "47 天前"
    assert _annotated("Which editor do I use?", "用户使用Zed", lang="zh").age == "47 天前"
