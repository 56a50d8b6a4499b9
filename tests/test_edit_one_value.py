"""An edit that gives a memory a one-value attribute goes through conflict resolution like a write (rt6 H7):
before, editing "likes tea" into "User lives in Rome" left Paris and Rome both ACTIVE for `lives_in`. Now the
rival is superseded by the edited memory (pointers both ways, a `supersede` ledger entry), the store re-checks
the attribute inside the edit's transaction, and a read-only rival refuses the edit (en + zh)."""

from __future__ import annotations

import pytest

from langmem_nodes.facts import is_exclusive
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import LedgerOp, MemoryContext, MemoryRecord, Scope, Status
from langmem_nodes.store import KeyConflict
from langmem_nodes.write import create_write_graph

CASES = [("I live in Paris.", "I like tea.", "tea", "User lives in Rome", "Rome"),
         ("我住在巴黎。", "我喜欢喝茶。", "茶", "用户住在罗马", "罗马")]


def _two(store, place: str, taste: str, ctx: MemoryContext) -> tuple[MemoryRecord, MemoryRecord]:
    g = create_write_graph(store).compile()
    g.invoke({"messages": [("user", place)]}, context=ctx)
    g.invoke({"messages": [("user", taste)]}, context=ctx)
    active = store.find(None)
    home = next(r for r in active if r.predicate == "lives_in")
    other = next(r for r in active if r.predicate != "lives_in")
    return home, other


def _lives_in(store) -> list[MemoryRecord]:
    return [r for r in store.find(None) if r.predicate == "lives_in"]


@pytest.mark.parametrize(("place", "taste", "_word", "edit", "value"), CASES)
def test_an_edit_into_another_value_supersedes_the_rival(backend_store, place, taste, _word, edit, value) -> None:
    store = backend_store
    home, tea = _two(store, place, taste, MemoryContext(user_id="ada"))
    MemoryAdmin(store).edit(tea.id, edit)
    active = _lives_in(store)
    assert [(r.id, r.object) for r in active] == [(tea.id, value)]
    old = store.get(home.id)
    assert old.status is Status.SUPERSEDED and old.superseded_by == tea.id
    assert home.id in store.get(tea.id).supersedes
    entries = [e for e in store.history(home.id) if e.op is LedgerOp.SUPERSEDE]
    assert len(entries) == 1 and entries[0].actor == "user" and tea.id in entries[0].reason


def test_an_edit_into_the_same_value_leaves_one_active_record(store) -> None:
    home, tea = _two(store, "I live in Paris.", "I like tea.", MemoryContext(user_id="ada"))
    MemoryAdmin(store).edit(tea.id, "User lives in Paris")
    assert [r.id for r in _lives_in(store)] == [tea.id]
    assert store.get(home.id).status is Status.SUPERSEDED


def test_a_session_edit_supersedes_the_value_its_session_sees(store) -> None:
    g = create_write_graph(store).compile()
    g.invoke({"messages": [("user", "I live in Paris.")]}, context=MemoryContext(user_id="ada"))
    rec = MemoryRecord(text="User is debugging the login page", predicate="working_on", object="the login page",
                       scope=Scope(user_id="ada", session_id="s1", level="session"))
    store.commit(add=[rec])
    MemoryAdmin(store).edit(rec.id, "User lives in Rome")
    assert [(r.id, r.object) for r in _lives_in(store)] == [(rec.id, "Rome")]


def test_other_users_and_projects_are_untouched(store) -> None:
    g = create_write_graph(store).compile()
    g.invoke({"messages": [("user", "I live in Paris.")]}, context=MemoryContext(user_id="bob"))
    g.invoke({"messages": [("user", "I live in Oslo.")]}, context=MemoryContext(user_id="ada", project_id="p2",
                                                                                    session_id="s2"))
    _, tea = _two(store, "I live in Lima.", "I like tea.", MemoryContext(user_id="ada", project_id="p1"))
    MemoryAdmin(store).edit(tea.id, "User lives in Rome")
    held = sorted((r.scope.user_id, r.object) for r in _lives_in(store))
    assert held == [("ada", "Oslo"), ("ada", "Rome"), ("bob", "Paris")]  # Oslo: p2's session, out of p1's sight


def test_a_read_only_rival_refuses_the_edit(store) -> None:
    home, tea = _two(store, "I live in Paris.", "I like tea.", MemoryContext(user_id="ada"))
    store.commit(update=[home.model_copy(update={"read_only": True})], actor="user")
    before = store.get(tea.id).model_dump()
    with pytest.raises(ValueError, match=f"read-only.*{home.id}"):
        MemoryAdmin(store).edit(tea.id, "User lives in Rome")
    assert store.get(tea.id).model_dump() == before
    assert store.get(home.id).status is Status.ACTIVE


def test_the_store_rechecks_an_edited_attribute_in_its_transaction(store) -> None:
    home, tea = _two(store, "I live in Paris.", "I like tea.", MemoryContext(user_id="ada"))
    moved = tea.model_copy(update={"predicate": "lives_in", "object": "Rome", "text": "User lives in Rome"})
    with pytest.raises(KeyConflict):  # an edit that did not see Paris (another writer stored it meanwhile)
        store.commit(update=[moved], exclusive=is_exclusive, rekeyed=[tea.id], actor="user")
    assert store.get(tea.id).predicate != "lives_in" and store.get(home.id).status is Status.ACTIVE


def test_an_edit_into_another_notes_words_keeps_one_of_them(store) -> None:
    notes = [MemoryRecord(text=t, predicate="states", object=t, scope=Scope(user_id="ada")) for t in ("note one", "笔记二")]
    store.commit(add=notes)
    MemoryAdmin(store).edit(notes[0].id, "笔记二")  # the store keeps one active record per fact: no KeyConflict
    assert [r.id for r in store.find(None)] == [notes[0].id]
    assert store.get(notes[1].id).superseded_by == notes[0].id
