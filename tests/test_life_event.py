"""A life event that gives a name is a lasting fact (newcomer21 M1: "We adopted a cat named Miso!", "Our daughter Ava
was born yesterday!", "我儿子出生了，叫乐乐。", "我和小雨结婚了！" stored nothing, skipped as past episodes). The cases
below are variants written for this test, not the newcomer's sentences."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes import MemoryContext, create_write_graph

CTX = MemoryContext(user_id="ada", session_id="s1")


def _written(store, text: str) -> list[str]:
    out = create_write_graph(store).compile().invoke({"messages": [HumanMessage(text)]}, context=CTX)
    return [w["text"] for w in out["memory_written"]]


@pytest.mark.parametrize(("text", "stored"), [
    ("We finally adopted a rescue greyhound named Bolt, he's shy.", "User's dog is called Bolt"),
    ("My husband and I adopted a kitten on Saturday, her name is Pepper.", "User's cat is called Pepper"),
    ("I took in a little hamster, her name's Nugget. What should I feed her?", "User's hamster is called Nugget"),
    ("Big news: our son Theo was born on Tuesday night!", "User's son is called Theo"),
    ("My daughter was born last month, and we named her Iris.", "User's daughter is called Iris"),
    ("We just welcomed a baby boy named Oscar.", "User's son is called Oscar"),
    ("Priya and I got married in May.", "User's partner is called Priya"),
    ("I'm now married to Daniel, so update my emergency contact.", "User's partner is called Daniel"),
])
def test_a_naming_life_event_in_english_is_stored_as_the_name(text, stored, store) -> None:
    assert stored in _written(store, text)


@pytest.mark.parametrize(("text", "stored"), [
    ("我闺女前天顺利出生了，起名叫安安，好开心", "用户的闺女叫安安"),
    ("我们家上礼拜添了个儿子，叫多多", "用户的儿子叫多多"),
    ("我跟阿杰上个月领证了", "用户的伴侣叫阿杰"),
    ("我家宝宝出生啦～名字叫小满", "用户的宝宝叫小满"),
    ("我女兒昨天出生了，取名叫安安", "用户的女儿叫安安"),
])
def test_a_naming_life_event_in_chinese_is_stored_as_the_name(text, stored, store) -> None:
    assert stored in _written(store, text)


@pytest.mark.parametrize("text", [
    "We adopted Kotlin for the Android app last year.",  # a tool, not a pet
    "We got married in 2015.",  # no name given
    "My friend's daughter Zoe was born yesterday.",  # not the user's child
    "我和我老婆结婚十年了",
    "我同事的儿子出生了，叫壮壮",
    "Did you know Alice and Bob got married?",
])
def test_events_without_a_name_of_the_users_own_store_no_name(text, store) -> None:
    assert not any(" is called " in w or "叫" in w for w in _written(store, text))

