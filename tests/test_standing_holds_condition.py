"""`holds_condition(name, text, predicate)` answers `name in conditions_held(text, predicate)` for every condition
(the recall asks it once per candidate and asked condition instead of testing all conditions per candidate)."""

import pytest

from langmem_nodes.read.standing import CONDITIONS, conditions_held, holds_condition

MEMORIES = [
    ("User is allergic to peanuts", ""),
    ("我不能吃辣，也不喝酒", ""),
    ("User lives in Hangzhou", ""),
    ("用户住在成都", ""),
    ("Services are written in Go 1.22 and deployed on AWS Lambda", ""),
    ("The project's database is MongoDB 7", ""),
    ("团队用 Jenkins 做持续集成", ""),
    ("用户的电脑是MacBook Air M1", ""),
    ("My thesis is due on May 3", ""),
    ("我女儿今年两岁", ""),
    ("User has a corgi named Momo", ""),
    ("User prefers green tea", ""),
    ("今天天气不错", ""),
    ("Diet noted", "diet"),
    ("Some fact", "lives_in"),
    ("", ""),
]


@pytest.mark.parametrize(("text", "predicate"), MEMORIES)
def test_holds_condition_agrees_with_conditions_held(text: str, predicate: str) -> None:
    held = conditions_held(text, predicate)
    assert {name for name in CONDITIONS if holds_condition(name, text, predicate)} == held


def test_some_memory_holds_each_kind() -> None:  # the cases above are not all empty answers
    assert {name for text, pred in MEMORIES for name in conditions_held(text, pred)} >= {"diet", "place", "children"}


def test_unknown_condition_is_refused() -> None:
    with pytest.raises(KeyError):
        holds_condition("no such condition", "User is vegetarian")
