"""Forms the abstain tune11 users showed (issue 15), zh + en: choosing whether to take up something new or a new
career, a habit with 老 ("always"), general knowledge about a kind of people or a yearly date, a formula; and food
events (a barbecue, 烧烤) as requests that depend on the user's diet. The sentences are written for this file.
"""

from __future__ import annotations

import pytest

from langmem_nodes.read.query_need import query_need
from langmem_nodes.read.standing import conditions_asked


@pytest.mark.parametrize("text", [
    "should I learn the violin or the cello?", "should I take up climbing this spring?",
    "我最近老做噩梦怎么办", "我晚上老睡不着，有办法吗", "我想转行做设计师，来得及吗", "我打算改行当厨师，靠谱吗"])
def test_taking_up_something_new_or_a_troubling_habit_needs_the_general_floor(text):
    assert query_need(text) == "general"


@pytest.mark.parametrize("text", [
    "how do runners usually avoid blisters?", "how do cats typically show stress?",
    "跑者一般怎么预防水泡", "中秋节一般是几号", "勾股定理是什么", "圆的面积公式是啥"])
def test_general_knowledge_about_a_kind_of_people_a_date_or_a_formula_is_impersonal(text):
    assert query_need(text) == "impersonal"


@pytest.mark.parametrize("text", [
    "how do I usually deploy this?", "我一般几号发工资", "我老婆最近老失眠怎么办", "我老家冬天穿什么",
    "what should I cook tonight?"])
def test_the_users_own_questions_stay_personal(text):
    assert query_need(text) == "personal"


@pytest.mark.parametrize("text", ["what should I bring to the barbecue on Sunday?", "any ideas for a potluck dish?",
                                  "周末去朋友家烧烤带点啥", "晚上吃火锅要准备什么"])
def test_a_food_event_depends_on_the_diet(text):
    assert "diet" in conditions_asked(text)


@pytest.mark.parametrize("text", ["this query is slow, can it be faster: SELECT * FROM t WHERE day = '2024-01-01'",
                                  "这个查询好慢能优化吗：SELECT * FROM t WHERE day='2024-01-01'",
                                  "补一个 2023/12/31 之后的订单统计脚本"])
def test_a_date_is_not_arithmetic(text):
    assert query_need(text) != "impersonal"
