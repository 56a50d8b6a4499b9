"""Where the user comes from is not where they live, and for whom they work is not where: "我来自成都" then "我住在
北京" keeps both (it superseded the hometown before), "我在腾讯上班" is an employer (`works_at`, as "I work at
Google") while "我在杭州上班" is a place (`works_in`), and "my new manager is Priya" / "my manager is now Priya" /
"我的编辑器现在是 Zed" name the attribute without the time word (issue #16)."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph

PREDICATE = {
    "我来自成都。": ("from", "成都"), "我老家在湖南。": ("from", "湖南"), "我老家是苏州的。": ("from", "苏州"),
    "我出生在哈尔滨。": ("from", "哈尔滨"), "我的家乡是桂林。": ("from", "桂林"), "My hometown is Kraków.": ("from", "Kraków"),
    "I grew up in Leeds.": ("from", "Leeds"),
    "我在腾讯上班。": ("works_at", "腾讯"), "我在一家创业公司工作。": ("works_at", "一家创业公司"),
    "我在杭州工作。": ("works_in", "杭州"), "I work at Google.": ("works_at", "Google"),
    "My new manager is Priya.": ("attr:manager", "Priya"), "我的新领导是王总。": ("attr:领导", "王总"),
    "My manager is now Priya.": ("attr:manager", "Priya"), "My shell is currently fish.": ("attr:shell", "fish"),
    "我的编辑器现在是 Zed。": ("attr:编辑器", "Zed"), "我的终端一直是 iTerm2。": ("attr:终端", "iTerm2"),
    "我其实住在重庆。": ("lives_in", "重庆"), "不对，我其实住在重庆，不是成都": ("lives_in", "重庆"),  # was 在重庆
    "I write code in Emacs.": ("uses", "Emacs"), "I write all my scripts in Helix.": ("uses", "Helix"),  # was "code in …"
}


def _say(store, text: str, session: str = "s1") -> None:
    create_write_graph(store).compile().invoke({"messages": [HumanMessage(text)]},
                                               context=MemoryContext(user_id="ada", session_id=session))


def _active(store) -> list[tuple[str, str]]:
    return sorted((r.predicate, r.object) for r in store.find(None, statuses=(Status.ACTIVE,)))


@pytest.mark.parametrize("text", PREDICATE)
def test_the_attribute_is_read_from_the_verb(store, text) -> None:
    _say(store, text)
    assert _active(store) == [PREDICATE[text]]


@pytest.mark.parametrize("first,later", [("我来自成都。", "我住在北京。"), ("I grew up in Leeds.", "I live in Boston."),
                                         ("我的家乡是桂林。", "我现在住在深圳。")])
def test_a_hometown_and_a_residence_are_both_true(store, first, later) -> None:
    _say(store, first)
    _say(store, later)
    assert [p for p, _ in _active(store)] == ["from", "lives_in"]


@pytest.mark.parametrize("first,later", [("I work at Acme.", "我现在在腾讯上班。"), ("我在腾讯上班。", "These days I work at Globex.")])
def test_an_employer_said_in_the_other_language_replaces_the_employer(store, first, later) -> None:
    _say(store, first)
    _say(store, later)
    (only,) = _active(store)
    assert only[0] == "works_at" and only[1] in later
