"""newcomer23's High findings on the write side, en + zh (sentences written for this file):

- H2: a soft "Actually …" / "其实 …" that states a new fact of its own slot put the fact said just before it in
  doubt ("a later correction was not understood: confirm with the user");
- H3: a correction in the other language ("Actually I prefer tea, not coffee." after «用户喜欢咖啡») left the old
  value active; M1: the same city said again in the other language counted as a move;
- H4: "forget everything about my ex" missed a memory of the ex said in the other language.
"""

from __future__ import annotations

import pytest

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.governance.forget_node import ForgetRequestNode
from langmem_nodes.records import MemoryContext
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import create_write_graph

CTX = MemoryContext(user_id="mei")


@pytest.fixture
def store(tmp_path):
    s = MemoryStore(tmp_path / "home", embedder=HashingEmbedder())
    yield s
    s.close()


def _chat(store, *user_turns):
    graph, history, out = create_write_graph(store).compile(), [], {}
    for text in user_turns:
        history = [*history, ("user", text)]
        out = graph.invoke({"messages": history}, context=CTX)
        history = [*history, ("assistant", "ok")]
    return out


def _active(store):
    return MemoryAdmin(store).list({"user_id": CTX.user_id})


@pytest.mark.parametrize("turns", [
    ("I'm allergic to sesame.", "Actually my phone is a Pixel 8."),
    ("我对芝麻过敏。", "其实我的手机是小米 14。"),
])
def test_a_soft_actually_with_a_fact_of_its_own_doubts_nothing_said_before(store, turns):
    out = _chat(store, *turns)
    assert not [s for s in out["memory_skipped"] if "correction not understood" in (s.get("reason") or "")]
    assert not [r for r in _active(store) if (r.get("metadata") or {}).get("needs_confirmation")]


@pytest.mark.parametrize("turns", [
    ("I'm allergic to sesame.", "That's wrong, I moved last month. Also I'm a night owl."),
    ("我对芝麻过敏。", "刚才那句说错了，我上个月搬家了。另外我是夜猫子。"),
])
def test_words_that_withdraw_still_doubt_what_was_just_said(store, turns):
    out = _chat(store, *turns)
    assert [s for s in out["memory_skipped"] if "correction not understood" in (s.get("reason") or "")]


@pytest.mark.parametrize(("turns", "new", "old"), [
    (("我喜欢喝茶。", "Actually I prefer beer, not tea."), "beer", "茶"),
    (("I like tea.", "其实我更喜欢喝啤酒，不是茶。"), "啤酒", "tea"),
])
def test_a_correction_in_the_other_language_takes_back_the_old_value(store, turns, new, old):
    _chat(store, *turns)
    objects = [r["object"] for r in _active(store)]
    assert any(new in o for o in objects) and not any(old in o for o in objects), objects


@pytest.mark.parametrize("turns", [("I live in Shenzhen.", "我住在深圳。"), ("我在华为上班。", "I work at Huawei.")])
def test_the_same_value_said_in_the_other_language_is_no_change(store, turns):
    out = _chat(store, *turns)
    assert out["memory_superseded"] == []
    assert len(_active(store)) == 1


@pytest.mark.parametrize(("said", "asked"), [
    ("Remember that my ex-girlfriend is called Lina.", "把我前女友的事都忘了吧"),
    ("记住：我前夫叫阿杰。", "Forget everything about my ex."),
])
def test_forgetting_the_ex_reaches_the_other_language(store, said, asked):
    _chat(store, said)
    node = ForgetRequestNode(store)
    ask = node.run({"memory_forget_request": asked}, CTX, None)
    assert [c["id"] for c in ask["memory_forget_candidates"]] == [r["id"] for r in _active(store)]
    done = node.run({**ask, "memory_forget_confirm": True}, CTX, None)
    assert done["memory_forget_status"] == "forgotten" and _active(store) == []
