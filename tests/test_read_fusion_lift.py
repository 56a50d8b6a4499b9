"""The "zlift" fusion on constructed candidate scores (en + zh): BM25 only lifts, it never pushes down.

Under "zscore" every memory BM25 did not find gets a negative BM25 z-score (0 is below the hits' mean), so
dense's clear best, which shares no word with the query, falls behind a weaker memory that shares a common
one ("name", "dog"; "名字", "狗"). "zlift" keeps BM25's above-average scores only: missing words are no
evidence against a memory, and a memory holding the query's rare words still rises above a dense near-tie.
"""

from __future__ import annotations

import pytest

from langmem_nodes.read.recall import FUSIONS, LEXICAL_WEIGHTS, fuse

CEILING = 8.0  # Σ idf of the query's words: a best BM25 score of 8 holds them all (evidence factor 1)

# text: (BM25 score, 0 = BM25 did not find it; cosine). The first memory answers the question by meaning.
DENSE_BEST = {
    "en": {
        "I adopted a puppy last weekend, we named him Max!": (0.0, 0.62),
        "The dog park was closed today": (3.4, 0.55),
        "What name would you give a cat?": (3.0, 0.50),
        "Caroline: what a lovely day": (2.4, 0.36),
        "Caroline said hi to everyone": (2.2, 0.40),
        "I baked bread this morning": (0.0, 0.30),
        "We watched a film on Friday": (0.0, 0.28),
        "The weather turned cold": (0.0, 0.25),
    },
    "zh": {
        "上周末我领养了一只小狗，给它取名叫豆豆！": (0.0, 0.87),
        "今天狗狗公园关门了": (3.4, 0.84),
        "你会给猫取什么名字？": (3.0, 0.83),
        "小红：今天天气真好": (2.4, 0.79),
        "小红跟大家打了招呼": (2.2, 0.80),
        "我今天早上烤了面包": (0.0, 0.76),
        "我们周五看了一部电影": (0.0, 0.75),
        "天气变冷了": (0.0, 0.74),
    },
}

_FILL = {"en": ["We baked bread", "A film on Friday", "The weather turned cold", "My sister visits",
                "Work was busy", "A long walk", "New shoes", "Rain again"],
         "zh": ["我们烤了面包", "周五看了电影", "天气变冷了", "我姐姐要来", "工作很忙", "散了很久的步", "买了新鞋", "又下雨了"]}
# The first memory holds the query's rare words (its BM25 score reaches the ceiling); dense barely prefers another.
WORDS_BEST = {
    "en": {"Caroline's dog is called Max": (8.0, 0.50), "I adopted a puppy": (0.0, 0.53),
           "The dog park": (2.0, 0.51), "Caroline likes tea": (1.5, 0.49),
           **{t: (0.0, 0.45 - 0.01 * i) for i, t in enumerate(_FILL["en"])}},
    "zh": {"小红的狗叫豆豆": (8.0, 0.80), "我领养了一只小狗": (0.0, 0.83), "狗狗公园": (2.0, 0.81),
           "小红喜欢喝茶": (1.5, 0.79), **{t: (0.0, 0.75 - 0.01 * i) for i, t in enumerate(_FILL["zh"])}},
}


def ranked(memories: dict[str, tuple[float, float]], fusion: str) -> list[str]:
    ids = list(memories)
    lex = {t: b for t, (b, _) in memories.items() if b > 0}
    cos = {t: c for t, (_, c) in memories.items()}
    sim = fuse(lex, cos, ids, fusion=fusion, lexical_weight=LEXICAL_WEIGHTS[fusion], lexical_ceiling=CEILING)
    assert all(0.0 <= s <= 1.0 for s in sim.values())
    return sorted(ids, key=lambda t: (-sim[t], t))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("fusion", ["zlift", "zstandout"])
def test_dense_best_without_query_words_stays_first(lang, fusion):
    memories = DENSE_BEST[lang]
    best = next(iter(memories))
    assert ranked(memories, fusion)[0] == best
    assert ranked(memories, "zscore")[0] != best  # what "zscore" did: a shared common word outranked it


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("fusion", ["zlift", "zstandout"])
def test_memory_holding_the_rare_words_still_rises(lang, fusion):
    memories = WORDS_BEST[lang]
    assert ranked(memories, fusion)[0] == next(iter(memories))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("fusion", ["zlift", "zstandout"])
def test_memories_bm25_did_not_find_keep_the_dense_order(lang, fusion):
    memories = DENSE_BEST[lang]
    order = [t for t in ranked(memories, fusion) if memories[t][0] == 0]
    assert order == sorted(order, key=lambda t: -memories[t][1])


def test_zlift_is_a_recall_fusion():
    assert "zlift" in FUSIONS and LEXICAL_WEIGHTS["zlift"] == 0.35
