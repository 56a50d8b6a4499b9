"""Object spans that run on (extract-en, issue #16): "I live in Austin with my two cats" stored the home as "Austin
with my two cats", "I work at Stripe on the payments team doing backend stuff" the employer as all of it. A relation's
object ends where a relative clause ("that / who / where …"), company ("with my …"), a team ("on the … team") or a
participle ("doing …") begins; a home said as a dwelling ("a tiny flat in Leeds") is the place."""

from __future__ import annotations

import pytest

from langmem_nodes.write.extractor import RuleExtractor


def _objects(text: str) -> list[tuple[str, str]]:
    found, _ = RuleExtractor().analyse(text)
    return [(c.predicate, c.object) for c, *_ in found]


CASES = [  # (sentence, predicate, the whole object)
    ("I live in Austin with my two cats and a very loud parrot", "lives_in", "Austin"),
    ("I live in Lyon with my wife and kids", "lives_in", "Lyon"),
    ("I live in Denver where the air is thin", "lives_in", "Denver"),
    ("i live in leeds with my partner", "lives_in", "leeds"),
    ("I live in a tiny flat in Leeds", "lives_in", "Leeds"),
    ("I live in a small apartment in Brooklyn", "lives_in", "Brooklyn"),
    ("I'm based in Porto with my family", "lives_in", "Porto"),
    ("I moved to Lisbon with my boyfriend", "lives_in", "Lisbon"),
    ("I'm from Lagos where my whole family still lives", "from", "Lagos"),
    ("I'm originally from Cork, where it always rains", "from", "Cork"),
    ("I work at Stripe on the payments team doing mostly backend stuff", "works_at", "Stripe"),
    ("I work at Shopify on the checkout team", "works_at", "Shopify"),
    ("I work for Deloitte doing audit stuff", "works_at", "Deloitte"),
    ("I work at a bakery where I start at 4am", "works_at", "a bakery"),
    ("I work at Spotify with a bunch of ex-Googlers", "works_at", "Spotify"),
    ("I work for Acme Corp building internal tools", "works_at", "Acme Corp"),
    ("I use Vim with a ton of plugins that I wrote myself over the years", "uses", "Vim"),
    ("I use Neovim that my friend set up for me", "uses", "Neovim"),
    ("I use VS Code with a bunch of extensions", "uses", "VS Code"),
    ("I use Emacs with way too many packages", "uses", "Emacs"),
    ("I use a Kindle that my mom gave me", "uses", "a Kindle"),
    ("I have a Corolla that I drive to work", "has", "Corolla"),
    ("I have a cat who hates everyone", "has", "cat"),
    ("I have a dog that barks at everything", "has", "dog"),
    ("I have two kids who never sleep", "has", "two kids"),
    ("I'm a designer who codes a bit", "role", "designer"),
    ("I'm a teacher at a school where nobody has heard of Python", "role", "teacher at a school"),
    ("I'm a nurse who works nights", "role", "nurse"),
    ("I'm learning piano with a teacher on Zoom", "learning", "piano"),
    ("I'm learning Italian with my grandmother", "learning", "Italian"),
    ("I'm learning Korean that my wife speaks at home", "learning", "Korean"),
]


@pytest.mark.parametrize("text, predicate, obj", CASES)
def test_the_object_ends_where_its_modifiers_begin(text, predicate, obj):
    got = _objects(text)
    assert (predicate, obj) in got, got


KEPT = [  # the words are part of the value: unchanged
    ("I use Firefox with uBlock Origin", "uses", "Firefox with uBlock Origin"),
    ("I work at Bank of America", "works_at", "Bank of America"),
    ("I live in Stoke-on-Trent", "lives_in", "Stoke-on-Trent"),
    ("I'm learning Spanish on Duolingo", "learning", "Spanish on Duolingo"),
    ("I love hiking with my dog", "prefers", "hiking with my dog"),
]


@pytest.mark.parametrize("text, predicate, obj", KEPT)
def test_a_value_that_holds_the_words_keeps_them(text, predicate, obj):
    assert (predicate, obj) in _objects(text)
