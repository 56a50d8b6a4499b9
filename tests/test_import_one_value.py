"""An import never loads two ACTIVE values of one one-value attribute, nor two active copies of one fact, in a
partition (rt6 H9): before, a hand-edited export holding Paris and Rome as active `lives_in` of one user imported
both. Now the winner by the one precedence rule (`facts.winner`: authority, then the newer) stays active, the
other is imported superseded by it, and a `supersede` ledger entry says why (en + zh)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import LedgerOp, MemoryRecord, Scope, Status
from langmem_nodes.store import MemoryStore


def _export(tmp_path, fake_embedder, recs: list[MemoryRecord]) -> dict:
    with MemoryStore(tmp_path / "src", embedder=fake_embedder) as src:
        src.commit(add=recs)
        return MemoryAdmin(src).export("ada")


def _twin(rec: MemoryRecord, **change) -> dict:
    """A hand-edited copy of `rec` in the export: another id, later, with `change`."""
    return {**rec.model_dump(mode="json"), "id": f"mem_{'e' * 16}",
            "created_at": (rec.created_at + timedelta(minutes=5)).isoformat(), **change}


@pytest.mark.parametrize(("old", "new"), [("Paris", "Rome"), ("北京", "上海")])
def test_two_active_values_import_as_one(tmp_path, fake_embedder, old, new) -> None:
    first = MemoryRecord(text=f"User lives in {old}", predicate="lives_in", object=old, scope=Scope(user_id="ada"))
    data = _export(tmp_path, fake_embedder, [first])
    data["records"].append(_twin(first, text=f"User lives in {new}", object=new))
    with MemoryStore(tmp_path / "dst", embedder=fake_embedder) as dst:
        MemoryAdmin(dst).import_(data)
        active = [r for r in dst.find(None) if r.predicate == "lives_in"]
        assert [r.object for r in active] == [new]
        loser = dst.get(first.id)
        assert loser.status is Status.SUPERSEDED and loser.superseded_by == active[0].id
        assert first.id in active[0].supersedes
        assert [e.op for e in dst.history(first.id)].count(LedgerOp.SUPERSEDE) == 1


def test_two_active_copies_of_one_fact_import_as_one(tmp_path, fake_embedder) -> None:
    first = MemoryRecord(text="User likes tea", predicate="prefers", object="tea", scope=Scope(user_id="ada"))
    data = _export(tmp_path, fake_embedder, [first])
    data["records"].append(_twin(first))
    with MemoryStore(tmp_path / "dst", embedder=fake_embedder) as dst:
        MemoryAdmin(dst).import_(data)
        assert len([r for r in dst.find(None) if r.object == "tea"]) == 1


def test_values_in_different_partitions_or_holders_stay(tmp_path, fake_embedder) -> None:
    user = MemoryRecord(text="User lives in Paris", predicate="lives_in", object="Paris", scope=Scope(user_id="ada"))
    session = MemoryRecord(text="User lives in Rome", predicate="lives_in", object="Rome",
                           scope=Scope(user_id="ada", session_id="s1", level="session"))
    bob = MemoryRecord(text="User lives in Oslo", predicate="lives_in", object="Oslo", scope=Scope(user_id="bob"))
    with MemoryStore(tmp_path / "src", embedder=fake_embedder) as src:
        src.commit(add=[user, session, bob])
        data = MemoryAdmin(src).export_home()
    with MemoryStore(tmp_path / "dst", embedder=fake_embedder) as dst:
        MemoryAdmin(dst).import_(data)
        assert len([r for r in dst.find(None) if r.predicate == "lives_in"]) == 3
