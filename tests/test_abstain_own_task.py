"""Abstain, stop 42, zh + en: an order without a subject is the user's own task; a question about the assistant is not.

- An imperative names no one ("bump the node version in the dockerfile", "首页加个暗色模式切换", "接口文档继续写",
  "周报该写点什么"): the task is the user's, so their setup bears on it, as for "how do I …" (`own_task.py`). It gets
  the implied floor, between the personal and the general one; a self-contained task still gets the general one.
- What the assistant is ("你是哪个公司开发的", "what model are you?") is answered by no memory of the user
  (`about_assistant.py`).

The sentences are written for this file (the tune halves showed the kinds of failure, not these words).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.read.about_assistant import asks_about_assistant
from langmem_nodes.read.own_task import orders_a_task
from langmem_nodes.read.query_need import query_need
from tests._default_home import read_graph_over, selected_numbers

NOW = datetime(2026, 6, 1, tzinfo=UTC)

HOME = ["User's analytics code uses polars, never pandas", "User's mobile app is built with Flutter and Firebase",
        "User's company deploys everything with Terraform on GCP", "User wants every shell script to start with set -euo pipefail",
        "User's side project is a recipe site built with Astro", "User prefers pytest over unittest",
        "用户的前端用 Vue3 + Pinia，组件库是 Naive UI", "用户用 yarn 管理依赖，不用 npm", "用户画图只用 ECharts",
        "用户的服务器都是 Ubuntu 22.04，用 Ansible 管理", "用户的数据都在 ClickHouse 里", "用户写 Python 要求加类型注解"]
KEEP = [("write a cleanup script for old backups", 3), ("spin up a new environment for the demo", 2),
        ("画个月度销售的折线图", 8)]
NOTHING = ["你是哪个公司开发的", "你用的是什么大模型", "你叫什么名字", "what model are you?", "who made you?",
           "are you a bot?", "write a haiku about the sea"]


#: Still missed: the memory's evidence stays below the implied floor (e5's centred evidence of the package manager for a
#: short Chinese order; MiniLM's of the app's framework for "offline support").
STILL_MISSED = [("装一下 axios", 7), ("add offline support", 1)]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    yield from read_graph_over(tmp_path_factory.mktemp("home") / "default", HOME, NOW)


@pytest.mark.integration
@pytest.mark.parametrize(("text", "want"), KEEP)
def test_default_home_an_order_without_a_subject_keeps_the_users_setup(graph, text, want):
    assert want in selected_numbers(graph, text)


@pytest.mark.integration
@pytest.mark.xfail(strict=True, reason="known: see STILL_MISSED")
@pytest.mark.parametrize(("text", "want"), STILL_MISSED)
def test_default_home_still_missed(graph, text, want):
    assert want in selected_numbers(graph, text)


@pytest.mark.integration
@pytest.mark.parametrize("text", NOTHING)
def test_default_home_a_question_about_the_assistant_or_a_self_contained_task_gets_nothing(graph, text):
    assert selected_numbers(graph, text) == set()


@pytest.mark.parametrize("text", ["bump the node version in the dockerfile", "now wire up the signup form to the api",
                                  "首页加个暗色模式切换", "接口文档继续写", "周报该写点什么", "咋配置代理", "怎么让定时任务每天早上跑"])
def test_an_imperative_orders_the_users_task(text):
    assert orders_a_task(text) and query_need(text) == "implied"


@pytest.mark.parametrize("text", ["the login test failed on CI, why?", "is Lisbon in the same time zone as London?",
                                  "深圳地铁一共有几条线", "你帮忙看看这段代码", "同事让我改一下他的脚本", "list the planets in order"])
def test_not_an_order_of_the_users_own(text):
    assert query_need(text) != "implied" or not orders_a_task(text)


@pytest.mark.parametrize("text", ["你是哪个公司开发的", "您是基于什么模型的", "what model are you?", "who built you",
                                  "what's your name?"])
def test_a_question_about_the_assistant_is_impersonal(text):
    assert asks_about_assistant(text) and query_need(text) == "impersonal"


@pytest.mark.parametrize("text", ["你还记得我住哪吗", "你帮忙看看这段代码", "can you suggest a recipe?", "你觉得我该换工作吗"])
def test_a_request_to_the_assistant_is_not_about_it(text):
    assert query_need(text) != "impersonal"


@pytest.mark.parametrize("text", ["光刻机用的什么原理", "电磁炉是啥原理", "二维码的原理是啥", "西湖有几座桥", "故宫一共有几座门"])
def test_how_a_thing_works_and_how_many_parts_it_has_are_knowledge(text):
    """"是啥原理" asks how a named thing works, as "原理是什么" does; "一共有几条/几座" how many parts it has, with any
    classifier, as "有几个" does."""
    assert query_need(text) == "impersonal"
