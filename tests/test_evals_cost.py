"""The injection-cost eval: the article's formula values, and our renderer's real bytes."""

from __future__ import annotations

import pytest

from evals import cost
from evals._report import last_json_line


def test_formula_reproduces_article_table():
    p = cost.ARTICLE_PARAMS
    got = cost.formula(p["n"], p["line"], p["body"], p["k"], p["turns"], p["summary"], p["alpha"])
    assert got == pytest.approx(cost.ARTICLE)


def test_small_store_costs_come_from_rendered_bytes(capsys):
    assert cost.main(["--n", "30", "--turns", "4", "--body", "600", "--summary", "2000", "--json"]) == 0
    r = last_json_line(capsys.readouterr().out)
    m, ours = r["measured"], r["ours"]
    assert m["n_stored"] == 30 and m["index_lines"] == 30  # below the 200-line cap every memory is listed
    assert 0 < m["summary_bytes"] <= 2000
    assert all(0 < b <= 3 * 600 + 512 for b in m["items_bytes"])
    assert ours["index"] == pytest.approx(4 * m["index_bytes"] / 1000)
    assert ours["on_demand"] > ours["index"]
    assert ours["on_demand_cached"] == pytest.approx(0.1 * ours["index"] + sum(m["items_bytes"]) / 1000)


def test_bad_alpha_is_rejected():
    with pytest.raises(SystemExit):
        cost.main(["--alpha", "1.5"])
