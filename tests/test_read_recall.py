"""RecallNode: scoped BM25 + dense candidates, fused; no other user's memory ever appears."""

from __future__ import annotations

import pytest

from langmem_nodes.read import RecallNode
from langmem_nodes.read.query import QueryNode
from langmem_nodes.read.recall import fuse
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope, Status

ADA = MemoryContext(user_id="ada", project_id="shop")
BOB = MemoryContext(user_id="bob")


def add(store, text, user="ada", **kw):
    rec = MemoryRecord(text=text, scope=Scope(user_id=user, **kw.pop("scope", {})), **kw)
    store.commit(add=[rec])
    return rec


def recall(store, ctx, text, **kw):
    q = QueryNode().run({"messages": [("user", text)]}, ctx, None)["memory_query"]
    return RecallNode(store, **kw).run({"memory_query": q}, ctx, None)["memory_hits"]


@pytest.mark.parametrize("fusion", ["zscore", "evidence", "convex", "bm25", "dense", "rrf"])
def test_other_users_memories_never_recalled(store, fusion):
    mine = add(store, "Ada prefers green tea in the morning")
    add(store, "Bob prefers green tea in the morning", user="bob")
    add(store, "鲍勃喜欢喝绿茶", user="bob")
    ids = [h.record.id for h in recall(store, ADA, "green tea 绿茶", fusion=fusion)]
    assert ids == [mine.id]
    assert all(h.record.scope.user_id == "bob" for h in recall(store, BOB, "green tea 绿茶", fusion=fusion))


def test_project_memories_visible_in_project_only(store):
    proj = add(store, "The shop project deploys with helm", scope={"project_id": "shop", "level": "project"})
    assert [h.record.id for h in recall(store, ADA, "how do we deploy with helm")] == [proj.id]
    assert recall(store, MemoryContext(user_id="ada", project_id="other"), "deploy helm") == []


def test_best_match_first_with_breakdown_in_both_languages(store):
    tea = add(store, "User prefers green tea")
    add(store, "User lives in Berlin")
    zh = add(store, "用户在北京工作")
    add(store, "用户喜欢猫")
    hits = recall(store, ADA, "which tea do I like")
    assert hits[0].record.id == tea.id and 0 < hits[0].score <= 1.0
    assert {"sim", "bm25", "dense"} <= set(hits[0].breakdown)
    assert recall(store, ADA, "我在哪里工作？")[0].record.id == zh.id


def test_inactive_memories_not_recalled(store):
    rec = add(store, "User prefers vim")
    store.commit(update=[rec.model_copy(update={"status": Status.SUPERSEDED})])
    assert recall(store, ADA, "vim") == []


def test_fuse_convex_is_normalised():
    sim = fuse({"a": 4.0, "b": 2.0}, {"a": 0.2, "b": 0.6, "c": 0.4}, ["a", "b", "c"], fusion="convex",
               lexical_weight=0.5)
    assert sim == pytest.approx({"a": 0.5, "b": 0.75, "c": 0.25})
    assert fuse({"a": 1.0}, {"a": 0.3, "b": 0.9}, ["a", "b"], fusion="bm25", lexical_weight=0.5) == {"a": 1.0, "b": 0.0}


def test_fuse_evidence_scales_bm25_by_what_its_best_match_holds():
    lex, cos, ids = {"a": 4.0, "b": 2.0}, {"a": 0.2, "b": 0.6, "c": 0.4}, ["a", "b", "c"]
    convex = fuse(lex, cos, ids, fusion="convex", lexical_weight=0.5)
    assert fuse(lex, cos, ids, fusion="evidence", lexical_weight=0.5, lexical_ceiling=4.0) == pytest.approx(convex)
    weak = fuse(lex, cos, ids, fusion="evidence", lexical_weight=0.5, lexical_ceiling=16.0)  # c = sqrt(4/16)
    assert weak == pytest.approx({"a": 0.25, "b": 0.625, "c": 0.25})
    assert fuse(lex, cos, ids, fusion="evidence", lexical_weight=0.5, lexical_ceiling=None) == pytest.approx(
        {"a": 0.0, "b": 0.5, "c": 0.25})  # no ceiling: the words carry nothing


def test_fuse_zscore_standardises_both_routes_and_scales_bm25_by_its_evidence():
    ids = [f"m{i}" for i in range(20)]
    lex = {"m0": 6.0}  # one BM25 hit among 20 candidates, in the middle of the dense order
    cos = {**{i: 0.50 + 0.005 * k for k, i in enumerate(ids)}, "m0": 0.55}  # dense: near-ties, m19 the best
    full = fuse(lex, cos, ids, fusion="zscore", lexical_weight=0.35, lexical_ceiling=6.0)
    assert max(full.values()) == 1.0 and min(full.values()) == 0.0
    assert max(full, key=full.get) == "m0"  # a lone BM25 hit holding all the query's words stands out
    weak = fuse(lex, cos, ids, fusion="zscore", lexical_weight=0.35, lexical_ceiling=600.0)  # c = 0.1
    assert max(weak, key=weak.get) == "m19"  # one holding a small share of the query's idf does not
    assert fuse(lex, cos, ids, fusion="zscore", lexical_weight=0.35, lexical_ceiling=None) == pytest.approx(
        fuse({}, cos, ids, fusion="dense", lexical_weight=0.35))  # no ceiling: the dense order alone
    assert fuse({"a": 1.0}, {"a": 0.4}, ["a"], fusion="zscore", lexical_weight=0.35, lexical_ceiling=1.0) == {"a": 1.0}


def test_recall_node_default_is_zlift_with_its_own_weight(store):
    node = RecallNode(store)
    assert (node.fusion, node.lexical_weight) == ("zstandout", 0.35)
    assert RecallNode(store, fusion="evidence").lexical_weight == 0.3


def test_bm25_ceiling_is_the_idf_of_the_query_words_seen_or_not(store):
    import math

    add(store, "User prefers green tea")
    add(store, "User drinks coffee")
    part = ADA.visible_partitions()
    idf = {df: math.log(1 + (2 - df + 0.5) / (df + 0.5)) for df in (0, 1)}
    assert store.bm25.ceiling(part, "green tea") == pytest.approx(2 * idf[1])
    assert store.bm25.ceiling(part, "green matcha") == pytest.approx(idf[1] + idf[0])
    (top,) = [s for _, s in store.lexical_search(part, "green matcha", 5)]
    assert 0 < top < store.bm25.ceiling(part, "green matcha")


def test_a_query_the_embedder_cannot_read_ranks_bm25_hits_first_then_the_rest_never_relevant(tmp_path):
    from langmem_nodes.embeddings import HashingEmbedder
    from langmem_nodes.store import MemoryStore

    class CjkBlind(HashingEmbedder):
        reads_cjk = False

    with MemoryStore(tmp_path / "h", embedder=CjkBlind(dim=64)) as store:
        found = add(store, "用户住在杭州")
        others = [add(store, t) for t in ("用户养了两只猫", "User likes tea")]
        hits = recall(store, ADA, "杭州天气怎么样？")
        assert hits[0].record.id == found.id and hits[0].breakdown["relevant"] == 1.0
        assert {h.record.id for h in hits[1:]} == {r.id for r in others}
        assert all(h.breakdown["relevant"] == 0.0 and h.score < 0.01 for h in hits[1:])


@pytest.mark.parametrize("kw", [{"fusion": "max"}, {"lexical_weight": 1.5}, {"candidates": 0}])
def test_bad_settings_raise(store, kw):
    with pytest.raises(ValueError):
        RecallNode(store, **kw)
