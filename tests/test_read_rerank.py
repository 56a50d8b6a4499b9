"""RerankNode: hard filters first, then (0.5·sim + 0.3·fresh + 0.2·src) × confidence, breakdown kept."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes.read import RerankNode
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope, Status
from langmem_nodes.state import ScoredMemory

NOW = datetime(2026, 6, 1, tzinfo=UTC)
CTX = MemoryContext(user_id="ada")


def hit(text="prefers tea", sim=1.0, days=0, **kw):
    kw.setdefault("scope", Scope(user_id="ada"))
    rec = MemoryRecord(text=text, created_at=NOW - timedelta(days=days), **kw)
    return ScoredMemory(record=rec, score=sim, breakdown={"sim": sim})


def rerank(hits, **kw):
    return RerankNode(**kw).run({"memory_hits": hits}, CTX, NOW)["memory_hits"]


def test_formula_and_breakdown():
    (h,) = rerank([hit(sim=0.8, days=45, source="inferred", confidence=0.5)])
    fresh = math.exp(-45 / 90)
    assert h.breakdown["fresh"] == pytest.approx(fresh)
    assert h.breakdown["src"] == 0.4
    assert h.score == pytest.approx((0.5 * 0.8 + 0.3 * fresh + 0.2 * 0.4) * 0.5)
    assert h.breakdown["final"] == h.score and h.breakdown["confidence"] == 0.5


def test_verified_at_resets_freshness_and_weights_are_configurable():
    (h,) = rerank([hit(days=300, verified_at=NOW - timedelta(days=1))])
    assert h.breakdown["fresh"] == pytest.approx(math.exp(-1 / 90))
    (only_sim,) = rerank([hit(sim=0.3, days=300)], fresh_weight=0, src_weight=0, sim_weight=1)
    assert only_sim.score == pytest.approx(0.3 * 0.6)


def test_source_order_explicit_over_imported_over_inferred():
    hits = [hit("a 用户说", source="inferred"), hit("b", source="explicit"), hit("c", source="imported")]
    assert [h.record.text for h in rerank(hits)] == ["b", "c", "a 用户说"]


def test_fresher_memory_wins_at_equal_similarity():
    old, new = hit("old 旧的", days=200), hit("new 新的", days=2)
    assert [h.record.text for h in rerank([old, new])] == ["new 新的", "old 旧的"]


@pytest.mark.parametrize(
    "bad",
    [
        {"scope": Scope(user_id="bob")},
        {"status": Status.SUPERSEDED},
        {"expires_at": NOW - timedelta(days=1)},
        {"expires_at": NOW - timedelta(days=1), "verified_at": NOW - timedelta(days=30)},
        {"status": Status.CANDIDATE},
        {"confidence": 0.1},
    ],
)
def test_hard_filters_drop_regardless_of_similarity(bad):
    assert rerank([hit("用户喜欢茶 tea", sim=1.0, **bad)]) == []


def test_expired_but_recently_verified_passes():
    h = hit(expires_at=NOW - timedelta(days=1), verified_at=NOW - timedelta(days=2))
    assert len(rerank([h])) == 1


@pytest.mark.parametrize("kw", [{"sim_weight": -1}, {"tau_days": 0}, {"confidence_floor": 2},
                                {"sim_weight": 0, "fresh_weight": 0, "src_weight": 0}])
def test_bad_settings_raise(kw):
    with pytest.raises(ValueError):
        RerankNode(**kw)
