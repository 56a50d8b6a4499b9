"""A nationality or a belief is never the user's name (newcomer10 H1: "I'm Brazilian" replaced "Marco")."""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.write.graph import create_write_graph

CTX = MemoryContext(user_id="u")


def _say(store, *texts: str) -> None:
    graph = create_write_graph(store).compile()
    for text in texts:
        graph.invoke({"messages": [("user", text)]}, context=CTX)


def _active(store) -> set[tuple[str, str]]:
    return {(r.predicate, r.object) for r in store.find(None)}


@pytest.mark.parametrize("name_turn, name, origin_turn, country", [
    ("My name is Marco.", "Marco", "I'm Brazilian, by the way.", "Brazil"),
    ("我叫王芳。", "王芳", "I'm Chinese, by the way.", "China"),
    ("我叫王芳。", "王芳", "我是巴西人。", "巴西"),
    ("I'm Dan.", "Dan", "I am British.", "the UK"),
])
def test_a_nationality_is_where_the_user_is_from_and_keeps_the_name(store, name_turn, name, origin_turn, country):
    _say(store, name_turn, origin_turn)
    assert {("name", name), ("from", country)} <= _active(store)
    assert not any(p == "name" and o != name for p, o in _active(store))


@pytest.mark.parametrize("text", ["I'm Catholic.", "I'm a Muslim.", "我是天主教徒。", "I'm Jewish."])
def test_a_belief_is_not_stored_as_a_name_or_a_job(store, text):
    _say(store, text)
    assert not any(p in ("name", "role") for p, _ in _active(store))


@pytest.mark.parametrize("text, kept", [("I'm Jewish and I keep kosher.", ("diet", "kosher")),
                                        ("I'm Italian and I work at Ferrari.", ("works_at", "Ferrari")),
                                        ("我是意大利人，在法拉利工作。", ("works_at", "法拉利"))])
def test_the_other_clause_still_lands(store, text, kept):
    _say(store, text)
    facts = _active(store)
    assert kept in facts and not any(p == "name" for p, _ in facts)
