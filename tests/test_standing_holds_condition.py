"""`holds_condition(name, text, predicate)`: whether a memory states one standing condition, by its predicate or its
text (the recall asks it once per candidate and asked condition); `conditions_held` is every condition it holds."""

import pytest

from langmem_nodes.read.standing import CONDITIONS, conditions_held, holds_condition

MEMORIES = [
    ("User is allergic to peanuts", "", {"diet"}),
    ("我不能吃辣，也不喝酒", "", {"diet", "drink"}),
    ("User lives in Hangzhou", "", {"place"}),
    ("用户住在成都", "", {"place"}),
    ("Services are written in Go 1.22 and deployed on AWS Lambda", "", {"platform", "stack"}),
    ("The project's database is MongoDB 7", "", {"database", "stack"}),
    ("团队用 Jenkins 做持续集成", "", {"ci", "stack"}),
    ("用户的电脑是MacBook Air M1", "", {"machine"}),
    ("My thesis is due on May 3", "", {"deadline"}),
    ("我女儿今年两岁", "", {"children", "household"}),  # a child lives with the user
    ("User lives with her parents", "", {"household"}),
    ("User has a corgi named Momo", "", {"pet"}),
    ("User prefers green tea", "", set()),
    ("今天天气不错", "", set()),
    ("Diet noted", "diet", {"diet"}),  # by its predicate alone
    ("Some fact", "lives_in", {"place"}),
    ("", "", set()),
]


@pytest.mark.parametrize(("text", "predicate", "held"), MEMORIES)
def test_the_conditions_a_memory_holds(text: str, predicate: str, held: set[str]) -> None:
    assert conditions_held(text, predicate) == held
    assert all(holds_condition(name, text, predicate) == (name in held) for name in CONDITIONS)


def test_unknown_condition_is_refused() -> None:
    with pytest.raises(KeyError):
        holds_condition("no such condition", "User is vegetarian")
