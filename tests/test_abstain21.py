"""Abstain, round 21, zh + en: a public fact about a named thing, and taking something up again.

- A public fact about a named thing is the same whoever asks, so no memory helps with it: the date of a public day
  ("When is Earth Day?", "母亲节是哪天？"), which company made a product ("Redis是哪家公司开发的？", "who developed
  Kotlin?"), how many of something a named being does ("how many books did Stephen King write?", "蓝鲸一天吃多少磷虾？"),
  whether two named places share a time zone, what a quoted command does ("what does 'git rebase' do").
  The user's own dates, counts and settings keep their memories ("when is my dentist appointment?", "我的生日是哪天来着").
- A question for one of the user's attributes is answered only by a memory of that attribute: "where did I grow up?"
  not by «User lives in Leeds», "我是什么血型？" not by «用户是护士» (`fact_relation.py`).
- Taking an activity up again ("I want to get back into climbing") is like taking it up: only a memory about that
  activity helps, not an inference from the user's other facts. (Not "我想开始练…" in Chinese: "我想开始练蝶泳" then
  lost the swimming memory, which sits below the general floor.)

The sentences are written for this file (the tune halves showed the kinds of failure, not these words).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.read.fact_question import asks_own_fact
from langmem_nodes.read.fact_relation import names_relation, relations_named
from langmem_nodes.read.query_need import query_need
from tests._default_home import read_graph_over, selected_numbers

NOW = datetime(2026, 6, 1, tzinfo=UTC)

PUBLIC_FACTS = ["When is Earth Day?", "when is World Teachers Day this year?", "who developed Kotlin?",
                "which company makes the Kindle?", "how many books did Stephen King write?",
                "is Lisbon in the same time zone as London?", "what does 'git rebase' do",
                "母亲节是哪天？", "植树节是几月几号", "重阳节是什么时候", "世界读书日是哪天", "Redis是哪家公司开发的？",
                "微信是哪个公司做的", "蓝鲸一天吃多少磷虾？", "鲁迅一共写过多少篇小说", "巴黎和罗马是同一个时区吗"]
OWN = [("when is my dentist appointment?", "personal"), ("我的生日是哪天来着", "personal"),
       ("一天吃多少蛋白质比较合适", "personal"), ("我们的服务是哪个团队维护的", "personal"),
       ("when is sports day at the kids' school?", "personal"), ("how many tickets did we sell?", "personal")]
AGAIN = ["i want to get back into climbing", "I'd like to get back into painting, where do I start?",
         "打算开始学吉他，先买什么琴"]


@pytest.mark.parametrize("text", PUBLIC_FACTS)
def test_a_public_fact_about_a_named_thing_is_impersonal(text):
    assert query_need(text) == "impersonal"


@pytest.mark.parametrize(("text", "need"), OWN)
def test_the_users_own_dates_counts_and_work_are_not(text, need):
    assert query_need(text) == need


@pytest.mark.parametrize("text", AGAIN)
def test_taking_an_activity_up_again_needs_the_general_floor(text):
    assert query_need(text) == "general"


@pytest.mark.parametrize(("question", "memory", "answers"), [
    ("where did I grow up?", "User lives in Bristol", False), ("where did I grow up?", "User grew up in Cork", True),
    ("where am I from originally?", "User was born in Lagos", True), ("我是在哪里长大的？", "用户住在南京", False),
    ("我老家是哪的", "用户老家在湖南岳阳", True), ("我是什么血型？", "用户是药剂师", False), ("what's my blood type?",
                                                                        "User's blood type is O negative", True)])
def test_a_question_for_an_attribute_counts_only_memories_of_it(question, memory, answers):
    assert asks_own_fact(question)
    assert names_relation(memory, relations_named(question)) is answers


HOME = ["用户是护士，在急诊科上夜班", "用户后端用 Redis 做缓存", "用户在读斯蒂芬·金的小说", "用户下个月去里斯本出差",
        "用户喜欢游泳，每周游两次", "用户的生日是三月十二号", "用户在学日语", "用户养了一只猫",
        "User is a nurse who works night shifts", "User's backend caches with Redis", "User is reading Stephen King novels",
        "User travels to Lisbon next month for work", "User used to climb every weekend before the knee surgery",
        "User's dentist appointment is on 3 July", "User's team uses git with a rebase-only policy", "User has a cat", "User lives in Leeds", "用户住在南京"]
NOTHING = ["When is International Nurses Day?", "who developed Redis?", "how many books did Stephen King write?",
           "is Lisbon in the same time zone as London?", "护士节是哪天？", "Redis是哪家公司开发的？", "斯蒂芬·金一共写过多少本书",
           "里斯本和伦敦是同一个时区吗",
           "where did I grow up?", "我是在哪里长大的？", "what's my blood type?", "我是什么血型？"]
KEEP = [("when is my dentist appointment?", 13), ("我下个月出差要带什么", 3),
        ("what should I pack for my trip next month?", 11), ("我想开始练蝶泳，有什么技巧", 4),
        ("where do I live?", 16), ("我住在哪个城市？", 17),
        ("i want to get back into climbing, what should my first session look like?", 12)]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    yield from read_graph_over(tmp_path_factory.mktemp("home") / "default", HOME, NOW)


@pytest.mark.integration
@pytest.mark.parametrize("text", NOTHING)
def test_default_home_a_public_fact_gets_nothing(graph, text):
    assert {HOME[i] for i in selected_numbers(graph, text)} == set()


@pytest.mark.integration
@pytest.mark.parametrize(("text", "want"), KEEP)
def test_default_home_the_users_own_question_keeps_its_memory(graph, text, want):
    assert want in selected_numbers(graph, text)
