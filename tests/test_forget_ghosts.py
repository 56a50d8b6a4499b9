"""Deletion fan-out end to end: 200 memories for 3 users, forget 50 (by id and by request), 0 ghosts.

Ghost checks: `verify_gone`, a direct query of each projection (Chroma ids and dense search, BM25
contains and lexical search, rendered cache), a byte search of every file under the memory home for the
forgotten texts (raw UTF-8 and JSON-escaped) and their vectors (on PostgreSQL also a search of every live
row of the store's tables); other users' records unchanged; tombstones present and content-free.
Runs on both canonical backends.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from langmem_nodes.governance import ForgetRequestNode, MemoryAdmin
from langmem_nodes.records import LedgerEntry, LedgerOp, MemoryContext, MemoryRecord, Scope
from langmem_nodes.store import MemoryStore

TOPICS_EN = ["kayak", "violin", "sourdough", "marathon", "origami"]
TOPICS_ZH = ["围棋", "书法", "太极", "京剧", "刺绣"]



@pytest.fixture
def store(backend_store):
    return backend_store

def _text(user: str, i: int) -> str:
    if i % 2:
        return f"{user} memory {i}: enjoys topic{i}x{user} on weekends"
    return f"{user}的第{i}条记忆：喜欢主题{i}号{user}"


def _byte_needles(store: MemoryStore, rec: MemoryRecord, vec: np.ndarray, kept_vecs: set[bytes]) -> list[bytes]:
    # the fake embedder's hashed bags can collide: a vector a kept memory also has is not a ghost
    return [rec.text.encode(), json.dumps(rec.text).encode()[1:-1]] + ([] if vec.tobytes() in kept_vecs else [vec.tobytes()])


def run_scenario(
    store: MemoryStore, backend=None, per_user: tuple[int, int, int] = (67, 67, 66), n_forget: int = 50, n_forget_by_request: int = 10
) -> dict[str, int]:
    rng = random.Random(5)
    users = ["ana", "bo", "chen"]
    recs: list[MemoryRecord] = []
    for u, n in zip(users, per_user, strict=True):
        for i in range(n):
            level = "session" if i % 5 == 0 else "user"
            recs.append(MemoryRecord(text=_text(u, i), scope=Scope(user_id=u, session_id="s1", level=level)))
    # topic memories the by-request forgets will target (part of the 200)
    for j, topic in enumerate(TOPICS_EN + TOPICS_ZH):
        recs[j * 6 + 1] = MemoryRecord(
            text=f"ana practises {topic} every week" if j < 5 else f"ana每周练习{topic}",
            scope=Scope(user_id="ana"),
        )
    assert len(recs) == sum(per_user) >= 60
    ledger = [LedgerEntry(op=LedgerOp.WRITE, memory_id=r.id, partition=r.scope.partition, payload={"text": r.text}) for r in recs]
    # another record's supersede entry quoting the text of a memory that will be forgotten
    ledger.append(LedgerEntry(op=LedgerOp.SUPERSEDE, memory_id=recs[3].id, supersedes=[recs[1].id],
                              reason=f"replaces {recs[1].text!r}", payload={"old": recs[1].text}))
    store.commit(add=recs, ledger=ledger)
    vecs = store.vectors([r.id for r in recs])
    store.rendered.put("summary:ana", " ".join(r.text for r in recs[:10]), [r.id for r in recs[:10]])

    by_request = [r for r in recs if r.scope.user_id == "ana" and any(t in r.text for t in TOPICS_EN + TOPICS_ZH)]
    by_request = by_request[:n_forget_by_request]
    pool = [r for r in recs if r not in by_request]
    by_id = rng.sample(pool, n_forget - len(by_request))
    forgotten = by_id + by_request
    forgotten_ids = {r.id for r in forgotten}
    kept_before = {r.id: store.get(r.id).model_dump(mode="json") for r in recs if r.id not in forgotten_ids}

    admin = MemoryAdmin(store)
    for r in by_id:
        report = admin.forget(r.id)
        assert all(v == "gone" for k, v in report["places"].items() if k != "ledger"), report
    node = ForgetRequestNode(store, k=3)
    ctx = MemoryContext(user_id="ana")
    for r in by_request:
        topic = next(t for t in TOPICS_EN + TOPICS_ZH if t in r.text)
        ask = node.run({"memory_forget_request": f"forget what I said about {topic}" if topic.isascii() else f"忘掉我说的那个{topic}的事"}, ctx, None)
        target = [c["id"] for c in ask["memory_forget_candidates"] if c["id"] == r.id]
        assert target, (topic, ask["memory_forget_candidates"])
        done = node.run({**ask, "memory_forget_confirm": target}, ctx, None)
        assert [x["id"] for x in done["memory_forgotten"]] == [r.id]

    ghosts = {"verify_gone": 0, "chroma": 0, "bm25": 0, "dense_hits": 0, "lexical_hits": 0, "rendered": 0, "files": 0,
              "ledger_text": 0, "tombstone_missing": 0, "others_changed": 0}
    for r in forgotten:
        part = r.scope.partition
        ghosts["verify_gone"] += not all(store.verify_gone(r.id).values())
        ghosts["chroma"] += r.id in store.chroma.ids(part)
        ghosts["bm25"] += store.bm25.contains(r.id, part)
        ghosts["rendered"] += store.rendered.contains(r.id, part)
        ghosts["dense_hits"] += r.id in {i for i, _ in store.dense_search([part], vecs[r.id], 200, statuses=["active", "superseded", "expired", "candidate", "archived"])}
        ghosts["lexical_hits"] += r.id in {i for i, _ in store.lexical_search([part], r.text, 200)}
        tomb = store.tombstone(r.id)
        ghosts["tombstone_missing"] += tomb is None or set(tomb) != {"memory_id", "partition", "ts", "actor"}
        hist = "".join(e.model_dump_json() for e in store.history(r.id))
        ghosts["ledger_text"] += r.text in hist or r.text in json.dumps(json.loads(hist.replace("}{", "},{").join("[]")) if hist else [])
    assert store.rendered.get("summary:ana") is None
    for mid, before in kept_before.items():
        ghosts["others_changed"] += store.get(mid).model_dump(mode="json") != before
    if store.database_url is not None:  # the live rows of every table, while the store is open
        assert backend is not None
        ghosts["postgres_rows"] = sum(bool(backend.holding(store, r.text)) for r in forgotten)
        assert all(backend.holding(store, r.text) for r in recs[:5] if r.id not in forgotten_ids)  # it sees kept ones
    store.close()
    files = [p for p in store.home.rglob("*") if p.is_file()]
    blob = b"\0".join(p.read_bytes() for p in files)
    kept_vecs = {vecs[r.id].tobytes() for r in recs if r.id not in forgotten_ids}
    for r in forgotten:
        ghosts["files"] += any(n in blob for n in _byte_needles(store, r, vecs[r.id], kept_vecs))
    kept_found = sum(r.text.encode() in blob for r in recs if r.id not in forgotten_ids)
    if store.database_url is None:  # on PostgreSQL the home holds no text (Chroma keeps ids and vectors only)
        assert kept_found == len(recs) - n_forget  # the byte search sees what is kept: it would see a ghost
    return ghosts


# "all" keeps every partition in Chroma, so its scrubbing is exercised too; "large" is the embedded default
@pytest.mark.slow
@pytest.mark.parametrize("mirror", ["all", "large"])
def test_200_memories_forget_50_zero_ghosts(tmp_path, fake_embedder, mirror):
    ghosts = run_scenario(MemoryStore(tmp_path / "home", embedder=fake_embedder, chroma_mirror=mirror))
    assert ghosts == dict.fromkeys(ghosts, 0)


@pytest.mark.parametrize("mirror", ["all", "large"])
def test_small_scenario_zero_ghosts(backend, tmp_path, fake_embedder, mirror):
    ghosts = run_scenario(backend.open(tmp_path / "home", embedder=fake_embedder, chroma_mirror=mirror), backend,
                          (20, 20, 20), n_forget=6, n_forget_by_request=2)
    assert ghosts == dict.fromkeys(ghosts, 0)


def test_forget_scrubs_other_records_ledger_quotes_and_chinese(store, backend):
    a, b = MemoryRecord(text="我对花生过敏", scope=Scope(user_id="u")), MemoryRecord(text="我对坚果过敏", scope=Scope(user_id="u"))
    store.commit(add=[a, b], ledger=[
        LedgerEntry(op=LedgerOp.WRITE, memory_id=a.id, payload={"text": a.text}),
        LedgerEntry(op=LedgerOp.SUPERSEDE, memory_id=b.id, supersedes=[a.id], reason=f"更正：{a.text}", payload={"old": a.text, "new": b.text}),
    ])
    store.forget(a.id)
    sup = [e for e in store.history(b.id) if e.op is LedgerOp.SUPERSEDE][0]
    assert a.text not in sup.model_dump_json() and sup.payload["new"] == b.text and "[forgotten]" in sup.reason
    store.forget(b.id)  # an entry scrubbed once is scrubbed again for the next forget
    assert b.text not in "".join(e.model_dump_json() for e in store.ledger())
    store.close()
    assert not backend.holding(store, a.text) and not backend.holding(store, b.text)


def test_forget_removes_earlier_edited_text_and_vector_files(store, backend):
    a = MemoryRecord(text="my locker code is 4471", scope=Scope(user_id="u"))
    store.commit(add=[a])
    MemoryAdmin(store).edit(a.id, "my locker is on floor 2")
    vec = store.vectors([a.id])[a.id]
    store.forget(a.id)
    assert not store.vectors([a.id])
    store.close()
    blob = b"".join(p.read_bytes() for p in store.home.rglob("*") if p.is_file())
    assert vec.tobytes() not in blob
    for needle in ("4471", "floor 2"):
        assert not backend.holding(store, needle), needle


def test_real_write_graph_ledger_leaves_no_trace(store, backend):
    """The write graph's own ledger shapes: a supersede entry filed under the OLD memory quotes the NEW
    one's text and object; forgetting the new memory must scrub both from it."""
    from langmem_nodes.graphs import create_write_graph

    graph = create_write_graph(store).compile()
    ctx = MemoryContext(user_id="ada", session_id="s1")
    for turn in ["I prefer tabs for indentation.", "Actually, I prefer spaces for indentation, not tabs.",
                 "我喜欢喝拿铁咖啡。", "I prefer spaces for indentation."]:
        graph.invoke({"messages": [("user", turn)]}, context=ctx)
    recs = {r.object: r for r in store.find(None, statuses=None)}
    new, old, latte = recs.get("spaces for indentation"), recs.get("tabs for indentation"), recs.get("拿铁咖啡")
    if new is None or old is None or latte is None:
        pytest.skip(f"the write graph extracted {sorted(recs)}; this test needs its tabs→spaces correction")
    assert old.superseded_by == new.id
    store.forget(new.id)
    ask = ForgetRequestNode(store).run({"memory_forget_request": "忘掉我说的那个拿铁的事"}, ctx, None)
    assert [c["id"] for c in ask["memory_forget_candidates"]] == [latte.id]
    ForgetRequestNode(store).run({**ask, "memory_forget_confirm": "是"}, ctx, None)
    sup = [e for e in store.history(old.id) if e.op is LedgerOp.SUPERSEDE]
    assert sup and "spaces" not in sup[0].model_dump_json()
    assert store.get(old.id).text == old.text  # the kept memory is untouched
    store.close()
    for gone in (new.text, new.object, latte.text, "拿铁"):
        assert not backend.holding(store, gone), gone
    assert backend.holding(store, old.text)
