"""Chinese natural-chat extraction (issue 16), phrasings written for these tests, not taken from any labelled set.

Each group is one failure kind; the rule change that fixed it was made after its cases failed."""

from __future__ import annotations

import pytest

from langmem_nodes.write import grammar_zh
from tests.test_extraction_compositional import _accepted, _check

P, N = "positive", "negative"

# Chinese rules must not fire on an English clause: "our orm is prisma" is not a zh topic + bare object
ENGLISH = ["our orm is prisma", "the ORM is drizzle", "our ci is jenkins", "the backend is go",
           "our cache layer is redis", "the queue is sqs now", "our frontend framework: svelte"]


@pytest.mark.parametrize("text", ENGLISH)
def test_chinese_rules_never_fire_on_an_english_clause(text: str) -> None:
    assert grammar_zh.pre(text) == [] and grammar_zh.post(text) == []
    assert not [r.object for r in _accepted(text) if r.object.lower().startswith(("is ", "are "))]


@pytest.mark.parametrize("text", ["前端 React", "jQuery 我早就不碰了"])
def test_chinese_rules_still_fire_on_a_mixed_clause(text: str) -> None:
    assert grammar_zh.pre(text) or grammar_zh.post(text)


CASES = {
    # the project's stack said with an instrument (拿 X 写), a verbless 统一 X, 跑的是 / 打到 X 里, or a second clause
    # whose topic is the project's too ("依赖用 poetry 管", "镜像仓库用 Harbor")
    "project stack in chat": [
        ("我们后台是拿 Rust 写的，最近编译好慢", [("project", "Rust", P)]),
        ("我们组前端统一 React + TS", [("project", "React", P), ("project", "TS", P)]),
        ("线上跑的是 k8s，镜像仓库用 Harbor", [("project", "k8s", P), ("project", "Harbor", P)]),
        ("项目用的 Python 3.11，依赖用 poetry 管", [("project", "Python 3.11", P), ("project", "poetry", P)]),
        ("咱们服务的日志都打到 Loki 里", [("project", "Loki", P)]),
        ("我们仓库拿 pnpm 管依赖", [("project", "pnpm", P)]),
        ("我们的接口用 gRPC，网关是 Kong", [("project", "gRPC", P), ("project", "Kong", P)]),
    ],
    # a description of how long something takes is not a standing rule ("每次都要十几分钟")
    "no rule from a description": [
        ("我们的单测跑在 GitLab CI 上面，每次都要十几分钟", [("project", "GitLab CI", P)]),
        ("每次都要等半个小时", []),
        ("每次构建要二十分钟左右", []),
    ],
    # where the user is now, and a verbless attribute after it
    "place and verbless attribute": [
        ("我现在在成都，时区东八区", [("user", "成都", P), ("user", "东八区", P)]),
        ("我人在西安，生日是三月五号", [("user", "西安", P), ("user", "三月五号", P)]),
        ("我目前在南京", [("user", "南京", P)]),
    ],
    # an adverb of duration or habit between the holder and the verb
    "adverbs before the verb": [
        ("我这两年一直在学日语", [("user", "日语", P)]),
        ("我最近一直在自学吉他", [("user", "吉他", P)]),
        ("辣的我一点都吃不了", [("user", "辣", N)]),
        ("我不怎么喝酒", [("user", "酒", N)]),
        ("我不太吃甜食", [("user", "甜食", N)]),
        ("我写 Python 习惯用四个空格缩进", [("user", "四个空格", P)]),
        ("我写 Go 一直用 GoLand", [("user", "GoLand", P)]),
    ],
}


@pytest.mark.parametrize(("text", "expected"), [c for cs in CASES.values() for c in cs],
                         ids=[f"{k}: {c[0][:24]}" for k, cs in CASES.items() for c in cs])
def test_zh_chat_kinds(text: str, expected: list[tuple[str, str, str]]) -> None:
    _check(_accepted(text), expected)


# neg helper's finding: "我之前用的是啥" (no question mark) was stored as «uses 啥, negative»; 啥 / 哪里 / 哪儿 ask,
# like 什么 — while 没啥 / 啥都 state something ("我没啥爱好，就喜欢睡觉", "我啥都吃")
@pytest.mark.parametrize("text, expected", [
    ("我之前用的是啥", []),
    ("我住在哪里", []),
    ("我家狗叫啥来着", []),
    ("钥匙放哪儿了", []),
    ("我没啥爱好，就喜欢睡觉", [("user", "睡觉", P)]),
])
def test_sha_and_nali_ask_a_question(text: str, expected: list) -> None:
    _check(_accepted(text), expected)


@pytest.mark.parametrize("text", ["what did I use before", "where do I live"])
def test_the_english_questions_without_a_mark_store_nothing_too(text: str) -> None:
    assert _accepted(text) == []


# corr helper's finding: "我们已经弃用 Redux 了" was stored as the team USING Redux (the team-convention rule read
# "弃用 X" as a use); a dropped, stopped or retired tool is a negative, as "we no longer use X" is
@pytest.mark.parametrize("text, obj", [
    ("我们已经弃用 Redux 了", "Redux"), ("我们弃用 Redux 了", "Redux"), ("我们组停用了 Jenkins", "Jenkins"),
    ("我们团队淘汰了 Angular", "Angular"), ("we no longer use Jenkins", "Jenkins"),
])
def test_a_tool_the_team_dropped_is_a_negative(text: str, obj: str) -> None:
    _check(_accepted(text), [("project", obj, N)])
