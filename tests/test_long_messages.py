"""A long user message (a pasted log, a chat, a list, one sentence said over and over) is written in time
linear in its length, keeps its real facts, and reports what it did not read.

Checked by structure, not by a clock: a sentence said again in a long message is parsed once, the message
stops being read once it has made more claims than a turn keeps, and the turn is screened once.
`python -m evals long_messages` prints the times by shape and length, en and zh.
"""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.safety import MAX_CLAUSES_PER_TURN, MAX_TURN_CHARS
from langmem_nodes.safety import screen as screen_module
from langmem_nodes.write import create_write_graph
from langmem_nodes.write.extractor import RuleExtractor


def _write(store, text: str, user: str = "u1") -> dict:
    graph = create_write_graph(store).compile()
    return graph.invoke({"messages": [("user", text)]}, context=MemoryContext(user_id=user, session_id="s1"))


def _reasons(out: dict) -> list[str]:
    return [s["reason"] for s in out["memory_skipped"]]


@pytest.mark.parametrize("said, fact, said_text, fact_text", [
    ("I like tea. ", "I live in Paris.", "User likes tea", "User lives in Paris"),
    ("我喜欢喝茶。", "我住在上海。", "用户喜欢茶", "用户住在上海"),
])
def test_a_fact_said_over_and_over_counts_once_and_the_others_are_kept(store, said, fact, said_text, fact_text):
    out = _write(store, said * 100 + fact)
    assert sorted(w["text"] for w in out["memory_written"]) == sorted([said_text, fact_text])


@pytest.mark.parametrize("said, text", [("I like tea. ", "User likes tea"), ("我喜欢喝茶。", "用户喜欢茶")])
def test_a_20kb_message_of_one_sentence_stores_it_once_and_parses_it_a_bounded_number_of_times(
        store, monkeypatch, said, text):
    parsed = []
    real = RuleExtractor._parse
    monkeypatch.setattr(RuleExtractor, "_parse", lambda self, clause, *a, **kw: parsed.append(clause) or real(self, clause, *a, **kw))
    message = said * (MAX_TURN_CHARS // len(said))
    out = _write(store, message)
    assert [w["text"] for w in out["memory_written"]] == [text]
    assert len(parsed) <= MAX_CLAUSES_PER_TURN  # not once per sentence (thousands)
    assert any("repeated within the same turn" in r and "more times" in r for r in _reasons(out))


@pytest.mark.parametrize("line", ["- I use tool{} for task{}\n", "- 我用工具{}做任务{}\n"])
def test_a_list_of_more_claims_than_a_turn_keeps_reports_the_rest(store, monkeypatch, line):
    parsed = []
    real = RuleExtractor._parse
    monkeypatch.setattr(RuleExtractor, "_parse", lambda self, clause, *a, **kw: parsed.append(clause) or real(self, clause, *a, **kw))
    out = _write(store, "".join(line.format(i, i) for i in range(500)))
    assert len(out["memory_written"]) == MAX_CLAUSES_PER_TURN
    reasons = _reasons(out)
    assert any(r.startswith("not read: the message made more than 40 claims") for r in reasons)
    assert any(r.startswith("over the limit: at most 40 claims") for r in reasons)
    assert len(parsed) < 2 * MAX_CLAUSES_PER_TURN  # the 500 lines are not all parsed


@pytest.mark.parametrize("said, half", [("I like tea. ", "User likes t"), ("记住我喜欢用 tab 缩进。", "用户使用t")])
def test_a_message_over_the_limit_is_cut_at_a_sentence_end_and_the_cut_is_reported(store, said, half):
    message = said * (MAX_TURN_CHARS // len(said) + 50)
    assert MAX_TURN_CHARS % len(said)  # the limit falls inside a sentence ("… I like t")
    out = _write(store, message)
    assert half not in [w["text"] for w in out["memory_written"]]  # no half sentence stored
    assert len(out["memory_written"]) == 1
    assert any(r.startswith(f"not read: message cut at {MAX_TURN_CHARS:,} characters") for r in _reasons(out))


@pytest.mark.parametrize("message", [
    "Alice: I think we should ship on Friday. Bob: I prefer Monday.\n" * 300,
    "小王：我觉得周五发布比较好。小李：我更喜欢周一。\n" * 600,
])
def test_a_long_turn_is_screened_once(store, monkeypatch, message):
    screen_module._screen.cache_clear()
    built = []
    real = screen_module.TurnScreen.__init__
    monkeypatch.setattr(screen_module.TurnScreen, "__init__", lambda self, text, *a: built.append(len(text)) or real(self, text, *a))
    _write(store, message)
    assert len([n for n in built if n > 1000]) == 1  # extract and verify share one screen of the turn


def test_the_benchmark_builds_every_shape_in_both_languages_within_its_length():
    from evals.long_messages import SHAPES, message

    assert {s.split("-")[0] for s in SHAPES} == {"en", "zh"}
    for shape in SHAPES:
        text = message(shape, 2000)
        assert 1500 < len(text) <= 2000
