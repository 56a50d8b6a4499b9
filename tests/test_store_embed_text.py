"""Two views of one memory: BM25 indexes `text`, the dense index embeds `metadata["embed_text"]` when set."""

from __future__ import annotations

import numpy as np
import pytest

from langmem_nodes.records import MemoryRecord, Scope
from langmem_nodes.store.memory_store import EMBED_TEXT_KEY, embed_text

PART = ["user/default/ada"]


def rec(text, **meta):
    return MemoryRecord(text=text, scope=Scope(user_id="ada"), metadata=meta)


def test_embed_text_falls_back_to_text():
    assert embed_text(rec("tea")) == "tea"
    assert embed_text(rec("tea", embed_text="  ")) == "tea"  # blank → the text
    assert embed_text(rec("tea", embed_text=3)) == "tea"  # not a string → the text
    assert embed_text(rec("tea", embed_text="coffee")) == "tea"  # not a part of the text → the text
    assert embed_text(rec("Q: tea? A: green", **{EMBED_TEXT_KEY: "A: green"})) == "A: green"


@pytest.mark.parametrize(("text", "alone", "lexical"), [
    ("Bob: which tea do you like? Ada: the green one from Kyoto", "Ada: the green one from Kyoto", "tea"),
    ("鲍勃：你喜欢什么茶？ 艾达：京都的绿茶", "艾达：京都的绿茶", "什么茶"),
])
def test_vector_from_embed_text_bm25_from_text(store, text, alone, lexical):
    r = rec(text, embed_text=alone)
    store.commit(add=[r])
    stored = store.vectors([r.id])[r.id]
    emb = store.embedder
    assert np.allclose(stored, emb.embed([alone])[0]) and not np.allclose(stored, emb.embed([text])[0])
    assert [i for i, _ in store.lexical_search(PART, lexical, 5)] == [r.id]  # the context words still match
    (hit, cos), = store.dense_search(PART, emb.embed([alone])[0], 5)
    assert hit == r.id and cos == pytest.approx(1.0, abs=1e-5)


def test_changing_only_embed_text_reembeds(store):
    (r,) = store.commit(add=[rec("Bob: red or blue? Ada: the blue one", embed_text="Ada: the blue one")])
    (r2,) = store.commit(update=[r.model_copy(update={"metadata": {"embed_text": "Bob: red or blue?"}})])
    assert np.allclose(store.vectors([r.id])[r.id], store.embedder.embed(["Bob: red or blue?"])[0])
    assert r2.version == r.version + 1


def test_an_edit_that_drops_the_embedded_part_reembeds_the_whole_text(store):
    (r,) = store.commit(add=[rec("Bob: tea? Ada: green tea", embed_text="Ada: green tea")])
    store.commit(update=[r.model_copy(update={"text": "Ada now drinks black coffee"})], actor="user")
    assert np.allclose(store.vectors([r.id])[r.id], store.embedder.embed(["Ada now drinks black coffee"])[0])


def test_locomo_loader_two_views():
    from pathlib import Path

    from evals.locomo import load_locomo

    tiny = Path(__file__).parent / "data" / "locomo_tiny.json"
    plain = load_locomo(tiny, context_turns=1)[0].memories
    views = load_locomo(tiny, context_turns=1, embed_turn_alone=True)[0].memories
    assert [m.text for m in views] == [m.text for m in plain]  # BM25 sees the same text with context
    assert "embed_text" not in views[0].metadata  # the first turn has no context: one view is enough
    assert views[1].metadata["embed_text"] == load_locomo(tiny)[0].memories[1].text  # the turn alone
    assert all("embed_text" not in m.metadata for m in load_locomo(tiny, embed_turn_alone=True)[0].memories)
    with pytest.raises(ValueError, match="must not be negative"):
        load_locomo(tiny, context_turns=-1)


@pytest.mark.parametrize(("context", "turn", "question"), [
    ("Bob: how was the trip to Kyoto?", "Ada: I loved the temples", "Ada: I loved the temples"),
    ("鲍勃：京都之行怎么样？", "艾达：我很喜欢那些寺庙", "艾达：我很喜欢那些寺庙"),
])
def test_recall_scores_the_dense_view_and_matches_the_context(store, context, turn, question):
    from langmem_nodes.read import QueryNode, RecallNode
    from langmem_nodes.records import MemoryContext

    two_views = rec(f"{context} {turn}", embed_text=turn)
    store.commit(add=[two_views, rec("Ada: the weather is cold")])
    ctx = MemoryContext(user_id="ada")

    def hits(text):
        q = QueryNode().run({"messages": [("user", text)]}, ctx, None)["memory_query"]
        return RecallNode(store).run({"memory_query": q}, ctx, None)["memory_hits"]

    top = hits(question)[0]
    assert top.record.id == two_views.id and top.breakdown["dense"] == pytest.approx(1.0, abs=1e-5)
    by_context = hits(context.split("：")[-1].split(": ")[-1])  # words only the context holds
    assert by_context[0].record.id == two_views.id and by_context[0].breakdown["bm25"] > 0


@pytest.mark.parametrize(("text", "alone"), [
    ("Bob: where do you live? Ada: I live in Lisbon", "Ada: I live in Lisbon"),
    ("鲍勃：你住哪里？ 艾达：我住在里斯本", "艾达：我住在里斯本"),
])
def test_forget_drops_the_dense_view_from_the_embedding_cache(store, text, alone):
    (m,) = store.commit(add=[MemoryRecord(text=text, scope=Scope(user_id="ada"), metadata={"embed_text": alone})])
    assert store.embedder.cached(alone)  # the view was embedded, so the cache holds it as a key
    store.forget(m.id, actor="user")
    assert not store.embedder.cached(alone) and not store.embedder.cached(text)
