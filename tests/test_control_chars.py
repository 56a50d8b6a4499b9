"""Control characters, terminal escape sequences and bidi / zero-width format characters never reach stored
record text: they are removed at the write boundary (the turn's text, and every `MemoryRecord`), while
Chinese, emoji (with their joiners and variation selectors) and newlines stay."""

from __future__ import annotations

import json

import pytest

from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.text import strip_controls
from langmem_nodes.write import create_write_graph

HOSTILE = {  # (what the user typed, the stored text)
    "en-ansi": ("Remember that I prefer \x1b[31mred\x1b[0m\x07 tea.", "User likes red tea"),
    # an embedding or LRO does not reorder Latin or Chinese letters (what shows is the text without it); an RLO
    # does, and is read as shown: tests/test_newcomer13_store.py
    "en-bidi": ("Remember that I live in Ma\u200bdr\u202did\u202c\u202b\x7f.", "User lives in Madrid"),
    "zh-ansi": ("记住：我喜欢\x1b[1m乌龙茶\x1b[0m\x1b]0;title\x07。", "用户喜欢乌龙茶"),
    "zh-bidi": ("记住：我住在\u2066杭\u200b州\u2069\x9b。", "用户住在杭州"),
}
BAD = ("\x1b", "\x07", "\x7f", "\x9b", "\u200b", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2069")


@pytest.mark.parametrize("case", HOSTILE)
def test_the_stored_text_holds_no_control_or_format_character(store, case) -> None:
    said, stored = HOSTILE[case]
    ctx = MemoryContext(user_id="ada")
    out = create_write_graph(store).compile().invoke({"messages": [("user", said)]}, context=ctx)
    assert [w["text"] for w in out["memory_written"]] == [stored]
    (rec,) = store.find(None)
    kept = json.dumps([rec.model_dump(mode="json"), [e.model_dump(mode="json") for e in store.history(rec.id)]],
                      ensure_ascii=False)
    assert not [c for c in BAD if c in kept]


@pytest.mark.parametrize("text", ["家庭 👨‍👩‍👧 喝茶 ☕️", "line one\nline two\tend", "用户喜欢绿茶 🍵"])
def test_chinese_emoji_and_whitespace_stay(text) -> None:
    assert strip_controls(text) == text


@pytest.mark.parametrize(("raw", "clean"), [("User likes \x1b[31mred\x1b[0m tea", "User likes red tea"),
                                            ("用户住在\u202b上海\u200b", "用户住在上海")])
def test_every_record_is_cleaned_whatever_path_made_it(raw, clean) -> None:
    rec = MemoryRecord(text=raw, object=raw, scope=Scope(user_id="ada"))
    assert rec.text == clean and rec.object == clean
    with pytest.raises(ValueError, match="text must not be empty"):
        MemoryRecord(text="\x1b[0m\u202e", scope=Scope(user_id="ada"))
