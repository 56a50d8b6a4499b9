"""A memory file whose content the user's memory already holds is a duplicate, as for any write (rt6 L5): before,
two files with the same content gave two identical ACTIVE records, both injected. Now the second is refused
naming where the content is (a `skip_duplicate` ledger entry records it), by create, str_replace and insert
alike (en + zh); another user's identical file does not count."""

from __future__ import annotations

import pytest

from langmem_nodes.records import LedgerOp, MemoryContext
from langmem_nodes.tools import MemoryFiles
from langmem_nodes.write import create_write_graph

ADA, BOB = MemoryContext(user_id="ada"), MemoryContext(user_id="bob")
TEXTS = ["User prefers tabs", "用户喜欢用制表符缩进"]


@pytest.mark.parametrize("text", TEXTS)
def test_a_second_file_with_the_same_content_is_refused(store, text) -> None:
    files = MemoryFiles(store)
    files.create(ADA, "/memories/a.md", text)
    with pytest.raises(ValueError, match="already holds this content.*/memories/a.md"):
        files.create(ADA, "/memories/b.md", text + " ")
    assert [r.object for r in store.find(None)] == ["/memories/a.md"]
    assert any(e.op is LedgerOp.SKIP_DUPLICATE for e in store.ledger())
    files.create(BOB, "/memories/b.md", text)  # bob's own memory holds nothing yet
    assert len(store.find(None)) == 2


@pytest.mark.parametrize("text", TEXTS)
def test_an_edit_into_another_files_content_is_refused(store, text) -> None:
    files = MemoryFiles(store)
    files.create(ADA, "/memories/a.md", f"{text}\n- 2")
    files.create(ADA, "/memories/b.md", "draft\n- 2")
    with pytest.raises(ValueError, match="already holds this content.*/memories/a.md"):
        files.str_replace(ADA, "/memories/b.md", "draft", text)
    files.create(ADA, "/memories/c.md", "- 2")
    with pytest.raises(ValueError, match="already holds this content.*/memories/a.md"):
        files.insert(ADA, "/memories/c.md", 0, text)
    assert files.view(ADA, "/memories/b.md").splitlines()[1:] == ["     1\tdraft", "     2\t- 2"]
    assert files.view(ADA, "/memories/c.md").splitlines()[1:] == ["     1\t- 2"]


def test_a_file_repeating_a_chat_memory_is_refused(store) -> None:
    create_write_graph(store).compile().invoke({"messages": [("user", "I prefer tabs.")]}, context=ADA)
    (held,) = store.find(None)
    with pytest.raises(ValueError, match=held.id):
        MemoryFiles(store).create(ADA, "/memories/prefs.md", held.text)
    assert len(store.find(None)) == 1
