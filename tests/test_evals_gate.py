"""The gate eval: the article's curve through our VerifyNode, and F1 optimum ≠ expected-cost optimum."""

from __future__ import annotations

import pytest

from evals import gate
from evals._report import last_json_line
from evals._sim_gate import ARTICLE_PR, article_curve


def test_curve_has_the_printed_precision_and_recall():
    scores, labels = article_curve(positives=1000, seed=4)
    for thr, (p, r) in ARTICLE_PR.items():
        acc = [y for s, y in zip(scores, labels, strict=True) if s >= thr]
        assert sum(acc) / len(acc) == pytest.approx(p, abs=0.002)
        assert sum(acc) / sum(labels) == pytest.approx(r, abs=0.002)
    with pytest.raises(ValueError, match="positives"):
        article_curve(positives=3)


def test_small_sweep_separates_f1_and_cost_optima(capsys):
    assert gate.main(["--positives", "100", "--json"]) == 0
    r = last_json_line(capsys.readouterr().out)
    f1, cost = r["f1_optimum"], r["cost_optimum"]
    assert f1["threshold"] == pytest.approx(0.6)
    assert cost["threshold"] > f1["threshold"] + 0.2
    assert cost["false_write_rate"] < f1["false_write_rate"] and cost["f1"] < f1["f1"]
    assert cost["cost_per_candidate"] < f1["cost_per_candidate"]
    recalls = [m["recall"] for m in r["sweep"].values()]
    assert recalls == sorted(recalls, reverse=True)


def test_equal_costs_pull_the_cost_optimum_down(capsys):
    gate.main(["--positives", "100", "--cost-false-write", "1", "--cost-miss", "1", "--json"])
    assert last_json_line(capsys.readouterr().out)["cost_optimum"]["threshold"] < 0.8
