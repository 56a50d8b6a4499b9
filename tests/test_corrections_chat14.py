"""Corrections in natural chat, en + zh, in the same turn and a later one, composed of parts:

- a turn that names an earlier value as withdrawn is a correction without a slip word ("Eastern, sorry, not
  Pacific", "叫团团，豆豆是以前那只"), and "not X but Y" is two clauses when X was said (`correction_ref`);
- a correction of a sentence nothing was read from: that sentence said again with the new value in the old one's
  place (by the frame word or the kind of value), or the correcting clause itself when it says it again
  (`correction_slot`);
- markers: "oh wait, it's …", "make that 4", "X — no, Y", "that should say 8pm", "wrong number", a switch said as
  an upgrade ("升到 3.2", "upgraded to 3.12").
"""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.write import slip
from langmem_nodes.write.correction_ref import named_old, new_side, not_but, refers_back
from langmem_nodes.write.correction_slot import in_place, of_kind, restated
from langmem_nodes.write.correction_target import switched_to
from tests._replay import landed, replay

CTX = MemoryContext(user_id="c14", project_id="app", session_id="s1")


def _say(store, *turns: str) -> list:
    return replay(store, *turns, ctx=CTX, reply="Sure.")


def _gone(active: list, old: str) -> bool:
    return not any(r.object.casefold() == old.casefold() for r in active)


# ---- parts -----------------------------------------------------------------------------------------------------
def test_refers_back_parts_en_zh() -> None:
    assert refers_back("Mandarin, sorry, not Cantonese.", ["I speak Cantonese at home."])
    assert refers_back("我们用的是飞书，之前说的钉钉不对", ["我们团队用钉钉。"])
    assert refers_back("哎呀，叫可乐，雪碧是以前那只。", ["我的猫叫雪碧。"])
    # a frame alone, a frame naming something never said, a filler after "not", a question: no correction
    assert not refers_back("not Cantonese", ["I speak Cantonese at home."])
    assert not refers_back("I like tea, not coffee", ["I live in Oslo."])
    assert not refers_back("I'm not really into it, I prefer jazz", ["I really like jazz."])
    assert not refers_back("我不是很喜欢猫，喜欢狗", ["我很喜欢猫。"])
    assert not refers_back("is it Mandarin, not Cantonese?", ["I speak Cantonese at home."])
    assert named_old("the sync is at 11 now, not 10:15", ["Our sync is at 10:15."]) == "10:15"
    assert named_old("例会改到三点了，不是两点半", ["我们例会两点半开。"]) == "两点半"


def test_not_but_and_new_side_parts() -> None:
    assert not_but("We host on Vercel — well, not Vercel but Netlify.") == "We host on Vercel — well, not Vercel, Netlify."
    assert not_but("not bad but expensive", ["I drive a Tesla."]) == "not bad but expensive"
    assert new_side("Redis earlier but it's actually Memcached") == "it's actually Memcached"
    assert new_side("that should say 7:45") == "7:45" and new_side("I like Go") == "I like Go"


def test_slot_parts_en_zh() -> None:
    # texts: the correcting message first, then the earlier user turns (latest first)
    assert in_place("周五", "改成周五了", ["改成周五了", "我每周三去游泳。"]) == ("我每周五去游泳", "周三")
    assert in_place("李娜", "她叫李娜", ["她叫李娜", "我导师叫李丽。"]) == ("我导师叫李娜", "李丽")
    assert in_place("Saturdays", "it's Saturdays", ["oh, it's Saturdays", "My piano lesson is on Fridays."]) == (
        "My piano lesson is on Saturdays", "Fridays")
    assert in_place("at 11", "at 11", ["Our sync is at 10:15."], "10:15") == ("Our sync is at 11", "10:15")
    assert in_place("Rome", "it's Rome", ["it's Rome", "I love pasta."]) is None  # no place of its kind or frame
    # in the same message a bare value of a kind replaces nothing ("the call's at 3 — no, 4" may be a plan)
    assert in_place("4", "4", ["my call is at 3 — no, 4"]) is None
    assert of_kind("两点半", "例会改到三点了，不是两点半") == "三点"
    assert restated("我吃米饭要加辣", ["我吃米饭不加辣。"]) and restated("I walk my dog at noon", ["I walk my dog at dawn."])
    assert not restated("I walk to work", ["I love jazz."]) and not restated("the dog is old", ["I walk my dog."])


def test_marker_parts_en_zh() -> None:
    for said in ("oh wait, it's Saturdays", "make that 6", "make that three kids", "We ship on Mondays — no, on Tuesdays.",
                 "that should say 7:45", "哎呀，叫可乐", "我们每周一发版，不，是周二", "wrong number, I'm 41"):
        assert slip.marks(said), said
    for said in ("make that a bullet list", "wait, it's raining?", "no worries, thanks", "我们周一发版，不过周二也行"):
        assert not slip.marks(said), said
    assert switched_to("我们已经升到 Django 5 了") == "Django 5" and switched_to("we upgraded to Node 22") == "Node 22"


# ---- a later turn ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("turns, new, old", [
    (("My piano lesson is on Fridays.", "oh wait, it's Saturdays"), "Saturday", "on Fridays"),
    (("I have two kids.", "make that three kids"), "three", ""),
    (("I speak Cantonese at home.", "Mandarin, sorry, not Cantonese."), "Mandarin", "Cantonese"),
    (("This service caches in Redis.", "Also add tests please.", "btw I said Redis earlier but it's actually Memcached."), "Memcached", "Redis"),
    (("Our sync is at 10:15.", "it got moved, the sync is at 11 now, not 10:15"), "11", ""),
    (("My train leaves at 6pm.", "that should say 7:45"), "7:45", ""),
    (("I'm 40.", "wrong number lol, I'm 41"), "41", "40"),
])
def test_a_later_turn_corrects_en(store, turns, new, old) -> None:
    active = _say(store, *turns)
    assert landed(active, new), [(r.object, r.source.value) for r in active]
    assert not old or _gone(active, old)


@pytest.mark.parametrize("turns, new, old", [
    (("我每周三去游泳。", "哦不对，改成周五了。"), "周五", ""),
    (("我导师叫李丽。", "不对不对，她叫李娜。"), "李娜", ""),
    (("我的猫叫雪碧。", "哎呀，叫可乐，雪碧是以前那只。"), "可乐", "雪碧"),
    (("我们例会两点半开。", "例会改到三点了，不是两点半。"), "三点", ""),
    (("我们后端用的 Django 4.2", "前面那个不对，我们已经升到 Django 5 了"), "Django 5", "Django 4.2"),
    (("我今年40岁。", "打错字了，41岁。"), "41", "40岁"),
    (("我们用的是 Jenkins。", "哎呀，是 GitLab CI，Jenkins 是以前那套"), "GitLab CI", "Jenkins"),
])
def test_a_later_turn_corrects_zh(store, turns, new, old) -> None:
    active = _say(store, *turns)
    assert landed(active, new), [(r.object, r.source.value) for r in active]
    assert not old or _gone(active, old)


# ---- the same turn ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("said, new, old", [
    ("We host the docs on Vercel — well, not Vercel but Netlify.", "Netlify", "Vercel"),
    ("I live in Ghent; sorry, actually not Ghent but Bruges.", "Bruges", "Ghent"),
    ("我住在南京，不是不是，是无锡，帮我查下天气", "无锡", "南京"),  # "不是不是" is a marker, not "不是 X 是 Y"
    ("帮我推荐点家常菜，我平时做饭放很多盐——说错了，我平时做饭放很少盐", "很少盐", ""),
    ("can you suggest recipes? i'm doing vegan rn — scratch that, i'm doing pescatarian now, vegan didn't stick", "pescatarian", ""),
])
def test_the_same_turn_corrects(store, said, new, old) -> None:
    active = _say(store, said)
    assert landed(active, new), [(r.object, r.source.value) for r in active]
    assert not old or _gone(active, old)


def test_no_correction_without_a_withdrawn_value(store) -> None:
    """A "not" that withdraws nothing said, and an apology alone, store nothing as a correction."""
    active = _say(store, "I live in Oslo.", "I like tea, not coffee, sorry for the tangent")
    assert not [r for r in active if r.source.value == "explicit_correction"]
    active = _say(store, "我住在杭州。", "我不是很喜欢下雨天")
    assert not [r for r in active if r.source.value == "explicit_correction"]
