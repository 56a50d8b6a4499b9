"""A memory-tool note of several statements stores each (newcomer7 F10: the second was dropped silently),
and a sentence is not cut after an abbreviation ("St. Louis", "Dr. Smith", "Acme Inc.")."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from _said import extracted

from langmem_nodes import MemoryContext, MemoryStore
from langmem_nodes.tools import create_manage_memory_tool


@pytest.fixture
def manage(tmp_path):
    store = MemoryStore(tmp_path / "home", embedder="hashing")
    rt = SimpleNamespace(context=MemoryContext(user_id="ada"), config={}, state={})
    yield lambda note: [w["text"] for w in json.loads(store_tool(store)(action="create", content=note, runtime=rt))["written"]]
    store.close()


def store_tool(store):
    return create_manage_memory_tool(store).func


@pytest.mark.parametrize(("note", "want"), [
    ("User lives in Oslo. User has two cats.", ["Oslo", "cats"]),
    ("User is vegetarian and works at Acme.", ["vegetarian", "Acme"]),
    ("User likes jazz; user hates opera.", ["jazz", "opera"]),
    ("User prefers dark mode. The user's dog is named Rex.", ["dark mode", "Rex"]),
    ("用户住在上海。用户养了两只猫。", ["上海", "猫"]),
    ("用户喜欢爵士乐；用户不喝咖啡。", ["爵士", "咖啡"]),
])
def test_every_statement_of_a_note_is_stored(manage, note, want):
    written = manage(note)
    assert len(written) == len(want), written
    for term, text in zip(want, written, strict=True):
        assert term in text, (term, written)


@pytest.mark.parametrize(("said", "obj"), [
    ("I live in St. Louis.", "St. Louis"),
    ("I moved to St. Petersburg last year.", "St. Petersburg"),
    ("I just moved to St. Louis", "St. Louis"),
    ("My doctor is Dr. Smith.", "Dr. Smith"),
    ("I work at Acme Inc. in Boston.", "Acme Inc."),
])
def test_an_abbreviation_does_not_end_the_sentence(said, obj):
    out = extracted(said)
    assert [p.record.object for p in out if obj in p.record.object], [p.record.text for p in out]
    assert all(p.record.predicate != "uses" for p in out), [p.record.text for p in out]


@pytest.mark.parametrize(("said", "n"), [("I live in Oslo. I have a dog.", 2), ("我住在北京。我养了一只狗。", 2)])
def test_sentences_still_split(said, n):
    out = extracted(said)
    assert len(out) == n, [p.record.text for p in out]
