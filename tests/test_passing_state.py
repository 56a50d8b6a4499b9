"""How a thing is at the moment is no lasting attribute (newcomer20 M7: "I'm at the airport right now, my flight is
delayed." was «User's flight: delayed», tier stable, kept ten years). A passing state stores nothing; a lasting
value said the same way ("my car is a Tesla") still does. en + zh."""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext, utcnow
from langmem_nodes.write.extractor import RuleExtractor

PASSING = ["my flight is delayed", "My flight is delayed by two hours.", "My phone is dead lol.",
           "my laptop is in the shop again", "My report is due tomorrow.", "My laptop is so slow today.",
           "ugh my train is cancelled", "My build is still broken.", "My headphones are out of battery.",
           "我的航班延误了", "我手机没电了", "我电脑坏了，送去修了", "我的快递还没到"]
LASTING = [("My car is a Tesla.", "Tesla"), ("My editor is Helix.", "Helix"), ("My dog is a beagle.", "beagle"),
           ("My hometown is Porto.", "Porto"), ("My laptop is a ThinkPad X1.", "ThinkPad")]


def _objects(text: str) -> list[str]:
    found, _ = RuleExtractor().extract_explained([{"role": "user", "content": text}],
                                                 MemoryContext(user_id="ps", session_id="s1"), utcnow())
    return [p.record.object for p in found]


@pytest.mark.parametrize("text", PASSING)
def test_a_passing_state_is_not_stored(text) -> None:
    assert _objects(text) == []


@pytest.mark.parametrize(("text", "value"), LASTING)
def test_a_lasting_value_said_the_same_way_still_is(text, value) -> None:
    assert any(value in o for o in _objects(text))
