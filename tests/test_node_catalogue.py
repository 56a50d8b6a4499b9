"""docs/nodes.md lists the state keys each write and read node really reads and writes."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes import MemoryContext, MemoryStore
from langmem_nodes.read.graph import read_stages
from langmem_nodes.write.graph import write_nodes

NODES = Path(__file__).resolve().parent.parent / "docs" / "nodes.md"
KEY = re.compile(r"`((?:memory_[a-z_]+)|messages)`")


class Reads(dict):
    """A state dict that remembers which keys a node looked at."""

    def __init__(self, *a: object) -> None:
        super().__init__(*a)
        self.seen: set[str] = set()

    def get(self, key, default=None):  # noqa: ANN001, ANN201
        self.seen.add(key)
        return super().get(key, default)

    def __getitem__(self, key):  # noqa: ANN001, ANN204
        self.seen.add(key)
        return super().__getitem__(key)

    def __contains__(self, key):  # noqa: ANN001, ANN204
        self.seen.add(key)
        return super().__contains__(key)


def catalogue() -> dict[str, tuple[set[str], set[str]]]:
    rows = re.findall(r"^\| `(\w+Node)` \| (.*?) \| (.*?) \|$", NODES.read_text(), re.M)
    return {node: (set(KEY.findall(reads)), set(KEY.findall(writes))) for node, reads, writes in rows}


@pytest.mark.parametrize("text", ["Remember that I prefer tabs. Actually, I prefer spaces, not tabs.", "我喜欢绿茶"])
def test_catalogue_matches_what_nodes_read_and_write(tmp_path, text):
    listed = catalogue()
    ctx, now = MemoryContext(user_id="ada", session_id="s1"), datetime.now(UTC)
    with MemoryStore(tmp_path, embedder="hashing") as store:
        for nodes, message in ((write_nodes(store), text), (read_stages(store), text)):
            state: dict = {"messages": [HumanMessage(message)]}
            for node in nodes:
                view = Reads(state)
                out = node.run(view, ctx, now)
                reads, writes = listed[type(node).__name__]
                assert view.seen == reads, (type(node).__name__, view.seen)
                assert set(out) == writes, (type(node).__name__, set(out))
                state = {**state, **out}
