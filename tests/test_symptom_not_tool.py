"""What a failure reports is not a tool the project uses (newcomer21 M3: «Project uses exit code 137», «Project uses
TimeoutError» from debugging questions)."""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext, utcnow
from langmem_nodes.write.extractor import RuleExtractor


def _objects(text: str) -> list[str]:
    pending, _ = RuleExtractor().extract_explained([{"role": "user", "content": text}],
                                                   MemoryContext(user_id="ada", project_id="api"), utcnow())
    return [p.record.object for p in pending]


@pytest.mark.parametrize("text", [
    "debug: the build fails on CI with exit code 137",
    "the tests fail with TimeoutError after 30 seconds, any idea?",
    "Our worker keeps crashing with OOMKilled.",
    "The deploy failed with status 502 again.",
    "我们的服务老是报 NullPointerException。",
])
def test_a_failures_report_is_not_stored_as_a_tool(text) -> None:
    assert not any(o for o in _objects(text) if "137" in o or "Error" in o or "OOM" in o or "502" in o or "Exception" in o)


@pytest.mark.parametrize(("text", "tool"), [
    ("We use Sentry for error tracking.", "Sentry"),
    ("我们用 Sentry 收集错误。", "Sentry"),
    ("Our CI runs on GitHub Actions.", "GitHub Actions"),
])
def test_the_tools_of_a_project_still_are(text, tool) -> None:
    assert any(tool in o for o in _objects(text))
