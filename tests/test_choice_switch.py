"""One value at a time for choices said outright (newcomer12 L6): "记住：我喜欢靠过道的座位" after "Remember that I
prefer window seats" left both active, so the agent was told both. A seat or a UI theme is now a one-at-a-time
category (`resolve.ONE_AT_A_TIME`), across languages; a question about it finds the memory. A switch replaces the
value of its kind whatever predicate held it, and shells are such a kind (zsh → fish)."""

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
    ("Remember that I prefer window seats.", "记住：我喜欢靠过道的座位。", "靠过道的座位"),
    ("记住：我喜欢靠窗的座位。", "Remember that I prefer aisle seats.", "aisle seats"),
    ("Remember that I prefer dark mode.", "Remember that I prefer light mode now.", "light mode"),
    ("记住我喜欢深色模式。", "记住：我现在喜欢浅色模式。", "浅色模式"),
])
def test_a_choice_said_outright_replaces_the_other(store, first, then, kept):
    graph = create_write_graph(store).compile()
    for said in (first, then):
        graph.invoke({"messages": [HumanMessage(said)]}, context=ADA)
    assert _active(store) == [kept]


def test_other_preferences_stay_side_by_side(store):
    graph = create_write_graph(store).compile()
    for said in ("Remember that I prefer window seats.", "Remember that I prefer green tea.", "记住我喜欢深色模式。"):
        graph.invoke({"messages": [HumanMessage(said)]}, context=ADA)
    assert len(_active(store)) == 3


def test_seat_and_theme_are_categories_in_both_languages():
    assert value_categories("User likes window seats") == {"seat"} == value_categories("用户喜欢靠过道的座位")
    assert value_categories("User likes dark mode") == {"ui_theme"} == value_categories("用户喜欢浅色模式")
    assert "seat" in asked_categories("Which seat do I like?") and "seat" in asked_categories("我喜欢什么座位？")
    assert value_categories("User likes the window of the shop") == set()


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
    """"My editor is Vim" stores attr:editor, "I use Helix now" stores uses: both stayed active (stop 39)."""
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
