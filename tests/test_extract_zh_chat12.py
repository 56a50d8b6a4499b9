"""Chinese natural chat the rule extractor misread in the tune halves (casual10 c10-zh-008, c10-zh-012, c10-zh-026,
chat5 b5-chatt-zh-004) and the kinds of wrong record the held-out figures point at (a thing in front of the user,
a complaint about the assistant's answer, a vague word as the value), with the English counterpart where the kind
exists in English. Phrasings written for these tests, not taken from the labelled sets."""

from __future__ import annotations

import pytest

from tests.test_extraction_compositional import _accepted, _check

P, N = "positive", "negative"


# a topic before the attitude ("我写代码比较喜欢用 Go"): the value is what follows the attitude verb, not the run
# after the topic's verb (was uses «代码比较喜欢用 Go»)
@pytest.mark.parametrize(("text", "term"), [
    ("我平时写代码比较喜欢用 Go，语法简单", "Go"),
    ("我平时写脚本更喜欢用 Lua", "Lua"),
])
def test_the_value_follows_the_attitude_verb_after_a_topic(text, term) -> None:
    found = _accepted(text)
    assert [r.object for r in found] == [term], [(r.predicate, r.object) for r in found]


# a clause that only says how little, in a daily window ("下午两点以后一口都不能碰"), is no statement of its own:
# the thing was named before (was states «下午两点以后一口都不能碰» under the 以后 cue)
@pytest.mark.parametrize("text", ["下午两点以后一口都不能碰", "晚上八点以后一滴都不喝"])
def test_a_bare_degree_is_no_statement(text) -> None:
    assert _accepted(text) == []


def test_yihou_alone_still_opens_a_standing_rule() -> None:
    assert [r.predicate for r in _accepted("以后给我代码的时候都加上注释")] in (["rule"], ["states"])


# sensitive to something one eats or drinks: the user does not take it (chat5 labels 咖啡因 negative)
@pytest.mark.parametrize(("text", "term"), [
    ("我对咖啡因特别敏感，所以别推荐什么茶", "咖啡因"),
    ("我肠胃对辣椒比较敏感", "辣椒"),
])
def test_sensitive_to_what_one_takes_is_a_negative_diet(text, term) -> None:
    _check(_accepted(text), [("user", term, N)])


def test_sensitive_to_something_else_is_not_a_diet() -> None:
    assert _accepted("我对数字很敏感") == []


# the habit is smoking, not the cigarette; how long the user has quit is no value (was uses «烟» and «已经»)
@pytest.mark.parametrize(("text", "term"), [
    ("我最近不抽烟了，已经戒了三周💪", "抽烟"),
    ("我早就不抽烟了", "抽烟"),
])
def test_a_stopped_smoking_habit_keeps_its_verb(text, term) -> None:
    found = _accepted(text)
    assert [(r.object, r.polarity.value) for r in found] == [(term, N)], [(r.predicate, r.object) for r in found]
    assert found[0].text == "用户不再抽烟"


def test_a_quit_habit_named_with_its_duration_keeps_the_thing() -> None:
    assert [r.object for r in _accepted("我戒烟半年了哈哈")] == ["烟"]


# "千万别给我推荐 X": a firm request never to be handed X is a standing dislike, as "别给我推荐 X" is
@pytest.mark.parametrize(("text", "term"), [
    ("千万别给我推荐 MongoDB，我个人是再也不想用了", "MongoDB"),
    ("please don't ever recommend MongoDB to me", "MongoDB"),
])
def test_a_firm_never_recommend_is_a_dislike(text, term) -> None:
    _check(_accepted(text), [("user", term, N)])


def test_a_clause_with_its_own_holder_is_not_read_again_with_another() -> None:
    # "我个人是再也不想用了" was read again as "我的我个人是…" and stored attr:我个人 «再也不想用»
    assert all(not r.predicate.startswith("attr:") for r in _accepted("千万别给我推荐 MongoDB，我个人是再也不想用了"))


# a thing in front of the user ("这首歌", "这家店") or the assistant's own answer ("你这种说话方式", "your tone") is a
# reaction to it, not a standing taste
@pytest.mark.parametrize("text", [
    "我喜欢这首歌，能帮我找找类似的吗",
    "我特别喜欢这家店的装修风格",
    "我不喜欢你这种说话方式",
    "I hate your tone",
])
def test_a_thing_in_front_of_the_user_is_no_standing_taste(text) -> None:
    assert _accepted(text) == []


@pytest.mark.parametrize(("text", "term"), [("我不喜欢那种写一大堆废话的文章", "废话"), ("I hate long meetings", "long meetings")])
def test_a_kind_of_thing_is_still_a_taste(text, term) -> None:
    _check(_accepted(text), [("user", term, N)])


# a vague word is no value: "早上不能吃东西", "一吃就过敏" (whenever the user eats the thing named before)
@pytest.mark.parametrize(("text", "expected"), [
    ("我今天要去医院体检，早上不能吃东西", []),
    ("我不能吃海鲜，一吃就过敏", [("user", "海鲜", N)]),
])
def test_a_vague_word_is_no_value(text, expected) -> None:
    _check(_accepted(text), expected)


def test_a_team_cadence_is_still_a_value() -> None:
    assert [r.object for r in _accepted("我们两周一个迭代。")] == ["两周"]


# a stay somewhere is no home: "我人在成都旅游" (was lives_in «成都旅游»); where the user is, said alone, still is
@pytest.mark.parametrize(("text", "expected"), [
    ("我人在成都旅游，有什么推荐", []),
    ("我人在西安这边", [("user", "西安", P)]),
])
def test_a_stay_is_no_home(text, expected) -> None:
    _check(_accepted(text), expected)


# how the assistant should answer this time is no tool of the user's: "(我正在开车，)用语音回答" (was uses «语音回答»),
# nor the phone the user reads this on ("我用手机看的", was uses «手机看的»)
@pytest.mark.parametrize("text", ["我正在开车，用语音回答", "我用手机看的，代码别太长"])
def test_the_form_of_this_answer_is_no_tool(text) -> None:
    assert _accepted(text) == []


# a complaint after 总是 is no rule: "(我这两天在学做蛋糕，)总是塌" (was rule «塌»)
def test_a_one_character_complaint_is_no_rule() -> None:
    assert all(r.predicate != "rule" for r in _accepted("我这两天在学做蛋糕，总是塌"))


# what the frame left on the object: "我用的 iPhone" (was «的 iPhone»), "我喜欢上了爬山" (was «上了爬山»), "喜欢上了一个同事"
@pytest.mark.parametrize(("text", "expected"), [
    ("我老公用的安卓，我用的 iPhone，怎么共享相册", [("user", "iPhone", P)]),
    ("我最近喜欢上了爬山", [("user", "爬山", P)]),
    ("我喜欢上了一个同事，要不要表白", []),
])
def test_the_object_without_the_frame(text, expected) -> None:
    found = _accepted(text)
    _check(found, expected)
    assert all(not r.object.startswith(("的", "上了")) for r in found)


# another holder: a relative's or a pet's taste is theirs, and so is the next clause that drops the subject
@pytest.mark.parametrize(("text", "expected"), [
    ("我闺蜜对芒果过敏，生日蛋糕选什么", []),
    ("我家猫不喜欢吃猫粮，喜欢吃罐头", []),
    ("我老婆不吃辣，我特别喜欢吃辣", [("user", "辣", P)]),
    ("my friend is allergic to mangoes, what cake should I get", []),
    ("my cat hates dry food, loves tuna though", []),
])
def test_another_holders_taste_is_theirs(text, expected) -> None:
    _check(_accepted(text), expected)


# what an errand is about is no fact of the user's: a workplace named only as "这家公司", a colour read as a
# pet's name, the sentence handed over to translate, "我喜欢的" modifying a noun
@pytest.mark.parametrize("text", [
    "帮我写一封辞职信，我在这家公司干了五年",
    "帮我起个名字，我的猫是黑色的",
    "帮我翻译一下：我喜欢吃苹果",
    "写一段话，主题是我喜欢的季节",
    "translate this into Chinese: I love apples",
])
def test_what_an_errand_is_about_is_no_fact(text) -> None:
    assert _accepted(text) == []


def test_a_pets_name_is_still_its_name() -> None:
    _check(_accepted("我家猫叫咪咪，三岁了"), [("user", "咪咪", P)])


# 以前 … 现在: the stance now, said without its object, holds the thing said of the past (was «的» or nothing)
@pytest.mark.parametrize(("text", "expected"), [
    ("我以前不喜欢吃香菜，现在挺喜欢的", [("user", "香菜", P)]),
    ("我以前很喜欢喝可乐，现在不喝了", [("user", "可乐", N)]),
])
def test_the_stance_now_holds_the_thing_of_the_past(text, expected) -> None:
    _check(_accepted(text), expected)


# after a negation, 只 + verb says what the user does take (was diet «咖啡只喝茶», negative); the English "only"
# after a negative is read the same way
@pytest.mark.parametrize(("text", "expected"), [
    ("我不喝咖啡只喝茶", [("user", "咖啡", N), ("user", "茶", P)]),
    ("我不用 Windows 只用 Linux", [("user", "Windows", N), ("user", "Linux", P)]),
    ("I don't use Windows at all, only Linux", [("user", "Windows", N), ("user", "Linux", P)]),
])
def test_only_after_a_negation_is_what_the_user_takes(text, expected) -> None:
    _check(_accepted(text), expected)


# "改一下：" marks a correction, not material to polish: the value after it is read
def test_a_correction_marker_with_a_colon_is_no_material() -> None:
    _check(_accepted("我们服务部署在阿里云 ECS 上——改一下：是腾讯云，去年就迁过去了"), [("project", "腾讯云", P)])
