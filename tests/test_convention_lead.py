"""A message opening on the team's conventions holds the project's rules (newcomer21 M4: "Our convention: never commit
directly to main, always open a PR." kept only «User rule: open a PR»)."""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext, utcnow
from langmem_nodes.write.extractor import RuleExtractor


def _claims(text: str) -> list[tuple[str, str, str, str]]:
    pending, _ = RuleExtractor().extract_explained([{"role": "user", "content": text}],
                                                   MemoryContext(user_id="ada", project_id="api"), utcnow())
    return [(p.record.subject, p.record.predicate, p.record.object, p.record.polarity) for p in pending]


def test_both_rules_after_our_convention_are_the_projects() -> None:
    assert _claims("Our convention: never commit directly to main, always open a PR.") == [
        ("project", "rule", "commit directly to main", "negative"), ("project", "rule", "open a PR", "positive")]


@pytest.mark.parametrize(("text", "rule"), [("我们的规范：提交前必须跑 lint。", "提交前必须跑 lint"),
                                            ("團隊的規範：提交前必須跑 lint。", "提交前必須跑 lint")])
def test_a_zh_conventions_opening_holds_the_projects_rule(text, rule) -> None:
    assert ("project", "rule", rule, "positive") in _claims(text)


def test_a_message_without_the_opening_is_read_as_before() -> None:
    assert ("user", "rule", "open a PR", "positive") in _claims("Please always open a PR.")
