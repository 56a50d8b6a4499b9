"""'my favourite X is Y' / '我最喜欢的X是Y' holds one value per X: a new value replaces the old one (the same
attribute), another X stands beside it, and the stored object is the value alone."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph

CASES = {  # (turns, one per session, active texts afterwards)
    "en": (["Remember that my favourite number is 3.", "My favorite colour is teal.",
            "Remember that my favourite number is 11."],
           ["User's favourite colour is teal", "User's favourite number is 11"]),
    "zh": (["记住：我最喜欢的数字是7。", "我最喜欢的颜色是蓝色。", "记住，我最喜欢的数字是9。"],
           ["用户最喜欢的数字是9", "用户最喜欢的颜色是蓝色"]),
}


@pytest.mark.parametrize("lang", CASES)
def test_a_favourite_holds_one_value_per_thing(store, lang) -> None:
    turns, active = CASES[lang]
    g = create_write_graph(store).compile()
    for t in turns:
        g.invoke({"messages": [HumanMessage(t)]}, context=MemoryContext(user_id="ada", session_id="s1"))
    held = store.find(None, statuses=(Status.ACTIVE,))
    assert sorted(r.text for r in held) == active
    assert {r.object for r in held} <= {"11", "teal", "9", "蓝色"}
