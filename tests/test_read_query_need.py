"""What a query needs decides how much evidence a memory needs (langmem_nodes/read/query_need.py), zh + en.

The sentences are written for this file (not taken from the abstain data sets)."""

from __future__ import annotations

import pytest

from langmem_nodes.read.query_need import query_need, speaks_of_user
from langmem_nodes.read.relevance import dense_floor_for, relevant


@pytest.mark.parametrize("text", [
    "good afternoon!", "ok thanks", "What is 48 * 12?", "convert 30 miles to km", "Translate 'I love my cat' into Italian",
    "What does 'idempotent' mean?", "Who composed the Four Seasons?", "When did the Titanic sink?",
    "Why is Chicago called the Windy City?", "How do owls actually hunt?", "What's the history of the bagel?",
    "Explain what a closure is", "Write a limerick about a frog", "Is tofu made by pressing soy milk?",
    "What is entropy?",
])
def test_impersonal_forms_en(text):
    assert query_need(text) == "impersonal"


@pytest.mark.parametrize("text", [
    "早上好呀", "收到，谢谢啦", "56 乘以 7 等于多少？", "帮我把“我很想你”翻译成法语", "“卷”这个词是什么意思？",
    "京剧是谁创立的？", "故宫是哪一年建成的？", "厦门为什么又叫鹭岛？", "进程和协程有什么区别？", "熊猫血是怎么回事？",
    "写一首关于冬天的诗", "区块链是什么？",
])
def test_impersonal_forms_zh(text):
    assert query_need(text) == "impersonal"


@pytest.mark.parametrize("text", [
    "What should I pack for the weekend?", "any tips for my first 10k?", "Recommend a board game for tonight",
    "Why does my sourdough collapse?", "What is my manager's name?", "Help me plan a birthday dinner",
    "我周末去哪儿玩好？", "晚饭有啥推荐", "帮我安排一下下周的复习", "附近有什么适合遛狗的公园？", "我能喝这个药吗",
])
def test_personal_requests(text):
    assert query_need(text) == "personal"


@pytest.mark.parametrize("text", [
    "Why does the deploy fail on the staging cluster?",  # a failure to fix, not trivia
    "my brother wants to learn the guitar, where should he start?",  # someone else's need
    "我表姐想学游泳，去哪学比较好",
    "Rename the config loader and update its callers",
    "What is the deploy command?", "构建命令是什么？",  # one of the user's settings, not a definition
])
def test_general_queries(text):
    assert query_need(text) == "general"


def test_quoted_words_do_not_speak_of_the_user():
    assert not speaks_of_user("translate 'my heart is full' into Spanish") and speaks_of_user("translate my note")
    assert not speaks_of_user("Write a regex for US phone numbers") and speaks_of_user("Tell us a story")
    assert not speaks_of_user("把“我们”翻成英文") and speaks_of_user("我们明天去哪")


def test_floors_by_need_and_the_relative_evidence_cut():
    floor = {"en": {"personal": 0.2, "general": 0.3}, "zh": 0.05}
    assert dense_floor_for(floor, "en", "personal") == 0.2 and dense_floor_for(floor, "en", "general") == 0.3
    assert dense_floor_for(floor, "en", "impersonal") == 0.3  # the floor is unused: nothing is relevant
    assert relevant("impersonal", {"a": 0.9}, {"a": 1.0}, floor=0.2) == set()
    assert relevant("impersonal", {"a": 0.9}, {}, floor=None) == set()  # uncalibrated embedders too
    # the best is 0.6: 0.25 clears the floor but not half the best; a lexical match still counts
    assert relevant("personal", {"a": 0.6, "b": 0.25, "c": 0.1}, {"c": 0.5}, floor=0.2) == {"a", "c"}
    assert relevant("general", {"a": 0.25}, {}, floor=0.3) == set()
    assert relevant("general", {"a": 0.1}, {}, floor=None) == {"a"}
    assert relevant("general", {"a": 0.9}, {}, floor=0.3, dense_read=False) == set()
