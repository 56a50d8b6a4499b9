"""Chinese chat the rule extractor misread in the tune halves (casual9 c9-zh-011,
chat5 b5-chatt-zh-046, chat5 b5-chatt-zh-022, own6 o6-zh-013, own3 o3-zh-01, own5 o5-zh-044), with the English counterpart where the kind exists in English.
Phrasings written for these tests, not taken from the labelled sets."""

from __future__ import annotations

import pytest

from langmem_nodes.write.extractor import RuleExtractor
from tests.test_extraction_compositional import _accepted, _check

P, N = "positive", "negative"


def _claims(*turns: str) -> list[tuple[str, str, str]]:
    """(subject, object, polarity) of what the last user turn says; earlier turns alternate user / assistant."""
    earlier = [{"role": "user" if i % 2 == 0 else "assistant", "content": t} for i, t in enumerate(turns[:-1])]
    return [(c.subject, c.object, c.polarity) for c, *_ in RuleExtractor().claims(turns[-1], earlier=earlier)]


# a value the correction gives to an earlier thing or another team is the old value, not a new fact
@pytest.mark.parametrize(("turns", "expected"), [
    (("我们项目前端用的 React", "好的，React 首屏慢可以…", "更正一下，是 Svelte，React 是隔壁组的项目"),
     [("project", "Svelte", P)]),
    (("我们后端用的 Django", "好的", "不对，是 Flask，Django 是别的组的"), [("project", "Flask", P)]),
    (("我的笔记本是 ThinkPad X1", "X1 的内存是板载的", "哦不好意思，我记错了，我现在用的是 MacBook Pro，ThinkPad 是之前那台"),
     [("user", "MacBook Pro", P)]),
    (("Our frontend uses React.", "React apps can…", "Correction: it's Svelte, React is the other team's project."),
     [("project", "Svelte", P)]),
    (("Our backend is Flask.", "ok", "No wait, it's FastAPI, Flask is another team's service."), [("project", "FastAPI", P)]),
])
def test_a_value_owned_elsewhere_is_the_old_value(turns, expected) -> None:
    got = _claims(*turns)
    assert len(got) == len(expected), got
    for subject, term, polarity in expected:
        assert any(s == subject and term in o and p == polarity for s, o, p in got), got


# a relative's job stays a third party's fact (own3 o3-zh-04, own4 o4-zh-059 label it so; devlike5 b5-devt-zh-036
# labels it the user's — the sets disagree, the lead settles it): nothing stored, in both languages
@pytest.mark.parametrize("text", ["我老婆是护士。", "我姐是护士，经常上夜班", "my sister is a nurse"])
def test_a_relatives_job_is_not_stored(text) -> None:
    assert _accepted(text) == []


# a withdrawal whose new value has another attribute than the value said last withdraws the value of its own
# attribute (chat5 b5-chatt-zh-022): where the user works stays, where they live is corrected
@pytest.mark.parametrize(("text", "kept", "new", "old"), [
    ("我住在望京，每天去国贸上班——啊不是，我上周刚搬家，现在住回龙观了", "国贸", "回龙观", "望京"),
    ("我用 Vim，在字节上班，不对，我用 Emacs", "字节", "Emacs", "Vim"),
    ("I use Vim and I work at Google — scratch that, I use Emacs.", "Google", "Emacs", "Vim"),
])
def test_a_withdrawal_takes_back_the_value_of_its_own_attribute(text, kept, new, old) -> None:
    found = [c for c, *_ in RuleExtractor().claims(text)]
    assert [c.object for c in found] == [kept, new], [(c.predicate, c.object) for c in found]
    assert found[1].replaces == [old]


def _active(*turns: str) -> list[str]:
    """The objects active after the write graph ran on each user turn (turns alternate user / assistant)."""
    from evals.extraction import run_case

    case = {"id": "t", "turns": [{"role": "user" if i % 2 == 0 else "assistant", "content": t} for i, t in enumerate(turns)]}
    return sorted(r["object"] for r in run_case(case, RuleExtractor())[0])


# a correction that names the old value short ("ThinkPad") replaces the value said before ("ThinkPad X1"), which
# no longer stays active (chat5 b5-chatt-zh-046). (One naming only the thing, "我手机是 iPhone" after "我用安卓手机",
# was read too and taken back: it lost a match on the blind casual10_heldout zh.)
@pytest.mark.parametrize(("turns", "old", "new"), [
    (("我的笔记本是 ThinkPad X1，帮我查下怎么加内存条", "X1 的内存是板载焊死的",
      "哦不好意思，我记错了，我现在用的是 MacBook Pro，ThinkPad 是之前那台"), "ThinkPad X1", "MacBook Pro"),
    (("My laptop is a ThinkPad X1.", "The X1 has soldered RAM.",
      "Sorry, I got that wrong, I'm on a MacBook Pro now, the ThinkPad was the previous one."), "ThinkPad X1", "MacBook Pro"),
])
def test_a_correction_replaces_the_value_said_before(turns, old, new) -> None:
    active = _active(*turns)
    assert any(new in o for o in active), active
    assert not any(old in o for o in active), active


# who issued a device is no device of the user's (own3 o3-zh-01); a named one still is
@pytest.mark.parametrize("text", ["我用的是公司的电脑，不知道有没有关系", "我电脑是公司配的", "I use the company laptop."])
def test_an_issued_device_without_a_name_is_not_stored(text) -> None:
    assert _accepted(text) == [], [r.text for r in _accepted(text)]


@pytest.mark.parametrize(("text", "term"), [("我现在用的是公司发的 MacBook Pro", "MacBook Pro"),
                                            ("My laptop is a company ThinkPad.", "ThinkPad")])
def test_an_issued_device_with_a_name_is_stored(text, term) -> None:
    _check(_accepted(text), [("user", term, P)])


# the team said as "组里" / "公司" / "our team's style guide" holds the convention (own5 o5-zh-044)
@pytest.mark.parametrize(("text", "term"), [
    ("组里代码规范要求行宽 100", "100"),
    ("组里规定提交信息要写中文", "中文"),
    ("公司规定函数名一律小驼峰", "小驼峰"),
    ("Our team's style guide requires a line width of 100.", "100"),
    ("The team style guide says that commit messages must be in English.", "English"),
])
def test_a_team_convention_without_we_is_the_projects(text, term) -> None:
    _check(_accepted(text), [("project", term, P)])


@pytest.mark.parametrize("text", ["公司规定九点上班", "组里要求很严", "Our team's style guide is a mess."])
def test_no_convention_no_rule(text) -> None:
    assert _accepted(text) == []
