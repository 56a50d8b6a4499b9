"""red team 7 H2: one member writing thousands of memories into a shared project made every other member's
stable-block rebuild read all of them. A shared partition (org, project) now gives a reader's stable block at
most `SHARED_STABLE_MAX` memories (the first in id order, read through an index), so a flood write outside
them leaves the other members' block as it was; the reader's own memories are all read. Timing:
`python -m evals project_flood`."""

from __future__ import annotations

import pytest

from langmem_nodes import MemoryContext, MemoryStore
from langmem_nodes.read.render import SHARED_STABLE_MAX, RenderNode, stable_records, stable_versions
from langmem_nodes.records import Level, MemoryRecord, Scope


def rec(mid: str, text: str, scope: Scope) -> MemoryRecord:
    return MemoryRecord(id=mid, text=text, scope=scope, kind="fact")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_flooded_project_gives_each_reader_a_bounded_block(tmp_path, lang):
    note = "Shop note {}" if lang == "en" else "商店笔记 {}"
    mine = "Personal note {}" if lang == "en" else "个人笔记 {}"
    project = Scope(level=Level.PROJECT, project_id="shop", user_id="mallory")
    with MemoryStore(tmp_path, embedder="hashing") as store:
        n = SHARED_STABLE_MAX + 300
        store.commit(add=[rec(f"mem_p{i:05d}", note.format(i), project) for i in range(n)])
        store.commit(add=[rec(f"mem_z{i:03d}", mine.format(i), Scope(user_id="ada")) for i in range(5)])
        reader = MemoryContext(user_id="ada", project_id="shop")
        recs = stable_records(store, reader, None)
        ids = [r.id for r in recs]
        assert ids == sorted(ids) and [r.id for r in recs] == [m for m, _ in stable_versions(store, reader, None)[0]]
        assert sum(i.startswith("mem_p") for i in ids) == SHARED_STABLE_MAX
        assert ids[:SHARED_STABLE_MAX] == [f"mem_p{i:05d}" for i in range(SHARED_STABLE_MAX)]  # the first by id
        assert [i for i in ids if i.startswith("mem_z")] == [f"mem_z{i:03d}" for i in range(5)]  # all of their own
        node = RenderNode(store)
        block, _ = node.stable_part(reader, None)
        store.commit(add=[rec("mem_q00001", note.format("new"), project)])  # sorts after the first ones
        assert node.stable_part(reader, None)[0] == block
        store.commit(add=[rec("mem_a00001", note.format("first"), project)])  # sorts first: the block changes
        assert "mem_a00001" in node.stable_part(reader, None)[0]


def test_a_small_project_is_read_whole(tmp_path):
    project = Scope(level=Level.PROJECT, project_id="shop", user_id="mallory")
    with MemoryStore(tmp_path, embedder="hashing") as store:
        store.commit(add=[rec(f"mem_p{i:03d}", f"Shop note {i}", project) for i in range(30)])
        reader = MemoryContext(user_id="ada", project_id="shop")
        assert len(stable_records(store, reader, None)) == 30
        assert len(store.find(reader.visible_partitions())) == 30
