"""Corrections told by a cue the reader did not know (issue #16, kind 1), en + zh: the cue said after its value
("it's Leo actually", "Evan*"), a self-correction verb in more forms ("I'm going to correct myself", "I take that
back", "我说岔了", "收回刚才的话"), an opener before it ("emm"), a change verb before the new value's verb ("改喝"), a speaker stopping themselves ("wait I'm 30"), and a clause placing the old value ("the MacBook is
mine", "it's just outside") that is no new value. The cases are of my own making (own10_corr_tune holds more)."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph

CROSS_TURN = {  # (what the user said first, the correction, the old value, the new value)
    "en-trailing-actually": ("I'm 34.", "35 as of yesterday actually", "34", "35"),
    "en-trailing-actually-name": ("My son is called Liam.", "haha it's Leo actually, autocorrect strikes again", "Liam", "Leo"),
    "en-star": ("My son is called Ethan.", "Evan*, typo", "Ethan", "Evan"),
    "en-i-mean": ("I use Firefox.", "I mean Chrome, Firefox is what I used in college", "Firefox", "Chrome"),
    "en-correct-myself": ("I live in Dublin.", "I'm going to have to correct myself, it's Cork", "Dublin", "Cork"),
    "en-correct-myself-heading": ("I live in Chicago.", "I'm going to correct myself: Evanston, just north of the city",
                                  "Chicago", "Evanston"),
    "en-take-back": ("I prefer tabs.", "I take that back, spaces.", "tabs", "spaces"),
    "en-technically-opens": ("I live in Austin.", "well, technically Round Rock, it's just outside", "Austin", "Round Rock"),
    "en-placed-old": ("My work laptop is a MacBook Pro.", "hmm, I got that wrong, my work laptop is a Lenovo, the MacBook is mine",
                      "MacBook Pro", "Lenovo"),
    "en-no-no-excuse": ("I use Firefox.", "no no I meant Brave, got confused", "Firefox", "Brave"),
    "en-stopped": ("I'm 29 and I live in Denver.", "wait I'm 30, forgot my birthday was last week lol", "29", "30"),
    "zh-said-astray": ("我住在广州。", "emm 我说岔了，是佛山", "广州", "佛山"),
    "zh-more-precisely-emm": ("我住在杭州。", "emm 更准确地说是萧山", "杭州", "萧山"),
    "zh-change-verb": ("我喜欢喝美式。", "现在改喝拿铁了，美式太苦", "美式", "拿铁"),
    "zh-change-verb-use": ("我用 Notion 记笔记。", "上个月改用 Obsidian 了", "Notion", "Obsidian"),
    "zh-stopped": ("我住在北京。", "等等，我住在天津", "北京", "天津"),
    "zh-upgraded-now": ("我们项目用 Python 3.10。", "现在是 3.12 了，上周刚升级", "3.10", "3.12"),
}


def _graph(store):
    return create_write_graph(store).compile()


def _active(store, user: str) -> list:
    return [r for r in store.find(None, statuses=(Status.ACTIVE,)) if r.scope.user_id == user]


@pytest.mark.parametrize("case", CROSS_TURN)
def test_a_correction_told_by_its_parts_lands(store, case) -> None:
    first, fix, old_word, new_word = CROSS_TURN[case]
    g, ctx = _graph(store), MemoryContext(user_id="bo", session_id="s1")
    g.invoke({"messages": [HumanMessage(first)]}, context=ctx)
    (old,) = [r for r in _active(store, "bo") if old_word.casefold() in r.object.casefold()]
    g.invoke({"messages": [HumanMessage(first), AIMessage("OK"), HumanMessage(fix)]}, context=ctx)
    (new,) = [r for r in _active(store, "bo") if new_word.casefold() in r.object.casefold()]
    assert new.source.value == "explicit_correction" and new.id != old.id
    assert store.get(old.id).status is Status.SUPERSEDED


CONTROLS = {  # (what the user said first, a reply that corrects nothing)
    "en-fine-actually": ("I use Vim.", "that's fine actually"),
    "en-i-mean-comma": ("I use Vim.", "I mean, it's fine"),
    "en-fix-that": ("I use Vim.", "ok I'm going to fix that"),
    "en-bold": ("I use Vim.", "**bold** text please"),
    "en-wait-also": ("I use Vim.", "wait, I use tmux too"),
    "zh-edit": ("我用 Vim。", "帮我修改用户名的逻辑"),
}


@pytest.mark.parametrize("case", CONTROLS)
def test_a_reply_that_corrects_nothing_leaves_the_value(store, case) -> None:
    first, reply = CONTROLS[case]
    g, ctx = _graph(store), MemoryContext(user_id="cy", session_id="s1")
    g.invoke({"messages": [HumanMessage(first)]}, context=ctx)
    (old,) = _active(store, "cy")
    out = g.invoke({"messages": [HumanMessage(first), AIMessage("OK"), HumanMessage(reply)]}, context=ctx)
    assert all(w["source"] != "explicit_correction" for w in out["memory_written"])
    kept = store.get(old.id)
    assert kept.status is Status.ACTIVE and not kept.metadata.get("needs_confirmation")


UNPARSED = {  # (what the user said first, a correction by a newly read cue with no new value)
    "en-take-back-alone": ("I prefer tabs.", "I take that back."),
    "en-correct-myself-alone": ("I live in Dublin.", "hmm, I'm going to correct myself"),
    "zh-said-astray-alone": ("我住在广州。", "我说岔了"),
    "zh-take-back-alone": ("我喜欢深色模式。", "收回刚才的话"),
}


@pytest.mark.parametrize("case", UNPARSED)
def test_a_correction_without_its_new_value_flags_the_old_one(store, case) -> None:
    first, fix = UNPARSED[case]
    g, ctx = _graph(store), MemoryContext(user_id="di", session_id="s1")
    g.invoke({"messages": [HumanMessage(first)]}, context=ctx)
    (old,) = _active(store, "di")
    g.invoke({"messages": [HumanMessage(first), AIMessage("OK"), HumanMessage(fix)]}, context=ctx)
    assert store.get(old.id).metadata.get("needs_confirmation")


IN_TURN = {  # (the message, the withdrawn value, the value that stands, said bare)
    "en-or-technically-at": ("I work at Spotify, or technically at Accenture", "Spotify", "Accenture"),
    "en-well-technically-in": ("I live in Austin — well, technically in Round Rock", "Austin", "Round Rock"),
}


@pytest.mark.parametrize("case", IN_TURN)
def test_a_precision_marker_keeps_the_value_not_its_preposition(store, case) -> None:
    text, old_word, new_word = IN_TURN[case]
    _graph(store).invoke({"messages": [HumanMessage(text)]}, context=MemoryContext(user_id="ed", session_id="s1"))
    active = _active(store, "ed")
    assert [r.object for r in active] == [new_word] and active[0].source.value == "explicit_correction"
    assert old_word not in active[0].object
