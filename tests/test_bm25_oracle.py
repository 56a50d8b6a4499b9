"""rank-bm25 is the oracle of the hand-written BM25 index (`store/bm25.py`): on the same tokenized corpora
(en and zh), every score equals `BM25Okapi`'s with one deliberate difference, the idf. Ours is Lucene's
`ln(1 + (N − df + 0.5) / (df + 0.5))`, never negative; rank-bm25's Okapi idf `ln((N − df + 0.5) / (df + 0.5))`
turns negative for a term in more than half the documents and is then floored at ε · mean idf, which makes
a document's score depend on every other term of the corpus. Why the index is ours and not rank-bm25's
(incremental updates, per-partition statistics, scoring only documents that share a term): docs/figures.md,
"BM25: the hand-written index against rank-bm25"."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from rank_bm25 import BM25Okapi

from langmem_nodes.store.bm25 import K1, B, BM25Projection
from langmem_nodes.text import tokenize

DATA = json.loads((Path(__file__).resolve().parent.parent / "evals" / "data" / "abstain.json").read_text("utf-8"))


class LuceneIdfOkapi(BM25Okapi):
    """rank-bm25's Okapi BM25 with Lucene's non-negative idf (the only change), at our k1 and b."""

    def __init__(self, corpus, k1=K1, b=B):  # noqa: ANN001
        super().__init__(corpus, k1=k1, b=b)

    def _calc_idf(self, nd):  # noqa: ANN001, ANN202
        for word, freq in nd.items():
            self.idf[word] = math.log(1.0 + (self.corpus_size - freq + 0.5) / (freq + 0.5))


def _corpus(lang: str) -> tuple[dict[str, list[tuple[str, str]]], list[str]]:
    """Memories per user (a partition each) and every query of the users of one language."""
    users = [u for u in DATA["users"] if u["lang"] == lang]
    parts = {u["user"]: [(f'{u["user"]}/{m["id"]}', m["text"]) for m in u["memories"]] for u in users}
    queries = [q["text"] for u in users for q in u["queries"]] + [m["text"] for u in users for m in u["memories"]]
    return parts, queries  # the users' questions, then every memory's own text (shares all its terms)


def _ours(parts: dict[str, list[tuple[str, str]]]) -> BM25Projection:
    index = BM25Projection(loader=lambda partition: [(mid, text, "active") for mid, text in parts[partition]])
    return index


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_scores_equal_rank_bm25_on_the_same_corpus(lang):
    parts, queries = _corpus(lang)
    docs = [(mid, text) for rows in parts.values() for mid, text in rows]
    oracle = LuceneIdfOkapi([tokenize(text) for _, text in docs])
    index = _ours(parts)
    scored = 0
    for query in queries:
        ours = dict(index.search(list(parts), query, k=len(docs)))
        expected = oracle.get_scores(tokenize(query))
        for (mid, _), score in zip(docs, expected, strict=True):
            assert ours.get(mid, 0.0) == pytest.approx(score, rel=1e-9, abs=1e-12), (query, mid)
        scored += sum(1 for s in expected if s > 0)
    assert scored > len(docs) * 3  # hundreds of non-zero scores compared: the check is not vacuous


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_statistics_come_from_the_requested_partitions_only(lang):
    parts, queries = _corpus(lang)
    mine = next(iter(parts))
    oracle = LuceneIdfOkapi([tokenize(text) for _, text in parts[mine]])
    index = _ours(parts)
    for query in queries:
        ours = dict(index.search([mine], query, k=100))
        for (mid, _), score in zip(parts[mine], oracle.get_scores(tokenize(query)), strict=True):
            assert ours.get(mid, 0.0) == pytest.approx(score, rel=1e-9, abs=1e-12)


def test_plain_okapi_idf_differs_only_where_a_term_is_in_most_documents():
    docs = [tokenize(t) for t in ("User likes green tea", "User likes black tea", "User likes jazz")]
    plain, lucene = BM25Okapi(docs), LuceneIdfOkapi(docs)
    assert plain.idf["tea"] < 0 < lucene.idf["tea"]  # 'tea' is in 2 of 3 documents: Okapi's idf is negative
    assert plain.idf["green"] > 0 and lucene.idf["green"] > plain.idf["green"]
