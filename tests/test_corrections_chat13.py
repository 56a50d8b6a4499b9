"""Corrections in natural chat, en + zh, in the same turn and in a later turn, composed of parts:

- a correction said whole in one sentence, the old value negated and the new one after it ("Actually, I don't work
  in Leeds but in York", "其实我不是在成都，是在重庆"), with nothing earlier to correct (`negated_frame`);
- a routine said with a number (a time, an amount per week) as what a correction corrects ("I usually get up at 7"
  … "I get up at 6:30 these days", "我每周跑20公里，不对，是25公里") (`routine`);
- a bare number said again keeps the old value's name or unit ("Node 18, wait no, 20" → "Node 20");
- a rule's value replaced inside the rule ("以后回答我用英文" … "我是说用中文" → "回答我用中文");
- markers: "不是不是" is no question, "准确地说" / "more precisely", "no sorry", "actually make that".
"""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.write import grammar
from langmem_nodes.write.correction_value import substituted, versioned, without_reason
from langmem_nodes.write.negated_frame import read as negated
from langmem_nodes.write.routine import read as routine
from tests._replay import landed, replay

CTX = MemoryContext(user_id="c13", project_id="app", session_id="s1")


def _say(store, *turns: str) -> list:
    return replay(store, *turns, ctx=CTX, reply="OK, noted.")


def _objects(active: list) -> list[str]:
    return [r.object for r in active]


# ---- parts ---------------------------------------------------------------------------------------------------
def test_negated_frame_parts_en_zh() -> None:
    def said(s: str) -> list[tuple[str, str, list[str]]]:
        return [(c.predicate, c.object, c.replaces) for c in negated(s, grammar.parse)]

    assert said("Actually, I don't work in Leeds but in York.") == [("works_in", "York", ["Leeds"])]
    assert said("Our backend isn't written in Ruby, it's actually Elixir.")[0][1:] == ("Elixir", ["Ruby"])
    assert said("Our app doesn't run on Heroku, it's actually Render.")[0][1:] == ("Render", ["Heroku"])
    assert said("其实我不是在成都，是在重庆。") == [("lives_in", "重庆", ["成都"])]
    assert said("其实我家猫不叫咪咪，叫花花。")[0][1:] == ("花花", ["咪咪"])
    # two tastes, no correction
    assert said("I don't like tea but coffee") == [] and said("其实我不喜欢吃辣，但是喜欢吃酸") == []


def test_routine_parts_en_zh() -> None:
    def r(s: str) -> list[tuple[str, str]]:
        return [(c.predicate, c.object) for c in routine(s)]

    assert r("I usually get up at 7 on weekdays") == [("attr:wake_up_time", "7")]
    assert r("I swim about 2 km a week") == [("attr:weekly_distance", "2 km a week")]
    assert r("我一般 11 点睡觉") == [("attr:睡觉时间", "11 点")]
    assert r("我每周跑20公里") == [("attr:每周跑步距离", "20公里")]
    assert r("I start a new job at Acme") == [] and r("我每天都很忙") == []


def test_value_parts_en_zh() -> None:
    assert versioned("Node 18", "20") == "Node 20" and versioned("20 km a week", "30") == "30 km a week"
    assert versioned("Vim", "9") == "9" and versioned("node 18", "Bun") == "Bun"
    assert without_reason("20 we upgraded in may") == "20" and without_reason("I meant Go") == "I meant Go"
    assert substituted("回答我用英文", "中文") == "回答我用中文"
    assert substituted("reply to me in French", "German", ["French"]) == "reply to me in German"
    assert substituted("回答简短", "详细") == "详细"


# ---- one sentence, nothing earlier ---------------------------------------------------------------------------
@pytest.mark.parametrize("said, new, old", [
    ("Actually, I don't work in Leeds but in York.", "York", "Leeds"),
    ("Our backend isn't built on Flask, it's actually Django.", "Django", "Flask"),
    ("Actually, not Sublime but Neovim is my main editor.", "Neovim", "Sublime"),
    ("其实我不是在成都，是在重庆。", "重庆", "成都"),
    ("其实我家猫不叫咪咪，叫花花。", "花花", "咪咪"),
    ("其实我们后端不用 Java，而是用 Kotlin。", "Kotlin", "Java"),
])
def test_a_whole_sentence_correction_lands(store, said, new, old) -> None:
    active = _say(store, said)
    assert landed(active, new)
    assert not any(old.casefold() in o.casefold() for o in _objects(active))


# ---- routines --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("turns, new, old", [
    (("can you plan my mornings? I usually get up at 7", "correction, I get up at 6:30 these days since the school run moved"), "6:30", "7"),
    (("I swim about 2 km a week, actually make that 3, I added a session.",), "3 km a week", "2 km"),
    (("帮我排个作息表，我一般 11 点睡觉", "哎呀说错了，我一般 12 点才睡，11 点是周末"), "12 点", "11 点"),
    (("我每周跑20公里，不对，是25公里，最近加量了。",), "25公里", "20公里"),
])
def test_a_routine_correction_lands(store, turns, new, old) -> None:
    active = _say(store, *turns)
    assert landed(active, new)
    assert not any(o.casefold() == old.casefold() or o.startswith(old) for o in _objects(active))


# ---- numbers and rules ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("turns, new", [
    (("our service runs on Node 18, wait no, 20 we upgraded in May. why does fetch fail?",), "Node 20"),
    (("我们服务用的是 Python 3.8", "不对，是 3.11"), "Python 3.11"),
])
def test_a_number_said_again_keeps_its_name(store, turns, new) -> None:
    active = _say(store, *turns)
    assert landed(active, new)


@pytest.mark.parametrize("turns, new", [
    (("From now on please reply to me in French.", "wait, I meant German, not French."), "reply to me in German"),
    (("以后回复我用粤语吧。", "等等，我是说用普通话，不是粤语。"), "回复我用普通话"),
    (("以后回答我用英文吧——啊不，更正：还是中文，英文我看着累。",), "回答我用中文"),
])
def test_a_rule_value_is_replaced_inside_the_rule(store, turns, new) -> None:
    active = _say(store, *turns)
    assert landed(active, new)
    assert len([r for r in active if r.predicate == "rule"]) == 1


# ---- markers -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("said, new, old", [
    ("对了我住在南京——不是不是，是无锡，南京那是以前了。", "无锡", "南京"),
    ("I'm based in Austin — no sorry, Dallas, I moved last fall. any good bbq?", "Dallas", "Austin"),
    ("我是测试工程师，呃，准确地说是测试开发，两边都做。", "测试开发", "测试工程师"),
    ("I'm a designer, well, more precisely a product designer.", "product designer", ""),
])
def test_markers_in_the_sentence(store, said, new, old) -> None:
    active = _say(store, said)
    assert landed(active, new)
    assert not old or not any(o == old for o in _objects(active))


# ---- ages, team times and days, amounts, height ---------------------------------------------------------------
def test_more_routine_parts_en_zh() -> None:
    def r(s: str) -> list[tuple[str, str, str]]:
        return [(c.subject, c.predicate, c.object) for c in routine(s)]

    assert r("we have retro at 4 on fridays") == [("project", "attr:retro_time", "4")]
    assert r("我们每天9点开晨会") == [("project", "attr:晨会时间", "9点")]
    assert r("we release every tuesday") == [("project", "attr:release_day", "Tuesday")]
    assert r("我们每周三发版") == [("project", "attr:发版日", "周三")]
    assert r("I spend about $300 a month on gas") == [("user", "attr:monthly_spend_gas", "$300 a month")]
    assert r("我每个月伙食费2500") == [("user", "attr:每月伙食费", "2500")]
    assert r("I'm 6'1") == [("user", "attr:height", "6'1")]


@pytest.mark.parametrize("turns, new, old", [
    (("my son's 5, no wait, he turned 6 in april. any lego sets for him?",), "6", "5"),
    (("我儿子5岁，哦不，6岁了，上个月刚过生日。推荐点乐高？",), "6岁", "5岁"),
    (("we have retro at 4 on fridays", "oh sorry, it's at 3:30, not 4"), "3:30", "4"),
    (("我们每天9点开晨会", "哦不对，是8点半"), "8点半", "9点"),
    (("we release every tuesday", "no wait, wednesdays. tuesdays are for QA"), "Wednesday", "Tuesday"),
    (("我们每周三发版", "不对，是周四，周三封板"), "周四", "周三"),
    (("我每个月伙食费2500，不对，3200，怎么省一点",), "3200", "2500"),
    (("can you size a wetsuit for me? I'm 6'1 — nope, 6'2, always forget",), "6'2", "6'1"),
])
def test_a_said_again_value_lands(store, turns, new, old) -> None:
    active = _say(store, *turns)
    assert landed(active, new)
    assert not any(o.casefold() == old.casefold() for o in _objects(active))


@pytest.mark.parametrize("turns, new", [
    (("I'm vegetarian.", "well, strictly speaking pescatarian, I eat fish"), "pescatarian"),
    (("我是素食者。", "严格来说是蛋奶素，鸡蛋牛奶我吃的"), "蛋奶素"),
    (("we indent with tabs in this repo", "no hang on, it's 2 spaces, tabs was the old repo"), "2 spaces"),
    (("我在美团上班。", "不好意思，是在京东，美团是实习"), "京东"),
    (("我用的是华为P50。", "更正：华为P60"), "华为P60"),
])
def test_an_opener_then_the_value(store, turns, new) -> None:
    assert landed(_say(store, *turns), new)
