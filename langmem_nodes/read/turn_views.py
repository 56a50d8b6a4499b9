"""Reading imported turns (`import_conversation`): one result per turn, and the newer statement first.

An imported turn is stored with its neighbours (BM25 indexes the window), so one line that matches a query lifts
the turns around it too: "Where does Noor work?" ranks the assistant's "Sounds like a good start." for the line
before it. `collapse_views` folds such a *view* (a turn whose own line matches nothing of the query) into the
turn whose own line carries the match: that turn takes the best view's score (and so its place), and each view
steps one place down, marked `breakdown["view_of"]` (`distinct`: the selector chooses without them), so k
selected results are k distinct turns.

Imported turns are raw text, so nothing superseded the January "I live in Haarlem" when June said "we moved from
Haarlem to Amsterdam". `newer_mentions` orders them as a live conversation would have: for a present question,
a chosen turn is preceded by the latest later turn of the same speaker that names something of it beyond the
question's own words and chat's filler ("Haarlem", not "now"); a question about the past ("where did I live
before?") keeps the older first. Both notes carry their dates (`FreshnessNode`).

Example:
    >>> from langmem_nodes.conversation import conversation_records
    >>> from langmem_nodes.records import Scope
    >>> from langmem_nodes.state import ScoredMemory
    >>> recs = conversation_records([{"speaker": "Ann", "text": "I work at Globex"},
    ...                              {"speaker": "Bot", "text": "Nice, congrats!"}], scope=Scope(user_id="a"), conversation="c")
    >>> hits = [ScoredMemory(record=r, score=s) for r, s in zip(recs[::-1], (0.9, 0.8))]
    >>> [(h.record.metadata["turn"], h.score, h.breakdown.get("view_of") == recs[0].id)
    ...  for h in collapse_views(hits, "Where do I work?")]
    [(1, 0.9, False), (2, 0.9, True)]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..conversation import CONVERSATION_KEY, is_turn
from ..records import MemoryRecord
from ..state import ScoredMemory
from ..text import ZH_STOP, tokenize
from .past_question import asks_about_the_past
from .relevance import _is_chance_term, content_terms

VIEW_OF = "view_of"
#: How many places a view steps down the ranking: 1, behind the turn that took its place (the selector skips it,
#: `distinct`). Moving views out of the top 5 gained 1 question of 96 on the generated set but lost 1 of 759 on
#: LoCoMo dev and 1 of 60 on convs3 (docs/figures.md).
VIEW_STEP = 1
#: A word both turns name is a topic only when few candidate turns name it ("Haarlem", not "today").
MAX_TOPIC_SPREAD = 3
#: Chat's filler words: two turns sharing one ("now", "finally", "最近") are not about the same thing.
_FILLER = frozenset(
    """now today tonight yesterday tomorrow finally really still just new big good great nice bad thing things lot
    time day days week weeks month months year years last next much many well actually everything something
    anything nothing going get got go went come came make made like love think know want need feel said say tell
    told little bit guess maybe sure thank thanks right yes one two first back way even ever always never quite
    pretty kind sort news change update quick morning evening night weekend""".split()
) | frozenset(
    """现在 今天 昨天 明天 最近 终于 真的 一个 一只 一家 我们 你们 他们 什么 怎么 觉得 知道 时候 已经 还是 就是 可以
    因为 所以 但是 不过 一下 一些 这个 那个 消息 告诉 跟你 你说 每天 其实 上次 以前 之前 后来 然后 还有 比较 非常 特别
    开心 喜欢""".split())
_FILLER_STEMS = frozenset(tokenize(" ".join(w for w in _FILLER if w.isascii())))


def own_line(rec: MemoryRecord) -> str:
    """The turn itself ("Speaker: text"), without its neighbours."""
    return str(rec.metadata.get("embed_text") or rec.text)


def _said(rec: MemoryRecord) -> str:
    """The turn's words without the speaker's name."""
    line = own_line(rec)
    speaker = str(rec.metadata.get("speaker") or rec.subject or "")
    return line[len(speaker) + 1:] if speaker and line.startswith(speaker + ":") else line


def _terms(text: str) -> set[str]:
    return {t for t in tokenize(text) if not _is_chance_term(t)}


def _topic_words(text: str) -> set[str]:
    """Words that can name what a turn is about: no filler, no short Latin token, no bigram across a stop character."""
    return {t for t in _terms(text) if t not in _FILLER and t not in _FILLER_STEMS
            and (len(t) >= 3 if t.isascii() else not any(ch in ZH_STOP for ch in t))}


def _place(rec: MemoryRecord) -> tuple[str, str, str]:
    return (rec.scope.partition, str(rec.metadata.get(CONVERSATION_KEY)), str(rec.metadata.get("session")))


def collapse_views(hits: Sequence[ScoredMemory], query_text: str, *, step: int = VIEW_STEP) -> list[ScoredMemory]:
    """`hits` (best first) with each view folded into its turn (see the module docstring). A hit is a view of
    turn Y when its own line (with the speaker's name) matches no query word, Y's line is in its window, and every
    query word its window matches is in Y's line. `step`: how many places a view moves down (`VIEW_STEP`).
    Memories that are not turns are left as they are."""
    query = content_terms(query_text)
    if not query or sum(1 for h in hits if is_turn(h.record)) < 2:
        return list(hits)
    own = {h.record.id: _terms(own_line(h.record)) & query for h in hits if is_turn(h.record)}
    by_place: dict[tuple[str, str, str], list[ScoredMemory]] = {}
    for h in hits:
        if is_turn(h.record):
            by_place.setdefault(_place(h.record), []).append(h)
    view_of: dict[str, ScoredMemory] = {}
    for h in hits:
        if not is_turn(h.record):
            continue
        window = _terms(h.record.text) & query
        mine = own[h.record.id]
        if mine or not window:  # its own line matches: a turn of its own
            continue
        owners = [y for y in by_place[_place(h.record)] if y is not h and own_line(y.record) in h.record.text
                  and window <= own[y.record.id]]
        if owners:
            view_of[h.record.id] = max(owners, key=lambda y: (len(own[y.record.id]), y.score))
    if not view_of:
        return list(hits)
    best: dict[str, float] = {}
    for h in hits:
        owner = view_of.get(h.record.id)
        if owner is not None and owner.record.id not in view_of:
            best[owner.record.id] = max(best.get(owner.record.id, owner.score), h.score)
    kept = [h.model_copy(update={"score": best[h.record.id]}) if best.get(h.record.id, h.score) > h.score else h
            for h in hits if h.record.id not in view_of or view_of[h.record.id].record.id in view_of]
    kept.sort(key=lambda h: -h.score)  # stable: equal scores keep their order
    for i, h in enumerate(hits):  # each view back near its place (`step` places lower), marked
        owner = view_of.get(h.record.id)
        if owner is not None and owner.record.id not in view_of:
            kept.insert(min(len(kept), i + step),
                        h.model_copy(update={"breakdown": {**h.breakdown, VIEW_OF: owner.record.id}}))
    return kept


def is_view(hit: ScoredMemory) -> bool:
    """Whether `collapse_views` folded this hit into another turn."""
    return VIEW_OF in hit.breakdown


def distinct(hits: Sequence[ScoredMemory]) -> list[ScoredMemory]:
    """`hits` without the views `collapse_views` folded into their turns: what a selector chooses from."""
    return [h for h in hits if not is_view(h)]


def newer_mentions(chosen: Sequence[ScoredMemory], pool: Sequence[ScoredMemory], query_text: str,
                   cap: int | None = None) -> list[ScoredMemory]:
    """`chosen` with, before each chosen turn, the latest later turn in `pool` of the same speaker and conversation
    that names a topic word of it the question does not (at most `cap` results, the chosen ones' tail dropped).
    A question about the past, or one without content words, gets `chosen` unchanged."""
    turns = [h for h in pool if is_turn(h.record)]  # a view too: its own line may be the newer statement
    if not chosen or asks_about_the_past(query_text) or not any(is_turn(h.record) for h in chosen):
        return list(chosen)
    query = content_terms(query_text)
    if not query:  # no words of its own ("?"): nothing says what it asks about
        return list(chosen)
    words = {h.record.id: _topic_words(_said(h.record)) - query for h in turns}
    spread: dict[str, int] = {}
    for ws in words.values():
        for w in ws:
            spread[w] = spread.get(w, 0) + 1
    out: list[ScoredMemory] = []
    seen: set[str] = set()
    for h in chosen:
        rec = h.record
        if is_turn(rec) and rec.id not in seen:
            mine = words.get(rec.id, _topic_words(_said(rec)) - query)
            topic = {w for w in mine if spread.get(w, 1) <= MAX_TOPIC_SPREAD}
            later = [z for z in turns if z.record.created_at > rec.created_at and z.record.subject == rec.subject
                     and z.record.metadata.get(CONVERSATION_KEY) == rec.metadata.get(CONVERSATION_KEY)
                     and z.record.scope.partition == rec.scope.partition and topic & words[z.record.id]]
            if later:
                newest = max(later, key=lambda z: (len(topic & words[z.record.id]), z.record.created_at,
                                                   z.record.metadata.get("turn", 0)))
                if newest.record.id not in seen:
                    out.append(newest)
                    seen.add(newest.record.id)
        if rec.id not in seen:
            out.append(h)
            seen.add(rec.id)
    return out if cap is None else out[:cap]


__all__ = ["MAX_TOPIC_SPREAD", "VIEW_OF", "VIEW_STEP", "collapse_views", "distinct", "is_view", "newer_mentions",
           "own_line"]
