"""A user's export holds what happened to their memories, never another user's words (rt6 L6): before, ada's export
of a shared project fact bob replaced carried bob's `supersede` entry whole — his new text, his scope, his turn id
and his decision trace. Now that entry is exported content-free (op, time, ids, partition), and ada's own
entries keep their details (en + zh)."""

from __future__ import annotations

import json

import pytest

from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import LedgerOp, MemoryContext
from langmem_nodes.write import create_write_graph

CASES = [("Remember that our project uses pnpm.", "Actually our project uses yarn now, not pnpm.", "pnpm", "yarn"),
         ("记住：我们项目用 pnpm。", "不对，我们项目现在用 yarn，不用 pnpm 了。", "pnpm", "yarn")]


@pytest.mark.parametrize(("said", "fix", "old", "new"), CASES)
def test_another_users_change_of_a_shared_fact_is_exported_without_their_words(store, said, fix, old, new) -> None:
    g = create_write_graph(store).compile()
    g.invoke({"messages": [("user", said)]}, context=MemoryContext(user_id="ada", project_id="p1", session_id="s1"))
    out = g.invoke({"messages": [("user", fix)]}, context=MemoryContext(user_id="bob", project_id="p1", session_id="b1"))
    (mine,) = out["memory_superseded"]
    bobs_turns = {t for e in store.ledger() if (e.payload.get("scope") or {}).get("user_id") == "bob"
                  for t in e.evidence_turn_ids}
    data = MemoryAdmin(store).export("ada")
    text = json.dumps(data, ensure_ascii=False)
    assert "bob" not in text and new not in text and not any(t in text for t in bobs_turns)
    replaced = [e for e in data["ledger"] if e["memory_id"] == mine and e["op"] == LedgerOp.SUPERSEDE.value]
    assert len(replaced) == 1 and replaced[0]["supersedes"] == [mine]  # what happened to her memory stays
    own = [e for e in data["ledger"] if e["op"] == LedgerOp.WRITE.value]
    assert own and all(e["payload"]["text"] and e["evidence_turn_ids"] for e in own)
    assert old in text
