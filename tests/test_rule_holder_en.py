"""Who holds an imperative rule (extract-en3, issue #16): "Never use `any` in our TypeScript code" and "Always store
timestamps in UTC in the database" were stored as the USER's rules, so they followed the user into every other
project. A rule whose clause names the team's work ("our code / services / Dockerfiles", "the database", "the main
branch") is the project's; one about the assistant's output or said to "me" stays the user's
(`write/rule_holder_en.py`)."""

from __future__ import annotations

import pytest

from langmem_nodes.write.extractor import RuleExtractor


def _rules(text: str) -> list[tuple[str, str]]:
    found, _ = RuleExtractor().analyse(text)
    return [(c.subject, c.polarity) for c, *_ in found if c.predicate == "rule"]


PROJECT = [
    ("Never use `any` in our TypeScript code.", "negative"),
    ("Always store timestamps in UTC in the database.", "positive"),
    ("Never push directly to the main branch.", "negative"),
    ("Always add type hints in our Python code.", "positive"),
    ("Always pin base image versions in our Dockerfiles.", "positive"),
    ("Never log PII in our services.", "negative"),
    ("Always use snake_case for column names in the database.", "positive"),
    ("Never put business logic in our controllers.", "negative"),
    ("Always wrap database calls in a transaction in our backend.", "positive"),
    ("Never hardcode URLs in our frontend code.", "negative"),
    ("Never store money as floats in the db.", "negative"),
    ("Always use UUIDs for primary keys in the database.", "positive"),
    ("Never commit directly to master.", "negative"),
    ("Always run the linter before pushing to the main branch.", "positive"),
    ("Never import from internal modules in our public API.", "negative"),
    ("Always keep our Terraform modules under 300 lines.", "positive"),
    ("Never use print statements in our Django views.", "negative"),
    ("Always version our REST endpoints under /v1.", "positive"),
    ("Never deploy to production without a ticket.", "negative"),
    ("Always tag our Docker images with the git sha.", "positive"),
]


@pytest.mark.parametrize("text,polarity", PROJECT)
def test_rule_about_the_teams_work_is_the_projects(text: str, polarity: str) -> None:
    assert _rules(text) == [("project", polarity)]


USER = [
    "Always answer me in British English.",
    "Never use emojis in your answers.",
    "When I ask for code, always use TypeScript.",
    "Always give me the code first.",
    "Always use type hints in the examples you give me.",
    "Never call me sir.",
    "Always explain the database part to me slowly.",
    "Never give me answers longer than our last chat.",
    "Always show me the SQL before you run it on the database.",
    "Never send our kids' names to anyone.",
    "Always keep answers short.",
]


@pytest.mark.parametrize("text", USER)
def test_rule_said_to_the_assistant_stays_the_users(text: str) -> None:
    assert all(s == "user" for s, _ in _rules(text)), _rules(text)
