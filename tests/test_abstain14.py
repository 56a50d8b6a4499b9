"""Abstain, round 14, zh + en.

- A request that concerns someone else ("help me pick a gift for my coworker", "同事要退休了，我送什么礼物好？") no
  longer takes a memory about another person or a pet (the user's son, cat) by meaning (`other_person.py`); a memory
  about that person, or one naming no one (a condition of the user's own), still counts.
- How a kind of people does a thing, why a named thing lacks a feature, a concept asked for "simply", "is X actually
  better than Y", a named thing's figure ("托福满分是多少分") and a person's nationality are impersonal; asked about the
  user's own things, they are not.
- Taking up something new ("I want to start knitting", "我想养只仓鼠") needs the general floor, as learning one does.

The sentences are written for this file (the helper's own set and the abstain tune halves showed the forms).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes.read import create_read_graph
from langmem_nodes.read.other_person import names_someone_else, others_named
from langmem_nodes.read.query_need import query_need
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope

NOW = datetime(2026, 6, 1, tzinfo=UTC)
CTX = MemoryContext(user_id="ada")


@pytest.mark.parametrize("text", [
    "How do professional cyclists avoid cramps?", "why doesn't Rust have a garbage collector?",
    "explain the Monty Hall problem simply", "is Kotlin actually better than Java?",
    "托福满分是多少分？", "微信朋友圈的字数限制是多少", "村上春树是哪国人？",
])
def test_general_questions_on_a_topic_are_impersonal(text):
    assert query_need(text) == "impersonal"


@pytest.mark.parametrize("text", [
    "how do users log in to staging?", "why doesn't the build have the env var?", "explain this error simply",
    "is my plan actually better than the old one?", "房租是多少", "端口是多少", "我的预算是多少",
])
def test_about_the_users_own_things_they_are_not(text):
    assert query_need(text) != "impersonal"


@pytest.mark.parametrize("text", [
    "I want to start knitting, any tips?", "I'm thinking about taking up pottery, what do I need?",
    "我想养只仓鼠，要准备什么？", "我想换个键盘，推荐一下",
])
def test_taking_up_something_new_needs_the_general_floor(text):
    assert query_need(text) == "general"


@pytest.mark.parametrize("text", ["我想锻炼身体，做什么运动合适？", "What should I cook for dinner tonight?"])
def test_the_users_own_requests_stay_personal(text):
    assert query_need(text) == "personal"


@pytest.mark.parametrize(("text", "others"), [
    ("help me pick a birthday gift for my coworker", {"coworker"}), ("write a card for my neighbour", {"neighbour"}),
    ("my brother is getting married, help me with a speech", {"sibling"}),
    ("同事要退休了，我送什么礼物好？", {"coworker"}), ("帮我给邻居写张感谢卡", {"neighbour"}), ("我姐下个月结婚，我该准备什么", {"sibling"}),
])
def test_a_request_for_someone_else_names_them(text, others):
    assert others_named(text) == others


@pytest.mark.parametrize("text", [
    "movie night with my sister, recommend something?", "my coworker asked what language the old system used",
    "plan a weekend for my wife and the kids", "带我妈去哪逛逛比较好", "新来的同事问老系统是用啥写的", "和老婆去吃什么好",
])
def test_together_asked_by_them_or_with_a_child_it_is_the_users_own(text):
    assert others_named(text) == set()


@pytest.mark.parametrize(("memory", "others", "elsewhere"), [
    ("User's son Theo is 6", {"coworker"}, True), ("User has a cat named Miso", {"neighbour"}, True),
    ("User's sister Priya is getting married in June", {"sibling"}, False), ("User is vegetarian", {"coworker"}, False),
    ("用户的女儿今年上二年级", {"coworker"}, True), ("用户的哥哥在上海工作", {"sibling"}, False),
    ("用户汇报对象是不懂技术的运营总监", {"coworker"}, False), ("用户对海鲜过敏", {"parent"}, False),
])
def test_a_memory_about_another_person_or_a_pet_is_someone_else(memory, others, elsewhere):
    assert names_someone_else(memory, others) is elsewhere


HOME = ["User's son Theo is 6 and loves dinosaurs", "User has a cat named Miso", "User's sister Priya is getting married",
        "User is vegetarian", "用户的儿子乐乐五岁", "用户养了一只猫叫团子", "用户的哥哥下个月结婚", "用户不吃辣"]


def selected(graph, text):
    return {h.record.text for h in graph.invoke({"messages": [("user", text)]}, context=CTX)["memory_selected"]}


@pytest.mark.parametrize(("text", "never", "kept"), [
    ("help me pick a birthday gift for my coworker, she loves dinosaurs", "User's son Theo is 6 and loves dinosaurs",
     None),
    ("write a toast for my sister's wedding", "User has a cat named Miso", "User's sister Priya is getting married"),
    ("同事要退休了，我送什么礼物好？", "用户的儿子乐乐五岁", None),
    ("我哥下个月结婚，帮我写个致辞", "用户养了一只猫叫团子", "用户的哥哥下个月结婚"),
])
def test_a_request_for_someone_else_does_not_take_another_persons_memory(tmp_path, text, never, kept):
    """The fake embedder has no calibrated floor: every candidate counts by meaning, so before, the son's and the
    cat's memories rode along."""
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "h", embedder="hashing") as store:
        store.commit(add=[MemoryRecord(id=f"m{i}", text=t, scope=Scope(user_id="ada"), source="explicit",
                                       confidence=0.9, created_at=NOW - timedelta(days=10 * i))
                          for i, t in enumerate(HOME)])
        graph = create_read_graph(store, clock=lambda: NOW).compile()
        got = selected(graph, text)
        assert never not in got
        if kept is not None:
            assert kept in got


@pytest.mark.parametrize("text", [
    "I wonder why airlines overbook flights", "I've always wondered how come cats land on their feet",
    "explain gradient descent like I'm five", "how does a bruise heal, biologically?",
    "我在想为什么天空是蓝的", "我好奇Redis为什么是单线程的", "我在想彩虹是怎么回事", "Rust的所有权是什么", "Nintendo是哪个国家的公司",
])
def test_wondering_aloud_and_pitched_at_the_user_general_questions_stay_impersonal(text):
    assert query_need(text) == "impersonal"


@pytest.mark.parametrize(("text", "need"), [
    ("I wonder why my build keeps failing", "personal"), ("I wonder if I should take the job", "personal"),
    ("我在想周末去哪玩", "personal"), ("我在想要不要换工作", "personal"), ("项目的构建命令是什么", "general"),
])
def test_wondering_about_the_users_own_things_is_not(text, need):
    assert query_need(text) == need
