"""Write-side failures a newcomer found (newcomer17 H1, H2, M4, M5), en + zh, through the default write graph.

H1 a credential refused in one turn was stored the next ("ok then just remember I always use hunter2-XY on
staging" → «User rule: then just remember …»). H2 "我们的猫叫咪咪" stored «用户的们的猫叫咪咪»; "Our cat is called
Mochi." stored nothing. M4 "我的狗叫 Biscuit" + "My dog is called Biscuit" were two active memories. M5 "I moved." /
"我搬家了。" stored nothing and left the old city active with no flag. Sentences are the newcomer's and variants
written for this file.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes import MemoryContext, MemoryStore, create_read_graph, create_write_graph
from langmem_nodes.records import Status

CTX = MemoryContext(user_id="ada", project_id="p")


def _write(home: Path, turns: list[str]) -> tuple[list[tuple[str, str, str, str, bool]], list[dict]]:
    """(status, subject, predicate, object, needs confirmation) of every record after the turns ran on one thread,
    and every turn's output."""
    outs = []
    with MemoryStore(home, embedder="hashing") as store:
        write = create_write_graph(store).compile()
        messages: list = []
        for text in turns:
            messages = [*messages, HumanMessage(text)]
            outs.append(write.invoke({"messages": messages}, context=CTX))
            messages = [*messages, AIMessage("Noted.")]
        records = sorted((r.status.value, r.subject, r.predicate, r.object, bool(r.metadata.get("needs_confirmation")))
                         for r in store.find(CTX.visible_partitions(), statuses=tuple(Status)))
    return records, outs


def _home_bytes(home: Path) -> bytes:
    return b"".join(p.read_bytes() for p in home.rglob("*") if p.is_file())


def _active(records) -> list[tuple[str, str, str]]:
    return [(s, p, o) for status, s, p, o, _ in records if status == "active"]


# H1: a value refused as a secret stays refused wherever it comes back in the thread
@pytest.mark.parametrize(("turns", "value"), [
    (["btw the staging db pw is hunter2-XY, save it", "ok then just remember I always use hunter2-XY on staging"],
     "hunter2-XY"),
    (["my vpn password is moss-Kx9, don't lose it", "I live in Oslo.", "fyi moss-Kx9 also opens the router admin page"],
     "moss-Kx9"),
    (["测试库的密码是 tiger-88Q，记一下", "记住，我在测试服上一直用 tiger-88Q"], "tiger-88Q"),
    (["家里wifi密码是 lanmao-2024", "以后连家里网络就用 lanmao-2024"], "lanmao-2024"),
])
def test_a_refused_secret_said_again_is_refused(tmp_path, turns, value):
    records, outs = _write(tmp_path / "home", turns)
    assert not any(value in o for *_, o, _ in records), records
    assert value.encode() not in _home_bytes(tmp_path / "home")
    assert value not in repr(outs[-1].get("memory_skipped")) and value not in repr(outs[-1].get("memory_written"))


def test_other_clauses_of_the_turn_still_count(tmp_path):
    records, _ = _write(tmp_path / "home", ["the staging db pw is hunter2-XY", "I live in Oslo. I use hunter2-XY on staging."])
    assert ("user", "lives_in", "Oslo") in _active(records), records
    assert b"hunter2-XY" not in _home_bytes(tmp_path / "home")


@pytest.mark.parametrize("text", ["ok then just remember I always use pnpm on staging",
                                  "then remember that I always deploy on Fridays"])
def test_a_lead_before_the_cue_is_not_part_of_the_memory(tmp_path, text):
    records, _ = _write(tmp_path / "home", [text])
    assert records and not any(o.lower().startswith(("then", "just")) for *_, o, _ in records), records


@pytest.mark.parametrize("text", ["I always use Hunter2-XY on staging", "I use Tr0ub4dor&3 on prod",
                                  "我在测试服上一直用 Tiger-88Q", "生产环境我都用 Qwe#2024 登"])
def test_a_password_looking_value_used_on_a_system_is_refused(tmp_path, text):
    records, _ = _write(tmp_path / "home", [text])
    assert records == [], records


@pytest.mark.parametrize(("text", "value"), [("I use node-20 on staging", "node-20"), ("I use pnpm9 on staging", "pnpm9"),
                                             ("我在测试服上用 Python3.12", "Python3.12")])
def test_a_tool_used_on_a_system_is_no_secret(tmp_path, text, value):
    records, _ = _write(tmp_path / "home", [text])
    assert any(value in o for *_, o, _ in records), records


# H2: a household's pet, home, car, kids ("our", "我们的", "咱家") are the user's
@pytest.mark.parametrize(("ours", "mine"), [
    ("我们的猫叫咪咪。", "我的猫叫咪咪。"),
    ("咱家的狗叫旺财。", "我的狗叫旺财。"),
    ("我们家的猫叫豆豆", "我的猫叫豆豆"),
    ("Our cat is called Mochi.", "My cat is called Mochi."),
    ("Our dog's name is Rex.", "My dog's name is Rex."),
    ("Our car is a Subaru Outback.", "My car is a Subaru Outback."),
])
def test_our_pet_is_the_users(tmp_path, ours, mine):
    got, _ = _write(tmp_path / "a", [ours])
    want, _ = _write(tmp_path / "b", [mine])
    assert _active(want) and _active(got) == _active(want), (got, want)


@pytest.mark.parametrize(("text", "question", "name"), [
    ("我老婆叫小美，我们的猫叫咪咪。", "我的猫叫什么名字？", "咪咪"),
    ("我老婆叫小美，我们的猫叫咪咪。", "What's my cat called?", "咪咪"),
    ("My wife is Anna and our dog is called Pepper.", "我的狗叫什么？", "Pepper"),
])
def test_our_pet_is_recalled_as_mine(tmp_path, text, question, name):
    _write(tmp_path / "home", [text])
    with MemoryStore(tmp_path / "home", embedder="hashing") as store:
        out = create_read_graph(store).compile().invoke({"messages": [HumanMessage(question)]}, context=CTX)
    assert name in (out.get("memory_injection") or ""), out.get("memory_injection")


@pytest.mark.parametrize("text", ["我们的服务用Go写的", "Our CI runs on GitHub Actions"])
def test_our_project_stays_the_project(tmp_path, text):
    records, _ = _write(tmp_path / "home", [text])
    assert records and all(s == "project" for _, s, *_ in records), records


# M4: the same value of the same attribute said in the other language is a repeat
@pytest.mark.parametrize("turns", [
    ["我的狗叫 Biscuit", "My dog is called Biscuit"],
    ["My cat is called Mochi.", "我的猫叫Mochi。"],
    ["My sister's name is Lena.", "我姐姐叫Lena。"],
])
def test_a_name_said_in_the_other_language_is_a_repeat(tmp_path, turns):
    records, _ = _write(tmp_path / "home", turns)
    assert len(_active(records)) == 1, records


# M5: a change with no new value flags the current value, and stores nothing
@pytest.mark.parametrize(("turns", "predicate"), [
    (["I live in Boston.", "I moved."], "lives_in"),
    (["我住在上海，在腾讯上班。", "我搬家了。"], "lives_in"),
    (["I work at Google.", "I changed jobs."], "works_at"),
    (["我在腾讯上班。", "我换工作了。"], "works_at"),
    (["My laptop is a ThinkPad.", "I got a new laptop."], "attr:laptop"),
    (["我的手机是华为。", "我换了个新手机。"], "attr:手机"),
])
def test_a_change_without_the_new_value_flags_the_old_one(tmp_path, turns, predicate):
    before, _ = _write(tmp_path / "a", turns[:1])
    records, _ = _write(tmp_path / "b", turns)
    assert len(records) == len(before), records  # nothing new stored
    flagged = [(s, p, o) for status, s, p, o, flag in records if flag and status == "active"]
    assert [p for _, p, _ in flagged] == [predicate], records


def test_a_flagged_value_is_shown_as_needing_confirmation(tmp_path):
    _write(tmp_path / "home", ["I live in Boston.", "I moved."])
    with MemoryStore(tmp_path / "home", embedder="hashing") as store:
        out = create_read_graph(store).compile().invoke({"messages": [HumanMessage("Where do I live?")]}, context=CTX)
    injection = out.get("memory_injection") or ""
    assert "Boston" in injection and "the user said this changed since: confirm with the user" in injection, injection


@pytest.mark.parametrize("turns", [["I live in Boston.", "I moved to Denver."], ["我住在上海。", "我搬到杭州了。"]])
def test_a_move_with_its_value_is_no_flag(tmp_path, turns):
    records, _ = _write(tmp_path / "home", turns)
    assert not any(flag for *_, flag in records), records
