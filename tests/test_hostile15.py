"""Hostile and malformed input through the public doors (findings of the s37 "hostile" probe,
/work/tmp/s37/hostile/): bad input is one clear error naming the problem (never a traceback from a CLI),
nothing stored is lost, and a failure inside memory never takes the user's turn down."""

from __future__ import annotations

import asyncio
import json

import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, add_memory
from langmem_nodes.messages import message_parts
from langmem_nodes.turn import MemoryTurn

ADA = MemoryContext(user_id="ada")
SAID = {"en": ("Remember that I prefer tea.", "User likes tea"), "zh": ("记住：我住在上海。", "用户住在上海")}


def _graph(store):
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda s: {"messages": [AIMessage("Here is my answer.")]})
    b.add_edge(START, "agent").add_edge("agent", END)
    return add_memory(b, store, agent="agent").compile()


# -- 1. a content block whose "text" is not a string took the whole turn down ------------------------------
@pytest.mark.parametrize("lang", SAID)
@pytest.mark.parametrize("odd", [None, 7, {"nested": "x"}], ids=["none", "int", "dict"])
def test_a_content_block_without_string_text_leaves_the_turn_and_its_text(store, lang, odd) -> None:
    said, stored = SAID[lang]
    message = HumanMessage(content=[{"type": "text", "text": odd}, {"type": "text", "text": said}], id="u1")
    out = _graph(store).invoke({"messages": [message]}, context=ADA)
    assert out["messages"][-1].content == "Here is my answer."
    assert out["memory_recall_error"] is None and out["memory_write_error"] is None
    assert [w["text"] for w in out["memory_written"]] == [stored]


@pytest.mark.parametrize("lang", SAID)
def test_the_middleware_core_reads_such_a_message_too(store, lang) -> None:
    said, stored = SAID[lang]
    state = {"messages": [HumanMessage(content=[{"type": "text", "text": None}, said], id="u1")]}
    turn = MemoryTurn(store)
    assert turn.recall(state, ADA)["memory_recall_error"] is None
    assert [w["text"] for w in turn.write(state, ADA)["memory_written"]] == [stored]
    state = {"messages": [HumanMessage(content=[{"type": "text", "text": 3}, said], id="u2")]}
    assert asyncio.run(turn.arecall(state, ADA))["memory_recall_error"] is None


def test_message_parts_keeps_only_string_text() -> None:
    msg = {"role": "user", "content": [{"type": "image_url", "image_url": {"url": "x"}}, {"type": "text", "text": 5},
                                       "我喜欢绿茶", {"type": "text", "text": "and tea"}]}
    assert message_parts(msg) == ("user", "我喜欢绿茶 and tea", None)
    assert message_parts({"role": "user", "content": None}) == ("user", "", None)


def test_a_write_that_cannot_read_its_turn_is_a_failed_write_not_a_failed_turn(store, monkeypatch) -> None:
    from langmem_nodes import turn as turn_module

    def broken(state):
        raise RuntimeError("cannot read the turn")

    monkeypatch.setattr(turn_module, "split_forget_request", broken)
    out = _graph(store).invoke({"messages": [HumanMessage(SAID["zh"][0], id="u1")]}, context=ADA)
    assert out["messages"][-1].content == "Here is my answer."
    assert out["memory_write_error"] == {"stage": "write", "error": "RuntimeError: cannot read the turn"}


# -- 2. export and transcript files: deep nesting, huge numbers, NaN, wrong part types ---------------------
from langmem_nodes.cli import main  # noqa: E402
from langmem_nodes.governance import MemoryAdmin  # noqa: E402
from langmem_nodes.store import MemoryStore  # noqa: E402

EXPORT_SAID = {"en": "Remember that I live in Berlin.", "zh": "记住：我住在柏林。"}


def _cli(capsys, home, *argv: str) -> tuple[int, str, str]:
    code = main(["--home", str(home), "--embedder", "hashing", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def _export(capsys, home, said: str) -> dict:
    assert _cli(capsys, home, "remember", said, "--user", "ada")[0] == 0
    code, out, _ = _cli(capsys, home, "export", "--user", "ada")
    assert code == 0
    return json.loads(out)


def _one_error_line(code: int, err: str) -> str:
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("lang", EXPORT_SAID)
def test_an_import_file_nested_too_deep_or_with_a_huge_number_is_one_error_line(capsys, tmp_path, lang) -> None:
    data = _export(capsys, tmp_path / "home", EXPORT_SAID[lang])
    text = json.dumps(data, ensure_ascii=False)
    files = {
        "deep.json": text[:-1] + ', "extra": ' + "[" * 5000 + "]" * 5000 + "}",
        "payload.json": json.dumps({**data, "ledger": [{**data["ledger"][0], "payload": json.loads(
            '{"a":' * 200 + "1" + "}" * 200)}]}, ensure_ascii=False),
        "digits.json": text.replace('"version": 1', '"version": 1' + "0" * 5000, 1),
        "nan.json": text.replace('"confidence": ', '"confidence": NaN, "x": ', 1),
    }
    for name, body in files.items():
        path = tmp_path / name
        path.write_text(body, encoding="utf-8")
        err = _one_error_line(*_cli(capsys, tmp_path / f"new-{name}", "import", str(path))[::2])
        assert str(path) in err, err
    assert not any((tmp_path / f"new-{name}" / "memory.sqlite3").exists() for name in files)  # refused before opening


@pytest.mark.parametrize("lang", EXPORT_SAID)
@pytest.mark.parametrize("part", ["records", "ledger", "tombstones"])
@pytest.mark.parametrize("value", [5, None, {"a": 1}], ids=["int", "null", "object"])
def test_an_export_part_that_is_not_a_list_is_named(capsys, tmp_path, lang, part, value) -> None:
    data = _export(capsys, tmp_path / "home", EXPORT_SAID[lang])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**data, part: value}, ensure_ascii=False), encoding="utf-8")
    err = _one_error_line(*_cli(capsys, tmp_path / "new", "import", str(path))[::2])
    assert f"{part} must be a JSON list" in err


@pytest.mark.parametrize("lang", EXPORT_SAID)
def test_a_count_no_database_column_holds_is_refused_by_field(capsys, tmp_path, lang) -> None:
    data = _export(capsys, tmp_path / "home", EXPORT_SAID[lang])
    data["records"][0]["version"] = 10**30
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    err = _one_error_line(*_cli(capsys, tmp_path / "new", "import", str(path))[::2])
    assert "records[0]" in err and "version" in err
    deep: dict = {}
    for _ in range(100):
        deep = {"a": deep}
    fresh = _export(capsys, tmp_path / "home", EXPORT_SAID[lang])
    with MemoryStore(tmp_path / "api", embedder="hashing") as store:
        with pytest.raises(ValueError, match="ledger\\[0\\] payload is nested deeper than 64 levels"):
            MemoryAdmin(store).import_({**fresh, "ledger": [{**fresh["ledger"][0], "payload": deep}]})
        assert store.count() == 0 and store.ledger_count() == 0


@pytest.mark.parametrize("name", ["deep.json", "deep.jsonl"])
def test_a_transcript_nested_too_deep_is_one_error_line(capsys, tmp_path, name) -> None:
    path = tmp_path / name
    body = "[" * 5000 + "]" * 5000 if name.endswith(".json") else \
        '{"speaker": "Ann", "text": "我喜欢绿茶"}\n{"speaker": "Bob", "text": ' + "[" * 5000 + "]" * 5000 + "}\n"
    path.write_text(body, encoding="utf-8")
    err = _one_error_line(*_cli(capsys, tmp_path / "home", "import-conversation", str(path), "--user", "ann")[::2])
    assert "nested deeper than" in err and str(path) in err


@pytest.mark.parametrize("field", ["speaker", "session"])
def test_a_speaker_or_session_name_as_long_as_a_document_is_refused(capsys, tmp_path, field) -> None:
    turn = {"speaker": "Ann", "text": "I adopted a puppy named Max", "session": "1", field: "x" * 1000}
    path = tmp_path / "t.jsonl"
    path.write_text(json.dumps(turn) + "\n" + json.dumps({"speaker": "安", "text": "我下周去杭州"}) + "\n", encoding="utf-8")
    err = _one_error_line(*_cli(capsys, tmp_path / "home", "import-conversation", str(path), "--user", "ann")[::2])
    assert f"line 1: '{field}' is longer than 128 characters" in err


# -- 3. `python -m evals` data files: one error line naming file, line and field ----------------------------
from evals.__main__ import main as evals_main  # noqa: E402

CASE = {"id": "c1", "lang": "zh", "turns": [{"role": "user", "content": "我住在上海。"}],
        "expect": [{"subject": "user", "object": "上海", "polarity": "positive"}]}
EXTRACTION_BAD = {
    "truncated": json.dumps(CASE, ensure_ascii=False)[:-7],
    "deep": json.dumps(CASE, ensure_ascii=False)[:-1] + ', "note": ' + "[" * 3000 + "]" * 3000 + "}",
    "expect-without-object": json.dumps({**CASE, "expect": [{"subject": "user"}]}, ensure_ascii=False),
    "expect-not-objects": json.dumps({**CASE, "expect": ["上海"]}, ensure_ascii=False),
    "id-a-list": json.dumps({**CASE, "id": ["c1"]}, ensure_ascii=False),
    "not-an-object": "[1, 2]",
    "repeated-id": json.dumps(CASE, ensure_ascii=False) + "\n" + json.dumps({**CASE, "lang": "en", "turns": [
        {"role": "user", "content": "I live in Oslo."}], "expect": [{"subject": "user", "object": "Oslo"}]}),
}


def _evals_error(capsys, *argv: str) -> str:
    code = evals_main(list(argv))
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err, err
    line = [x for x in err.splitlines() if x.startswith("error: ") or "error:" in x]
    assert line, err
    return err


@pytest.mark.parametrize("bad", EXTRACTION_BAD)
def test_an_extraction_cases_file_the_eval_cannot_use_is_one_error_line(capsys, tmp_path, bad) -> None:
    path = tmp_path / "cases.jsonl"
    path.write_text(EXTRACTION_BAD[bad] + "\n", encoding="utf-8")
    err = _evals_error(capsys, "extraction", "--cases", str(path))
    assert f"{path}:" in err and err.count("\n") == 1, err


ABSTAIN_USER = {"user": "u1", "lang": "zh", "split": "tune", "memories": [
    {"id": "m1", "text": "用户对花生过敏", "kind": "fact", "days": 3}], "queries": [{"text": "我对什么过敏？", "gold": ["m1"]}]}


@pytest.mark.parametrize(("change", "named"), [
    ({"users": {"u1": ABSTAIN_USER}}, "'users' must be a list"),
    ({"users": [{**ABSTAIN_USER, "memories": [{**ABSTAIN_USER["memories"][0], "days": "三"}]}]}, "'days' must be"),
    ({"users": [{**ABSTAIN_USER, "memories": [{**ABSTAIN_USER["memories"][0], "kind": "allergy"}]}]}, "'kind' must be one of"),
    ({"users": [{**ABSTAIN_USER, "queries": [{"text": "what am I allergic to?"}]}]}, "missing 'gold'"),
], ids=["users-object", "days-text", "kind-unknown", "gold-missing"])
def test_an_abstain_data_file_the_eval_cannot_use_is_named(capsys, tmp_path, change, named) -> None:
    path = tmp_path / "abstain.json"
    path.write_text(json.dumps(change, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        evals_main(["abstain", "--data", str(path), "--embedder", "hashing"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert named in err and str(path) in err and "Traceback" not in err


FORGET_CASE = {"id": "f1", "lang": "zh", "memories": [{"id": "m1", "said": "我住在上海。", "text": "用户住在上海"}],
               "turn": "把我住哪儿忘了吧", "forget": ["m1"]}
SECRET_ROW = {"text": "my wifi password is Tr0ub4dor&3", "lang": "en", "secret": True, "value": "Tr0ub4dor&3",
              "split": "tune"}


@pytest.mark.parametrize(("name", "row", "named"), [
    ("forget_requests", {**FORGET_CASE, "forget": None}, "missing 'forget'"),
    ("forget_requests", {**FORGET_CASE, "memories": [{"id": "m1", "text": "用户住在上海"}]}, "memories[0]: missing 'said'"),
    ("forget_requests", "{\"id\": \"f1\", \"turn\": \"forget where I live", "not valid JSON"),
    ("secrets_blind", {**SECRET_ROW, "secret": "yes"}, "'secret' must be true or false"),
    ("secrets_blind", {**SECRET_ROW, "text": "我的开机密码是 8八8", "lang": "zh", "value": None}, "missing 'value'"),
], ids=["forget-no-forget", "forget-no-said", "forget-truncated", "secret-not-bool", "secret-no-value"])
def test_forget_and_secrets_data_files_are_checked_before_any_run(capsys, tmp_path, name, row, named) -> None:
    path = tmp_path / "set.jsonl"
    path.write_text(row if isinstance(row, str) else json.dumps(row, ensure_ascii=False), encoding="utf-8")
    argv = ["--data", str(path)] if name == "forget_requests" else ["tune", "--data", str(path)]
    err = _evals_error(capsys, name, *argv)
    assert named in err and f"{path}:1" in err


# -- 4. a full disk or a read-only home is said as such, never "damaged: restore from a backup" ------------
import os  # noqa: E402
import sqlite3  # noqa: E402
from types import SimpleNamespace  # noqa: E402

from langmem_nodes.store import home_trouble  # noqa: E402


@pytest.mark.parametrize("lang", EXPORT_SAID)
def test_a_disk_that_fills_after_the_home_opened_is_not_called_damage(capsys, tmp_path, monkeypatch, lang) -> None:
    home = tmp_path / "home"
    assert _cli(capsys, home, "remember", EXPORT_SAID[lang], "--user", "ada")[0] == 0
    _, before, _ = _cli(capsys, home, "list", "--user", "ada")

    def full(self, *a, **k):
        raise sqlite3.OperationalError("database or disk is full")

    with monkeypatch.context() as m:
        m.setattr(MemoryStore, "commit", full)
        err = _one_error_line(*_cli(capsys, home, "remember", "Remember that I prefer tea.", "--user", "ada")[::2])
    assert "disk holding it is full" in err and "damaged" not in err and "backup" not in err
    assert _cli(capsys, home, "list", "--user", "ada")[1] == before  # nothing stored was lost


def _statvfs(flag: int = 0, free: int = 100):
    return lambda path: SimpleNamespace(f_flag=flag, f_bavail=free, f_blocks=1000)  # a disk (/proc has no blocks)


def test_opening_on_a_full_disk_or_a_read_only_place_names_it(tmp_path, monkeypatch) -> None:
    io_error, cant_open = sqlite3.OperationalError("disk I/O error"), sqlite3.OperationalError("unable to open database file")
    monkeypatch.setattr(home_trouble.os, "statvfs", _statvfs(free=0))
    assert home_trouble.cause(io_error, tmp_path) == home_trouble.FULL
    monkeypatch.setattr(home_trouble.os, "statvfs", _statvfs(flag=os.ST_RDONLY))
    assert home_trouble.cause(cant_open, tmp_path / "home") == home_trouble.READ_ONLY
    monkeypatch.setattr(home_trouble.os, "statvfs", _statvfs())
    assert home_trouble.cause(cant_open, tmp_path) is None  # a plain place: no invented cause
    assert home_trouble.cause(sqlite3.OperationalError("attempt to write a readonly database"), tmp_path) == home_trouble.READ_ONLY
    assert home_trouble.is_damage(sqlite3.DatabaseError("database disk image is malformed"))
    assert not home_trouble.is_damage(sqlite3.OperationalError("database or disk is full"))


def test_the_cli_names_a_read_only_home_when_it_cannot_open_it(capsys, tmp_path, monkeypatch) -> None:
    home = tmp_path / "home"
    assert _cli(capsys, home, "remember", "记住：我住在上海。", "--user", "ada")[0] == 0

    def cannot_open(*a, **k):
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(home_trouble.os, "statvfs", _statvfs(flag=os.ST_RDONLY))
    monkeypatch.setattr(MemoryStore, "__init__", cannot_open)
    err = _one_error_line(*_cli(capsys, home, "list", "--user", "ada")[::2])
    assert "read-only file system" in err and str(home) in err


# -- 5. wrong types at the Python doors: a named TypeError / ValueError, never an AttributeError or a driver error ---
from types import SimpleNamespace as _Runtime  # noqa: E402

from langmem_nodes.records import Scope  # noqa: E402
from langmem_nodes.tools import create_memory_file_tool  # noqa: E402
from langmem_nodes.write import create_write_graph  # noqa: E402


def _seed(store, lang: str) -> str:
    out = create_write_graph(store).compile().invoke({"messages": [("user", SAID[lang][0])]}, context=ADA)
    return out["memory_written"][0]["id"]


@pytest.mark.parametrize("lang", SAID)
@pytest.mark.parametrize("bad", [5, ["x"], {"a": 1}], ids=["int", "list", "dict"])
def test_wrong_types_at_the_admin_and_store_doors_are_named(store, lang, bad) -> None:
    mid = _seed(store, lang)
    admin = MemoryAdmin(store)
    with pytest.raises(ValueError, match="text filter must be a string"):
        admin.list(ADA, text=bad)
    with pytest.raises(PermissionError, match="actor must be 'user'"):  # ReadOnlyViolation, not AttributeError
        admin.edit(mid, SAID[lang][1], actor=bad)
    with pytest.raises(TypeError, match="expected_version must be an integer"):
        admin.edit(mid, SAID[lang][1], expected_version=bad if bad != 5 else "5")
    with pytest.raises(TypeError, match="memory_id must be a string"):
        store.get(bad if bad != 5 else ["x"])
    with pytest.raises(TypeError, match="memory_id must be a string"):
        store.history(bad if bad != 5 else {"x": 1})
    assert [r["text"] for r in admin.list(ADA)] == [SAID[lang][1]]  # nothing changed


@pytest.mark.parametrize("lang", SAID)
def test_history_of_no_id_is_empty_not_every_users_ledger(store, lang) -> None:
    _seed(store, lang)
    create_write_graph(store).compile().invoke({"messages": [("user", "Remember that I prefer Vim.")]},
                                               context=MemoryContext(user_id="bob"))
    assert store.ledger() and store.history(None) == []


@pytest.mark.parametrize("cls", [MemoryContext, Scope])
@pytest.mark.parametrize("field", ["user_id", "project_id", "session_id", "org_id"])
def test_an_id_given_as_bytes_is_refused_not_decoded(cls, field) -> None:
    given = {"user_id": "ada", "level": "session", "session_id": "s1"} if cls is Scope else {"user_id": "ada"}
    with pytest.raises(ValueError, match=f"{field} must be a string, got bytes"):
        cls(**{**given, field: "阿达".encode()})


@pytest.mark.parametrize("text", ["User likes \ud800 tea", "用户喜欢\udcff绿茶"], ids=["en", "zh"])
def test_a_memory_file_with_a_lone_surrogate_is_refused_in_one_line(store, text) -> None:
    tool = create_memory_file_tool(store)
    rt = _Runtime(context=ADA, config={}, state={})
    answer = tool.func(command="create", path="/memories/notes.md", file_text=text, runtime=rt)
    assert answer.startswith("Error: file_text is not valid Unicode") and "\n" not in answer and "pydantic" not in answer
    assert store.find(None) == []


# -- 6. a transcript speaker's control and bidi characters are not stored in the subject; --kind names its choices --
@pytest.mark.parametrize(("speaker", "clean"), [("An\u2066n\u2069\x1b[31m", "Ann"), ("安\u200b娜\u2066", "安娜")], ids=["en", "zh"])
def test_a_speaker_name_is_stored_without_control_or_bidi_characters(store, speaker, clean) -> None:
    from langmem_nodes.conversation import import_conversation

    (mid,) = import_conversation(store, [{"speaker": speaker, "text": "我下周去杭州 / I go to Hangzhou next week"}],
                                 user_id="ann")
    assert store.get(mid).subject == clean


def test_an_unknown_kind_is_refused_with_the_choices(capsys, tmp_path) -> None:
    home = tmp_path / "home"
    assert _cli(capsys, home, "remember", "记住：我住在上海。", "--user", "ada")[0] == 0
    with pytest.raises(SystemExit) as exit_:
        _cli(capsys, home, "list", "--user", "ada", "--kind", "allergy")
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "--kind" in err and "preference" in err and "identity" in err


# -- 7. import_conversation refuses, before anything is stored, what would fail half-way at commit -----------
@pytest.mark.parametrize("field", ["speaker", "session", "text"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_transcript_name_or_text_with_a_lone_surrogate_is_refused_before_any_commit(store, field, lang) -> None:
    from langmem_nodes.conversation import import_conversation

    said = {"en": "I adopted a puppy named Max", "zh": "我下周去杭州"}[lang]
    turns = [{"speaker": "Ann", "text": said, "session": str(i // 600)} for i in range(1200)]  # three commits
    turns[-1] = {**turns[-1], field: "Ann\udcff"}
    with pytest.raises(ValueError, match=f"turn 1200: '{field}' is not valid Unicode"):
        import_conversation(store, turns, user_id="ann")
    assert store.count() == 0  # nothing half-imported


@pytest.mark.parametrize(("kwargs", "named"), [
    ({"conversation": "chat\ud800"}, "conversation is not valid Unicode"),
    ({"conversation": "对话" * 100}, "conversation is longer than 128 characters"),
    ({"before": None}, "before and after must be integers"),
    ({"after": "1"}, "before and after must be integers"),
], ids=["conversation-surrogate", "conversation-long", "before-none", "after-text"])
def test_import_conversation_settings_are_checked(store, kwargs, named) -> None:
    from langmem_nodes.conversation import import_conversation

    with pytest.raises(ValueError, match=named):
        import_conversation(store, [{"speaker": "Ann", "text": "我下周去杭州"}], user_id="ann", **kwargs)
    with pytest.raises(ValueError, match="turns must be a list of turns or a transcript text, got NoneType"):
        import_conversation(store, None, user_id="ann")  # type: ignore[arg-type]
    assert store.count() == 0


# -- 8. export --out: a pipe or a link is written into, never replaced; a failed export leaves no stray file -----
import contextlib  # noqa: E402
import errno  # noqa: E402
import stat  # noqa: E402
import threading  # noqa: E402


@pytest.mark.parametrize("lang", EXPORT_SAID)
def test_export_into_a_pipe_keeps_the_pipe(capsys, tmp_path, lang) -> None:
    home = tmp_path / "home"
    assert _cli(capsys, home, "remember", EXPORT_SAID[lang], "--user", "ada")[0] == 0
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text(encoding="utf-8")), daemon=True)
    reader.start()
    code, _, err = _cli(capsys, home, "export", "--user", "ada", "--out", str(fifo))
    reader.join(timeout=20)
    assert code == 0, err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # before: renamed over, the pipe became a regular file
    assert got and json.loads(got[0])["records"][0]["text"]


@pytest.mark.parametrize("lang", EXPORT_SAID)
def test_export_through_a_link_writes_its_file_and_keeps_the_link(capsys, tmp_path, lang) -> None:
    home = tmp_path / "home"
    assert _cli(capsys, home, "remember", EXPORT_SAID[lang], "--user", "ada")[0] == 0
    real, link = tmp_path / "backups" / "ada.json", tmp_path / "latest.json"
    real.parent.mkdir()
    real.write_text("old", encoding="utf-8")
    link.symlink_to(real)
    assert _cli(capsys, home, "export", "--user", "ada", "--out", str(link))[0] == 0
    assert link.is_symlink() and json.loads(real.read_text(encoding="utf-8"))["user_id"] == "ada"


@pytest.mark.parametrize("lang", EXPORT_SAID)
def test_an_export_that_fails_half_way_leaves_the_old_file_and_no_part_file(capsys, tmp_path, monkeypatch, lang) -> None:
    from langmem_nodes import cli as cli_module

    home = tmp_path / "home"
    assert _cli(capsys, home, "remember", EXPORT_SAID[lang], "--user", "ada")[0] == 0
    out = tmp_path / "ada.json"
    out.write_text("the previous export", encoding="utf-8")

    class FullDisk:
        def update(self, n):
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(cli_module, "progress", lambda *a, **k: contextlib.nullcontext(FullDisk()))
    err = _one_error_line(*_cli(capsys, home, "export", "--user", "ada", "--out", str(out))[::2])
    assert "No space left on device" in err
    assert out.read_text(encoding="utf-8") == "the previous export" and sorted(p.name for p in tmp_path.iterdir()) == [
        "ada.json", "home"]


# -- 9. MemoryStore(home): a blank name is not the current directory ------------------------------------------
@pytest.mark.parametrize("home", ["", "   ", "\u3000"], ids=["empty", "blank", "ideographic-space"])
def test_a_blank_home_is_refused_not_read_as_the_current_directory(tmp_path, monkeypatch, home) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match="home must not be empty or blank"):
        MemoryStore(home, embedder="hashing")
    assert list(tmp_path.iterdir()) == []  # no memory.sqlite3 / chroma written into the working directory


@pytest.mark.parametrize(("home", "error"), [(b"/tmp/x", TypeError), (5, TypeError), ("家/\udcff", ValueError)],
                         ids=["bytes", "int", "not-utf8"])
def test_a_home_that_is_no_usable_path_is_named(tmp_path, monkeypatch, home, error) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(error, match="home"):
        MemoryStore(home, embedder="hashing")
