"""Chat noise around a fact: an emoji inside a clause is dropped, not a sentence end (newcomer8 H2: "I love 🍣 sushi" stored «User
stated: I love», "我最喜欢的水果是🍓草莓" stored «用户喜欢的水果是»); one between sentences still ends the first;
a flag after a value is not part of it (newcomer8 L3: «User lives in Berlin 🇩🇪»)."""

from __future__ import annotations

import pytest
from _said import extracted


def _texts(said: str) -> list[str]:
    out = extracted(said)
    return [p.record.text for p in out]


@pytest.mark.parametrize(("said", "want"), [
    ("Remember that I love 🍣 sushi!", ["sushi"]),
    ("记住：我最喜欢的水果是🍓草莓。", ["草莓"]),
    ("I live in Berlin 🇩🇪", ["Berlin"]),
    ("我住在🏠上海", ["上海"]),
    ("I love sushi 🍣 I live in Paris", ["sushi", "Paris"]),
    ("我喜欢猫🐱我住在北京", ["猫", "北京"]),
])
def test_emoji_inside_and_between_clauses(said, want):
    got = _texts(said)
    assert len(got) == len(want), got
    for term, text in zip(want, got, strict=True):
        assert term in text, got
    assert not any(ch in "".join(got) for ch in "🍣🍓🇩🇪🏠🐱"), got
    assert not any(t.rstrip().endswith(("I love", "是")) for t in got), got


@pytest.mark.parametrize("said", ["😀😀😀", "🍣🍓"])
def test_emoji_alone_stores_nothing(said):
    assert _texts(said) == []


@pytest.mark.parametrize(("said", "want"), [
    ("lol I'm a vegetarian tbh", "User's diet: vegetarian"),  # newcomer8 H4: «User works as vegetarian»
    ("I like jazz though", "User likes jazz"),
    ("I use Emacs to be honest", "User uses Emacs"),
    ("I moved to Paris though I miss London", "User lives in Paris"),  # was «User uses Paris though I miss London»
    ("我是素食者哈哈", "用户饮食：素食者"),
])
def test_a_closing_marker_or_a_though_clause_is_no_part_of_the_fact(said, want):
    assert want in _texts(said), _texts(said)
