"""'Never forget …' asks to remember; 'don't forget to …' is an errand (newcomer9 M1), en + zh.

«User rule: never forget I'm allergic to shellfish» was stored as a negative rule about forgetting, and
"Don't forget to buy milk" as «User rule: to buy milk». The sentences are written for this file.
"""

from __future__ import annotations

import pytest

from langmem_nodes.records import Source
from langmem_nodes.write import RuleExtractor


@pytest.mark.parametrize(("text", "predicate", "term"), [
    ("Never forget I'm allergic to shellfish.", "allergy", "shellfish"),
    ("Never forget that I am vegetarian.", "diet", "vegetarian"),
    ("Do not forget that I'm allergic to penicillin.", "allergy", "penicillin"),
    ("永远别忘了我对花生过敏。", "allergy", "花生"),
    ("千万不要忘了我对青霉素过敏。", "allergy", "青霉素"),
])
def test_never_forget_is_a_request_to_remember(text, predicate, term):
    claims, _ = RuleExtractor().analyse(text)
    assert [(c.predicate, c.object) for c, *_ in claims] == [(predicate, term)], claims
    assert claims[0][2] is Source.EXPLICIT


@pytest.mark.parametrize("text", ["Don't forget to buy milk.", "Please don't forget to water the plants tomorrow.",
                                  "别忘了买牛奶。", "记得帮我交房租。", "千万别忘了去取快递。"])
def test_an_errand_is_no_memory(text):
    claims, skips = RuleExtractor().analyse(text)
    assert not claims and [s["reason"] for s in skips] == ["one-off"], (claims, skips)
