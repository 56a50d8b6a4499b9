"""A slip clause composed of parts (`write/slip.py`: opener + self-error / verdict / withdrawal / slip noun) makes a
correction land, in the same sentence and in a later turn, en + zh (issue #16 item 2): the new value is stored as
`explicit_correction` and the old one is no longer active; a slip whose new value does not parse leaves the old
value flagged `needs_confirmation`."""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write.slip import is_slip, marks, split_lead
from tests._replay import landed, replay


def _say(store, *turns: str, user: str = "sl") -> list:
    return replay(store, *turns, ctx=MemoryContext(user_id=user, session_id="s1"))


_landed = landed


IN_TURN = {  # the value before the slip clause is withdrawn, the value after it replaces it
    "en-strike-that": ("I work as a teacher, strike that, nurse.", "nurse", "teacher"),
    "en-not-right": ("I live in Berlin, that's not right, Hamburg.", "Hamburg", "Berlin"),
    "en-got-it-wrong": ("I work as a teacher, I got that wrong, nurse.", "nurse", "teacher"),
    "en-mixed-up": ("I live in Berlin, I mixed that up, Hamburg.", "Hamburg", "Berlin"),
    "en-heading": ("I use Vim for coding, let me correct that: Emacs.", "Emacs", "Vim"),
    "zh-gao-cuo": ("我住在北京，其实我搞错了，是天津。", "天津", "北京"),
    "zh-gangcai-budui": ("我用PyCharm写代码，刚才说的不对，是VS Code。", "VS Code", "PyCharm"),
    "zh-jiuzheng": ("我住在北京，纠正一下，是天津。", "天津", "北京"),
    "zh-kouwu": ("我住在北京，口误，是天津。", "天津", "北京"),
    "zh-youwu": ("我住在北京，前面说的有误，是天津。", "天津", "北京"),
    "zh-heading": ("我是产品经理，改一下：是设计师。", "设计师", "产品经理"),
}


@pytest.mark.parametrize("case", IN_TURN)
def test_a_slip_clause_in_the_sentence_replaces_the_value_before_it(store, case) -> None:
    said, new, old = IN_TURN[case]
    active = _say(store, said)
    assert _landed(active, new)
    assert not [r for r in active if old in r.object]


CROSS_TURN = {  # a later turn opens with the slip: the earlier turn's value is superseded
    "en-strike-full": ("I work as a teacher.", "strike that, I work as a nurse.", "nurse", "teacher"),
    "en-disregard-bare": ("I work as a teacher.", "disregard that, nurse.", "nurse", "teacher"),
    "en-heading-bare": ("I use Vim for coding.", "let me correct that: Emacs.", "Emacs", "Vim"),
    "zh-gangcai-full": ("我用PyCharm写代码。", "刚才说的不对，我用VS Code写代码。", "VS Code", "PyCharm"),
    "zh-youwu-bare": ("我住在北京。", "前面说的有误，是天津。", "天津", "北京"),
    "zh-nong-cuo-bare": ("我用PyCharm写代码。", "弄错了，是VS Code。", "VS Code", "PyCharm"),
}


@pytest.mark.parametrize("case", CROSS_TURN)
def test_a_slip_in_a_later_turn_supersedes_the_earlier_value(store, case) -> None:
    first, fix, new, old = CROSS_TURN[case]
    active = _say(store, first, fix)
    assert _landed(active, new)
    assert not [r for r in active if old in r.object]
    superseded = [r for r in store.find(None, statuses=(Status.SUPERSEDED,)) if old in r.object]
    assert superseded


UNPARSED = {  # a slip with no readable new value: the old value stays, flagged for confirmation
    "en": ("I live in Berlin.", "Hold on, strike that.", "Berlin"),
    "zh": ("我住在北京。", "前面说的有误。", "北京"),
}


@pytest.mark.parametrize("case", UNPARSED)
def test_a_slip_alone_marks_the_old_value_needs_confirmation(store, case) -> None:
    first, fix, old = UNPARSED[case]
    (record,) = [r for r in _say(store, first, fix) if old in r.object]
    assert record.metadata.get("needs_confirmation")


def test_slip_clauses_compose_from_parts() -> None:
    assert all(is_slip(c) for c in ("oh wait, strike that", "hmm, I got that wrong", "sorry, what I said is wrong",
                                    "哎呀，说错了", "不好意思，刚才那个不对", "等等，前面说的有误"))
    # a clause that says more than the slip, or a mistake that is not about what was said, is no slip
    assert not any(is_slip(c) for c in ("that's wrong about Rust", "strike a balance", "I made a typo in my CV",
                                        "我说的是Go", "我说错话了", "这个方案不对"))
    assert split_lead("let me correct that: Emacs") == ["let me correct that", "Emacs"]
    assert split_lead("改一下：我是设计师") == ["改一下", "我是设计师"]
    assert split_lead("改一下这段代码") == ["改一下这段代码"]
    assert marks("我住在北京，刚才说的不对，是天津") and not marks("帮我把这段代码改一下")


NEW_NOT_OLD = {  # the new value with the old one named after it ("Max not Rex"): the new value alone lands
    "en-cross": (("My dog is called Rex.", "no no, Max not Rex."), "Max", "Rex"),
    "en-in-turn": (("Our CI runs on Jenkins, oops, GitHub Actions not Jenkins.",), "GitHub Actions", "Jenkins"),
    "zh-cross": (("我们CI用的是Jenkins。", "口误，GitLab CI不是Jenkins。"), "GitLab CI", "Jenkins"),
    "zh-in-turn": (("我家狗叫旺财，哦不对，豆豆不是旺财。",), "豆豆", "旺财"),
}


@pytest.mark.parametrize("case", NEW_NOT_OLD)
def test_a_new_value_with_the_old_one_named_after_it_lands_alone(store, case) -> None:
    turns, new, old = NEW_NOT_OLD[case]
    active = _say(store, *turns)
    (record,) = _landed(active, new)
    assert old not in record.object  # never "Max not Rex", never the old value re-said as the correction
    assert not [r for r in active if old in r.object]


REVERSED = {  # "the other way round" with no value: the user's last ranking flipped, the old favourite superseded
    "en-other-way": (("I prefer tabs over spaces.", "No, it's the other way round."), "spaces", "tabs"),
    "en-backwards": (("I use Go rather than Java.", "wait, I got that backwards."), "Java", "Go"),
    "zh-shuo-fan": (("我更喜欢空格，不喜欢 tab。", "哦不对，说反了。"), "tab", "空格"),
    "zh-gao-fan": (("我喜欢用 Go 而不是 Java。", "我搞反了。"), "Java", "Go"),
}


@pytest.mark.parametrize("case", REVERSED)
def test_a_reversal_flips_the_last_ranking(store, case) -> None:
    turns, new, old = REVERSED[case]
    active = _say(store, *turns)
    (record,) = [r for r in _landed(active, new) if r.polarity.value == "positive"]
    assert record.object == new
    assert not [r for r in active if r.object == old and r.polarity.value == "positive"]
