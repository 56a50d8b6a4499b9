"""The TTL eval: the reconstructed cost model reproduces the article, driven by our policy objects and sweeper."""

from __future__ import annotations

import pytest

from evals import ttl
from evals._report import last_json_line
from evals._sim_ttl import ARTICLE_SEMI_SWEEP, ARTICLE_TIERED, ARTICLE_UNIFORM, class_cost


def test_model_reproduces_every_printed_row():
    for days, total in ARTICLE_SEMI_SWEEP.items():
        assert class_cost("semi", days)["total"] == pytest.approx(total, abs=0.06)
    for cls, total in ARTICLE_UNIFORM.items():
        assert class_cost(cls, 365)["total"] == pytest.approx(total, abs=0.06)
    with pytest.raises(ValueError, match="memory class"):
        class_cost("forever", 10)


def test_policy_objects_drive_the_cost_and_the_sweeper(capsys):
    assert ttl.main(["--n", "20", "--json"]) == 0
    r = last_json_line(capsys.readouterr().out)
    assert [r["tiered"][c]["ttl_days"] for c in ("stable", "semi", "volatile")] == [3650, 180, 21]
    assert {r["uniform"][c]["ttl_days"] for c in ("stable", "semi", "volatile")} == {365}
    assert r["improvement"] == pytest.approx(0.483, abs=0.001)
    for cls, total in ARTICLE_TIERED.items():
        assert r["tiered"][cls]["total"] == pytest.approx(total, abs=0.06)
    exp = r["expiry"]
    assert exp["stable"]["expired"] == 0  # 10-year TTL, memories at most 2 years old
    assert exp["volatile"]["expired"] > exp["semi"]["expired"] > 0
    assert all(sum(v[k] for k in ("active", "expired", "archived")) == 20 for v in exp.values())
