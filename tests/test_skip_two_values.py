"""Two values of one attribute in one message (newcomer12 L2): the later stands, as before, and the earlier is now
reported in `memory_skipped` with the value that replaced it (it vanished silently before), en + zh."""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.write import create_write_graph


@pytest.mark.parametrize(("said", "kept", "dropped"), [
    ("My favourite colour is blue. My favourite colour is red.", "red", "blue"),
    ("I live in Berlin and I live in Paris.", "Paris", "Berlin"),
    ("我住在北京，我住在上海。", "上海", "北京"),
    ("我在腾讯工作，我在阿里巴巴工作。", "阿里巴巴", "腾讯"),
])
def test_the_earlier_value_is_reported(store, said, kept, dropped) -> None:
    out = create_write_graph(store).compile().invoke({"messages": [("user", said)]}, context=MemoryContext(user_id="ada"))
    assert [w["object"] for w in out["memory_written"]] == [kept]
    (skip,) = [s for s in out["memory_skipped"] if dropped in s["text"]]
    assert skip["action"] == "not_stored" and f"later in this turn stands ({kept})" in skip["reason"]
