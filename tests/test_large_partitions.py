"""Dense search when one visible partition is past the exact/Chroma threshold (issue 18, finding 8): each
partition is answered by the index that holds it, so a small partition's memories are still recalled while a
larger visible one is Chroma-backed. The threshold is lowered by `exact_max_partition` to keep this fast."""

from __future__ import annotations

import pytest

from langmem_nodes.records import Level, MemoryContext, MemoryRecord, Scope, Status
from langmem_nodes.store import MemoryStore

THRESHOLD = 40
OWN = [("User prefers green tea over coffee", "用户喜欢绿茶胜过咖啡"),
       ("User deploys with ArgoCD on Fridays", "用户每周五用ArgoCD部署"),
       ("User lives in Lisbon near the river", "用户住在里斯本河边"),
       ("User plays badminton on weekends", "用户周末打羽毛球"),
       ("User writes code in Neovim", "用户用Neovim写代码")]
QUERIES = [("green tea or coffee", "绿茶还是咖啡"), ("deploys ArgoCD", "ArgoCD部署"), ("lives Lisbon river", "住在里斯本"),
           ("badminton weekends", "周末羽毛球"), ("code Neovim", "Neovim写代码")]


def _home(tmp_path, fake_embedder, lang: int, **kw) -> tuple[MemoryStore, MemoryContext, list[MemoryRecord]]:
    store = MemoryStore(tmp_path / "home", embedder=fake_embedder, exact_max_partition=THRESHOLD, **kw)
    ctx = MemoryContext(user_id="ada", project_id="shop")
    project = Scope(project_id="shop", level=Level.PROJECT)
    filler = [MemoryRecord(text=f"Project note {i}: the build cache lives in bucket b{i}" if lang == 0
                           else f"项目备注{i}：构建缓存在存储桶b{i}里", scope=project) for i in range(THRESHOLD + 20)]
    own = [MemoryRecord(text=pair[lang], scope=Scope(user_id="ada", project_id="shop")) for pair in OWN]
    store.commit(add=filler)
    store.commit(add=own)
    return store, ctx, own


@pytest.mark.parametrize("lang", [0, 1], ids=["en", "zh"])
def test_small_partition_is_recalled_while_another_visible_partition_is_chroma_backed(tmp_path, fake_embedder, lang):
    store, ctx, own = _home(tmp_path, fake_embedder, lang)
    parts = ctx.visible_partitions()
    project_part = Scope(project_id="shop", level=Level.PROJECT).partition
    assert store.dense.owner(project_part) == "chroma" and store.dense.owner(own[0].scope.partition) == "exact"
    assert store.chroma.ids(project_part)  # the large partition really is in Chroma
    for rec, q in zip(own, QUERIES, strict=True):
        hits = [i for i, _ in store.dense_search(parts, fake_embedder.embed_query(q[lang]), 5)]
        assert rec.id in hits, (q[lang], hits)
    # the project's own memories are still answered (from Chroma)
    hit = store.dense_search([project_part], fake_embedder.embed_query("Project note 7 bucket b7" if lang == 0
                                                                       else "项目备注7 存储桶b7"), 3)
    assert hit and store.get(hit[0][0]).scope.partition == project_part
    store.close()


def test_dedup_and_status_filters_follow_the_same_routing(tmp_path, fake_embedder):
    store, ctx, own = _home(tmp_path, fake_embedder, 0)
    store.commit(update=[store.get(own[0].id).model_copy(update={"status": Status.SUPERSEDED})])
    vec = fake_embedder.embed_query("green tea or coffee")
    parts = ctx.visible_partitions()
    assert own[0].id not in [i for i, _ in store.dense_search(parts, vec, 5)]
    assert own[0].id in [i for i, _ in store.dense_search(parts, vec, 5, statuses=["active", "superseded"])]
    store.close()


def test_exact_max_partition_is_validated(tmp_path, fake_embedder):
    with pytest.raises(ValueError, match="exact_max_partition"):
        MemoryStore(tmp_path / "h", embedder=fake_embedder, exact_max_partition=0)


def test_a_write_to_a_mirrored_partition_sends_only_its_batch_to_chroma(tmp_path, fake_embedder, monkeypatch):
    """Before: SQLite counts the new batch before Chroma does, so every commit looked like a lag and
    re-sent the whole partition (~5 s per write at 1,000 rows)."""
    store, _ctx, own = _home(tmp_path, fake_embedder, 0)
    project = Scope(project_id="shop", level=Level.PROJECT)
    backfills = []
    real = store.chroma._add
    monkeypatch.setattr(store.chroma, "_add", lambda part, ids, *a: (backfills.append(len(ids)), real(part, ids, *a))[1])
    new = MemoryRecord(text="Project note: the release train leaves on Tuesdays", scope=project)
    store.commit(add=[new])
    assert backfills == []
    assert new.id in store.chroma.ids(project.partition)
    assert len(store.chroma.ids(project.partition)) == store.partition_size(project.partition)
    store.close()


def test_large_partition_eval_runs_and_reports_both_indexes(capsys):
    from evals import large_partition

    assert large_partition.main(["--sizes", "60", "--embedder", "hashing", "--ef", "100", "--json"]) == 0
    out = capsys.readouterr().out
    import json

    result = json.loads(out.strip().splitlines()[-1])
    size = result["sizes"]["60"]
    assert 0 <= size["exact"]["target_recall@5"] <= 1
    for label in ("chroma_default", "chroma_tuned"):
        runs = [v for k, v in size[label].items() if k.startswith("ef_search_")]
        assert runs and all(0 <= r["ann_recall@5"] <= 1 for r in runs)
    assert "| 60 | exact |" in out
