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


@pytest.mark.parametrize("name_turn, name, origin_turn, origin", [
    ("My name is Marco.", "Marco", "I'm Brazilian, by the way.", ("attr:nationality", "Brazilian")),
    ("我叫王芳。", "王芳", "I'm Chinese, by the way.", ("attr:nationality", "Chinese")),
    ("我叫王芳。", "王芳", "我是巴西人。", ("from", "巴西")),
    ("I'm Dan.", "Dan", "I am British.", ("attr:nationality", "British")),
])
def test_a_nationality_never_replaces_the_name(store, name_turn, name, origin_turn, origin):
    _say(store, name_turn, origin_turn)
    assert {("name", name), origin} <= _active(store)
    assert not any(p == "name" and o != name for p, o in _active(store))


@pytest.mark.parametrize("text", ["I'm Catholic.", "I'm a Muslim.", "我是天主教徒。", "I'm Jewish."])
def test_a_belief_is_not_stored_as_a_name_or_a_job(store, text):
    _say(store, text)
    assert not any(p in ("name", "role") for p, _ in _active(store))


@pytest.mark.parametrize("text, kept", [("I'm Jewish and I keep kosher.", ("diet", "kosher")),
                                        ("I'm Italian and I work at Ferrari.", ("works_at", "Ferrari")),
                                        ("我是意大利人，在法拉利工作。", ("works_at", "法拉利"))])
def test_the_other_clause_still_lands(store, text, kept):  # and where one grew up is not the nationality
    _say(store, text)
    facts = _active(store)
    assert kept in facts and not any(p == "name" for p, _ in facts)


def test_a_nationality_and_where_one_grew_up_are_both_kept(store):
    _say(store, "I'm Japanese but I grew up in Chicago, so English is fine for everything")
    assert {("attr:nationality", "Japanese"), ("from", "Chicago")} <= _active(store)
