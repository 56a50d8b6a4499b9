"""The dedup eval: near-duplicate generation, cluster metrics, and a sweep through our dedup clustering."""

from __future__ import annotations

import numpy as np
import pytest

from evals import dedup
from evals._report import last_json_line
from evals._sim_vectors import cluster_metrics, near_duplicates


def test_near_duplicates_sit_at_the_requested_cosine():
    vecs, fact_of = near_duplicates(cos_sd=0.0, seed=2)
    assert vecs.shape == (200, 64)
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    first = {}
    for v, f in zip(vecs, fact_of, strict=True):
        first.setdefault(int(f), []).append(v)
    with_dups = [vs for vs in first.values() if len(vs) == 3]
    assert len(with_dups) == 40
    # the original and its duplicates are each at 0.88 to the original; any pair among the three includes it
    # or is a dup-dup pair at ~0.88² ≈ 0.77
    sims = sorted(float(a @ b) for vs in with_dups for i, a in enumerate(vs) for b in vs[i + 1:])
    assert sims[-1] == pytest.approx(0.88, abs=1e-3)


def test_cluster_metrics_count_lost_and_redundant():
    fact_of = [0, 0, 1, 2]
    assert cluster_metrics([0, 1, 2, 3], fact_of)["redundant"] == 1  # fact 0 stored twice
    m = cluster_metrics([0, 0, 0, 1], fact_of)  # fact 1 merged into fact 0's cluster
    assert (m["clusters"], m["lost_facts"], m["redundant"]) == (2, 1, 0)
    with pytest.raises(ValueError, match="length"):
        cluster_metrics([0], fact_of)


def test_sweep_through_our_clustering(capsys):
    assert dedup.main(["--facts", "40", "--with-dups", "15", "--json"]) == 0
    r = last_json_line(capsys.readouterr().out)
    sweep = r["sweep"]
    redundant = [sweep[t]["redundant"] for t in sorted(sweep)]
    assert redundant == sorted(redundant)  # more redundancy as the threshold rises
    assert sweep["0.98"]["redundant"] > sweep["0.70"]["redundant"]
    assert all(sweep[t]["lost_facts"] == 0 for t in sweep if float(t) >= 0.7)
    assert sweep["0.20"]["lost_facts"] > 0  # far too low a threshold merges different facts
