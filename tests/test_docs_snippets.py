"""Snippets of docs/*.md that the README points to run (with the names they leave to the reader supplied)."""

from __future__ import annotations

import re
from pathlib import Path

from langmem_nodes import MemoryRecord, MemoryStore, Scope

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_performance_warm_up_snippet_runs(tmp_path):
    block = next(b for b in re.findall(r"```python\n(.*?)```", (DOCS / "performance.md").read_text(), re.S)
                 if "warm_stable(" in b)
    seeded = MemoryStore(tmp_path, embedder="hashing")  # the snippet reopens the home without naming one
    seeded.commit(add=[MemoryRecord(text="用户喜欢绿茶", scope=Scope(user_id="ada")),
                       MemoryRecord(text="Bob prefers tabs", scope=Scope(user_id="bob"))])
    seeded.close()
    ns: dict = {"active_users": ["ada", "bob"]}
    exec(compile(block.replace('"/srv/langmem"', repr(str(tmp_path))), "docs/performance.md", "exec"), ns)
    store = ns["store"]
    try:
        assert store.warm() == {"partitions": 2, "documents": 2, "vectors": 2}
        assert sum(k.startswith("stable:") for k in store.rendered._texts) == 2  # both users rendered
    finally:
        store.close()


def test_docs_links_resolve():
    root = DOCS.parent
    for page in [root / "README.md", *DOCS.glob("*.md")]:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if not target.startswith("http"):
                assert (page.parent / target).exists(), (page.name, target)
