"""English chat, stop 41: what the reader stored that it should not, grouped by cause from the English false
positives of the tune halves (casual*_tune, devlike*_tune, chat*_tune, own*_tune). Every sentence here was written
for these tests, not taken from a labelled set; each group has sentences that must store nothing next to the ones
that must still store."""

from __future__ import annotations

import pytest

from tests.test_extract_en_chat16 import _accepted
from tests.test_extraction_compositional import _check

P, N = "positive", "negative"


# ---- a checking question: the value is asked about, not stated (was: stored as the project's / user's fact) ------
@pytest.mark.parametrize("text", [
    "we're on node 20, right?",
    "we're on postgres 15 right, so generated columns should work?",
    "our CI is GitHub Actions, correct?",
    "the api runs on Django 4, right? so async views are fine",
    "we use yarn, no?",
    "we deploy with helm, don't we?",
    "I'm on Python 3.11 right? so match statements work",
    "our db is MariaDB, isn't it?",
    "the repo uses pnpm, yeah?",
    "we're still on React 17, right, so no concurrent features?",
    "the staging cluster is in eu-west-1, correct? I keep forgetting",
    "I'm on the Pro plan, right?",
    "our linter is ruff now, isn't that right?",
    "we use Terraform for infra, am I right?",
    "the mobile app is Flutter, yes?",
    "we're on Java 17, aren't we?",
    "the frontend is Vue 3, right? or did we stay on 2",
    "our queue is RabbitMQ, no? or was it SQS",
    "I set my timezone to CET, right?",
    "the service is written in Kotlin, right??",
    "we ship with Docker Compose right, so the env file is picked up?",
    "our monorepo uses Nx, is that right?",
    "we host on Vercel, true?",
    "我们用的是 pnpm，对吧？",
    "我们数据库是 Postgres 15，是吧？",
    "我们 CI 用的 Jenkins，对不对？",
])
def test_a_checking_question_stores_nothing(text) -> None:
    assert _accepted(text) == [], [(r.subject, r.object) for r in _accepted(text)]


@pytest.mark.parametrize("text, expected", [
    ("I live in Berlin right now", [("user", "Berlin", P)]),
    ("we're on node 20 right now, what's new in 22?", [("project", "node 20", P)]),
    ("Our CI runs on GitHub Actions. Right, so how do I cache pip?", [("project", "GitHub Actions", P)]),
    ("I use Vim, all right", [("user", "Vim", P)]),
    ("we use pnpm. correct me if I'm wrong but workspaces need a yaml file?", [("project", "pnpm", P)]),
    ("I'm a nurse, right, so my hours are weird", [("user", "nurse", P)]),  # a filler, not a tag: no question
])
def test_right_as_a_word_still_stores(text, expected) -> None:
    _check(_accepted(text), expected)


# ---- "never mind" is a discourse marker, not a rule with "never" (was: rule 'mind it finished', negative) ------
@pytest.mark.parametrize("text", [
    "oh never mind it finished",
    "never mind it works now",
    "ah nevermind, it was a typo on my side",
    "never mind the last question, I found it",
    "oh never mind, the build passed",
    "ok never mind that, figured it out",
    "never mind me, just thinking out loud",
    "nvm it compiled",
    "never mind lol it was the cache",
    "hmm never mind, the tests pass now",
])
def test_never_mind_stores_nothing(text) -> None:
    assert _accepted(text) == [], [(r.subject, r.predicate, r.object) for r in _accepted(text)]


@pytest.mark.parametrize("text, expected", [
    ("never mind, I use Emacs anyway", [("user", "Emacs", P)]),
    ("Never commit directly to main in this repo.", [("project", "main", N)]),
    ("I never drink coffee after noon", [("user", "coffee", N)]),
])
def test_never_still_negates(text, expected) -> None:
    _check(_accepted(text), expected)


# ---- a figurative self-description is no role (was: role 'professional bug generator at this point') -----------
@pytest.mark.parametrize("text", [
    "I'm basically a professional bug generator at this point lol",
    "I'm basically a full-time meeting attendee at this point",
    "I'm a professional coffee drinker at this point haha",
    "i'm basically a walking stack overflow at this point",
    "I'm a human alarm clock at this point",
    "I'm practically a YAML engineer at this point lol",
    "I'm pretty much a professional googler at this point",
    "honestly I'm a full-time babysitter for our flaky tests at this point",
    "I'm basically a professional Slack responder lol",
    "I'm literally a zombie haha",
    "I'm basically a part-time therapist for my cat lmao",
    "I'm a certified spreadsheet wizard lol",
])
def test_a_figurative_self_description_stores_nothing(text) -> None:
    assert _accepted(text) == [], [(r.subject, r.predicate, r.object) for r in _accepted(text)]


@pytest.mark.parametrize("text, expected", [
    ("I'm a backend developer", [("user", "backend developer", P)]),
    ("I'm basically a data engineer now", [("user", "data engineer", P)]),
    ("I'm a nurse lol, so my hours are weird", [("user", "nurse", P)]),
    ("I'm a software engineer at this company", [("user", "software engineer", P)]),
])
def test_a_plain_role_still_stores(text, expected) -> None:
    _check(_accepted(text), expected)


# ---- a relative clause's holder is the noun before it, never the user (was: attr:which / attr:who) --------------
@pytest.mark.parametrize("text", [
    "our on-call rotation, which is weekly and starts on Mondays, keeps slipping my mind",
    "my cat, who is 12, hates the vet",
    "I have a sister, who is a nurse in Leeds",
    "my old laptop, which is a ThinkPad, died yesterday",
    "the standup, which is at 9, is too early",
    "my landlord, who is lovely, fixed the heating",
    "our API, which is huge, needs docs",
    "my neighbour, whose dog barks all night, moved out",
    "the new manager, who is from Madrid, starts Monday",
    "my brother, which is weird, loves jazz",
])
def test_a_relative_clause_is_not_the_users(text) -> None:
    got = _accepted(text)
    assert not any(r.predicate.startswith(("attr:which", "attr:who", "attr:whose", "attr:that")) for r in got), \
        [(r.subject, r.predicate, r.object) for r in got]
    assert not any(r.subject == "user" and r.predicate in ("role", "lives_in", "from", "trait") for r in got), \
        [(r.subject, r.predicate, r.object) for r in got]


# ---- "about a year ago" ends the object (was: 'jest about', 'coffee like six', 'Neovim maybe') ------------------
@pytest.mark.parametrize("text, expected", [
    ("we migrated off jest about a year ago and never looked back", [("project", "jest", N)]),
    ("I quit coffee like six months ago and feel great", [("user", "coffee", N)]),
    ("I switched to Neovim maybe a year ago", [("user", "Neovim", P)]),
    ("we moved to Postgres around two years ago", [("project", "Postgres", P)]),
    ("I moved to Denver roughly three years ago", [("user", "Denver", P)]),
    ("I started learning Korean about eight months ago", [("user", "Korean", P)]),
    ("we started using Bazel almost a year ago", [("project", "Bazel", P)]),
    ("I switched to fish like a couple of months ago", [("user", "fish", P)]),
    ("I gave up sugar nearly two years ago", [("user", "sugar", N)]),
    ("I moved to Lisbon just a few weeks ago", [("user", "Lisbon", P)]),
    ("we switched to Vite maybe six months ago and builds are fast now", [("project", "Vite", P)]),
    ("I started using Obsidian over a year ago", [("user", "Obsidian", P)]),
])
def test_a_time_ago_ends_the_object(text, expected) -> None:
    got = _accepted(text)
    _check(got, expected)
    assert all(len(r.object.split()) <= 2 for r in got), [r.object for r in got]


# ---- an outing or a team's size is no tool of the project (was: project uses 'Thai place', '6-person') ---------
@pytest.mark.parametrize("text", [
    "we're going to a Thai place on Friday for a coworker's farewell",
    "we're going to Lisbon next week",
    "we're going to the beach this weekend, any sunscreen tips?",
    "we're going to my parents' for Christmas",
    "we're going to a wedding in June",
    "we're heading to Kyoto in April",
    "we're off to the coast tomorrow",
    "we're a 6-person team",
    "we're a small team of four",
    "we're a two-person startup, so everyone does ops",
    "we're a 12-person company",
    "we're a tiny team lol",
])
def test_an_outing_or_a_team_size_stores_nothing(text) -> None:
    assert _accepted(text) == [], [(r.subject, r.predicate, r.object) for r in _accepted(text)]


@pytest.mark.parametrize("text, expected", [
    ("We're a Django shop", [("project", "Django", P)]),
    ("we're a 6-person team doing trunk-based development", [("project", "trunk-based", P)]),
    ("We're a three-person startup using Rails", [("project", "Rails", P)]),
    ("we're moving to Kubernetes", [("project", "Kubernetes", P)]),
])
def test_a_team_still_names_its_stack(text, expected) -> None:
    _check(_accepted(text), expected)


# ---- another team's or a client's stack is not the project's (was: project uses 'Angular', 'GCP') ---------------
@pytest.mark.parametrize("text", [
    "the other team uses Angular",
    "our sister team runs everything on GCP",
    "another team here is on Java 8",
    "the other teams deploy with Jenkins, we don't",
    "a different team owns the Kafka cluster",
    "the client's backend is PHP, which is why the API is weird",
    "their team uses Bitbucket",
    "our parent company uses SAP for everything",
    "the vendor's API is SOAP, ugh",
    "the partner team's service is written in Scala",
])
def test_another_teams_stack_stores_nothing(text) -> None:
    assert _accepted(text) == [], [(r.subject, r.predicate, r.object) for r in _accepted(text)]


@pytest.mark.parametrize("text, expected", [
    ("our team uses Angular", [("project", "Angular", P)]),
    ("the team deploys with Jenkins", [("project", "Jenkins", P)]),
    ("our backend is Go", [("project", "Go", P)]),
])
def test_our_teams_stack_still_stores(text, expected) -> None:
    _check(_accepted(text), expected)


# ---- a stance on a situation is a complaint, no preference (was: prefers 'when the linter yells at me') ----------
@pytest.mark.parametrize("text", [
    "I hate when the linter yells at me",
    "I love it when the tests pass first try",
    "I hate how slow Xcode is",
    "I can't stand when people push to main",
    "I love how fast Bun starts",
    "I hate it when my laptop fan spins up",
    "I really don't like how Jira handles sprints",
    "I hate that the build takes 20 minutes",
    "I love when a PR is tiny",
    "I hate it whenever the VPN drops",
])
def test_a_stance_on_a_situation_stores_nothing(text) -> None:
    assert _accepted(text) == [], [(r.subject, r.predicate, r.object) for r in _accepted(text)]


@pytest.mark.parametrize("text, expected", [
    ("I hate long meetings", [("user", "long meetings", N)]),
    ("I love hiking", [("user", "hiking", P)]),
    ("I can't stand Jira", [("user", "Jira", N)]),
])
def test_a_stance_on_a_thing_still_stores(text, expected) -> None:
    _check(_accepted(text), expected)


# ---- "like" before an amount is "about", not the verb (was: prefers '40 other plugins') -------------------------
@pytest.mark.parametrize("text, expected", [
    ("I love hiking and like 2 trips a year", [("user", "hiking", P)]),
    ("I use VS Code and like 40 plugins", [("user", "VS Code", P)]),
    ("I use Neovim and like thirty plugins on top", [("user", "Neovim", P)]),
    ("I love art and like jazz", [("user", "art", P), ("user", "jazz", P)]),  # the verb still splits
])
def test_like_before_an_amount_is_no_verb(text, expected) -> None:
    _check(_accepted(text), expected)


# ---- one event's near date is a one-off, no attribute (was: attr:flight_to_tokyo 'on Friday') -----------------
@pytest.mark.parametrize("text", [
    "my flight to Tokyo is on Friday",
    "my interview is next week",
    "the demo is tomorrow at 3pm",
    "my dentist appointment is this Thursday",
    "my presentation is in two days",
    "our offsite is next month",
    "my driving test is on Monday morning",
    "the party is tonight",
])
def test_a_near_date_of_one_event_stores_nothing(text) -> None:
    assert _accepted(text) == [], [(r.subject, r.predicate, r.object) for r in _accepted(text)]


@pytest.mark.parametrize("text, expected", [
    ("my birthday is on March 17", [("user", "March 17", P)]),
    ("my day off is Friday", [("user", "Friday", P)]),
])
def test_a_date_that_holds_still_stores(text, expected) -> None:
    _check(_accepted(text), expected)


@pytest.mark.parametrize("text, expected", [
    ("I don't like it when you add disclaimers", [("user", "disclaimers", N)]),
    ("I hate when answers start with a summary", [("user", "summary", N)]),
    ("I love it when your examples are runnable", [("user", "runnable", P)]),
])
def test_a_situation_of_the_answers_is_a_preference(text, expected) -> None:
    _check(_accepted(text), expected)
