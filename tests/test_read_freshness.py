"""Freshness: relative ages in the memory's language and drift-specific advice for older memories."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes.read import FreshnessNode
from langmem_nodes.read.freshness import freshness_note, relative_age
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.state import ScoredMemory

NOW = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("days", "en", "zh"), [(0, "today", "今天"), (1, "yesterday", "昨天"),
                                                (47, "47 days ago", "47 天前")])
def test_relative_age(days, en, zh):
    then = NOW - timedelta(days=days)
    assert relative_age(then, NOW) == en and relative_age(then, NOW, "zh") == zh


def test_relative_age_uses_calendar_days_and_rejects_unknown_lang():
    assert relative_age(datetime(2026, 2, 28, 23, tzinfo=UTC), NOW) == "yesterday"
    with pytest.raises(ValueError):
        relative_age(NOW, NOW, "fr")


def rec(text, days, drift="preference", **kw):
    return MemoryRecord(text=text, scope=Scope(user_id="a"), created_at=NOW - timedelta(days=days), drift=drift, **kw)


def test_no_note_for_today_or_yesterday():
    assert freshness_note(rec("prefers tea", 1), NOW) is None


@pytest.mark.parametrize(("drift", "en_word", "zh_word"), [("code", "verify", "核实"), ("config", "verify", "确认"),
                                                          ("preference", "use it directly", "直接使用"),
                                                          ("external", "stale", "过时")])
def test_advice_by_drift_kind(drift, en_word, zh_word):
    en = freshness_note(rec("The API lives in api/v2.py", 30, drift), NOW)
    zh = freshness_note(rec("接口在 api/v2.py 里", 30, drift), NOW)
    assert en.startswith("Observed 30 days ago, not necessarily the current state") and en_word in en
    assert zh.startswith("这是30 天前的观察，不一定是当前状态") and zh_word in zh


def test_node_annotates_selected_with_verified_at_and_language():
    old = rec("用户住在北京", 200, verified_at=NOW - timedelta(days=3))
    out = FreshnessNode().run({"memory_selected": [ScoredMemory(record=old)]}, MemoryContext(user_id="a"), NOW)
    (h,) = out["memory_selected"]
    assert h.age == "3 天前" and "不一定是当前状态" in h.note
    out = FreshnessNode(lang="en").run({"memory_selected": [ScoredMemory(record=old)]}, MemoryContext(user_id="a"), NOW)
    assert out["memory_selected"][0].age == "3 days ago"
