"""A project's tool named where chat names it in passing (extract-en, issue #16): in the holder ("our helm charts
live in …", "our React app re-renders …"), after "w/", or with its kind after it ("Go with the chi router"). These
stored nothing (or ran on: "Next.js w/ Tailwind"). A holder whose modifier is no tool ("our main db", "our payments
service") still stores nothing."""

from __future__ import annotations

import pytest

from langmem_nodes.write.extractor import RuleExtractor


def _project_tools(text: str) -> set[str]:
    found, _ = RuleExtractor().analyse(text)
    return {c.object.casefold() for c, *_ in found if c.subject == "project" and c.polarity == "positive"}


IN_HOLDER = [
    ("our helm charts live in a separate infra repo", "helm"),
    ("our python services keep running out of memory", "python"),
    ("our React app re-renders way too much", "react"),
    ("our Terraform modules are a mess", "terraform"),
    ("our jest tests take forever", "jest"),
    ("our k8s manifests are copy-pasted everywhere", "k8s"),
    ("our Django app is getting slow", "django"),
    ("our Rust crates take ages to compile", "rust"),
    ("our Kafka consumers keep lagging", "kafka"),
    ("our Redis cache fills up every night", "redis"),
    ("the Flutter app feels janky on older phones", "flutter"),
    ("our Celery workers keep dying at night", "celery"),
    ("our GraphQL api is slow on nested queries", "graphql"),
    ("our Ansible playbooks are ancient", "ansible"),
    ("our Postgres database keeps hitting the connection limit", "postgres"),
    ("our Vue components are huge", "vue"),
]


@pytest.mark.parametrize("text, tool", IN_HOLDER)
def test_a_tool_in_the_holder_is_the_projects(text, tool):
    assert tool in _project_tools(text)


WITH_KIND = [
    ("our backend is all Go with the chi router", {"go", "chi"}),
    ("our api is FastAPI with the SQLAlchemy ORM", {"fastapi", "sqlalchemy"}),
    ("the service is Express with the Prisma ORM", {"express", "prisma"}),
    ("our app is Flask with the Marshmallow library", {"flask", "marshmallow"}),
    ("we're a monorepo w/ pnpm workspaces + turborepo", {"pnpm workspaces", "turborepo"}),
    ("the site is Next.js w/ Tailwind", {"next.js", "tailwind"}),
    ("our backend is Rails w/ Sidekiq", {"rails", "sidekiq"}),
    ("the api is Go w/ the gin router", {"go", "gin"}),
]


@pytest.mark.parametrize("text, tools", WITH_KIND)
def test_a_tool_after_with_or_w_slash_is_its_own_value(text, tools):
    assert _project_tools(text) == tools


NO_TOOL = [  # the holder's modifier is no tool: nothing
    "our main db is slow",
    "our new app is live",
    "our payments service is down again",
    "our mobile app crashes a lot",
    "our internal docs are out of date",
    "our staging cluster is flaky",
    "the legacy code is a nightmare",
]


@pytest.mark.parametrize("text", NO_TOOL)
def test_a_holder_without_a_tool_stores_nothing(text):
    assert _project_tools(text) == set()
