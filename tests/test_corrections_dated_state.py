"""A state dated from when it took effect ("as of last month", "since last year", "从去年开始") holds now (issue #16):
it is read as the current value, not skipped as a past episode, so a later turn that corrects with it lands;
a plain past event ("I went to Paris last month", "上个月去了趟成都") is still no state. en + zh."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph
from langmem_nodes.write.extractor import RuleExtractor

DATED = {  # sentence, predicate, value
    "en-as-of": ("I'm 42 as of last month.", "attr:age", "42"),
    "en-since": ("I've been vegan since last year.", "diet", "vegan"),
    "zh-fronted-qi": ("从上个月起我是组长了。", "role", "组长"),
    "zh-cong-kaishi": ("我从去年开始吃素。", "diet", "吃素"),
    "zh-uses": ("我从上个月开始用 Neovim。", "uses", "Neovim"),
}


@pytest.mark.parametrize("case", DATED)
def test_a_dated_state_is_the_current_value(case) -> None:
    sentence, predicate, value = DATED[case]
    claims = [c for c, *_ in RuleExtractor().claims(sentence)]
    assert [(c.predicate, c.object) for c in claims] == [(predicate, value)]


PAST = {"en": "I went to Paris last month.", "zh": "我上个月去了趟成都。"}


@pytest.mark.parametrize("case", PAST)
def test_a_past_event_is_still_no_state(case) -> None:
    assert RuleExtractor().claims(PAST[case]) == []


CORRECTED = {  # earlier turn, correction, old, new
    "en-wait-as-of": ("I'm 41, can you suggest a stretching routine?", "wait, I'm 42 as of last month actually.", "41", "42"),
    "en-since": ("I'm 29, any tips for a first marathon?", "oh sorry, I'm 30 since last week.", "29", "30"),
    "zh-cong-qi": ("我是普通员工，怎么写周报？", "说错了，从上个月起我是组长了。", "普通员工", "组长"),
}


@pytest.mark.parametrize("case", CORRECTED)
def test_a_dated_correction_lands(store, case) -> None:
    first, fix, old_word, new_word = CORRECTED[case]
    g, ctx = create_write_graph(store).compile(), MemoryContext(user_id="cd", session_id="s1")
    g.invoke({"messages": [HumanMessage(first)]}, context=ctx)
    g.invoke({"messages": [HumanMessage(first), AIMessage("OK"), HumanMessage(fix)]}, context=ctx)
    active = [r for r in store.find(None, statuses=(Status.ACTIVE,)) if r.scope.user_id == "cd"]
    (new,) = [r for r in active if r.object == new_word]
    assert new.source.value == "explicit_correction"
    assert not [r for r in active if r.object == old_word]
