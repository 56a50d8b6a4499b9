"""Homes written before stop 45 hold a whole note in `metadata["note"]` of each record made from it, so a
statement refused as a credential or forgotten later survived there. Opening such a home drops those copies
once (records rewritten, WAL folded back): nothing of the note is left in any file of the home (en + zh)."""

from __future__ import annotations

import os

import pytest

from langmem_nodes import MemoryStore
from langmem_nodes.records import MemoryRecord, Scope
from langmem_nodes.store.layout import NOTES_KEY

NOTES = {"en": ("User prefers dark mode.", "User prefers dark mode. User's bank PIN is 48213. User is in therapy."),
         "zh": ("用户喜欢深色模式。", "用户喜欢深色模式。用户的银行密码是 48213。用户在接受心理治疗。")}


def holding(home, needle: str) -> list[str]:
    hits = []
    for root, _, files in os.walk(home):
        for f in files:
            with open(os.path.join(root, f), "rb") as fh:
                if needle.encode() in fh.read():
                    hits.append(f)
    return hits


def old_home(home, text: str, note: str) -> str:
    """A home of the old shape: a record whose metadata holds the whole note, and no record of the pass."""
    with MemoryStore(home, embedder="hashing") as store:
        rec = MemoryRecord(id="mem_old", text=text, scope=Scope(user_id="ada"),
                           metadata={"extractor": "records", "note": note, "lang": "en"})
        store.commit(add=[rec])
        store._canonical.set_meta_once("unused", "x")
        with store._canonical.transaction() as conn:
            conn.execute("DELETE FROM meta WHERE key=?", (NOTES_KEY,))
    return "mem_old"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_opening_an_old_home_drops_whole_notes_once(tmp_path, lang):
    text, note = NOTES[lang]
    mid = old_home(tmp_path, text, note)
    assert holding(tmp_path, "48213")  # the old shape holds it
    with MemoryStore(tmp_path, embedder="hashing") as store:
        rec = store.get(mid)
        assert rec is not None and rec.text == text and "note" not in rec.metadata
        assert rec.metadata == {"extractor": "records", "lang": "en"}  # the rest of the metadata stays
        assert store.meta(NOTES_KEY) == "1"
    assert holding(tmp_path, "48213") == []
    with MemoryStore(tmp_path, embedder="hashing") as store:  # once: a later open does nothing
        assert store.meta(NOTES_KEY) == "1" and store.get(mid).text == text


def test_a_new_home_records_the_pass_with_nothing_to_do(tmp_path):
    with MemoryStore(tmp_path, embedder="hashing") as store:
        assert store.meta(NOTES_KEY) == "0"
