"""How something is to be written, said for the future, is a rule, not a tool (newcomer21 M4: "以后这个仓库的提交信息都用英文写"
stored «项目使用英文写»)."""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext, utcnow
from langmem_nodes.write.extractor import RuleExtractor


def _claims(text: str) -> list[tuple[str, str, str]]:
    pending, _ = RuleExtractor().extract_explained([{"role": "user", "content": text}],
                                                   MemoryContext(user_id="ada", project_id="api"), utcnow())
    return [(p.record.subject, p.record.predicate, p.record.object) for p in pending]


@pytest.mark.parametrize(("text", "subject", "rule"), [
    ("以后这个仓库的提交信息都用英文写。", "project", "提交信息都用英文写"),
    ("以後這個倉庫的提交訊息都用英文寫。", "project", "提交訊息都用英文寫"),
    ("以后 commit message 都用英文写。", "user", "commit message 都用英文写"),
    ("这个项目的接口文档统一用 OpenAPI 来写。", "project", "接口文档统一用 OpenAPI 来写"),
])
def test_a_manner_said_for_the_future_is_a_rule(text, subject, rule) -> None:
    assert (subject, "rule", rule) in _claims(text)


@pytest.mark.parametrize(("text", "tool"), [("我们的后端是用 Go 写的。", "Go"), ("这个项目用 Vue 3 写的。", "Vue 3")])
def test_what_a_project_is_written_in_is_still_its_tool(text, tool) -> None:
    assert ("project", "uses", tool) in _claims(text)
