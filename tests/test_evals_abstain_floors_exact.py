"""`python -m evals abstain_floors_exact`: the exact floor replay reads tune splits only and restores the floors."""

from __future__ import annotations

import copy

import pytest

from evals.abstain_floors_exact import main as replay
from langmem_nodes.read import knowledge, relevance, topic_request


def test_held_out_splits_and_floorless_embedders_are_refused(capsys):
    with pytest.raises(SystemExit):
        replay(["--splits", "tune8,heldout8"])
    assert "held-out splits are only scored" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        replay(["--embedder", "hashing", "--splits", "tune8"])
    assert "no floor per language" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        replay(["--splits", "tune8", '{"persnal": 0.2}'])
    assert "a candidate names only" in capsys.readouterr().err


def test_floors_above_every_memory_abstain_everywhere_and_the_shipped_floors_come_back(capsys):
    dense, topic = copy.deepcopy(relevance.DENSE_FLOORS), copy.deepcopy(topic_request.TOPIC_FLOORS)
    high = '{"personal": 9, "implied": 9, "general": 9, "recommend": 9, "how": 9}'
    assert replay(["--splits", "tune8", "{}", high]) == 0
    shipped, blocked = capsys.readouterr().out.strip().splitlines()
    assert shipped.startswith("{}: kept 6/6 abstained 6/6")  # tune8's English users with the shipped floors
    # the patched floors are the ones read: only words (lexical evidence, standing conditions) still bring a memory in
    assert blocked.startswith(high + ": kept") and "abstained 6/6" in blocked
    assert int(blocked.split("kept ")[1].split("/")[0]) < 6
    assert relevance.DENSE_FLOORS == dense and topic_request.TOPIC_FLOORS == topic


def test_a_knowledge_margin_candidate_is_read_and_restored(capsys):
    margins = copy.deepcopy((knowledge.KNOWLEDGE_MARGINS, knowledge.REQUEST_MARGINS))
    # margin -9: every Chinese question reads as a knowledge question (impersonal), so none gets a memory
    assert replay(["--lang", "zh", "--splits", "tune8", "{}", '{"knowledge": -9}']) == 0
    shipped, impersonal = capsys.readouterr().out.strip().splitlines()
    kept = int(shipped.split("kept ")[1].split("/")[0])
    assert kept > 0 and impersonal.startswith('{"knowledge": -9}: kept 0/')
    assert (knowledge.KNOWLEDGE_MARGINS, knowledge.REQUEST_MARGINS) == margins
