"""Two stances in one sentence, and a pick among the assistant's offers (extract-en, issue #16).

"I love art and hate crowds" stored "hate crowds" as a thing the user LIKES: the verb phrase after "and" was read as
a second object of "love". It is the user's own clause ("I hate crowds") whenever it reads as one, whatever its
relation or polarity. "I prefer the second option" / "I like the first one" pick among what the assistant just
offered: a one-off choice, no standing preference."""

from __future__ import annotations

import pytest

from langmem_nodes.write.extractor import RuleExtractor


def _claims(text: str) -> set[tuple[str, str, str]]:
    found, _ = RuleExtractor().analyse(text)
    return {(c.predicate, c.object, c.polarity) for c, *_ in found}


CONJOINED = [  # (sentence, the claims stored)
    ("I love art and hate crowds", {("prefers", "art", "positive"), ("prefers", "crowds", "negative")}),
    ("I like tea and hate coffee", {("prefers", "tea", "positive"), ("prefers", "coffee", "negative")}),
    ("I love Python and can't stand Java", {("prefers", "Python", "positive"), ("prefers", "Java", "negative")}),
    ("I like cats and don't like dogs", {("prefers", "cats", "positive"), ("prefers", "dogs", "negative")}),
    ("I hate mornings and love late nights", {("prefers", "mornings", "negative"), ("prefers", "late nights", "positive")}),
    ("I love Rust and dislike Go", {("prefers", "Rust", "positive"), ("prefers", "Go", "negative")}),
    ("i love sushi and hate raw onions", {("prefers", "sushi", "positive"), ("prefers", "raw onions", "negative")}),
    ("I enjoy running but hate the gym", {("prefers", "running", "positive"), ("prefers", "the gym", "negative")}),
    ("I like jazz but can't stand techno", {("prefers", "jazz", "positive"), ("prefers", "techno", "negative")}),
    ("I adore dark roast and hate anything flavoured", {("prefers", "dark roast", "positive"), ("prefers", "anything flavoured", "negative")}),
    ("I love Linux and love Vim", {("prefers", "Linux", "positive"), ("prefers", "Vim", "positive")}),
    ("I like spicy food and love Thai curries", {("prefers", "spicy food", "positive"), ("prefers", "Thai curries", "positive")}),
    ("I hate meetings and dislike Slack huddles", {("prefers", "meetings", "negative"), ("prefers", "Slack huddles", "negative")}),
    ("I don't like cilantro but love basil", {("prefers", "cilantro", "negative"), ("prefers", "basil", "positive")}),
    ("I love hiking and hate running", {("prefers", "hiking", "positive"), ("prefers", "running", "negative")}),
    ("honestly I love tabs and hate spaces", {("prefers", "tabs", "positive"), ("prefers", "spaces", "negative")}),
]


@pytest.mark.parametrize("text, claims", CONJOINED)
def test_a_verb_after_and_is_the_users_own_clause(text, claims):
    assert _claims(text) == claims


NOUNS = [  # "and" between two nouns: two values of the one verb, as before
    ("I like cats and dogs", {("prefers", "cats", "positive"), ("prefers", "dogs", "positive")}),
    ("I hate spiders and snakes", {("prefers", "spiders", "negative"), ("prefers", "snakes", "negative")}),
    ("I use Vim and tmux", {("uses", "Vim", "positive"), ("uses", "tmux", "positive")}),
]


@pytest.mark.parametrize("text, claims", NOUNS)
def test_two_nouns_after_one_verb_stay_its_values(text, claims):
    assert _claims(text) == claims


PICKS = [  # a pick among the assistant's offers: nothing stored
    "i prefer the second option",
    "i like the first one",
    "I like the last version more",
    "i prefer option B",
    "I like the shorter one better",
    "I prefer the other version",
    "i like the second draft",
    "I prefer the original version",
    "I like the third suggestion best",
    "i prefer the latter",
    "I like the former",
    "I prefer version 2",
]


@pytest.mark.parametrize("text", PICKS)
def test_a_pick_among_offers_is_no_preference(text):
    assert _claims(text) == set()


def test_a_named_thing_is_still_a_preference():
    assert ("prefers", "the second Dune film", "positive") in _claims("I like the second Dune film")
    assert ("prefers", "Postgres", "positive") in _claims("I prefer Postgres")
