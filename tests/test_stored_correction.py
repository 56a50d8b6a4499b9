"""A correction said in a later session, with nothing earlier in its thread ("Actually Zed, not Emacs.",
"不对，是 VS Code，不是 PyCharm。"), lands on the stored active fact it names — this user's, in this project or
none, never another user's or project's — and flags that fact needs-confirmation when its new value does not
parse. An unnamed one ("不对，改成 Neovim。") corrects the memory shown to the model this turn."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph


def _say(store, text: str, ctx: MemoryContext, **state) -> dict:
    return create_write_graph(store).compile().invoke({"messages": [HumanMessage(text)], **state}, context=ctx)


def _ctx(session: str, user: str = "ada", project: str | None = None) -> MemoryContext:
    return MemoryContext(user_id=user, project_id=project, session_id=session)


def _active(store, user: str = "ada") -> list[str]:
    return sorted(r.text for r in store.find(None, statuses=(Status.ACTIVE,)) if r.scope.user_id == user)


NAMED = {  # (first session, later session's correction, active afterwards)
    "en-explicit": ("Remember that I use Emacs.", "Actually Zed, not Emacs.", ["User uses Zed"]),
    "en-plain": ("I use Firefox for browsing.", "Sorry, I meant Brave, not Firefox.", ["User uses Brave"]),
    "zh-explicit": ("记住：我用 PyCharm。", "不对，是 VS Code，不是 PyCharm。", ["用户使用VS Code"]),
    "zh-plain": ("我住在青岛。", "搞错了，不是青岛，是大连。", ["用户住在大连"]),
}


@pytest.mark.parametrize("case", NAMED)
def test_a_later_sessions_correction_lands_on_the_stored_fact_it_names(store, case) -> None:
    first, fix, active = NAMED[case]
    _say(store, first, _ctx("s1"))
    (old,) = store.find(None, statuses=(Status.ACTIVE,))
    out = _say(store, fix, _ctx("s2"))
    assert _active(store) == active
    (new,) = out["memory_written"]
    assert new["source"] == "explicit_correction" and old.id in out["memory_superseded"]
    assert store.get(old.id).superseded_by == new["id"]
    assert not [s for s in out["memory_skipped"] if s["reason"] == "no parse"]


UNPARSED = {  # the correction names the old value, and no new one
    "en": ("Remember that I use Emacs.", "Actually no, not Emacs.", "Emacs"),
    "zh": ("记住：我用 PyCharm。", "不对，不是 PyCharm。", "PyCharm"),
}


@pytest.mark.parametrize("case", UNPARSED)
def test_a_correction_without_a_new_value_flags_the_named_fact(store, case) -> None:
    first, fix, old_word = UNPARSED[case]
    _say(store, first, _ctx("s1"))
    out = _say(store, fix, _ctx("s2"))
    assert out["memory_written"] == []
    (old,) = store.find(None, statuses=(Status.ACTIVE,))
    assert old_word in old.text and old.metadata.get("needs_confirmation")


SHOWN = {  # an unnamed correction: the memory the model was shown this turn
    "en": ("Remember that I use Emacs.", "No, change that to Kakoune.", ["User uses Kakoune"]),
    "zh": ("记住：我用 Vim。", "不对，改成 Neovim。", ["用户使用Neovim"]),
}


@pytest.mark.parametrize("case", SHOWN)
def test_an_unnamed_correction_corrects_the_memory_shown_this_turn(store, case) -> None:
    first, fix, active = SHOWN[case]
    _say(store, first, _ctx("s1"))
    (old,) = store.find(None, statuses=(Status.ACTIVE,))
    _say(store, fix, _ctx("s2"))  # nothing shown: nothing to correct, nothing stored
    assert _active(store) == [old.text]
    out = _say(store, fix, _ctx("s3"), memory_injected_ids=[old.id])
    assert _active(store) == active and old.id in out["memory_superseded"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_correction_never_reaches_another_user_or_another_projects_session(store, lang) -> None:
    first, fix, _ = NAMED[f"{lang}-plain"]
    _say(store, first, _ctx("s1", project="shop"))  # a session fact of project shop
    _say(store, first, _ctx("s1", user="bob"))
    _say(store, fix, _ctx("s2", project="web"))  # ada, another project
    _say(store, fix, _ctx("s2", user="eve"))  # another user
    assert _active(store, "bob") == _active(store, "ada") and len(_active(store, "ada")) == 1
    assert _active(store, "eve") == []
