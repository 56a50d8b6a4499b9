"""A quoted phrase is one piece (newcomer14 M3): its comma did not split the clause around it, so the first
half was stored and the rest reported "no parse"; with an instruction-like quote, the half that was left read
as an instruction and the whole fact was refused."""

from __future__ import annotations

import pytest

from langmem_nodes.write.extractor import RuleExtractor

CASES = [
    ("我最喜欢的一句话是“学而不思则罔，思而不学则殆”。", "学而不思则罔，思而不学则殆"),
    ('My favourite quote is "stay hungry, stay foolish".', "stay hungry, stay foolish"),
    ("我的座右铭是「慢慢来，比较快」", "慢慢来，比较快"),
    ('My motto is "measure twice, cut once."', "measure twice, cut once"),
]


@pytest.mark.parametrize("text, quote", CASES)
def test_the_whole_quote_is_stored_en_zh(text, quote):
    found, skips = RuleExtractor().analyse(text)
    assert any(quote in claim.object for claim, *_ in found), (found, skips)
    assert not any(s.get("reason") == "no parse" for s in skips), skips


@pytest.mark.parametrize("text", ["我住在北京，在腾讯上班。", "I live in Paris, and I work at Google."])
def test_without_quotes_clauses_still_split(text):
    found, _ = RuleExtractor().analyse(text)
    assert len(found) == 2, found
