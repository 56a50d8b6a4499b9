"""A duty reads as a state, not a task (newcomer14 L4: "I'm on call this week" was stored as «User is working on on
call»); other tasks keep their wording."""

from __future__ import annotations

import pytest

from langmem_nodes.write.extractor import RuleExtractor, render


@pytest.mark.parametrize("text, lang, stored", [
    ("I'm on call this week.", "en", "User is on call"),
    ("I'm on duty tonight.", "en", "User is on duty"),
    ("这周轮到我值班", "zh", "用户值班"),
    ("I'm working on the billing service.", "en", "User is working on the billing service"),
])
def test_a_duty_is_said_as_a_state(text, lang, stored):
    found, _ = RuleExtractor().analyse(text)
    assert [render(c, lang) for c, *_ in found] == [stored]
