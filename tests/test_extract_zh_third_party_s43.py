"""A clause about someone or some pet of the user's ("我导师是做 NLP 的", "我家那只鹦鹉是虎皮") holds the clauses
after it that drop their subject ("叫老李", "三十了"): they are not the user's name or age (`chat_zh.other_holder`).
Cases written for this change (stop 43), not taken from any eval set."""

from __future__ import annotations

import pytest

from langmem_nodes.write import RuleExtractor

EX = RuleExtractor()

THIRD_PARTY = [
    '我家那只狗是柯基，叫豆豆，三岁了',
    '我家那只猫是英短，叫咪咪，两岁了',
    '我家那位是老师，叫李娜',
    '我家那口子是医生，今年四十了',
    '我朋友是程序员，叫小王，三十岁了',
    '我同事是上海人，叫李雷，特别能喝',
    '我室友是东北的，叫大壮，二十五了',
    '我家那条狗是金毛，叫旺财，八岁了',
    '我闺蜜是做设计的，叫小美，28 了',
    '我表哥在深圳上班，叫阿强，三十五岁',
    '我邻居是个退休老师，姓王，七十多了',
    '我导师是做 NLP 的，叫张老师，五十岁左右',
    '我老板是香港人，叫 Kevin，四十出头',
    '我发小在杭州开店，叫胖子，跟我同岁',
    '我家那只兔子是垂耳兔，叫团团，一岁了',
    '我家这只猫是狸花，叫虎子，三岁半',
    '我同桌是湖南人，叫小丽，挺能吃辣的',
    '我学长在字节做后端，叫老李，三十了',
    '我家那只鹦鹉是虎皮，叫豆豆，五岁了',
    '我舅舅是开出租的，叫刘强，五十多了',
    '我家那位是程序员，天天加班',
    '我家那口子是北京人，叫王刚',
    '我们组长是个大佬，叫 Tony，三十出头',
    '我师傅是老钳工，叫老周，快六十了',
    '我家那只狗是拉布拉多，叫黑豆，十岁了',
    '我前同事在阿里，叫小陈，27 岁',
    '我大学室友是学医的，叫阿杰，今年结婚了',
    '我家那只猫是布偶，叫雪球，刚满一岁',
    '我嫂子是护士，叫小芳，三十二',
    '我的房东是个台湾人，叫林先生，六十几岁',
]

_THE_USERS = ("name", "age", "role", "from", "lives_in", "works_at", "works_in", "learning", "attr:年龄")


@pytest.mark.parametrize("message", THIRD_PARTY)
def test_dropped_subject_after_a_third_party_is_not_the_user(message: str) -> None:
    claims = [c for c, *_ in EX.claims(message)]
    assert not [c for c in claims if c.subject == "user" and c.predicate in _THE_USERS], claims


@pytest.mark.parametrize("message,value", [
    ("我叫王磊，三十岁了", "王磊"),
    ("我在学 Rust", "Rust"),
    ("我是上海人，叫小王", "小王"),
])
def test_the_users_own_clauses_still_count(message: str, value: str) -> None:
    assert any(value in c.object and c.subject == "user" for c, *_ in EX.claims(message))
