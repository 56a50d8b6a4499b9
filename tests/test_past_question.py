"""Which queries ask about the past (and so get the value each memory replaced), zh + en. Present-tense
questions and "before" / "之前" / "last time" / "old" / "过去" used in another sense do not."""

from __future__ import annotations

import pytest

from langmem_nodes.read.past_question import asks_about_the_past

PAST = {
    "en": [
        "Where did I live before?", "Where did I use to live?", "Where did I used to work?", "Where I used to live, was it rainy?",
        "What did I say last week about where I live?", "where was I living last year?",
        "What did I tell you last month about my job?", "What did I tell you last time about my job?",
        "what was my old job?", "What was my previous job?", "Where did I work previously?", "Where did I formerly work?",
        "Where did I live in the past?", "Where did I originally live?", "Where did I work before Globex?",
        "Where did I live before I moved to Denver?", "What did I tell you earlier about my allergies?",
        "Where did I live two years ago?", "Which editor did I use at first?", "When did I move to Denver?",
        "我 before 在哪个 company 上班？", "我 used to live where?", "我们 used to 用什么 CI？",  # mixed (newcomer17 L3)
    ],
    "zh": [
        "我以前住在哪里？", "上次我说我住哪？", "我之前在哪家公司上班？", "我原来住哪？", "我过去在哪工作？", "我去年住在哪？",
        "我曾经住在哪？", "我从前住哪儿？", "上个月我说我住哪？", "上周我跟你说我在哪上班？", "上回我说的工作的事你还记得吗？",
        "搬到深圳之前我住哪？", "我当初在哪上班？", "前年我住哪？", "两年前我住在哪？",
    ],
}
NOT_PAST = {
    "en": [
        "Where do I live?", "where do I live now?", "What am I allergic to?", "What's my job?",
        "Before I go to bed, remind me to take my pills.", "Before we start, what's my timezone?",
        "Think before you answer: where do I live?", "What's a good snack for me before training?",
        "Remind me to stretch before lunch.", "Last time I checked the docs said the API is v2, is that right?",
        "Last I checked, which editor do I use?", "How old is my daughter?", "My son is 5 years old, what book should I get him?",
        "What tool should I use to parse JSON?", "I'm used to tabs, which formatter do I use?",
        "Plan the last week of my trip.",
    ],
    "zh": [
        "我住在哪？", "我现在住哪儿？", "我在哪上班？", "我喜欢喝什么？", "睡觉之前提醒我吃药。", "出门以前记得提醒我带伞。",
        "回答之前，先告诉我我住哪。", "原来如此，那我住哪？", "把这个文件发过去。", "我明天过去找你。",
    ],
}


@pytest.mark.parametrize("text", [t for lang in PAST for t in PAST[lang]])
def test_a_question_about_the_past_is_recognised(text) -> None:
    assert asks_about_the_past(text)


@pytest.mark.parametrize("text", [t for lang in NOT_PAST for t in NOT_PAST[lang]])
def test_a_present_question_or_another_sense_of_the_word_is_not(text) -> None:
    assert not asks_about_the_past(text)
