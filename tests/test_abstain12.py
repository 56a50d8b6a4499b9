"""Abstain, round 12, zh + en: a general question about a kind of thing or people (its signs, how it works, whether
it is vegan, what patients may drink, how long it keeps, which things make up a named set) gets no memory, though a
memory shares its topic; the user's own requests about the same topics keep theirs. The sentences are written for
this file (the abstain tune11 users showed the forms).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes.read import RecallNode
from langmem_nodes.read.fact_relation import relations_named
from langmem_nodes.read.kind_question import asks_about_a_kind
from langmem_nodes.read.query import QueryNode
from langmem_nodes.read.query_need import query_need
from langmem_nodes.read.standing import conditions_asked, conditions_held
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.store import MemoryStore

NOW = datetime(2026, 6, 1, tzinfo=UTC)
CTX = MemoryContext(user_id="ada")

KIND_EN = ["what are the common side effects of ibuprofen?", "what are the warning signs of a stroke",
           "how does python garbage collection work", "how do jwt refresh tokens work?", "are lentils gluten-free?",
           "is gelatin vegetarian?", "can diabetics eat grapes?", "how long can cooked rice be kept in the fridge?"]
KIND_ZH = ["布洛芬有什么副作用？", "中风的早期表现有哪些", "糖尿病人能吃葡萄吗", "孕妇可以喝咖啡吗", "剩米饭能放几天？",
           "蜂蜜的保质期多久", "中国四大名著是哪些", "唐宋八大家是哪些"]
OWN_EN = ["what should I cook for my diabetic dad tonight?", "how does the billing service work?",
          "any tips for my knee before the run on sunday?", "how do I make my sourdough less dense?"]
OWN_ZH = ["我能喝咖啡吗", "晚饭给我爸做点啥，他有糖尿病", "我的待办还剩哪些", "大提琴的琴弦多久换一次？"]


@pytest.mark.parametrize("text", KIND_EN + KIND_ZH)
def test_a_general_question_about_a_kind_is_impersonal(text):
    assert asks_about_a_kind(text)
    assert query_need(text) == "impersonal"


@pytest.mark.parametrize("text", OWN_EN + OWN_ZH)
def test_the_users_own_requests_on_the_same_topics_are_not_such_questions(text):
    assert query_need(text) != "impersonal"


HOME = ["User takes ibuprofen for back pain", "User has type 2 diabetes", "User is vegetarian",
        "用户在吃布洛芬治腰疼", "用户有糖尿病", "用户吃素"]


@pytest.fixture
def relevant_ids(tmp_path):
    with MemoryStore(tmp_path / "home", embedder="hashing") as store:
        store.commit(add=[MemoryRecord(id=f"m{i}", text=t, scope=Scope(user_id="ada"), source="explicit",
                                       confidence=0.9, created_at=NOW - timedelta(days=i)) for i, t in enumerate(HOME)])

        def run(text):
            # the hashing embedder has no calibrated floor: every candidate counts relevant unless the query's
            # form says no memory answers it
            query = QueryNode().run({"messages": [("user", text)]}, CTX, NOW)["memory_query"]
            hits = RecallNode(store).run({"memory_query": query}, CTX, NOW)["memory_hits"]
            return {h.record.text for h in hits if h.breakdown["relevant"]}

        yield run


@pytest.mark.parametrize("text", ["what are the common side effects of ibuprofen?", "can diabetics eat grapes?",
                                  "is gelatin vegetarian?"])
def test_the_recall_finds_no_memory_relevant_for_a_kind_question_en(relevant_ids, text):
    assert relevant_ids(text) == set()


@pytest.mark.parametrize("text", ["布洛芬有什么副作用？", "糖尿病人能吃葡萄吗", "剩米饭能放几天？"])
def test_the_recall_finds_no_memory_relevant_for_a_kind_question_zh(relevant_ids, text):
    assert relevant_ids(text) == set()


def test_the_users_own_request_keeps_its_memories_en_and_zh(relevant_ids):
    assert "User has type 2 diabetes" in relevant_ids("what should I eat for lunch with my diabetes?")
    assert "用户有糖尿病" in relevant_ids("我有糖尿病，午饭吃点啥")


# facets of the stack: a request about one part of the setup depends on the memory of that part
STACK_HOME = ["The API is written in Go with Gin", "The project's database is MySQL 8", "The team runs CI on GitHub Actions",
              "User's editor is Neovim", "后端用 Kotlin 写的", "项目数据库是 PostgreSQL 15", "团队用 Jenkins 做持续集成",
              "用户的编辑器是 VS Code"]


@pytest.mark.parametrize("text, facet", [
    ("the nightly report query takes a minute, can it be faster?", "database"),
    ("we keep hitting too many connections under load", "database"), ("run the unit tests on every pull request", "ci"),
    ("what's the hotkey for multi-cursor editing?", "editor"), ("给订单加一个软删除", "database"),
    ("慢查询怎么定位", "database"), ("每次提交都自动跑一下 lint", "ci"), ("格式化代码的快捷键是啥", "editor")])
def test_a_request_names_the_stack_facet_it_depends_on(text, facet):
    assert facet in conditions_asked(text)


@pytest.mark.parametrize("text", ["book a table for six on friday", "我想统计一下这个月花了多少钱", "how do I exit nano?",
                                  "what's a good keyboard for coding all day?"])
def test_a_request_outside_the_stack_names_no_facet(text):
    assert not conditions_asked(text) & {"database", "ci", "editor"}


@pytest.fixture
def stack_relevant(tmp_path):
    with MemoryStore(tmp_path / "stack", embedder="hashing") as store:
        store.commit(add=[MemoryRecord(id=f"m{i}", text=t, scope=Scope(user_id="ada"), source="explicit",
                                       confidence=0.9, created_at=NOW - timedelta(days=i))
                          for i, t in enumerate(STACK_HOME)])

        def run(text):
            # a floor no hashing vector clears: only a standing condition (or words) makes a memory relevant
            query = QueryNode().run({"messages": [("user", text)]}, CTX, NOW)["memory_query"]
            hits = RecallNode(store, dense_floor=0.99).run({"memory_query": query}, CTX, NOW)["memory_hits"]
            return {h.record.text for h in hits if h.breakdown["relevant"]}

        yield run


def test_the_recall_counts_the_memory_of_the_asked_facet_relevant_en(stack_relevant):
    assert "The project's database is MySQL 8" in stack_relevant("we keep hitting too many connections under load, any ideas?")
    assert "The team runs CI on GitHub Actions" in stack_relevant("run the unit tests on every pull request")
    assert "User's editor is Neovim" in stack_relevant("what's the hotkey for multi-cursor editing?")


def test_the_recall_counts_the_memory_of_the_asked_facet_relevant_zh(stack_relevant):
    assert "项目数据库是 PostgreSQL 15" in stack_relevant("线上老是报连接数太多，怎么办")
    assert "团队用 Jenkins 做持续集成" in stack_relevant("能不能每次提交都自动跑一下 lint？")
    assert "用户的编辑器是 VS Code" in stack_relevant("格式化代码的快捷键是啥")


@pytest.mark.parametrize("text, facet", [
    ("our functions take seconds on cold starts, what can we do?", "platform"), ("how should autoscaling be set up?", "platform"),
    ("冷启动太慢了怎么优化", "platform"), ("环境变量应该放哪配置？", "platform"),
    ("which installer do I need for miniconda?", "machine"), ("how do I install the printer driver?", "machine"),
    ("下载 PyCharm 选哪个版本？", "machine"), ("这个驱动要怎么装", "machine")])
def test_a_request_names_the_platform_or_machine_it_depends_on(text, facet):
    assert facet in conditions_asked(text)


@pytest.mark.parametrize("text", ["帮我看看客厅怎么装修", "what should I cook tonight?", "我想换个发型"])
def test_a_request_about_neither_names_no_platform_or_machine(text):
    assert not conditions_asked(text) & {"platform", "machine"}



def _relevant(store, text):
    """The memory texts the recall counts relevant for `text` (dense floor out of the way: the rule alone)."""
    query = QueryNode().run({"messages": [("user", text)]}, CTX, NOW)["memory_query"]
    hits = RecallNode(store, dense_floor=0.99).run({"memory_query": query}, CTX, NOW)["memory_hits"]
    return {h.record.text for h in hits if h.breakdown["relevant"]}

def test_the_recall_counts_the_platform_and_machine_memories_relevant_en_and_zh(tmp_path):
    home = ["The API runs on AWS Lambda", "User's laptop is a MacBook Air M2", "User likes jazz",
            "服务部署在阿里云上", "用户的电脑是 ThinkPad，装的 Windows 11", "用户喜欢爬山"]
    with MemoryStore(tmp_path / "pm", embedder="hashing") as store:
        store.commit(add=[MemoryRecord(id=f"m{i}", text=t, scope=Scope(user_id="ada"), source="explicit",
                                       confidence=0.9, created_at=NOW - timedelta(days=i)) for i, t in enumerate(home)])

        def relevant(text):
            return _relevant(store, text)

        assert "The API runs on AWS Lambda" in relevant("our functions take seconds on cold starts, what can we do?")
        assert "User's laptop is a MacBook Air M2" in relevant("which installer do I need for miniconda?")
        assert "服务部署在阿里云上" in relevant("冷启动太慢了怎么优化")
        assert "用户的电脑是 ThinkPad，装的 Windows 11" in relevant("下载 PyCharm 选哪个版本？")
        assert not relevant("帮我看看客厅怎么装修") & {"User's laptop is a MacBook Air M2", "服务部署在阿里云上"}


@pytest.mark.parametrize("text, condition", [
    ("how many days do I have left before the deadline?", "deadline"), ("how much time is left to finish, roughly?", "deadline"),
    ("还剩几天，怎么安排复习", "deadline"), ("离截止还有多久，来得及吗", "deadline"),
    ("any tips for getting a two-year-old to sleep?", "children"), ("what toys suit toddlers?", "children"),
    ("宝宝晚上老醒怎么办", "children"), ("3岁的孩子能玩什么玩具", "children")])
def test_a_request_names_the_deadline_or_the_children_it_depends_on(text, condition):
    assert condition in conditions_asked(text)


@pytest.mark.parametrize("text, condition", [
    ("User's thesis is due September 30", "deadline"), ("User's exam is on March 14", "deadline"),
    ("用户的论文6月10号截止", "deadline"), ("User has a toddler son", "children"), ("用户的女儿两岁", "children")])
def test_a_memory_states_the_deadline_or_the_children(text, condition):
    assert condition in conditions_held(text)


@pytest.mark.parametrize("text", ["what should I name my new goldfish?", "我新买的金鱼取什么名字好？", "User loves unit tests"])
def test_neither_deadline_nor_children_without_them(text):
    assert not (conditions_asked(text) | conditions_held(text)) & {"deadline", "children"}


def test_the_recall_counts_the_deadline_and_the_child_relevant_en_and_zh(tmp_path):
    home = ["User's thesis is due September 30", "User has a toddler daughter", "User likes jazz",
            "用户的报告下周五截止", "用户的儿子刚满一岁", "用户喜欢爬山"]
    with MemoryStore(tmp_path / "dc", embedder="hashing") as store:
        store.commit(add=[MemoryRecord(id=f"m{i}", text=t, scope=Scope(user_id="ada"), source="explicit",
                                       confidence=0.9, created_at=NOW - timedelta(days=i)) for i, t in enumerate(home)])

        def relevant(text):
            return _relevant(store, text)

        assert "User's thesis is due September 30" in relevant("how many weeks do I have left to write?")
        assert "User has a toddler daughter" in relevant("any tips for getting a two-year-old to sleep?")
        assert "用户的报告下周五截止" in relevant("还剩几天，怎么安排？")
        assert "用户的儿子刚满一岁" in relevant("宝宝晚上老醒怎么办")


@pytest.mark.parametrize("text, named", [("what is my daughter called?", {"daughter"}), ("do I have a dog?", {"dog"}),
                                         ("我女儿叫什么名字？", {"daughter"}), ("我有狗吗？", {"dog"})])
def test_a_fact_question_names_the_relative_or_pet_it_asks_about(text, named):
    assert relations_named(text) == named


def test_a_fact_question_about_one_relative_or_pet_is_not_answered_by_another_en_and_zh(tmp_path):
    home = ["User's son is called Theo", "User has a corgi named Pixel", "用户的儿子叫乐乐", "用户养了一只叫咪咪的猫"]
    with MemoryStore(tmp_path / "rel", embedder="hashing") as store:
        store.commit(add=[MemoryRecord(id=f"m{i}", text=t, scope=Scope(user_id="ada"), source="explicit",
                                       confidence=0.9, created_at=NOW - timedelta(days=i)) for i, t in enumerate(home)])

        def relevant(text):
            # the hashing embedder has no calibrated floor: every candidate counts relevant unless a rule says no
            query = QueryNode().run({"messages": [("user", text)]}, CTX, NOW)["memory_query"]
            hits = RecallNode(store).run({"memory_query": query}, CTX, NOW)["memory_hits"]
            return {h.record.text for h in hits if h.breakdown["relevant"]}

        assert relevant("what is my daughter called?") == set()
        assert relevant("我女儿叫什么名字？") == set()
        assert relevant("我有狗吗？") == {"User has a corgi named Pixel"}
        assert "User's son is called Theo" in relevant("what is my son called?")
        assert "用户养了一只叫咪咪的猫" in relevant("我的猫叫什么？")
        assert "User's son is called Theo" not in relevant("what's my cat's name?")
