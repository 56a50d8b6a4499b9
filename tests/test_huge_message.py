"""A huge user message (red team 7 M4): read up to the cut only, the cut said in `memory_skipped`, and no
credential stored, wherever it stands (en + zh). The time is printed by `python -m evals huge_message`."""

from __future__ import annotations

import pytest

from langmem_nodes import MemoryContext, MemoryStore, create_write_graph
from langmem_nodes.safety import MAX_TURN_CHARS, clean_turn_text
from langmem_nodes.safety.carried import find_carried
from langmem_nodes.safety.credentials import find_secrets

UNITS = {"en": ("I drink green tea every morning. ", "My locker code is 7719, and I live in Bergen."),
         "zh": ("我每天早上喝绿茶。", "我的储物柜密码是7719，我住在卑尔根。")}


def test_the_cut_counts_every_character_not_read():
    text = "a" * 5 + ". " + "b" * (3 * MAX_TURN_CHARS)
    kept, notes = clean_turn_text(text)
    assert kept == "a" * 5 + "."
    assert notes == [f"message cut at {MAX_TURN_CHARS:,} characters: the last {len(text) - len(kept):,} not read"]
    short = "I like tea.\x00" * 10
    assert clean_turn_text(short)[1] == ["NUL characters dropped"]  # no cut note for a short message


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_huge_message_stores_nothing_past_the_cut_and_no_credential(tmp_path, lang):
    filler, said = UNITS[lang]
    body = said + " " + filler * (2_000_000 // len(filler)) + said.replace("7719", "5521").replace("Bergen", "Tromsø")
    with MemoryStore(tmp_path, embedder="hashing") as store:
        out = create_write_graph(store).compile().invoke({"messages": [("user", body)]},
                                                         context=MemoryContext(user_id="ada"))
        texts = " ".join(r.text + " " + r.object for r in store.find(None))
        assert "7719" not in texts and "5521" not in texts and "Tromsø" not in texts
        assert any("not read" in s["reason"] for s in out["memory_skipped"])


def test_a_clause_thousands_of_tokens_long_still_finds_its_credentials():
    run = "1234 5678 " * 2000
    assert "Xk9#mQ2$vL" in [f.value for f in find_secrets(run + "my password is Xk9#mQ2$vL")]
    assert [f.value for f in find_carried("a" * 5000 + " Wifi: Lodge_Guest / moss-lantern-71")] == ["moss-lantern-71"]
    assert [f.value for f in find_carried("Netflix: jo@mail.com // pumpkin-44")] == ["pumpkin-44"]
