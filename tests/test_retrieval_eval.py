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


def run_cli(tmp_path, mems, queries, *extra):
    return main(["--memories", write_jsonl(tmp_path / "m.jsonl", mems) if not isinstance(mems, str) else mems,
                 "--queries", write_jsonl(tmp_path / "q.jsonl", queries) if not isinstance(queries, str) else queries,
                 "--out", str(tmp_path / "o.json"), "--embedder", "hashing", *extra])


@pytest.mark.parametrize(("lines", "where", "problem"), [
    ('{"id": "x", "text": "t", "scope": {"user_id": "u"}}\n\n{oops\n', "bad.jsonl:3", "not valid JSON"),
    ('{"id": "x", "scope": {"user_id": "u"}}\n', "bad.jsonl:1", "missing 'text'"),
    ('{"id": "x", "text": "t", "scope": {"user_id": "a/b"}}\n', "bad.jsonl:1", "user_id"),
    ('{"id": "x", "text": "t", "scope": {"user_id": "u"}}\n{"id": "x", "text": "u", "scope": {"user_id": "u"}}\n',
     "bad.jsonl:2", "already used on line 1"),
    ('{"id": "x", "text": "t", "scope": {"user_id": "u"}, "created_at": "yesterday"}\n', "bad.jsonl:1", "created_at"),
    ('["x"]\n', "bad.jsonl:1", "JSON object"),
])
def test_malformed_memory_line_is_one_clear_line_naming_file_and_line(tmp_path, capsys, lines, where, problem):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(lines)
    assert run_cli(tmp_path, str(bad), [{"id": "q", "text": "tea", "scope": {"user_id": "u"}}]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and where in err and problem in err and "Traceback" not in err


def test_malformed_query_lines_name_file_and_line(tmp_path, capsys):
    for q, problem in (({"id": "q", "text": "tea", "scope": {}}, "user_id is required"),
                       ({"id": "q", "text": " ", "scope": {"user_id": "ada"}}, "non-empty 'text'"),
                       ({"id": "q", "text": "tea", "scope": {"user_id": "ada"}, "gold": ["nope"]}, "not in the memories"),
                       ({"text": "tea", "scope": {"user_id": "ada"}}, "missing 'id'")):
        assert run_cli(tmp_path, MEMS, [{"id": "ok", "text": "tea", "scope": {"user_id": "ada"}}, q]) == 2
        err = capsys.readouterr().err
        assert "q.jsonl:2" in err and problem in err, err


def test_any_external_id_is_reported_back_as_given_with_scores(tmp_path, capsys):
    mems = [{"id": "conv-26/D1:1", "text": "Caroline went to the LGBTQ support group", "scope": {"user_id": "conv-26"}},
            {"id": "conv-26/D1:2", "text": "Melanie painted a sunrise by the lake", "scope": {"user_id": "conv-26"}},
            {"id": 7, "text": "小明在上海学钢琴", "scope": {"user_id": "conv-26"}}]
    queries = [{"id": "conv-26/q0", "text": "support group", "scope": {"user_id": "conv-26"}, "gold": ["conv-26/D1:1"]},
               {"id": "q/1", "text": "钢琴", "scope": {"user_id": "conv-26"}, "gold": [7]}]
    assert run_cli(tmp_path, mems, queries, "--k", "2", "--json", "--lexical-weight", "0.6", "--fresh-weight", "0",
                   "--src-weight", "0.1") == 0
    pred = json.loads((tmp_path / "o.json").read_text())
    assert pred["conv-26/q0"][0] == "conv-26/D1:1" and pred["q/1"][0] == "7"
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["scores"]["recall@1"] == 100.0 and summary["scores"]["n"] == 2


def test_a_home_that_is_not_new_is_one_clear_error_and_left_alone(tmp_path, capsys):
    """newcomer20 M5: a second run on the same --home (or with another embedder) ended in a ValueError traceback."""
    home = tmp_path / "home"
    q = [{"id": "q", "text": "tea", "scope": {"user_id": "ada"}}]
    assert run_cli(tmp_path, MEMS, q, "--home", str(home)) == 0
    before = sorted(p.name for p in home.iterdir())
    capsys.readouterr()
    with pytest.raises(SystemExit) as stop:
        run_cli(tmp_path, MEMS, q, "--home", str(home))
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "--home" in err and "not an empty directory" in err and "Traceback" not in err
    assert sorted(p.name for p in home.iterdir()) == before


@pytest.mark.parametrize("flag", ["--fresh-weight", "--src-weight", "--lexical-weight"])
def test_weight_flags_are_checked(tmp_path, flag):
    with pytest.raises(SystemExit):
        run_cli(tmp_path, MEMS, [{"id": "q", "text": "tea", "scope": {"user_id": "ada"}}], flag, "1.5")


def test_fresh_weight_flag_reaches_the_reranker(tmp_path):
    mems = [{"id": "old", "text": "Ada prefers green tea", "scope": {"user_id": "ada"}, "created_at": "2025-01-01T00:00:00Z"},
            {"id": "new", "text": "Ada prefers green tea!", "scope": {"user_id": "ada"},
             "created_at": "2026-01-30T00:00:00Z"}]
    q = [{"id": "q", "text": "green tea", "scope": {"user_id": "ada"}, "now": "2026-02-01T00:00:00Z"}]
    ranked = {}
    for w in ("0", "1"):
        assert run_cli(tmp_path, mems, q, "--fresh-weight", w, "--lexical-weight", "1") == 0
        ranked[w] = json.loads((tmp_path / "o.json").read_text())["q"]
    assert ranked["0"][0] == "old" and ranked["1"][0] == "new"


def test_metrics():
    assert recall_at(["a", "b", "c"], {"c", "d"}, 3) == 0.5
    assert reciprocal_rank(["x", "y"], {"z"}) == 0.0
    s = summarize([(["a", "b"], {"b"}), (["c"], {"c"}), (["q"], set())], (1, 5))
    assert s == {"n": 2, "recall@1": 50.0, "recall@5": 100.0, "mrr": 75.0}
