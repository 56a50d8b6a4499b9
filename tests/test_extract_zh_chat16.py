"""Chinese chat the rule extractor did not read, by the part that went wrong: a life stage or a quit under way said
with the progressive 在 or the inchoative 开始 (with or without its holder), a child introduced by name with an age,
a pet named in apposition with its breed or named in the clause after its breed, an opener (然后, 而且, 不过) before
the holder, and a final 啊. The kinds come from the helper's own cases (/work/tmp/s38/extract-zh/own_zh.jsonl oz02,
oz09, oz15) and were confirmed in the tune halves (casual14 c14-zh-022, c14-zh-026, c14-zh-028; casual13 c13-zh-023;
casual11 c11-zh-022, c11-zh-026; casual12 c12-zh-028; devlike12 d12-zh-019). Phrasings written for these tests; the
English counterparts show the English path as it was (its labelled sets keep a child's age said in passing out)."""

from __future__ import annotations

import pytest

from langmem_nodes.write import chat16_zh
from tests.test_extraction_compositional import _accepted, _check

P, N = "positive", "negative"


# a quit under way is negative on the thing, as a quit is; a life stage is the user's state (was no parse)
@pytest.mark.parametrize(("text", "expected"), [
    ("对了，我最近在戒咖啡，下午犯困怎么办？", [("user", "咖啡", N)]),
    ("我这阵子正在戒奶茶", [("user", "奶茶", N)]),
    ("最近在备孕，感冒了能吃什么药？", [("user", "备孕", P)]),
    ("我们俩都挺忙的，我最近开始吃素了", [("user", "吃素", P)]),
    ("这周在赶年终总结，回复会慢点", [("user", "年终总结", P)]),
])
def test_a_state_under_way_is_the_users(text, expected) -> None:
    _check(_accepted(text), expected)


# an effort of the moment, another's state or a question: nothing (labelled chat keeps "最近在减脂" out)
@pytest.mark.parametrize("text", ["最近在减脂，午饭吃什么好？", "我老婆在备孕", "你在戒烟吗？", "I've been cutting lately, lunch ideas?"])
def test_no_state_from_an_effort_another_holder_or_a_question(text) -> None:
    assert _accepted(text) == []


# a child introduced by name keeps its age, even around a request (was: the age dropped as context)
@pytest.mark.parametrize(("text", "expected"), [
    ("我闺女甜甜今年四岁，最近不爱吃青菜，有啥办法吗", [("user", "甜甜", P), ("user", "四岁", P)]),
    ("我儿子叫小宇，今年七岁。", [("user", "小宇", P), ("user", "七岁", P)]),
])
def test_a_child_introduced_by_name_keeps_its_age(text, expected) -> None:
    _check(_accepted(text), expected)


# an age said alone in a request stays context, in both languages (unchanged)
@pytest.mark.parametrize("text", ["我儿子八岁了，推荐个桌游", "my daughter just turned 6 so i want a bedtime story about a T-rex"])
def test_an_age_said_alone_as_context_is_not_kept(text) -> None:
    assert not [r for r in _accepted(text) if r.predicate.endswith(("_age", "年龄"))]


def test_en_a_named_child_in_a_request_keeps_the_name_only() -> None:  # the English path, unchanged
    assert [(r.predicate, r.object) for r in _accepted("My son Leo is 5, any ideas for his party?")] == [("attr:son_name", "Leo")]


# a pet named in apposition with its breed, or named in the clause after its breed (was: no parse / another holder)
@pytest.mark.parametrize(("text", "expected"), [
    ("我家猫咪团团是布偶，最近老打喷嚏", [("user", "团团", P), ("user", "布偶", P)]),
    ("我家狗是柴犬，叫旺财，最近不爱出门", [("user", "柴犬", P), ("user", "旺财", P)]),
    ("my dog Pepper is a beagle", [("user", "Pepper", P), ("user", "beagle", P)]),
])
def test_a_pets_name_and_breed_are_both_kept(text, expected) -> None:
    _check(_accepted(text), expected)


def test_a_breed_that_only_names_the_pet_keeps_the_name() -> None:
    assert [r.object for r in _accepted("我家柯基叫可乐，最近掉毛厉害")] == ["可乐"]


# an opener before the holder, a final 啊 (was no parse)
@pytest.mark.parametrize(("text", "term"), [
    ("然后我上个月刚搬到苏州，这边冬天好冷", "苏州"),
    ("不过我对芒果过敏，水果捞别放芒果", "芒果"),
    ("但我乳糖不耐受啊，早餐喝什么好", "乳糖不耐受"),
])
def test_an_opener_or_a_final_particle_leaves_the_clause(text, term) -> None:
    _check(_accepted(text), [("user", term, P)])


def test_the_readings_compose_from_parts() -> None:
    assert [(c.predicate, c.object) for c in chat16_zh.introduced_child("我女儿朵朵 5 岁了")] == [
        ("attr:女儿名字", "朵朵"), ("attr:女儿年龄", "5 岁")]
    assert chat16_zh.introduced_child("我女儿今年五岁") == []  # no name: no introduction
    assert chat16_zh.state("我在减肥") == [] and chat16_zh.state("我在看你给的代码") == []
