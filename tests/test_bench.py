"""The benchmark harness: deterministic data, argument checks, the summary shape. Figures come from
`python -m evals bench`; only the plumbing is tested here (one slow end-to-end run is marked `slow`)."""

from __future__ import annotations

import json

import pytest

from evals import bench
from evals._bench_common import percentiles
from evals._bench_data import TOPICS, make_corpus, make_queries, memory_at, timing_queries
from evals._bench_worker import _unique_text_batches
from langmem_nodes.text import detect_lang


def test_corpus_is_deterministic_prefix_stable_and_spread_over_users():
    small, big = make_corpus(500, n_users=50), make_corpus(2000, n_users=50)
    assert big[:500] == small and make_corpus(500, n_users=50) == small
    assert {m.user_id for m in big} == {f"u{i:04d}" for i in range(50)}
    per_user = [m for m in big if m.user_id == "u0007"]
    assert len(per_user) == 40 and {m.topic for m in per_user[:10]} == set(TOPICS)


def test_corpus_mixes_chinese_and_english_and_labels_match_text():
    rows = make_corpus(1000, n_users=100)
    langs = [m.lang for m in rows]
    assert 0.25 < langs.count("zh") / len(langs) < 0.55
    assert all(detect_lang(m.text) == m.lang for m in rows[:200])
    assert len({m.text for m in rows}) > 300  # realistic variety, not one template


def test_queries_paraphrase_a_gold_memory_of_the_same_user():
    corpus = make_corpus(1000, n_users=100)
    qs = make_queries(corpus, 50)
    assert len(qs) == 50 and len({q.gold_idx for q in qs}) == 50
    for q in qs:
        gold = corpus[q.gold_idx]
        assert gold.user_id == q.user_id and q.lang == gold.lang and q.text not in gold.text


def test_timing_queries_are_all_distinct_so_no_cache_answers_them():
    pairs = timing_queries(1000, 300)
    assert len({q for _, q in pairs}) == 300


def test_fresh_writes_are_not_in_the_corpus():
    corpus = {m.text for m in make_corpus(2000, n_users=100)}
    fresh = {memory_at(2000 + 10_000_000 + j, n_users=100, seed=7).text for j in range(100)}
    assert not fresh & corpus


@pytest.mark.parametrize("argv, named", [(["--sizes", "10,x"], "--sizes"), (["--systems", "ours,redis"], "--systems"),
                                         (["--queries", "0"], "--queries"), (["--embedder", "hashing"], "--embedder")])
def test_bad_arguments_are_named_in_one_usage_line(argv, named, capsys):
    with pytest.raises(SystemExit) as stop:  # argparse's exit 2 with the problem, not a traceback
        bench.parse_args(argv)
    assert stop.value.code == 2 and named in capsys.readouterr().err


def test_bad_corpus_size_is_named():
    with pytest.raises(ValueError, match="corpus size"):
        make_corpus(0)


def test_unique_text_batches_never_repeat_a_text_and_keep_every_row():
    rows = make_corpus(3000, n_users=10)  # 10 users × few values: many repeated texts
    batches = _unique_text_batches(rows, 500)
    assert sorted(m.idx for b in batches for m in b) == list(range(3000))
    assert all(len(b) <= 500 and len({m.text for m in b}) == len(b) for b in batches)


def _result(system, n, p50, rss=100.0):
    return {"system": system, "n": n, "read": {"p50_ms": p50, "p95_ms": p50 * 2}, "write": {"put_per_s": 10.0},
            "peak_rss_mb": rss, "disk_mb": 1.0, "recall": {"recall_at_5": 0.9, "recall_at_5_en": 1.0,
                                                             "recall_at_5_zh": 0.8},
            "load_s_precomputed_vectors": 1.0}


def test_summary_has_the_json_shape_the_issue_asks_for():
    results = [_result("ours", 1000, 5.0), _result("mem0", 1000, 50.0), _result("ours", 10000, 6.0),
               {"system": "inmemory", "n": 1000, "error": "boom"}]
    s = bench.summarise(results)
    assert s["read"]["ours"]["10000"] == {"p50_ms": 6.0, "p95_ms": 12.0}
    assert set(s) >= {"read", "write", "rss_mb"} and s["errors"]["inmemory"]["1000"] == "boom"
    json.loads(json.dumps(s))
    t = bench.table(results)
    assert "| ours | 10,000 | 6.0 | 12.0 |" in t and "error: boom" in t
    assert bench.growth(results) == ["ours: N ×10 → read p50 ×1.20, RSS ×1.00"]


def test_percentiles_are_computed_not_assumed():
    p = percentiles([float(i) for i in range(1, 101)])
    assert p["p50_ms"] == 50.5 and p["p95_ms"] == pytest.approx(95.05) and p["n"] == 100
    with pytest.raises(ValueError):
        percentiles([])


@pytest.mark.slow
def test_end_to_end_tiny_run(tmp_path, monkeypatch):
    monkeypatch.setattr(bench, "OUT_DIR", tmp_path)
    assert bench.main(["--sizes", "200", "--users", "20", "--systems", "ours,inmemory", "--queries", "10",
                       "--recall", "10", "--writes", "20", "--json"]) == 0
    data = json.loads((tmp_path / "results.json").read_text())
    assert set(data["summary"]["read"]) == {"ours", "inmemory"}


def test_precision_names_its_own_corpus_vectors_and_bad_values_are_named(monkeypatch):
    from evals import _bench_common as common

    monkeypatch.delenv("BENCH_PRECISION", raising=False)
    fp32 = common.vectors_file(1000, 0).name
    monkeypatch.setenv("BENCH_PRECISION", "int8")
    int8 = common.vectors_file(1000, 0).name
    assert fp32 == "corpus_vectors_seed0_1000.npy" and int8 == "corpus_vectors_int8_seed0_1000.npy"
    assert bench.parse_args([]).precision == "int8"  # the env var is the default; the flag wins
    assert bench.parse_args(["--precision", "fp32"]).precision == "fp32"
    monkeypatch.setenv("BENCH_PRECISION", "fp16")
    with pytest.raises(ValueError, match="BENCH_PRECISION"):
        common.precision()
