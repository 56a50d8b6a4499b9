"""The default fusion "zstandout" on constructed candidate scores (en + zh): the dense route counts as much as its
best match stands out from the candidates.

An embedder that finds nothing distinct (chatty turns, all about as close to the question) gives a flat, noisy
order; under "zlift" its full share still pushed that noise over the one memory holding the question's rare
words. Where dense's best clearly stands out, "zstandout" ranks as "zlift" did; so it does in a home of a few
memories (`tests/test_read_fusion_lift.py` runs its eight-candidate cases under both fusions).
"""

from __future__ import annotations

import numpy as np
import pytest

from langmem_nodes.read.recall import DEFAULT_FUSION, DENSE_STANDOUT, FUSIONS, LEXICAL_WEIGHTS, fuse

CEILING = 8.0  # Σ idf of the query's words

# text: (BM25 score, 0 = BM25 did not find it; cosine). The first memory answers the question.
_CHAT = {"en": ["Hey Mel! Good to see you!", "How have you been?", "Busy with the kids and work", "That sounds fun",
                "Thanks, you too!", "I'm so proud of you", "What's new with you?", "Wow, that's great",
                "Take care!", "See you soon", "Haha, same here", "Nice talking to you", "Totally agree",
                "Oh really?"],
         "zh": ["嘿！好久不见！", "最近怎么样？", "忙着带孩子和工作", "听起来很有意思", "谢谢，你也是！", "真为你骄傲",
                "你最近有什么新鲜事？", "哇，太好了", "保重！", "回头见", "哈哈，我也是", "跟你聊天真开心", "完全同意",
                "真的吗？"]}
# a home's pool: the product searches 40 candidates per route
FLAT = {  # "When did Caroline go to the support group?" / "小红什么时候去的互助小组？"
    "en": {"Caroline: I went to a support group yesterday": (3.0, 0.40), "Caroline: what a day": (1.0, 0.41),
           **{f"{t} ({n})": (0.0, 0.44 - 0.001 * i - 0.0003 * n) for n in (1, 2, 3) for i, t in enumerate(_CHAT["en"])}},
    "zh": {"小红：我昨天去了互助小组": (3.0, 0.80), "小红：今天真累": (1.0, 0.81),
           **{f"{t}（{n}）": (0.0, 0.84 - 0.001 * i - 0.0003 * n) for n in (1, 2, 3) for i, t in enumerate(_CHAT["zh"])}},
}
# dense's best stands out (z above DENSE_STANDOUT; z can reach at most (n − 1)/√n): it answers by meaning, sharing no word with the question
STANDOUT = {
    "en": {"I adopted a puppy last weekend, we named him Max!": (0.0, 0.70), "Caroline: the dog park": (3.0, 0.42),
           **{f"{t} ({n})": (0.0, 0.40 - 0.002 * i) for n in (1, 2, 3) for i, t in enumerate(_CHAT["en"])}},
    "zh": {"上周末我领养了一只小狗，取名豆豆！": (0.0, 0.92), "小红：狗狗公园": (3.0, 0.80),
           **{f"{t}（{n}）": (0.0, 0.78 - 0.002 * i) for n in (1, 2, 3) for i, t in enumerate(_CHAT["zh"])}},
}


def sims(memories: dict[str, tuple[float, float]], fusion: str) -> dict[str, float]:
    ids = list(memories)
    lex = {t: b for t, (b, _) in memories.items() if b > 0}
    cos = {t: c for t, (_, c) in memories.items()}
    return fuse(lex, cos, ids, fusion=fusion, lexical_weight=LEXICAL_WEIGHTS[fusion], lexical_ceiling=CEILING)


def ranked(memories: dict[str, tuple[float, float]], fusion: str) -> list[str]:
    sim = sims(memories, fusion)
    assert all(0.0 <= s <= 1.0 for s in sim.values())
    return sorted(sim, key=lambda t: (-sim[t], t))


def standout(memories: dict[str, tuple[float, float]]) -> float:
    v = np.array([c for _, c in memories.values()])
    return float((v.max() - v.mean()) / v.std())


def test_standout_is_the_default_fusion():
    assert DEFAULT_FUSION == "zstandout" and "zstandout" in FUSIONS and LEXICAL_WEIGHTS["zstandout"] == 0.35


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_word_match_beats_a_flat_dense_order(lang):
    memories = FLAT[lang]
    assert standout(memories) < DENSE_STANDOUT / 2
    answer = next(iter(memories))
    assert ranked(memories, "zstandout")[0] == answer
    assert ranked(memories, "zlift")[0] != answer  # what "zlift" did: dense's noise outranked it


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_standout_dense_match_ranks_as_under_zlift(lang):
    memories = STANDOUT[lang]
    assert standout(memories) >= DENSE_STANDOUT
    assert ranked(memories, "zstandout") == ranked(memories, "zlift")
    assert ranked(memories, "zstandout")[0] == next(iter(memories))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_without_words_the_dense_order_stays(lang):
    memories = {t: (0.0, c) for t, (_, c) in FLAT[lang].items()}
    assert ranked(memories, "zstandout") == sorted(memories, key=lambda t: -memories[t][1])
