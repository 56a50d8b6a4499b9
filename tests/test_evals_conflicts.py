"""The conflicts eval: scenario generation and our resolver's four strategies on a small run."""

from __future__ import annotations

import numpy as np
import pytest

from evals import conflicts
from evals._report import last_json_line
from evals._sim_conflicts import generate_scenarios, scenario_records


def test_every_scenario_has_a_correction_and_corrections_are_true():
    sc = generate_scenarios(2000, seed=3, forced_at="random")
    owner = np.repeat(np.arange(2000), sc.sizes)
    assert np.bincount(owner, weights=sc.explicit).min() >= 1
    assert (sc.values[sc.explicit] == 0).all()
    assert set(sc.sizes.tolist()) == {1, 2, 3, 4, 5, 6}
    assert 0.10 < (sc.values[~sc.explicit] == 0).mean() < 0.20  # right by chance ~15%
    recs = scenario_records(sc, 0)
    assert [r.created_at for r in recs] == sorted(r.created_at for r in recs)


def test_bad_generator_input_is_rejected():
    with pytest.raises(ValueError, match="p_correction"):
        generate_scenarios(10, p_correction=1.5)
    with pytest.raises(ValueError, match="forced_at"):
        generate_scenarios(10, forced_at="middle")


def test_small_run_reproduces_the_article_ordering(capsys):
    assert conflicts.main(["--trials", "3000", "--json"]) == 0
    r = last_json_line(capsys.readouterr().out)
    s = r["strategies"]
    assert r["trials"] == 3000 and set(s) == set(conflicts.ARTICLE)
    assert s["explicit_correction_first"] == 1.0
    assert s["explicit_correction_first"] > s["confidence_weighted"] > s["last_write_wins"] > s["majority"]
    for name, article in conflicts.ARTICLE.items():
        assert s[name] == pytest.approx(article, abs=0.06), name


def test_exact_confidences_make_confidence_weighting_tie_correction_first(capsys):
    conflicts.main(["--trials", "500", "--conf-sd", "0", "--json"])
    s = last_json_line(capsys.readouterr().out)["strategies"]
    assert s["confidence_weighted"] == s["explicit_correction_first"] == 1.0
