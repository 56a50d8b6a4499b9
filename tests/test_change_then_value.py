"""A change, then its new value in the next clause (newcomer19 M9: "我上个月换工作了，现在在腾讯。" stored nothing; the
old employer stayed active). The change names the relation, the clause after it names only where: together they are
the new value, replacing the old one; when the clause after names no value, the old one needs confirmation. Also
"I moved to Leeds recently" was «User uses Leeds»: a time said after a move no longer hides the place. en + zh."""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext
from tests._replay import replay


def _say(store, *turns: str) -> list:
    return replay(store, *turns, ctx=MemoryContext(user_id="cv", session_id="s1"))


CHANGED = {  # (what was true, the change and its value, the new value, the old value, predicate)
    "zh-job": ("我在百度上班。", "我上个月换工作了，现在在腾讯。", "腾讯", "百度", "works_at"),
    "zh-job-jump": ("我在阿里工作。", "我跳槽了，目前在字节呢。", "字节", "阿里", "works_at"),
    "zh-home": ("我住在苏州。", "我们搬家了，现在在杭州。", "杭州", "苏州", "lives_in"),
    "en-job": ("I work at Acme.", "I changed jobs last month, now at Stripe.", "Stripe", "Acme", "works_at"),
    "en-job-now": ("I work at Initech.", "I switched jobs — I'm at Shopify now.", "Shopify", "Initech", "works_at"),
    "en-home": ("I live in York.", "We moved recently, now in Leeds.", "Leeds", "York", "lives_in"),
    "en-home-time": ("I live in York.", "I moved to Leeds recently.", "Leeds", "York", "lives_in"),
    "en-home-summer": ("I live in Ghent.", "I moved to Bruges over the summer.", "Bruges", "Ghent", "lives_in"),
}


@pytest.mark.parametrize("case", CHANGED)
def test_the_value_after_a_change_replaces_the_old_one(store, case) -> None:
    before, change, new, old, predicate = CHANGED[case]
    active = _say(store, before, change)
    assert [r for r in active if r.predicate == predicate and r.object == new and r.subject == "user"]
    assert not [r for r in active if r.object == old]


NO_VALUE = {  # the clause after the change says what the user is doing, not where: nothing new, the old value in doubt
    "zh-resting": ("我在百度上班。", "我换工作了，现在在家休息。", "百度", "works_at"),
    "zh-packing": ("我住在苏州。", "我搬家了，现在在收拾东西。", "苏州", "lives_in"),
    "zh-house-hunting": ("我在百度上班。", "我换工作了，现在在找房子。", "百度", "works_at"),
    "en-flat": ("I live in York.", "I moved, now in a bigger flat.", "York", "lives_in"),
    "en-at-place": ("I live in York.", "I moved, now at my parents'.", "York", "lives_in"),
}


@pytest.mark.parametrize("case", NO_VALUE)
def test_a_change_whose_next_clause_is_no_value_puts_the_old_one_in_doubt(store, case) -> None:
    before, change, old, predicate = NO_VALUE[case]
    active = _say(store, before, change)
    assert [r.object for r in active if r.predicate == predicate] == [old]
    (held,) = [r for r in active if r.predicate == predicate]
    assert held.metadata.get("needs_confirmation")


def test_a_move_to_a_tool_with_a_time_after_it_is_still_a_tool(store) -> None:
    active = _say(store, "I moved to Postgres recently.")
    assert [r for r in active if r.predicate == "uses" and r.object == "Postgres"]
    assert not [r for r in active if r.predicate == "lives_in"]
