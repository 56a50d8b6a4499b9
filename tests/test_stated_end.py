"""A fact with a stated end stops being injected when it ends (newcomer22 M2: "…until Friday" was kept for ten years
and injected 60 days later). Hidden from then on by the TTL, never deleted. Variants written for this test."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes import MemoryContext, create_read_graph, create_write_graph
from langmem_nodes.records import Status
from langmem_nodes.write.stated_end import until

NOW = datetime(2026, 12, 7, 15, tzinfo=UTC)  # a Monday
CTX = MemoryContext(user_id="u1", session_id="s1")


@pytest.mark.parametrize(("text", "day"), [
    ("I'm staying in Osaka till Thursday", "2026-12-11"),
    ("on leave through 14 December", "2026-12-15"),
    ("I'm at my parents' until the end of the month", "2027-01-01"),
    ("my driving test is tomorrow", "2026-12-09"),
    ("我在成都住到下周二", "2026-12-16"),
    ("我到月底都在休年假", "2027-01-01"),
    ("我明天要去深圳出差", "2026-12-09"),
    ("我在台北待到12月20号", "2026-12-21"),
])
def test_the_stated_end_is_read_as_a_date(text, day) -> None:
    assert until(text, NOW)[0].date().isoformat() == day


@pytest.mark.parametrize("text", ["Starting tomorrow I'm vegetarian", "从明天开始我吃素", "I'll use Vim until it breaks",
                                  "I live in Lyon", "我住在杭州"])
def test_a_beginning_or_no_end_is_no_end(text) -> None:
    assert until(text, NOW) is None


def test_a_fact_that_ended_is_no_longer_injected_but_kept(store) -> None:
    write = create_write_graph(store, clock=lambda: NOW).compile()
    for text in ("Remember that I'm staying in Osaka till Thursday.", "记住：我在成都住到下周二。", "I live in Lyon."):
        write.invoke({"messages": [HumanMessage(text)]}, context=CTX)

    def seen(days: int, q: str) -> list[str]:
        read = create_read_graph(store, clock=lambda: NOW + timedelta(days=days)).compile()
        return [m.record.text for m in read.invoke({"messages": [HumanMessage(q)]}, context=CTX)["memory_selected"]]

    assert any("Osaka" in t for t in seen(1, "Am I in Osaka?"))
    assert any("成都" in t for t in seen(2, "我在成都吗？"))
    assert not any("Osaka" in t for t in seen(5, "Am I in Osaka?"))
    assert not any("成都" in t for t in seen(10, "我在成都吗？"))
    assert any("Lyon" in t for t in seen(30, "Where do I live?"))
    kept = [r for r in store.find(None, statuses=tuple(Status)) if "Osaka" in r.text]
    assert kept and kept[0].metadata["until_said"] == "till Thursday"


def test_a_start_years_ago_is_said_as_its_year(store) -> None:
    """newcomer22 L5: "in 2019" was shown as "true since 2907 days ago"."""
    create_write_graph(store, clock=lambda: NOW).compile().invoke(
        {"messages": [HumanMessage("I moved to Lisbon in 2019.")]}, context=CTX)
    read = create_read_graph(store, clock=lambda: NOW).compile()
    hits = read.invoke({"messages": [HumanMessage("Where do I live?")]}, context=CTX)["memory_selected"]
    assert any("true since 2019" in (m.note or "") for m in hits)
