"""A wish said with its negation: "I'd rather not X", "I'd rather you didn't X", "I'd appreciate it if you didn't X".

The negation scopes over the verb, so what the verb takes is a NEGATIVE preference of the user's ("I'd rather not get
book recommendations in the horror genre" → horror book recommendations, negative), never a positive one for "not
get …" or a statement of the whole sentence. A wish bound to this one answer ("for this", "this time", "right now")
stores nothing.

    >>> [(c.object, c.polarity) for c in read("I'd rather you didn't use semicolons")]
    [('semicolons', 'negative')]
    >>> read("I'd rather not use Docker for this"), read("I'd rather use Vim than Emacs")
    ([], None)
"""

from __future__ import annotations

import re
from typing import Any

from ..records import Source
from .rules import Claim, clean_object

_I = re.IGNORECASE
_VERB = (r"use|using|get|getting|see|seeing|include|including|put|putting|add|adding|give me|giving me|suggest|suggested|"
         r"suggesting|recommend|recommended|recommending|show me|showing me|show|have|send me|write|writing")
_WISH = re.compile(
    r"\b(?:i'?d|i would)\s+(?:(?:much|really|honestly|personally)\s+)*(?:rather|prefer|like it|appreciate it)\s+(?:it\s+)?(?:if\s+)?"
    r"(?:you'd\s+|you\s+)?(?:not|never|didn't|did not|wouldn't|would not|don't|do not|stop|stopped)\s+(?:to\s+)?"
    rf"(?:(?:{_VERB})\s+)?(?P<o>\S.*)$", _I)
_MEMORY = re.compile(r"^(?:remember|keep|store|save|memori[sz]e|note|record|track|log|hold on to|mention)\b", _I)
_ONE_OFF = re.compile(r"\b(?:for this|this time|right now|for now|today|tonight|in this one|in this answer|here)\b", _I)
_REASON = re.compile(r"\s*(?:,|;|\s-\s|\s—\s|\s+(?:because|since|as|so that|so|when)\b).*$", _I)


def read(clause: str) -> list[Claim] | None:
    """The negative preference a negated wish states; [] for a wish about this answer; None when `clause` is none."""
    m = _WISH.search(clause)
    if not m or _MEMORY.match(m.group("o")):  # "I'd rather you didn't remember what car I drive": a forget request
        return None
    if _ONE_OFF.search(m.group("o")):
        return []
    obj = clean_object(_REASON.sub("", m.group("o")))
    return [Claim("user", "prefers", obj, "negative", "preference")] if obj else []


def reread(found: list[tuple[Claim, str, Any, bool]], skips: list[dict[str, Any]]
           ) -> tuple[list[tuple[Claim, str, Any, bool]], list[dict[str, Any]]]:
    """`found` with each English negated wish read as one (its clause's other readings dropped), and a wish the
    grammar left unparsed taken from `skips`."""
    out: list[tuple[Claim, str, Any, bool]] = []
    done: set[str] = set()
    for c, clause, source, hedged in found:
        wish = read(clause) if c.subject == "user" and c.predicate in ("prefers", "states") else None
        if wish is None:
            out.append((c, clause, source, hedged))
        elif clause not in done:
            done.add(clause)
            out += [(w, clause, source, hedged) for w in wish]
    kept = []
    for s in skips:
        wish = read(s.get("text", "")) if s.get("reason") == "no parse" else None
        if wish:
            out += [(w, s["text"], Source.INFERRED, False) for w in wish]
        else:
            kept.append(s)
    return out, kept


__all__ = ["read", "reread"]
