"""Abstain, round 18, zh + en: a rule the user gave governs a request that names its object, though the rule's wording
(never, formal, 不准) keeps its dense evidence low; a turn that only shares the rule's vocabulary (always, must, 用户) or
names nothing of it does not get it. The sentences are written for this file (none taken from an eval set).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes.read import create_read_graph
from langmem_nodes.read.relevance import content_terms
from langmem_nodes.read.rule_object import governs, is_rule
from langmem_nodes.records import MemoryRecord, Scope
from tests._default_home import selected_texts

NOW = datetime(2026, 6, 1, tzinfo=UTC)
RULES = ["Song suggestions must always include the release year", "Essays for the user must use Oxford commas",
         "User wants code comments in plain English without jargon",
         "给用户写邮件时要用正式的语气", "用户要求 SQL 里不准用 SELECT *"]
OTHERS = ["User's dog is called Rufus", "User works as a nurse", "用户住在苏州", "用户在学钢琴"]


def _rec(text, kind="fact"):
    return MemoryRecord(text=text, kind=kind, scope=Scope(user_id="ada"))


@pytest.mark.parametrize(("rule", "query"), [
    (RULES[0], "suggest some songs for a long drive"), (RULES[1], "proofread the intro of my essay"),
    (RULES[2], "write a comment above the retry loop explaining it"),
    (RULES[3], "帮我写封邮件约客户下周开会"), (RULES[4], "写个 SQL 查上个月的订单")])
def test_a_rule_governs_a_request_naming_its_object(rule, query):
    assert is_rule(_rec(rule, "rule"))
    assert governs(_rec(rule, "rule"), content_terms(query))


@pytest.mark.parametrize(("rule", "query"), [
    (RULES[0], "I always forget where I put my keys"), (RULES[1], "what must I pack for a ski trip?"),
    (RULES[2], "I want a new phone case"), (RULES[3], "用户说明书在哪下载"), (RULES[4], "帮我写个请假条")])
def test_a_turn_sharing_only_the_rules_vocabulary_is_not_governed(rule, query):
    assert not governs(_rec(rule, "rule"), content_terms(query))


def test_a_rule_is_known_by_its_kind_or_its_wording():
    assert is_rule(_rec("Song suggestions must always include the release year"))
    assert is_rule(_rec("给用户写邮件时要用正式的语气"))
    assert not is_rule(_rec("User wants a dog"))


def test_a_fact_is_no_rule():
    assert not is_rule(_rec("User's dog is called Rufus"))
    assert not governs(_rec("User's dog is called Rufus"), content_terms("walk the dog"))
    assert is_rule(_rec("Reply in Spanish", kind="rule"))


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path_factory.mktemp("home") / "default") as store:
        assert store.embedder.name == "minilm+e5"
        store.commit(add=[MemoryRecord(id=f"m{i}", text=t, kind="rule" if t in RULES else "fact",
                                       scope=Scope(user_id="ada"), source="explicit", confidence=0.9,
                                       created_at=NOW - timedelta(days=10 * i))
                          for i, t in enumerate(RULES + OTHERS)])
        yield create_read_graph(store, clock=lambda: NOW).compile()


@pytest.mark.integration
@pytest.mark.parametrize(("text", "rule"), [("make a list of songs for a long drive", RULES[0]),
                                            ("can you tighten up my essay conclusion", RULES[1]),
                                            ("write a comment above the retry loop explaining it", RULES[2]),
                                            ("帮我写封邮件约客户下周开会", RULES[3]), ("写个 SQL 查上个月的订单", RULES[4])])
def test_default_home_a_request_naming_the_rules_object_gets_the_rule(graph, text, rule):
    assert rule in selected_texts(graph, text)


@pytest.mark.integration
@pytest.mark.parametrize("text", ["what year did Queen release Bohemian Rhapsody?", "I always forget where I put my keys",
                                  "帮我写个请假条"])
def test_default_home_a_turn_not_naming_it_gets_no_rule(graph, text):
    assert not set(RULES) & selected_texts(graph, text)
