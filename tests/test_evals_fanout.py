"""The fan-out eval: the article's formula, and zero measured ghosts from our own forget."""

from __future__ import annotations

import pytest

from evals import fanout
from evals._report import last_json_line


def test_formula_matches_article_points():
    for miss, printed in fanout.ARTICLE.items():
        assert fanout.ghost_probability(miss) == pytest.approx(printed, abs=5e-5)
    with pytest.raises(ValueError, match="miss_rate"):
        fanout.ghost_probability(1.5)


def test_small_run_has_no_ghosts_and_replay_heals_faults(capsys, tmp_path):
    assert fanout.main(["--n", "12", "--miss", "0.3", "--extra", "3", "--json", "--plot", str(tmp_path / "f.png")]) == 0
    r = last_json_line(capsys.readouterr().out)
    assert r["measured_ghosts"] == 0
    assert {"sqlite", "chroma", "bm25", "ledger"} <= set(r["our_places"])
    assert r["fault"]["ghosts_after_forget"] > 0  # 3 places at 30% miss: P(no ghost in 12) ≈ 2e-9
    assert r["fault"]["ghosts_after_replay"] == 0
    assert r["fault"]["bytes_on_disk"] == 0
    assert (tmp_path / "f.png").stat().st_size > 1000


def test_bad_miss_rate_is_rejected():
    with pytest.raises(SystemExit):
        fanout.main(["--miss", "2"])
