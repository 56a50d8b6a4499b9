"""A user who changes their mind back ("Actually, go back to Vim.", "Never mind, Vim after all.", "我又换回 Vim 了。",
"其实还是咖啡吧。", "Actually go back to the first one.", "还是用回原来那个吧。") corrects a value to one seen earlier in
that value's supersede chain.

The rule extractor leaves such a clause unparsed (no relation of its own). `land_returns` reads it by structure:
a return marker (back / after all / 换回 / 还是…) and either a value named in the chain of one of the user's
active memories (the memories it superseded, `supersedes`, followed back), or a reference to a position in a
chain ("the first one" / "原来那个": the oldest value; "the previous one" / "上一个": the one before the current).
The value found becomes an `explicit_correction` of that active memory (`ResolveNode` supersedes it). A value
named outside every chain but of the same one-at-a-time kind as an active memory ("还是 Emacs 吧" after "我用
Vim") corrects that memory. A return or an unqualified correction ("No wait, change that.") that names nothing
it can resolve flags the current value `needs_confirmation` (the skip's `confirm`, applied by `CommitNode`) and
says so in `memory_skipped`: never silently kept.

Only the user's own partitions are read (`stored_correction.correction_partitions`); the text never names a scope.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ..records import MemoryContext, MemoryRecord, Source, Status, normalize_text
from ..state import PendingWrite
from .extractor import RuleExtractor, Turn, latest_user_turns, turn_id
from .rules import Claim, clean_object
from .stored_correction import correction_partitions

_I = re.IGNORECASE
#: Going back to an earlier value: "go/switch/change back (to)", "X after all", "revert to", "换回/用回/改回/回到".
RETURN = re.compile(r"\bback\b|\bafter all\b|\brevert(?:ed|ing)?\b|[换用改切调搬]回|回到", _I)
#: A change of mind back said as such, the only return that may name a chain position or be left unresolved
#: ("go back to the first one", "switch it back", "用回原来那个"); "I'm back", "welcome back", "我回到家了" are not.
RETURN_VERB = re.compile(r"\b(?:go(?:ing)?|went|switch(?:ed|ing)?|chang(?:e|ed|ing)|mov(?:e|ed|ing)|put|set|flip(?:ped)?)"
                         r"\s+(?:it\s+|that\s+)?back\b|\brevert(?:ed|ing)?\s+to\b|\bafter all\b|[换用改切调]回", _I)
#: A choice settled again ("还是 X 吧", "算了，还是 X"): a return only when it names a value of a chain.
SETTLED = re.compile(r"还是|\binstead\b", _I)
#: A position in the chain instead of a value.
FIRST = re.compile(r"\b(?:first|original|initial)\b|原来|原先|最初|最早|第一个|一开始", _I)
PREVIOUS = re.compile(r"\b(?:previous|last|old|earlier|former|other)\s+(?:one|value|choice|option)\b|"
                      r"上一个|刚才那|之前那|另一个|以前那", _I)
_QUESTION = re.compile(r"[?？]\s*$|[吗呢][。.!！]?\s*$|什么|哪|\b(?:should|shall|could|would)\s+i\b", _I)
_SKIP_READ = frozenset({"no parse", "question", "small talk", "correction: no stored memory named or shown to correct"})
MAX_CHAIN = 12  # supersede links followed back from one active memory
MAX_HELD = 400  # active memories looked at for chains


def _marked(text: str) -> bool:
    return bool(RETURN.search(text) or SETTLED.search(text) or FIRST.search(text) or PREVIOUS.search(text))


def chain(store: Any, head: MemoryRecord) -> list[MemoryRecord]:
    """`head`'s supersede chain, oldest first, ending with `head` (the values it replaced, followed back)."""
    out, seen, ids = [head], {head.id}, list(head.supersedes)
    while ids and len(out) <= MAX_CHAIN:
        got = store.get_many([i for i in ids if i not in seen])
        nxt: list[str] = []
        for i in ids:
            r = got.get(i)
            if r is None or r.id in seen or r.subject != head.subject:
                continue
            seen.add(r.id)
            out.append(r)
            nxt += r.supersedes
        ids = nxt
    return sorted(out, key=lambda r: r.created_at)


def _names(text: str, value: str) -> bool:
    """Does the clause name `value` as a whole word ("Vim" in "go back to Vim", "咖啡" in "还是咖啡吧")?"""
    v, t = normalize_text(re.sub(r"^(?:an?|the|my)\s+", "", value.strip(), flags=_I)), normalize_text(text)
    if not v:
        return False
    if re.search(r"[\u3400-\u9fff]", v):
        return v in t
    return re.search(rf"(?<![\w.+#-]){re.escape(v)}(?![\w+#])", t) is not None


def _resolve(text: str, chains: list[list[MemoryRecord]], held: list[MemoryRecord]) -> tuple[MemoryRecord, str] | str | None:
    """(active memory to correct, value to go back to); "current" when the clause names only current values;
    None when it resolves nothing."""
    newest = held[-1].id if held else ""
    for ch in sorted(chains, key=lambda c: c[-1].created_at, reverse=True):  # the newest changed slot first
        head = ch[-1]
        earlier = [r for r in ch[:-1] if normalize_text(r.object) != normalize_text(head.object)]
        named = [r for r in earlier if _names(text, r.object)]
        if named:
            return head, named[-1].object
        if head.id != newest or not (RETURN_VERB.search(text) or SETTLED.search(text)):
            continue  # "the first one" speaks of the value just talked about, and only after a word of return
        if len(ch) > 1 and FIRST.search(text):  # the oldest value: maybe the current one again
            return (head, ch[0].object) if earlier and normalize_text(ch[0].object) != normalize_text(head.object) else "current"

        if earlier and PREVIOUS.search(text):
            return head, earlier[-1].object
    if any(_names(text, r.object) for r in held):
        return "current"
    return None


def _same_kind(text: str, held: list[MemoryRecord]) -> tuple[MemoryRecord, str] | None:
    """A value named outside every chain, of the one-at-a-time kind of one active memory ("还是 Emacs 吧"
    after "我用 Vim"): that memory and the value."""
    from .resolve import ONE_AT_A_TIME, _one_at_a_time  # resolve imports extract, which imports this module

    words = re.findall(r"[A-Za-z][\w.+#-]*|[\u3400-\u9fff]{2,6}", text)
    for w in words:
        kinds = _one_at_a_time(w)
        if not kinds:
            continue
        same = [r for r in held if _one_at_a_time(r.object) & kinds & ONE_AT_A_TIME]
        if len(same) == 1 and normalize_text(same[0].object) != normalize_text(w):
            return same[0], w
    return None


def land_returns(store: Any, pending: list[PendingWrite], skips: list[dict[str, Any]], turns: Sequence[Turn],
                 ctx: MemoryContext, now: datetime) -> tuple[list[PendingWrite], list[dict[str, Any]]]:
    """(`pending` plus the returns resolved, `skips` with the clauses they explain replaced). See the module."""
    latest, earlier = latest_user_turns(turns)
    if store is None or not latest:
        return pending, skips
    said = [s for s in skips if s.get("reason") in _SKIP_READ and s.get("text") and not s.get("confirm")
            and _marked(s["text"]) and not _QUESTION.search(s["text"])]
    bare = _bare_correction(pending, skips, " ".join(str(t.get("content") or "") for t in latest))
    past = [s for s in skips if s.get("reason") == "past value" and s.get("text")]
    if not said and not bare and not past:
        return pending, skips
    held = [r for r in store.find(correction_partitions(store, ctx), statuses=(Status.ACTIVE,))
            if r.object.strip() and r.predicate not in ("states", "memory_file")]
    held = sorted(held, key=lambda r: r.created_at)[-MAX_HELD:]
    chains = [chain(store, r) for r in held if r.supersedes]
    tid = turn_id(latest[-1], len(earlier) + len(latest) - 1)
    out_pending, drop, added = list(pending), set(), []
    for s in said:
        text = s["text"]
        got = _resolve(text, chains, held)
        if got is None and (RETURN.search(text) or SETTLED.search(text)):
            got = _same_kind(text, held)
        if isinstance(got, tuple):
            head, value = got
            out_pending.append(_correction(head, value, text, ctx, now, tid))
            drop |= {id(x) for x in skips if x.get("text") and (x["text"] in text or text in x["text"])}
        elif got == "current":
            drop |= {id(x) for x in skips if x.get("text") and (x["text"] in text or text in x["text"])}
            added.append({"text": text, "reason": "already the current value: nothing changed"})
        elif RETURN_VERB.search(text):
            drop |= {id(x) for x in skips if x.get("text") and (x["text"] in text or text in x["text"])
                     and str(x.get("reason")).startswith("correction") and x.get("reason") != "correction marker"}
            drop.add(id(s))
            added.append(_doubt(text, held, "names no earlier value to go back to"))
    for s in past:  # "ThinkPad 是之前那台，现在用 MacBook。": the old value named, the new one said without a subject
        old = [r for r in held if _names(s["text"], r.object)]
        if not old or any(p.replaces and _names(s["text"], p.replaces[0]) for p in out_pending):
            continue
        loose = [x for x in skips if x.get("reason") == "no parse" and x.get("text") and id(x) not in drop]
        now_said = next(((x, v) for x in loose for v in _subjectless(x["text"], old[-1])), None)
        if now_said is not None:
            clause, value = now_said
            out_pending.append(_correction(old[-1], value, f'{s["text"]}, {clause["text"]}', ctx, now, tid))
            drop |= {id(s), id(clause)}
        elif loose:
            added.append({"text": s["text"], "reason": f"correction not understood: the new value did not parse; "
                                                       f"«{old[-1].text}» needs confirmation",
                          "confirm": [[old[-1].subject, old[-1].predicate, old[-1].object]]})
    if bare is not None and len(out_pending) == len(pending):
        added.append(_doubt(bare, held, "says what was wrong but not the new value"))
    added = [a for a in added if a]
    return out_pending, [*(s for s in skips if id(s) not in drop), *added]


def _subjectless(clause: str, old: MemoryRecord) -> list[str]:
    """The values of `old`'s attribute a clause said without its subject gives ("现在用 MacBook", "now on Helix")."""
    from . import grammar  # grammar imports the extractor's modules; read lazily

    leads = ("我",) if re.search(r"[\u3400-\u9fff]", clause) else ("I ", "I'm ")  # "now on a MacBook": I'm on it
    return [c.object for lead in leads for c in grammar.parse(lead + clause.strip())
            if c.subject == old.subject and c.predicate == old.predicate and c.polarity == old.polarity.value
            and normalize_text(c.object) != normalize_text(old.object)][:1]


#: A request to change what was just said, with no new value: a change verb on an anaphor ("change that",
#: "fix it", "that's wrong", "改一下", "改掉", "不是这样").
CHANGE_IT = re.compile(r"\b(?:change|fix|correct|update|undo|redo)\s+(?:that|it|this)\b|\bthat'?s\s+(?:wrong|not right)\b|"
                       r"改一下|改一改|改掉|改过来|不是这样|错了", _I)


def _bare_correction(pending: list[PendingWrite], skips: list[dict[str, Any]], said: str) -> str | None:
    """A turn that corrects without a new value ("No wait, change that.", "不对，改一下。"): a correction marker and
    a request to change what was said (`CHANGE_IT`), nothing stored and nothing else read. A marker alone ("No
    wait.", "不对不对。") or with other words ("No wait, let me think.") may answer the assistant: nothing flagged."""
    if pending or not skips:
        return None
    reasons = {s.get("reason") for s in skips}
    if "correction marker" not in reasons or not reasons <= {"correction marker", "no parse"}:
        return None
    rest = said
    for s in skips:
        if s.get("reason") == "correction marker":
            rest = rest.replace(str(s.get("text") or ""), " ")
    return said.strip() if CHANGE_IT.search(rest) else None


def _doubt(text: str, held: list[MemoryRecord], why: str) -> dict[str, Any]:
    """The current value the turn may correct (the newest memory: the value just talked about), flagged."""
    target = held[-1:]
    if not target:
        return {"text": text, "reason": f"correction not understood: {why}; nothing stored to confirm"}
    r = target[0]
    return {"text": text, "reason": f"correction not understood: {why}; «{r.text}» needs confirmation",
            "confirm": [[r.subject, r.predicate, r.object]]}


def _correction(head: MemoryRecord, value: str, quote: str, ctx: MemoryContext, now: datetime, tid: str) -> PendingWrite:
    claim = Claim(head.subject, head.predicate, clean_object(value), head.polarity.value, head.kind.value, [head.object])
    p = RuleExtractor()._pending(claim, quote, Source.EXPLICIT_CORRECTION, False, ctx, now, tid)
    return p.note("extract", f"back to an earlier value of {head.id}'s attribute")


__all__ = ["chain", "land_returns"]
