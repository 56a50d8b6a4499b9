"""A value after "我们是…" that describes the team or the system (what it is, who made it, how often) names no tool:
no `uses` record (`described_zh`). Cases written for this change (stop 43), not taken from any eval set."""

from __future__ import annotations

import pytest

from langmem_nodes.write import RuleExtractor

EX = RuleExtractor()

DESCRIBED = [
    '我们是 toB 的系统，只要求支持 Chrome 和 Edge 最新版',
    '我们是个五人小团队在做独立游戏',
    '我们的功能开关是自己写的',
    '我们的后台是自研的',
    '我们是一家做跨境电商的小公司',
    '我们是个三个人的小团队哈',
    '我们是一家做 SaaS 的公司',
    '我们是 toC 的产品，用户量挺大的',
    '我们是个做内容社区的 app',
    '我们的网关是自己写的',
    '我们的埋点 SDK 是手写的哈',
    '我们的权限系统是自研的',
    '我们是个十几人的团队',
    '我们是一个做跨境物流的平台',
    '我们是做 B 端的业务',
    '我们是一家二十人的创业公司',
    '我们是个搞教育的小公司啦',
    '我们是一家做 AI 的初创公司',
    '我们的监控告警是自己搭的',
    '我们是个外包团队，啥活都接',
    '我们是个传统制造业的 IT 部门',
    '我们是 2B 的系统哈，不用考虑 SEO',
    '我们的 RPC 框架是自研的，没用 gRPC',
    '我们是个两人的小工作室在做小游戏',
    '我们是一个在做跨境支付的团队',
    '我们是 toG 的项目，要求挺多的',
    '我们日志平台是自建的',
]


@pytest.mark.parametrize("message", DESCRIBED)
def test_description_is_no_tool(message: str) -> None:
    claims = [c for c, *_ in EX.claims(message)]
    assert not [c for c in claims if c.predicate in ("uses", "package_manager") and c.polarity == "positive"], claims


@pytest.mark.parametrize("message,tool", [
    ("我们后端是 Go", "Go"),
    ("我们的前端是 React 写的", "React"),
    ("我们 CI 用的是 Jenkins", "Jenkins"),
    ("我们部署在阿里云 ECS 上", "阿里云 ECS"),
    ("我们的数据库是 PG 15", "PG 15"),
    ("我们用 Redis 做缓存", "Redis"),
    ("我们是 Jenkins 的老用户", "Jenkins"),
])
def test_a_named_tool_is_still_used(message: str, tool: str) -> None:
    assert any(tool in c.object and c.predicate == "uses" for c, *_ in EX.claims(message))


@pytest.mark.parametrize("message,schedule", [("我们组on-call是一周一轮", "一周一轮"), ("我们发版是一周一次", "一周一次")])
def test_a_schedule_is_no_description(message: str, schedule: str) -> None:
    assert any(schedule in c.object and c.subject == "project" for c, *_ in EX.claims(message))


def test_a_tool_said_not_used_after_a_description() -> None:
    claims = [(c.object, c.polarity) for c, *_ in EX.claims("我们的 RPC 框架是自研的，没用 gRPC")]
    assert claims == [("gRPC", "negative")]
