"""Chinese chat the rule extractor missed both in cases written from imagination for this round
(/work/tmp/s35/extract-zh/own_zh.jsonl) and in the tune halves (casual11 c11-zh-011 / 013, devlike9 d9-zh-007 /
010 / 020, casual11 c11-zh-027), with the English counterpart where the structure exists in English. Phrasings
written for these tests, not taken from the labelled sets."""

from __future__ import annotations

import pytest

from tests.test_extraction_compositional import _accepted, _check

P, N = "positive", "negative"


# the scope of an instruction: the answers as a topic ("回答别用 emoji") or the user's code in a language ("写 JS
# 别用 var") is every answer, a standing rule without 以后 (was: nothing stored)
@pytest.mark.parametrize(("text", "term", "polarity"), [
    ("回答别用表情符号，看着乱", "表情符号", N),
    ("回答里别贴链接", "链接", N),
    ("你的回复请用繁体中文", "繁体中文", P),
    ("写 Python 别用 print 调试", "print", N),
    ("写 Go 的时候不要用 panic", "panic", N),
    ("Don't paste links in answers.", "links", N),
    ("When writing Python, don't use print for debugging.", "print", N),
    ("Whenever you write JS, never use var.", "var", N),
])
def test_an_instruction_scoped_to_every_answer_is_a_standing_rule(text, term, polarity) -> None:
    _check(_accepted(text), [("user", term, polarity)])


# one answer or one piece of code pointed at, or a complaint about the last answer: nothing to keep
@pytest.mark.parametrize("text", ["这个回答别太长", "回答得太长了", "写这个函数别用递归", "这次回答别用表格",
                                  "Don't paste links in this answer."])
def test_one_answer_is_no_standing_rule(text) -> None:
    assert _accepted(text) == []


# a tag question after an imperative only softens it ("…行不行", "…好吗"): the imperative is read, and its value
# ends before the tag (was: the clause skipped as a question, or «jQuery 了好吗»)
@pytest.mark.parametrize(("text", "term"), [
    ("回答别加那么多表情行不行，看着累", "表情"),
    ("别再给我推荐 Angular 了好吗", "Angular"),
    ("Don't paste links in answers, ok?", "links"),
])
def test_a_tag_question_after_an_imperative_is_no_question(text, term) -> None:
    found = _accepted(text)
    _check(found, [("user", term, N)])
    assert not any("好吗" in r.object or "行不行" in r.object for r in found)


@pytest.mark.parametrize("text", ["用 MySQL 还是 Postgres 好不好？", "请问这样写可以吗？", "Which is better, ok?"])
def test_a_real_question_stays_a_question(text) -> None:
    assert _accepted(text) == []


# "我写东西从来不用它": the pronoun stands for the thing said before, under a negation the object lost
# (was uses «东西从来不用它», positive)
def test_a_negated_use_of_a_pronoun_is_no_object() -> None:
    found = _accepted("别给我推荐 Angular 了，我写前端从来不用它")
    assert [(r.object, r.polarity.value) for r in found] == [("Angular", N)], [(r.predicate, r.object) for r in found]
