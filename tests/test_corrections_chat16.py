"""Corrections in natural chat, en + zh, whatever the shape of the new value (`correction_swap`):

- the old value found by the new value's shape in a sentence nothing was read from: a number with its unit ("size 42"
  / "43", "42码" / "43码"), a noun sharing its head ("oat milk" / "almond milk", "燕麦奶" / "杏仁奶"), a place for a
  place, a name for a name ("Vim" / "Neovim", "VS Code" / "Cursor", "王芳" / "王芬");
- the new value found by the old value's shape, or by its place after the same words, in a clause nothing reads
  ("quick fix to what I said: 3.12", "我在腾讯" for "我在阿里做后端");
- markers told by their parts: a pointer at what was said with a verdict or fix ("quick fix to what I said",
  "我之前那条说得不对"), an error word with fillers ("typo on my part"), a value withdrawn that the same message said
  ("…13寸的笔记本，不是13寸，是15寸的"), an apology between two values of one shape, "or rather" and a value;
- whose the value is: a household ("我们家是四楼") is the user's, a server or repo the project's.
"""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.write.correction_swap import (
    aligned,
    holder,
    household,
    is_marker,
    marks,
    not_but,
    old_span,
    rather,
    trimmed,
)
from tests._replay import landed, replay

CTX = MemoryContext(user_id="c16", project_id="app", session_id="s1")


def _say(store, *turns: str) -> list:
    return replay(store, *turns, ctx=CTX, reply="Sure.")


def _gone(active: list, old: str) -> bool:
    return not any(old.casefold() in r.object.casefold() for r in active)


# ---- parts -----------------------------------------------------------------------------------------------------
def test_old_span_by_the_new_values_shape_en() -> None:
    assert old_span("almond milk", "I drink my coffee with oat milk") == "oat milk"
    assert old_span("43", "I wear a size 42 shoe") == "42"
    assert old_span("Neovim", "I edit everything in Vim") == "Vim"
    assert old_span("Montreal", "My sister lives in Toronto") == "Toronto"
    assert old_span("Oak Street", "I live on Elm Street") == "Elm Street"
    assert old_span("Paris", "I love green tea") == "" and old_span("43", "I said 43 already") == ""


def test_old_span_by_the_new_values_shape_zh() -> None:
    assert old_span("43码", "我穿42码的鞋") == "42" and old_span("杏仁奶", "我喝咖啡只加燕麦奶") == "燕麦奶"
    assert old_span("深圳", "我姐姐住在广州") == "广州" and old_span("王芬", "我领导叫王芳") == "王芳"
    assert old_span("Cursor", "我写代码用VS Code") == "VS Code" and old_span("七岁", "我儿子今年六岁") == "六岁"
    assert old_span("北京", "是我姐住的那个城市") == ""  # a place pointed at is no place named


def test_new_value_by_the_old_values_place() -> None:
    assert aligned("阿里", "我在阿里做后端", "我在腾讯") == "腾讯"
    assert aligned("Stripe", "I'm a backend engineer at Stripe", "I'm at Shopify") == "Shopify"
    assert aligned("阿里", "我在阿里做后端", "周末去爬山") == ""
    assert not_but("we're not on MySQL but MariaDB") == "we're on MariaDB" and not_but("I like it") == "I like it"
    assert rather("or rather 50") == "50" and rather("I'd rather not") == ""
    assert trimmed("moving on July 28 😩 can you make me a checklist") == "moving on July 28"


def test_markers_by_their_parts_en() -> None:
    assert is_marker("typo on my part") and is_marker("my mistake there") and is_marker("oops wrong one")
    assert not is_marker("I like my part") and not is_marker("Fix the typo in line 3") and not is_marker("sorry")
    assert marks("Quick fix to what I said: 3.12.") and marks("I got her age wrong earlier, she's 8")
    assert marks("i ride a 56cm frame — not the 56, the 54cm")
    assert marks("My manager's name is Priya — sorry, Pooja.") and marks("My commute is 40 minutes, or rather 50.")
    assert marks("Sorry, Oak Street, Elm is where my office is.", ["I live on Elm Street."])
    assert not marks("I said I like tea.") and not marks("Can you fix what I said earlier?") and not marks("I like tea, not coffee.")
    assert not marks("Sorry, Oak Street is far.", ["I love tea."])


def test_markers_by_their_parts_zh() -> None:
    assert is_marker("我之前那条说得不对") and is_marker("哦打错字了") and not is_marker("我说的话你记住")
    assert marks("前面说他六岁不对，是七岁。") and marks("我用的是13寸的笔记本，不是13寸，是15寸的。")
    assert marks("我领导叫王芳，不好意思，王芬。")
    assert not marks("我喜欢喝茶，不是咖啡。") and not marks("你刚才说的不对吗？")


def test_whose_value() -> None:
    assert holder("We have 4 kids") == "user" and holder("I live on Oak Street") == "user"
    assert holder("测试服务器用的是Ubuntu 22.04") == "project" and holder("we deploy on Thursdays") == "project"
    assert household("我们家是二楼…啊不是，是三楼") and household("our apartment is on the 3rd floor")
    assert not household("我们项目用 Vue 3") and not household("our team uses Jira")


# ---- whole conversations -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("turns, new, old", [
    (("I drink my coffee with oat milk.", "actually scratch that, almond milk."), "almond milk", "oat milk"),
    (("I wear a size 42 shoe, no wait, 43.",), "43", "42"),
    (("The repo uses Python 3.10.", "Quick fix to what I said: 3.12."), "3.12", "3.10"),
    (("My manager's name is Priya — sorry, Pooja, Priya is her colleague.",), "Pooja", ""),
    (("I live on Elm Street.", "Sorry, Oak Street, Elm is where my office is."), "Oak Street", ""),
    (("My commute is 40 minutes by bus, or rather 50.",), "50", "40"),
    (("Actually, we're not on Jenkins but Buildkite.",), "Buildkite", ""),
    (("Our staging server runs Ubuntu 20.04.", "typo on my part — 22.04."), "22.04", "20.04"),
])
def test_any_value_shape_lands_en(store, turns, new, old) -> None:
    active = _say(store, *turns)
    assert landed(active, new), [(r.subject, r.object, r.source.value) for r in active]
    assert not old or _gone(active, old), [(r.subject, r.object, r.source.value) for r in active]


@pytest.mark.parametrize("turns, new, old", [
    (("我喝咖啡只加燕麦奶。", "哦我说错了，是杏仁奶。"), "杏仁奶", "燕麦奶"),
    (("我穿42码的鞋，不对不对，43码。",), "43码", "42码"),
    (("我姐姐住在广州。", "哎不对，是深圳，广州是我哥。"), "深圳", ""),
    (("我在阿里做后端。", "推荐本书？", "对了我之前那条说得不对，我在腾讯，不是阿里。"), "腾讯", "阿里"),
    (("我用的是13寸的笔记本，不是13寸，是15寸的。",), "15寸", "13寸"),
    (("我有三个孩子——不好意思，四个，老是忘了小的。",), "四个", "三个"),
    (("我们项目用的 Vue 2，说错了，去年就升到 Vue 3 了。",), "Vue 3", "Vue 2"),
    (("测试服务器用的是Ubuntu 20.04。", "打错了，22.04。"), "22.04", "20.04"),
])
def test_any_value_shape_lands_zh(store, turns, new, old) -> None:
    active = _say(store, *turns)
    assert landed(active, new), [(r.subject, r.object, r.source.value) for r in active]
    assert not old or _gone(active, old), [(r.subject, r.object, r.source.value) for r in active]


def test_whose_corrected_value(store) -> None:
    active = _say(store, "我们家是四楼…啊不是，是五楼，没电梯。")
    assert [r.subject for r in landed(active, "五楼")] == ["user"], [(r.subject, r.object) for r in active]


def test_server_value_is_the_projects(store) -> None:
    active = _say(store, "测试服务器用的是Ubuntu 20.04。", "打错了，22.04。")
    assert [r.subject for r in landed(active, "22.04")] == ["project"], [(r.subject, r.object) for r in active]


@pytest.mark.parametrize("turns", [
    ("My sister lives in Toronto.", "Montreal is lovely in the summer."),
    ("我姐姐住在广州。", "深圳的天气怎么样？"),
    ("I use Vim.", "sorry my bad, she's called Amy."),
    ("我用 Vim。", "说错了，她叫小美。"),
])
def test_no_marker_or_someone_elses_value_corrects_nothing(store, turns) -> None:
    active = _say(store, *turns)
    assert not [r for r in active if r.source.value == "explicit_correction"], [(r.object, r.source.value) for r in active]


# ---- a value put in its place, by shape, kind or copula; a withdrawn value inside the clause ----------------------
def test_put_by_shape_kind_or_copula() -> None:
    from langmem_nodes.write.correction_swap import put, widened

    assert put("43码", "我穿42码的鞋") == ("我穿43码的鞋", "42")
    assert put("iOS 16", "our app's minimum iOS version is 15") == ("our app's minimum iOS version is iOS 16", "15")
    assert put("", "i train 4 days a week", "it's 5 days now since i added a leg day") == ("i train 5 days a week", "4")
    assert put("biweekly", "our on-call rotation is weekly", "it's biweekly since October") == ("our on-call rotation is biweekly", "weekly")
    assert put("biweekly", "our on-call rotation is weekly") is None  # a copula only for "it's X"
    assert widened("Tuesday", "make that Tuesday and Thursday") == "Tuesday and Thursday" and widened("五楼了") == "五楼"


def test_not_then_is_zh() -> None:
    from langmem_nodes.write.correction_swap import not_then_is

    assert not_then_is("其实我每天不是喝三杯水，是五杯。") == ("其实我每天喝五杯水，不是三杯。", ["其实我每天喝五杯水"])
    assert not_then_is("我在杭州上班，哦其实不是杭州，是苏州。")[1] == []  # a bare value withdrawn: read as it is


@pytest.mark.parametrize("turns, new, old", [
    (("fyi our release cycle is monthly — my mistake, it's quarterly since January.",), "quarterly", "monthly"),
    (("My hourly rate is $60 — actually hang on, I raised it, it's $80 an hour now.",), "$80", "$60"),
    (("My climbing days are Monday and Friday — actually, make that Tuesday and Saturday.",), "Tuesday and Saturday", "Monday"),
    (("其实我每天不是喝三杯水，是五杯。",), "五杯", "三杯"),
    (("我每月通勤费300，哦等下，是450，上个月涨价了。",), "450", "300"),
])
def test_second_batch_lands_en_zh(store, turns, new, old) -> None:
    active = _say(store, *turns)
    assert landed(active, new), [(r.subject, r.object, r.source.value) for r in active]
    assert not old or _gone(active, old), [(r.subject, r.object, r.source.value) for r in active]


@pytest.mark.parametrize("turns", [
    ("when is the tax deadline?", "that's wrong, the first one is march, the second is june."),
    ("报税截止是哪天？", "不对，第一个是三月，第二个是六月。"),
])
def test_a_marker_about_the_answer_withdraws_nothing_of_the_users(store, turns) -> None:
    active = _say(store, *turns)
    assert not [r for r in active if r.source.value == "explicit_correction"], [(r.object, r.source.value) for r in active]


def test_rules_and_requests_are_no_markers_en_zh() -> None:
    for said in ("If what I said earlier is wrong, tell me.", "I wrote the wrong test yesterday, can you help fix it?",
                 "I mentioned my typo habit before, please catch typos.", "we use Python 3.11, wait, also 3.12 in CI",
                 "写注释不准用英文", "代码写错了你要直接指出来。", "我说话比较直，说错了别介意。", "以后我说的不对你就直接纠正"):
        assert not marks(said), said
    assert marks("I said Lisbon earlier, that was a mistake") and marks("刚才讲的时间不对，是三点")


def test_a_value_said_before_or_a_request_is_not_swapped(store) -> None:
    active = _say(store, "我平时用 Windows 开发，帮我装个 Docker", "哦不对我说反了，家里是 Windows，公司电脑是 Mac")
    assert not [r for r in active if "docker" in r.object.casefold() or r.object.startswith("帮我")], [(r.object, r.source.value) for r in active]
