"""Chinese chat the rule extractor missed both in cases written from imagination for this round
(/work/tmp/s36/extract-zh/own_zh.jsonl) and in the tune halves, with the English counterpart where the structure
exists in English. Phrasings written for these tests, not taken from the labelled sets."""

from __future__ import annotations

import pytest

from langmem_nodes.write import RuleExtractor, VerifyNode
from tests.test_extraction_compositional import CTX, NOW, _check

P, N = "positive", "negative"


def _accepted_turns(turns: list[tuple[str, str]]) -> list:
    messages = [{"role": role, "content": text} for role, text in turns]
    pending = RuleExtractor().extract(messages, CTX, NOW)
    out = VerifyNode(None).run({"memory_pending": pending}, CTX, NOW)["memory_pending"]
    return [p.record for p in out if p.action == "write"]


# a short answer to the assistant's question: the question gives the holder and the gap the value fills
# (own oz04 / oz05 / oz32 / oz33, casual10_tune c10-zh-015; was: nothing stored)
@pytest.mark.parametrize(("question", "answer", "expected"), [
    ("你平时用什么浏览器？", "一般用 Firefox。", [("user", "Firefox", P)]),
    ("你用的是什么手机？", "小米。", [("user", "小米", P)]),
    ("你更喜欢猫还是狗？", "狗吧。", [("user", "狗", P)]),
    ("你想让我用简体还是繁体回复？", "繁体就行", [("user", "繁体", P)]),
    ("你们团队用什么做代码托管？", "GitLab。", [("project", "GitLab", P)]),
    ("方便说下技术栈吗？后端框架是什么？", "Django + Celery，队列用的 RabbitMQ", [
        ("project", "Django", P), ("project", "Celery", P), ("project", "RabbitMQ", P)]),
    ("Which browser do you use?", "Firefox mostly.", [("user", "Firefox", P)]),
    ("What do you use for code hosting?", "GitLab.", [("user", "GitLab", P)]),
])
def test_a_short_answer_is_read_in_the_frame_of_the_question(question, answer, expected) -> None:
    _check(_accepted_turns([("assistant", question), ("user", answer)]), expected)


# no question to answer, a question about one task or one thing in front of the user, or no answer: nothing
@pytest.mark.parametrize(("question", "answer"), [
    ("好的，已经改好了。", "Firefox。"),
    ("这个变量你想叫什么名字？", "total_count 吧"),
    ("你今天中午想吃什么？", "饺子"),
    ("你还有别的问题吗？", "没有了，谢谢"),
    ("Anything else?", "Firefox."),
])
def test_no_frame_no_claim(question, answer) -> None:
    assert _accepted_turns([("assistant", question), ("user", answer)]) == []


# the project itself as the holder of a negated use: "这个项目 / 本仓库 不用 X", "this repo doesn't use X"
# (own oz37; was: nothing stored — only "我们不用 X" was read)
@pytest.mark.parametrize(("text", "term"), [
    ("这个仓库没用 Redux，状态都放在 context 里。", "Redux"),
    ("本项目不使用 ORM", "ORM"),
    ("这个服务不用 Kafka", "Kafka"),
    ("This repo doesn't use Redux.", "Redux"),
    ("Our service does not use Kafka.", "Kafka"),
])
def test_the_project_as_holder_of_a_negated_use(text, term) -> None:
    _check(_accepted_turns([("user", text)]), [("project", term, N)])


# "不用" + a verb is "no need to", not a tool the project leaves out (was for 我们: «担心» stored as not used)
@pytest.mark.parametrize("text", ["这个项目不用改", "这个仓库不用管它", "我们不用担心", "这个服务不用重启",
                                  "We don't use Docker."])  # "we don't use X" may be a request: left alone
def test_no_need_to_is_no_tool(text) -> None:
    assert _accepted_turns([("user", text)]) == []
