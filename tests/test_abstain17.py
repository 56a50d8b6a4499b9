"""Abstain, round 17, zh + en: a self-contained task in the first person.

"help me write a cover letter for a library assistant job", "帮我写封邮件退订杂志", "give me a fun costume idea for a
halloween party" speak of the user or ask for help, so they met the low personal floor and took whichever memory was
nearest (with e5's Chinese cosines, any). Their answer is the same whoever asks: they read as self-contained tasks by
meaning (`generic_task.py`, whose examples now cover applications and notes to an employer or a school, names and
handles, costumes and party ideas, household fixes and a tool's generic how-to) and need the general floor. The
user's own requests in the same home keep their memory. Some still get one (`STILL_MISSED`, strict xfail).

Also knowledge by form: what a thing is made of, how a named system works ("how does the French school system
work?"), unless it is the user's own or their work ("how does the deploy pipeline work?").

The sentences are written for this file (the abstain tune halves showed the kinds of task, not these words).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.read.query_need import query_need
from tests._default_home import read_graph_over, selected_numbers

NOW = datetime(2026, 6, 1, tzinfo=UTC)

HOME = ["User is training for a triathlon in September", "User has a beagle called Nutmeg", "User works as a pharmacist",
        "User is allergic to shellfish", "User's team deploys with Terraform to GCP", "User prefers short answers",
        "用户在准备九月的铁人三项", "用户养了一只比格犬叫肉桂", "用户是药剂师", "用户对海鲜过敏",
        "用户的团队用 Terraform 部署到 GCP", "用户喜欢简短的回答"]
TASKS_EN = ["help me write a cover letter for a library assistant job",
            "write a note to my son's school saying he was off sick yesterday",
            "give me a fun costume idea for a halloween party", "how do I get candle wax out of a tablecloth",
            "help me write an email to cancel my magazine subscription",
            "suggest a cool username for my new xbox account"]
TASKS_ZH = ["帮我写一份行政助理岗位的求职信", "帮我写封邮件退订杂志", "帮我起个酷一点的游戏昵称",
            # a piece by its form (`self_contained.py`), though its margin is narrow
            "帮我给新买的乌龟起个名字", "帮我写个病假条，昨天发烧了"]
#: Still given a memory (e5's Chinese margins are narrow: these read barely nearer the task examples than the
#: requests, below the margin that keeps every tune user's relevant request; the tortoise is near «has a beagle»).
STILL_MISSED = ["what should I call my new tortoise?", "帮我想个万圣节的装扮", "桌布上的蜡烛油怎么弄掉"]
REQUESTS = [("what should I eat the night before a long ride for my race?", 0),
            ("any tips for keeping Nutmeg calm during fireworks?", 1), ("we're getting Thai food tonight, what should I order?", 3),
            ("how do I add a storage bucket to our infra?", 4),
            ("比赛前一周训练怎么安排？", 6), ("肉桂最近老是挠耳朵，咋办", 7), ("今晚去吃泰国菜，点什么好？", 9),
            ("给我们的基础设施加一个存储桶怎么写", 10)]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    yield from read_graph_over(tmp_path_factory.mktemp("home") / "default", HOME, NOW)


@pytest.mark.integration
@pytest.mark.parametrize("text", TASKS_EN + TASKS_ZH)
def test_default_home_a_self_contained_task_in_the_first_person_gets_nothing(graph, text):
    assert {HOME[i] for i in selected_numbers(graph, text)} == set()


@pytest.mark.integration
@pytest.mark.xfail(strict=True, reason="known: below the generic-task margin (see STILL_MISSED)")
@pytest.mark.parametrize("text", STILL_MISSED)
def test_default_home_tasks_still_given_a_memory(graph, text):
    assert {HOME[i] for i in selected_numbers(graph, text)} == set()


@pytest.mark.integration
@pytest.mark.parametrize(("text", "want"), REQUESTS)
def test_default_home_the_users_own_requests_keep_their_memory(graph, text, want):
    assert want in selected_numbers(graph, text)


@pytest.mark.parametrize("text", [
    "What is glass made of?", "what are tortillas made from?", "how does the French school system work?",
    "how does the stock market actually work", "how did the old telegraph network operate?",
])
def test_what_a_thing_is_made_of_and_how_a_named_system_works_are_knowledge(text):
    assert query_need(text) == "impersonal"


@pytest.mark.parametrize("text", [
    "what is my bracelet made of?", "what are these pills made of?", "how does the deploy pipeline work?",
    "how does the new build cache work", "how does our billing service work?",
])
def test_the_users_own_thing_or_work_is_not(text):
    assert query_need(text) != "impersonal"
