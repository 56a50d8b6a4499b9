"""One value at a time across languages and synonyms (newcomer11 L5): a later statement in the other language,
or under another word for the same person or pet, replaces the earlier one; a withdrawal in one language takes
back the value said in the other; the same value said in both languages stays (no false contradiction)."""

from __future__ import annotations

import pytest

from langmem_nodes.equivalents import predicate_family, same_value
from langmem_nodes.records import MemoryContext
from tests._replay import replay

CTX = MemoryContext(user_id="xl", project_id="app", session_id="s1")


def _active(store, *turns: str) -> list[str]:
    return sorted(r.text for r in replay(store, *turns, ctx=CTX))


@pytest.mark.parametrize(("turns", "kept", "gone"), [
    (("My cat is called Mimi.", "我的猫叫咪咪。"), "咪咪", "Mimi"),
    (("我的猫叫咪咪。", "My cat is called Mochi."), "Mochi", "咪咪"),
    (("My mom is called Ann.", "My mother's name is Beth."), "Beth", "Ann"),
    (("我老婆叫李娜。", "我妻子叫王芳。"), "王芳", "李娜"),
    (("My wife is Sarah.", "我老婆叫李娜。"), "李娜", "Sarah"),
])
def test_a_name_replaces_the_same_persons_name_in_either_language(store, turns, kept, gone) -> None:
    active = _active(store, *turns)
    assert any(kept in t for t in active) and not any(gone in t for t in active), active


@pytest.mark.parametrize("turns", [
    ("I'm vegetarian.", "其实我不是素食者了。"),
    ("我是素食者。", "I'm not vegetarian anymore."),
])
def test_a_withdrawal_takes_back_the_value_said_in_the_other_language(store, turns) -> None:
    active = _active(store, *turns)
    assert len(active) == 1 and ("不再" in active[0] or "no longer" in active[0]), active


@pytest.mark.parametrize(("turns", "both"), [
    (("My cat is called Mimi.", "我家狗叫旺财。"), ("Mimi", "旺财")),  # a cat and a dog: two animals
])
def test_another_holder_stays(store, turns, both) -> None:
    active = _active(store, *turns)
    assert all(any(v in t for t in active) for v in both), active


@pytest.mark.parametrize("turns", [("I'm vegetarian.", "我是素食者。"), ("我是素食者。", "I'm vegetarian.")])
def test_the_same_value_in_the_other_language_stays_one_memory(store, turns) -> None:
    # no false contradiction, and no second memory either (nc16 M3): the other language's statement is a repeat
    active = _active(store, *turns)
    assert len(active) == 1 and any(v in active[0] for v in ("vegetarian", "素食者")), active


def test_families_and_values() -> None:
    assert set(predicate_family("attr:mom_name")) >= {"attr:mother_name", "attr:妈妈名字", "attr:母亲名字"}
    assert predicate_family("attr:哥哥名字") == ("attr:哥哥名字",)  # 哥哥 and 弟弟 are two people
    assert "attr:弟弟名字" not in predicate_family("attr:brother_name")
    assert predicate_family("lives_in") == ("lives_in",)
    assert same_value("Vegetarian", "吃素的") and not same_value("素食者", "纯素") and not same_value("Berlin", "柏林")


def _read(store, question: str) -> list[str]:
    from langmem_nodes.read.graph import create_read_graph

    out = create_read_graph(store).compile().invoke({"messages": [("user", question)]}, context=CTX)
    return [s.record.text for s in out.get("memory_selected") or []]


@pytest.mark.parametrize(("said", "asked", "found"), [
    ("My dog is called Rex.", "我的狗叫什么名字？", "Rex"),
    ("我家狗叫旺财。", "What's my dog's name?", "旺财"),
    ("My wife is Sarah.", "我老婆叫什么？", "Sarah"),
    ("我妈妈叫李华。", "What is my mom called?", "李华"),
])
def test_a_name_is_recalled_by_a_question_in_the_other_language(store, said, asked, found) -> None:
    _active(store, said, "I live in Oslo.")
    assert any(found in t for t in _read(store, asked)), _read(store, asked)


@pytest.mark.parametrize(("said", "asked"), [("My dog is called Rex.", "我的猫叫什么名字？"), ("我家狗叫旺财。", "What's my cat's name?")])
def test_another_animals_name_is_not_an_answer(store, said, asked) -> None:
    _active(store, said)
    assert not any(("Rex" in t or "旺财" in t) for t in _read(store, asked))


@pytest.mark.parametrize(("said", "asked", "gone"), [
    ("My cat is called Tom. I drive a Volvo.", "请忘掉我的猫的名字。", "Tom"),
    ("My cat is called Tom. I drive a Volvo.", "忘掉我开什么车。", "Volvo"),
    ("我的猫叫咪咪。我开比亚迪。", "Please forget my cat's name.", "咪咪"),
    ("我的猫叫咪咪。我开比亚迪。", "Forget what car I drive.", "比亚迪"),
])
def test_a_forget_request_in_the_other_language_reaches_the_memory(store, said, asked, gone) -> None:
    from langmem_nodes.governance.forget_node import ForgetRequestNode

    active = _active(store, said)
    assert any(gone in t for t in active)
    ask = ForgetRequestNode(store).run({"memory_forget_request": asked}, CTX, None)
    assert [gone in c["text"] for c in ask["memory_forget_candidates"]] == [True], ask["memory_forget_candidates"]
    ForgetRequestNode(store).run({**ask, "memory_forget_confirm": "yes"}, CTX, None)
    left = sorted(r.text for r in store.find(None) if r.status.value == "active")
    assert not any(gone in t for t in left) and len(left) == len(active) - 1, left
