"""Chinese corrections whose frame hid the value (issue #16): "收回刚才的话" is a retraction, not the conditional
"…的话"; "转岗做X" is a change of role like "换工作"; a car said as "我开的是<brand> <model>" or "我的车是X" is read,
so "不对，换成X了" has a value to correct; a boss named with 是 ("现在我直属领导是李娜") is read as with 叫. Controls: a real conditional stays hypothetical; "我的车是白色的"
and "我领导是技术出身" describe, no model or name."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph
from langmem_nodes.write.extractor import RuleExtractor

CASES = {  # earlier user turn, later turn, old value, new value, corrected (explicit_correction) or a plain change
    "shouhui": ("我喜欢喝美式。", "收回刚才的话，我还是喜欢喝拿铁。", "美式", "拿铁", True),
    "chehui": ("我喜欢用 Windows。", "撤回前面的话，我还是喜欢用 Mac。", "Windows", "Mac", True),
    "zhuangang": ("我是做测试的。", "我上个月转岗做产品了。", "测试", "产品", False),
    "huancheng-model": ("我开的是宝马 X3。", "哦不对，换成蔚来 ES6 了。", "宝马 X3", "蔚来 ES6", True),
    "de-che-shi": ("我的车是卡罗拉。", "不对，去年就换成了雅阁。", "卡罗拉", "雅阁", True),
    "boss-shi": ("我领导叫王磊。", "不对，现在我直属领导是李娜。", "王磊", "李娜", True),
}


def _active(store, user):
    return [r for r in store.find(None, statuses=(Status.ACTIVE,)) if r.scope.user_id == user]


@pytest.mark.parametrize("case", CASES)
def test_the_value_behind_the_frame_replaces_the_old_one(store, case) -> None:
    first, later, old_word, new_word, corrected = CASES[case]
    g, ctx = create_write_graph(store).compile(), MemoryContext(user_id="cf", session_id="s1")
    g.invoke({"messages": [HumanMessage(first)]}, context=ctx)
    (old,) = [r for r in _active(store, "cf") if r.object == old_word]
    g.invoke({"messages": [HumanMessage(first), AIMessage("好的。"), HumanMessage(later)]}, context=ctx)
    (new,) = [r for r in _active(store, "cf") if r.object == new_word]
    assert new.predicate == old.predicate and store.get(old.id).status is Status.SUPERSEDED
    assert (new.source.value == "explicit_correction") is corrected


def test_a_conditional_de_hua_is_still_hypothetical() -> None:
    _, skips = RuleExtractor().analyse("下雨的话我就用 Notion 记笔记。")
    assert [s["reason"] for s in skips] == ["hypothetical"]


@pytest.mark.parametrize("sentence", ["我的车是白色的。", "我的车是二手的。", "我领导是技术出身。", "我领导是高手。"])
def test_a_car_or_boss_described_is_no_value(sentence) -> None:
    assert RuleExtractor().claims(sentence) == []
