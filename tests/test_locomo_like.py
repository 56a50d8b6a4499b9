"""The generated LoCoMo-like set: LoCoMo's shape, both languages, evidence that exists, months between sessions."""

from __future__ import annotations

import json

from evals._locomo_like import generate, to_jsonl
from evals.locomo import load_locomo


def test_generated_set_reads_as_locomo_and_as_retrieval_jsonl(tmp_path):
    data = generate(2, seed=7)
    path = tmp_path / "ll.json"
    path.write_text(json.dumps(data, ensure_ascii=False))
    convs = load_locomo(path)
    assert [c.sample_id for c in convs] == ["conv-en-0", "conv-zh-0"]
    for c in convs:
        assert c.dropped_evidence == 0 and all(q["gold"] for q in c.questions)
        dates = sorted({m.created_at.date() for m in c.memories})
        assert (dates[-1] - dates[0]).days > 180  # sessions months apart
    assert generate(2, seed=7) == data  # deterministic
    mems, queries = to_jsonl(data, tmp_path / "out")
    rows = [json.loads(line) for line in queries.read_text(encoding="utf-8").splitlines()]
    ids = {json.loads(line)["id"] for line in mems.read_text(encoding="utf-8").splitlines()}
    assert all(g in ids and "/" in g for r in rows for g in r["gold"])
    assert {r["scope"]["user_id"] for r in rows} == {"conv-en-0", "conv-zh-0"}


def test_a_public_locomo_file_converts_for_the_generic_eval(tmp_path):
    """`--from-locomo`: a copy of the public file (here the tiny fixture) → all/dev/test JSONL; evidence naming
    no turn is dropped."""
    from pathlib import Path

    from evals._locomo_like import main

    assert main(["--from-locomo", str(Path(__file__).parent / "data" / "locomo_tiny.json"), "--out", str(tmp_path)]) == 0
    mems = [json.loads(x) for x in (tmp_path / "all" / "memories.jsonl").read_text().splitlines()]
    queries = [json.loads(x) for x in (tmp_path / "all" / "queries.jsonl").read_text().splitlines()]
    ids = {m["id"] for m in mems}
    assert mems and queries and all(set(q["gold"]) <= ids and q["gold"] for q in queries)
