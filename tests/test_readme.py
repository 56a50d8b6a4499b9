"""The README's quickstart example runs as written (in a temporary memory home)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_quickstart_runs(tmp_path, monkeypatch):
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    quickstart = blocks[0].replace('MemoryStore("./.langmem")', f'MemoryStore("{tmp_path}", embedder="hashing")')
    ns: dict = {}
    exec(compile(quickstart, "README.md", "exec"), ns)
    written = ns["store"].find(["user/default/ada"])
    assert [r.object for r in written] == ["tabs"]
    ns["store"].close()


def test_readme_warm_up_snippet_runs(tmp_path):
    from langmem_nodes import MemoryRecord, MemoryStore, Scope

    block = next(b for b in re.findall(r"```python\n(.*?)```", README.read_text(), re.S) if "warm_stable(" in b)
    seeded = MemoryStore(tmp_path, embedder="hashing")  # the snippet reopens the home without naming one
    seeded.commit(add=[MemoryRecord(text="用户喜欢绿茶", scope=Scope(user_id="ada")),
                       MemoryRecord(text="Bob prefers tabs", scope=Scope(user_id="bob"))])
    seeded.close()
    ns: dict = {"active_users": ["ada", "bob"]}
    exec(compile(block.replace('"/srv/langmem"', repr(str(tmp_path))), "README.md", "exec"), ns)
    store = ns["store"]
    try:
        assert store.warm() == {"partitions": 2, "documents": 2, "vectors": 2}
        assert sum(k.startswith("stable:") for k in store.rendered._texts) == 2  # both users rendered
    finally:
        store.close()
