"""Abstain, round 19, zh + en: what the query asks against what a memory can change.

- Someone else's thing ("我表姐家的孩子…", "my neighbour's kid…", "my cousin's script…") is not the user's: the
  user's own child, dog or code does not bear on it (`other_person.py`), though it is the nearest memory.
- A question relayed from someone else ("我室友问狗能不能吃巧克力", "a friend asked me whether cats can drink milk")
  asks what the relayed question asks: a question about a kind of thing is knowledge.
- What kind of thing a named thing is ("龙井是什么茶？") and which parts a named thing has ("雅思都考哪几项？") are
  knowledge, whoever asks.
- A request may depend on the user's situation without naming it: going home (where the user is from), the whole
  family (who lives with the user), a simple recipe (what the user eats), phrases to practise (what the user is
  learning), a subcommand for the tool (the project's stack), a place "near me" (where the user lives) even when it
  reads like a knowledge question by meaning.

The sentences are written for this file (the tune halves showed the kinds of failure, not these words).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.read.other_person import others_named
from langmem_nodes.read.query_need import query_need
from langmem_nodes.read.standing import conditions_asked
from langmem_nodes.records import MemoryContext
from tests._default_home import read_graph_over

NOW = datetime(2026, 6, 1, tzinfo=UTC)
CTX = MemoryContext(user_id="ada")

HOME = ["用户有一个四岁的女儿", "用户养了一只柴犬", "用户写 Go，项目是一个叫 harbor 的命令行工具，用 cobra", "用户老家在湖南岳阳，现在在广州上班",
        "用户吃素", "用户在学日语，准备秋天去大阪", "用户和父母住在一起，家里还有两个孩子", "用户在准备雅思",
        "User has a four-year-old daughter", "User has a shiba inu", "User writes Go; the project is a CLI called harbor using cobra",
        "User grew up in Galway and lives in Manchester now", "User is vegan", "User is learning Italian before a trip to Rome",
        "User lives with their parents and two kids", "User is preparing for the IELTS exam",
        "User lives in Leeds"]
NOTHING = ["我表姐家的孩子两岁了还不会走路，正常吗", "我朋友的狗老是掉毛，一般是什么原因", "我室友问狗能不能吃巧克力",
           "龙井是什么茶？", "雅思都考哪几项？",
           "my neighbour's kid won't stop crying at night, what usually helps?",
           "my cousin's Go script keeps timing out, any idea why?", "a friend asked me whether dogs can eat grapes",
           "我同学想养只狗，什么品种好养？", "my friend wants to get a dog, which breed is easiest?"]
KEEP = [("春节回家坐什么车方便", 3), ("周末全家一起做点什么好", 6), ("有没有简单的宿舍菜谱", 4), ("给我几句问路用得上的短语", 5),
        ("加一个子命令用来导出配置", 2),
        ("what's the easiest way to get home for christmas?", 11), ("a board game the whole household can play tonight?", 14),
        ("give me five phrases I'll need at the market", 13), ("add a subcommand that prints the version", 10),
        ("outdoor pools near me?", 16), ("这个报错啥意思：Cannot find module 'cobra'", 2),
        ("刷新一下页面，导出的配置就丢了", 2)]
#: Still missed: an English failure naming no code word the stack condition knows ("config" is not one) meets the
#: general floor, which the stack memory does not clear.
STILL_MISSED = [("the exported config gets lost after a restart", 10)]


def _selected(graph, text):
    return {int(h.record.id[1:]) for h in graph.invoke({"messages": [("user", text)]}, context=CTX)["memory_selected"]}


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    yield from read_graph_over(tmp_path_factory.mktemp("home") / "default", HOME, NOW)


@pytest.mark.integration
@pytest.mark.parametrize("text", NOTHING)
def test_default_home_someone_elses_thing_or_a_question_of_knowledge_gets_nothing(graph, text):
    assert {HOME[i] for i in _selected(graph, text)} == set()


@pytest.mark.integration
@pytest.mark.parametrize(("text", "want"), KEEP)
def test_default_home_a_request_that_depends_on_the_users_situation_keeps_it(graph, text, want):
    assert want in _selected(graph, text)


@pytest.mark.integration
@pytest.mark.xfail(strict=True, reason="known: see STILL_MISSED")
@pytest.mark.parametrize(("text", "want"), STILL_MISSED)
def test_default_home_still_missed(graph, text, want):
    assert want in _selected(graph, text)


@pytest.mark.parametrize(("text", "who"), [
    ("我表姐家的孩子两岁了还不会走路", "cousin"), ("同事的电脑老是蓝屏", "coworker"), ("我朋友孩子三岁了", "friend"),
    ("my friend's laptop keeps overheating", "friend"), ("my neighbour's kid won't sleep", "neighbour"),
    ("我同学想养只狗，什么品种好养？", "classmate"), ("my friend wants to get a dog, which breed is easiest?", "friend")])
def test_someone_elses_thing_names_that_person(text, who):
    assert who in others_named(text)


@pytest.mark.parametrize("text", ["我朋友聚会我点什么饮料合适", "movie night w/ friends, recommend something?",
                                  "我的孩子不爱吃饭", "my kid's school wants a costume, ideas?",
                                  "我朋友想来我家吃饭，做什么菜好", "my friend wants to visit me, what should we do?"])
def test_the_users_own_or_shared_things_name_no_one_else(text):
    assert others_named(text) == set()


@pytest.mark.parametrize("text", ["我室友问狗能不能吃巧克力", "同事问我猫咪为什么怕水", "a friend asked me whether dogs can eat grapes",
                                  "龙井是什么茶？", "柴犬是什么品种的狗", "雅思都考哪几项？", "驾照科目二都考哪几个项目",
                                  "what kind of tea is oolong?", "which sections does the GRE have?",
                                  "托福总分是怎么算出来的？", "跳水比赛的分数是怎么评出来的", "四川的省会是哪里？",
                                  "how are figure skating jumps scored?", "what's the women's 100m world record?"])
def test_a_relayed_kind_question_and_what_a_named_thing_is_are_knowledge(text):
    assert query_need(text) == "impersonal"


@pytest.mark.parametrize("text", ["新来的同事问我们的服务用啥语言写的", "我的狗能不能吃葡萄", "今天是什么日子？",
                                  "这周要做哪几件事？", "构建命令是什么？",
                                  "what kind of tea is this?", "which sections does our report have?",
                                  "这个报错啥意思：TypeError: x is not a function", "what does this error mean: No module named 'yaml'",
                                  "我的绩效分是怎么算出来的？", "房租怎么算的", "how is my pension calculated?",
                                  "how are our deploys counted in the dashboard?"])
def test_the_users_own_question_is_not(text):
    assert query_need(text) != "impersonal"


@pytest.mark.parametrize(("text", "condition"), [
    ("春节回家坐什么车方便", "place"), ("what's the easiest way to get home for christmas?", "place"),
    ("周末全家一起做点什么好", "household"), ("a board game the whole household can play tonight?", "household"),
    ("给我几句问路用得上的短语", "learning"), ("give me five phrases I'll need at the market", "learning"),
    ("加一个子命令用来导出配置", "stack"), ("add a subcommand that prints the version", "stack")])
def test_a_request_names_the_situation_it_depends_on(text, condition):
    assert condition in conditions_asked(text)
