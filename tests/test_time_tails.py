"""A time word after the value is no part of it: "I use Vim nowadays" stored «Vimadays» (" now" was cut out of
"nowadays"), "I live in Paris at the moment" stored «Paris at the moment» (newcomer13 L4)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.write.extractor import RuleExtractor


def _objects(said: str) -> list[str]:
    pending, _ = RuleExtractor().extract_explained([{"role": "user", "content": said}], MemoryContext(user_id="a"),
                                                   datetime.now(UTC))
    return [p.record.object for p in pending]


@pytest.mark.parametrize(("said", "value"), [
    ("I use Vim nowadays.", "Vim"), ("I live in Lisbon nowadays.", "Lisbon"), ("I live in Paris at the moment.", "Paris"),
    ("I work at Google at the moment.", "Google"), ("I live in Lisbon currently.", "Lisbon"), ("I live in Paris now.", "Paris"),
    ("我现在住在巴黎。", "巴黎"), ("我目前用 Vim。", "Vim"),
])
def test_the_value_ends_before_the_time_word(said, value):
    assert _objects(said) == [value]
