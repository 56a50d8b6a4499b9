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
