"""A project's stack said in one object (extract-en3, issue #16): "our service deploys to fly.io through github
actions and every deploy takes like 9 minutes" was stored as ONE tool with the whole tail, "we use Sentry for error
tracking and Datadog for metrics" as one, and "our CI runs on CircleCI and tests must pass before merge" stored
"tests must pass" as a tool. The object ends where a new clause begins ("and" + a subject and its verb), and a tool
attached to another ("X on / through / via / behind / talking to Y", "X for a job and Y for another") is a part of
its own (`write/stack_parts_en.py`)."""

from __future__ import annotations

import pytest

from langmem_nodes.write.extractor import RuleExtractor


def _project(text: str) -> set[str]:
    found, _ = RuleExtractor().analyse(text)
    return {c.object for c, *_ in found if c.subject == "project"}


SPLIT = [  # (sentence, every project object it stores)
    ("our service deploys to fly.io through github actions and every deploy takes like 9 minutes", {"fly.io", "github actions"}),
    ("we use Sentry for error tracking and Datadog for metrics and dashboards", {"Sentry", "Datadog"}),
    ("we use Grafana for dashboards and Loki for logs", {"Grafana", "Loki"}),
    ("we use Jira for tickets and Confluence for docs, it's a lot", {"Jira", "Confluence"}),
    ("our main db is Postgres 15 on RDS", {"Postgres 15", "RDS"}),
    ("our app runs on Django behind Nginx", {"Django", "Nginx"}),
    ("we deploy to Kubernetes via Argo CD", {"Kubernetes", "Argo CD"}),
    ("we deploy to ECS through Terraform", {"ECS", "Terraform"}),
    ("our backend is FastAPI talking to a Postgres database", {"FastAPI", "Postgres"}),
    ("we use Redis on ElastiCache", {"Redis", "ElastiCache"}),
    ("our CI runs on CircleCI and tests must pass before merge", {"CircleCI"}),
    ("our CI runs on Jenkins and it takes forever", {"Jenkins"}),
    ("we use MongoDB and honestly it keeps biting us", {"MongoDB"}),
    ("we use pytest and the suite takes 20 minutes", {"pytest"}),
    ("our frontend uses Vue and nobody wants to touch it", {"Vue"}),
    ("we use Terraform and we keep state in S3", {"Terraform", "S3"}),
    ("we use Kafka but the consumers keep lagging", {"Kafka"}),
    ("our api runs on Go and everything is behind Cloudflare", {"Go"}),
    ("we use GitLab CI so every job runs in Docker", {"GitLab CI"}),
    ("our site is hosted on Netlify and deploys take about a minute", {"Netlify"}),
]


@pytest.mark.parametrize("text,expected", SPLIT)
def test_stack_parts(text: str, expected: set[str]) -> None:
    assert _project(text) == expected


KEPT = [  # one tool with what belongs to it: no part of its own
    ("our main db is Postgres 15", {"Postgres 15"}),
    ("we use Jest and Playwright", {"Jest", "Playwright"}),
    ("our app runs on Rails 7", {"Rails 7"}),
    ("we deploy to Vercel", {"Vercel"}),
    ("we use Python 3.12 on Linux servers", {"Python 3.12"}),
]


@pytest.mark.parametrize("text,expected", KEPT)
def test_one_tool_kept(text: str, expected: set[str]) -> None:
    got = _project(text)
    assert expected <= {o for o in got} or got == expected, got
    assert not any(" and " in o or " on " in o or " but " in o for o in got - expected), got


NOTHING_NEW = [  # what follows "and" is a new clause about something else: it is never a tool
    "our CI runs on CircleCI and reviews need two approvals",
    "we use Slack and everyone hates it",
    "we use Heroku and the bill keeps going up",
    "we use Docker and it works fine",
    "our stack is Rails and we're 5 devs",
    "we use Notion and people actually read it",
]


@pytest.mark.parametrize("text", NOTHING_NEW)
def test_clause_after_and_is_no_tool(text: str) -> None:
    got = _project(text)
    assert len(got) == 1 and all(len(o.split()) <= 2 for o in got), got
