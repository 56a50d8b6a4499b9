"""A forget request said in chat reaches the copies the user said in their other projects (newcomer19 H4: "Please
forget that I prefer dark mode" in project shop left the blog copy active, and "忘掉我住在哪" in blog found nothing
while the shop copy stayed). Those copies are deleted and counted, never shown in this project; other users'
memories and the projects' own facts stay. Sentences written for this file."""

from __future__ import annotations

import pytest

from langmem_nodes import MemoryContext, MemoryStore
from langmem_nodes.governance.forget_in_chat import carry_out, forget_notice
from langmem_nodes.records import Level, MemoryRecord, Scope

SAID = {
    "en": ("User prefers dark mode", "prefers", "dark mode", "Please forget that I prefer dark mode."),
    "zh": ("用户喜欢深色模式", "prefers", "深色模式", "忘掉我喜欢深色模式这件事。"),
}


def _session(user: str, project: str | None, session: str) -> Scope:
    return Scope(user_id=user, project_id=project, session_id=session, level=Level.SESSION)


@pytest.fixture
def store(tmp_path):
    with MemoryStore(tmp_path, embedder="hashing") as s:
        yield s


def _add(store, text, pred, obj, scope):
    return store.commit(add=[MemoryRecord(text=text, predicate=pred, object=obj, scope=scope)])[0].id


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_forget_in_one_project_reaches_the_users_copy_in_another(store, lang):
    text, pred, obj, request = SAID[lang]
    here = _add(store, text, pred, obj, _session("ada", "shop", "s1"))
    there = _add(store, text, pred, obj, _session("ada", "blog", "s3"))
    bobs = _add(store, text, pred, obj, _session("bob", "blog", "s3"))
    team = _add(store, text.replace("User", "The team").replace("用户", "团队"), pred, obj,
                Scope(user_id="ada", project_id="blog", level=Level.PROJECT))
    out = carry_out(store, request, MemoryContext(user_id="ada", project_id="shop", session_id="s1"))
    assert [c["id"] for c in out.forgotten] == [here] and out.elsewhere == 1
    assert store.get(here) is None and store.get(there) is None
    assert store.get(bobs) is not None and store.get(team) is not None
    notice = forget_notice(out)
    assert "other projects" in notice or "其他项目" in notice
    assert notice.count(f"«{text}»") == 1  # the copy elsewhere is counted, not quoted


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_forget_where_only_another_project_holds_it_says_so(store, lang):
    text, pred, obj, request = SAID[lang]
    there = _add(store, text, pred, obj, _session("ada", "shop", "s1"))
    out = carry_out(store, request, MemoryContext(user_id="ada", project_id="blog", session_id="s9"))
    assert out.forgotten == [] and out.elsewhere == 1 and store.get(there) is None
    notice = forget_notice(out)
    assert ("nothing stored in this project matched" in notice) or ("本项目里没有相关记忆" in notice)
    assert f"«{text}»" not in notice


def test_nothing_anywhere_is_still_nothing(store):
    _add(store, "User lives in Bergen", "lives_in", "Bergen", _session("ada", "shop", "s1"))
    out = carry_out(store, "Please forget that I prefer dark mode.", MemoryContext(user_id="ada", project_id="blog"))
    assert out.forgotten == [] and out.elsewhere == 0 and store.count() == 1


@pytest.mark.parametrize(("text", "ask"), [
    ("Project uses Jira for tickets", "Forget that our team uses Jira."),
    ("项目使用Jira管理工单", "忘掉我们团队用Jira这件事。"),
])
def test_a_forget_in_one_project_keeps_what_the_user_said_about_another_project(store, text, ask):
    """Red team 8 M4: "Forget that our team uses Jira." in Q deleted ada's session record of P's Jira: the sweep of the
    other projects is for the user's own facts, a record about project P belongs to P."""
    about_p = store.commit(add=[MemoryRecord(text=text, subject="project", predicate="uses", object="Jira",
                                             scope=_session("ada", "P", "s1"))])[0].id
    here = store.commit(add=[MemoryRecord(text=text, subject="project", predicate="uses", object="Jira",
                                          scope=_session("ada", "Q", "s1"))])[0].id
    out = carry_out(store, ask, MemoryContext(user_id="ada", project_id="Q", session_id="s1"))
    assert [c["id"] for c in out.forgotten] == [here] and out.elsewhere == 0
    assert store.get(about_p) is not None and store.get(here) is None
