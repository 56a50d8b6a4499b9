"""Habits and routines said by parts (who, what they do, how often or when) are stored; feelings, wishes,
obligations, other people's habits and requests are not, en + zh (sentences written for this file; newcomer17:
"I drink tea every morning" stored nothing)."""

from __future__ import annotations

import pytest

from langmem_nodes import MemoryContext, MemoryStore, create_write_graph

CTX = MemoryContext(user_id="ada", project_id="p")


def _written(tmp_path, text: str) -> list[tuple[str, str]]:
    with MemoryStore(tmp_path / "home", embedder="hashing") as store:
        out = create_write_graph(store).compile().invoke({"messages": [("user", text)]}, context=CTX)
    return [(w["subject"], w["object"]) for w in out.get("memory_written", [])]


@pytest.mark.parametrize(("text", "subject", "value"), [
    ("I drink tea every morning.", "user", "tea"),
    ("I usually read on the train every evening, any book recs?", "user", "read"),
    ("I go to the gym on Mondays and Thursdays.", "user", "gym"),
    ("I practise piano twice a week", "user", "piano"),
    ("I usually go to bed around 11.", "user", "11"),
    ("I start work at 8:30 most days.", "user", "8:30"),
    ("每天早上跑步，顺便问下跑鞋怎么选？", "user", "跑步"),
    ("我每周去三次健身房。", "user", "健身房"),
    ("我一般晚上十一点睡。", "user", "十一点"),
    ("我每天晚上背单词", "user", "背单词"),
    ("我工作日都走路上班", "user", "走路上班"),
    ("我周末都会去爬山", "user", "爬山"),  # 都会: what the user does, not a plan (newcomer18: read as hypothetical)
    ("每个周末我都会去游泳", "user", "游泳"),
    ("we deploy every friday", "project", "friday"),
])
def test_a_habit_or_routine_is_stored(tmp_path, text, subject, value):
    written = _written(tmp_path, text)
    assert any(s == subject and value.casefold() in o.casefold() for s, o in written), written


@pytest.mark.parametrize("text", [
    "I feel exhausted every morning.",
    "I have to commute daily.",
    "I want to swim every day.",
    "If I ran every day I would be fitter.",
    "My sister goes swimming every weekend.",
    "Can you remind me to water the plants every week?",
    "我每天都好累。",
    "我老婆每天早上跑步。",
    "每天都要交日报吗？",
    "我想每天跑步。",
    "周末要去朋友家吃饭，帮我想想带什么",  # one weekend, not a habit
    "我今天十二点才下班",
    "我明天会去上海出差",  # a plan: 会去 without 都
    "如果下雨我都会去健身房",
])
def test_no_habit_of_the_users_is_stored(tmp_path, text):
    assert _written(tmp_path, text) == []
