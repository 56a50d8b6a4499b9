"""English natural chat, stop 35 (own cases /work/tmp/s35/extract-en/own_en.jsonl and the tune halves' misses),
by structure, with the Chinese counterpart where the structure exists in Chinese. Phrasings written for these
tests, not taken from the labelled sets. Fast: the extractor and the gate only."""

from __future__ import annotations

import pytest

from tests.test_extraction_compositional import _accepted, _check

P, N = "positive", "negative"

CASES = {
    # a tool the team gave up, no replacement named: a negative project fact (was: nothing stored)
    "a tool the team gave up": [
        ("we ditched Travis last quarter and nobody misses it", [("project", "Travis", N)]),
        ("our team moved off CouchDB earlier this year, too many sync headaches", [("project", "CouchDB", N)]),
        ("we got rid of Docker Swarm after the outage. how do I drain a node in k8s?", [("project", "Docker Swarm", N)]),
        ("fwiw we dropped Bitbucket a while back", [("project", "Bitbucket", N)]),
        ("我们团队已经弃用 CouchDB 了", [("project", "CouchDB", N)]),
    ],
    # … with what replaced it: only the replacement (in the clause, a later clause, or a later sentence said as now)
    "a tool given up for another": [
        ("we ditched Gulp for esbuild", [("project", "esbuild", P)]),
        ("we dropped Bitbucket, everything is on GitLab now", [("project", "GitLab", P)]),
        ("we moved off Rancher. Everything runs on Nomad now.", [("project", "Nomad", P)]),
        ("我们已经弃用 Rancher 了。现在我们用 Nomad。", [("project", "Nomad", P)]),
    ],
    # what is no tool, or a version (what is supported), is not a tool given up
    "not a tool given up": [
        ("we dropped the ball on the release", []),
        ("we dropped Node 14 last month", []),
        ("we stopped the deploy halfway", []),
        ("I dropped my phone last week", []),
    ],
    # a standing rule scoped to every example of a kind or to all the assistant writes (was: a one-off, nothing)
    "a rule scoped to every example or to all you write": [
        ("Please don't use arrow functions in TypeScript examples.", [("user", "arrow functions", N)]),
        ("please use tabs in go snippets", [("user", "tabs", P)]),
        ("pls don't use bold text in anything you write for me", [("user", "bold text", N)]),
        ("don't use semicolons in the examples below", []),
    ],
    # under a negation "A or B" is neither: one negative each (was: one object "A or B")
    "a negated or names each thing": [
        ("please never use hashtags or em dashes in your replies", [("user", "hashtags", N), ("user", "em dashes", N)]),
        ("I don't eat lamb or duck", [("user", "lamb", N), ("user", "duck", N)]),
        ("我不吃羊肉或者鸭肉", [("user", "羊肉", N), ("user", "鸭肉", N)]),
        ("以后回答里不要用粗体或者斜体", [("user", "粗体", N), ("user", "斜体", N)]),
        ("I like tea or coffee in the morning", [("user", "tea or coffee", P)]),
    ],
    # a condition the user lives with (was: nothing; "I have a question" is none)
    "the user's health condition": [
        ("I have celiac so the recipe has to be properly GF", [("user", "celiac", P)]),
        ("I'm type 2 diabetic, what snacks are ok on a long drive?", [("user", "type 2 diabetic", P)]),
        ("I've been diagnosed with ADHD", [("user", "ADHD", P)]),
        ("I'm gluten-free (celiac), so check the soy sauce", [("user", "gluten-free", P)]),
        ("I have a question about my bill", []),
        ("我有哮喘", [("user", "哮喘", P)]),  # the zh path, unchanged
    ],
    # the team's work before the tool it is done with is no tool (was: "all tests", "CI" stored as tools)
    "the work done with a tool": [
        ("our team writes every spec with RSpec", [("project", "RSpec", P)]),
        ("the team runs its nightly jobs on Airflow", [("project", "Airflow", P)]),
        ("our db is Postgres 16 on Aurora", [("project", "Postgres 16", P), ("project", "Aurora", P)]),  # the host is a part of its own (stack_parts_en)
        ("我们团队的测试都用 pytest 写", [("project", "pytest", P)]),  # the zh path, unchanged
    ],
}


@pytest.mark.parametrize(("text", "expected"), [c for cases in CASES.values() for c in cases],
                         ids=[f"{k}: {t[:40]}" for k, cases in CASES.items() for t, _ in cases])
def test_en_chat13(text: str, expected: list[tuple[str, str, str]]) -> None:
    _check(_accepted(text), expected)


def test_the_replacement_replaces_the_tool_given_up() -> None:
    """The old tool is named as what the new one replaces (so a stored positive of it is superseded)."""
    from langmem_nodes.write import RuleExtractor

    for text in ("we moved off Rancher. Everything runs on Nomad now.", "我们已经弃用 Rancher 了。现在我们用 Nomad。",
                 "we ditched Gulp for esbuild"):
        claims = [c for c, *_ in RuleExtractor().claims(text)]
        assert [(c.object, c.polarity) for c in claims][-1][1] == P and any("Rancher" in r or "Gulp" in r
                                                                             for c in claims for r in c.replaces), claims
