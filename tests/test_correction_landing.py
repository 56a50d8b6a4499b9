"""Corrections that did not land (issue #16, kind 1): the new value is stored as an `explicit_correction` and
the value it corrects is no longer active — in the same message ("…, no wait, it's Svelte") and in a later
turn of the thread ("更正一下，新项目现在都改成 PostgreSQL 了"), en + zh. Each phrasing composes from parts
the grammar knows (a retraction word, a holder with a modifier, a change verb, a frame like "我的意思是")."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph

IN_TURN = {  # (the message, the withdrawn value, the value that stands)
    # a retraction word in mid-sentence ("no wait", "oh no wait") withdraws the value just said: a correction
    "en-no-wait-stack": ("Our frontend is built with Vue, no wait, it's Svelte.", "Vue", "Svelte"),
    "en-oh-no-wait-role": ("I'm a backend dev — oh no wait, I'm a product manager now.", "backend dev", "product manager"),
    "zh-bu-dui-bu-dui": ("我们项目是 Rails 的…不对不对，这个服务是 Sinatra 写的。", "Rails", "Sinatra"),
    # a change of job said as a move: "转岗做X", "转行做X"
    "zh-changed-role": ("我是做运维的——哦不对，我去年转行做产品经理了。", "运维", "产品经理"),
    # a pronoun that stands for the pet just named: "my cat, he's a Siamese — sorry no, he's a Burmese"
    "en-pet-pronoun": ("I'm adopting my cat tomorrow, he's a Siamese — sorry no, he's a Burmese.", "Siamese", "Burmese"),
    "zh-pet-pronoun": ("我养了只猫，它是英短——啊不对，它是美短。", "英短", "美短"),
}

CROSS_TURN = {  # (what the user said first, the correction, the old value, the new value)
    # a holder with a modifier ("新项目", "新服务") and the change verb 改成
    "zh-modified-holder": ("我们的服务都用 MySQL。", "更正一下，新项目现在都改成 PostgreSQL 了。", "MySQL", "PostgreSQL"),
    "zh-changed-role": ("我是做运维的。", "说错了，我上个月转岗做 SRE 了。", "运维", "SRE"),
    # "我的意思是…" / "what I meant was …": the clause after the frame is the corrected statement
    "zh-i-meant": ("我喜欢跑步。", "不是的，我的意思是我讨厌跑步。", "跑步", "跑步"),
    "en-what-i-meant": ("I like jogging.", "no, what I meant was I hate jogging.", "jogging", "jogging"),
    # a requirement of the project: "项目要求的是 Node 20"
    "zh-project-requires": ("项目要求 Node 18。", "说错了，项目要求的是 Node 20。", "Node 18", "Node 20"),
    # the old value given to someone else ("旺财是我哥家的"), the user's own said as "我家那条叫…"
    "zh-disowned-pet": ("我家狗叫旺财。", "不对，旺财是我哥家的，我家那条叫豆豆。", "旺财", "豆豆"),
    # "I wish." / "我倒希望如此。" denies what was said: the next sentence holds the value
    "en-i-wish": ("I'm on Windows.", "lol I wish. it's actually a Chromebook.", "Windows", "Chromebook"),
    "zh-i-wish": ("我用 Vim。", "哈哈我倒希望如此。其实是 VS Code。", "Vim", "VS Code"),
    # a message that opens by taking the old value back ("not Sublime, Zed", "不是 Sublime 啦，Zed")
    "en-not-lead": ("I use Sublime.", "hmm, not Sublime, Zed.", "Sublime", "Zed"),
    "en-not-lead-holder": ("Our cache is Memcached.", "Not Memcached — we're on Redis.", "Memcached", "Redis"),
    "zh-not-lead": ("我用 Sublime。", "呃，不是 Sublime 啦，Zed。", "Sublime", "Zed"),
    # a cleft: "it's sesame I'm allergic to", "我过敏的是芒果"
    "en-cleft": ("I'm allergic to shellfish.", "Actually it's sesame I'm allergic to, not shellfish.", "shellfish", "sesame"),
    "zh-cleft": ("我对花生过敏。", "不对，我过敏的是芒果，不是花生。", "花生", "芒果"),
}

TWO_VALUES = {  # a corrected value said as a conjunction: every conjunct is a new value
    "en": ("We test on Node 16.", "actually we dropped Node 16 — it's Node 18 and Node 20 now.", "Node 16", ("Node 18", "Node 20")),
    "zh": ("我们项目用 Python 3.8。", "不对，现在是 Python 3.10 和 Python 3.11 了。", "Python 3.8", ("Python 3.10", "Python 3.11")),
}


@pytest.mark.parametrize("case", TWO_VALUES)
def test_a_correction_with_two_values_lands_both(store, case) -> None:
    first, fix, old_word, new_words = TWO_VALUES[case]
    g, ctx = _graph(store), MemoryContext(user_id="di", session_id="s1")
    g.invoke({"messages": [HumanMessage(first)]}, context=ctx)
    (old,) = [r for r in _active(store, "di") if old_word.casefold() in r.object.casefold()]
    g.invoke({"messages": [HumanMessage(first), AIMessage("OK"), HumanMessage(fix)]}, context=ctx)
    for word in new_words:
        (new,) = [r for r in _active(store, "di") if r.object.casefold() == word.casefold()]
        assert new.source.value == "explicit_correction"
    assert store.get(old.id).status is Status.SUPERSEDED


def _graph(store):
    return create_write_graph(store).compile()


def _active(store, user: str) -> list:
    return [r for r in store.find(None, statuses=(Status.ACTIVE,)) if r.scope.user_id == user]


@pytest.mark.parametrize("case", IN_TURN)
def test_an_in_turn_correction_lands(store, case) -> None:
    text, old_word, new_word = IN_TURN[case]
    _graph(store).invoke({"messages": [HumanMessage(text)]}, context=MemoryContext(user_id="ada", session_id="s1"))
    active = _active(store, "ada")
    (new,) = [r for r in active if new_word.casefold() in r.object.casefold()]
    assert new.source.value == "explicit_correction"
    assert not [r for r in active if old_word.casefold() in r.object.casefold()]


@pytest.mark.parametrize("case", CROSS_TURN)
def test_a_later_turn_correction_lands(store, case) -> None:
    first, fix, old_word, new_word = CROSS_TURN[case]
    g, ctx = _graph(store), MemoryContext(user_id="bo", session_id="s1")
    g.invoke({"messages": [HumanMessage(first)]}, context=ctx)
    (old,) = [r for r in _active(store, "bo") if old_word.casefold() in r.object.casefold()]
    g.invoke({"messages": [HumanMessage(first), AIMessage("OK"), HumanMessage(fix)]}, context=ctx)
    (new,) = [r for r in _active(store, "bo") if new_word.casefold() in r.object.casefold()]
    assert new.object.casefold() == new_word.casefold()  # the value, not the clause ("sesame I'm allergic to")
    assert new.source.value == "explicit_correction" and new.id != old.id
    assert store.get(old.id).status is Status.SUPERSEDED


CONTROLS = {  # no correction: nothing is marked as one
    "en-no-worries": "no worries, our frontend is built with Vue.",
    "zh-role-no-change": "我是做运维的，平时也写点 Python。",
    "en-pronoun-other": "My sister came over, she's a nurse.",
    "en-i-wish-clause": "I wish I had more time. I use Vim.",
    "zh-i-wish-clause": "我倒希望明天别下雨。我用 Vim。",
    "en-not-sure": "Not sure about that, I use Vim.",
    "en-not-really": "not really a fan of meetings, I prefer email.",
}


@pytest.mark.parametrize("case", CONTROLS)
def test_no_correction_is_not_marked_as_one(store, case) -> None:
    out = _graph(store).invoke({"messages": [HumanMessage(CONTROLS[case])]},
                               context=MemoryContext(user_id="cy", session_id="s1"))
    assert all(w["source"] != "explicit_correction" for w in out["memory_written"])
    if case == "en-pronoun-other":  # a third party's job is not the user's
        assert not [w for w in out["memory_written"] if "nurse" in w["text"]]
