"""Abstain, round 15, zh + en: a turn that only tells the user's news.

"I'm allergic to peanuts.", "I just renamed the utils module to helpers.", "我对芒果过敏。", "我今天把依赖升级完了。" ask
nothing and announce no plan; they met the low personal floor and took whichever memories were nearest («User is
vegetarian», the user's stack; with e5's Chinese cosines, four or five). Such a turn now needs what a question about
one of the user's things needs: the general floor and the evidence a generic anchor memory reaches
(`read/report.py`); a plan ("I'm about to grab an espresso", "我等会儿要去吃火锅"), a question or a recall cue
("我上回说的那个脚本是干嘛的来着") is not news and keeps the personal floor.

Also general-knowledge questions on a memory's topic (`query_need`): wondering aloud about any wh-clause ("I wonder
how Honda got its name", "我一直好奇柯基为啥腿那么短"), how a thing named in Latin letters works ("Loki是怎么存日志的"),
what a thing is for ("降压药是干嘛用的") and where a person is from ("苏东坡是哪里人") are impersonal; the user's own
requests after a wondering ("I wonder what to cook tonight") and their setup ("CI是怎么配的") are not.

The sentences are written for this file (the helper's own set showed the forms).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes.read import RecallNode, create_read_graph
from langmem_nodes.read.query_need import query_need
from langmem_nodes.read.report import tells_news
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.store import MemoryStore

NOW = datetime(2026, 6, 1, tzinfo=UTC)
CTX = MemoryContext(user_id="ada")


@pytest.mark.parametrize("text", [
    "I'm allergic to peanuts.", "I just adopted a cat named Miso.", "I just renamed the utils module to helpers.",
    "oh btw i'm allergic to cats lol", "just got back from a run, legs are jelly", "My sister just had a baby boy.",
    "我对芒果过敏。", "我今天把依赖升级完了。", "我最近开始学钢琴。", "刚跑完步，腿都软了", "终于把论文交了",
])
def test_a_turn_that_only_tells_the_users_news_is_news(text):
    assert tells_news(text)


@pytest.mark.parametrize("text", [
    "I'm about to grab an espresso before my shift.", "I'm going to push my rebase straight to main now.",
    "I'm cooking dinner for the kids tonight", "I told you about my car, right", "install docker on my machine pls",
    "what should I cook tonight?", "the build is green again", "I'm allergic to what again?",
    "我等会儿要去吃火锅。", "我准备把 prod.yaml 也一起 commit 上去。", "我上回说的那个脚本是干嘛的来着", "我明天去体检",
    "我对什么过敏？", "刚才那个问题再说一遍", "今天天气真好",
])
def test_a_plan_a_question_a_recall_cue_or_someone_elses_news_is_not(text):
    assert not tells_news(text)


HOME = ["User is vegetarian", "User prefers window seats on flights", "用户不吃辣", "用户喜欢早上去游泳"]


@pytest.fixture
def graph(tmp_path):
    """A home whose recall has a floor per need: everything counts for a personal request (floor -1), nothing by
    meaning for a general one (floor 2: above any cosine), so the floor a turn meets decides what it gets."""
    with MemoryStore(tmp_path / "h", embedder="hashing") as store:
        store.commit(add=[MemoryRecord(id=f"m{i}", text=t, scope=Scope(user_id="ada"), source="explicit",
                                       confidence=0.9, created_at=NOW - timedelta(days=10 * i))
                          for i, t in enumerate(HOME)])
        recall = RecallNode(store, dense_floor={"personal": -1.0, "general": 2.0}, clock=lambda: NOW)
        yield create_read_graph(store, recall=recall, clock=lambda: NOW).compile()


def selected(graph, text):
    return {h.record.text for h in graph.invoke({"messages": [("user", text)]}, context=CTX)["memory_selected"]}


@pytest.mark.parametrize("text", ["I'm allergic to peanuts.", "I just adopted a cat named Miso.",
                                  "我对芒果过敏。", "我今天把依赖升级完了。"])
def test_news_gets_no_memory_by_meaning_alone(graph, text):
    assert selected(graph, text) == set()


@pytest.mark.parametrize("text", [
    "I'm about to order dinner, any tips?", "I'm about to book a flight seat.", "What should I eat tonight?",
    "我等会儿要去吃火锅。", "我明天早上去游泳",
])
def test_a_plan_or_a_request_still_meets_the_personal_floor(graph, text):
    assert selected(graph, text)


@pytest.mark.parametrize("text", [
    "I wonder how Honda got its name", "I've always wondered how nurses got their white caps",
    "I wonder when Neovim forked from Vim", "I wonder where the tradition of croissants for breakfast came from",
    "我一直好奇柯基为啥腿那么短", "我总是好奇猫为什么怕水", "Loki是怎么存日志的", "Kubernetes是怎么调度Pod的", "AUC到底怎么算的",
    "降压药是干嘛用的", "React的useEffect是干嘛用的", "苏东坡是哪里人",
])
def test_general_knowledge_on_a_topic_is_impersonal(text):
    assert query_need(text) == "impersonal"


@pytest.mark.parametrize("text", [
    "I wonder what to cook tonight", "I wonder what I should cook tonight", "I wonder how to fix the build",
    "I wonder which test runner I should use here", "我一直在想周末带豆豆去哪玩", "CI是怎么配的", "Nginx是怎么装的",
    "服务部署是怎么配的", "这个脚本是干嘛用的", "我是哪里人", "数据是怎么同步的",
])
def test_the_users_own_requests_and_setup_are_not(text):
    assert query_need(text) != "impersonal"
