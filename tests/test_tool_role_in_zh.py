"""A tool's role named in English inside a Chinese sentence ("我的 shell 用 zsh") is read like a Chinese one
("我的编辑器用 Vim"); someone else's tool is not the user's (newcomer17: "我的 shell 用 zsh" stored nothing)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.write.extractor import RuleExtractor

CTX = MemoryContext(user_id="ada")


def _claims(text: str) -> list[tuple[str, str, str]]:
    pending = RuleExtractor().extract([{"role": "user", "content": text}], CTX, datetime.now(UTC))
    return [(p.record.subject, p.record.predicate, p.record.object) for p in pending]


@pytest.mark.parametrize(("text", "value"), [
    ("我的 shell 用 zsh", "zsh"),
    ("我的 IDE 一直用 PyCharm", "PyCharm"),
    ("我的 terminal 用的是 WezTerm", "WezTerm"),
    ("我的 password manager 用 Bitwarden", "Bitwarden"),
])
def test_an_english_tool_role_in_chinese(text, value):
    assert _claims(text) == [("user", "uses", value)]


@pytest.mark.parametrize("text", ["我的 boss 用 Jira", "我的老板用 Jira", "我的 shell 用什么好？"])
def test_not_the_users_tool(text):
    assert _claims(text) == []
