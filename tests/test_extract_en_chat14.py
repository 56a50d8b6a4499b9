"""English natural chat, stop 36 (own cases /work/tmp/s36/extract-en/own_en.jsonl, own2_en.jsonl and the tune
halves' misses), by structure, with the Chinese counterpart where the structure exists in Chinese. Phrasings
written for these tests, not taken from the labelled sets. Fast: the extractor and the gate only."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.write import RuleExtractor
from langmem_nodes.write.chat14_en import answered, bullet_setting, judgement
from langmem_nodes.write.verify import VerifyNode
from tests.test_extraction_compositional import _accepted, _check

P, N = "positive", "negative"
CTX = MemoryContext(user_id="c14", project_id="app", session_id="s1")
NOW = datetime(2026, 1, 1, tzinfo=UTC)

CASES = {
    # "my X is <a judgement>" is no attribute of the user (was: attr:knees "way worse", attr:cooking "not great")
    "a judgement is no value": [
        ("my knees are way worse since I started cycling, any stretches?", []),
        ("my french is a total mess, can you fix this sentence", []),
        ("my garden is an absolute disaster after the storm", []),
        ("my singing is not great honestly", []),
        ("my car is a Volvo", [("user", "Volvo", P)]),  # a value stays one
        ("我的车是沃尔沃，保养周期多久？", [("user", "沃尔沃", P)]),  # a value, as in English (stop 45: "我的车是X" is read)
    ],
    # a fact given as the reason of a request (was: "no parse")
    "who the user is, as the reason of a request": [
        ("as a pescatarian, what can I order at a steakhouse?", [("user", "pescatarian", P)]),
        ("as a nurse, how do I fix my sleep after night shifts?", [("user", "nurse", P)]),
        ("I sit at a desk all day since I'm a translator", [("user", "translator", P)]),
        ("as a joke, write a limerick about my boss", []),
        ("as a kid, I hated broccoli", []),
        ("as a rule of thumb, how long should a standup take?", []),
        ("作为一个素食者，去烧烤店能点什么？", [("user", "素食者", P)]),
        ("作为礼物，送什么好？", []),
    ],
    # a rule on every answer, the answers named without a determiner (was: nothing)
    "no X in answers": [
        ("no headers in replies, ever", [("user", "headers", N)]),
        ("no code comments in examples please", [("user", "code comments", N)]),
        ("no sugar in the cake", []),  # one recipe, no rule
        ("回答里不要用表格", [("user", "表格", N)]),  # the zh path, unchanged
    ],
    # an aside before the request is no part of it (was: "no parse")
    "a small-thing aside": [
        ("small thing but pls stop ending your answers with questions", [("user", "questions", N)]),
    ],
    # an emoji ends a sentence before a question (was: the fact read as part of the question)
    "an emoji before a question": [
        ("I just moved to Porto 🌊 where should I surf first?", [("user", "Porto", P)]),
        ("I'm vegetarian 🥦 how do I get enough B12?", [("user", "vegetarian", P)]),
        ("我搬到厦门了🌊 哪里适合冲浪？", [("user", "厦门", P)]),  # the zh path, unchanged
    ],
    # a team's rule frame with a few words before the colon (was: the rule dropped or stored as the user's)
    "a team rule frame with an aside": [
        ("team policy for this repo: every migration needs a rollback", [("project", "rollback", P)]),
        ("our repo conventions are quite strict: all PRs need a linked ticket", [("project", "linked ticket", P)]),
        ("团队规定：所有提交必须签名", [("project", "签名", P)]),  # the zh path, unchanged
    ],
    # a stance said without the frame the rules read: the user dropped, a past "never liked", "never … again"
    "a stance without its usual frame": [
        ("quit vaping in march, any tips for cravings?", [("user", "vaping", N)]),
        ("gave up dairy last year", [("user", "dairy", N)]),
        ("i've never liked musicals", [("user", "musicals", N)]),
        ("never ordering from Deliveroo again lol", [("user", "Deliveroo", N)]),
        ("stopped at the bakery on the way home", []),
        ("my dad never liked cats", []),
        ("我戒烟了", [("user", "烟", N)]),  # the zh path, unchanged
        ("我从来不喜欢恐怖片", [("user", "恐怖片", N)]),  # the zh path, unchanged
    ],
    # the kind of a named pet beside its name (was: the name only)
    "a named pet's kind": [
        ("my cat Tofu is a 2-year-old siamese", [("user", "Tofu", P), ("user", "siamese", P)]),
        ("I have a beagle named Otto", [("user", "Otto", P)]),  # the kind said as what is had: the name only
        ("my dog Rex is a good boy", [("user", "Rex", P)]),
        ("我家狗叫豆豆", [("user", "豆豆", P)]),  # the zh path, unchanged
    ],
    # the team as holder of "no longer" (was: nothing)
    "the team no longer uses": [
        ("Our team no longer uses Trello, any good kanban alternatives?", [("project", "Trello", N)]),
        ("我们团队不再用 Slack 了", [("project", "Slack", N)]),  # the zh path, unchanged
    ],
    # a bullet line "part: tool" under a list names the project's stack (was: "no parse")
    "a stack listed in bullets": [
        ("Setup:\n- frontend: Svelte\n- cache: Redis\nwhy is my session lost?", [("project", "Svelte", P), ("project", "Redis", P)]),
        ("Todo:\n- buy milk\n- call mom", []),
        ("我们的栈：\n- 前端用 Vue\n- 缓存用 Redis", [("project", "Vue", P), ("project", "Redis", P)]),  # the zh path, unchanged
    ],
}


@pytest.mark.parametrize(("text", "expected"), [c for cases in CASES.values() for c in cases],
                         ids=[f"{k}: {t[:40]}" for k, cases in CASES.items() for t, _ in cases])
def test_en_chat14(text: str, expected: list[tuple[str, str, str]]) -> None:
    _check(_accepted(text), expected)


def _answered(question: str, answer: str) -> list:
    turns = [{"role": "user", "content": "can you help me with something?"}, {"role": "assistant", "content": question},
             {"role": "user", "content": answer}]
    pending = RuleExtractor().extract(turns, CTX, NOW)
    out = VerifyNode(None).run({"memory_pending": pending}, CTX, NOW)["memory_pending"]
    return [p.record for p in out if p.action == "write"]


@pytest.mark.parametrize(("question", "answer", "expected"), [
    ("Happy to. Which message broker are you using?", "kafka, 3.6", [("project", "kafka", P)]),
    ("What language is the service written in?", "elixir", [("project", "elixir", P)]),
    ("Which browser do you use?", "firefox mostly", [("user", "firefox", P)]),
    ("What kind of music do you like?", "jazz", [("user", "jazz", P)]),
    ("What breed is it?", "a husky", []),  # "it" is no project part: the question does not say what it is
    ("Which role are you applying for?", "staff engineer", []),  # applying is no use nor taste
    ("Which database are you using?", "not sure, why?", []),  # no answer
    ("你们用的是什么数据库？", "postgres", [("project", "postgres", "positive")]),  # the zh reader (write/answered.py)
])
def test_a_short_answer_takes_the_frame_of_the_question(question: str, answer: str, expected: list) -> None:
    _check(_answered(question, answer), expected)


def test_parts() -> None:
    assert judgement("way better") and judgement("a smeary mess") and judgement("not that good")
    assert not judgement("Postgres 15") and not judgement("a Honda") and not judgement("better auth")
    assert answered("Which database are you using?", "postgres, v15") == "we use postgres v15"  # the version stays with its name
    assert answered("Which editor do you use?", "neovim") == "I use neovim"
    assert answered("Which editor do you use?", "I use vim but I want to switch to something else") == ""
    assert bullet_setting("* db: MySQL 8") == "our db is MySQL 8" and bullet_setting("- milk: 2 litres") == ""
