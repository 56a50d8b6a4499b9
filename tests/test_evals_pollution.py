"""The pollution eval: the branching process matches the article's closed form; our gate blocks traced restatements."""

from __future__ import annotations

import pytest

from evals import pollution
from evals._report import last_json_line
from evals._sim_pollution import expected, simulate


def test_closed_form_matches_article_and_simulation():
    assert expected(0.3, 0.4, 40) == pytest.approx(93.051, abs=1e-3)
    assert expected(1.0, 0.4, 40) == pytest.approx(700037.697, rel=1e-6)
    assert simulate(0.3, 0.4, 10, trials=3000, seed=2)[-1] == pytest.approx(expected(0.3, 0.4, 10), rel=0.05)
    with pytest.raises(ValueError, match="p_w"):
        expected(1.5, 0.4, 3)


def test_gate_blocks_every_traceable_restatement(capsys):
    assert pollution.main(["--memories", "6", "--restatements", "5", "--paraphrase", "0.2", "--rounds", "12",
                           "--trials", "200", "--json"]) == 0
    r = last_json_line(capsys.readouterr().out)
    assert r["traced_restatements"] == 24 and r["traced_restatements_written"] == 0
    # only reworded ones get through, and not all of them: "Rust 1" → "锈语言 Rust 生态 1" still names the
    # injected object (facts.same_fact), so the gate traces it
    assert 0 < r["leak"] <= r["reworded_share"] == pytest.approx(0.2)
    assert r["at_rounds"]["gate"] < r["at_rounds"]["no_gate"]
    assert r["closed_form"]["gate"] == pytest.approx((1 + 0.3 * r["leak"] * 0.4) ** 12)


def test_no_rewording_means_no_growth(capsys):
    pollution.main(["--memories", "4", "--restatements", "3", "--paraphrase", "0", "--rounds", "5", "--trials", "50", "--json"])
    r = last_json_line(capsys.readouterr().out)
    assert r["leak"] == 0 and r["at_rounds"]["gate"] == 1.0
