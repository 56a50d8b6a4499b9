"""'forget everything about me' / '忘掉关于我的一切' forgets every memory of the user's own scope, and only those."""

from __future__ import annotations

import pytest

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.records import Level, MemoryContext, MemoryRecord, Scope
from langmem_nodes.store import MemoryStore
from langmem_nodes.turn import forget_if_asked


@pytest.mark.parametrize("request_text", ["Forget everything about me.", "忘掉关于我的一切", "把我的记忆都删了"])
def test_forget_all_forgets_only_the_users_own(tmp_path, request_text):
    store = MemoryStore(str(tmp_path), embedder=HashingEmbedder())
    mine = [MemoryRecord(text="I live in Porto", scope=Scope(user_id="ada")),
            MemoryRecord(text="我对花生过敏", scope=Scope(user_id="ada"))]
    other = MemoryRecord(text="I live in Lisbon", scope=Scope(user_id="bob"))
    project = MemoryRecord(text="The project uses Python 3.12", scope=Scope(user_id="ada", project_id="p1",
                                                                            level=Level.PROJECT))
    store.commit(add=[*mine, other, project])
    ctx = MemoryContext(user_id="ada", project_id="p1")
    notice = forget_if_asked(store, {"messages": [("user", request_text)]}, ctx)
    left = {r.text for r in store.find(None)}
    assert left == {"I live in Lisbon", "The project uses Python 3.12"}
    assert "I live in Porto" in notice and "我对花生过敏" in notice
    store.close()
