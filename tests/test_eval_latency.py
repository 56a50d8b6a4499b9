"""`python -m evals latency`: argument errors and the table it prints (the timing itself is a script's job)."""

from __future__ import annotations

from evals import latency


def test_bad_sizes_are_refused_without_a_traceback(capsys):
    assert latency.main(["--n", "0"]) == 2
    assert "--n and --turns must be positive" in capsys.readouterr().err


def test_table_prints_both_variants_by_language():
    cell = {"all": {"p50_ms": 15.5}, "en": {"p50_ms": 9.04}, "zh": {"p50_ms": 27.46}}
    res = {v: {p: cell for p, _ in latency.PARTS} for v in latency.VARIANTS}
    lines = latency.table(res).splitlines()
    assert lines[0].startswith("| queries MiniLM:e5 | later turn all / en / zh | add_memory's recall node all / en / zh |")
    assert lines[2] == "| fp32:q4 |" + " 15.5 / 9.0 / 27.5 |" * len(latency.PARTS)
    assert [ln.split(" |")[0] for ln in lines[2:]] == ["| fp32:q4", "| int8:q4"]


def test_variants_must_name_both_encoders(capsys):
    assert latency.main(["--n", "10", "--variants", "fp32,int8"]) == 2
    assert "MINILM:E5 pairs" in capsys.readouterr().err
