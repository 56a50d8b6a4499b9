"""Large partitions are answered with exact recall (issue 18, finding 8): a partition past the old 5,000
Chroma threshold is searched exactly in process by default, a Chroma-routed one (forced small threshold)
returns the exact top 5, the in-process index stays exact through writes and forgets, and a forget in a
partition Chroma does not mirror does not read the whole partition for a compaction."""

from __future__ import annotations

import numpy as np
import pytest

from langmem_nodes.records import MemoryRecord, Scope, Status
from langmem_nodes.store import MemoryStore
from langmem_nodes.store.dense import scan
from langmem_nodes.store.exact import MAX_PARTITION, ExactDense

STATUSES = ["active", "superseded", "candidate"]


def _unit(rng: np.random.Generator, n: int, dim: int) -> np.ndarray:
    v = rng.standard_normal((n, dim)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def _reference(rows, q, k, statuses):
    """Exact top k by (-cosine, id): what every exact answer must equal."""
    hits = [(mid, float(np.float32(v @ q))) for mid, st, v in rows if st in statuses]
    return sorted(hits, key=lambda h: (-h[1], h[0]))[:k]


def test_a_partition_past_the_old_chroma_threshold_is_searched_exactly_by_default():
    """Before: ExactDense held at most 5,000 rows, so this partition went to Chroma's HNSW, which missed
    isolated memories among near-duplicates (recall@5 0.20 against exact 0.70 at 100k, evals/report.md)."""
    rng = np.random.default_rng(0)
    centres = _unit(rng, 30, 64)
    near_dupes = centres[rng.integers(0, 30, 6000)] + 0.05 * _unit(rng, 6000, 64)  # templated look-alikes
    vecs = np.vstack([near_dupes / np.linalg.norm(near_dupes, axis=1, keepdims=True), _unit(rng, 20, 64)])
    rows = [(f"m{i:05d}", "active", v) for i, v in enumerate(vecs)]
    ex = ExactDense(lambda part: rows)
    assert ex.max_partition == MAX_PARTITION >= 100_000 and ex.holds("big")
    for q in [*_unit(rng, 20, 64), *vecs[-20:] + 0.3 * _unit(rng, 20, 64)]:
        q = q / np.linalg.norm(q)
        assert [i for i, _ in ex.search_partition("big", q, 5)] == [i for i, _ in scan(rows, q, 5, ["active"])]


def test_default_store_routes_large_partitions_to_the_exact_index(tmp_path, fake_embedder):
    store = MemoryStore(tmp_path / "home", embedder=fake_embedder)
    assert store.exact.max_partition == store.chroma.min_rows == MAX_PARTITION  # one setting: exact up to it
    store.close()


def test_the_exact_index_stays_exact_through_appends_updates_and_removals():
    rng = np.random.default_rng(1)
    canon = {f"m{i:04d}": (f"m{i:04d}", STATUSES[i % 3], v) for i, v in enumerate(_unit(rng, 300, 16))}
    ex = ExactDense(lambda part: list(canon.values()), max_partition=10_000)
    ex.warm("p")
    for step in range(150):
        q = _unit(rng, 1, 16)[0]
        for sts in (["active"], ["active", "superseded"]):
            got, want = ex.search_partition("p", q, 5, sts), _reference(canon.values(), q, 5, sts)
            assert [i for i, _ in got] == [i for i, _ in want]
            assert [s for _, s in got] == pytest.approx([s for _, s in want], abs=1e-5)
        op = step % 3
        if op == 0:
            new = [(f"n{step}_{j}", STATUSES[j % 3], v) for j, v in enumerate(_unit(rng, int(rng.integers(1, 40)), 16))]
            canon.update({r[0]: r for r in new})
            ex._parts["p"].put_many(new)
        elif op == 1:
            gone = sorted(canon)[int(rng.integers(len(canon)))]
            del canon[gone]
            ex._parts["p"].remove(gone)
        else:
            mid = sorted(canon)[int(rng.integers(len(canon)))]
            canon[mid] = (mid, "active", _unit(rng, 1, 16)[0])
            ex._parts["p"].put_many([canon[mid]])
    part = ex._parts["p"]
    assert part.n == len(canon) and sorted(part.ids) == sorted(canon)
    assert not part.mat[part.n:].any()  # a removed row's vector is zeroed, not left in the spare rows


@pytest.mark.parametrize("lang", [0, 1], ids=["en", "zh"])
def test_a_partition_first_searched_empty_takes_writes(tmp_path, fake_embedder, lang):
    """Before the fix: the first write after an empty partition was searched failed in the exact index."""
    store = MemoryStore(tmp_path / "home", embedder=fake_embedder)
    scope = Scope(user_id="ada")
    assert store.dense_search([scope.partition], fake_embedder.embed_query("tea"), 5) == []
    rec = MemoryRecord(text=TEXTS[0][lang], scope=scope)
    store.commit(add=[rec])
    assert store.pending_intents() == [] and store.exact.contains(rec.id, scope.partition)
    hits = store.dense_search([scope.partition], fake_embedder.embed_query(QUERIES[0][lang]), 5)
    assert [i for i, _ in hits] == [rec.id]
    store.close()


def test_ties_at_the_kth_score_are_broken_by_id():
    rows = [(f"m{i:05d}", "active", np.array([0.0, 1.0], np.float32)) for i in range(5000)]
    rows.append(("z-best", "active", np.array([1.0, 0.0], np.float32)))
    ex = ExactDense(lambda part: rows)
    hits = ex.search_partition("p", np.array([1.0, 0.0], np.float32), 4)
    assert hits == [("z-best", 1.0), ("m00000", 0.0), ("m00001", 0.0), ("m00002", 0.0)]


TEXTS = [("User prefers green tea over coffee", "用户喜欢绿茶胜过咖啡"),
         ("User deploys with ArgoCD on Fridays", "用户每周五用ArgoCD部署"),
         ("User lives in Lisbon near the river", "用户住在里斯本河边"),
         ("User plays badminton on weekends", "用户周末打羽毛球"),
         ("User writes code in Neovim", "用户用Neovim写代码")]
QUERIES = [("green tea", "绿茶"), ("ArgoCD deploy", "ArgoCD部署"), ("Lisbon river", "里斯本"),
           ("badminton", "羽毛球"), ("Neovim", "Neovim写代码"), ("coffee", "咖啡")]


@pytest.mark.parametrize("lang", [0, 1], ids=["en", "zh"])
def test_a_chroma_routed_partition_returns_the_exact_top5(tmp_path, fake_embedder, lang):
    """Threshold forced to 50 with 200 memories (a third superseded, so the status over-fetch is used)."""
    store = MemoryStore(tmp_path / "home", embedder=fake_embedder, exact_max_partition=50)
    scope = Scope(user_id="ada")
    recs = [MemoryRecord(text=f"{TEXTS[i % 5][lang]} #{i}", scope=scope,
                         status=Status.SUPERSEDED if i % 3 == 0 else Status.ACTIVE) for i in range(200)]
    store.commit(add=recs)
    assert store.dense.owner(scope.partition) == "chroma"
    rows = [(r.id, r.status.value, v) for r, v in zip(recs, fake_embedder.embed([r.text for r in recs]), strict=True)]
    for q in QUERIES:
        vec = fake_embedder.embed_query(q[lang])
        for sts in (["active"], ["active", "superseded"]):
            got = store.dense_search([scope.partition], vec, 5, statuses=sts)
            want = scan(rows, vec, 5, sts)
            cut = want[-1][1] - 1e-5  # ids strictly above the 5th score are the same; ties may differ
            assert {i for i, s in got if s > cut + 2e-5} == {i for i, s in want if s > cut + 2e-5}
            assert [s for _, s in got] == pytest.approx([s for _, s in want], abs=1e-4)
    store.close()


def test_a_forget_in_an_unmirrored_partition_compacts_nothing_and_leaves_no_copy(tmp_path, fake_embedder, monkeypatch):
    """Before: every forget rebuilt the Chroma side of its partition from all its records (seconds at 20k,
    minutes at 100k once Chroma-routed), even when Chroma held nothing of it."""
    store = MemoryStore(tmp_path / "home", embedder=fake_embedder, exact_max_partition=50)
    small, big = Scope(user_id="ada"), Scope(user_id="bob")
    mine = [MemoryRecord(text=f"{TEXTS[i % 5][i % 2]} #{i}", scope=small) for i in range(20)]
    theirs = [MemoryRecord(text=f"{TEXTS[i % 5][i % 2]} #{i}", scope=big) for i in range(60)]
    store.commit(add=mine + theirs)
    rebuilt = []
    real = store.chroma._replace
    monkeypatch.setattr(store.chroma, "_replace", lambda part, *a: (rebuilt.append(part), real(part, *a))[1])
    store.forget(mine[3].id)
    assert rebuilt == [] and all(store.verify_gone(mine[3].id).values())
    assert mine[3].id not in [i for i, _ in store.dense_search([small.partition], fake_embedder.embed_query(mine[3].text), 5)]
    store.forget(theirs[7].id)  # a mirrored partition is still compacted (its vector leaves Chroma's files)
    assert rebuilt == [big.partition] and all(store.verify_gone(theirs[7].id).values())
    store.close()
