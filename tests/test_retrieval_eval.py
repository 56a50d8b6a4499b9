"""`python -m evals retrieval`: JSONL in, `{query_id: [ids]}` out, scoped per query, clear input errors."""

from __future__ import annotations

import json

import pytest

from evals._retrieval_core import recall_at, reciprocal_rank, summarize
from evals.retrieval import main


def write_jsonl(path, rows):
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n")
    return str(path)


MEMS = [
    {"id": "a1", "text": "Ada prefers green tea", "scope": {"user_id": "ada"}, "created_at": "2026-01-01T00:00:00Z"},
    {"id": "a2", "text": "Ada lives in Berlin", "scope": {"user_id": "ada"}},
    {"id": "a3", "text": "阿达在北京工作", "scope": {"user_id": "ada"}},
    {"id": "b1", "text": "Bob prefers green tea", "scope": {"user_id": "bob"}},
    {"id": "p1", "text": "The shop project uses green tea branding", "scope": {"project_id": "shop"}},
]


def test_rankings_are_scoped_and_written(tmp_path, capsys):
    queries = [{"id": "q1", "text": "green tea", "scope": {"user_id": "ada"}, "now": "2026-02-01T00:00:00+00:00"},
               {"id": "q2", "text": "在哪里工作", "scope": {"user_id": "ada"}},
               {"id": "q3", "text": "green tea", "scope": {"user_id": "ada", "project_id": "shop"}}]
    out = tmp_path / "pred.json"
    rc = main(["--memories", write_jsonl(tmp_path / "m.jsonl", MEMS), "--queries", write_jsonl(tmp_path / "q.jsonl", queries),
               "--k", "3", "--out", str(out), "--embedder", "hashing", "--json"])
    assert rc == 0
    pred = json.loads(out.read_text())
    assert pred["q1"][0] == "a1" and "b1" not in pred["q1"] and "p1" not in pred["q1"]
    assert pred["q2"][0] == "a3"
    assert "p1" in pred["q3"] and "b1" not in pred["q3"] and all(len(v) <= 3 for v in pred.values())
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["queries"] == 3


def test_bad_input_is_a_clear_error(tmp_path):
    m = write_jsonl(tmp_path / "m.jsonl", MEMS)
    q = write_jsonl(tmp_path / "q.jsonl", [{"id": "q", "text": "tea", "scope": {}}])
    with pytest.raises(ValueError, match="user_id is required"):
        main(["--memories", m, "--queries", q, "--out", str(tmp_path / "o"), "--embedder", "hashing"])
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x", "text": "t", "scope": {"user_id": "u"}}\n{oops\n')
    with pytest.raises(ValueError, match="bad.jsonl:2"):
        main(["--memories", str(bad), "--queries", q, "--out", str(tmp_path / "o"), "--embedder", "hashing"])


def test_metrics():
    assert recall_at(["a", "b", "c"], {"c", "d"}, 3) == 0.5
    assert reciprocal_rank(["x", "y"], {"z"}) == 0.0
    s = summarize([(["a", "b"], {"b"}), (["c"], {"c"}), (["q"], set())], (1, 5))
    assert s == {"n": 2, "recall@1": 50.0, "recall@5": 100.0, "mrr": 75.0}
