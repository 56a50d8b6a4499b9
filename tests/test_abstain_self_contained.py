"""Abstain, round 22, zh + en: a self-contained piece of writing, and a question asked on someone else's behalf.

- A piece given whole by the request (a limerick, an email to a museum, a name for a club, a book on a named topic;
  "帮我拟一封邮件", "给读书会起个名字", "推荐一本讲明朝历史的书") is the same whoever asks: the user's city, pet, stack or
  job does not change it, nor does how the assistant's answers should look (short answers: every turn alike).
  What can: a memory about the form of the piece (formal emails, the name the user goes by), a memory about the
  piece's own topic (the landlord the note is for) or its reader (my wife) (`self_contained.py`).
- A how-to or whether question relayed from someone else, whoever they are ("our drummer wants to know how to …",
  "楼下大爷问我，医保卡丢了怎么补办"), asks what it asks: the same answer whoever relays it (`query_need`).
- A rule's time words are not its object: «… currently reading Le Guin» does not govern "our current supplier".

The sentences are written for this file (the tune halves showed the kinds of failure, not these words).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.read.other_person import others_named
from langmem_nodes.read.query_need import query_need
from langmem_nodes.read.relevance import content_terms
from langmem_nodes.read.rule_object import governs
from langmem_nodes.read.self_contained import shapes_piece, writes_self_contained
from langmem_nodes.records import MemoryRecord, Scope
from tests._default_home import read_graph_over, selected_numbers

NOW = datetime(2026, 6, 1, tzinfo=UTC)

PIECES = ["Compose a limerick about a sleepy owl", "Draft an email asking a museum about group ticket prices",
          "could you help me write a toast for a colleague's farewell lunch?", "Suggest a name for a book club",
          "Recommend a podcast about the history of medicine", "give me a slogan for a bake sale",
          "Help my niece write a thank-you note to her piano teacher", "tell me a riddle",
          "帮我写一首关于秋天的打油诗", "帮我拟一封邮件问博物馆团体票的价格", "给读书会起个名字", "推荐一本讲明朝历史的书",
          "帮我写一段欢送同事的祝福语", "给义卖活动想个口号", "年会要出个节目，有什么好点子？", "帮我发条朋友圈说搬家了"]
NOT_PIECES = ["recommend me a novel", "write a function that merges two sorted lists", "帮我写个脚本备份数据库",
              "what should I cook tonight?", "推荐几本书", "帮我想想周末去哪", "Write a unit test for the parser"]


@pytest.mark.parametrize("text", PIECES)
def test_a_piece_given_whole_by_the_request_is_self_contained(text):
    assert writes_self_contained(text)


@pytest.mark.parametrize("text", NOT_PIECES)
def test_code_and_a_request_that_depends_on_taste_are_not(text):
    assert not writes_self_contained(text)


@pytest.mark.parametrize(("memory", "form"), [
    ("User likes being called Sam", True), ("Emails to suppliers must always be formal", True),
    ("用户的网名叫小鹿，希望大家这么叫她", True), ("用户给客户发消息时要用正式的语气", True),
    ("User prefers short answers without long preambles", False), ("用户希望回答尽量简短", False),
    ("User wants code comments in American English", False), ("用户希望代码注释用中文", False),
    ("User lives in Leeds", False), ("User has a beagle called Biscuit", False), ("用户住在苏州", False),
    ("用户在学英语", False), ("User only wants fantasy novel recommendations", False)])
def test_a_memory_about_the_form_of_the_piece_not_of_every_answer(memory, form):
    assert shapes_piece(memory) is form


@pytest.mark.parametrize("text", [
    "Our drummer wants to know how to tune a snare", "my barber asked me whether beards grow faster in summer",
    "A student asks: how long does it take for concrete to cure?", "楼下大爷问我，医保卡丢了怎么补办",
    "房客问我热水器怎么调温度", "同事问我，护照过期了要不要先续签"])
def test_a_how_to_or_whether_question_relayed_from_anyone_is_impersonal(text):
    assert query_need(text) == "impersonal"


@pytest.mark.parametrize("text", ["my boss asked me whether the deploy is done", "我妈问我周末回家吗",
                                  "新来的同事问老系统是用啥语言写的", "我想知道怎么补办医保卡", "my app asks for a password every time, why"])
def test_the_users_own_plans_work_and_wonders_are_not_relayed(text):
    assert query_need(text) != "impersonal"


def test_a_niece_or_nephew_is_someone_else():
    assert others_named("Help my nephew write a cover letter") == {"relative"}
    assert others_named("给侄女写一段生日祝福") == {"relative"}


def test_a_rules_time_words_are_not_its_object():
    rule = MemoryRecord(text="User only wants poetry recommendations; currently reading Mary Oliver", scope=Scope(user_id="a"))
    assert not governs(rule, content_terms("Write a note to our current cleaner about the keys"))
    assert governs(rule, content_terms("any poetry I should try?"))


HOME = ["User lives in Leeds", "User has a beagle called Biscuit", "User's backend is written in Go with PostgreSQL",
        "User works as a pharmacist at a hospital", "User prefers short answers without long preambles",
        "User goes by Sam and likes being addressed that way", "User's landlord Mr Patel never answers his phone",
        "用户住在苏州", "用户养了一只橘猫叫年糕", "用户的后端用 Java 和 Spring Boot", "用户是小学语文老师", "用户希望回答尽量简短",
        "用户的房东姓王，住在楼下", "User only reads fantasy novels, mostly Terry Pratchett"]
FORM = {5}
NOTHING_BUT_FORM = ["Compose a limerick about a sleepy owl", "Draft an email asking a museum about group ticket prices",
                    "Write a toast for a retirement lunch", "Suggest a name for a cycling club that meets on Thursdays",
                    "Recommend a podcast about the history of medicine", "give me a slogan for a bake sale",
                    "帮我写一首关于秋天的打油诗", "帮我拟一封邮件问博物馆团体票的价格", "给读书会起个名字",
                    "推荐一本讲明朝历史的书", "帮我写一段欢送同事的祝福语", "给义卖活动想个口号",
                    "Our drummer wants to know how to tune a snare", "楼下大爷问我，医保卡丢了怎么补办"]
KEEP = [("Write a note to my landlord asking him to fix the boiler", 6), ("帮我给房东写条消息，说下水道堵了", 12),
        ("what should I read on holiday?", 13), ("附近有什么好玩的", 7)]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    yield from read_graph_over(tmp_path_factory.mktemp("home") / "default", HOME, NOW)


@pytest.mark.integration
@pytest.mark.parametrize("text", NOTHING_BUT_FORM)
def test_default_home_a_self_contained_piece_gets_no_fact_of_the_user(graph, text):
    assert selected_numbers(graph, text) <= FORM


@pytest.mark.integration
@pytest.mark.parametrize(("text", "want"), KEEP)
def test_default_home_a_piece_on_the_users_own_topic_keeps_its_memory(graph, text, want):
    assert want in selected_numbers(graph, text)


HOME_STACK = ["The shop's backend is written in Django", "用户的后端用 Gin 框架", "User lives in Porto", "用户住在厦门"]


@pytest.fixture(scope="module")
def stack_graph(tmp_path_factory):
    yield from read_graph_over(tmp_path_factory.mktemp("home") / "stack", HOME_STACK, NOW)


@pytest.mark.integration
@pytest.mark.parametrize("text", ["帮我写一份后端岗位的招聘启事", "帮我写一封后端实习的求职信"])
def test_default_home_a_piece_naming_a_part_of_the_stack_does_not_ask_for_it(stack_graph, text):
    assert selected_numbers(stack_graph, text) == set()


@pytest.mark.integration
@pytest.mark.parametrize(("text", "want"), [("which backend framework do we use?", 0), ("我们后端用的什么框架？", 1)])
def test_default_home_a_question_for_the_part_still_gets_it(stack_graph, text, want):
    assert want in selected_numbers(stack_graph, text)


HOME_PEOPLE = ["User's wife is called Ines and loves sunflowers", "用户的妈妈只认识繁体字", "User lives in Porto",
               "用户住在厦门", "User's sister Marta is a vet"]


@pytest.fixture(scope="module")
def people_graph(tmp_path_factory):
    yield from read_graph_over(tmp_path_factory.mktemp("home") / "people", HOME_PEOPLE, NOW)


@pytest.mark.integration
@pytest.mark.parametrize(("text", "want"), [("write a little poem for my wife for valentine's day", {0}),
                                            ("帮我给我妈写一段生日祝福", {1})])
def test_default_home_a_piece_for_someone_keeps_the_memory_naming_them(people_graph, text, want):
    assert selected_numbers(people_graph, text) == want


@pytest.mark.parametrize("text", ["how is a crocodile different from an alligator?", "How does NASA pick astronauts?",
                                  "驾照科目一一般考哪些内容", "宫崎骏一共拍了几部电影"])
def test_how_kinds_differ_what_a_named_service_does_and_a_named_authors_count_are_knowledge(text):
    assert query_need(text) == "impersonal"


@pytest.mark.parametrize("text", ["how does my plan differ from the family plan?", "我一共写了几篇周报",
                                  "How does Sam take his coffee?"])
def test_the_users_own_plan_count_and_people_are_not(text):
    assert query_need(text) != "impersonal"


@pytest.mark.parametrize(("memory", "request_text", "shapes"), [
    ("给用户写邮件时要用正式的语气", "帮我写个请假条", False),
    ("给用户写邮件时要用正式的语气", "帮我写封邮件给老板", True),
    ("Emails to clients must be formal", "Draft a toast for my sister's wedding", False),
    ("Emails to clients must be formal", "Draft an email to a client about the delay", True),
])
def test_a_form_rule_for_one_kind_of_piece_shapes_only_that_kind(memory, request_text, shapes) -> None:
    assert shapes_piece(memory, request_text) is shapes
