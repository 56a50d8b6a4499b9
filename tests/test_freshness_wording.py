"""A lasting personal fact (an allergy, where the user lives) is not called "external state" that "may be
stale" when it is old (newcomer8 L2); volatile external state still is."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes.read.freshness import freshness_note
from langmem_nodes.records import Drift, MemoryRecord, Scope, Tier

NOW = datetime(2026, 6, 1, tzinfo=UTC)


def _rec(text: str, tier: Tier, days: int) -> MemoryRecord:
    then = NOW - timedelta(days=days)
    return MemoryRecord(text=text, predicate="allergy", object="x", tier=tier, drift=Drift.EXTERNAL,
                        scope=Scope(user_id="a"), created_at=then, verified_at=then)


@pytest.mark.parametrize(("text", "lasting", "stale"), [
    ("User is allergic to peanuts", "lasting personal fact", "external state"),
    ("用户对花生过敏", "较稳定的个人情况", "外部状态"),
])
def test_an_old_lasting_fact_is_not_external_state(text, lasting, stale):
    note = freshness_note(_rec(text, Tier.STABLE, 120), NOW)
    assert lasting in note and stale not in note
    volatile = freshness_note(_rec(text, Tier.VOLATILE, 120), NOW)
    assert stale in volatile and lasting not in volatile


@pytest.mark.parametrize(("text", "predicate", "lasting"), [
    ("User's wife is called Sarah", "attr:wife_name", "lasting personal fact"),
    ("用户的猫叫咪咪", "attr:猫名字", "较稳定的个人情况"),
    ("User's name is Ada", "name", "lasting personal fact"),
])
def test_an_old_name_is_not_called_a_preference(text, predicate, lasting):
    """newcomer17 L4: a wife's or a cat's name was "a preference; use it directly"."""
    then = NOW - timedelta(days=90)
    rec = MemoryRecord(text=text, predicate=predicate, object="x", tier=Tier.STABLE, drift=Drift.PREFERENCE,
                       scope=Scope(user_id="a"), created_at=then, verified_at=then)
    note = freshness_note(rec, NOW)
    assert lasting in note and "preference" not in note and "偏好" not in note
