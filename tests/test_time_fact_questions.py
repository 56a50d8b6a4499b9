"""A question about when or how long of one fact of the user's ("我学钢琴多久了？", "我什么时候开始休产假？",
"我在休产假吗？", newcomer22 L5) is a fact question: only a memory holding that fact answers it, not the nearest
other one (the city). A request about timing ("我什么时候去看牙比较好？") is not. Sentences written for this file."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes.read import create_read_graph
from langmem_nodes.read.fact_question import asks_own_fact
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope

NOW = datetime(2026, 6, 1, tzinfo=UTC)
CTX = MemoryContext(user_id="ada")


@pytest.mark.parametrize("text", [
    "我养猫多久了？", "我学日语学了多久了？", "我什么时候搬到成都的？", "我什么时候开始休年假？", "我哪年开始学游泳的？",
    "我在减肥吗？", "我在休假吗？",
    "How long have I been learning the violin?", "How long have I lived in Oslo?", "When does my parental leave start?",
    "Since when have I been vegan?", "Am I on vacation?", "Am I on leave right now?",
])
def test_when_and_how_long_of_a_fact_are_fact_questions(text) -> None:
    assert asks_own_fact(text)


@pytest.mark.parametrize("text", [
    "我学钢琴多久能考级？", "我什么时候去看牙比较好？", "我在家怎么练腹肌？", "我什么时候该换机油？",
    "How long should I rest after a long run?", "When can I take my leave?", "How long does it take to learn the violin?",
])
def test_timing_requests_are_not_fact_questions(text) -> None:
    assert not asks_own_fact(text)


def _selected(graph, text):
    return [h.record.text for h in graph.invoke({"messages": [("user", text)]}, context=CTX)["memory_selected"]]


def _home(store, texts):
    store.commit(add=[MemoryRecord(id=f"m{i}", text=t, scope=Scope(user_id="ada"), source="explicit", confidence=0.9,
                                   created_at=NOW - timedelta(days=10 * i)) for i, t in enumerate(texts)])
    return create_read_graph(store, clock=lambda: NOW).compile()


@pytest.mark.integration
def test_default_home_a_time_question_gets_only_its_fact(tmp_path):
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "default") as store:
        graph = _home(store, ["用户住在杭州", "User lives in Tokyo", "用户在学吉他", "User is learning the cello"])
        assert _selected(graph, "我养猫多久了？") == []
        assert _selected(graph, "我什么时候开始休年假？") == []
        assert _selected(graph, "我在减肥吗？") == []
        assert _selected(graph, "Am I on vacation?") == []
        assert _selected(graph, "我学吉他多久了？") == ["用户在学吉他"]
        assert _selected(graph, "我什么时候搬到杭州的？") == ["用户住在杭州"]
        assert _selected(graph, "How long have I been learning the cello?") == ["User is learning the cello"]


# a start long ago reads as its year, said once: "true since 2019", not "2907 days ago (the user said 'in 2019')"
@pytest.mark.parametrize(("lang", "said", "note"), [
    ("en", "in 2019", "true since 2019"), ("en", "back in 2018", "true since 2018"),
    ("zh", "2019年", "自2019年起"), ("zh", "2018年的时候", "自2018年起"),
])
def test_a_start_years_ago_reads_as_its_year_once(lang, said, note) -> None:
    from langmem_nodes.read.freshness import since_note

    year = note[-4:] if lang == "en" else note[1:5]
    rec = MemoryRecord(text="x", scope=Scope(user_id="ada"), metadata={"since": f"{year}-01-01T09:00:00+00:00", "since_said": said})
    assert since_note(rec, NOW, lang) == note


def test_a_recent_start_keeps_what_the_user_said() -> None:
    from langmem_nodes.read.freshness import since_note

    rec = MemoryRecord(text="x", scope=Scope(user_id="ada"),
                       metadata={"since": (NOW - timedelta(days=30)).isoformat(), "since_said": "last month"})
    assert since_note(rec, NOW, "en") == 'true since 30 days ago (the user said "last month")'
