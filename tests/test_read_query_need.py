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
    "What is the deploy command?", "构建命令是什么？",  # one of the user's settings, not a definition
])
def test_general_queries(text):
    assert query_need(text) == "general"


@pytest.mark.parametrize("text", ["Rename the config loader and update its callers", "Configure the bundler to proxy API calls",
                                  "把导出接口改一下", "报表该加些什么"])
def test_an_order_without_a_subject_is_the_users_task(text):
    """An imperative names no one: the task is the user's (`own_task.py`), as a Chinese task without a subject is."""
    assert query_need(text) == "implied"


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


@pytest.mark.parametrize("text", [
    "how does aspirin actually thin the blood?", "is redis still open source after the license change?",
    "is react maintained by meta?", "what's the offside rule in football again?",
    "what's 15% of 2400?",
])
def test_more_knowledge_forms_en(text):
    """Trivia about a topic the user may have a memory of is still trivia (issue #15)."""
    assert query_need(text) == "impersonal"


@pytest.mark.parametrize("text", [
    "Nginx 这个名字是缩写吗", "Kafka 的全称是啥", "JSON 啥意思", "网球比赛是怎么计分的", "樱花一般几月份开",
    "Python 和 Java 哪个出来得早", "C 和 Go 哪个更适合初学者", "血糖的正常范围是多少", "一个苹果大概多少热量",
    "帮我算一下 2.4 万的 15% 是多少",
])
def test_more_knowledge_forms_zh(text):
    assert query_need(text) == "impersonal"


@pytest.mark.parametrize("text", [
    "is it going to be cold enough for a jacket here?", "what's the weather like next week?",
    "a recipe for a quick weeknight pasta?", "is it too loud for the kids to sleep with the fan on?",
    "秋天去爬山需要注意点啥", "接口偶尔超时，怎么排查", "查询一多就卡，怎么优化", "有个定时任务跑两次了咋办",
    "页面刷新后状态丢了，咋回事", "后天要不要带伞？", "出差要带什么衣服", "年会带什么零食好？", "地板用什么材料好？",
    "晚上怎么才能睡得踏实点", "最近跑步膝盖疼，是不是鞋不对", "迁移还剩哪些事？", "写一个导出报表的接口",
    "去泰国玩五天大概要花多少钱",
])
def test_implied_personal_requests(text):
    """The user is implied, not named: Chinese drops the subject; "here", "the kids", the weather, a recipe."""
    assert query_need(text) == "personal"
