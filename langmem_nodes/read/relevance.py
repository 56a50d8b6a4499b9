"""Absolute relevance evidence: may a recalled memory be injected at all, whatever its rank?

The fused similarity is relative (BM25 over its best, cosine min-max scaled over the candidates), so the
best candidate always looks relevant. The selector needs evidence that does not depend on the other
candidates:

- **dense**: the cosine after removing what every query shares with every memory. Embedders put all texts
  in a narrow cone (multilingual-e5's cosines of related and unrelated pairs sit in one narrow band), and
  short or generic texts are close to everything. So the query is centred by the mean vector of a fixed set
  of generic queries and the memory by the mean of a fixed set of generic memories (both zh + en, below):
  `evidence = (q − q̄)·(m − m̄)`. It costs one extra dot product per candidate (the means are embedded once
  per embedder, ~100 short texts).
- **lexical**: the share of the query's content terms (English words, Chinese character bigrams) that the
  memory contains; English words by `suffix_stem`, the stemmer its floor was calibrated with (BM25's
  `english_stem` folds more forms: "write" would meet "writing" and count as evidence alone).

A memory is *relevant* when its dense evidence clears the embedder's floor and half the best candidate's
(`RELATIVE_EVIDENCE`; only when the embedder can read the query's language) or its lexical evidence clears
`lexical_floor`. The floor depends on what the query needs (`query_need.py`): a personal request ("what
should I cook tonight?") needs less evidence than a general one, and an impersonal one (trivia, a
definition, a translation, arithmetic, a greeting: "the history of the beagle breed"; or a knowledge question
by meaning, `knowledge.py`) gets nothing, whatever its topic shares with a memory. Floors per shipped embedder were chosen on the dev/tune users of
`evals/data/abstain*.json` and scored on their held-out users (docs/figures.md).

Example:
    >>> sorted(content_terms("Where do I deploy the shop project?"))
    ['deploy', 'project', 'shop']
    >>> sorted(content_terms("部署命令")), lexical_evidence(content_terms("部署命令"), "部署改用 bash deploy.sh")
    (['命令', '署命', '部署'], 0.3333333333333333)
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Collection, Mapping

import numpy as np

from ..embeddings import Embedder
from ..english_stem import suffix_stem
from ..text import tokenize
from .query import lexical_form
from .query_need import Need, query_need, speaks_of_user

#: A dense floor: a number, {"personal": x, "general": y}, or either per language {"en": .., "zh": ..}.
Floor = float | Mapping[str, float] | Mapping[str, float | Mapping[str, float]]

#: Generic memories and queries (none about a particular user), zh + en: the "typical text" removed from
#: each vector. Fixed product constants: changing them moves every dense floor below.
ANCHOR_MEMORIES = (
    "User likes hiking in the mountains", "User's favourite colour is blue", "User works as an accountant",
    "User has a brother who lives abroad", "User prefers coffee in the morning", "User is learning to swim",
    "The project uses Docker for local services", "The team holds stand-up meetings at 10 am",
    "User's laptop is a MacBook", "User watches football on weekends", "User is afraid of flying",
    "User enjoys baking bread", "The repository uses GitHub Actions for CI", "User wants to visit Canada",
    "User's birthday is in November", "User plays video games at night", "User drives to work",
    "User is reading a book about history", "User prefers dark mode in editors", "User has a garden",
    "User recently bought new headphones", "User's office is on the third floor", "User likes spicy food",
    "User is moving house next year", "The service runs on Kubernetes",
    "用户喜欢爬山", "用户最喜欢的颜色是蓝色", "用户是一名会计", "用户有一个住在国外的哥哥", "用户早上喜欢喝咖啡",
    "用户在学游泳", "项目用 Docker 运行本地服务", "团队每天上午十点开站会", "用户的电脑是 MacBook",
    "用户周末看足球", "用户害怕坐飞机", "用户喜欢烤面包", "仓库用 GitHub Actions 做持续集成", "用户想去加拿大旅游",
    "用户的生日在十一月", "用户晚上玩电子游戏", "用户开车上班", "用户在读一本历史书", "用户在编辑器里用深色主题",
    "用户家里有个花园", "用户最近买了新耳机", "用户的办公室在三楼", "用户喜欢吃辣", "用户明年要搬家",
    "服务部署在 Kubernetes 上",
)
ANCHOR_QUERIES = (
    "How do I cook rice without a rice cooker?", "What's a good name for a goldfish?",
    "Can you explain how vaccines work?", "Write an email asking my landlord to fix the heater",
    "What is the difference between a virus and bacteria?", "How do I center a div in CSS?",
    "Why does my bread not rise?", "Give me a workout I can do at home", "What should I see in Rome in two days?",
    "How do interest rates affect inflation?", "Fix this SQL query", "Explain recursion to a child",
    "What are the rules of basketball?", "How long should I steep green tea?",
    "Tell me about the history of the Roman Empire", "How do I change a flat tire?", "What is machine learning?",
    "Recommend a podcast about science", "How can I improve my handwriting?", "What does this error message mean?",
    "Plan a birthday party for a ten-year-old", "How do plants absorb water?",
    "Which programming language should I learn first?", "How do I get rid of ants in the kitchen?",
    "What time zone is Brazil in?",
    "怎么不用电饭煲煮米饭？", "金鱼取什么名字好？", "疫苗是怎么起作用的？", "帮我写封邮件让房东修暖气", "病毒和细菌有什么区别？",
    "CSS 里怎么让一个 div 居中？", "面包为什么发不起来？", "推荐一套在家能做的锻炼", "罗马两天玩什么？", "利率怎么影响通货膨胀？",
    "帮我改一下这个 SQL 查询", "怎么给小孩解释递归？", "篮球有哪些规则？", "绿茶要泡多久？", "讲讲罗马帝国的历史",
    "怎么换爆了的轮胎？", "什么是机器学习？", "推荐一个科普播客", "怎么把字练好看？", "这个报错是什么意思？",
    "给十岁孩子办生日会怎么安排？", "植物是怎么吸水的？", "第一门编程语言学什么好？", "厨房里的蚂蚁怎么除掉？", "巴西是哪个时区？",
)

#: Dense evidence floor per embedder name (chosen on the abstain sets' dev and tune users). An embedder not
#: listed has no calibrated floor: its dense evidence always counts (no abstention from the dense route but
#: for impersonal queries) — the test-only HashingEmbedder included, whose vectors carry no meaning to calibrate.
#: A floor may differ by the query's language ({"en": .., "zh": ..}: e5's centred cosines run higher in
#: English) and, within a language, by what the query needs ({"personal": .., "general": ..}, see
#: `query_need`): "What should I cook for my dad?" needs less evidence than "How does the bundler proxy API calls?".
#: English "implied" (an order without a subject, `own_task.py`): tune users' orders whose memory counted by meaning
#: reach 0.23–0.30 and unrelated ones at most 0.218 ("write a regex …", a self-contained task anyway), fp32 queries.
#: minilm+e5's English floors were re-chosen for its int8 queries with `python -m evals abstain_floors_exact`.
DENSE_FLOORS: dict[str, Floor] = {
    "minilm": {"personal": 0.22, "general": 0.33}, "minilm-int8": {"personal": 0.22, "general": 0.33},
    "e5": {"en": {"personal": 0.03, "general": 0.06}, "zh": {"personal": 0.015, "general": 0.045}},
    "minilm+e5": {"en": {"personal": 0.215, "implied": 0.22, "general": 0.32},
                  "zh": {"personal": 0.015, "implied": 0.03, "general": 0.045}},
}
LEXICAL_FLOOR = 0.3
#: A memory relevant by meaning also has at least this share of the best candidate's dense evidence: the
#: floors are low for personal requests, and this keeps the memories far below the best one out.
RELATIVE_EVIDENCE = 0.5


def dense_floor_for(floor: Floor | None, lang: str, need: Need | bool = "general") -> float | None:
    """The floor for a query in `lang` ("en" / "zh"; a mapping without it falls back to "en") that needs
    `need` ("personal" / "implied" / "general"; True / False mean personal / general): a number, a per-language
    mapping, a {"personal", "general"} pair (optionally with "implied", else an implied query gets "general"),
    or both. An impersonal query has no floor of its own (see `relevant`)."""
    key = "personal" if need is True or need == "personal" else "implied" if need == "implied" else "general"
    if isinstance(floor, Mapping) and ("en" in floor or "zh" in floor):
        floor = floor.get(lang, floor.get("en"))
    if isinstance(floor, Mapping):
        floor = floor.get(key, floor["general"])
    return floor  # type: ignore[return-value]  # a number (or None) once the mappings are resolved


def relevant(need: Need, dense: Mapping[str, float], lexical: Mapping[str, float], *, floor: float | None,
             lexical_floor: float = LEXICAL_FLOOR, relative: float = RELATIVE_EVIDENCE,
             dense_read: bool = True) -> set[str]:
    """The ids with evidence of relevance: none for an impersonal query; else those whose dense evidence
    clears `floor` and `relative` × the best one (all the dense ones when `floor` is None and `dense_read`),
    or whose lexical evidence clears `lexical_floor`.

    >>> sorted(relevant("personal", {"a": 0.5, "b": 0.2, "c": 0.05}, {"c": 0.5}, floor=0.14))
    ['a', 'c']
    >>> relevant("impersonal", {"a": 0.9}, {"a": 1.0}, floor=0.14)
    set()
    """
    if need == "impersonal":
        return set()
    out = {i for i, w in lexical.items() if w >= lexical_floor}
    if not dense_read:
        return out
    if floor is None:
        return out | set(dense)
    best = max(dense.values(), default=0.0)
    cut = max(floor, relative * best)
    return out | {i for i, d in dense.items() if d >= cut}


def valid_floor(floor: object, *, per_language: bool = True) -> bool:
    """Whether `floor` has one of the shapes `dense_floor_for` reads."""
    if isinstance(floor, int | float):
        return not isinstance(floor, bool)
    if not isinstance(floor, Mapping) or not floor:
        return False
    if {"personal", "general"} <= set(floor) <= {"personal", "implied", "general"}:
        return all(valid_floor(v, per_language=False) and not isinstance(v, Mapping) for v in floor.values())
    return per_language and set(floor) <= {"en", "zh"} and all(
        valid_floor(v, per_language=False) for v in floor.values())


class Centering:
    """The mean anchor query `q̄` and memory `m̄` of one embedder, `q̄·m̄`, and the centred anchor memories."""

    __slots__ = ("query_mean", "memory_mean", "offset", "anchors", "anchor_zh")

    def __init__(self, embedder: Embedder) -> None:
        # the anchors are ours, not the user's: they must not use up a CJK-blind embedder's one warning
        warned = getattr(embedder, "_warned_cjk", False)
        embedder._warned_cjk = True  # type: ignore[attr-defined]
        try:
            memories = np.asarray(embedder.embed(list(ANCHOR_MEMORIES)), dtype=np.float32)
            queries = np.vstack([embedder.embed_query(t) for t in ANCHOR_QUERIES]).astype(np.float32)
        finally:
            embedder._warned_cjk = warned  # type: ignore[attr-defined]
        self.query_mean = queries.mean(axis=0)
        self.memory_mean = memories.mean(axis=0)
        self.offset = float(self.query_mean @ self.memory_mean)
        self.anchors = memories - self.memory_mean
        self.anchor_zh = np.array([_has_cjk(t) for t in ANCHOR_MEMORIES])

    def evidence(self, cosine: float, query_dot_memory_mean: float, memory_dot_query_mean: float) -> float:
        """`(q − q̄)·(m − m̄)` from `q·m`, `q·m̄` and `m·q̄`."""
        return cosine - query_dot_memory_mean - memory_dot_query_mean + self.offset

    def anchor_evidence(self, qvec: np.ndarray, lang: str) -> float:
        """The best evidence the query (vector `qvec`) has for a generic anchor memory of its language `lang`:
        what a memory that does not hold the asked fact may still reach."""
        rows = self.anchors[self.anchor_zh == (lang == "zh")]
        return float((rows @ (np.asarray(qvec, np.float32) - self.query_mean)).max(initial=-1.0))

    def placed(self, start: int, dim: int) -> Centering:
        """The same means inside a `dim`-wide vector from `start` on (zeros elsewhere)."""
        out = object.__new__(Centering)
        out.query_mean = np.zeros(dim, np.float32)
        out.memory_mean = np.zeros(dim, np.float32)
        out.query_mean[start:start + self.query_mean.size] = self.query_mean
        out.memory_mean[start:start + self.memory_mean.size] = self.memory_mean
        out.offset = self.offset
        out.anchors = np.zeros((len(self.anchors), dim), np.float32)
        out.anchors[:, start:start + self.anchors.shape[1]] = self.anchors
        out.anchor_zh = self.anchor_zh
        return out


_CENTERINGS: weakref.WeakKeyDictionary[Embedder, dict[str | None, Centering]] = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()


def centering(embedder: Embedder, lang: str = "en") -> Centering:
    """The embedder's `Centering`, computed once per embedder object. An embedder that gives each language
    its own half of the vector (`routes_by_language`, the default `BilingualEmbedder`) is centred per query
    language `lang` with the centring of that language's own embedder (so its floors are that embedder's)."""
    routed = getattr(embedder, "routes_by_language", False)
    key = lang if routed else None
    with _LOCK:
        found = _CENTERINGS.get(embedder, {}).get(key)
    if found is None:
        if routed:
            half = embedder.sub(lang)  # type: ignore[attr-defined]
            found = centering(half).placed(embedder.route_of_lang(lang) * half.dim, embedder.dim)  # type: ignore[attr-defined]
        else:
            found = Centering(embedder)
        with _LOCK:
            found = _CENTERINGS.setdefault(embedder, {}).setdefault(key, found)
    return found


def _has_cjk(text: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in text)


#: Grammatical particles: a Chinese bigram holding one spans two words ("忙了一天" and "养了一只" share «了一»), a
#: match by chance, not a shared content word; so does the plural suffix 们, whose bigrams are pronouns or span two
#: words ("跟邻居说他们太吵" and "和他们住在一起" share «他们», not a topic).
_ZH_PARTICLES = frozenset("的了吗呢吧啊呀嘛们")


def _is_chance_term(tok: str) -> bool:
    """A single CJK character, or a CJK bigram holding a particle: both match by chance."""
    if not tok or not "\u3400" <= tok[0] <= "\u9fff":
        return False
    return len(tok) == 1 or any(ch in _ZH_PARTICLES for ch in tok)


def content_terms(text: str) -> frozenset[str]:
    """The query's content terms: its words without question words and stop words; for Chinese its
    character bigrams (single characters match by chance; a bigram across a particle is kept as a term, so a
    query's share stays what it was, but never matches: `lexical_evidence`)."""
    return frozenset(t for t in tokenize(lexical_form(text), stemmer=suffix_stem) if len(t) > 1 or not _is_chance_term(t))


def lexical_evidence(terms: Collection[str], memory_text: str) -> float:
    """Share of `terms` (from `content_terms`) that `memory_text` contains."""
    if not terms:
        return 0.0
    have = {t for t in tokenize(memory_text, stemmer=suffix_stem) if not _is_chance_term(t)}
    return sum(1 for t in terms if t in have and not _is_chance_term(t)) / len(terms)


__all__ = ["ANCHOR_MEMORIES", "ANCHOR_QUERIES", "DENSE_FLOORS", "LEXICAL_FLOOR", "RELATIVE_EVIDENCE", "Centering",
           "Floor", "Need", "centering", "content_terms", "dense_floor_for", "lexical_evidence", "query_need",
           "relevant", "speaks_of_user", "valid_floor"]
