"""Chinese chat the rule extractor misread in the casual9 / devlike7 tune halves and a newcomer's finding
("我每天早上六点起床跑步" stored nothing), with the English counterpart (fixed alongside, or noted as already
read). Phrasings written for these tests, not taken from the labelled sets."""

from __future__ import annotations

import pytest

from langmem_nodes.write import grammar
from tests.test_extraction_compositional import _accepted, _check

P, N = "positive", "negative"


def _texts(text: str) -> list[str]:
    return [r.text for r in _accepted(text)]


# "X 都是 Y" over many things is no attribute of the user ("插件都是自己配的"); one value still is
@pytest.mark.parametrize(("text", "expected"), [
    ("我用 Emacs，配置都是自己写的", [("user", "Emacs", P)]),
    ("I use Emacs, my configs are all hand-written", [("user", "Emacs", P)]),
    ("我的电脑都是 Mac", [("user", "Mac", P)]),
    ("my laptops are all ThinkPads", [("user", "ThinkPads", P)]),
])
def test_a_generalisation_over_many_is_no_attribute(text, expected) -> None:
    _check(_accepted(text), expected)


def test_a_time_is_no_attribute() -> None:
    assert grammar.parse("我的上次是吃桃子脸肿的") == []


# a daily window ("晚上九点以后") stays in the stored text: the user drinks tea in the morning
def test_a_daily_window_is_kept() -> None:
    out = _accepted("我下午四点以后不喝茶的")
    _check(out, [("user", "茶", N)])
    assert "下午四点以后不喝茶" in out[0].text
    _check(_accepted("我晚上十点以后就不吃东西了"), [("user", "东西", N)])
    assert "不再" not in _accepted("我晚上十点以后就不吃东西了")[0].text  # a window, not a habit given up


def test_a_daily_window_in_english_already_reads() -> None:
    _check(_accepted("I don't drink tea after 4pm"), [("user", "tea", N)])


# the four-character "滴酒不沾": a diet
@pytest.mark.parametrize(("text", "term"), [("我平时滴酒不沾", "酒"), ("我烟酒不沾的", "烟酒"), ("I don't drink alcohol at all", "alcohol")])
def test_a_diet_said_as_an_idiom(text, term) -> None:
    _check(_accepted(text), [("user", term, N)])


@pytest.mark.parametrize("text", ["我爸滴酒不沾", "我平时一口都不沾"])
def test_someone_elses_idiom_or_no_object_is_not_stored(text) -> None:
    assert _accepted(text) == []


# a routine: how often, when, then the activity
@pytest.mark.parametrize(("text", "term", "said"), [
    ("我每天早上六点起床跑步", "跑步", "用户每天早上跑步"),
    ("我每天晚上下班后去游泳", "游泳", "用户每天晚上下班游泳"),
    ("我每周打羽毛球两次", "羽毛球", "用户每周打羽毛球两次"),
    ("我周末一般去爬山", "爬山", "用户周末一般爬山"),
])
def test_a_routine_is_stored(text, term, said) -> None:
    out = _accepted(text)
    _check(out, [("user", term, P)])
    assert out[0].text == said


@pytest.mark.parametrize("text", ["我昨天跑步了", "我明天早上六点起床跑步", "我老公每天早上跑步", "如果我每天跑步会瘦吗"])
def test_a_one_off_or_someone_elses_routine_is_not(text) -> None:
    assert _accepted(text) == []


# how the user gets to work
@pytest.mark.parametrize(("text", "term"), [
    ("我每天骑自行车上班，大概五公里", "自行车"), ("我平时坐地铁上班", "地铁"), ("I ride an e-bike to work every day", "e-bike"),
])
def test_how_the_user_commutes(text, term) -> None:
    _check(_accepted(text), [("user", term, P)])


# tool names alone go on with the project clause before them, in the message's language
def test_tools_alone_go_on_with_the_project() -> None:
    out = _accepted("我们前端用的 Vue，Pinia 加 Vite，打包有点慢")
    _check(out, [("project", "Vue", P), ("project", "Pinia", P), ("project", "Vite", P)])
    assert all(r.text.startswith("项目使用") for r in out)


def test_tools_alone_after_the_user_are_not_the_projects() -> None:
    assert [r.subject for r in _accepted("我写代码用 Neovim，tmux 加 zsh")] == ["user"]


def test_tools_in_english_already_read() -> None:
    _check(_accepted("Our frontend uses Vue, Pinia and Vite"), [("project", "Pinia", P), ("project", "Vite", P)])


# who hosts it, said before the tool
@pytest.mark.parametrize("text", ["代码托管在公司自建的 Gitea 上", "our code is hosted on a self-hosted Gitea"])
def test_a_self_hosted_tool(text) -> None:
    _check(_accepted(text), [("project", "Gitea", P)])


# a team convention: topic, modal, the way; the team's rules go on in the next clause
@pytest.mark.parametrize(("text", "expected"), [
    ("我们团队规定变量名一律用驼峰，类名一律大驼峰", [("project", "变量名一律用驼峰", P), ("project", "类名一律大驼峰", P)]),
    ("我们组规定注释要写英文", [("project", "注释要写英文", P)]),
    ("函数名不准用拼音", [("project", "拼音", N)]),
    ("代码缩进统一四个空格", [("project", "四个空格", P)]),
    ("我们团队规定缩进用 tab，提交信息要用英文写", [("project", "tab", P), ("project", "英文", P)]),
])
def test_a_team_convention(text, expected) -> None:
    _check(_accepted(text), expected)
    assert all(r.predicate == "rule" for r in _accepted(text))


@pytest.mark.parametrize("text", ["我们组规定注释要写英文，不要写中文", "我们团队规定变量名一律用驼峰，不准用拼音"])
def test_the_other_side_of_a_convention_is_not_a_second_rule(text) -> None:
    assert [r.polarity.value for r in _accepted(text)] == [P]


def test_a_negative_convention_keeps_its_topic() -> None:
    assert _texts("函数名不许用下划线") == ["项目规则：函数名，不要用下划线"]


@pytest.mark.parametrize("text", ["注释要写清楚", "我们别吵了", "时间要抓紧", "我们得加班", "我们公司规定九点上班"])
def test_a_wish_is_no_convention(text) -> None:
    assert _accepted(text) == []


def test_a_convention_in_english_already_reads_its_prohibition() -> None:
    # a team's rule is the project's (team_frame.py), both halves of it
    _check(_accepted("Our team rule: variable names are always camelCase, never pinyin"),
           [("project", "camelCase", P), ("project", "pinyin", N)])


# a pinned version belongs to the tool
@pytest.mark.parametrize(("text", "term"), [("项目的 Python 版本锁在 3.11", "Python 3.11"), ("Our Python version is pinned to 3.11", "3.11")])
def test_a_pinned_version(text, term) -> None:
    _check(_accepted(text), [("project", term, P)])


def test_a_habit_without_its_holder_after_another_fact_is_not_stored() -> None:
    _check(_accepted("我住在成都，平时坐地铁上班"), [("user", "成都", P)])


# "一口都不能碰" says how little the speaker can have: no instruction
def test_an_emphatic_cannot_is_no_rule() -> None:
    assert _accepted("我对酒精过敏，晚上八点以后一口都不能喝") and all(r.predicate != "rule" for r in _accepted("我对酒精过敏，晚上八点以后一口都不能喝"))
    assert [r.predicate for r in _accepted("以后代码里一行都不要写中文注释")] == ["rule"]
    assert all(r.predicate != "rule" for r in _accepted("I'm allergic to alcohol, after 8pm I can't have a single sip"))  # already so


# the topic first, then the user's stance; a topic that points at one thing or a person is a complaint
@pytest.mark.parametrize(("text", "term", "polarity"), [
    ("阴天我最讨厌跑步了", "阴天跑步", N), ("陈奕迅的歌我百听不厌", "陈奕迅的歌", P), ("榴莲我最讨厌了", "榴莲", N),
    ("I hate going out on rainy days", "rainy days", N),  # English already reads it
])
def test_a_stance_after_its_topic(text, term, polarity) -> None:
    _check(_accepted(text), [("user", term, polarity)])


@pytest.mark.parametrize("text", ["这个 bug 我讨厌死了", "老板我受不了了", "那家店我最讨厌了"])
def test_a_complaint_about_one_thing_is_no_stance(text) -> None:
    assert _accepted(text) == []


# a team's cadence
@pytest.mark.parametrize(("text", "term"), [("我们三周一个迭代", "三周"), ("我们每周发一次版", "每周")])
def test_a_team_cadence(text, term) -> None:
    _check(_accepted(text), [("project", term, P)])
