"""A request to remember asked as a question stores the statement inside it as an explicit request; a question
about what is remembered stores nothing, en + zh (sentences written for this file)."""

from __future__ import annotations

import pytest

from langmem_nodes import MemoryContext, MemoryStore, create_write_graph

CTX = MemoryContext(user_id="ada", project_id="p")


def _written(tmp_path, text: str) -> tuple[list[tuple[str, str, str]], list[str]]:
    with MemoryStore(tmp_path / "home", embedder="hashing") as store:
        out = create_write_graph(store).compile().invoke({"messages": [("user", text)]}, context=CTX)
    records = [(w["subject"], w["object"], w["source"]) for w in out.get("memory_written", [])]
    return records, [s.get("reason", "") for s in out.get("memory_skipped", [])]


@pytest.mark.parametrize(("text", "subject", "value"), [
    ("Could you remember that I am vegetarian?", "user", "vegetarian"),
    ("hey can you please remember I'm left-handed?", "user", "left-handed"),
    ("Would you keep in mind that I live in Porto, thanks?", "user", "Porto"),
    ("Can you make a note that our CI runs on GitHub Actions?", "project", "GitHub Actions"),
    ("Can u remember that my daughter is called Ines?", "user", "Ines"),
    ("能帮我记一下我不吃香菜吗？", "user", "香菜"),
    ("可以帮我记住我住在杭州吗？", "user", "杭州"),
    ("你能记一下我们项目用的是 pnpm 吗", "project", "pnpm"),
    ("麻烦帮我记着我对花生过敏，好吗？", "user", "花生"),
])
def test_a_request_to_remember_asked_as_a_question_is_stored(tmp_path, text, subject, value):
    records, _ = _written(tmp_path, text)
    assert any(s == subject and value.casefold() in o.casefold() and src == "explicit" for s, o, src in records), records


@pytest.mark.parametrize("text", [
    "Can you remember what I told you yesterday?",
    "Could you save this?",
    "Can you remember my birthday?",
    "Would you remember where I parked if I told you?",
    "你能记住我喜欢什么吗？",
    "你能记住我住哪吗？",
    "能帮我记一下这个吗？",
])
def test_a_question_about_what_is_remembered_stores_nothing(tmp_path, text):
    records, reasons = _written(tmp_path, text)
    assert records == [] and "question" in reasons, (records, reasons)


@pytest.mark.parametrize("text", ["Can you remember that my password is hunter2-XY?", "能帮我记一下我的银行卡密码是 884512 吗？"])
def test_a_secret_asked_to_be_remembered_is_refused(tmp_path, text):
    records, reasons = _written(tmp_path, text)
    assert records == [] and any(r.startswith("secret") for r in reasons), (records, reasons)
