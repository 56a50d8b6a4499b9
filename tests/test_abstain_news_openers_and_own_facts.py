"""Abstain, round 18, zh + en: a statement turn opened by a connective ("oh and …", "also, …", "顺便说一下，…") is the
user's news like one without it; a question for a fact of the user's past or with a noun after its question word
("what year was I born?", "我是什么血型？") is a fact question; a wish after a time word ("最近打算学滑雪…") is the
user's wish (something taken up). The sentences are written for this file (a newcomer's report and the
abstain tune splits showed the forms; none is taken from an eval set).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.read.fact_question import asks_own_fact
from langmem_nodes.read.query_need import query_need
from langmem_nodes.read.report import tells_news
from tests._default_home import read_graph_over, selected_texts

NOW = datetime(2026, 6, 1, tzinfo=UTC)

NEWS_WITH_CONNECTIVE = ["oh and I'm allergic to shellfish.", "also, my sister just had a baby",
                        "and I finally finished the marathon!", "anyway I sold my old bike", "plus I got a promotion",
                        "by the way, I'm left-handed", "顺便说一下，我换了新工作", "另外我上周把车卖了", "还有，我开始吃素了",
                        "话说我最近在练瑜伽"]
NOT_NEWS = ["oh and can you remind me what my dog is called?", "also, what should I cook tonight?",
            "and I'm going to push to main later", "顺便问一下，明天要带伞吗？", "另外我打算下个月搬家", "还有，帮我写个请假条"]


@pytest.mark.parametrize("text", NEWS_WITH_CONNECTIVE)
def test_a_statement_after_a_connective_is_the_users_news(text):
    assert tells_news(text)


@pytest.mark.parametrize("text", NOT_NEWS)
def test_a_question_request_or_plan_after_a_connective_is_not_news(text):
    assert not tells_news(text)


OWN_FACTS = ["what year was I born?", "where did I go to university?", "which school did I go to?",
             "what car did we have before?", "我是什么血型？", "我的车是什么牌子的？", "我老家在哪个省？",
             "我儿子是哪年出生的？"]
REQUESTS = ["who did I say fixes my bike?", "what did I tell you about the deadline?", "what should I cook tonight?", "what did I do wrong with this recipe, can you help?", "where did I go wrong? any tips",
            "我晚上吃什么好？", "我穿什么好看？", "我在哪买比较便宜？", "我该用什么框架？"]


@pytest.mark.parametrize("text", OWN_FACTS)
def test_a_question_for_a_fact_of_the_users_is_one(text):
    assert asks_own_fact(text)


@pytest.mark.parametrize("text", REQUESTS)
def test_a_request_is_not_a_fact_question(text):
    assert not asks_own_fact(text)


@pytest.mark.parametrize("text", ["最近打算学滑雪，需要准备什么", "今年想学游泳，来得及吗", "明年准备学日语，从哪开始"])
def test_a_wish_to_take_something_up_after_a_time_word_needs_the_general_floor(text):
    assert query_need(text) == "general"


@pytest.mark.parametrize("text", ["最近有啥好看的剧", "最近想吃点辣的", "周末去哪儿玩比较好"])
def test_a_request_after_a_time_word_stays_personal(text):
    assert query_need(text) == "personal"


HOME = ["User is allergic to peanuts", "User's dog is called Rufus", "User works as a nurse", "User lives in Glasgow",
        "User prefers short answers", "User drives a Skoda", "User is learning the piano",
        "User's daughter is called Isla", "用户对虾过敏", "用户的狗叫旺财", "用户是一名护士", "用户住在苏州", "用户开一辆比亚迪",
        "用户在学钢琴", "用户的女儿叫朵朵", "用户喜欢简短的回答"]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    yield from read_graph_over(tmp_path_factory.mktemp("home") / "default", HOME, NOW)


@pytest.mark.integration
@pytest.mark.parametrize("text", ["also, my sister just had a baby", "and I finally finished the marathon!",
                                  "顺便说一下，我换了新工作", "what year was I born?"])
def test_default_home_news_and_fact_questions_get_no_unrelated_memory(graph, text):
    assert selected_texts(graph, text) == set()


#: Once still given memories (e5 puts «用户是一名护士» above the anchors for "我是什么…", the same frame): a question for
#: the user's blood type or origin now counts only a memory of it (`fact_relation.py`); "我是在哪里<verb>的" is read as a
#: fact question, not "我以前在哪个城市上班来着" (the anchor bar then took «用户以前在北京工作», abstain18's tune half).
@pytest.mark.integration
@pytest.mark.parametrize("text", ["我是什么血型？", "我是在哪里长大的？"])
def test_default_home_a_question_for_an_attribute_no_memory_holds_gets_nothing(graph, text):
    assert selected_texts(graph, text) == set()


@pytest.mark.integration
@pytest.mark.parametrize(("text", "want"), [("what is my dog called?", "User's dog is called Rufus"),
                                            ("我的狗叫什么？", "用户的狗叫旺财"), ("我住在哪个城市？", "用户住在苏州"),
                                            ("oh and I'm allergic to shellfish now too", "User is allergic to peanuts"),
                                            ("what should I cook tonight?", "User is allergic to peanuts")])
def test_default_home_the_users_own_facts_and_requests_keep_their_memory(graph, text, want):
    assert want in selected_texts(graph, text)
