"""`python -m evals extraction`: predictions file, per-language metrics, matching rule, secrets count."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evals.extraction import load_cases, main, match, score

DEV = Path(__file__).resolve().parents[2] / "shared" / "data" / "extraction_dev.jsonl"

SMALL = [
    {"id": "a", "lang": "en", "turns": [{"role": "user", "content": "I use Helix as my editor."}],
     "expect": [{"subject": "user", "object": "helix", "polarity": "positive"}]},
    {"id": "b", "lang": "zh", "turns": [{"role": "user", "content": "构建用 make all。"}, {"role": "assistant", "content": "好"},
                                        {"role": "user", "content": "不对,构建改成 just build 了。"}],
     "expect": [{"subject": "project", "object": "just build", "polarity": "positive", "source": "explicit_correction"}]},
    {"id": "c", "lang": "en", "turns": [{"role": "user", "content": "Remember my password is s3cret-Pa55."}], "expect": []},
    {"id": "d", "lang": "zh", "turns": [{"role": "user", "content": "她说她喜欢猫。"}], "expect": []},
]


def test_main_writes_predictions_and_json_summary(tmp_path, capsys) -> None:
    cases = tmp_path / "cases.jsonl"
    cases.write_text("\n".join(json.dumps(c, ensure_ascii=False) for c in SMALL), encoding="utf-8")
    out = tmp_path / "pred.json"
    assert main(["--cases", str(cases), "--out", str(out), "--json"]) == 0
    preds = json.loads(out.read_text(encoding="utf-8"))
    assert set(preds) == {"a", "b", "c", "d"} and preds["c"] == preds["d"] == []
    assert [(p["predicate"], p["object"], p["source"]) for p in preds["b"]] == [("build_command", "just build", "explicit_correction")]
    assert set(preds["a"][0]) == {"subject", "predicate", "object", "polarity", "source", "tier", "text"}
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["en"]["precision"] == summary["zh"]["recall"] == 1.0
    assert summary["secrets_refused"] == 1 and summary["source_accuracy"] == 1.0 and summary["cases"] == 4


def test_matching_rule_and_scores() -> None:
    exp = [{"subject": "user", "object": "Type Script", "polarity": "positive"}]
    assert match(exp, [{"subject": "user", "object": "typescript for work", "polarity": "positive"}])
    assert not match(exp, [{"subject": "project", "object": "TypeScript", "polarity": "positive"}])
    assert not match(exp, [{"subject": "user", "object": "TypeScript", "polarity": "negative"}])
    cases = [{"id": "x", "lang": "en", "expect": exp * 2}, {"id": "y", "lang": "en", "expect": []}]
    preds = {"x": [{"subject": "user", "object": "TypeScript", "polarity": "positive", "source": "inferred", "tier": "semi"}],
             "y": [{"subject": "user", "object": "noise", "polarity": "positive", "source": "inferred", "tier": "semi"}]}
    s = score(cases, preds)  # one prediction can match only one expected item
    assert (s["en"]["tp"], s["en"]["precision"], s["en"]["recall"]) == (1, 0.5, 0.5)


def test_bad_cases_file_names_the_problem(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "q", "turns": []}\n', encoding="utf-8")
    with pytest.raises(ValueError, match="missing 'expect'"):
        load_cases(bad)
    assert main(["--cases", str(bad), "--extractor", "gpt"]) == 2
    assert "unknown extractor" in capsys.readouterr().err
    assert main(["--cases", str(tmp_path / "missing.jsonl")]) == 2
    assert "missing.jsonl" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.skipif(not DEV.exists(), reason="shared dev set not present")
def test_done_bar_on_dev_set(capsys) -> None:
    assert main(["--cases", str(DEV), "--json"]) == 0
    s = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for lang in ("en", "zh"):
        assert s[lang]["precision"] >= 0.95 and s[lang]["recall"] >= 0.90
    assert s["source_accuracy"] >= 0.9 and s["tier_accuracy"] >= 0.9
    assert s["secrets_refused"] == 2


def test_show_errors_lists_mismatches(tmp_path, capsys) -> None:
    case = {"id": "z", "lang": "en", "turns": [{"role": "user", "content": "I like tea."}],
            "expect": [{"subject": "user", "object": "coffee", "polarity": "positive"}]}
    f = tmp_path / "c.jsonl"
    f.write_text(json.dumps(case), encoding="utf-8")
    main(["--cases", str(f), "--show-errors"])
    out = capsys.readouterr().out
    assert "MISMATCH z" in out and "'tea'" in out and "recall=0.000" in out


def test_a_turn_without_content_is_an_error_not_an_empty_turn(tmp_path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "q", "turns": [{"role": "user", "text": "I live in Oslo"}], "expect": []}\n'
                   '{"id": "r", "turns": [{"role": "user", "text": "我住在成都"}], "expect": []}\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad.jsonl:1: turn 0 needs 'role' and a string 'content'"):
        load_cases(bad)
