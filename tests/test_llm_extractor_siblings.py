"""A model's reply with several values of one attribute (newcomer12 H1): before, the commit saw them collide on
every attempt and stored nothing of the turn, blaming "other writers". Now an attribute the model named keeps
each value (numbered like the rules' second name), a vocabulary one-value attribute keeps the later value and
reports the earlier, and the turn's other facts are stored. A reply with a key besides "facts" is not an
answer (newcomer12 M2): retried, then the rules (en + zh)."""

from __future__ import annotations

import json

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel

from langmem_nodes.records import MemoryContext
from langmem_nodes.write import create_write_graph
from langmem_nodes.write.llm_extractor import LLMExtractor

CTX = MemoryContext(user_id="ada")


def _turn(store, facts: list[tuple[str, str, str]], said: str, **extra) -> dict:
    reply = json.dumps({"facts": [{"subject": "user", "predicate": p, "object": o, "text": t} for p, o, t in facts],
                        **extra}, ensure_ascii=False)
    extractor = LLMExtractor(FakeListChatModel(responses=[reply] * 4), structured=False)
    return create_write_graph(store, extractor=extractor).compile().invoke({"messages": [("user", said)]}, context=CTX)


@pytest.mark.parametrize(("facts", "said"), [
    ([("lives_in", "Bergen", "User lives in Bergen"), ("attr:hobby", "climbing", "User's hobby is climbing"),
      ("attr:hobby", "chess", "User's hobby is chess")], "I live in Bergen; my hobbies are climbing and chess."),
    ([("lives_in", "成都", "用户住在成都"), ("attr:爱好", "爬山", "用户的爱好是爬山"), ("attr:爱好", "下棋", "用户的爱好是下棋")],
     "我住在成都，爱好是爬山和下棋。"),
    ([("likes", "green tea", "User likes green tea"), ("likes", "jazz", "User likes jazz")], "I like green tea and jazz."),
    ([("likes", "绿茶", "用户喜欢绿茶"), ("likes", "爵士乐", "用户喜欢爵士乐")], "我喜欢绿茶和爵士乐。"),
])
def test_every_value_the_model_gave_is_stored(store, facts, said) -> None:
    out = _turn(store, facts, said)
    assert sorted(w["object"] for w in out["memory_written"]) == sorted(o for _, o, _ in facts)
    assert not out["memory_skipped"]


@pytest.mark.parametrize(("facts", "said", "kept", "dropped"), [
    ([("lives_in", "Berlin", "User lives in Berlin"), ("lives_in", "Paris", "User lives in Paris"),
      ("prefers", "tea", "User likes tea")], "I live in Berlin, no, Paris. I like tea.", "Paris", "Berlin"),
    ([("lives_in", "北京", "用户住在北京"), ("lives_in", "上海", "用户住在上海"), ("prefers", "茶", "用户喜欢茶")],
     "我住在北京，哦不，上海。我喜欢茶。", "上海", "北京"),
])
def test_two_values_of_a_one_value_attribute_keep_the_later_and_say_so(store, facts, said, kept, dropped) -> None:
    out = _turn(store, facts, said)
    objects = [w["object"] for w in out["memory_written"]]
    assert kept in objects and dropped not in objects and len(objects) == 2, out["memory_skipped"]
    (skip,) = out["memory_skipped"]
    assert skip["action"] == "reject" and "later in this turn" in skip["reason"] and kept in skip["reason"]


@pytest.mark.parametrize(("said", "kept"), [("Remember that I live in Bergen.", "Bergen"), ("记住：我住在厦门。", "厦门")])
def test_a_reply_with_another_top_level_key_falls_back_to_the_rules(store, said, kept) -> None:
    out = _turn(store, [], said, note="nothing durable")
    assert [w["object"] for w in out["memory_written"]] == [kept]
    assert out["memory_extract_error"]["fallback"] == "rule"
