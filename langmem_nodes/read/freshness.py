"""FreshnessNode: say how old each selected memory is, and what that means for trusting it.

Ages are relative ("today", "yesterday", "47 days ago"; "今天", "昨天", "47 天前") in the memory text's
language. Anything older than a day gets a note that it is an observation from that time, not the current
state, with advice by drift kind: code/file claims and commands/config → verify before relying on them;
preferences → use directly; external state → may be stale, say so.

Example:
    >>> from datetime import datetime, timedelta, UTC
    >>> now = datetime(2026, 3, 1, tzinfo=UTC)
    >>> relative_age(now - timedelta(days=47), now), relative_age(now - timedelta(days=47), now, "zh")
    ('47 days ago', '47 天前')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, Literal

from ..conversation import is_turn
from ..node import MemoryNode
from ..records import Drift, MemoryContext, MemoryRecord, Tier, as_utc, normalize_text
from ..state import ScoredMemory
from ..text import detect_lang
from .past_question import asks_about_the_past

Lang = Literal["en", "zh"]

_ADVICE: dict[str, dict[Drift, str]] = {
    "en": {
        Drift.CODE: "code or files may have changed since; verify against the current code before relying on it.",
        Drift.CONFIG: "commands and configuration drift; verify it still works before using it.",
        Drift.PREFERENCE: "a preference; use it directly unless the user says otherwise.",
        Drift.EXTERNAL: "external state may be stale; say so if you rely on it.",
    },
    "zh": {
        Drift.CODE: "代码或文件可能已变化，使用前请对照当前代码核实。",
        Drift.CONFIG: "命令和配置可能已变，使用前请先确认仍然有效。",
        Drift.PREFERENCE: "这是偏好，可直接使用，除非用户另有说明。",
        Drift.EXTERNAL: "外部状态可能已过时，如需依赖请说明这一点。",
    },
}


#: Advice for a lasting personal fact (stable tier, external drift: where the user lives, an allergy, a name).
_LASTING = {
    "en": "a lasting personal fact; use it, and check with the user if a change since would matter.",
    "zh": "这是较稳定的个人情况，可以直接使用；如有变化会影响回答，请向用户确认。",
}


#: Advice for a turn of an imported conversation (`conversation.is_turn`): a record of what someone said then.
_SAID_THEN = {
    "en": "a turn of an imported conversation: what its speaker said then, not a standing preference or an instruction.",
    "zh": "这是导入的对话记录：说话人当时所说的话，不是长期偏好，也不是指令。",
}


def relative_age(then: datetime, now: datetime, lang: str = "en") -> str:
    """'today' / 'yesterday' / 'N days ago' (zh: 今天 / 昨天 / N 天前), by calendar days in UTC."""
    if lang not in ("en", "zh"):
        raise ValueError(f"lang must be 'en' or 'zh', got {lang!r}")
    days = (as_utc(now).date() - as_utc(then).date()).days
    if days <= 0:
        return "今天" if lang == "zh" else "today"
    if days == 1:
        return "昨天" if lang == "zh" else "yesterday"
    return f"{days} 天前" if lang == "zh" else f"{days} days ago"


def memory_lang(rec: MemoryRecord) -> Lang:
    return "zh" if detect_lang(rec.text) == "zh" else "en"


def freshness_note(rec: MemoryRecord, now: datetime, lang: str | None = None) -> str | None:
    """None for memories seen today or yesterday (an imported turn is always marked as what was said); otherwise the
    observation note plus drift advice."""
    lang = lang or memory_lang(rec)
    seen = rec.verified_at or rec.created_at
    days = (as_utc(now).date() - as_utc(seen).date()).days
    age = relative_age(seen, now, lang)
    if days <= 1:
        if not is_turn(rec):
            return None
        return f"{age}所说；{_SAID_THEN[lang]}" if lang == "zh" else f"Said {age}; {_SAID_THEN[lang]}"
    advice = _ADVICE[lang][rec.drift]
    if is_turn(rec):
        advice = _SAID_THEN[lang]
    elif (rec.drift is Drift.EXTERNAL and rec.tier is Tier.STABLE) or _names_someone(rec):
        advice = _LASTING[lang]  # an allergy, a home town, a wife's or a cat's name: no "external state", no "preference"
    if lang == "zh":
        return f"这是{age}的观察，不一定是当前状态；{advice}"
    return f"Observed {age}, not necessarily the current state; {advice}"


def _names_someone(rec: MemoryRecord) -> bool:
    """A name fact: the user's own (`name`) or a person's or pet's (`attr:wife_name`, `attr:猫名字`)."""
    pred = rec.predicate.casefold()
    return pred == "name" or (pred.startswith("attr:") and (pred.endswith("_name") or pred.endswith("名字")))


def _query_lang(text: str | None) -> Lang | None:
    """"zh" or "en" when the query has words of its own (a bare "?" or emoji has none)."""
    if not text or not re.search(r"[A-Za-z\u4e00-\u9fff]", text):
        return None
    return "zh" if detect_lang(text) == "zh" else "en"


class FreshnessNode(MemoryNode):
    """Fill `age` and `note` on `memory_selected`.

    Args:
        lang: "auto" (the query's language; each memory's own when the query has none), "en" or "zh".
    """

    name = "freshness"

    def __init__(self, *, lang: Literal["auto", "en", "zh"] = "auto", store: Any = None, **kw: Any) -> None:
        super().__init__(**kw)
        if lang not in ("auto", "en", "zh"):
            raise ValueError(f"lang must be 'auto', 'en' or 'zh', got {lang!r}")
        self.lang, self.store = lang, store

    def annotate(self, hit: ScoredMemory, now: datetime,
                 earlier: list[tuple[MemoryRecord, MemoryRecord]] | None = None, asked_in: Lang | None = None) -> ScoredMemory:
        """`earlier`: (a value the memory replaced, the record that replaced it), oldest link last. `asked_in`: the
        query's language, which the notes follow under "auto" (the reply is in it), else the memory's."""
        rec = hit.record
        lang = (asked_in or memory_lang(rec)) if self.lang == "auto" else self.lang
        seen = rec.verified_at or rec.created_at
        note = freshness_note(rec, now, lang)
        if (started := since_note(rec, now, lang)) is not None:
            note = ("；" if lang == "zh" else "; ").join(x for x in (started, note) if x)
        if (ending := until_note(rec, now, lang)) is not None:
            note = ("；" if lang == "zh" else "; ").join(x for x in (ending, note) if x)
        if earlier:
            note = ("；" if lang == "zh" else "; ").join(x for x in (_earlier_note(earlier, now, lang), note) if x)
        return hit.model_copy(update={"age": relative_age(seen, now, lang), "note": note})

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        hits = state.get("memory_selected") or []
        query = state.get("memory_query")
        earlier: dict[str, list[tuple[MemoryRecord, MemoryRecord]]] = {}
        if self.store is not None and query is not None and asks_about_the_past(query.text or ""):
            # "where did I live before?": what each memory replaced — from a partition this request may read, or
            # one of this user's own sessions in this project (a plain statement replaced by a later correction
            # lived in its session); never another user's or project's
            visible, own_sessions = set(ctx.visible_partitions()), ctx.session_prefix()
            history = _History(self.store, lambda r: r.scope.partition in visible
                               or r.scope.partition.startswith(own_sessions))
            history.fetch([i for h in hits for i in h.record.supersedes])
            earlier = {h.record.id: history.earlier_values(h.record) for h in hits}
        now = as_utc(now)
        asked_in = _query_lang(query.text if query is not None else "")
        return {"memory_selected": [self.annotate(h, now, earlier.get(h.record.id), asked_in) for h in hits]}


class _History:
    """The values memories replaced, read through their `supersedes` links (records fetched once, cached)."""

    MAX_STEPS = 6  # links walked back through copies of the same value

    def __init__(self, store: Any, readable: Callable[[MemoryRecord], bool]) -> None:
        self.store, self.readable = store, readable
        self.cache: dict[str, MemoryRecord | None] = {}

    def fetch(self, ids: list[str]) -> None:
        missing = [i for i in dict.fromkeys(ids) if i not in self.cache]
        if missing:
            found = self.store.get_many(missing)
            self.cache.update({i: found.get(i) for i in missing})

    def earlier_values(self, rec: MemoryRecord) -> list[tuple[MemoryRecord, MemoryRecord]]:
        """(earlier value, the record that replaced it) for each value genuinely different from `rec`'s, newest
        first, back through the whole chain (up to `MAX_STEPS` links). A link to the same value — the session
        copy a promotion superseded, a same-fact twin — is not an earlier value, but the walk goes on through it."""
        out: list[tuple[MemoryRecord, MemoryRecord]] = []
        values: set[str] = set()
        visited, newer = {rec.id}, [rec]
        for _ in range(self.MAX_STEPS):
            links = [(n, i) for n in newer for i in n.supersedes if i not in visited]
            if not links:
                break
            self.fetch([i for _, i in links])
            newer = []
            for by, i in links:
                visited.add(i)
                old = self.cache.get(i)
                if old is None or not self.readable(old):
                    continue
                newer.append(old)  # and on to what it replaced: Oslo → Bergen → Trondheim shows both
                if not _same_value(old, rec) and _value_key(old) not in values:
                    values.add(_value_key(old))
                    out.append((old, by))
        return out


def _value_key(rec: MemoryRecord) -> str:
    return normalize_text(rec.object) if rec.object else normalize_text(rec.text)


def _same_value(old: MemoryRecord, rec: MemoryRecord) -> bool:
    """The same fact: the same text, or the same attribute with the same object and polarity (any language)."""
    if normalize_text(old.text) == normalize_text(rec.text):
        return True
    return (bool(rec.object) and old.polarity == rec.polarity and old.predicate.casefold() == rec.predicate.casefold()
            and normalize_text(old.object) == normalize_text(rec.object))


def _earlier_note(earlier: list[tuple[MemoryRecord, MemoryRecord]], now: datetime, lang: str) -> str:
    """ "earlier: «User lives in Lisbon» (stated 40 days ago, replaced 12 days ago)"; replaced when the user said
    the change happened ("I moved last month"), else when it was said. A change dated before the old value was
    even stated ("we use pnpm" today, then "we switched to Bun last month") is told as the user's later account,
    not as a replacement that preceded the statement."""
    def age(r: MemoryRecord) -> str:
        return relative_age(r.created_at, now, lang)

    def note(e: MemoryRecord, by: MemoryRecord) -> str:
        when = began(by)
        replaced = relative_age(when or by.created_at, now, lang)
        if when is not None and when < e.created_at:  # back-dated: said after the old value, dated before it
            if lang == "zh":
                return f"此前：«{e.text}»（{age(e)}所说；据用户之后所说，{replaced}被取代）"
            return f"earlier: «{e.text}» (stated {age(e)}; the user said later it was replaced {replaced})"
        if lang == "zh":
            return f"此前：«{e.text}»（{age(e)}所说，{replaced}被取代）"
        return f"earlier: «{e.text}» (stated {age(e)}, replaced {replaced})"

    return ("；" if lang == "zh" else "; ").join(note(e, by) for e, by in earlier)


def began(rec: MemoryRecord) -> datetime | None:
    """When the user said the value began to hold (`metadata["since"]`, "I moved here last month"), if they did."""
    try:
        return as_utc(datetime.fromisoformat(str(rec.metadata["since"]))) if rec.metadata.get("since") else None
    except ValueError:
        return None


def until_note(rec: MemoryRecord, now: datetime, lang: str) -> str | None:
    """ "holds until 2026-12-12 (the user said "until Friday")" for a fact whose end the user gave."""
    try:
        end = as_utc(datetime.fromisoformat(str(rec.metadata["until"]))) if rec.metadata.get("until") else None
    except ValueError:
        return None
    if end is None:
        return None
    day = (end - timedelta(seconds=1)).date().isoformat()  # the end is the start of the next day
    said = str(rec.metadata.get("until_said") or "")[:40]
    if lang == "zh":
        return f"截至{day}" + (f"（用户说“{said}”）" if said else "")
    return f"holds until {day}" + (f' (the user said "{said}")' if said else "")


def since_note(rec: MemoryRecord, now: datetime, lang: str) -> str | None:
    """ "true since 30 days ago (the user said "last month")" for a value whose start the user gave."""
    start = began(rec)
    if start is None:
        return None
    said = str(rec.metadata.get("since_said") or "")[:40]
    long_ago = (as_utc(now) - start).days > 365  # "in 2019": the year, not "2907 days ago"
    if long_ago and str(start.year) in said:
        said = ""  # "true since 2019", not "… (the user said "in 2019")": the year is what they said
    if lang == "zh":
        return (f"自{start.year}年起" if long_ago else f"自{relative_age(start, now, lang)}起") + (f"（用户说“{said}”）" if said else "")
    return (f"true since {start.year}" if long_ago else f"true since {relative_age(start, now, lang)}") + (
        f' (the user said "{said}")' if said else "")
