"""Requests about what the assistant offers (extract-en3, issue #16). "Don't suggest jQuery, ever", "pls don't
recommend neem oil, never again" and "please stop putting emojis in code comments" stored nothing, while "Never
suggest Windows-specific solutions; I don't use Windows" stored TWO records for one fact. A "don't" request with a
word that makes it last ("ever", "again", "anymore") or a "stop …ing" is a negative rule of the user's; one about
this answer stores nothing; a rule about the assistant's output naming only what the message already says the user
does without is that one fact (`write/standing_request_en.py`)."""

from __future__ import annotations

import pytest

from langmem_nodes.write.extractor import RuleExtractor


def _claims(text: str) -> list[tuple[str, str, str, str]]:
    found, _ = RuleExtractor().analyse(text)
    return [(c.subject, c.predicate, c.object, c.polarity) for c, *_ in found]


STANDING = [  # (sentence, the thing the rule keeps away)
    ("Don't suggest jQuery, ever.", "jQuery"),
    ("please don't suggest React, ever", "React"),
    ("pls don't recommend neem oil, never again", "neem oil"),
    ("don't recommend Medium articles again", "Medium articles"),
    ("don't suggest Windows tools anymore", "Windows tools"),
    ("Please don't give me Java examples ever again.", "Java examples"),
    ("please stop putting emojis in code comments", "emojis in code comments"),
    ("stop suggesting Tailwind", "Tailwind"),
    ("please stop recommending Udemy courses", "Udemy courses"),
    ("stop adding type hints to my snippets", "type hints to my snippets"),
    ("Stop giving me bash one-liners", "bash one-liners"),
    ("please stop using semicolons", "semicolons"),
    ("don't ever suggest MongoDB", "MongoDB"),
    ("never recommend Yelp again", "Yelp"),
    ("Don't suggest Vim, ever, I mean it.", "Vim"),
    ("please stop recommending keto recipes lol", "keto recipes"),
]


@pytest.mark.parametrize("text,thing", STANDING)
def test_standing_request_is_a_negative_rule(text: str, thing: str) -> None:
    got = _claims(text)
    assert len(got) == 1 and got[0][0] == "user" and got[0][3] == "negative" and thing in got[0][2], got


ONE_OFF = [  # about this answer: nothing lasts
    "don't suggest jQuery for this one",
    "don't recommend anything expensive this time",
    "please don't suggest React here",
    "stop suggesting things for a sec, I need to think",
    "don't give me the whole file, just the diff",
    "stop it",
    "please stop",
    "don't suggest it again for this task",
]


@pytest.mark.parametrize("text", ONE_OFF)
def test_request_for_one_answer_stores_nothing(text: str) -> None:
    assert _claims(text) == []


ONE_FACT = [  # (sentence, the one negative record)
    ("Never suggest Windows-specific solutions; I don't use Windows.", "Windows"),
    ("Never suggest Windows solutions, I don't use Windows", "Windows"),
    ("Never recommend Java libraries; I don't use Java.", "Java"),
    ("Don't give me PyCharm shortcuts, I don't use PyCharm.", "PyCharm"),
    ("please don't give me Emacs keybindings, I don't use Emacs", "Emacs"),
    ("Never suggest npm commands; I never use npm.", "npm"),
]


@pytest.mark.parametrize("text,thing", ONE_FACT)
def test_request_and_fact_are_one_record(text: str, thing: str) -> None:
    got = _claims(text)
    assert [(s, o, p) for s, _, o, p in got] == [("user", thing, "negative")], got
