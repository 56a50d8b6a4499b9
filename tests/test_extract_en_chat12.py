"""English natural chat (casual10/9/8 tune misses), by structure: a fact given as the reason of a request, a
fact before a question, lowercase chat, possessions with names, standing requests asked as questions, and
object spans. Chinese counterparts where the structure exists in Chinese; elsewhere a zh case shows the zh
path unchanged. Fast: the extractor and the gate only."""

from __future__ import annotations

import pytest

from langmem_nodes.write import RuleExtractor
from tests.test_extraction_compositional import _accepted, _check

CASES = {
    "a fact given as the reason of a request": [
        ("since our deploys go through Buildkite, how do I cache docker layers?", [("project", "Buildkite", "positive")]),
        ("any tips for commuting by bike given that i live in copenhagen?", [("user", "copenhagen", "positive")]),
        ("what should I pack if I move to Oslo?", []),
    ],
    "the user's work pattern": [
        ("i'm a paramedic and i work night shifts, any meal tips?", [("user", "paramedic", "positive"),
                                                                     ("user", "night shifts", "positive")]),
    ],
    "lowercase languages, and a new clause after 'and now'": [
        ("i speak french and german fluently and now i'm trying to pick up korean",
         [("user", "French", "positive"), ("user", "German", "positive"), ("user", "korean", "positive")]),
    ],
    "a liking with its subject dropped": [
        ("not a fan of light themes tbh, they hurt my eyes", [("user", "light themes", "negative")]),
    ],
    "a team practice with its scope": [
        ("our team does squash merges only on develop", [("project", "squash merges", "positive")]),
    ],
    "a third party's preference": [
        ("my buddy tom is obsessed with emacs and keeps nagging me about it", []),
    ],
    "project stack in chat phrasing": [
        ("our site gets deployed to netlify", [("project", "netlify", "positive")]),
        ("the api is a flask app on cloud run behind nginx", [("project", "flask", "positive"),
                                                              ("project", "nginx", "positive")]),
        ("the service is going on render now", [("project", "render", "positive")]),
    ],
    "a standing request asked as a question": [
        ("could you keep replies under five sentences from now on?", [("user", "five sentences", "positive")]),
        ("can you explain answers step by step? i'm new to this", [("user", "step by step", "positive")]),
        ("can you explain this step by step?", []),
        ("please avoid using moment.js in code examples", [("user", "moment.js", "negative")]),
    ],
    "object spans": [
        ("I can't stand calls after 6pm", [("user", "calls after 6pm", "negative")]),
        ("i used to skate as a kid, haven't done it in like 15 years", []),
        ("dont recommend ORMs to me, i really dislike all the boilerplate they add", [("user", "ORMs", "negative")]),
    ],
}


@pytest.mark.parametrize(("text", "expected"), [c for cases in CASES.values() for c in cases],
                         ids=[f"{k}: {t[:40]}" for k, cases in CASES.items() for t, _ in cases])
def test_en_chat12(text: str, expected: list[tuple[str, str, str]]) -> None:
    _check(_accepted(text), expected)


def test_span_keeps_the_time_and_drops_the_clause() -> None:
    got = {r.object for r in _accepted("I hate standups before I've had coffee")}
    assert got == {"standups"}
    got = {r.object for r in _accepted("I can't stand meetings before 10am")}
    assert got == {"meetings before 10am"}


ZH_CASES = [
    # unchanged: a friend's preference is reported speech, a one-off request stores nothing
    ("我朋友特别喜欢 Emacs，老劝我换", []),
    ("你能一步一步解释一下这个吗？", []),
    ("我们用 GitHub Actions 跑 CI", [("project", "GitHub Actions", "positive")]),
]


@pytest.mark.parametrize(("text", "expected"), ZH_CASES, ids=[t[:12] for t, _ in ZH_CASES])
def test_zh_counterparts(text: str, expected: list[tuple[str, str, str]]) -> None:
    _check(_accepted(text), expected)


def test_standing_request_is_a_rule_only_with_a_scope() -> None:
    found = RuleExtractor().claims("can you keep answers short from now on?")
    assert [(c.subject, c.predicate) for c, *_ in found] == [("user", "rule")]
    assert RuleExtractor().claims("can you keep this answer short?") == []
