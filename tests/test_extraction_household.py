"""Household facts compose from holder + acquisition verb + pet (issue #16): "We rescued a greyhound" stored nothing
and "我领养了一只狗，名字叫豆包" stored the dog's name as the USER's name; "我养了一只猫，它的名字叫咪咪" skipped the
name clause as reported speech. Someone else's pet or opinion stays unstored."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph

# sentence -> the active (predicate, object) pairs it must leave, nothing else
STORED = {
    # en: acquisition verbs beyond got/bought, household holders, counts, a name inline or in the next clause
    "We rescued a greyhound last spring.": [("has", "greyhound")],
    "I just brought home two kittens.": [("has", "kittens")],
    "My partner and I rescued a cat, her name is Pixel.": [("attr:cat_name", "Pixel"), ("has", "cat")],
    "I rescued a beagle named Toby last year.": [("attr:dog_name", "Toby")],
    "We got a rabbit and named him Clover.": [("attr:rabbit_name", "Clover"), ("has", "rabbit")],
    # zh: 领养 / 收养 like 养, and every way of giving the name
    "我领养了一只猫。": [("has", "猫")],
    "我最近收养了两只兔子": [("has", "兔子")],
    "我领养了一只狗，名字叫豆包": [("attr:狗名字", "豆包"), ("has", "狗")],
    "我养了一只猫，它的名字叫咪咪": [("attr:猫名字", "咪咪"), ("has", "猫")],
    "我家养了条狗，取名叫旺财": [("attr:狗名字", "旺财"), ("has", "狗")],
    "我养了只鹦鹉，我们给它起名叫豆豆": [("attr:鹦鹉名字", "豆豆"), ("has", "鹦鹉")],
}

NOTHING = [
    "I adopted a new morning routine.",  # not a pet
    "my sister adopted a cat",  # someone else's pet
    "我朋友领养了一只狗，它的名字叫旺财",
    "my wife loves sushi",  # a relative's taste is not the user's fact
    "我老婆很喜欢吃辣",
    "My son says Rust is overrated.",
    "我儿子说 Python 最好学",
]


def _say(store, text: str) -> None:
    create_write_graph(store).compile().invoke({"messages": [HumanMessage(text)]},
                                               context=MemoryContext(user_id="ada", session_id="s1"))


def _active(store) -> list:
    return list(store.find(None, statuses=(Status.ACTIVE,)))


@pytest.mark.parametrize("text", STORED)
def test_household_fact_composes(store, text) -> None:
    _say(store, text)
    assert sorted((r.predicate, r.object) for r in _active(store)) == sorted(STORED[text])


@pytest.mark.parametrize("text", NOTHING)
def test_someone_elses_fact_stores_nothing(store, text) -> None:
    _say(store, text)
    assert [(r.predicate, r.object) for r in _active(store)] == []


def test_a_pets_name_is_never_the_users(store) -> None:
    for text in ("我领养了一只狗，名字叫豆包", "We rescued a cat, his name is Leo."):
        _say(store, text)
    assert not [r for r in _active(store) if r.predicate == "name"]
