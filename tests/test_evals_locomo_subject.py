"""The LoCoMo loader records each turn's speaker as its subject, which the runner's subject_boost uses."""

from __future__ import annotations

import json
from pathlib import Path

from evals.locomo import load_locomo, main

TINY = Path(__file__).parent / "data" / "locomo_tiny.json"


def test_each_turn_is_its_speakers_statement():
    convs = load_locomo(TINY)
    assert {m.subject for c in convs for m in c.memories} >= {"Mira", "Tomas"}
    for m in (m for c in convs for m in c.memories):
        assert m.subject == m.metadata["speaker"] and m.text.startswith(f"{m.subject}: ")


def test_runner_records_and_uses_the_subject_boost(capsys):
    assert main(["--data", str(TINY), "--embedder", "hashing", "--subject-boost", "0.5", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["subject_boost"] == 0.5 and summary["hybrid"]["pooled_1_4"]["n"] == 6
