"""English chat, stop 39: parts the reader lacked, found by grouping the English failures of the tune halves
(casual13–16_tune, devlike13–14_tune) by cause. Every sentence here was written for these tests, not taken
from a labelled set; each group has sentences that must store nothing next to the ones that must store."""

from __future__ import annotations

import pytest

from langmem_nodes.write.named_aside import inline
from tests.test_extract_en_chat16 import _accepted
from tests.test_extraction_compositional import _check

P, N = "positive", "negative"


# ---- a name in brackets names the thing before it (was: the generic noun kept, the name "no parse") ------------
@pytest.mark.parametrize("text, expected", [
    ("I use a split keyboard (a ZSA Moonlander) at work.", [("user", "Moonlander", P)]),
    ("I've got a 3D printer (Prusa MK4) and it jams a lot, any ideas?", [("user", "Prusa MK4", P)]),
    ("I drive an old hatchback (a Honda Fit) to work every day.", [("user", "Honda Fit", P)]),
    ("I ride a road bike (Canyon Endurace) on weekends.", [("user", "Canyon Endurace", P)]),
    ("Our frontend (Next.js) talks to a Go backend.", [("project", "Go", P)]),
    ("我用一个分体键盘（ZSA Moonlander），最近在改键位。", [("user", "ZSA Moonlander", P)]),
])
def test_a_bracketed_name_is_the_value(text, expected) -> None:
    _check(_accepted(text), expected)


@pytest.mark.parametrize("text, expected", [
    ("I use a split keyboard (a ZSA Moonlander) at work.", "I use a ZSA Moonlander split keyboard at work."),
    ("I play an electric guitar (a Fender Strat).", "I play a Fender Strat electric guitar."),
    ("I read on a tablet (an iPad Air).", "I read on an iPad Air tablet."),
    ("I have a cat (lol) who hates me.", "I have a cat (lol) who hates me."),  # talk, not a name
    ("I use a standing desk (sometimes) at the office.", "I use a standing desk (sometimes) at the office."),
    ("My partner (Sam) loves hiking.", "My partner (Sam) loves hiking."),  # a person's name stays theirs
    ("I tried a new editor (I think it was Zed).", "I tried a new editor (I think it was Zed)."),
])
def test_inline_rewrites_only_a_name(text, expected) -> None:
    assert inline(text) == expected


@pytest.mark.parametrize("text", [
    "Should I get a 3D printer (Prusa MK4)?",
    "I think I'd buy a 3D printer (Prusa MK4) if it were cheaper.",
    "my laptop (a ThinkPad X1) is getting slow, any tips?",
    "My partner (Sam) loves hiking.",
])
def test_a_bracketed_name_in_a_question_or_wish_stores_nothing(text) -> None:
    assert _accepted(text) == []


# ---- the project's tool as the instrument of what it does (was: no parse) ---------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("We generate the changelog with release-please.", [("project", "release-please", P)]),
    ("We log with Winston, nothing fancy.", [("project", "Winston", P)]),
    ("we get paged through Opsgenie when the api is down", [("project", "Opsgenie", P)]),
    ("Our services talk to each other over gRPC.", [("project", "gRPC", P)]),
    ("All our Rust crates run clippy with pedantic lints in CI.", [("project", "clippy", P)]),
    ("we build the firmware with PlatformIO rather than the Arduino IDE", [("project", "PlatformIO", P)]),
    ("We handle auth with Auth0 and it mostly works.", [("project", "Auth0", P)]),
    ("we send transactional emails via Postmark", [("project", "Postmark", P)]),
    ("we roll out features through LaunchDarkly", [("project", "LaunchDarkly", P)]),
    ("Our API responses always use snake_case JSON keys.", [("project", "snake_case", P)]),
])
def test_the_instrument_of_a_project_chore_is_a_tool(text, expected) -> None:
    _check(_accepted(text), expected)


@pytest.mark.parametrize("text", [
    "we celebrated with Alice after the launch",
    "we fixed it with a hack last night",
    "we met through Tinder years ago",
    "we talk over lunch most days",
    "should we log with Winston or Pino?",
    "if we generated the changelog with release-please, would it skip chores?",
])
def test_no_instrument_without_a_chore_or_a_tool(text) -> None:
    assert [r for r in _accepted(text) if r.subject == "project"] == []


# ---- a state in flux or a quantified noun is no attribute of the user's (was: attr:vault «getting messy») ---------
@pytest.mark.parametrize("text", [
    "my vault is getting messy tbh",
    "my inbox is becoming a problem",
    "my laptop is starting to lag",
    "I'm based nowhere special, so every meeting is an hour later for me",
    "each sprint is two weeks for us",
])
def test_a_passing_state_is_no_attribute(text) -> None:
    assert [r for r in _accepted(text) if r.predicate.startswith("attr:")] == []


def test_a_settled_attribute_still_stores() -> None:
    _check(_accepted("my editor is Helix these days"), [("user", "Helix", P)])
    _check(_accepted("my server is running Ubuntu 24.04"), [("user", "Ubuntu 24.04", P)])


# ---- a habit given up, in the perfect or with a trailing adverb (was: no parse) -----------------------------------
@pytest.mark.parametrize("text, expected", [
    ("I've quit soda completely, which was hard.", [("user", "soda", N)]),
    ("I've given up on sourdough after three dead starters", [("user", "sourdough", N)]),
    ("I cut out sugar in January and feel better", [("user", "sugar", N)]),
    ("i eat a lot of fish now, cut out red meat", [("user", "red meat", N)]),
    ("I have stopped drinking alcohol for good", [("user", "alcohol", N)]),
])
def test_a_habit_given_up_is_no_longer_consumed(text, expected) -> None:
    _check(_accepted(text), expected)


@pytest.mark.parametrize("text", [
    "I've quit my job",
    "I cut out the middle part of the video",
    "I've stopped caring about it",
    "should I cut out sugar?",
])
def test_no_habit_from_a_job_a_thing_or_a_question(text) -> None:
    assert [r for r in _accepted(text) if r.predicate == "diet"] == []


# ---- the holder's noun taken for a verb ("our builds deploy via …": was no parse) ---------------------------------
@pytest.mark.parametrize("text, expected", [
    ("So our builds deploy via Jenkins.", [("project", "Jenkins", P)]),
    ("the deploys run through Argo CD", [("project", "Argo CD", P)]),
    ("our logs ship to Datadog", [("project", "Datadog", P)]),
])
def test_a_plural_project_noun_before_its_verb_holds(text, expected) -> None:
    _check(_accepted(text), expected)


# ---- every tool of a stack clause, and a tool reached through another (was: the first only / one joined span) ----
@pytest.mark.parametrize("text, expected", [
    ("our frontend is a Next.js app with Tailwind for styling", [("project", "Next.js", P), ("project", "Tailwind", P)]),
    ("our service deploys to fly.io through GitHub Actions", [("project", "fly.io", P), ("project", "GitHub Actions", P)]),
    ("our app is a Django monolith with Celery and Redis", [("project", "Django", P), ("project", "Celery", P), ("project", "Redis", P)]),
])
def test_every_tool_of_a_stack_clause(text, expected) -> None:
    _check(_accepted(text), expected)


# ---- the means of the clause before ("…, mostly through Anki and WaniKani": was no parse) --------------------------
@pytest.mark.parametrize("text, expected", [
    ("I've been learning Japanese for a year, mostly through Anki and WaniKani.",
     [("user", "Japanese", P), ("user", "Anki", P), ("user", "WaniKani", P)]),
    ("We do trunk-based development, with feature flags through LaunchDarkly.",
     [("project", "trunk-based", P), ("project", "LaunchDarkly", P)]),
    ("I use Obsidian, with Dataview and Templater.", [("user", "Obsidian", P), ("user", "Dataview", P), ("user", "Templater", P)]),
    ("we use Postgres, via Supabase", [("project", "Postgres", P), ("project", "Supabase", P)]),
])
def test_the_means_of_the_clause_before_is_its_holders_tool(text, expected) -> None:
    _check(_accepted(text), expected)


@pytest.mark.parametrize("text, expected", [
    ("I'm learning Spanish, mostly with my tutor.", [("user", "Spanish", P)]),
    ("I live in Porto, with Ana and the kids.", [("user", "Porto", P)]),
    ("I hate Java, with Spring especially.", [("user", "Java", N)]),
])
def test_no_means_after_a_place_a_dislike_or_without_a_name(text, expected) -> None:
    _check(_accepted(text), expected)


@pytest.mark.parametrize("text, secret", [
    ("I use a password manager (Bitwarden) with the master password (CorrectHorse9)", "CorrectHorse9"),
    ("my wifi password (Tr0ub4dor) keeps getting rejected", "Tr0ub4dor"),
    ("我的wifi密码（Tr0ub4dor）老是错", "Tr0ub4dor"),
])
def test_a_bracketed_secret_is_never_moved_out_of_the_screens_sight(text, secret) -> None:
    from evals.extraction import make_extractor, run_case

    records, skipped = run_case({"id": "s39-secret", "turns": [{"role": "user", "content": text}]}, make_extractor("rule"))
    assert records == [] and secret not in repr(skipped), skipped


# ---- what a project supports or targets, and a team's possession (was: no parse) ----------------------------------
@pytest.mark.parametrize("text, expected", [
    ("Our iOS app supports iOS 16 and up.", [("project", "iOS 16", P)]),
    ("we support Python 3.9 or later", [("project", "Python 3.9", P)]),
    ("The team's database is Postgres 16.", [("project", "Postgres 16", P)]),
    ("the company's backend runs on Go", [("project", "Go", P)]),
])
def test_what_the_project_supports_and_the_teams_parts(text, expected) -> None:
    _check(_accepted(text), expected)


@pytest.mark.parametrize("text", ["our app supports dark mode", "we support each other a lot", "the team's great"])
def test_support_without_a_tool_stores_nothing(text) -> None:
    assert _accepted(text) == []
