"""A project fact said as holder + chore verb (+ what it acts on) + instrument composes (issue #16): "we deploy
this service with Kubernetes", "We provision our servers with Ansible", "Our releases go through Jenkins" stored
nothing; "前端是用 webpack 打包的", "代码仓库放在 Gitee 上", "我们的发布都走 Jenkins" neither. The instrument must
name a tool ("we test with real users", "We build it with care" store nothing), and a time is no tool."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph

# sentence -> the active (subject, predicate, object) triples it must leave, nothing else
STORED = {
    "we deploy this service with Kubernetes": [("project", "uses", "Kubernetes")],
    "We build the frontend with Vite.": [("project", "uses", "Vite")],
    "Our team bundles the app using esbuild.": [("project", "uses", "esbuild")],
    "We provision our servers with Ansible.": [("project", "uses", "Ansible")],
    "we host the docs on Netlify": [("project", "uses", "Netlify")],
    "we manage secrets with Vault": [("project", "uses", "Vault")],
    "Our releases go through Jenkins.": [("project", "uses", "Jenkins")],
    "The code lives on GitLab.": [("project", "uses", "GitLab")],
    "Our images are built with Kaniko.": [("project", "uses", "Kaniko")],
    "前端是用 webpack 打包的": [("project", "uses", "webpack")],
    "镜像都是用 Kaniko 构建的": [("project", "uses", "Kaniko")],
    "代码仓库放在 Gitee 上": [("project", "uses", "Gitee")],
    "我们的发布都走 Jenkins": [("project", "uses", "Jenkins")],
    "我们服务的日志都收到 Loki 里": [("project", "uses", "Loki")],
    "测试我们跑在 GitHub Actions 上": [("project", "uses", "GitHub Actions")],
}

NOTHING = [
    "We build it with care.",
    "we host meetups on weekends",
    "我们走路去公司",
    "我们的发布都走流程",
]


def _say(store, text: str) -> None:
    create_write_graph(store).compile().invoke({"messages": [HumanMessage(text)]},
                                               context=MemoryContext(user_id="ada", project_id="shop", session_id="s1"))


def _active(store) -> list:
    return list(store.find(None, statuses=(Status.ACTIVE,)))


@pytest.mark.parametrize("text", STORED)
def test_chore_and_instrument_compose(store, text) -> None:
    _say(store, text)
    assert sorted((r.subject, r.predicate, r.object) for r in _active(store)) == sorted(STORED[text])


def test_a_deploy_day_is_a_routine_not_a_tool(store) -> None:
    _say(store, "we deploy on Fridays")
    assert [(r.subject, r.predicate, r.object) for r in _active(store)] == [("project", "attr:deploy_day", "Fridays")]


@pytest.mark.parametrize("text", NOTHING)
def test_no_tool_no_fact(store, text) -> None:
    _say(store, text)
    assert [(r.predicate, r.object) for r in _active(store)] == []
