"""The user's explicit intent, newer, becomes the active value (facts.AUTHORITY; ../shared/seeds/002 §消解).

A correction ("actually …", "不对"), a request to remember ("remember …", "记住") and a statement that marks
its value as the current one ("… now", "these days", "moved to", "switched to", "现在", "搬到", "换成", "改成")
all carry the user's explicit intent: among them the newest wins. A plain later statement with no such marker
does not outrank an explicit correction: it is stored for history, not active, and the turn says so.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph


def _sessions(store, turns: list[str]) -> list[dict]:
    """Each turn in its own session (a new thread, no earlier turns): what a later day looks like."""
    g = create_write_graph(store).compile()
    return [g.invoke({"messages": [HumanMessage(t)]}, context=MemoryContext(user_id="kim", session_id=f"s{i}"))
            for i, t in enumerate(turns)]


def _active(store, predicate: str) -> list[str]:
    return [r.object for r in store.find(None, statuses=(Status.ACTIVE,)) if r.predicate == predicate]


NEWER_INTENT = {  # (turns, predicate, the value that must be active)
    "en-remember-after-correction": (["Remember that I live in Oslo.", "No wait, I live in Bergen.",
                                      "Please remember that I live in Tromsø."], "lives_in", "Tromsø"),
    "en-now-after-correction": (["I live in Leeds.", "Actually, I live in York.", "I live in Hull now."],
                                "lives_in", "Hull"),
    "en-moved-after-correction": (["Remember that I live in Leeds.", "Correction: I live in York.",
                                   "I moved to Bristol."], "lives_in", "Bristol"),
    "zh-remember-after-correction": (["记住：我在杭州工作。", "不对，我在苏州工作。", "记住，我在南京工作。"], "works_in", "南京"),
    "zh-now-after-correction": (["我住在成都。", "不对，我住在重庆。", "我现在住在西安。"], "lives_in", "西安"),
    "zh-moved-after-correction": (["记住：我住在成都。", "其实我住在重庆。", "我搬到厦门了。"], "lives_in", "厦门"),
}


@pytest.mark.parametrize("case", NEWER_INTENT)
def test_a_newer_explicit_statement_beats_an_older_correction(store, case) -> None:
    turns, predicate, value = NEWER_INTENT[case]
    outs = _sessions(store, turns)
    assert _active(store, predicate) == [value]
    last = outs[-1]
    (written,) = [w for w in last["memory_written"] if w["predicate"] == predicate]
    assert written["status"] == "active" and last["memory_superseded"]


PLAIN_LATER = {  # a plain later statement, no marker: the older correction stays active
    "en": (["I live in Leeds.", "Actually, I live in York.", "I live in Hull."], "York", "Hull"),
    "zh": (["我住在成都。", "不对，我住在重庆。", "我住在西安。"], "重庆", "西安"),
}


@pytest.mark.parametrize("case", PLAIN_LATER)
def test_a_plain_later_statement_is_kept_for_history_and_the_turn_says_so(store, case) -> None:
    turns, kept, later = PLAIN_LATER[case]
    last = _sessions(store, turns)[-1]
    assert _active(store, "lives_in") == [kept]
    (written,) = last["memory_written"]
    assert written["object"] == later and written["status"] == "superseded"
    told = [s for s in last["memory_skipped"] if s["action"] == "not_active"]
    assert told and kept in told[0]["reason"] and later in told[0]["text"]


RACED = {  # two explicit statements of one user racing: the one said later holds; the other was explicit too
    "en": ("I moved to Oslo.", "I moved to Berlin.", "Oslo", "Berlin"),
    "zh": ("我搬到奥斯陆了。", "我搬到柏林了。", "奥斯陆", "柏林"),
}


@pytest.mark.parametrize("case", RACED)
def test_an_explicit_statement_a_newer_one_beat_is_not_told_to_be_explicit(store, case) -> None:
    """Turn B was read before turn A but commits after it (two runs of one user at once): B's value is
    older, so A's holds, and B's turn must not ask the user to say explicitly what they just said explicitly."""
    from datetime import timedelta

    from langmem_nodes.records import utcnow

    newer, older, kept, lost = RACED[case]
    t0 = utcnow()
    ctx = MemoryContext(user_id="kim")
    create_write_graph(store, clock=lambda: t0 + timedelta(seconds=5)).compile().invoke(
        {"messages": [HumanMessage(newer)]}, context=ctx)
    out = create_write_graph(store, clock=lambda: t0).compile().invoke({"messages": [HumanMessage(older)]}, context=ctx)
    assert _active(store, "lives_in") == [kept]
    (told,) = [s for s in out["memory_skipped"] if s["action"] == "not_active"]
    assert lost in told["text"] and kept in told["reason"]
    assert "explicitly" not in told["reason"] and "newer" in told["reason"]
