"""newcomer13 L3: a clause about another person that quotes no one ("she's a nurse", "My sister just moved to
Toronto", "我老婆最近换到一所大学当老师了") was skipped as "reported speech"; the user is now told it is about someone
else. What someone says or thinks stays "reported speech"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.write.extractor import ABOUT_OTHERS, RuleExtractor


def _reasons(said: str) -> list[str]:
    _, skips = RuleExtractor().extract_explained([{"role": "user", "content": said}], MemoryContext(user_id="a"),
                                                 datetime.now(UTC))
    return [s["reason"] for s in skips]


@pytest.mark.parametrize("said", ["My sister just moved to Toronto.", "My wife is called Anna and she is a nurse.",
                                  "我老婆最近换到一所大学当老师了。", "我姐姐住在多伦多。"])
def test_a_fact_about_someone_else_says_so(said):
    assert ABOUT_OTHERS in _reasons(said) and "reported speech" not in _reasons(said)


@pytest.mark.parametrize("said", ["My friend says Rust is great.", "My boss thinks we should use Go.",
                                  "我朋友说 Rust 很好。", "听说他们组都用 Vim。"])
def test_what_someone_says_is_reported_speech(said):
    assert "reported speech" in _reasons(said)
