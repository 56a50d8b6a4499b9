"""A wish said with its negation (extract-en3, issue #16): "I'd rather not get book recommendations in the horror
genre" was stored as a POSITIVE preference for "not get book recommendations …", "I'd rather you didn't use
semicolons" as one for "you didn't use semicolons", and "I'd appreciate it if you didn't use emoji in your replies" as
a statement of the whole sentence. The negation scopes over the verb: what the verb takes is a negative preference;
a wish bound to this one answer ("for this", "this time") stores nothing (`write/negated_wish_en.py`)."""

from __future__ import annotations

import pytest

from langmem_nodes.write.extractor import RuleExtractor


def _claims(text: str) -> list[tuple[str, str, str]]:
    found, _ = RuleExtractor().analyse(text)
    return [(c.subject, c.object, c.polarity) for c, *_ in found]


NEGATIVE = [  # (sentence, what the user would rather not have)
    ("I'd rather not get book recommendations in the horror genre.", "book recommendations in the horror genre"),
    ("I'd rather not use Docker.", "Docker"),
    ("I'd rather you didn't use semicolons.", "semicolons"),
    ("I'd rather you didn't use semicolons in JavaScript examples.", "semicolons in JavaScript examples"),
    ("Going forward, I'd appreciate it if you didn't use emoji in your replies.", "emoji in your replies"),
    ("I'd appreciate it if you didn't use emojis.", "emojis"),
    ("I'd appreciate it if you wouldn't suggest Java.", "Java"),
    ("I'd prefer you not use bullet points.", "bullet points"),
    ("I'd prefer if you didn't include comments in the code.", "comments in the code"),
    ("I'd really rather not see jQuery in any answer.", "jQuery in any answer"),
    ("i'd rather not get recipes with mushrooms", "recipes with mushrooms"),
    ("I'd rather you never suggested Windows tools.", "Windows tools"),
    ("I'd prefer not to see long explanations.", "long explanations"),
    ("I'd rather not use ORMs.", "ORMs"),
    ("I would rather not get horror movie suggestions.", "horror movie suggestions"),
    ("I'd much rather you didn't recommend Medium articles.", "Medium articles"),
    ("I'd appreciate it if you'd stop using exclamation marks.", "exclamation marks"),
    ("I'd prefer it if you didn't use British spelling.", "British spelling"),
    ("I'd rather not have meetings before 10.", "meetings before 10"),
    ("I'd rather you didn't call me buddy.", "call me buddy"),
]


@pytest.mark.parametrize("text,obj", NEGATIVE)
def test_negated_wish_is_a_negative_preference(text: str, obj: str) -> None:
    assert _claims(text) == [("user", obj, "negative")]


ONE_OFF = [  # a wish about this answer only: nothing lasts
    "I'd rather not use Docker for this.",
    "I'd rather you didn't use recursion this time.",
    "I'd prefer not to get a long answer right now.",
    "I'd rather not talk about work right now.",
    "I'd rather you didn't change the function names in this one.",
]


@pytest.mark.parametrize("text", ONE_OFF)
def test_negated_wish_for_one_answer_stores_nothing(text: str) -> None:
    assert _claims(text) == []


POSITIVE = [  # no negation: the preference as it was read
    ("I'd rather use Vim than Emacs.", "Vim"),
    ("I'd rather have short answers.", "short answers"),
    ("I'd rather have Python examples.", "Python examples"),
    ("I'd rather not-too-spicy food.", None),
    ("I'd prefer TypeScript.", None),
]


@pytest.mark.parametrize("text,obj", POSITIVE)
def test_unnegated_wish_unchanged(text: str, obj: str | None) -> None:
    got = _claims(text)
    assert all(p == "positive" for *_, p in got), got
    if obj:
        assert ("user", obj, "positive") in got, got
