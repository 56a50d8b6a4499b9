"""English natural-chat extraction (issue 16, ext-en round): corrections said the way people chat ("lol no,",
"whoops", "I misread", "mine is …", "here it's …"), verbs with a particle ("switched back to"), object spans
that stop at a chatty tail, project holders named by their part ("our staging env", "the ingest workers").
Sentences written for these tests only, before the rule changes they check."""

from __future__ import annotations

import pytest

from evals.extraction import match, run_case
from langmem_nodes.write.extractor import RuleExtractor

RX = RuleExtractor()


def _claims(text: str, earlier: tuple[str, ...] = ()) -> list[tuple[str, str, str, str]]:
    found, _ = RX.analyse(text, earlier=[{"role": "user", "content": t} for t in earlier])
    return [(c.subject, c.predicate, c.object, c.polarity) for c, *_ in found]


def _run(turns: list[str]) -> list[dict]:
    case = {"id": "t", "turns": [t for u in turns for t in ({"role": "user", "content": u},
                                                             {"role": "assistant", "content": "Okay."})][:-1],
            "expect": []}
    return run_case(case, RuleExtractor())[0]


def _landed(turns: list[str], subject: str, term: str) -> tuple[bool, list[dict]]:
    """The correction is the one active record, marked `explicit_correction`, and it holds `term`."""
    got = _run(turns)
    pairs = match([{"subject": subject, "object": term, "polarity": "positive"}], got)
    return bool(pairs) and pairs[0][1]["source"] == "explicit_correction" and len(got) == 1, got


# corrections in chat phrasing: a slip word or a self-error verb, then the new value in any known shape
@pytest.mark.parametrize("turns, subject, term", [
    (["I use Brave for browsing", "lol no, I went back to Chrome months ago. anyway, extensions?"], "user", "Chrome"),
    (["my cat is called Mango", "haha no, Mango is my mom's cat. mine is Kiwi, she's a tabby"], "user", "Kiwi"),
    (["we're on node 16 for the api", "sorry, I misread the Dockerfile — the api is actually on node 20"], "project", "node 20"),
    (["I drive a Golf", "whoops, the Golf is my brother's. mine's a Yaris, so budget for that"], "user", "Yaris"),
    (["our formatter is prettier", "nope, I confused it with another repo. here it's dprint"], "project", "dprint"),
    (["I switched to Neovim last year", "hmm no, I switched back to Vim in the summer, neovim broke my plugins"], "user", "Vim"),
    (["I live in Porto", "I misremembered my own address lol — I moved back to Braga in March"], "user", "Braga"),
    (["the queue is SQS", "I mixed up the two services, for this one the queue is RabbitMQ"], "project", "RabbitMQ"),
])
def test_chat_correction_lands(turns: list[str], subject: str, term: str) -> None:
    ok, got = _landed(turns, subject, term)
    assert ok, got


@pytest.mark.parametrize("text", [
    "no worries, thanks for the help",  # "no" that answers politely is no correction
    "lol no way, that's hilarious",
    "sorry for the long message, here goes",
    "nope, that's all for today",
])
def test_not_a_correction(text: str) -> None:
    found, skips = RX.analyse(text, earlier=[{"role": "user", "content": "I use Vim"}])
    assert not found and not any(s.get("confirm") for s in skips), (found, skips)


# object spans stop at a chatty tail: a role ("as my …"), a purpose ("for the …"), a place ("in prod"), "so …", "right now"
@pytest.mark.parametrize("text, subject, obj", [
    ("I use Thunderbird as my mail client, how do I add a calendar", "user", "Thunderbird"),
    ("we're on kafka 3.5 for the event bus", "project", "kafka 3.5"),
    ("we run mariadb in prod and sqlite locally", "project", "mariadb"),
    ("I live in Valencia so please use euros", "user", "Valencia"),
    ("I drive a Corolla so gas isn't a big deal", "user", "Corolla"),
    ("I'm learning Portuguese right now", "user", "Portuguese"),
    ("The project's release branch is called stable", "project", "stable"),
    ("the cache is actually on memcached", "project", "memcached"),
])
def test_object_span_stops_at_the_tail(text: str, subject: str, obj: str) -> None:
    got = [(c[0], c[2]) for c in _claims(text)]
    assert (subject, obj) in got, got


# a project frame before "we" and a second project clause after "and"
@pytest.mark.parametrize("text, expected", [
    ("in this codebase we lint with ruff, can you fix the warnings", [("project", "ruff")]),
    ("In our backend repo we use Gradle and everything is Kotlin", [("project", "Gradle"), ("project", "Kotlin")]),
    ("we store blobs in minio and the api workers are written in rust", [("project", "minio"), ("project", "rust")]),
    ("Builds in this project are run with Bazel.", [("project", "Bazel")]),
    ("we format with prettier and test with playwright", [("project", "prettier"), ("project", "playwright")]),
    ("Our preview environment is hosted on Render", [("project", "Render")]),
])
def test_project_frames_and_second_clauses(text: str, expected: list[tuple[str, str]]) -> None:
    got = [(c[0], c[2]) for c in _claims(text)]
    for e in expected:
        assert e in got, got


@pytest.mark.parametrize("text", [
    "my dentist said my gums are fine",  # a third party's words
    "so maybe a pottery class could work",
    "I'm a little worried it could break",
    "general note going forward:",  # a bare cue is no rule
])
def test_no_junk_from_chat(text: str) -> None:
    assert _claims(text) == []
