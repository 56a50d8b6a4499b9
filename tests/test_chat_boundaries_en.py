"""Where a chat sentence ends (extract-en3, issue #16). An emoji typed as a full stop before "any tricks …?" joined
the statement before it to the question, so "our service deploys to fly.io through github actions 🙃 any tricks to
cache the docker layers?" stored nothing; "everything runs in docker compose locally" was no parse. An emoji ends a
sentence before a word that opens one ("any", "is there", "it's", "sorry" …; `lexicon.SENTENCE_SPLIT`); "everything
runs in X" names the project's tool when X is one, and where it runs ("locally") is no part of its name."""

from __future__ import annotations

import pytest

from langmem_nodes.write.extractor import RuleExtractor


def _objects(text: str) -> set[tuple[str, str]]:
    found, _ = RuleExtractor().analyse(text)
    return {(c.subject, c.object) for c, *_ in found}


CASES = [
    ("our service deploys to fly.io through github actions 🙃 any tricks to cache the docker layers?",
     {("project", "fly.io"), ("project", "github actions")}),
    ("we use Postgres 16 😅 any idea why vacuum is so slow?", {("project", "Postgres 16")}),
    ("I live in Lisbon 🌞 is there a good coworking space near Alfama?", {("user", "Lisbon")}),
    ("I'm a nurse 🙂 it's a lot of night shifts", {("user", "nurse")}),
    ("we deploy on Kubernetes 😬 sorry if this is a dumb question", {("project", "Kubernetes")}),
    ("I use Neovim 🙃 does that change anything?", {("user", "Neovim")}),
    ("I love 🍣 sushi", {("user", "sushi")}),
    ("fwiw we're on Django 4.2 and everything runs in docker compose locally", {("project", "Django 4.2"), ("project", "docker compose")}),
    ("everything runs in Docker", {("project", "Docker")}),
    ("all our services run in Kubernetes in production", {("project", "Kubernetes")}),
]


@pytest.mark.parametrize("text,expected", CASES)
def test_sentence_ends_and_tool(text: str, expected: set[tuple[str, str]]) -> None:
    assert _objects(text) == expected


@pytest.mark.parametrize("text", ["everything runs in the background", "everything runs in parallel now",
                                  "all the jobs run in a loop"])
def test_runs_in_no_tool(text: str) -> None:
    assert _objects(text) == set()
