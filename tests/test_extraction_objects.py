"""Loose or garbled objects (issue 16): a place read as a tool ("I moved to Bergen" → "User uses Bergen"), a
schedule read as a tool ("We deploy on Fridays" → "Project uses Fridays"), a model name cut short ("Tesla
Model"), a city read as an employer ("我在杭州做开发" → "用户就职于杭州"), a predicate with no wording
("User: Japanese"), and a mixed-language turn glued into one object. Sentences written for these tests only;
each asserts the exact stored texts (or that nothing is stored)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import create_write_graph
from langmem_nodes.write.extractor import RuleExtractor

CTX = MemoryContext(user_id="ada")


def _stored(text: str) -> list[str]:
    pending, _ = RuleExtractor().extract_explained([{"role": "user", "content": text}], CTX, datetime.now(UTC))
    return [p.record.text for p in pending]


@pytest.mark.parametrize("text, expected", [
    # "moved to" + a capitalised name that is no known tool: a place, wherever the gazetteer ends
    ("I moved to Bergen last year.", ["User lives in Bergen"]),
    ("I moved to Stavanger in 2022.", ["User lives in Stavanger"]),
    ("I've moved to Drammen.", ["User lives in Drammen"]),
    ("I just moved to Tromsø.", ["User lives in Tromsø"]),
    ("I moved to Bergen from Oslo.", ["User lives in Bergen"]),
    # … but a known tool, or a tool context, stays a tool
    ("I moved to Zed last month.", ["User uses Zed"]),
    ("I moved to Helix.", ["User uses Helix"]),
    # 我在<city>工作/做X: the city is where the user works, never the employer
    ("我在杭州工作。", ["用户在杭州工作"]),
    ("我在杭州做后端开发", ["用户在杭州工作", "用户的职业：后端开发"]),
    ("我在成都当程序员", ["用户在成都工作", "用户的职业：程序员"]),
    ("我在绍兴做开发", ["用户在绍兴工作", "用户的职业：开发"]),
    ("我在嘉兴当老师", ["用户在嘉兴工作", "用户的职业：老师"]),
    ("我在温州市就职", ["用户在温州市工作"]),
    ("我在字节做推荐算法", ["用户就职于字节", "用户的职业：推荐算法"]),  # an employer stays one
    # model names keep their numbers and trims
    ("I drive a Tesla Model 3.", ["User's car: Tesla Model 3"]),
    ("I drive a 2020 Tesla Model S now.", ["User's car: 2020 Tesla Model S"]),  # the model year too
    ("I drive a Model Y.", ["User's car: Model Y"]),
    ("I drive a Honda Civic Type R.", ["User's car: Honda Civic Type R"]),
    ("I'm on an iPhone 15 Pro.", ["User uses iPhone 15 Pro"]),
    # every predicate reads as a sentence, not "User: X"
    ("I'm learning Japanese.", ["User is learning Japanese"]),
    ("我在学日语", ["用户在学日语"]),
    ("I have a Tesla Model 3.", ["User has Tesla Model 3"]),
    ("I just got a Pixel 8 Pro.", ["User has Pixel 8 Pro"]),
    ("我家养了一只柯基", ["用户有柯基"]),
    ("I'm left-handed.", ["User's trait: left-handed"]),
    ("我是左撇子", ["用户的特征：左撇子"]),
    # a turn that switches language mid-sentence: one fact per clause
    ("I live in 北京 and 我喜欢 sushi", ["用户住在北京", "用户喜欢sushi"]),
    ("I live in Berlin and 我喜欢寿司", ["User lives in Berlin", "用户喜欢寿司"]),
    ("我住在上海 and I like sushi", ["用户住在上海", "User likes sushi"]),
])
def test_stored_text(text: str, expected: list[str]) -> None:
    assert _stored(text) == expected


@pytest.mark.parametrize("text", [
    # a schedule is not a tool (at most the project's release day)
    "We deploy on Fridays.",
    "We deploy on Mondays.",
    "Our team ships on Wednesdays.",
    "We deploy on weekends.",
    "The app is deployed on Fridays.",
    "We release on Tuesday mornings.",
    "我们部署在周五",
    "我们都是周五上线",
    "我们的发布在每周三",
])
def test_schedule_is_not_a_tool(text: str) -> None:
    # a schedule the routine reader knows is the project's day ("Project's deploy day: Fridays"), never a tool
    assert all("day" in t.casefold() and "uses" not in t.casefold() for t in _stored(text)), _stored(text)


def test_schedule_keeps_the_tool_beside_it() -> None:
    assert _stored("We deploy to Fly on Fridays.") == ["Project uses Fly"]


def test_reported_turns_through_the_write_graph(tmp_path) -> None:
    """The newcomer's turns, through the real write graph: what is committed is the corrected text."""
    store = MemoryStore(str(tmp_path), embedder=HashingEmbedder(dim=64))
    try:
        graph = create_write_graph(store).compile()
        for text in ("I moved to Bergen last year.", "We deploy on Fridays.", "我在杭州工作。"):
            graph.invoke({"messages": [("user", text)]}, context=CTX)
        texts = sorted(r.text for r in store.find(CTX.visible_partitions(), statuses=(Status.ACTIVE,)))
        assert texts == ["User lives in Bergen", "用户在杭州工作"]
    finally:
        store.close()
