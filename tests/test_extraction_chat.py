"""Long casual chat turns (issue 16): a fact buried among filler and a question, in-turn retractions, subject
drop, coordination and the precision traps of chat, in both languages (fast: the extractor and verifier only,
the cross-turn corrections run the real write graph)."""

from __future__ import annotations

import pytest

from langmem_nodes.records import Status
from langmem_nodes.write import RuleExtractor, create_write_graph
from tests.test_extraction_compositional import CTX, _accepted, _check

CASES = {
    "fact before a question in one sentence": [
        ("说实话我一直习惯用 tab 缩进，你给我的代码能不能别用空格？", [("user", "tab", "positive")]),
        ("i'm on call this whole week so if i vanish mid convo that's why, can you help me write a runbook?",
         [("user", "on call", "positive")]),
    ],
    "in-turn retraction": [
        ("I drive a Honda Civic — scratch that, I sold it, I drive a Mazda now.", [("user", "Mazda", "positive")]),
        ("so i just moved to porto — scratch that, lisbon, porto was the original plan.", [("user", "lisbon", "positive")]),
        ("我最爱喝美式——其实不是美式，而是拿铁。", [("user", "拿铁", "positive")]),
    ],
    "dropped subject": [
        ("最近在自学法语，每天地铁上背单词，哈哈。", [("user", "法语", "positive")]),
        ("so i've been learning italian for like 6 months now, mostly on duolingo haha", [("user", "italian", "positive")]),
        ("刚搬到苏州没多久，这边房租比上海便宜不少。", [("user", "苏州", "positive")]),
        ("我们团队就 4 个人，任务管理都用飞书。", [("project", "飞书", "positive")]),
        ("the service is a Flask monolith on Python 3.11, deployed on Heroku.",
         [("project", "Flask", "positive"), ("project", "Heroku", "positive")]),
    ],
    "coordination and purposes": [
        ("heads up, the codebase uses 4 spaces and single quotes everywhere, prettier is set up that way.",
         [("project", "4 spaces", "positive"), ("project", "single quotes", "positive")]),
        ("so this repo uses Poetry for deps and pytest for tests, nothing fancy.",
         [("project", "Poetry", "positive"), ("project", "pytest", "positive")]),
        ("我在字节做数据开发，主要写 Scala 和 Airflow。",
         [("user", "字节", "positive"), ("user", "数据开发", "positive"), ("user", "Scala", "positive"),  # place and role
          ("user", "Airflow", "positive")]),
        ("I'm left-handed and a total night owl.", [("user", "left-handed", "positive"), ("user", "night owl", "positive")]),
    ],
    "names, traits and duties in chat": [
        ("my cat mochi keeps knocking stuff off my desk while i code, it's honestly hilarious.", [("user", "mochi", "positive")]),
        ("我家两只猫一只叫可乐一只叫雪碧，天天打架哈哈哈。", [("user", "可乐", "positive"), ("user", "雪碧", "positive")]),
        ("fwiw i'm a postgres person through and through", [("user", "postgres", "positive")]),
        ("我是 emacs 老用户了，离开 org-mode 基本活不下去哈哈。", [("user", "emacs", "positive")]),
        ("这礼拜线上值班排到我了，半夜老被告警吵醒，烦死。", [("user", "值班", "positive")]),
        ("ok so random but i went vegan in january and i'm trying really hard to stick with it", [("user", "vegan", "positive")]),
    ],
    "chat precision": [
        ("so I tried pip install again and it still blows up. I'm on a corporate laptop if that matters.", []),
        ("I just got back from two weeks in Japan, jet lag is brutal.", []),
        ("tbh I'm learning Korean on the side, like 20 min a day on the train.", [("user", "Korean", "positive")]),
        ("说真的我特别讨厌 YAML，每次缩进出错都要查一小时。", [("user", "YAML", "negative")]),
        ("ok context: i live in Lisbon now (moved from Berlin in the spring), so timezones are a bit weird for my standups.",
         [("user", "Lisbon", "positive")]),
        ("我完全不喝咖啡哈，喝了心慌。", [("user", "咖啡", "negative")]),
    ],
}


@pytest.mark.parametrize(("text", "expected"), [c for cs in CASES.values() for c in cs],
                         ids=[c[0][:40] for cs in CASES.values() for c in cs])
def test_chat_turns(text: str, expected: list[tuple[str, str, str]]) -> None:
    _check(_accepted(text), expected)


def test_every_chat_kind_has_both_languages() -> None:
    for kind, cases in CASES.items():
        langs = {"zh" if any("\u4e00" <= ch <= "\u9fff" for ch in t) else "en" for t, _ in cases}
        assert langs == {"en", "zh"}, kind


def test_a_retracted_value_is_reported_and_not_stored() -> None:
    claims, skips = RuleExtractor().analyse("我最爱喝美式——其实不是美式，而是拿铁。")
    assert [(c.object, c.replaces) for c, *_ in claims] == [("拿铁", ["美式"])]
    assert {"text": "不是美式", "reason": "retracted"} in skips


@pytest.mark.parametrize(("turns", "expected", "old"), [
    (["I prefer Celsius.", "hmm no, the other way round actually — I grew up in the US so Fahrenheit please."],
     "Fahrenheit", "Celsius"),
    (["我喜欢用摄氏度。", "嗯不对，反过来了，我在美国长大的，用华氏度吧。"], "华氏度", "摄氏度"),
    (["We use MongoDB for the events store.", "no wait, that's wrong — it's Cassandra for events, Mongo was the old setup."],
     "Cassandra", "MongoDB"),
    (["我们事件存储用的是 MongoDB。", "不对不对，说反了，事件存储是 Cassandra，Mongo 是以前的方案。"], "Cassandra", "MongoDB"),
    (["I live in Tokyo.", "oh wait I should clarify, I moved to Osaka in the spring, Tokyo was before"], "Osaka", "Tokyo"),
])
def test_cross_turn_corrections_land_and_supersede(store, turns, expected, old) -> None:
    graph = create_write_graph(store).compile()
    messages: list[tuple[str, str]] = []
    for text in turns:
        messages += [("user", text)]
        graph.invoke({"messages": list(messages)}, context=CTX)
        messages += [("ai", "Noted.")]
    active = store.find(CTX.visible_partitions(), statuses=(Status.ACTIVE,))
    new = [r for r in active if expected.lower() in r.object.lower()]
    assert [r.source.value for r in new] == ["explicit_correction"], [(r.object, r.source.value) for r in active]
    assert not [r for r in active if r.object.lower() == old.lower()], [r.object for r in active]
