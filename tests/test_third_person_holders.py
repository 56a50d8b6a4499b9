"""Third-person memory text ("User is …", "Project uses …", "用户…", "项目…") written by an agent
(`manage_memory`) or migrated from another memory system (`BatchWriter(extractor=RecordExtractor())`):
the holder is the word at the start, and the scope is the context's, never one named in the text.
A plain-function extractor's notes with different text are different memories (newcomer nc22 H2, H4, M1)."""

from __future__ import annotations

import json

import pytest

from langmem_nodes import MemoryContext
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.tools import create_manage_memory_tool
from langmem_nodes.write import BatchWriter, RecordExtractor, create_write_graph

ANA_WEB = {"configurable": {"user_id": "ana", "project_id": "web"}}


def create(store, content, config=ANA_WEB):
    return json.loads(create_manage_memory_tool(store).invoke({"action": "create", "content": content}, config=config))


def records(store, **who):
    return [m for m in MemoryAdmin(store).list(who) if m["status"] == "active"]


@pytest.mark.parametrize("note", ["Project uses pnpm", "项目使用 pnpm", "Project's package manager: pnpm",
                                  "The project uses pnpm"])
def test_a_project_note_is_held_by_the_contexts_project(store, note):
    out = create(store, note)
    assert [w["level"] for w in out["written"]] == ["project"], out
    held = records(store, user_id="ana", project_id="web", level="project")
    assert [m["object"] for m in held] == ["pnpm"]
    assert held[0]["scope"]["project_id"] == "web"
    assert records(store, user_id="ana", level="user") == []  # never at the user level, which every project sees


@pytest.mark.parametrize("note", ["Project's CI: GitHub Actions", "Project deploys only on Fridays after the standup",
                                  "项目每周五下午统一发版"])
def test_a_project_note_the_rules_do_not_parse_still_stays_in_its_project(store, note):
    out = create(store, note)
    assert out["written"] and {w["level"] for w in out["written"]} == {"project"}, out


def test_a_project_note_does_not_follow_the_user_into_another_project(store):
    create(store, "Project uses pnpm")
    create(store, "Project uses yarn", config={"configurable": {"user_id": "ana", "project_id": "api"}})
    api = records(store, user_id="ana", project_id="api")
    assert sorted(m["text"] for m in api) == ["Project uses yarn"]


def test_a_project_named_in_the_text_is_not_the_scope(store):
    create(store, "Project api uses yarn")  # said in web: whatever is stored, stays in web
    assert records(store, user_id="ana", project_id="api", level="project") == []
    assert all(m["scope"]["project_id"] in ("web", None) for m in records(store, user_id="ana", project_id="web"))


@pytest.mark.parametrize("note", ["Project uses pnpm", "项目使用 pnpm"])
def test_a_project_note_without_a_project_is_refused_with_the_reason(store, note):
    out = create(store, note, config={"configurable": {"user_id": "ana"}})
    assert out["written"] == [], out
    assert any("project_id" in s["reason"] for s in out["skipped"]), out
    assert records(store, user_id="ana") == []


@pytest.mark.parametrize(("note", "predicate", "obj"), [
    ("User is allergic to peanuts", "allergy", "peanuts"),
    ("用户对花生过敏", "allergy", "花生"),
    ("User prefers dark mode", "prefers", "dark mode"),
])
def test_a_user_note_is_held_by_the_user(store, note, predicate, obj):
    out = create(store, note)
    assert [w["level"] for w in out["written"]] == ["user"], out
    [m] = records(store, user_id="ana", level="user")
    assert (m["predicate"], m["object"]) == (predicate, obj)


DUMP = [  # a Mem0 / LangMem export mapped to turns: (text, user, project, created_at)
    ("User is allergic to peanuts", "ada", None, "2026-10-21T09:00:00Z"),
    ("用户对花生过敏", "bo", None, "2026-10-22T09:00:00Z"),
    ("User prefers dark mode", "bo", None, "2026-11-30T10:00:00Z"),
    ("Project uses pnpm", "ada", "shop", "2026-07-01T00:00:00Z"),
    ("项目使用 yarn", "bo", "api", "2026-07-02T00:00:00Z"),
    ("I live in Oslo", "ada", None, "2025-06-01T09:00:00Z"),
    ("User's github token is ghp_abcdefghijklmnopqrstuvwxyz0123456789", "ada", None, "2026-09-01T00:00:00Z"),
    ("用户的密码是 hunter2hunter2", "bo", None, "2026-09-01T00:00:00Z"),
]


def migrate(store, rows=DUMP):
    writer = BatchWriter(store, extractor=RecordExtractor())
    return writer.write([{"messages": [("user", text)], "context": MemoryContext(user_id=user, project_id=project),
                          "at": at} for text, user, project, at in rows])


def test_a_dump_keeps_its_third_person_records_with_their_dates(store):
    out = migrate(store)
    kept = {w["text"]: (w["predicate"], w["object"], w["created_at"][:10], w["scope"]["level"])
            for o in out for w in o["memory_written"]}
    assert kept["User is allergic to peanuts"] == ("allergy", "peanuts", "2026-10-21", "user")
    assert kept["用户对花生过敏"] == ("allergy", "花生", "2026-10-22", "user")
    assert kept["User likes dark mode"][1:3] == ("dark mode", "2026-11-30")
    assert kept["Project uses pnpm"][2:] == ("2026-07-01", "project")
    assert kept["项目使用yarn"][2:] == ("2026-07-02", "project")
    assert kept["User lives in Oslo"][1] == "Oslo"  # first-person rows read as before


def test_a_dump_never_stores_its_secrets(store):
    out = migrate(store)
    secrets = out[-2:]
    assert [o["memory_written"] for o in secrets] == [[], []]
    assert all("secret" in s["reason"] for o in secrets for s in o["memory_skipped"])
    texts = " ".join(m["text"] for u in ("ada", "bo") for m in records(store, user_id=u))
    assert "ghp_" not in texts and "hunter2" not in texts


@pytest.mark.parametrize("record", ["User keeps a sourdough starter named Gus in the fridge", "用户小时候在草原上放过羊"])
def test_a_record_no_pattern_parses_is_kept_as_written(store, record):
    [out] = migrate(store, [(record, "ada", None, "2026-10-01T00:00:00Z")])
    assert [(w["text"], w["created_at"][:10]) for w in out["memory_written"]] == [(record, "2026-10-01")]


def test_a_chat_turn_in_the_third_person_is_not_read_as_the_users_own(store):
    """The chat reading is unchanged: in a conversation "User …" is as often the user's own app's user."""
    [out] = BatchWriter(store).write([{"messages": [("user", "User is allergic to peanuts")],
                                       "context": MemoryContext(user_id="ada")}])
    assert out["memory_written"] == []


def my_extractor(text):  # docs/integration.md
    return [text.removeprefix("note:").strip()] if text.startswith("note:") else []


def only_text(text):
    return [{"text": text.removeprefix("note:").strip()}] if text.startswith("note:") else []


@pytest.mark.parametrize("fn", [my_extractor, only_text])
def test_function_extractor_notes_with_different_text_are_different_memories(store, fn):
    remember = create_write_graph(store, extractor=fn).compile()
    ada = MemoryContext(user_id="ada")
    notes = ["User is allergic to peanuts", "User likes green tea", "用户住在杭州", "用户喜欢喝乌龙茶"]
    for note in notes:
        out = remember.invoke({"messages": [("user", f"note: {note}")]}, context=ada)
        assert [w["text"] for w in out["memory_written"]] == [note], out["memory_skipped"]
    again = remember.invoke({"messages": [("user", "note: User likes green tea")]}, context=ada)
    assert again["memory_written"] == [] and "duplicate" in again["memory_skipped"][0]["reason"]
    assert sorted(m["text"] for m in records(store, user_id="ada")) == sorted(notes)


def test_function_extractor_two_notes_in_one_turn_are_both_kept(store):
    remember = create_write_graph(store, extractor=lambda text: text.split(" | ")).compile()
    out = remember.invoke({"messages": [("user", "User likes green tea | 用户住在杭州")]},
                          context=MemoryContext(user_id="ada"))
    assert sorted(w["text"] for w in out["memory_written"]) == ["User likes green tea", "用户住在杭州"]
