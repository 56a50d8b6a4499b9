"""A switch of a project's database, hosting or CI replaces the old value of that kind, as a package manager's
does (newcomer25 H1: "We're on Postgres now." left "Project uses MySQL" active); a value added beside it, or with a
role of its own, does not. Sentences written for this file."""

from __future__ import annotations

import pytest

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import MemoryContext
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import create_write_graph

CTX = MemoryContext(user_id="mei", project_id="ledger")


def _active_after(tmp_path, *said: str) -> list[str]:
    store = MemoryStore(tmp_path / "home", embedder=HashingEmbedder())
    graph = create_write_graph(store).compile()
    for text in said:
        graph.invoke({"messages": [("user", text)]}, context=CTX)
    active = [r["object"] for r in MemoryAdmin(store).list({"user_id": "mei", "project_id": "ledger"})]
    store.close()
    return active


@pytest.mark.parametrize(("first", "switch", "new", "old"), [
    ("Our backend talks to MariaDB.", "We've moved to CockroachDB now.", "CockroachDB", "MariaDB"),
    ("The app is hosted on Netlify.", "We switched to Vercel last week.", "Vercel", "Netlify"),
    ("Our builds run on CircleCI.", "These days we're on Buildkite.", "Buildkite", "CircleCI"),
    ("我们的服务部署在 Heroku。", "我们现在部署到 Fly.io 了。", "Fly.io", "Heroku"),
    ("项目的数据库是 MongoDB。", "我们已经换成 PostgreSQL 了。", "PostgreSQL", "MongoDB"),
    ("项目用 Travis CI 跑测试。", "我们切到 GitHub Actions 了。", "GitHub Actions", "Travis CI"),
])
def test_a_switch_of_a_several_value_kind_replaces_the_old_value(tmp_path, first, switch, new, old):
    active = _active_after(tmp_path, first, switch)
    assert any(new in o for o in active) and not any(old in o for o in active), active


@pytest.mark.parametrize(("first", "added", "new", "old"), [
    ("We use Postgres.", "We now also use Redis.", "Redis", "Postgres"),
    ("We use Postgres.", "Remember that we use Redis.", "Redis", "Postgres"),
    ("We use Postgres.", "We use Redis for caching now.", "Redis", "Postgres"),
    ("项目用 PostgreSQL。", "我们现在也用 Redis 了。", "Redis", "PostgreSQL"),
])
def test_a_value_added_beside_another_keeps_both(tmp_path, first, added, new, old):
    active = _active_after(tmp_path, first, added)
    assert any(new in o for o in active) and any(old in o for o in active), active


def test_a_switch_keeps_a_value_with_its_own_role(tmp_path):
    active = _active_after(tmp_path, "We use Redis for caching.", "We switched to Postgres.")
    assert any("Postgres" in o for o in active) and any("Redis" in o for o in active), active
