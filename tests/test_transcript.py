"""A pasted conversation: other speakers' lines are not the user's facts (newcomer10 H3: "Bob: I live in Denver.
Me: cool!" stored «User lives in Denver»); the user's own labelled lines still are; one label is a heading."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.write.extractor import RuleExtractor

CTX, NOW = MemoryContext(user_id="u"), datetime(2026, 12, 6, tzinfo=UTC)


def _read(text: str) -> tuple[set[str], list[str]]:
    writes, skips = RuleExtractor().extract_explained([{"role": "user", "content": text}], CTX, NOW)
    return {p.record.object for p in writes}, [s["reason"] for s in skips]


@pytest.mark.parametrize("text, not_stored", [
    ("Bob: I live in Denver. Me: cool!", "Denver"),
    ("Alice: what day works? Bob: I prefer Monday, I use Jira for tracking. Alice: ok", "Jira"),
    ("小王：我住在北京。老李：我也是。", "北京"),
    ("客户：我们用的是 Oracle 数据库。我：收到。", "Oracle"),
])
def test_other_speakers_lines_store_nothing(text, not_stored):
    objects, reasons = _read(text)
    assert not any(not_stored in o for o in objects) and "reported speech" in reasons


@pytest.mark.parametrize("text, kept", [
    ("Mom: are you coming? Me: yes, I live in Oslo now.", "Oslo"),
    ("小王：我住在北京。我：我住在上海。", "上海"),
    ("Update: I moved to Paris.", "Paris"),  # one label: a heading, the user's own words
    ("备注：我对花生过敏。", "花生"),
])
def test_the_users_own_lines_are_read(text, kept):
    objects, _ = _read(text)
    assert any(kept in o for o in objects), objects
