"""Corrections in natural chat, en + zh, composed of parts (correction marker + new value clause + the old value it
replaces), in the same turn and in a later turn whose earlier user turns are context:

- markers: a softened verdict ("that's not quite right", "之前说的那个不太对") and a withdrawal naming the old value
  ("scrap the vegetarian thing", "素食那个不对");
- new value clauses: a dated value ("I'm 35 as of last week"), a pronoun saying an age again ("she's 7", "他7岁了"),
  a move of the project ("the app is going on fly.io now", "现在部署到 fly.io 了"), a job switch ("跳槽去字节了"),
  a clause after an emoji ("搬到杭州了😂 杭州附近…");
- old values: one the message says was left ("we moved off heroku", "从 heroku 迁走了");
- a correction whose new value cannot be read (nothing parsed, a value only described, or only an unrelated fact
  parsed) leaves the old value flagged needs-confirmation, and recall shows it so, never as plain truth.
"""

from __future__ import annotations

import pytest

from langmem_nodes.read.graph import create_read_graph
from langmem_nodes.records import MemoryContext
from langmem_nodes.write.correction_value import described, left, moved_onto, untimed
from langmem_nodes.write.slip import is_slip, named
from tests._replay import landed, replay

CTX = MemoryContext(user_id="c12", project_id="app", session_id="s1")


def _say(store, *turns: str) -> list:
    return replay(store, *turns, ctx=CTX, reply="OK, noted.")


_landed = landed


def test_marker_parts_en_zh() -> None:
    assert all(is_slip(c) for c in ("that's not quite right", "what I said is not exactly right", "scrap the vegetarian thing",
                                    "之前说的那个不太对", "前面说的有点不对"))
    assert not any(is_slip(c) for c in ("that's not quite the plan", "scrap the old laptop for parts", "ignore the intro part",
                                        "cancel the 3pm one", "这个方案不太对", "你给的代码第三行那个不对"))
    assert named("scrap the vegetarian thing") == "vegetarian" and named("ignore the last bit") == ""
    assert named("素食那个不对") == "素食" and named("前面那个不对") == "" and not is_slip("那个不对")


def test_value_parts_en_zh() -> None:
    assert untimed("I'm 35 as of last week") == "I'm 35" and untimed("我住杭州从上个月开始") == "我住杭州"
    assert left("we moved off heroku last month") == "heroku" and left("我们上个月从heroku迁走了") == "heroku"
    assert moved_onto("the app is going on fly.io now") == "fly.io" and moved_onto("现在部署到fly.io了") == "fly.io"
    assert moved_onto("it's going to the Moon") == "" and left("we moved on") == ""
    assert described("the city my sister moved to") and described("我姐住的那个城市")
    assert not described("New York") and not described("Python I guess") and not described("两个空格")


CROSS_TURN = {  # (earlier user turn, the later turn correcting it, new value, old value)
    "en-scrap-named": ("i'm vegetarian btw so plan meals around that",
                       "wait, scrap the vegetarian thing, that's not quite right — i'm pescatarian, fish is fine",
                       "pescatarian", "vegetarian"),
    "zh-softened-verdict": ("我住在北京，帮我看看周末去哪玩", "之前说的那个不太对，我住天津", "天津", "北京"),
    "en-moved-off": ("we host the api on heroku", "hold on, that's wrong — we moved off heroku last month, "
                     "the app is going on fly.io now. can u write the fly.toml?", "fly.io", "heroku"),
    "zh-moved-off": ("我们的项目部署在heroku上", "不对不对，我们上个月从heroku迁走了，现在部署到fly.io了", "fly.io", "heroku"),
    "zh-emoji-clause": ("我现在住在上海，周末想找个地方爬山",
                        "啊刚才说的不对，我上个月已经搬到杭州了😂 杭州附近有啥好爬的山", "杭州", "上海"),
    "zh-job-switch": ("我在腾讯上班", "哦不对，我上个月跳槽去字节了", "字节", "腾讯"),
    "zh-named-withdrawal": ("我是素食者，帮我列个购物清单", "素食那个不对，我是纯素", "纯素", "素食者"),
}


@pytest.mark.parametrize("case", CROSS_TURN)
def test_a_later_turn_corrects_the_earlier_one(store, case) -> None:
    first, fix, new, old = CROSS_TURN[case]
    active = _say(store, first, fix)
    assert _landed(active, new), [r.text for r in active]
    assert not [r for r in active if old.casefold() in r.object.casefold()]


IN_TURN = {  # the value before the marker is withdrawn, the clause after it replaces it
    "en-dated-value": ("I'm 34, no wait, I'm 35 as of last week.", "35", "34"),
    "en-pronoun-age": ("my daughter is 6 — wait no, she's 7", "7", "6"),
    "zh-pronoun-age": ("我女儿6岁，哦不对，她7岁了", "7岁", "6岁"),
}


@pytest.mark.parametrize("case", IN_TURN)
def test_a_marker_in_the_sentence_replaces_the_value_before_it(store, case) -> None:
    said, new, old = IN_TURN[case]
    active = _say(store, said)
    assert _landed(active, new), [r.text for r in active]
    assert not [r for r in active if r.object.strip() == old]


UNREAD = {  # a correction whose new value cannot be read: the old value is flagged, and recall says so
    "en-only-unrelated-fact": ("I live in Berlin.", "wait that's wrong, I moved last month. btw I'm vegetarian",
                               "Berlin", "where do I live?"),
    "zh-only-unrelated-fact": ("我住在北京。", "刚才说的不对，我上个月搬走了。对了我是素食者", "北京", "我住哪"),
    "en-described-value": ("I live in Berlin.", "scratch that, it's the city my sister moved to last year lol",
                           "Berlin", "where do I live?"),
    "zh-described-value": ("我住在北京。", "说错了，是我姐住的那个城市", "北京", "我住哪"),
}


@pytest.mark.parametrize("case", UNREAD)
def test_an_unread_correction_leaves_the_old_value_flagged_in_recall(store, case) -> None:
    first, fix, old, query = UNREAD[case]
    active = _say(store, first, fix)
    (record,) = [r for r in active if old in r.object]
    assert record.metadata.get("needs_confirmation")
    assert not [r for r in active if r.predicate == record.predicate and r is not record]  # no junk value for it
    out = create_read_graph(store).compile().invoke({"messages": [("user", query)]}, context=CTX)
    line = next(x for x in out["memory_injection"].splitlines() if old in x)
    assert "confirm with the user" in line
