"""A project's switch said with the project as holder replaces the old value (newcomer24 H1/H2: "Our project moved
from pnpm to yarn." and "项目从 pnpm 换成了 yarn。" stored nothing; "We migrated the project to yarn." left pnpm
active beside yarn). Sentences written for this file."""

from __future__ import annotations

import pytest

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import MemoryContext
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import create_write_graph

CTX = MemoryContext(user_id="lin", project_id="docs")


@pytest.mark.parametrize(("first", "switch", "new", "old"), [
    ("Our project uses Jest.", "The repo switched from Jest to Vitest.", "Vitest", "Jest"),
    ("This service runs on Heroku.", "This service has moved from Heroku to Render.", "Render", "Heroku"),
    ("Our project uses npm.", "We migrated the codebase to pnpm.", "pnpm", "npm"),
    ("我们项目用 Jenkins。", "这个项目从 Jenkins 迁到了 GitLab CI。", "GitLab CI", "Jenkins"),
    ("项目用的是 MySQL。", "项目从 MySQL 换成了 PostgreSQL。", "PostgreSQL", "MySQL"),
])
def test_a_project_switch_replaces_the_old_value(tmp_path, first, switch, new, old):
    store = MemoryStore(tmp_path / "home", embedder=HashingEmbedder())
    graph = create_write_graph(store).compile()
    for said in (first, switch):
        graph.invoke({"messages": [("user", said)]}, context=CTX)
    active = [r["object"] for r in MemoryAdmin(store).list({"user_id": "lin", "project_id": "docs"})]
    assert any(new in o for o in active) and not any(o.strip() == old for o in active), active
    store.close()
