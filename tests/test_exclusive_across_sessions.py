"""One value at a time holds across a user's sessions: a new value of a one-value attribute said in a later session
("I moved to Seattle last week." after "I live in Boston.") supersedes the value the user stated in an earlier
session of the same project (or of none) — kept for history, never deleted — so that no session ever sees two
active values, and a question about the past gets the earlier one. Another user's, another project's and a
parallel attribute's values are never touched (issue #15/#16, a newcomer's finding: two active `lives_in`)."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes import create_read_graph
from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph

CASES = {  # (first session's statement, later session's statement, old value, new value)
    "en-moved": ("I live in Boston.", "I moved to Seattle last week.", "Boston", "Seattle"),
    "en-job": ("I work at Acme.", "These days I work at Globex.", "Acme", "Globex"),
    "zh-moved": ("我住在上海。", "我搬到北京了。", "上海", "北京"),
    "zh-job": ("我在腾讯工作。", "我现在在阿里巴巴上班。", "腾讯", "阿里巴巴"),
}


def _say(store, text: str, **ctx) -> dict:
    return create_write_graph(store).compile().invoke({"messages": [HumanMessage(text)]},
                                                      context=MemoryContext(**ctx))


def _holding(store, word: str, status: Status = Status.ACTIVE) -> list:
    return [r for r in store.find(None, statuses=(status,)) if word.casefold() in r.object.casefold()]


def _active_values(store, ctx: MemoryContext, predicate: str) -> list[str]:
    return sorted(r.object for r in store.find(ctx.visible_partitions(), statuses=(Status.ACTIVE,))
                  if r.predicate == predicate)


@pytest.mark.parametrize("case", CASES)
def test_a_later_sessions_new_value_supersedes_the_earlier_sessions_value(store, case) -> None:
    first, later, old_word, new_word = CASES[case]
    _say(store, first, user_id="ada", session_id="s1")
    (old,) = _holding(store, old_word)
    out = _say(store, later, user_id="ada", session_id="s2")
    (new,) = _holding(store, new_word)
    kept = store.get(old.id)
    assert kept is not None and kept.status is Status.SUPERSEDED and kept.superseded_by == new.id  # never deleted
    assert old.id in new.supersedes and old.id in out["memory_superseded"]
    for session in ("s1", "s2", "s3"):  # the old session too sees one value
        assert _active_values(store, MemoryContext(user_id="ada", session_id=session), new.predicate) == [new.object]


@pytest.mark.parametrize("case", CASES)
def test_another_users_or_projects_value_is_never_superseded(store, case) -> None:
    first, later, old_word, new_word = CASES[case]
    _say(store, first, user_id="ada", session_id="s1")
    _say(store, first, user_id="ada", project_id="p1", session_id="s1")
    _say(store, later, user_id="bob", session_id="s2")
    _say(store, later, user_id="ada", project_id="p2", session_id="s2")
    assert len(_holding(store, old_word)) == 2  # bob's and project p2's statements reach neither


@pytest.mark.parametrize("first,later", [("I like coffee.", "I like tea."), ("我喜欢咖啡。", "我喜欢喝茶。")])
def test_a_parallel_attribute_in_another_session_stays_active(store, first, later) -> None:
    _say(store, first, user_id="ada", session_id="s1")
    _say(store, later, user_id="ada", session_id="s2")
    assert not store.find(None, statuses=(Status.SUPERSEDED,))


@pytest.mark.integration
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_history_question_in_a_third_session_gets_the_earlier_sessions_value(tmp_path, lang) -> None:
    from langmem_nodes.store import MemoryStore

    first, later, old_word, new_word = CASES[f"{lang}-moved"]
    question = "Where did I live before?" if lang == "en" else "我以前住在哪里？"
    with MemoryStore(tmp_path / "home") as store:  # the default embedder
        _say(store, first, user_id="ada", session_id="s1")
        _say(store, later, user_id="ada", session_id="s2")
        out = create_read_graph(store).compile().invoke({"messages": [HumanMessage(question)]},
                                              context=MemoryContext(user_id="ada", session_id="s3"))
    (hit,) = [h for h in out["memory_selected"] if new_word in h.record.text]
    assert old_word in hit.note


@pytest.mark.parametrize("first,later,old_word,new_word", [("I live in Boston.", "I live in Denver.", "Boston", "Denver"),
                                                           ("我住在上海。", "我住在广州。", "上海", "广州")])
def test_a_value_said_with_no_session_supersedes_the_sessions_values(store, first, later, old_word, new_word) -> None:
    """With no session the write lands at user level, seen from every session: it replaces the session's value."""
    _say(store, first, user_id="ada", session_id="s1")
    _say(store, later, user_id="ada")
    assert not _holding(store, old_word) and _holding(store, old_word, Status.SUPERSEDED)
    assert _active_values(store, MemoryContext(user_id="ada", session_id="s1"), "lives_in") == [new_word]


@pytest.mark.parametrize("first,later", [("I live in Boston.", "I live in Denver."), ("我住在上海。", "我住在广州。")])
def test_a_plain_value_in_another_session_stays_in_its_session(store, first, later) -> None:
    _say(store, first, user_id="ada", session_id="s1")
    _say(store, later, user_id="ada", session_id="s2")
    assert not store.find(None, statuses=(Status.SUPERSEDED,))


@pytest.mark.parametrize("first,later", [("I live in Boston.", "I live in Denver."), ("我住在上海。", "我住在广州。")])
def test_a_value_promoted_by_recurrence_supersedes_the_other_sessions_value(store, first, later) -> None:
    """Said in two sessions, the value moves to user level, seen from s1 too: s1's own value gives way."""
    for text, session in ((first, "s1"), (later, "s2"), (later, "s3")):
        _say(store, text, user_id="ada", session_id=session)
    for session in ("s1", "s2", "s4"):
        (value,) = _active_values(store, MemoryContext(user_id="ada", session_id=session), "lives_in")
        assert value in later


SWITCHES = {  # (earlier session, later session: a switch said outright, old, new) — newcomer5 F1
    "en-editor": ("I write code in Emacs.", "I use Helix now.", "Emacs", "Helix"),
    "zh-editor": ("我平时用 Vim 写代码", "我现在改用 VS Code 了", "Vim", "VS Code"),
    "en-package-manager": ("We use yarn for this repo.", "We switched to pnpm.", "yarn", "pnpm"),
}


@pytest.mark.parametrize("case", SWITCHES)
def test_a_tool_switched_to_outright_replaces_the_tool_of_its_kind_in_every_session(store, case) -> None:
    first, later, old_word, new_word = SWITCHES[case]
    _say(store, first, user_id="ada", project_id="p", session_id="s1")
    _say(store, later, user_id="ada", project_id="p", session_id="s2")
    assert not _holding(store, old_word) and _holding(store, old_word, Status.SUPERSEDED)
    for session in ("s1", "s2"):
        ctx = MemoryContext(user_id="ada", project_id="p", session_id=session)
        held = [r.object for r in store.find(ctx.visible_partitions(), statuses=(Status.ACTIVE,))]
        assert any(new_word in o for o in held) and not any(old_word in o for o in held)


@pytest.mark.parametrize("first,later", [("I use Vim.", "I also use Postgres now."), ("我用 Vim。", "我现在也用 Docker 了。")])
def test_a_tool_of_another_kind_leaves_the_editor_alone(store, first, later) -> None:
    _say(store, first, user_id="ada", session_id="s1")
    _say(store, later, user_id="ada", session_id="s2")
    assert _holding(store, "Vim")


def test_a_backend_moved_to_another_framework_replaces_it_for_every_member_of_the_project(store) -> None:
    """newcomer5 F4: ada's «Project uses Django 5», then bob's "actually we moved the backend to FastAPI"."""
    _say(store, "remember: our backend for this repo runs on Django 5", user_id="ada", project_id="apollo", session_id="a1")
    _say(store, "actually we moved the backend to FastAPI", user_id="bob", project_id="apollo", session_id="b1")
    assert not _holding(store, "Django") and _holding(store, "FastAPI")


@pytest.mark.parametrize("question", ["what does our backend run on?", "我们后端用的是什么框架？"])
def test_a_question_naming_the_backend_gets_its_framework(tmp_path, question) -> None:
    from langmem_nodes.store import MemoryStore

    ctx = MemoryContext(user_id="ada", project_id="apollo", session_id="a1")
    with MemoryStore(tmp_path / "home") as store:
        _say(store, "remember: our backend for this repo runs on Django 5", user_id="ada", project_id="apollo",
             session_id="a1")
        _say(store, "I live in Lisbon.", user_id="ada", project_id="apollo", session_id="a1")
        out = create_read_graph(store).compile().invoke({"messages": [HumanMessage(question)]}, context=ctx)
    assert [h.record.object for h in out["memory_selected"]] == ["Django 5"]
