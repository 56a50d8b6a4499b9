"""A change said without its new value: "I moved.", "I changed jobs", "I got a new laptop", "我搬家了。", "我换工作了",
"我换了个新手机", "we sold our car". Nothing new is stored (the new value was not said), and the attribute's current value is no longer
certain: it is flagged `needs_confirmation` (recall then says "confirm with the user"), as for a correction whose new
value did not parse. Only a sentence that is the change and nothing else counts: "I moved to Denver" is a move.

Example:
    >>> read("I moved.")["confirm_attribute"][0]
    ['user', 'lives_in']
    >>> read("我换了个新手机。")["confirm_attribute"]
    [['user', 'attr:phone'], ['user', 'attr:手机']]
    >>> read("We sold our car last month.")["confirm_attribute"]
    [['user', 'attr:car'], ['user', 'attr:车']]
    >>> read("I moved to Denver."), read("I got a new laptop, a Framework 13.")
    (None, None)
"""

from __future__ import annotations

import re
from typing import Any

from ..records import MemoryContext, Status
from . import lexicon as lx

_I = re.IGNORECASE
_WHEN_EN = r"(?:\s+(?:recently|again|last\s+(?:week|month|year)|this\s+(?:week|month|year)|a\s+(?:while|few\s+\w+)\s+ago))*"
_SOON_EN = r"(?:just\s+|finally\s+|recently\s+|actually\s+)?"
_HAVE_EN = r"(?:(?:i|we)\s+(?:have|had|'ve)\s+|(?:i|we)\s+)"
_WHEN_ZH = r"(?:最近|刚刚?|已经|上个?月|上周|去年|前段时间|前阵子|这个月)*"
_LAPTOP = ("attr:laptop", "attr:computer", "attr:笔记本", "attr:笔记本电脑", "attr:电脑")
_PHONE = ("attr:phone", "attr:手机")
_CAR = ("attr:car", "attr:车")
_THING_EN = {"laptop": _LAPTOP, "computer": _LAPTOP, "pc": _LAPTOP, "phone": _PHONE, "car": _CAR}
_THING_ZH = {"电脑": _LAPTOP, "笔记本": _LAPTOP, "笔记本电脑": _LAPTOP, "手机": _PHONE, "车": _CAR}
_CHANGES: list[tuple[re.Pattern[str], tuple[str, ...] | None]] = [
    (re.compile(rf"{_HAVE_EN}{_SOON_EN}(?:moved|relocated)(?:\s+(?:house|home|out|away))?{_WHEN_EN}", _I), ("lives_in",)),
    (re.compile(rf"{_HAVE_EN}{_SOON_EN}(?:changed|switched)\s+(?:jobs|companies|employers){_WHEN_EN}|"
                rf"(?:i\s+(?:have\s+|'ve\s+)?{_SOON_EN}(?:got|started|found|landed)|i\s+have)\s+a\s+new\s+job{_WHEN_EN}", _I), ("works_at",)),
    (re.compile(rf"i\s+(?:have\s+|'ve\s+)?{_SOON_EN}(?:got|bought|have|picked\s+up)\s+a\s+new\s+(?P<t>laptop|computer|pc|phone|car){_WHEN_EN}|"
                rf"i\s+(?:have\s+|'ve\s+)?{_SOON_EN}(?:changed|switched|replaced)\s+(?:my\s+)?(?P<u>laptop|computer|pc|phone|car)s?{_WHEN_EN}|"
                # the old one gone, the new one unnamed: "we sold our car", "I traded in my phone", "I totaled my car"
                rf"{_HAVE_EN}{_SOON_EN}(?:sold|traded\s+in|got\s+rid\s+of|totall?ed|wrote\s+off|scrapped|lost|broke)\s+(?:my|our)\s+"
                rf"(?:old\s+)?(?P<v>laptop|computer|pc|phone|car){_WHEN_EN}", _I), None),
    (re.compile(rf"我们?{_WHEN_ZH}(?:搬家了|搬走了|搬了家|搬家啦|搬了)"), ("lives_in",)),
    (re.compile(rf"我{_WHEN_ZH}(?:换工作了|换了(?:份|个)?(?:新)?工作|跳槽了|换公司了|换了(?:家|个)?(?:新)?公司)"), ("works_at",)),
    (re.compile(rf"我{_WHEN_ZH}(?:(?:换了|买了)(?:个|台|部|辆)?新?(?P<t>笔记本电脑|笔记本|电脑|手机|车)|换(?P<u>笔记本电脑|笔记本|电脑|手机|车)了)"), None),
]
REASON = "a change without its new value: the current value needs confirmation"


def read(sentence: str) -> dict[str, Any] | None:
    """A skip for `sentence` when it is a change with no new value, carrying `confirm_attribute`: the
    (subject, predicate) pairs whose current value it puts in doubt; else None."""
    clause = lx.LEAD.sub("", sentence.strip()).strip(" .,;:!?。，；：！？~～…")
    for pattern, predicates in _CHANGES:
        m = pattern.fullmatch(clause)
        if m:
            if predicates is None:
                thing = next(g for g in m.groupdict().values() if g).casefold()
                predicates = _THING_EN.get(thing) or _THING_ZH[thing]
            return {"text": sentence.strip(), "reason": REASON, "confirm_attribute": [["user", p] for p in predicates]}
    return None


def with_held_values(store: Any, ctx: MemoryContext, skips: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`skips` with each `confirm_attribute` turned into `confirm`: the user's active values of that attribute
    (what `CommitNode` flags `needs_confirmation`)."""
    from .stored_correction import correction_partitions

    parts = None
    out = []
    for s in skips:
        wanted = s.get("confirm_attribute")
        if not wanted:
            out.append(s)
            continue
        parts = parts if parts is not None else correction_partitions(store, ctx)
        held = [[subject, predicate, ref.object] for subject, predicate in wanted
                for ref in store.find_refs(parts, statuses=(Status.ACTIVE,), subject=subject, predicate=predicate)]
        out.append({k: v for k, v in s.items() if k != "confirm_attribute"} | ({"confirm": held} if held else {}))
    return out


def settled(found: list[tuple[Any, str, Any, bool]], skips: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`skips` without a change whose new value the same message gave after all ("I switched jobs again, I work at
    Anthropic now": the job is not in doubt), and without the "no parse" twin of a change's own clause."""
    said = {c.predicate for c, _, _, _ in found}
    changes = {s["text"].strip(" .,;:!?。，；：！？") for s in skips if s.get("reason") == REASON}
    return [s for s in skips
            if not (s.get("reason") == REASON and any(p in said for _, p in s.get("confirm_attribute") or []))
            and not (s.get("reason") == "no parse" and s.get("text", "").strip(" .,;:!?。，；：！？") in changes)]


__all__ = ["REASON", "read", "settled", "with_held_values"]
