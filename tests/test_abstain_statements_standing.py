"""A standing condition bears on a request, not on a turn that only states something (issue 15), zh + en.

"it's freezing outside today" and "又下雨了" ask nothing, yet the place condition (weather, outside, 下雨) made
«User lives in Leeds» relevant (abstain helper's finding). A turn that asks, requests, wishes or gives an order keeps
its standing conditions. The sentences are written for this file (not from the eval sets).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.read.query_need import asks_something
from langmem_nodes.records import MemoryContext
from tests._standing import relevant_by_standing

NOW = datetime(2026, 6, 1, tzinfo=UTC)
CTX = MemoryContext(user_id="ada")
HOME = ["User lives in Leeds", "User is vegan", "用户住在成都", "用户对花生过敏"]


@pytest.mark.parametrize("text", ["it's freezing outside today", "this summer is so hot", "又下雨了",
                                  "今天外面好冷", "下雨天适合吃火锅"])
def test_a_plain_statement_asks_nothing(text):
    assert not asks_something(text)


@pytest.mark.parametrize("text", ["is it cold outside?", "plan a picnic for saturday", "I need a dinner idea",
                                  "dinner ideas for tonight", "明天要不要带伞", "帮我安排一下周末野餐", "晚饭吃点啥",
                                  "想吃点辣的"])
def test_a_question_request_or_wish_asks_something(text):
    assert asks_something(text)


@pytest.fixture
def recall(tmp_path):
    with relevant_by_standing(tmp_path / "home", HOME, CTX, NOW) as run:
        yield run


def test_a_statement_gets_no_standing_condition_en(recall):
    assert recall("it's freezing outside today") == set()
    assert "User lives in Leeds" in recall("is it too cold to run outside today?")


def test_a_statement_gets_no_standing_condition_zh(recall):
    assert recall("又下雨了") == set()
    assert recall("今天外面好冷") == set()
    assert "用户住在成都" in recall("明天下雨吗，出门要带伞吗？")


@pytest.mark.parametrize("text", ["the build fails on my laptop since this morning", "本地跑 docker 报错说连不上 daemon"])
def test_a_failure_to_fix_asks_for_help(text):
    assert asks_something(text)
