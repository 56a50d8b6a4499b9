"""A tool of a one-at-a-time kind replaces the one before it whatever the phrasing held it: "My editor is Vim"
stores `attr:editor`, "I use Helix now" stores `uses`; the two were different keys, so both stayed active and the
agent was told both (lead, stop 39). Shells are such a kind too (zsh → fish), in both languages."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes import MemoryContext, MemoryStore
from langmem_nodes.categories import asked_categories, value_categories
from langmem_nodes.records import Status
from langmem_nodes.write.graph import create_write_graph

ADA = MemoryContext(user_id="ada")


@pytest.fixture
def store(tmp_path):
    s = MemoryStore(tmp_path, embedder="hashing")
    yield s
    s.close()


def _active(store) -> list[str]:
    return sorted(r.object for r in store.find(None) if r.status is Status.ACTIVE)


@pytest.mark.parametrize(("first", "then", "kept"), [
    ("My editor is Vim.", "I use Helix now.", "Helix"),
    ("I use Vim.", "My editor is Helix now.", "Helix"),
    ("记住：我的编辑器是 Vim。", "我现在用 Helix 了。", "Helix"),
    ("I use zsh.", "I use fish now.", "fish"),
    ("Remember that my shell is zsh.", "I use fish now.", "fish"),
    ("我一直用 bash。", "我现在改用 zsh 了。", "zsh"),
    ("记住：我用 zsh。", "I switched to fish.", "fish"),
])
def test_a_switch_replaces_the_value_of_its_kind_under_any_predicate(store, first, then, kept):
    graph = create_write_graph(store).compile()
    for said in (first, then):
        graph.invoke({"messages": [HumanMessage(said)]}, context=ADA)
    assert _active(store) == [kept]


@pytest.mark.parametrize(("first", "then"), [
    ("I use zsh.", "I use Vim now."),  # another kind
    ("My editor is Vim.", "I use Postgres now."),
    ("I use zsh.", "I write bash scripts for deploys."),  # no switch said outright
])
def test_values_of_other_kinds_stay(store, first, then):
    graph = create_write_graph(store).compile()
    for said in (first, then):
        graph.invoke({"messages": [HumanMessage(said)]}, context=ADA)
    assert len(_active(store)) == 2


def test_shell_is_a_category_in_both_languages():
    assert value_categories("User uses zsh") == {"shell"} == value_categories("用户的shell：fish")
    assert "shell" in asked_categories("What shell do I use?") and "shell" in asked_categories("我用什么 shell？")
    assert value_categories("User likes seashells") == set()
