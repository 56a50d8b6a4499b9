"""Corrections that compose from parts (issue #16): a slip marker ("er sorry", "呃不对", "我记错了") + a new value of
the same kind as the old one, where the old value is in the same sentence, in an earlier user turn, or in an earlier
sentence nothing was stored from. The new value lands as an `explicit_correction`; en + zh."""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext
from tests._replay import landed, replay


def _say(store, *turns: str, user: str = "cc") -> list:
    return replay(store, *turns, ctx=MemoryContext(user_id=user, session_id="s1"))


_landed = landed


IN_TURN = {  # a hesitation ("er", "erm", "呃", "额") before the slip word: the value after it replaces the one before
    "en-er-sorry": ("I use Emacs, er sorry, Helix.", "Helix", "Emacs"),
    "en-erm-no": ("I live in Ghent, erm no, Bruges.", "Bruges", "Ghent"),
    "zh-e-budui": ("我用 Emacs，呃不对，Helix。", "Helix", "Emacs"),
    "zh-e-bushi": ("我住在无锡，额不是，常州。", "常州", "无锡"),
}


@pytest.mark.parametrize("case", IN_TURN)
def test_a_value_withdrawn_after_a_hesitation_is_replaced_in_the_same_sentence(store, case) -> None:
    said, new, old = IN_TURN[case]
    active = _say(store, said)
    assert _landed(active, new)
    assert not [r for r in active if old in r.object]


KIN_AGE = {  # an age of a child or a pet, corrected: the same relative's age, never the user's or a name
    "en-pronoun": ("My daughter is 4 and loves trains, any book ideas?", "sorry, she's 5.", "attr:daughter_age", "5"),
    "en-said-again": ("Gift ideas? My son is 9.", "I misspoke: my son is 11, not 9.", "attr:son_age", "11"),
    "zh-bare": ("我家猫两岁了，该打什么疫苗？", "哦不对，是三岁。", "attr:猫年龄", "三岁"),
    "zh-pronoun": ("我女儿今年七岁，推荐点课外书", "我记错了，她八岁了", "attr:女儿年龄", "八岁"),
}


@pytest.mark.parametrize("case", KIN_AGE)
def test_a_corrected_age_is_the_age_of_whom_it_was_said(store, case) -> None:
    first, fix, predicate, new = KIN_AGE[case]
    (record,) = _landed(_say(store, first, fix), new)
    assert record.predicate == predicate


def test_an_age_said_in_passing_is_not_stored_alone(store) -> None:
    """Labelled sets keep "my daughter just turned 6, write her a story" out of memory: only a correction stores it."""
    assert not [r for r in _say(store, "My son is 8, suggest a board game for him.") if "8" in r.object]
    assert not [r for r in _say(store, "我儿子八岁了，推荐个桌游", user="cz") if "八" in r.object]


SAME_KIND = {  # the bare new value corrects the earlier value of its kind (a near-spelling for a typo), not the latest
    "zh-typo-name": ("我叫李静，做会计的，帮我写个签名", "啊我打错了，是李菁", "name", "李菁"),
    "en-typo-name": ("I'm Marta, a pharmacist. Draft a bio for me?", "typo, it's Martha.", "name", "Martha"),
}


@pytest.mark.parametrize("case", SAME_KIND)
def test_a_bare_value_corrects_the_claim_of_its_kind(store, case) -> None:
    first, fix, predicate, new = SAME_KIND[case]
    active = _say(store, first, fix)
    (record,) = _landed(active, new)
    assert record.predicate == predicate
    assert [r for r in active if r.predicate == "role"]  # the job said with the name is still there


SWITCHED = {  # a switch said alone after a slip word: the value switched to replaces the earlier one
    "zh-huan": ("我平时用 Chrome 浏览器", "哦说错了，我早就换 Firefox 了", "Firefox", "Chrome"),
    "en-moved-off": ("We host the docs on Netlify.", "hmm I misremembered, we moved off Netlify to Vercel in May.", "Vercel", "Netlify"),
}


@pytest.mark.parametrize("case", SWITCHED)
def test_a_switch_in_a_correction_replaces_the_old_value(store, case) -> None:
    first, fix, new, old = SWITCHED[case]
    active = _say(store, first, fix)
    assert _landed(active, new)
    assert not [r for r in active if old in r.object]


def test_a_family_name_is_stored_and_corrected(store) -> None:
    """"我姓林，不姓凌": the family name, the old one named; a later "打错了，我姓林" replaces "我姓凌"."""
    assert _landed(_say(store, "我刚才写错了，我姓林，不姓凌。"), "林")
    active = _say(store, "我姓凌，帮我起个英文名", "打错了，我姓林", user="cy")
    assert _landed(active, "林") and not [r for r in active if r.object == "凌"]


RESAID = {  # the old value named, in an earlier sentence nothing was stored from: that sentence with the new value
    "zh": ("我每周打三次羽毛球", "我说错了，是网球，不是羽毛球", "网球"),
    "en": ("I go cycling every morning", "sorry, I meant rowing, not cycling", "rowing"),
}


@pytest.mark.parametrize("case", RESAID)
def test_a_correction_of_an_unstored_sentence_stores_it_said_again(store, case) -> None:
    first, fix, new = RESAID[case]
    (record,) = _landed(_say(store, first, fix), new)
    assert record.subject == "user"


QUIT_AND_USE = {  # "I quit X and use Y now": the new value said outright replaces the old
    "en": ("I quit Vim and use Emacs now.", "Emacs", "Vim"),
    "en-now-first": ("I stopped using Jira and now use Linear.", "Linear", "Jira"),
}


@pytest.mark.parametrize("case", QUIT_AND_USE)
def test_quitting_one_and_using_another_stores_the_new_one(store, case) -> None:
    said, new, old = QUIT_AND_USE[case]
    active = _say(store, said)
    (record,) = [r for r in active if r.object == new]
    assert record.polarity == "positive" and record.source.value in ("explicit", "explicit_correction")
    assert not [r for r in active if r.object == old and r.polarity == "positive"]


def test_zh_quit_and_use_stores_the_new_one(store) -> None:
    active = _say(store, "我不用 Vim 了，现在用 Emacs")
    assert [r for r in active if r.object == "Emacs" and r.polarity == "positive"]


UNPARSED = {  # a correction whose new value cannot be read: the old value still needs confirmation
    "en": ("I use Sublime.", "oops, I misremembered, it's the other one."),
    "zh": ("我用 Sublime。", "哦不对，是另外那个。"),
}


@pytest.mark.parametrize("case", UNPARSED)
def test_an_unreadable_correction_marks_the_old_value(store, case) -> None:
    first, fix = UNPARSED[case]
    active = _say(store, first, fix)
    (old,) = [r for r in active if r.object == "Sublime"]
    assert old.metadata.get("needs_confirmation")
