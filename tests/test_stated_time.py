"""A time the user gives for a change ("I moved to Denver last month", "我两周前换到了字节") is when the new value
began and the old one was replaced, kept apart from when it was said, en + zh (newcomer17 L5: the replaced city
showed "replaced today"). Sentences written for this file."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes import MemoryContext, MemoryStore, create_read_graph, create_write_graph
from langmem_nodes.records import Status
from langmem_nodes.write.stated_time import since, unlead

CTX = MemoryContext(user_id="ada", project_id="p")
NOW = datetime(2026, 12, 7, 12, tzinfo=UTC)


@pytest.mark.parametrize(("text", "day", "said"), [
    ("I moved to Denver last month", "2026-11-07", "last month"),
    ("I started at Stripe two weeks ago", "2026-11-23", "two weeks ago"),
    ("I switched to Neovim back in March", "2026-03-01", "back in March"),
    ("I've been vegetarian since 2019", "2019-01-01", "since 2019"),
    ("a few days ago I adopted a cat", "2026-12-04", "a few days ago"),
    ("上个月我搬到了杭州", "2026-11-07", "上个月"),
    ("我两周前换到了字节上班", "2026-11-23", "两周前"),
    ("我去年三月开始学日语", "2025-03-01", "去年三月"),
    ("我前天换了新手机", "2026-12-05", "前天"),
])
def test_a_stated_time_is_read(text, day, said):
    when, words = since(text, NOW)
    assert (when.date().isoformat(), words) == (day, said)


@pytest.mark.parametrize("text", ["I live in Denver", "I'll move next month", "我下个月搬家", "每月3号发工资",
                                  "我12月12日生日", "I moved in 2031"])
def test_no_past_time_is_no_start(text):
    assert since(text, NOW) is None


@pytest.mark.parametrize(("text", "moved"), [
    ("Last month I moved to Denver.", "I moved to Denver last month."),
    ("A few months ago I took up climbing", "I took up climbing a few months ago"),
    ("Last year I lived in Berlin", "Last year I lived in Berlin"),  # a past state stays as said
])
def test_a_leading_time_of_a_change_moves_after_it(text, moved):
    assert unlead(text) == moved


def _turns(home, turns: list[str], question: str) -> tuple[list, str]:
    with MemoryStore(home, embedder="hashing") as store:
        write, messages = create_write_graph(store).compile(), []
        for text in turns:
            messages = [*messages, HumanMessage(text)]
            write.invoke({"messages": messages}, context=CTX)
            messages = [*messages, AIMessage("Noted.")]
        active = [r for r in store.find(CTX.visible_partitions(), statuses=(Status.ACTIVE,)) if r.predicate == "lives_in"]
        out = create_read_graph(store).compile().invoke({"messages": [HumanMessage(question)]}, context=CTX)
    return active, out.get("memory_injection") or ""


@pytest.mark.parametrize(("turns", "question", "replaced", "since_note"), [
    (["I live in Boston.", "I moved to Denver last month."], "Where did I live before?",
     "replaced 30 days ago", 'true since 30 days ago (the user said "last month")'),
    (["I live in Boston.", "Last month I moved to Denver."], "Where did I live before?",
     "replaced 30 days ago", "true since 30 days ago"),
    (["我住在上海。", "上个月我搬到了杭州。"], "我以前住哪？", "30 天前被取代", "自30 天前起（用户说“上个月”）"),
])
def test_the_replaced_value_and_the_new_one_carry_the_stated_time(tmp_path, turns, question, replaced, since_note):
    active, injection = _turns(tmp_path / "home", turns, question)
    assert len(active) == 1 and active[0].metadata.get("since"), active
    assert replaced in injection and since_note in injection, injection


def test_no_stated_time_is_today(tmp_path):
    active, injection = _turns(tmp_path / "home", ["I live in Boston.", "I moved to Denver."], "Where did I live before?")
    assert not active[0].metadata.get("since")
    assert "replaced today" in injection and "true since" not in injection, injection


@pytest.mark.parametrize(("turns", "question", "wrong", "told"), [
    (["We deploy with Capistrano.", "We switched to Kamal two weeks ago."], "What did we use before?",
     "stated today, replaced 14 days ago", "stated today; the user said later it was replaced 14 days ago"),
    (["我住在苏州。", "上个月我搬到了无锡。"], "我以前住哪？", "今天所说，30 天前被取代", "今天所说；据用户之后所说，30 天前被取代"),
])
def test_a_back_dated_change_is_told_as_said_later(tmp_path, turns, question, wrong, told):
    """newcomer25 L5: a switch dated before the old value was said must not read "stated today, replaced 14 days ago"."""
    _, injection = _turns(tmp_path / "home", turns, question)
    assert told in injection and wrong not in injection, injection
