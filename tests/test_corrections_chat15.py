"""Corrections in natural chat, en + zh, in the same turn and a later one, composed of parts:

- the slot restated in other words: a topic noun names the attribute the first statement gave with a verb ("I ride
  a Trek bike" … "the bike's a Specialized", "我开大众车" … "我的车是比亚迪") (`correction_topic`);
- an age in words ("she's nine, not eight") (`age_words`);
- a partner's or child's fact corrected though it was never stored ("he's an engineer, not a teacher",
  "他是工程师，不是老师") (`kin_correction`);
- markers: "scratch what I said earlier about my diet", "… to be precise" after its value, "我爸的名字说错了",
  "那是记错了"; the old value said again as what was said before ("我之前说我对牛奶过敏");
- the one value of a kind said again with a shared word ("跑步要五十分钟" for "每天跑步三十分钟"), a value that
  points at its thing ("八点半的那班"), "我现在在美团" for a workplace.
"""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.write import kin_age, kin_correction, slip
from langmem_nodes.write.correction_ref import said_before
from langmem_nodes.write.correction_slot import in_place, swap_kind, swapped
from langmem_nodes.write.correction_topic import names_slot, topic_value
from langmem_nodes.write.correction_value import pointed
from langmem_nodes.write.rules import Claim
from tests._replay import landed, replay

CTX = MemoryContext(user_id="c15", project_id="app", session_id="s1")


def _say(store, *turns: str) -> list:
    return replay(store, *turns, ctx=CTX, reply="Sure.")


def _gone(active: list, old: str) -> bool:
    return not any(old.casefold() in r.object.casefold() for r in active)


# ---- parts -----------------------------------------------------------------------------------------------------
def test_topic_names_the_slot_en_zh() -> None:
    assert topic_value("the bike's a Specialized actually") == ("bike", "Specialized")
    assert topic_value("我的手机是华为") == ("手机", "华为") and topic_value("车是比亚迪的") == ("车", "比亚迪")
    assert names_slot("my bike", Claim("user", "attr:bike", "Trek")) and names_slot("手机", Claim("user", "attr:手机", "小米"))
    assert names_slot("job", Claim("user", "role", "teacher")) and names_slot("公司", Claim("user", "works_at", "字节"))
    assert not names_slot("bike", Claim("user", "lives_in", "Oslo")) and not names_slot("车", Claim("user", "attr:手机", "小米"))
    assert topic_value("the thing is I'm tired") == ("", "")


def test_ages_in_words() -> None:
    assert [(c.predicate, c.object) for c in kin_age.parse("my daughter is eight")] == [("attr:daughter_age", "eight")]
    before = kin_age.ages_said(["my son is eleven"])
    assert [(c.object, c.replaces) for c in kin_age.corrected_age("he's twelve, not eleven", before)] == [("twelve", ["eleven"])]
    assert kin_age.again("she's nine") == "nine" and kin_age.again("she's one of them") == ""
    assert not kin_age.parse("my son is one of the best")


def test_kin_value_only_for_a_partner_or_child() -> None:
    assert kin_correction.value("he's an engineer", ["My husband works as a teacher."]) == "an engineer"
    assert kin_correction.value("他是工程师", ["我老公是老师。"]) == "工程师"
    assert kin_correction.value("他打的是网球", ["我儿子打羽毛球。"]) == "网球"
    assert kin_correction.value("he's an engineer", ["My brother works as a teacher."]) == ""
    assert kin_correction.value("他是工程师", ["我同事是老师。"]) == ""


def test_marker_parts_en_zh() -> None:
    for said in ("scratch what I said earlier about my diet", "Strike what I said before", "我爸的名字说错了", "那是记错了",
                 "车的型号记错了"):
        assert slip.is_slip(said), said
    for said in ("scratch the paint", "我爸的名字很好听", "那是我爸"):
        assert not slip.is_slip(said), said
    assert slip.precision_first("I'm a designer, well, a product designer to be precise.") == (
        "I'm a designer, to be precise, a product designer.")
    assert slip.precision_first("to be precise, I'm a designer") == "to be precise, I'm a designer"
    assert said_before("我之前说我对牛奶过敏") == "我对牛奶过敏" and said_before("earlier I said I was a teacher") == "I was a teacher"
    assert said_before("我之前在北京") == "" and said_before("I said hi") == ""


def test_value_of_a_kind_parts() -> None:
    assert swap_kind("我每天跑步三十分钟", "跑步要五十分钟") == ("我每天跑步五十分钟", "三十分钟")
    assert swap_kind("I jog 30 minutes a day", "jogging is more like 45 minutes") == ("I jog 45 minutes a day", "30")
    assert swap_kind("I jog 30 minutes a day", "my rent is 450 a month") is None  # no word shared
    assert swap_kind("I swim on Mondays at 7pm", "my swim is at 8pm actually") == ("I swim on Mondays at 8pm", "7pm")
    assert swap_kind("I swim on Mondays at 7pm", "swim is on Tuesdays") == ("I swim on Tuesdays at 7pm", "Mondays")
    assert swap_kind("I swim at 7pm", "swim at 8pm or 9pm") is None  # two values: which one is meant is unclear
    assert swapped("通勤要一个小时左右", ["我通勤大概四十分钟。"]) == ("我通勤大概一个小时", "四十分钟")
    assert swapped("通勤要一个小时左右", ["我喜欢吃面，一碗要十块。"]) is None
    assert pointed("八点半的那班") == "八点半" and pointed("the 7:45 one") == "the 7:45" and pointed("李娜") == "李娜"
    # the correction's own frame naming the old value is no sentence to say again
    assert in_place("Wednesday", "it's Wednesday", ["not Tuesday actually, it's Wednesday"], "Tuesday") is None


# ---- a later turn ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("turns, new, old", [
    (("I ride a Trek bike to work.", "no wait, the bike's a Specialized actually"), "Specialized", "Trek"),
    (("My daughter is eight.", "sorry, she's nine, not eight"), "nine", "eight"),
    (("My husband works as a teacher.", "oops, I misspoke, he's an engineer, not a teacher"), "engineer", "teacher"),
])
def test_a_later_turn_corrects_en(store, turns, new, old) -> None:
    active = _say(store, *turns)
    assert landed(active, new), [(r.object, r.source.value) for r in active]
    assert _gone(active, old), [(r.object, r.source.value) for r in active]


@pytest.mark.parametrize("turns, new, old", [
    (("我开大众车。", "说错了，我的车是比亚迪。"), "比亚迪", "大众"),
    (("我在字节上班。", "更正一下，我现在在美团，不在字节了。"), "美团", "字节"),
    (("我每天跑步三十分钟。", "刚才说错了，跑步要五十分钟。"), "五十分钟", "三十分钟"),
    (("我老公是老师。", "不好意思，他是工程师，不是老师。"), "工程师", "老师"),
    (("我爸叫王强。", "帮我推荐本书。", "哦对了，我爸的名字说错了，是王刚，不是王强。"), "王刚", "王强"),
    (("我坐八点一刻的公交上班。", "不对，是八点半的那班。"), "八点半", "八点一刻"),
])
def test_a_later_turn_corrects_zh(store, turns, new, old) -> None:
    active = _say(store, *turns)
    assert landed(active, new), [(r.object, r.source.value) for r in active]
    assert _gone(active, old), [(r.object, r.source.value) for r in active]


# ---- the same turn ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("said, new, old", [
    ("Scratch what I said earlier about my diet — I'm vegan, not vegetarian.", "vegan", "vegetarian"),
    ("I'm a designer, well, a product designer to be accurate.", "product designer", "a designer"),
    ("我之前说我对牛奶过敏，那是记错了，其实是对鸡蛋过敏。", "鸡蛋", "牛奶"),
])
def test_the_same_turn_corrects(store, said, new, old) -> None:
    active = _say(store, said)
    assert landed(active, new), [(r.object, r.source.value) for r in active]
    assert not old or _gone(active, old), [(r.object, r.source.value) for r in active]


def test_no_correction_of_a_sibling_or_without_a_marker(store) -> None:
    """A sibling's fact stays theirs; a topic restated without a correction corrects nothing."""
    active = _say(store, "My brother works as a teacher.", "sorry, I misspoke, he's an engineer, not a teacher")
    assert not [r for r in active if r.source.value == "explicit_correction"], [(r.object, r.source.value) for r in active]
    active = _say(store, "我开大众车。", "我的车是去年买的。")
    assert not [r for r in active if r.source.value == "explicit_correction"], [(r.object, r.source.value) for r in active]


# ---- second batch: an attribute named in the marker, the value mistaken for, a count, a pet -------------------------
def test_second_batch_parts() -> None:
    from langmem_nodes.write.correction_ref import named_old as _named_old
    from langmem_nodes.write.correction_slot import put_kind
    from langmem_nodes.write.correction_target import aged, bare_count

    assert slip.is_slip("我说的城市不对") and slip.is_slip("我刚才说的时间有误") and not slip.is_slip("我说的话你记住")
    assert _named_old("是周五，我记成周四了", ["我每周四游泳。"]) == "周四"
    assert _named_old("it's Friday, I had it down as Thursday by mistake", ["I swim on Thursday."]) == "Thursday"
    assert put_kind("我每周三练琴", "周五") == "我每周五练琴" and put_kind("我喜欢练琴", "周五") == ""
    assert aged("二十九岁", "三十") == "三十岁" and aged("29", "thirty") == "thirty" and aged("Python 3", "四") == "四"
    assert bare_count("thirty.") and bare_count("三十了") and not bare_count("thanks")
    assert kin_correction.pet_value("he's actually a labrador") == "a labrador" and kin_correction.pet_value("它其实是柯基") == "柯基"
    assert kin_correction.is_pet("golden retriever") and kin_correction.is_pet("金毛") and not kin_correction.is_pet("Honda Civic")


@pytest.mark.parametrize("turns, new, old", [
    (("I swim on Thursdays.", "it's Fridays actually, I had it down as Thursdays by mistake"), "Fridays", ""),
    (("I'm 41.", "sorry, forty-two. birthday was last week"), "forty-two", "41"),
    (("I have a golden retriever.", "oh he's actually a labrador, not a golden"), "labrador", "golden"),
    (("我住在苏州。", "我说的城市不对，是无锡。"), "无锡", "苏州"),
    (("我每周二练琴。", "哎，是周五，我记成周二了。"), "周五", ""),
    (("我今年三十九岁。", "说错了，四十了，上个月刚过生日。"), "四十", "三十九"),
])
def test_second_batch_corrects(store, turns, new, old) -> None:
    active = _say(store, *turns)
    assert landed(active, new), [(r.object, r.source.value) for r in active]
    assert not old or _gone(active, old), [(r.object, r.source.value) for r in active]


def test_a_count_alone_is_no_correction_of_a_name(store) -> None:
    """An apology and a count after a name corrects nothing: only an age said before takes a count."""
    active = _say(store, "My cat is called Miso.", "sorry, two questions: what food is best?")
    assert not [r for r in active if r.source.value == "explicit_correction"], [(r.object, r.source.value) for r in active]


# ---- third batch: a withdrawn value said with its article, a switch said from the old value, an age in the same turn --
@pytest.mark.parametrize("turns, new, old", [
    (("I ride a Vespa — actually, not a Vespa but a Lambretta.",), "Lambretta", "Vespa"),
    (("please suggest snacks for a road trip, it's for my son, he's eight — wait no, he turned nine in May",), "nine", "eight"),
    (("We get paged through VictorOps for the api.", "what's a good retro format?",
      "btw I was wrong earlier, we moved off VictorOps last month, it's Squadcast now"), "Squadcast", ""),
    (("my laptop is a Dell and it's slow lately", "I said Dell earlier — the laptop's a Lenovo actually. any tips?"), "Lenovo", ""),
    (("我们团队用 Travis 跑 CI。", "周报怎么写比较好？", "rebase 和 merge 用哪个？", "哎我记错了，我们团队上个月已经从 Travis 迁到 Drone 了。"),
     "Drone", "Travis"),
    (("我家狗是柴犬。", "哦它其实是柯基，不是柴犬。"), "柯基", "柴犬"),
])
def test_third_batch_corrects(store, turns, new, old) -> None:
    active = _say(store, *turns)
    assert landed(active, new), [(r.object, r.source.value) for r in active]
    assert not old or _gone(active, old), [(r.object, r.source.value) for r in active]


def test_third_batch_parts() -> None:
    from langmem_nodes.write.correction_ref import said_old
    from langmem_nodes.write.correction_target import switched_to

    assert said_old("I said Dell earlier") == "Dell" and said_old("I said hello to her") == ""
    assert switched_to("我们团队上个月已经从 Travis 迁到 Drone 了") == "Drone" and switched_to("我从来不迁就别人") == ""
    assert [(c.predicate, c.object) for c in kin_age.pronoun_age("he turned nine in May", "son")] == [("attr:son_age", "nine")]
    assert kin_age.pronoun_age("he turned nine in May", "") == [] and kin_age.pronoun_age("他八岁了", "儿子")[0].object == "八岁"
