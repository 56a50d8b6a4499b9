"""The LoCoMo loader and runner on a small synthetic file in the LoCoMo format (no real data is committed)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from evals.locomo import evidence_ids, load_locomo, main, parse_session_date, split_conversations

TINY = Path(__file__).parent / "data" / "locomo_tiny.json"


def test_session_dates_and_evidence_parsing():
    assert parse_session_date("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert parse_session_date("10:04 am on 23 June, 2023").hour == 10
    with pytest.raises(ValueError, match="unrecognised"):
        parse_session_date("yesterday")
    assert evidence_ids(["D2:2; D2:4", "D1:1 D1:2", "D3:5,D3:6"]) == ["D2:2", "D2:4", "D1:1", "D1:2", "D3:5", "D3:6"]


def test_loader_turns_memories_and_questions():
    convs = load_locomo(TINY)
    a, b = convs
    assert [c.sample_id for c in convs] == ["conv-a", "conv-b"] and len(a.memories) == 7 and len(b.memories) == 2
    pic = next(m for m in a.memories if m.metadata["dia_id"] == "D1:3")
    assert pic.text == "Mira: Here is Pixel sleeping on my keyboard. [image: a photo of a grey cat on a laptop]"
    assert pic.created_at.date().isoformat() == "2023-05-08"
    assert {m.scope.user_id for m in a.memories} == {"conv-a"}  # each conversation its own scope
    multi = a.questions[2]
    assert multi["category"] == 1 and multi["gold"] == {"conv-a.D2_2", "conv-a.D2_4"}
    assert a.dropped_evidence == 1 and b.dropped_evidence == 1
    assert a.questions[4]["answer"] == "Pixel"  # adversarial_answer
    ctx = load_locomo(TINY, context_turns=1)[0].memories[1].text
    assert ctx.startswith("Mira: I adopted") and "Tomas: Congrats" in ctx
    both = load_locomo(TINY, context_turns=1, context_after=1)[0].memories
    assert both[0].text.startswith("Mira: I adopted") and "Tomas: Congrats" in both[0].text  # next turn appended
    assert both[1].text.startswith("Mira: I adopted")


def test_loader_rejects_bad_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"not": "a list"}))
    with pytest.raises(ValueError, match="JSON list"):
        load_locomo(bad)
    bad.write_text(json.dumps([{"sample_id": "x", "conversation": {"session_1": []}}]))
    with pytest.raises(ValueError, match="session_1_date_time"):
        load_locomo(bad)


def test_runner_end_to_end_with_fake_embedder(capsys):
    assert main(["--data", str(TINY), "--embedder", "hashing", "--mode", "all", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    pooled = summary["hybrid"]["pooled_1_4"]
    assert pooled["n"] == 6 and "5_adversarial" in summary["hybrid"]
    assert pooled["recall@25"] == 100.0  # every turn of these tiny conversations fits in the top 25
    assert summary["bm25"]["4_single-hop"]["recall@1"] >= 50.0


def test_split_holds_out_the_second_half():
    convs = load_locomo(TINY)
    dev, test = split_conversations(convs, "dev"), split_conversations(convs, "test")
    assert [c.sample_id for c in dev] == ["conv-a"] and [c.sample_id for c in test] == ["conv-b"]
    assert split_conversations(convs, "all") == convs
