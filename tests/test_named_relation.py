"""A relation named with a full name ("My manager is Wang Wei", "我的领导是王伟") is the user's own fact, stored like
a one-word name (newcomer25 M1: skipped as "about someone else"); what names nobody stays unstored. Sentences
written for this file."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.write.extractor import RuleExtractor

CTX = MemoryContext(user_id="eda", project_id="crm")


def _objects(said: str) -> list[str]:
    return [p.record.object for p in RuleExtractor().extract([{"role": "user", "content": said}], CTX, datetime.now(UTC))]


@pytest.mark.parametrize(("said", "name"), [
    ("My manager is Priya Natarajan.", "Priya Natarajan"),
    ("My boss is Mark De Vries.", "Mark De Vries"),
    ("我的领导是赵敏。", "赵敏"),
    ("我现在的主管是孙立。", "孙立"),
])
def test_a_full_name_of_a_relation_is_stored(said, name):
    assert _objects(said) == [name]


@pytest.mark.parametrize("said", ["我领导是技术出身。", "我的老板是个急性子。", "My manager is very busy."])
def test_a_relation_described_names_nobody(said):
    assert name_free(_objects(said))


def name_free(objects: list[str]) -> bool:
    return not any(o[:1].isupper() or o in ("技术出身", "个急性子") for o in objects)
