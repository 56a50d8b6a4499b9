"""Chinese extractor gaps a newcomer found from the README (compound sentences, stopped habits, 我的X是Y, standing
requests about answers, age / car / languages / stores), with the English counterpart where English already reads
it. Phrasings written for these tests, not taken from the labelled sets."""

from __future__ import annotations

import pytest

from langmem_nodes.write import RuleExtractor
from tests.test_extraction_compositional import _accepted, _check, _converse

P, N = "positive", "negative"


def _texts(text: str) -> list[str]:
    return [r.text for r in _accepted(text)]


# every clause of a compound sentence is read
@pytest.mark.parametrize(("text", "expected"), [
    ("我喜欢猫也喜欢狗", [("user", "猫", P), ("user", "狗", P)]),
    ("我不吃香菜也不吃葱", [("user", "香菜", N), ("user", "葱", N)]),
    ("我用 Neovim 也用 JetBrains", [("user", "Neovim", P), ("user", "JetBrains", P)]),
    ("I like cats and I also like dogs", [("user", "cats", P), ("user", "dogs", P)]),
])
def test_every_clause_of_a_compound_sentence_lands(text, expected) -> None:
    _check(_accepted(text), expected)


def test_also_after_a_holder_does_not_split() -> None:
    _check(_accepted("仓库也用 Renovate"), [("project", "Renovate", P)])


@pytest.mark.parametrize(("text", "new", "old"), [
    ("不对，我其实喜欢普洱，不喜欢乌龙茶。", "普洱", "乌龙茶"),
    ("No, actually I like pu-erh, I don't like oolong.", "pu-erh", "oolong"),
])
def test_a_flipped_correction_keeps_both_halves(store, text, new, old) -> None:
    active = _converse(store, [text])
    _check(active, [("user", new, P), ("user", old, N)])
    assert next(r for r in active if r.polarity.value == P).source.value == "explicit_correction"


@pytest.mark.parametrize("turns", [
    ["我喜欢喝乌龙茶", "不对，我其实喜欢普洱，不喜欢乌龙茶。"],  # withdraws what was said: only the new value stands
    ["不是这样的，反过来：我更喜欢普洱，不喜欢乌龙茶。"],  # a ranking: one preference
])
def test_a_withdrawn_or_ranked_old_side_is_only_replaced(store, turns) -> None:
    _check(_converse(store, turns), [("user", "普洱", P)])


# a stopped habit is a negative fact whose text keeps the verb
@pytest.mark.parametrize(("text", "term", "said"), [
    ("我不再吃牛肉了", "牛肉", "用户不再吃牛肉"),
    ("我已经不喝可乐了", "可乐", "用户不再喝可乐"),
    ("我早就不玩手游了", "手游", "用户不再玩手游"),
    ("我再也不刷短视频了", "短视频", "用户不再刷短视频"),
    ("我不抽雪茄了", "雪茄", "用户不再抽雪茄"),
    ("我已经戒槟榔了", "槟榔", "用户已戒槟榔"),
    ("我戒了奶茶", "奶茶", "用户已戒奶茶"),
    ("宵夜我早就戒了", "宵夜", "用户已戒宵夜"),
    ("我把烟戒掉了", "烟", "用户已戒烟"),
    ("我不喝白酒", "白酒", "用户不喝白酒"),
])
def test_a_stopped_habit_keeps_its_verb(text, term, said) -> None:
    _check(_accepted(text), [("user", term, N)])
    assert _texts(text) == [said]


@pytest.mark.parametrize("text", ["I don't eat pork anymore"])
def test_a_stopped_habit_en(text) -> None:
    _check(_accepted(text), [("user", "pork", N)])


# 我的X是Y is the user's, never "项目的我的…"
@pytest.mark.parametrize(("text", "said"), [
    ("记住：我的数据库是 MariaDB。", "用户的数据库：MariaDB"),
    ("我的服务器是 Hetzner 的", "用户的服务器：Hetzner"),  # the name without the frame's 的 (object_end_zh)
])
def test_my_x_is_the_users(text, said) -> None:
    _check(_accepted(text), [("user", said.split("：")[1].rstrip(" 的"), P)])
    assert all("我的" not in t for t in _texts(text)) and said in _texts(text)


def test_our_x_is_still_the_projects() -> None:
    _check(_accepted("我们的数据库是 MariaDB"), [("project", "MariaDB", P)])


def test_my_database_en() -> None:
    _check(_accepted("remember: my database is MariaDB."), [("user", "MariaDB", P)])


# a standing request about how the assistant answers is the user's rule; a one-off request is not stored
@pytest.mark.parametrize(("text", "term"), [
    ("以后回答简洁一点", "简洁"),
    ("今后你都用英文回复", "用英文回复"),
    ("每次解释都详细一点", "详细"),
    ("from now on keep your answers brief", "brief"),
])
def test_a_standing_answer_style_is_a_rule(text, term) -> None:
    recs = _accepted(text)
    _check(recs, [("user", term, P)])
    assert recs[0].predicate == "rule"


@pytest.mark.parametrize("text", ["这次回答简洁一点", "帮我把这段改简洁一点", "回答简洁一点", "this time keep it brief"])
def test_a_one_off_answer_request_is_not_stored(text) -> None:
    assert _accepted(text) == []


def test_a_negated_answer_rule_stays_negative() -> None:
    _check(_accepted("以后回复里不要加颜文字"), [("user", "颜文字", N)])


# age, car, languages, lacking, where the project's data lives, a version floor
@pytest.mark.parametrize(("text", "expected"), [
    ("我今年27岁，还在读博", [("user", "27岁", P)]),
    ("我刚满三十", [("user", "三十", P)]),
    ("我开比亚迪，油费省不少", [("user", "比亚迪", P)]),
    ("我会说闽南话和英语", [("user", "闽南话和英语", P)]),
    ("我还没有驾照", [("user", "驾照", N)]),
    ("我们目前日志都存在 Loki 和 S3 里", [("project", "Loki", P), ("project", "S3", P)]),
    ("项目要求 Rust 1.75 以上", [("project", "Rust 1.75", P)]),
    ("I drive a Toyota", [("user", "Toyota", P)]),
])
def test_plain_personal_and_project_facts(text, expected) -> None:
    _check(_accepted(text), expected)


@pytest.mark.parametrize("text", ["我开会去了", "我开发小程序", "我没时间"])
def test_near_misses_store_nothing(text) -> None:
    claims = RuleExtractor().claims(text)
    assert not [c for c, *_ in claims if c.predicate in ("attr:车", "attr:年龄", "has")]


# tune-set misses (casual7 / chat5 / devlike5 tune), with phrasings written here
@pytest.mark.parametrize(("text", "expected"), [
    ("我们一家都不能吃海鲜", [("user", "海鲜", N)]),
    ("我性格挺外向的", [("user", "外向", P)]),
    ("I'm an introvert", [("user", "introvert", P)]),
    ("这个仓库的代码风格要遵循 Google Style", [("project", "Google Style", P)]),
    ("我们团队规定所有接口必须走 OAuth2 鉴权", [("project", "OAuth2", P)]),
    ("仓库里禁止直接 push 到 main 分支", [("project", "main", N)]),
    ("部署文档放在 docs/deploy 目录下", [("project", "docs/deploy", P)]),
    ("我住在通州，每天去中关村上班", [("user", "通州", P), ("user", "中关村", P)]),
    ("我们的告警都是发到钉钉群的", [("project", "钉钉", P)]),
])
def test_tune_set_kinds(text, expected) -> None:
    _check(_accepted(text), expected)


@pytest.mark.parametrize(("text", "kept"), [
    ("我是左撇子，想买个适合左手用的键盘", ["左撇子"]),  # 想买… is a wish, not a fact
    ("不对，我是说我讨厌加班，尤其是周末。", ["加班"]),  # 尤其是… is no attribute
])
def test_no_extra_memory_from_a_tail_clause(text, kept) -> None:
    assert sorted(r.object for r in _accepted(text)) == kept


@pytest.mark.parametrize("text", ["我每天去公司上班", "项目也是 monorepo 的一部分吗"])
def test_generic_workplaces_store_nothing(text) -> None:
    assert not [r for r in _accepted(text) if r.predicate in ("works_in", "works_at")]


# casual8 tune kinds, phrasings written here
@pytest.mark.parametrize(("text", "expected"), [
    ("我今年29了，想换个工作", [("user", "29", P)]),
    ("我开的是比亚迪秦，续航还行", [("user", "比亚迪秦", P)]),
    ("我不会游泳，所以别推荐潜水", [("user", "游泳", N)]),
    ("我们上半年把队列从 RabbitMQ 换成了 Kafka", [("project", "Kafka", P)]),
    ("我们组接口统一用 REST，日志按 Google 规范写", [("project", "REST", P), ("project", "Google", P)]),
    ("我在成都一家游戏公司上班", [("user", "成都", P), ("user", "游戏公司", P)]),
    ("我是蛋奶素", [("user", "蛋奶素", P)]),
])
def test_casual8_kinds(text, expected) -> None:
    _check(_accepted(text), expected)


@pytest.mark.parametrize("text", ["我表弟养了条狗，天天拆家", "我是左撇子，鼠标老是用不顺手", "我不会忘的"])
def test_casual8_near_misses_store_no_extra(text) -> None:
    assert [r.object for r in _accepted(text)] in ([], ["左撇子"])


def test_a_convention_reads_as_followed() -> None:
    assert [r.text for r in _accepted("提交信息按 Angular 规范写")] in (["项目遵循Angular 规范"], ["项目遵循Angular规范"])


def test_where_alerts_go_is_the_tool_not_the_verb() -> None:
    assert [r.object for r in _accepted("我们的告警都是发到钉钉群的")] == ["钉钉群"]
