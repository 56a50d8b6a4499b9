"""Three ways an unrelated memory reached a query of the user's, zh + en (issue 15, "Done when" 2).

- A thing of the user's in an adverse state that is not a fault ("my desk is always messy", "我家很小，怎么收纳",
  "我衣柜不够用了"): like a failing thing, only a memory about that thing helps, so the query needs the general floor;
  it met the personal one and got the user's job, pet or child.
- A yes/no question about a state of the user's ("我结婚了吗？", "have I been to Japan?") asks for a stored fact, like
  "am I married?": only a memory holding it answers, so it needs the fact floor.
- A turn that only reports the user's mood ("ugh I'm exhausted", "我今天好累") asks nothing: no memory of the user's
  answers it, so it needs the general floor, as "今天好累" without a subject already did; "I'm so bored" got the user's
  home town and answer style.
- A Chinese bigram across a particle («了一» in "忙了一天" and "养了一只") is a chance match: a plain statement turn
  shared it with an unrelated memory and counted as relevant by words.

The sentences are written for this file (not from the eval sets).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes.read import create_read_graph
from langmem_nodes.read.fact_question import asks_own_fact
from langmem_nodes.read.query_need import query_need
from langmem_nodes.read.relevance import content_terms, lexical_evidence
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope

NOW = datetime(2026, 6, 1, tzinfo=UTC)
CTX = MemoryContext(user_id="ada")


@pytest.mark.parametrize("text", [
    "my desk is always messy, any tips?", "my apartment is tiny, how do I organise it?",
    "my closet is too small for all my clothes, what can I do?", "我家很小，怎么收纳", "我的房间太乱了，怎么整理",
    "我衣柜不够用了怎么办", "我家厨房特别挤，怎么布置"])
def test_an_adverse_state_of_a_users_thing_needs_the_general_floor(text):
    assert query_need(text) == "general"


@pytest.mark.parametrize("text", [
    "my son is small for his age, should I worry?", "我家孩子很小，怎么带", "我很小的时候住在哪？",
    "what should I cook tonight?", "我家附近有什么好玩的？"])
def test_people_childhood_and_requests_stay_personal(text):
    assert query_need(text) == "personal"


@pytest.mark.parametrize("text", ["I'm so bored", "ugh I'm exhausted", "I feel kind of down today", "我今天好累",
                                  "我好无聊啊", "唉，我好烦"])
def test_a_reported_mood_needs_the_general_floor(text):
    assert query_need(text) == "general"


@pytest.mark.parametrize("text", ["I'm bored, any ideas?", "I'm so tired, what should I cook tonight?", "我好无聊，推荐个电影",
                                  "我好累，晚上吃什么"])
def test_a_mood_with_a_request_stays_personal(text):
    assert query_need(text) == "personal"


@pytest.mark.parametrize("text", ["我结婚了吗？", "我打疫苗了吗？", "have I been to Japan?", "have I ever had chickenpox?"])
def test_a_yes_no_question_about_the_users_state_asks_for_a_fact(text):
    assert asks_own_fact(text)


@pytest.mark.parametrize("text", ["我能吃了吗？", "我可以出门了吗？", "have I got time for a run before dinner?",
                                  "what should I cook tonight?"])
def test_requests_are_not_fact_questions(text):
    assert not asks_own_fact(text)


def test_a_chinese_bigram_across_a_particle_is_no_lexical_evidence():
    assert lexical_evidence(content_terms("唉，忙了一天"), "用户养了一只叫豆豆的柯基") == 0.0
    assert lexical_evidence(content_terms("今天好累啊"), "用户喜欢在周末睡懒觉啊") == 0.0
    # content bigrams still count, in both languages; a particle bigram stays a term of the query (it never
    # matches, and dropping it would raise every other match's share: that let an unrelated query through)
    assert lexical_evidence(content_terms("豆豆的狗粮"), "用户养了一只叫豆豆的柯基") == 0.25  # 豆豆 of 豆豆/豆的/的狗/狗粮
    assert lexical_evidence(content_terms("long day at the hospital"), "User works long shifts at the hospital") > 0.3


@pytest.mark.integration
def test_default_home_plain_states_get_no_unrelated_memory_en_and_zh(tmp_path):
    from langmem_nodes.store import MemoryStore

    texts = ["User works as a nurse on night shifts", "User's son is seven", "User plays badminton on Sundays",
             "用户是护士，经常上夜班", "用户的儿子今年七岁", "用户养了一只叫豆豆的柯基", "用户住在成都"]
    with MemoryStore(tmp_path / "default") as store:
        store.commit(add=[MemoryRecord(id=f"m{i}", text=t, scope=Scope(user_id="ada"), source="explicit",
                                       confidence=0.9, created_at=NOW - timedelta(days=10 * i))
                          for i, t in enumerate(texts)])
        graph = create_read_graph(store, clock=lambda: NOW).compile()
        for text in ("my desk is always messy, any tips?", "I'm so bored", "我今天好累", "我家很小，怎么收纳", "我衣柜不够用了怎么办", "我结婚了吗？",
                     "唉，忙了一天"):
            got = graph.invoke({"messages": [("user", text)]}, context=CTX)["memory_selected"]
            assert got == [], (text, [h.record.text for h in got])
        # a question about the past still recalls what the user said
        for text, want in (("what did I tell you my kid's age was?", "m1"), ("上次我说我儿子几岁来着？", "m4")):
            got = graph.invoke({"messages": [("user", text)]}, context=CTX)["memory_selected"]
            assert want in {h.record.id for h in got}, text
