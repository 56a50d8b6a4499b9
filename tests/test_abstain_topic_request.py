"""Abstain, round 6 of the bar, zh + en: a how-to of the user's own and a request for a recommendation need a memory
about their topic (`topic_request.py`).

"我该怎么跟室友说他太吵了？", "Recommend a card game for two" speak of the user, so the personal floor let in
whichever memory the embedder put nearest («用户对芒果过敏» for the roommate, «User loves sci-fi films» for a card game). A memory about the topic keeps counting: the router's model for resetting it, a taste for
novels for a novel, a setup memory through its standing condition.

The sentences are written for this file (the tune halves showed the kinds of failure, not these words); the check set
`tests/data/abstain_howto_taste.json` (split own6) holds more, scored with `python -m evals abstain`.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.read.topic_request import about_topic, topic_floor, topic_form
from tests._default_home import read_graph_over, selected_numbers

NOW = datetime(2026, 6, 1, tzinfo=UTC)


@pytest.mark.parametrize(("text", "form"), [
    ("how do I descale my espresso machine?", "how"), ("ok how can we split the rent fairly?", "how"),
    ("我怎么才能早起？", "how"), ("咱们该怎么分摊房租？", "how"), ("怎么才能练好书法", "how"),
    ("recommend a documentary", "recommend"), ("Could you suggest a card game?", "recommend"),
    ("which headphones should I buy?", "recommend"), ("推荐一部电影", "recommend"), ("周末看啥电视剧好", "recommend"),
    ("我该买哪款耳机", "recommend"),
    ("what should I cook tonight?", None), ("how does a heat pump work?", None), ("帮我写个登录页", None),
    ("今晚吃什么", None), ("how is my pension calculated?", None),
])
def test_the_form_of_a_request_that_depends_only_on_its_topic(text, form):
    assert topic_form(text) == form


def test_floors_are_per_language_and_form():
    assert topic_floor("我怎么才能早起？", "minilm+e5", "zh") == topic_floor("推荐一部电影", "minilm+e5", "zh") == 0.04
    assert topic_floor("recommend a documentary", "minilm+e5", "en") == 0.30
    assert topic_floor("how do I descale my espresso machine?", "minilm+e5", "en") is None  # no gap for MiniLM
    assert topic_floor("what should I cook tonight?", "minilm+e5", "zh") is None
    assert topic_floor("推荐一部电影", "hashing", "zh") is None  # not calibrated: never decides


def test_a_memory_sharing_a_word_or_without_dense_evidence_stays():
    kept = about_topic({"far": 0.01, "near": 0.05, "word": 0.01}, {"word": 0.1}, {"far", "near", "word", "lexical"}, 0.035)
    assert kept == {"near", "word", "lexical"}


HOME = ["用户在学吉他，每天练半小时", "用户家的洗衣机是海尔的滚筒", "用户对芒果过敏", "用户的女儿今年三岁",
        "用户喜欢看悬疑推理剧", "用户开一辆比亚迪汉", "用户住在大连", "用户喜欢喝绿茶",
        "User is learning the guitar", "User's washing machine is a Bosch front loader", "User loves sci-fi films",
        "User lives in Glasgow"]
NOTHING = ["我该怎么跟室友说他太吵了？", "Recommend a card game for two"]
# still injected: the nearest memory stands out or clears the floor (0.043 «在学吉他» for 早起; three at 0.039-0.044 for a
# phone case); what the bar still lacks, kept here so that a fix shows
STILL_INJECTED = ["我怎么才能早起？", "给我推荐个手机壳"]
KEEP = [("洗衣机怎么清洗滚筒？我家的", 1), ("推荐一部好看的剧", 4), ("推荐一部电影", 4), ("我怎么才能把和弦换得更快？", 0),
        ("recommend a film for tonight", 10), ("recommend a documentary about space", 10),
        ("how do I clean the drum of my washing machine?", 9)]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    yield from read_graph_over(tmp_path_factory.mktemp("topic"), HOME, NOW)


@pytest.mark.parametrize("text", NOTHING)
def test_a_request_whose_topic_no_memory_concerns_gets_nothing(graph, text):
    assert selected_numbers(graph, text) == set()


@pytest.mark.xfail(strict=True, reason="a memory near the topic floor still counts (module docstring)")
@pytest.mark.parametrize("text", STILL_INJECTED)
def test_known_gaps(graph, text):
    assert selected_numbers(graph, text) == set()


@pytest.mark.parametrize(("text", "memory"), KEEP)
def test_a_memory_about_the_topic_is_kept(graph, text, memory):
    assert memory in selected_numbers(graph, text)
