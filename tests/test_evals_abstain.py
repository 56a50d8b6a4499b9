"""`python -m evals abstain`: the labelled set is split by user and both sides are reported per language."""

from __future__ import annotations

import json

from evals.abstain import load, main


def test_labelled_set_is_split_by_user_and_balanced():
    users = load()
    assert {u["split"] for u in users} == {"dev", "heldout"}
    for split in ("dev", "heldout"):
        part = [u for u in users if u["split"] == split]
        assert sorted((u["lang"], u["domain"]) for u in part) == sorted(
            (lang, d) for lang in ("en", "zh") for d in ("chat", "coding", "general"))
        for u in part:
            ids = {m["id"] for m in u["memories"]}
            assert all(set(q["gold"]) <= ids for q in u["queries"])
            assert sum(bool(q["gold"]) for q in u["queries"]) == sum(not q["gold"] for q in u["queries"])


def test_reports_both_sides_per_language(capsys):
    assert main(["--embedder", "hashing", "--split", "dev", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for lang in ("en", "zh"):
        assert set(out[lang]) == {"kept", "abstained", "injected", "relevant", "unrelated"}
        assert out[lang]["relevant"] == out[lang]["unrelated"] == 18
