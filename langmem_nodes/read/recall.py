"""RecallNode: BM25 and dense candidates from the same scoped partitions, fused into one similarity.

Both backends search only `query.partitions` (a BM25 index and a Chroma collection per partition), so
scope filtering happens inside each backend. The query is embedded once; the candidates' records and
stored vectors are fetched in one call each, so every candidate gets an exact cosine, not only those
Chroma returned.

Fusion ("zstandout", the default): each route's scores are standardised over the candidate set (z-scores:
a standout match counts more than one among many near-equal ones), BM25's z-scores below 0 raised to 0 (words
only lift: a memory holding few or none of the query's words is not pushed down), and each route counts as much
as its own evidence, `sim = unit_range(w_lex · c · max(0, z(bm25)) + (1 − w_lex) · d · z(cos))`, w_lex = 0.35:
`c = sqrt(min(1, max(bm25) / ceiling))` where `ceiling` is what BM25 gives a memory holding each query word once
(Σ idf over the query's words, `BM25Projection.ceiling`), so a BM25 best match that holds only a common word (a
speaker's name, "用户") barely moves the dense order and one that holds the query's rare words counts fully;
`d = min(1, max z(cos) / DENSE_STANDOUT)` (4; for few candidates half the largest z they allow, (n − 1)/√n / 2),
so an embedder whose best match stands out from the candidates counts fully, and one that finds nothing
distinct (chatty turns all about as close to the question: MiniLM on LoCoMo) does not drown a clear word match.
"zlift" is the same with d = 1 (the default from stop 35 to 41: it lost to BM25 alone on LoCoMo at recall@1/5).
"zscore" keeps the negative z (the default until stop 35: it lost to dense alone with the
default embedder on four generated LoCoMo-like halves, evals/report.md). "evidence" is the same c on min-max
scaled scores (w_lex 0.3), "convex" that with
c = 1; both lost to a single route on some dataset (docs/figures.md, "Fusion that never loses").
Pools: the dense route returns `candidates` (at least 3 × k), BM25 `lexical_pool` (default `LEXICAL_POOL`, 1) times as
many; a deeper BM25 pool also sets the population its z-scores are measured against, which acts as a larger BM25
share in long conversations (docs/figures.md, "sixth pass": ×2 reaches LoCoMo's 55 but loses to dense alone on a
held-out generated set, so the default stays ×1).
Two views of a memory: BM25 indexes `text`, the dense index embeds `metadata["embed_text"]` when set
(`langmem_nodes.store.embed_text`), e.g. a conversation turn whose text carries the turns before it (words a
question shares with that context) and whose vector is the turn alone; it costs nothing at query time.
Subject match (`subject_boost`; by default only for conversation turns, see below): a memory whose `subject` the query names (casefolded, as a
whole word; a CJK subject as a substring) gets `sim = (fused + boost) / (1 + boost)`, the others
`fused / (1 + boost)`, so sim stays in [0, 1]. A question about a person ("When did Caroline go to the
support group?") is mostly answered by memories about that person. It never fires when the query names no
subject.
Thread evidence (`thread_weight` β; by default only for conversation turns): memories sharing `metadata[thread_key]` (a session, a
thread) form a thread, and each gets `sim = (sim + β · best sim in its thread) / (1 + β)` over the
candidates, so a turn of the conversation that best matches the query rises a little with it; a memory
without the key is its own thread and keeps its sim. By default ("auto") both apply with 0.2 to conversation
turns stored by `langmem_nodes.conversation.import_conversation` only (the LoCoMo setup), so other memories
(MADial's all share one subject and carry no thread) rank as before.
Language route: an embedder that cannot read Chinese (`reads_cjk = False`: MiniLM turns it into [UNK])
gives noise for a Chinese query, so such a query is ranked by BM25 alone; memories BM25 did not find follow
in the dense order (they still rank, and never count as relevant by meaning).
Attribute questions (`attribute_boost`, `attribute_route.py`): a query naming an attribute with a known
vocabulary of values ("Which package manager does this project use?", "我们用什么数据库？") also recalls the
memories of that attribute's predicate and values, raises those holding it and counts them relevant; one
asking for the value drops memories holding another category's value («Project uses Fly.io»).
What each of these measured (MADial, LoCoMo, the LoCoMo-like set): docs/figures.md, "Measurements behind
the defaults".
Relevance evidence (`relevance.py`): each hit also carries absolute evidence — the centred cosine and the
share of the query's content terms it contains — and `breakdown["relevant"]` says whether either clears
its floor; the default `RuleSelector` injects only relevant hits, so an unrelated query gets nothing. A question
for a stored fact, a query about a thing of the user's (failing, a habit, taken up; `query_need`) and a turn that only
tells the user's news ("I'm allergic to peanuts", `report.py`) need the general floor and must also beat the evidence
a generic anchor memory reaches (`Centering.anchor_evidence`): only a memory about that thing helps.
Standing conditions (`standing.py`): a request that depends on a condition of the user's (food on a diet, a
place-dependent question on where they live, a code task on their stack) counts the memories stating it relevant;
so does a rule the user gave for a request naming its object («Stories for the kids must never include monsters» for
"a bedtime story about a fox", `rule_object.py`).
Naive RRF of BM25 and MiniLM ranks was worse than BM25 alone on LoCoMo-like data; "convex", "rrf", "bm25"
and "dense" are kept as modes for baselines.

Example:
    >>> import tempfile
    >>> from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
    >>> from langmem_nodes.state import MemoryQuery
    >>> from langmem_nodes.store import MemoryStore
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> _ = store.commit(add=[MemoryRecord(text="User prefers green tea", scope=Scope(user_id="ada"))])
    >>> ctx = MemoryContext(user_id="ada")
    >>> q = MemoryQuery(text="tea?", lexical="tea", dense="tea?", partitions=ctx.visible_partitions())
    >>> [h.record.text for h in RecallNode(store).run({"memory_query": q}, ctx, None)["memory_hits"]]
    ['User prefers green tea']
    >>> store.close()
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any, Literal

import numpy as np

from ..conversation import is_turn
from ..node import MemoryNode
from ..records import MemoryContext, Status
from ..state import MemoryQuery, ScoredMemory
from ..store import MemoryStore
from ..text import detect_lang
from . import history_route
from .attribute_route import ATTRIBUTE_BOOST, AttributeRoute
from .fact_question import asks_own_fact
from .fact_relation import names_relation, relations_named
from .generic_task import reads_as_generic_task
from .history_route import HISTORY_BOOST
from .knowledge import asks_knowledge, reads_as_request
from .other_person import bears_on, names_other, others_named, people_named
from .query_need import asks_something, speaks_of_user
from .relevance import (
    DENSE_FLOORS,
    LEXICAL_FLOOR,
    Floor,
    centering,
    content_terms,
    dense_floor_for,
    lexical_evidence,
    query_need,
    relevant,
    valid_floor,
)
from .report import tells_news
from .rule_object import governs
from .self_contained import shapes_piece, writes_self_contained
from .standing import PER_CONDITION, conditions_asked, holds_condition
from .topic_request import about_topic, topic_floor
from .world_howto import asks_world_howto

Fusion = Literal["zstandout", "zlift", "zscore", "evidence", "convex", "bm25", "dense", "rrf"]
#: The subject boost and thread weight "auto" gives conversation turns (the values LoCoMo dev chose).
AUTO_BOOST = 0.2
#: The product's fusion (module docstring).
DEFAULT_FUSION: Fusion = "zstandout"
#: "zstandout": the dense route counts fully once its best cosine stands this many standard deviations above the
#: candidates' mean, and in proportion below (chosen on LoCoMo dev, the LoCoMo-like dev half and MADial; docs/figures.md)
DENSE_STANDOUT = 4.0
#: The BM25 pool as a multiple of the dense pool (`candidates`); ×2 is what LoCoMo would choose, but it lost to dense
#: alone on a held-out generated set (docs/figures.md "sixth pass"), and the hybrid must never lose to a route.
LEXICAL_POOL = 1.0
#: The similarity scale of memories a query the embedder cannot read reaches only through the dense order.
_FILL = 1e-3
FUSIONS: tuple[str, ...] = ("zstandout", "zlift", "zscore", "evidence", "convex", "bm25", "dense", "rrf")
#: The BM25 share w_lex each fusion uses unless told (chosen on the dev sets, docs/figures.md).
LEXICAL_WEIGHTS: dict[str, float] = {"zstandout": 0.35, "zlift": 0.35, "zscore": 0.35, "evidence": 0.3, "convex": 0.3}


_Z_FUSIONS = ("zstandout", "zlift", "zscore")


def _unit_range(values: np.ndarray) -> np.ndarray:
    lo, hi = float(values.min()), float(values.max())
    return np.ones_like(values) if hi - lo < 1e-9 else (values - lo) / (hi - lo)


def _standardised(values: np.ndarray) -> np.ndarray:
    sd = float(values.std())
    return np.zeros_like(values) if sd < 1e-9 else (values - values.mean()) / sd


def fuse(
    lex: dict[str, float], cos: dict[str, float], ids: Sequence[str], *, fusion: str, lexical_weight: float,
    rrf_k: int = 60, dense_rank: Sequence[str] = (), lexical_ceiling: float | None = None,
) -> dict[str, float]:
    """Fused similarity in [0, 1] per id (see module docstring)."""
    if not ids:
        return {}
    bm = np.array([lex.get(i, 0.0) for i in ids], dtype=np.float64)
    if fusion in _Z_FUSIONS or fusion == "evidence":  # the BM25 route counts as much as its best match holds of the query's words
        top = bm.max()
        conf = math.sqrt(min(1.0, top / lexical_ceiling)) if lexical_ceiling and top > 0 else 0.0
        if fusion in _Z_FUSIONS:  # each route's scores standardised over the candidates (a standout counts)
            z_bm = _standardised(bm)
            if fusion != "zscore":  # words only lift: a memory holding few or none of them is not pushed down
                z_bm = np.maximum(z_bm, 0.0)
            z_cos = _standardised(np.array([cos.get(i, 0.0) for i in ids], dtype=np.float64))
            # the dense route counts as much as its best match stands out (an embedder that finds nothing
            # distinct gives a flat, noisy order that must not drown a clear word match)
            sure = 1.0
            if fusion == "zstandout":  # z can reach at most (n − 1)/√n: a few candidates are measured against half that
                ref = min(DENSE_STANDOUT, (len(ids) - 1) / math.sqrt(len(ids)) / 2)
                sure = min(1.0, max(0.0, float(z_cos.max()) / ref)) if ref > 0 else 1.0
            raw = lexical_weight * conf * z_bm + (1 - lexical_weight) * sure * z_cos
            return {i: float(s) for i, s in zip(ids, _unit_range(raw), strict=True)}
        bm_n = bm / top * conf if top > 0 else bm
        fusion = "convex"
    else:
        bm_n = bm / bm.max() if bm.max() > 0 else bm
    dn = _unit_range(np.array([cos.get(i, 0.0) for i in ids], dtype=np.float64))
    if fusion == "bm25":
        sim = bm_n
    elif fusion == "dense":
        sim = dn
    elif fusion == "rrf":
        lex_rank = {i: r for r, i in enumerate(sorted(lex, key=lambda i: -lex[i]))}
        d_rank = {i: r for r, i in enumerate(dense_rank)}
        raw = np.array(
            [(1 / (rrf_k + lex_rank[i]) if i in lex_rank else 0) + (1 / (rrf_k + d_rank[i]) if i in d_rank else 0)
             for i in ids]
        )
        sim = raw / raw.max()
    else:
        sim = lexical_weight * bm_n + (1 - lexical_weight) * dn
    return {i: float(s) for i, s in zip(ids, sim, strict=True)}


_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")


@lru_cache(maxsize=4096)
def _subject_pattern(subject: str) -> re.Pattern[str] | None:
    s = subject.strip().casefold()
    if not s:
        return None
    if _CJK.search(s):  # no word boundaries in CJK text
        return re.compile(re.escape(s))
    return re.compile(r"(?<!\w)" + re.escape(s) + r"(?!\w)")


def names_subject(query_text: str, subject: str) -> bool:
    """Whether `query_text` names `subject`: a whole word (casefolded) or, for a CJK subject, a substring.

    Example:
        >>> names_subject("When did Caroline go hiking?", "caroline"), names_subject("Carolines", "Caroline")
        (True, False)
        >>> names_subject("小明喜欢什么运动？", "小明")
        True
    """
    pat = _subject_pattern(subject)
    return bool(pat and pat.search(query_text.casefold()))


class _Moved(Exception):
    """A candidate's record changed status after the index search that found it (see `RecallNode.recall`)."""


class RecallNode(MemoryNode):
    """Recall candidates for `memory_query` into `memory_hits` (best first, `breakdown` holds the parts).

    Args:
        store: the MemoryStore (its embedder encodes the query).
        fusion: "zstandout" (default), "zlift", "zscore", "evidence", "convex", "bm25", "dense" or "rrf".
        lexical_weight: the BM25 share w_lex of "zscore", "evidence" and "convex" (the rest goes to dense);
            None = the fusion's own (`LEXICAL_WEIGHTS`).
        candidates: how many candidates the dense backend returns (at least 3 × k); BM25 returns
            `lexical_pool` times as many.
        lexical_pool: the BM25 pool as a multiple of the dense pool (≥ 1; default `LEXICAL_POOL`).
        statuses: record statuses to recall (active only by default).
        subject_boost: added to the fused similarity of memories whose `subject` the query names, then
            rescaled by 1 / (1 + boost) (0 = off; see the module docstring). "auto" (default): 0.2 for
            conversation turns (`conversation.import_conversation`) only, once the query names a turn's speaker.
        thread_weight: β of the thread evidence (0 = off), applied after the subject boost. "auto"
            (default): 0.2 among conversation turns only.
        thread_key: the `metadata` key whose value names a memory's thread.
        dense_floor: centred-cosine floor of `breakdown["relevant"]`: a number, {"personal": x, "general": y}
            (by what the query needs, `query_need.query_need`; an impersonal query gets none), or either per query
            language {"en": .., "zh": ..}; "auto" = the floor calibrated for the store's embedder
            (`relevance.DENSE_FLOORS`), None = dense evidence always counts.
        lexical_floor: share of the query's content terms a memory must contain to be relevant by words.
        evidence_depth: lexical evidence is computed for this many best candidates (the rest get 0).
        attribute_boost: how far memories holding the attribute a query names rise (`attribute_route.py`;
            0 = off: no attribute route at all).
        standing: count memories stating a condition the request depends on relevant («User is vegetarian»
            for "what should I cook tonight?", `standing.py`; False = off).
    """

    name = "recall"

    def __init__(
        self,
        store: MemoryStore,
        *,
        fusion: Fusion = DEFAULT_FUSION,
        lexical_weight: float | None = None,
        candidates: int = 40,
        lexical_pool: float = LEXICAL_POOL,
        statuses: Sequence[Status | str] = (Status.ACTIVE,),
        subject_boost: float | Literal["auto"] = "auto",
        thread_weight: float | Literal["auto"] = "auto",
        thread_key: str = "session",
        dense_floor: Floor | None | Literal["auto"] = "auto",
        lexical_floor: float = LEXICAL_FLOOR,
        evidence_depth: int = 20,
        attribute_boost: float = ATTRIBUTE_BOOST,
        standing: bool = True,
        **kw: Any,
    ) -> None:
        super().__init__(**kw)
        if fusion not in FUSIONS:
            raise ValueError(f"fusion must be one of {FUSIONS}, got {fusion!r}")
        if lexical_weight is None:
            lexical_weight = LEXICAL_WEIGHTS.get(fusion, 0.3)
        if not 0.0 <= lexical_weight <= 1.0:
            raise ValueError(f"lexical_weight must be in [0, 1], got {lexical_weight!r}")
        if candidates < 1:
            raise ValueError("candidates must be at least 1")
        if isinstance(lexical_pool, bool) or not (isinstance(lexical_pool, int | float)
                                                   and 1.0 <= lexical_pool <= 100.0):
            raise ValueError(f"lexical_pool must be a number in [1, 100], got {lexical_pool!r}")
        self.lexical_pool = float(lexical_pool)
        self.store, self.fusion, self.lexical_weight = store, fusion, lexical_weight
        for label, v in (("subject_boost", subject_boost), ("thread_weight", thread_weight)):
            if v != "auto" and not (isinstance(v, int | float) and not isinstance(v, bool) and 0.0 <= v <= 10.0):
                raise ValueError(f"{label} must be 'auto' or a number in [0, 10], got {v!r}")
        if not thread_key:
            raise ValueError("thread_key must be a non-empty metadata key")
        self.candidates, self.subject_boost = candidates, subject_boost
        self.thread_weight, self.thread_key = thread_weight, thread_key
        self.statuses = tuple(Status(s) for s in statuses)
        if dense_floor == "auto":
            dense_floor = DENSE_FLOORS.get(store.embedder.name)
        if not (dense_floor is None or valid_floor(dense_floor)):
            raise ValueError(f"dense_floor must be a number, {{'personal': x, 'general': y}}, either per language "
                             f"{{'en': .., 'zh': ..}}, None or 'auto', got {dense_floor!r}")
        if not 0.0 <= lexical_floor <= 1.0:
            raise ValueError(f"lexical_floor must be in [0, 1], got {lexical_floor!r}")
        self.dense_floor, self.lexical_floor, self.evidence_depth = dense_floor, lexical_floor, evidence_depth
        if isinstance(attribute_boost, bool) or not (isinstance(attribute_boost, int | float)
                                                      and 0.0 <= attribute_boost <= 10.0):
            raise ValueError(f"attribute_boost must be a number in [0, 10], got {attribute_boost!r}")
        self.attribute_boost = float(attribute_boost)
        self.reads_cjk = bool(getattr(store.embedder, "reads_cjk", True))
        self.standing = bool(standing)

    def _dense_reads(self, text: str) -> bool:
        """Whether the embedder can read the query (one that cannot read Chinese gives noise for it)."""
        return self.reads_cjk or detect_lang(text) != "zh"

    #: times a recall runs again when a candidate left the searched statuses before its record was read
    RECHECKS = 2

    def recall(self, query: MemoryQuery) -> list[ScoredMemory]:
        """Candidates from the indexes, then their records. Another process's commit landing between the
        two (a value superseded by a new one the indexes did not hold yet) would leave the old value,
        now superseded, and not the new one: then the indexes are synced and the recall runs again, so a
        read sees the old value or the new one, never neither."""
        for attempt in range(self.RECHECKS + 1):
            try:
                return self._recall(query, last=attempt == self.RECHECKS)
            except _Moved:
                if not self.store.sync_external_writes():  # no other process committed: the same answer again
                    return self._recall(query, last=True)
        raise AssertionError("unreachable")

    def _recall(self, query: MemoryQuery, *, last: bool) -> list[ScoredMemory]:
        if not query.partitions:
            raise ValueError("memory_query.partitions is empty: a recall needs a scope")
        n = max(self.candidates, 3 * query.k)
        lex = {} if self.fusion == "dense" else dict(
            self.store.lexical_search(query.partitions, query.lexical, round(n * self.lexical_pool), self.statuses)
        )
        reads = self.fusion == "dense" or self._dense_reads(query.text)
        fusion = self.fusion if reads else "bm25"
        qvec = None
        dense_hits: list[tuple[str, float]] = []
        if fusion != "bm25":
            qvec = self.store.embedder.embed_query(query.dense)
            dense_hits = self.store.dense_search(query.partitions, qvec, n, self.statuses)
        elif self.fusion != "bm25":  # an unread query: the dense order only ranks what BM25 did not find
            dense_hits = self.store.dense_search(query.partitions, self.store.embedder.embed_query(query.dense), n,
                                                 self.statuses)
        route = AttributeRoute.of(query.text) if self.attribute_boost > 0 else None
        # "What is a package manager?"; "write a cover letter for a backend job" asks for a letter, not the framework
        if route is not None and (query_need(query.text) == "impersonal" or writes_self_contained(query.text)):
            route = None
        routed = route.candidates(self.store, query, n, self.statuses) if route is not None else []
        changed = history_route.replacing(self.store, query.partitions, n) if history_route.bare(query.text) else []
        ids = list(dict.fromkeys([*lex, *(i for i, _ in dense_hits), *routed, *changed]))
        records = self.store.get_many(ids)
        if not last and any(r.status not in self.statuses for r in records.values()):
            raise _Moved
        allowed = set(query.partitions)
        ids = [i for i in ids if i in records and records[i].scope.partition in allowed]
        cos = self.store.cosines(query.partitions, ids, qvec) if qvec is not None and ids else {}
        ceiling = None
        if (fusion in _Z_FUSIONS or fusion == "evidence") and lex:
            ceiling = self.store.bm25.ceiling(query.partitions, query.lexical)
        sim = fuse(lex, cos, ids, fusion=fusion, lexical_weight=self.lexical_weight,
                   dense_rank=[i for i, _ in dense_hits], lexical_ceiling=ceiling)
        if qvec is None and dense_hits:  # below every BM25 hit, in the dense order
            rank = {i: r for r, (i, _) in enumerate(dense_hits)}
            for i in ids:
                if i not in lex:
                    sim[i] = _FILL * (1 - rank.get(i, n) / (n + 1))
        extra: dict[str, dict[str, float]] = {i: {} for i in ids}
        b = AUTO_BOOST if self.subject_boost == "auto" else self.subject_boost
        if b > 0:
            targets = [i for i in ids if self.subject_boost != "auto" or is_turn(records[i])]
            named = {subj: names_subject(query.text, subj) for subj in {records[i].subject for i in targets}}
            if self.subject_boost != "auto" or any(named.values()):  # auto: only once a turn's speaker is named
                for i in targets:
                    hit = named[records[i].subject]
                    extra[i]["subject"] = float(hit)
                    sim[i] = (sim[i] + b * hit) / (1 + b)
        if (self.thread_weight != "auto" and self.thread_weight > 0) or (
                self.thread_weight == "auto" and any(is_turn(records[i]) for i in ids)):
            self._add_thread_evidence(sim, records, extra)
        if route is not None:
            b = self.attribute_boost
            for i in ids:
                extra[i]["attribute"] = held = float(route.holds(records[i]))
                sim[i] = (sim[i] + b * held) / (1 + b)
        for i in set(changed) & set(ids):  # "what did I use before?": what changed is the answer
            extra[i]["changed"] = 1.0
            sim[i] = (sim[i] + HISTORY_BOOST) / (1 + HISTORY_BOOST)
        self._add_relevance(query, qvec, ids, cos, lex, sim, records, extra)
        for i in set(changed) & set(ids):
            extra[i]["relevant"] = 1.0
        if route is not None:  # the attribute is evidence of its own; another category's value is not an answer
            for i in ids:
                if extra[i]["attribute"]:
                    extra[i]["relevant"] = 1.0
                elif route.excludes(records[i]):
                    extra[i]["relevant"] = 0.0
        hits = [
            ScoredMemory(
                record=records[i], score=sim[i],
                breakdown={"sim": sim[i], "bm25": lex.get(i, 0.0), "dense": cos.get(i, 0.0), **extra[i]},
            )
            for i in ids
        ]
        hits.sort(key=lambda h: (-h.score, h.record.id))
        return hits

    def _add_relevance(
        self, query: MemoryQuery, qvec: np.ndarray | None, ids: list[str], cos: dict[str, float],
        lex: dict[str, float], sim: dict[str, float], records: dict[str, Any], extra: dict[str, dict[str, float]],
    ) -> None:
        dense: dict[str, float] = {}
        lang_of = getattr(self.store.embedder, "lang_of", detect_lang)  # a routing embedder: its half's language
        lang = lang_of(query.dense)
        need = query_need(query.text)
        # a knowledge question by meaning, whatever its words (`knowledge.py`); not one of the user's that depends on a
        # condition of theirs ("open-water swim spots near me?": where they live)
        if need != "impersonal" and asks_knowledge(self.store.embedder, lang, qvec) and not (
                speaks_of_user(query.text) and conditions_asked(query.text)):
            need = "impersonal"
        if need == "implied" and not reads_as_request(self.store.embedder, lang, qvec):
            need = "general"  # the implied floor only for a query that reads as a request by meaning
        # a question for a fact the user told is answered only by a memory holding it (`fact_question.py`)
        fact = need == "personal" and asks_own_fact(query.text)
        # a failing thing of the user's, a habit, something taken up, someone else's need (`query_need`): as for a
        # fact, only a memory about that thing helps, so it must beat what a generic memory reaches
        about_thing = need == "general" and speaks_of_user(query.text)
        # a turn that only tells the user's news ("I'm allergic to peanuts"): only a memory about the same thing helps
        news = need in ("personal", "general") and tells_news(query.text)
        # a self-contained task ("write a resignation letter", "怎么解压 tar.gz"), a how-to about the world ("how do I fix
        # a squeaky hinge?", `world_howto.py`): only a memory on its topic helps
        generic = need in ("personal", "implied") and (reads_as_generic_task(self.store.embedder, lang, qvec)
                                                        or asks_world_howto(query.text, self.store.embedder, lang, qvec))
        # a piece of writing given whole by the request: a memory on its form keeps the request's floor, another
        # must be about the piece's own topic (`self_contained.py`)
        piece = need in ("personal", "implied") and not fact and not news and (generic or writes_self_contained(query.text))
        floor = dense_floor_for(self.dense_floor, lang, "general" if (fact or generic or news) and not piece else need)
        if qvec is not None and ids and floor is not None and need != "impersonal":
            c = centering(self.store.embedder, lang)
            if fact or about_thing or news:
                floor = max(floor, c.anchor_evidence(qvec, lang))
            q_dot_m = float(qvec @ c.memory_mean)
            m_dot_q = self.store.cosines(query.partitions, ids, c.query_mean)
            # a language-routing embedder: a memory in the other language's half has cosine exactly 0
            other_half = getattr(self.store.embedder, "routes_by_language", False)
            dense = {i: c.evidence(cos[i], q_dot_m, m_dot_q[i]) for i in ids
                     if i in cos and i in m_dot_q and not (other_half and cos[i] == 0.0)}
        terms = content_terms(query.text)
        best = sorted(ids, key=lambda i: -sim[i])[: self.evidence_depth]
        lexical = {i: lexical_evidence(terms, records[i].text) for i in best if lex.get(i, 0.0) > 0}
        by_meaning = dense if floor is not None else dict.fromkeys(ids, 0.0)  # no floor: every candidate counts
        chosen = relevant(need, by_meaning, lexical, floor=floor, lexical_floor=self.lexical_floor,
                          dense_read=qvec is not None)  # dense evidence only where the embedder read the query
        general = dense_floor_for(self.dense_floor, lang, "general")
        if piece and dense and qvec is not None and general is not None:  # a self-contained piece (`self_contained.py`)
            strict = max(general, c.anchor_evidence(qvec, lang))
            people = people_named(query.text)  # the one it is for or from: "a note for my partner" → «partner Sam»
            chosen = {i for i in chosen if shapes_piece(records[i].text, query.text) or lexical.get(i, 0.0) >= self.lexical_floor
                      or names_other(records[i].text, people)
                      } | relevant(need, dense, lexical, floor=strict, lexical_floor=self.lexical_floor)
        # a how-to of the user's own or a request for a recommendation: only a memory about its topic (`topic_request.py`)
        if need in ("personal", "implied") and not fact and (
                tf := topic_floor(query.text, self.store.embedder.name, lang)) is not None:
            chosen = about_topic(dense, lexical, chosen, tf)
        if fact and (named := relations_named(query.text)):  # "what is my daughter called?": not the son's name
            chosen = {i for i in chosen if names_relation(records[i].text, named)}
        elif need != "impersonal" and (others := others_named(query.text)):  # "a gift for my coworker" (`other_person`)
            chosen = {i for i in chosen if lexical.get(i, 0.0) >= self.lexical_floor or bears_on(records[i].text, others)}
        # a condition bears on a request, not on a turn that only states something ("又下雨了")
        if self.standing and not fact and asks_something(query.text) and (need in ("personal", "implied") or (
                need == "general" and not speaks_of_user(query.text))):
            chosen |= self._standing(query.text, ids, sim, records, extra)
            chosen |= {i for i in best if governs(records[i], terms)}  # a rule on what it names (`rule_object.py`)
        for i in ids:
            extra[i]["evidence_lexical"] = lexical.get(i, 0.0)
            if i in dense:
                extra[i]["evidence_dense"] = dense[i]
            extra[i]["relevant"] = float(i in chosen)

    @staticmethod
    def _standing(text: str, ids: list[str], sim: dict[str, float], records: dict[str, Any],
                  extra: dict[str, dict[str, float]]) -> set[str]:
        """The memories stating a condition the request depends on (`standing.py`), best `PER_CONDITION` each."""
        out: set[str] = set()
        for name in sorted(conditions_asked(text)):
            held = [i for i in ids if holds_condition(name, records[i].text, records[i].predicate)]
            for i in sorted(held, key=lambda i: -sim[i])[:PER_CONDITION]:
                extra[i]["standing"] = 1.0
                out.add(i)
        return out

    def _add_thread_evidence(
        self, sim: dict[str, float], records: dict[str, Any], extra: dict[str, dict[str, float]]
    ) -> None:
        name = self.thread_key
        auto = self.thread_weight == "auto"
        best: dict[Any, float] = {}
        thread: dict[str, Any] = {}
        for i, s in sim.items():
            rec = records[i]
            key = rec.metadata.get(name)
            if key is None or (auto and not is_turn(rec)):  # a memory without the key is its own thread
                continue
            sc = rec.scope  # threads never span partitions
            t = thread[i] = (sc.org_id, sc.project_id, sc.user_id, sc.session_id,
                             key if isinstance(key, str | int) else repr(key))
            if s > best.get(t, -1.0):
                best[t] = s
        beta = AUTO_BOOST if auto else float(self.thread_weight)
        for i, t in thread.items():
            extra[i]["thread"] = b = best[t]
            sim[i] = (sim[i] + beta * b) / (1 + beta)
        for i in sim.keys() - thread.keys():
            extra[i]["thread"] = sim[i]

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime | None) -> dict[str, Any]:
        query = state.get("memory_query")
        if query is None:
            return {"memory_hits": []}
        # The query travels through graph state; the scope it may search comes only from the run's context.
        foreign = sorted(set(query.partitions) - set(ctx.visible_partitions()))
        if foreign:
            raise ValueError(f"memory_query asks for partitions outside this user's scope: {foreign}")
        with self.store.one_read():  # one check for other processes' commits, not one per search
            return {"memory_hits": self.recall(query)}
