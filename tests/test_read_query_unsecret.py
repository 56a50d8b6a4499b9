"""The read's query without the credentials a turn pastes (en + zh): recall matches what the turn asks, not a
key's characters, and the query in the read state holds no secret. A turn with no secret keeps its query."""

from __future__ import annotations

import json

import pytest

from langmem_nodes.read import QueryNode, create_read_graph
from langmem_nodes.records import MemoryContext

CTX = MemoryContext(user_id="ada", project_id="shop", session_id="s1")

PASTED = {  # a turn -> the value its query must not hold, and a word it must keep
    "here's my stripe key sk_live_51Hx9KqLmN2vR8tY4wP0zA6cE3dBf7, is the webhook config right?":
        ("sk_live_51Hx9KqLmN2vR8tY4wP0zA6cE3dBf7", "webhook"),
    "mysql -uroot -pZhou_db_889 -h 127.0.0.1 gives access denied": ("Zhou_db_889", "denied"),
    "阿里云 AccessKey Secret 是 q8Lm2Nz5Rt7Vx1Bc4Df6Gh9Jk3Pw0Ys，帮我看看配置": ("q8Lm2Nz5Rt7Vx1Bc4Df6Gh9Jk3Pw0Ys", "阿里云"),
    "我的邮箱密码是 Yun_Duo_987，登录一直失败怎么办": ("Yun_Duo_987", "登录"),
}


@pytest.mark.parametrize("text", list(PASTED))
def test_the_query_drops_the_pasted_value_and_keeps_the_question(text) -> None:
    value, kept = PASTED[text]
    q = QueryNode().run({"messages": [("user", text)]}, CTX, None)["memory_query"]
    for form in (q.text, q.dense, q.lexical):
        assert value not in form and kept.casefold() in form.casefold(), form


@pytest.mark.parametrize("text", ["ghp_R2d2C3poBb8Yy7Ww6Vv5Uu4Tt3Ss2Rr1Qq0", "AKIAIOSFODNN7EXAMPLE"])
def test_a_turn_that_is_only_a_key_recalls_nothing(text) -> None:
    assert QueryNode().run({"messages": [("user", text)]}, CTX, None)["memory_query"] is None


@pytest.mark.parametrize("text", ["what does the error code E-4409 on my dishwasher mean?",
                                  "订单号 DD20261204778 的货到了是坏的，怎么退？",
                                  "git checkout -b feature/login-form-v2"])
def test_a_turn_without_a_secret_keeps_its_query(text) -> None:
    assert QueryNode().run({"messages": [("user", text)]}, CTX, None)["memory_query"].text == text


def test_the_read_state_holds_no_pasted_value(store) -> None:
    graph = create_read_graph(store).compile()
    for text, (value, _) in PASTED.items():
        out = graph.invoke({"messages": [("user", text)]}, context=CTX)
        state = json.dumps({k: v for k, v in out.items() if k != "messages"}, ensure_ascii=False, default=repr)
        assert value not in state
