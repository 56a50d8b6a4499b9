"""Chinese: 现在 between a thing and its new value still parses (newcomer8 H3: «用户陈述：我的猫现在叫豆腐», the old
name kept active); 一名 / 一位 + a trade noun is a job (我是一名护士 stored nothing); a lead like 顺便说一下 is no
part of the fact (newcomer8 H4); "我是X人" is where the user comes from only when X is a place, never a kind of
person (我是普通人 / 我是个好人 stored «用户来自普通»)."""

from __future__ import annotations

import pytest
from _said import extracted


def _claims(said: str) -> list[tuple[str, str]]:
    out = extracted(said)
    return [(p.record.predicate, p.record.object) for p in out]


@pytest.mark.parametrize(("said", "predicate", "obj"), [
    ("记住：我的猫现在叫豆腐。", "attr:猫名字", "豆腐"),
    ("记住：我现在是护士。", "role", "护士"),
    ("我现在是一名护士。", "role", "护士"),
    ("我是一位厨师", "role", "厨师"),
    ("我是一名钢琴调音师", "role", "钢琴调音师"),
    ("顺便说一下我是素食者", "diet", "素食者"),
    ("跟你说我住在上海", "lives_in", "上海"),
    ("我是东北人", "from", "东北"),
    ("我是义乌人", "from", "义乌"),
    ("I'm a nurse now.", "role", "nurse"),
])
def test_reads(said, predicate, obj):
    assert (predicate, obj) in _claims(said), _claims(said)


@pytest.mark.parametrize("said", ["我是普通人", "我是一名普通人", "我是个好人", "我是一个很懒的人", "我是一名吃货"])
def test_a_kind_of_person_is_no_fact(said):
    assert _claims(said) == []
