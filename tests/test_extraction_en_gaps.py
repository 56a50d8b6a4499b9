"""English extraction gaps found on unseen sets (issue 16): household "we", where one is from, "No X in this
repo", places not in the gazetteer, compound sentences, requests with a fact inside, and corrections
("sorry, my bad — …", "oops, typo — …", cross-turn upgrades). Sentences written for these tests only."""

from __future__ import annotations

import pytest

from evals.extraction import match, run_case
from langmem_nodes.write.extractor import RuleExtractor

RX = RuleExtractor()


def _claims(text: str, earlier: tuple[str, ...] = ()) -> list[tuple[str, str, str, str]]:
    found, _ = RX.analyse(text, earlier=[{"role": "user", "content": t} for t in earlier])
    return [(c.subject, c.predicate, c.object, c.polarity) for c, *_ in found]


@pytest.mark.parametrize("text, expected", [
    # a household "we" that lives somewhere is the user, never a project rule
    ("Please remember that we live in Utrecht.", ("user", "lives_in", "Utrecht", "positive")),
    ("We live in a tiny house outside Bergen.", ("user", "lives_in", "Bergen", "positive")),
    # where one is from is not where one lives
    ("I'm from Brazil.", ("user", "from", "Brazil", "positive")),
    ("I'm originally from Peru.", ("user", "from", "Peru", "positive")),
    # "No X in <the project>" is a project rule; "no X in your answers" the user's standing rule
    ("No wildcard imports in this repo.", ("project", "rule", "wildcard imports", "negative")),
    ("No markdown headers in your replies please.", ("user", "rule", "markdown headers", "negative")),
    # places the gazetteer does not list: a place-only verb, or "moved to" with a move cue
    ("I relocated to Tartu.", ("user", "lives_in", "Tartu", "positive")),
    ("I moved to Leuven with my family in 2021.", ("user", "lives_in", "Leuven", "positive")),
    ("I live in Zwolle.", ("user", "lives_in", "Zwolle", "positive")),
    # a project's tool no longer used, a setting of the repo
    ("We no longer use Travis.", ("project", "uses", "Travis", "negative")),
    ("The max line length in this repo is 100.", ("project", "attr:max_line_length", "100", "positive")),
    ("the whole service is nestjs", ("project", "uses", "nestjs", "positive")),
    ("our bundler is esbuild", ("project", "uses", "esbuild", "positive")),
])
def test_one_claim(text: str, expected: tuple[str, str, str, str]) -> None:
    assert expected in _claims(text)


@pytest.mark.parametrize("text", [
    "I moved to Zed last month.",  # a tool, not a town: no cue of a move
    "(please) no sugar in the cake recipe",  # a request for this answer
    "No idea why the build fails.",
    "The database is db-main-3.",  # a host name, not a tool (stays a project setting)
])
def test_not_a_place_or_rule(text: str) -> None:
    got = _claims(text)
    assert not [c for c in got if c[1] in ("lives_in", "rule") or (c[1] == "uses" and "db-main" in c[2])], got


def test_compound_and_buried_facts() -> None:
    got = _claims("my team writes everything in kotlin and we deploy to fly.io, can you sketch a health check?")
    assert ("project", "uses", "kotlin", "positive") in got and ("project", "uses", "fly.io", "positive") in got
    got = _claims("This API is Flask behind gunicorn.")
    assert ("project", "uses", "Flask", "positive") in got and ("project", "uses", "gunicorn", "positive") in got
    got = _claims("I have two parrots and a very old tortoise.")
    assert ("user", "has", "two parrots", "positive") in got and ("user", "has", "old tortoise", "positive") in got  # the count is kept
    got = _claims("i'm diabetic so keep the desserts low in sugar pls")
    assert ("user", "trait", "diabetic", "positive") in got


def test_no_junk_attribute_from_a_second_subject() -> None:
    got = _claims("my son's name is Idris and our trip is next month")
    assert ("user", "attr:son_name", "Idris", "positive") in got
    assert not [c for c in got if c[1].startswith("attr:our")], got


def test_in_turn_apology_withdraws_the_value_before_it() -> None:
    got = _claims("I use PyCharm for Python — sorry, my bad, actually it's Spyder at work.")
    assert [c[2] for c in got] == ["Spyder"]
    # at a sentence's end "my bad" only apologises: the value before it stands
    got = _claims("we moved to Node 22 last week, my bad", earlier=("we're on Node 18",))
    assert got and got[0][2] == "Node 22"


def _landed(turns: list[str], subject: str, term: str) -> tuple[bool, list]:
    case = {"id": "t", "turns": [t for u in turns for t in ({"role": "user", "content": u},
                                                             {"role": "assistant", "content": "Noted."})][:-1],
            "expect": [{"subject": subject, "object": term, "polarity": "positive"}]}
    got, _ = run_case(case, RuleExtractor())
    pairs = match(case["expect"], got)
    return bool(pairs) and pairs[0][1]["source"] == "explicit_correction" and len(got) == 1, got


@pytest.mark.parametrize("turns, subject, term", [
    (["My son is called Jonas.", "Oops, typo — he's called Jonah."], "user", "Jonah"),
    (["The backend is written in Ruby.", "wait no, the backend is Elixir. Ruby is the old admin tool."], "project", "Elixir"),
    (["we're on mysql 5.7 at work", "hmm actually no, we upgraded to mysql 8 a few months ago, my bad. how do I check the version?"],
     "project", "mysql 8"),
    (["I live in Leeds.", "sorry my bad, i actually live in Harrogate, leeds is where i work"], "user", "Harrogate"),
])
def test_cross_turn_correction_lands_and_replaces(turns: list[str], subject: str, term: str) -> None:
    ok, got = _landed(turns, subject, term)
    assert ok, got


@pytest.mark.parametrize("text, expected", [
    ("We've standardised on Pulumi for infra and Buildkite for CI.", [("project", "uses", "Pulumi"), ("project", "uses", "Buildkite")]),
    ("me: i work in leeds but live in york", [("user", "works_in", "leeds"), ("user", "lives_in", "york")]),
    ("my wife and i live in bristol and want a weekend away", [("user", "lives_in", "bristol")]),
    ("I work in Python mostly", [("user", "uses", "Python")]),
    ("we're stuck on node 14 because of a legacy addon", [("project", "uses", "node 14")]),
    ("my team uses Asana but I personally track my tasks in Todoist", [("project", "uses", "Asana"), ("user", "uses", "Todoist")]),
    ("we run it all on one single OVH box with docker compose", [("project", "uses", "docker compose")]),
])
def test_parts_compose(text: str, expected: list[tuple[str, str, str]]) -> None:
    got = [c[:3] for c in _claims(text.removeprefix("me: "))]
    for e in expected:
        assert e in got, got


@pytest.mark.parametrize("turns, subject, term", [
    (["My husband is called Jan.", "oh sorry, autocorrect — his name is Jon."], "user", "Jon"),
    (["We host on Linode.", "I misspoke earlier: we host on Vultr, not Linode."], "project", "Vultr"),
    (["The prod cache is Redis 6.", "That's outdated — prod runs Redis 7 now."], "project", "Redis 7"),
])
def test_more_cross_turn_corrections(turns: list[str], subject: str, term: str) -> None:
    ok, got = _landed(turns, subject, term)
    assert ok, got
