"""Queries that speak of the user but need no inference from the user's facts (issue 15), zh + en.

"my laptop fan is really loud", "我的电脑很卡", "my back aches" (a thing of the user's that is failing) and "I want to learn chess,
where should I start?", "我想学织毛衣" (something the user takes up) named the user and so met the low personal
floor: any memory of the user (their job, a child, a pet) was injected. Only a memory about that thing helps, so
they need the general floor. A person, a pet or the user's work is not such a thing ("my cat keeps scratching the
sofa", "my build keeps crashing" stay personal: a memory of the pet or the stack bears on it). A comparison or an
enumeration of things ("A 和 B 有啥不一样", "是哪十个", "Is Vue or React more popular?"), how a thing works or
earns ("How does aspirin actually …", "How does Spotify make money?") and who made a thing ("是哪个国家发明的") are
knowledge questions. A request for the user's kids ("怎么教孩子…"), "any good …?" and a Chinese wish without a
subject ("想给页面加个暗色模式") are personal. The sentences are written for this file (not from the eval sets).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes.read import create_read_graph
from langmem_nodes.read.query_need import query_need
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope

NOW = datetime(2026, 6, 1, tzinfo=UTC)
CTX = MemoryContext(user_id="ada")


@pytest.mark.parametrize("text", [
    "my laptop fan is really loud, what can I do?", "my dishwasher keeps leaking, any idea why?",
    "my headphones won't connect to anything since the update", "my bread always comes out too dense",
    "my back aches from sitting all day", "我的电脑很卡，怎么办？", "我的洗衣机漏水了", "我家的路由器老是连不上",
    "我新买的耳机没声音了", "我笔记本最近越来越慢"])
def test_a_failing_thing_of_the_users_needs_the_general_floor(text):
    assert query_need(text) == "general"


@pytest.mark.parametrize("text", [
    "I want to learn the violin, where should I start?", "I'd like to take up pottery", "any beginner woodworking projects?",
    "我想学滑板，从哪开始？", "我打算入门摄影", "新手适合养什么鱼？"])
def test_taking_up_something_new_needs_the_general_floor(text):
    assert query_need(text) == "general"


@pytest.mark.parametrize("text", [
    "my cat keeps scratching the sofa, help", "my build keeps crashing on CI", "我的项目打包特别慢",
    "what should I cook tonight?", "my son has a fever, what should I do?",
    "我的狗每天要遛几次？", "我家孩子老咳嗽怎么办", "今晚做什么菜好？", "Any good hiking trails within an hour's drive?",
    "想给页面加个暗色模式", "怎么教孩子自己收拾玩具"])
def test_people_pets_the_body_and_requests_stay_personal(text):
    assert query_need(text) == "personal"


@pytest.mark.parametrize("text", ["微波炉和烤箱有啥不一样？", "红茶和绿茶差别大吗？", "三大球是哪三个？", "北京四合院有什么不一样的地方",
                                  "四大名著是哪四部？", "高铁是哪个国家发明的？", "Is Vue or React more popular on npm?",
                                  "How does aspirin actually reduce a fever?", "How does Spotify make money?"])
def test_comparisons_enumerations_and_how_things_work_are_knowledge(text):
    assert query_need(text) == "impersonal"


def test_the_users_own_comparison_stays_personal():
    assert query_need("我们的两个分支有啥不一样？") == "personal"
    assert query_need("what's the difference between my two branches?") == "personal"


@pytest.mark.integration
def test_default_home_a_failing_thing_gets_no_unrelated_memory_en_and_zh(tmp_path):
    from langmem_nodes.store import MemoryStore

    texts = ["User is a nurse on night shifts", "User has a three-year-old son", "User is allergic to peanuts",
             "用户是夜班护士", "用户有一个三岁的儿子", "用户对花生过敏"]
    with MemoryStore(tmp_path / "default") as store:
        store.commit(add=[MemoryRecord(id=f"m{i}", text=t, scope=Scope(user_id="ada"), source="explicit",
                                       confidence=0.9, created_at=NOW - timedelta(days=10 * i))
                          for i, t in enumerate(texts)])
        graph = create_read_graph(store, clock=lambda: NOW).compile()
        for text in ("my laptop fan is really loud, what can I do?", "I want to learn chess, where should I start?",
                     "我的电脑很卡，怎么办？", "我想学下围棋，从哪开始？"):
            assert graph.invoke({"messages": [("user", text)]}, context=CTX)["memory_selected"] == [], text
        # a request the user's facts bear on still gets them
        got = graph.invoke({"messages": [("user", "Any snack ideas for my son's lunchbox?")]}, context=CTX)
        assert {h.record.id for h in got["memory_selected"]} & {"m1", "m2"}


def test_which_step_went_wrong_is_not_an_enumeration():
    assert query_need("面包烤完又塌了，是哪一步出了问题") != "impersonal"
    assert query_need("我的面包烤完又塌了，是哪一步出了问题") != "impersonal"
