"""`python -m evals all`: the report is rebuilt from scratch, failures are reported, not hidden."""

from __future__ import annotations

import pytest

from evals import all as evals_all
from evals._report import last_json_line, md_table


def test_report_sections_and_not_run_entries(tmp_path, monkeypatch):
    monkeypatch.setattr(evals_all, "PLOTS_DIR", tmp_path / "plots")
    (tmp_path / "plots").mkdir()
    (tmp_path / "plots" / "stale.png").write_bytes(b"old")
    report = tmp_path / "report.md"
    report.write_text("stale report")
    skip = [s.name for s in evals_all.SIMS if s.name != "ttl"] + [e.name for e in evals_all.EXTERNAL]
    assert evals_all.main(["--quick", "--report", str(report), "--skip", *skip]) == 0
    text = report.read_text()
    assert "stale report" not in text and not (tmp_path / "plots" / "stale.png").exists()
    assert "## Tiered vs uniform TTL (`ttl`)" in text and "−48.3%" in text
    assert (tmp_path / "plots" / "ttl.png").stat().st_size > 1000
    assert text.count("NOT RUN") == len(skip) * 2  # once in the headlines, once in the section


def test_full_rebuild_keeps_hand_written_sections_and_runs_every_external_once(tmp_path, monkeypatch):
    monkeypatch.setattr(evals_all, "PLOTS_DIR", tmp_path / "plots")
    report = tmp_path / "report.md"
    report.write_text("# old\n\n## Headlines\n\n| a | b |\n\n## Old generated section (`ttl`)\n\nobsolete figure 12.34\n\n"
                      "## PostgreSQL bench (hand-run, 2026-12-02)\n\n| p50 | 1.2 ms |\n\n"
                      "## 用户 notes (hand-written, 2026-12-01)\n\n中文 kept\n")
    skip = [s.name for s in evals_all.SIMS] + [e.name for e in evals_all.EXTERNAL]
    assert evals_all.main(["--quick", "--report", str(report), "--skip", *skip]) == 0
    text = report.read_text()
    assert "obsolete figure 12.34" not in text and "# old" not in text
    assert "## PostgreSQL bench (hand-run, 2026-12-02)\n\n| p50 | 1.2 ms |" in text
    assert "## 用户 notes (hand-written, 2026-12-01)\n\n中文 kept" in text
    ids = [e.id for e in evals_all.EXTERNAL]
    assert len(ids) == len(set(ids))
    assert any(i.startswith("extraction:") and i.endswith("_heldout") for i in ids)
    assert any(i.startswith("abstain:abstain2:heldout") for i in ids)
    for ext_id in ids:
        assert text.count(f"| {ext_id} | NOT RUN") == 1


def test_unknown_skip_is_an_error():
    with pytest.raises(SystemExit):
        evals_all.main(["--skip", "nonsense"])


def test_last_json_line_and_table_helpers():
    assert last_json_line('progress\n{"a": 1}\n\n') == {"a": 1}
    with pytest.raises(ValueError, match="not JSON"):
        last_json_line("done")
    assert md_table(["x", "y"], [(1, 0.123456)]).splitlines()[-1] == "| 1 | 0.1235 |"
