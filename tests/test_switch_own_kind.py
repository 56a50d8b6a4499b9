"""A switch to a value of a known kind ("最近改用 VS Code 了") replaces only a value of that kind, never the unrelated
preference said just before it (newcomer25 H2: it superseded "User likes coffee"), in either language and order;
a slip the user fixes ("不对，是 …") still corrects the last statement. Sentences written for this file."""

from __future__ import annotations

import pytest

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import MemoryContext
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import create_write_graph

CTX = MemoryContext(user_id="ivo", project_id="notes")


def _statuses(tmp_path, *said: str) -> dict[str, str]:
    """Each said message in one conversation (the earlier turns given as context); object → status."""
    store = MemoryStore(tmp_path / "home", embedder=HashingEmbedder())
    graph = create_write_graph(store).compile()
    history: list[tuple[str, str]] = []
    for text in said:
        history.append(("user", text))
        graph.invoke({"messages": list(history)}, context=CTX)
        history.append(("assistant", "Noted."))
    rows = MemoryAdmin(store).list({"user_id": "ivo", "project_id": "notes"}, all_statuses=True)
    store.close()
    return {r["object"]: r["status"] for r in rows}


@pytest.mark.parametrize(("tool", "liking", "switch", "new", "kept", "old"), [
    ("我写代码用 Vim。", "These days I mostly drink oolong tea.", "最近改用 Helix 了。", "Helix", "oolong tea", "Vim"),
    ("I write code in Emacs.", "我最近很爱喝美式咖啡。", "Switched to Zed recently.", "Zed", "美式咖啡", "Emacs"),
    ("My shell is bash.", "我平时喜欢听爵士乐。", "我已经换成 fish 了。", "fish", "爵士乐", "bash"),
    ("我用 zsh。", "I like long walks after dinner.", "I've moved to nushell now.", "nushell", "long walks", "zsh"),
    ("I code in PyCharm.", "我最近迷上了跑步。", "最近改用 WebStorm 了。", "WebStorm", "跑步", "PyCharm"),
    ("我用 bash。", "I really like jazz.", "I switched to zsh.", "zsh", "jazz", "bash"),
    ("我用 Vim 写代码。", "我喜欢吃火锅。", "最近改用 Cursor 了。", "Cursor", "火锅", "Vim"),
])
def test_a_switch_replaces_its_kind_not_the_preference_before_it(tmp_path, tool, liking, switch, new, kept, old):
    status = _statuses(tmp_path, tool, liking, switch)
    assert status.get(next(o for o in status if new in o)) == "active", status
    assert status[next(o for o in status if kept in o)] == "active", status
    assert status[next(o for o in status if o.strip() == old)] == "superseded", status


@pytest.mark.parametrize(("liking", "switch", "new", "kept"), [
    ("I love green tea.", "最近改用 Sublime Text 了。", "Sublime Text", "green tea"),
    ("我喜欢吃川菜。", "Switched to Neovim last week.", "Neovim", "川菜"),
])
def test_a_switch_with_nothing_of_its_kind_held_adds_its_value(tmp_path, liking, switch, new, kept):
    status = _statuses(tmp_path, liking, switch)
    assert any(new in o and s == "active" for o, s in status.items()), status
    assert status[next(o for o in status if kept in o)] == "active", status


def test_a_slip_fixed_still_corrects_the_last_statement(tmp_path):
    status = _statuses(tmp_path, "I use Atom for coding.", "Sorry, typo: I meant Vim.")
    assert status.get("Vim") == "active", status
