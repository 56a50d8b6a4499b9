"""A correction said in one clause with the value it takes back ("Oh wait, my dog is called Muffin, not Biscuit.",
"哦不对，我的狗叫 Muffin，不叫 Biscuit。") lands whether the old value was said in a later session or earlier in the
same thread: the new value is stored as an `explicit_correction`, the old one is superseded (never deleted), and
the "not Y" clause the correction explains is not left over as a "no parse" skip (issue #16)."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph

CASES = {  # (what the user said first, the correction, the old value, the new value)
    "en-oh-wait-dog": ("My dog is called Biscuit.", "Oh wait, my dog is called Muffin, not Biscuit.", "Biscuit", "Muffin"),
    "en-wait-no-place": ("I live in Bergen.", "wait, no — I live in Oslo, not Bergen", "Bergen", "Oslo"),
    "en-sorry-cat": ("My cat's name is Lily.", "sorry, my cat's name is Luna, not Lily", "Lily", "Luna"),
    "en-sorry-i-meant": ("I use Vim.", "sorry, I meant I use Helix, not Vim.", "Vim", "Helix"),
    "en-oops-work": ("I work at Acme.", "oops, I work at Globex, not Acme", "Acme", "Globex"),
    "zh-dog": ("我的狗叫 Biscuit。", "哦不对，我的狗叫 Muffin，不叫 Biscuit。", "Biscuit", "Muffin"),
    "zh-place": ("我住在卑尔根。", "哦不对，我住在奥斯陆，不是卑尔根", "卑尔根", "奥斯陆"),
    "zh-cat-inline": ("我的猫叫 Lily。", "说错了，我的猫叫 Luna 不叫 Lily", "Lily", "Luna"),
    "zh-tool": ("我用 Vim。", "哦，说错了，我用的是 Helix，不是 Vim。", "Vim", "Helix"),
}


def _graph(store):
    return create_write_graph(store).compile()


def _holding(store, user: str, word: str) -> list:
    return [r for r in store.find(None, statuses=(Status.ACTIVE, Status.SUPERSEDED))
            if r.scope.user_id == user and word.casefold() in r.object.casefold()]


def _check(store, out: dict, user: str, old_id: str, new_word: str) -> None:
    old = store.get(old_id)
    assert old is not None and old.status is Status.SUPERSEDED  # kept, not deleted
    (new,) = [r for r in _holding(store, user, new_word) if r.status is Status.ACTIVE]
    assert new.object == new_word  # the value, not the clause it was said in ("I use Helix")
    assert new.source.value == "explicit_correction" and old.superseded_by == new.id
    assert old_id in out["memory_superseded"]
    assert not [s for s in out["memory_skipped"] if s["reason"] == "no parse"]


@pytest.mark.parametrize("case", CASES)
def test_a_later_sessions_same_clause_correction_supersedes_the_old_value(store, case) -> None:
    first, fix, old_word, new_word = CASES[case]
    g = _graph(store)
    g.invoke({"messages": [HumanMessage(first)]}, context=MemoryContext(user_id="ada", session_id="s1"))
    (old,) = _holding(store, "ada", old_word)
    out = g.invoke({"messages": [HumanMessage(fix)]}, context=MemoryContext(user_id="ada", session_id="s2"))
    _check(store, out, "ada", old.id, new_word)


@pytest.mark.parametrize("case", CASES)
def test_a_same_thread_same_clause_correction_supersedes_the_old_value(store, case) -> None:
    first, fix, old_word, new_word = CASES[case]
    g, ctx = _graph(store), MemoryContext(user_id="bo", session_id="s1")
    g.invoke({"messages": [HumanMessage(first)]}, context=ctx)
    (old,) = _holding(store, "bo", old_word)
    out = g.invoke({"messages": [HumanMessage(first), AIMessage("OK"), HumanMessage(fix)]}, context=ctx)
    _check(store, out, "bo", old.id, new_word)


CONTROLS = {  # a soft opener without a taken-back value is no correction
    "en": ("sorry for the long message, my dog is called Muffin.", "Muffin"),
    "en-not-inside": ("Oh wait, I'm not sure my dog likes Muffin.", ""),
}


@pytest.mark.parametrize("case", CONTROLS)
def test_a_soft_opener_alone_is_no_correction(store, case) -> None:
    text, new_word = CONTROLS[case]
    out = _graph(store).invoke({"messages": [HumanMessage(text)]}, context=MemoryContext(user_id="cy", session_id="s1"))
    assert all(w["source"] != "explicit_correction" for w in out["memory_written"])
    if new_word:
        assert any(new_word in w["text"] for w in out["memory_written"])
