"""Editing a replaced memory (newcomer12 M3): before, `edit` rewrote the superseded record, which stayed superseded
and was never recalled ("User is allergic to peanuts" hidden as history of «User uses Helix»). Now it is refused,
naming the memory that holds the value, and nothing changes (API and CLI, en + zh)."""

from __future__ import annotations

import pytest

from langmem_nodes.cli import main
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import create_write_graph

CASES = [("I use Vim.", "Actually, I use Helix now, not Vim.", "Helix"), ("我用 Vim。", "不对，我现在用 Helix，不用 Vim 了。", "Helix")]


def _replaced(store: MemoryStore, first: str, second: str) -> tuple:
    g, ctx = create_write_graph(store).compile(), MemoryContext(user_id="ada")
    g.invoke({"messages": [("user", first)]}, context=ctx)
    g.invoke({"messages": [("user", second)]}, context=ctx)
    records = store.find(None, statuses=(Status.ACTIVE, Status.SUPERSEDED))
    old = next(r for r in records if r.status is Status.SUPERSEDED)
    held = next(r for r in records if r.status is Status.ACTIVE)
    return old, held


@pytest.mark.parametrize(("first", "second", "value"), CASES)
def test_editing_a_replaced_memory_names_the_one_that_holds_the_value(store, first, second, value) -> None:
    old, held = _replaced(store, first, second)
    assert value in held.object
    with pytest.raises(ValueError, match=f"kept as history: edit {held.id}"):
        MemoryAdmin(store).edit(old.id, "I am allergic to peanuts")
    assert store.get(old.id).model_dump() == old.model_dump()  # unchanged
    assert MemoryAdmin(store).edit(held.id, "I use Zed")["text"] == "I use Zed"  # the holder edits as before


@pytest.mark.parametrize(("first", "second", "value"), CASES)
def test_the_cli_says_so_without_a_traceback(tmp_path, capsys, first, second, value) -> None:
    home = tmp_path / "home"
    with MemoryStore(home, embedder="hashing") as store:
        old, held = _replaced(store, first, second)
    assert main(["--home", str(home), "--embedder", "hashing", "edit", old.id, "我对花生过敏"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and held.id in err and "Traceback" not in err
