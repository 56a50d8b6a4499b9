"""English failure kinds of issue 16, one test per kind, on phrasings composed from parts (clause_en.py):
a holder, a verb from a wide class, negation, tense and a tight object. Fast: the extractor and the gate only,
except the cross-turn corrections, which run the real write graph."""

from __future__ import annotations

import pytest

from langmem_nodes.records import Status
from langmem_nodes.write import RuleExtractor
from langmem_nodes.write.clause_en import read
from langmem_nodes.write.places import is_place
from tests.test_extraction_compositional import CTX, _accepted, _check, _norm

KINDS = {
    "project facts, any holder and verb": [
        ("The docs site is built with Docusaurus and hosted on Netlify", [("project", "Docusaurus", "positive"),
                                                                         ("project", "Netlify", "positive")]),
        ("my team is all in on Terraform", [("project", "Terraform", "positive")]),
        ("CI runs on CircleCI.", [("project", "CircleCI", "positive")]),
        ("The backend talks to a MongoDB cluster.", [("project", "MongoDB", "positive")]),
        ("so the app is a Flutter client talking to a Firebase backend", [("project", "Flutter", "positive"),
                                                                         ("project", "Firebase", "positive")]),
        ("we're a small team of 4, mostly remote", []),
    ],
    "plain personal facts": [
        ("I'm all in on Rust this year", [("user", "Rust", "positive")]),
        ("I'm a big believer in TDD", [("user", "TDD", "positive")]),
        ("I moved to Berlin last year and love it", [("user", "Berlin", "positive")]),
        ("i ride a brompton to work", [("user", "brompton", "positive")]),
        ("We have two cats, Miso and Tofu.", [("user", "Miso", "positive"), ("user", "Tofu", "positive")]),
        ("i'm celiac, gluten is a hard no for me", [("user", "celiac", "positive"), ("user", "gluten", "negative")]),
        ("I keep kosher.", [("user", "kosher", "positive")]),
        ("I'm on a corporate laptop if that matters", []),
    ],
    "negation and tense": [
        ("I quit Twitter a while ago and honestly don't miss it", [("user", "Twitter", "negative")]),
        ("I'm not a fan of ORMs.", [("user", "ORMs", "negative")]),
        ("i'm not really a beach person", [("user", "beach", "negative")]),
        ("Horror movies are not my thing.", [("user", "Horror movies", "negative")]),
        ("I just ditched Windows for Ubuntu on my home box", [("user", "Ubuntu", "positive")]),
    ],
    "allergy is a positive fact": [
        ("fyi I'm allergic to peanuts so no satay recipes pls", [("user", "peanuts", "positive")]),
    ],
    "not the user's fact": [
        ("my coworker swears by Emacs", []),
        ("If I ever switch to a Mac I'll need help", []),
        ("She prefers Python", []),
    ],
}


@pytest.mark.parametrize("text,expected", [c for cases in KINDS.values() for c in cases])
def test_english_kinds(text: str, expected: list[tuple[str, str, str]]) -> None:
    _check(_accepted(text), expected)


def test_a_clause_the_reader_cannot_parse_stores_nothing_and_says_so() -> None:
    assert read("honestly the weather has been wild lately") == []
    _, skips = RuleExtractor().analyse("the weather has been wild lately")
    assert [s["reason"] for s in skips] == ["no parse"]


def test_places_tell_a_home_from_a_tool() -> None:
    assert is_place("Berlin") and is_place("the Bay Area") and is_place("Austin, TX")
    assert not is_place("Helix") and not is_place("Neovim")
    assert [(c.predicate, c.object) for c in read("I moved to Helix last month")] == [("uses", "Helix")]


def test_in_turn_corrections_land() -> None:
    claims = RuleExtractor().claims("I'm allergic to shellfish, sorry, I meant sesame.")
    assert [(c.predicate, c.object, c.replaces, s.value) for c, _, s, _ in claims] == [
        ("allergy", "sesame", ["shellfish"], "explicit_correction")]
    claims = RuleExtractor().claims("i'm vegan so no meat — hmm no, correction, i'm pescatarian")
    assert [(c.object, c.replaces) for c, *_ in claims] == [("pescatarian", ["vegan"])]


@pytest.mark.parametrize("turns,new,old", [
    (["I live in Austin.", "Sorry, my bad, I moved to Denver last spring."], "Denver", "Austin"),
    (["We deploy to Heroku.", "Actually, we moved everything to Fly.io."], "Fly.io", "Heroku"),
])
def test_cross_turn_corrections_supersede(tmp_path, turns: list[str], new: str, old: str) -> None:
    from langmem_nodes.embeddings import HashingEmbedder
    from langmem_nodes.store import MemoryStore
    from langmem_nodes.write import create_write_graph

    store = MemoryStore(tmp_path, embedder=HashingEmbedder(dim=64))
    try:
        graph = create_write_graph(store).compile()
        messages: list[tuple[str, str]] = []
        for text in turns:
            messages += [("user", text)]
            graph.invoke({"messages": list(messages)}, context=CTX)
            messages += [("ai", "ok")]
        active = store.find(CTX.visible_partitions(), statuses=(Status.ACTIVE,))
        assert any(_norm(new) in _norm(r.object) and r.source.value == "explicit_correction" for r in active), active
        assert not any(_norm(old) in _norm(r.object) for r in active)
    finally:
        store.close()


@pytest.mark.parametrize("text,expected", [
    ("wait no, the service is actually on python 3.12 now", [("project", "python 3.12", "positive")]),
    ("we deploy the frontend to netlify", [("project", "netlify", "positive")]),
    ("my kids are ava and leo", [("user", "ava", "positive"), ("user", "leo", "positive")]),
])
def test_lowercase_chat_with_adverbs_and_kin(text: str, expected: list[tuple[str, str, str]]) -> None:
    _check(_accepted(text), expected)
