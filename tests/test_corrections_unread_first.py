"""Corrections of a first statement the grammar does not read, and take-backs with no new value (en + zh).

- the same frame said again with one stretch changed after a marker ("I drink green tea in the afternoon" …
  "hmm no, I drink oolong in the afternoon"): the correcting clause is stored, as an `explicit_correction`;
- a counted word is a number ("two kids — I misspoke, three", "俩 … 仨"); "our anniversary" is the household's;
- a message opening with a soft cue ("啊其实是 36") or "oh wait" before a bare value corrects the turn before;
- "not anymore though", "ignore what I said about Vim", "现在不在了": nothing new is stored, the statement taken
  back is flagged `needs_confirmation`.
"""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.write import restated_frame
from tests._replay import landed, replay

CTX = MemoryContext(user_id="unread", project_id="app", session_id="s1")


def _say(store, *turns: str) -> list:
    return replay(store, *turns, ctx=CTX, reply="Okay, noted.")


LANDS = [
    (("I drink green tea in the afternoon", "hmm no, I drink oolong in the afternoon"), "oolong"),
    (("I bike to work", "actually no, I take the bus to work, the bike got stolen"), "bus"),
    (("I take the dog out at 7 each morning", "correction, I take him out at 6:30 each morning"), "6:30"),
    (("I put two sugars in my tea", "scratch that, I put one sugar in my tea"), "one sugar"),
    (("我早饭一般吃包子", "刚才说错了，我早饭一般吃煎饼"), "煎饼"),
    (("我下班一般坐地铁回家", "不对，我下班一般骑电动车回家"), "电动车"),
    (("我周末一般在家看电影", "口误，我周末一般在家打游戏"), "打游戏"),
    (("We have two dogs — sorry, three, the puppy counts. Any food tips?",), "three"),
    (("我家俩孩子，口误，是仨，想换个大点的车",), "仨"),
    (("Our anniversary is May 2 — no wait, May 12. Any restaurant ideas?",), "May 12"),
    (("我们结婚纪念日是 9 月 1 号，不对，是 9 月 10 号",), "10"),
    (("我今年 35", "啊其实是 36，上周刚过生日"), "36"),
    (("I usually get up at 6", "oh wait, 5:45"), "5:45"),
]


@pytest.mark.parametrize("turns, new", LANDS)
def test_correction_lands_on_an_unread_first_statement(store, turns, new):
    active = _say(store, *turns)
    assert landed(active, new), [(r.subject, r.predicate, r.object, r.source.value) for r in active]
    assert all(r.subject == "user" for r in landed(active, new))


@pytest.mark.parametrize("turns", [
    ("I drink green tea in the afternoon", "I drink oolong in the evening"),  # no marker: another habit, no correction
    ("我早饭一般吃包子", "我午饭一般吃面条"),
])
def test_a_same_frame_without_a_marker_corrects_nothing(store, turns):
    active = _say(store, *turns)
    assert not [r for r in active if r.source.value == "explicit_correction"]


@pytest.mark.parametrize("new, old, changed", [
    ("我早饭一般吃煎饼", "我早饭一般吃包子", ("煎饼", "包子")),
    ("I drink oolong in the afternoon", "I drink green tea in the afternoon", ("oolong", "green tea")),
    ("I really like it", "I like it", None),      # words added: no value changed
    ("I do like it", "I don't like it", None),    # a change of mind, not a value
    ("我也是", "我是", None),                       # no frame beyond the pronoun
    ("I take the bus", "she takes the bus", None),  # not the user's sentence
])
def test_changed_reads_one_stretch_in_a_shared_frame(new, old, changed):
    assert restated_frame.changed(new, old) == changed


TAKEN_BACK = [
    ("I'm vegetarian.", "not anymore though", "vegetarian"),
    ("I live in Leeds.", "well, not anymore actually", "Leeds"),
    ("I use Vim for everything.", "ignore what I said about Vim", "Vim"),
    ("I work at Google.", "oops, I misspoke about that, let me check", "Google"),
    ("我在字节跳动上班。", "现在不在了", "字节跳动"),
    ("我用 Vim 写代码。", "刚才说的 Vim 不对，先别记", "Vim"),
    ("我在字节跳动上班。", "现在不在了，去了别家", "字节跳动"),  # a new value nothing reads: the old one is in doubt
    ("我的狗叫旺财。", "打错了，回头再说", "旺财"),
]


@pytest.mark.parametrize("first, back, old", TAKEN_BACK)
def test_a_take_back_without_a_value_flags_the_old_value(store, first, back, old):
    active = _say(store, first, back)
    held = [r for r in active if old.casefold() in r.object.casefold()]
    assert held and all(r.metadata.get("needs_confirmation") for r in held)
    assert all(old.casefold() in r.object.casefold() for r in active), "nothing new read out of the take-back"


def test_a_take_back_with_its_new_value_replaces_the_old_one(store):
    # stop 46: "跳槽去阿里了" with its holder dropped is read, so the take-back gives the new value
    active = _say(store, "我在字节跳动上班。", "现在不在了，跳槽去阿里了")
    assert [(r.predicate, r.object, r.source.value) for r in active] == [("works_at", "阿里", "explicit_correction")]


@pytest.mark.parametrize("first, back, new", [
    ("I live in Leeds.", "not anymore, I moved to York last month", "York"),
    ("我住在杭州。", "早就不住了，我现在住在苏州", "苏州"),
])
def test_a_take_back_with_a_new_value_stores_it(store, first, back, new):
    active = _say(store, first, back)
    assert [r for r in active if new in r.object]


@pytest.mark.parametrize("turns, new, old", [
    (("how do I turn on dark mode on my phone? it's a Pixel 8", "oh wait, it's a Galaxy S24, not a Pixel"), "Galaxy S24", "Pixel 8"),
    (("my laptop keeps freezing, it's a Dell XPS 13", "sorry, it's a Lenovo Yoga, not a Dell"), "Lenovo Yoga", "Dell"),
])
def test_it_names_the_thing_just_mentioned_and_is_corrected(store, turns, new, old):
    active = _say(store, *turns)
    assert landed(active, new)
    assert not [r for r in active if old.casefold() in r.object.casefold() and not r.metadata.get("needs_confirmation")]


def test_it_after_a_person_names_nothing(store):
    active = _say(store, "I called my mom yesterday. It's Sunday so she was home.")
    assert not [r for r in active if "Sunday" in r.object]


@pytest.mark.parametrize("turns, new", [
    (("I'm a staff engineer at Shopify", "hmm sorry, senior engineer, staff is next year hopefully"), "senior engineer"),
    (("我是产品经理", "嗯，其实是项目经理"), "项目经理"),
    (("I keep my photos on a Synology DS220 at home.", "It's actually a DS923 now, upgraded last spring."), "DS923"),
])
def test_a_hesitation_or_its_actually_opens_a_correction(store, turns, new):
    assert landed(_say(store, *turns), new)
