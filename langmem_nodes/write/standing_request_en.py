"""English requests about what the assistant offers: which last, which are for this answer, which repeat a fact.

A "don't suggest / recommend / give me X" request lasts when a word says so ("ever", "again", "anymore", "don't ever",
also as the next clause: "don't suggest React, ever"); "stop …ing X" lasts by itself ("please stop putting emojis in
code comments"). Either is a negative rule of the user's. One about this answer ("for this one", "this time", "here",
"the whole file") stores nothing. A request that names only what the message already says the user does without
("Never suggest Windows-specific solutions; I don't use Windows") is that one fact, not a second record.

    >>> [(c.object, c.polarity) for c in read("don't suggest jQuery", "ever")]
    [('suggest jQuery', 'negative')]
    >>> read("don't suggest jQuery for this one", ""), read("I don't use jQuery", "")
    ([], None)
"""

from __future__ import annotations

import re
from typing import Any

from ..records import Source
from .rules import Claim, clean_object

_I = re.IGNORECASE
_PLEASE = r"^(?:(?:please|pls|plz|and|also|oh and|ok)\s+)*"
_LASTS = r"(?:ever again|ever|again|anymore|any more|never again|from now on|going forward)"
_DONT = re.compile(rf"{_PLEASE}(?:don'?t|do not)\s+(?P<e>ever\s+)?(?P<v>suggest|recommend|give me|show me|send me|offer)\s+"
                   rf"(?P<o>.+?)(?P<m>\s*,?\s*{_LASTS})?$", _I)
_STOP = re.compile(rf"{_PLEASE}(?:can you\s+|could you\s+)?stop\s+(?P<v>suggesting|recommending|putting|adding|using|giving me|"
                   r"showing me|sending me|writing|including)\s+(?P<o>.+)$", _I)
_BASE = {"suggesting": "suggest", "recommending": "recommend", "putting": "put", "adding": "add", "using": "use",
         "giving me": "give me", "showing me": "show me", "sending me": "send me", "writing": "write", "including": "include"}
_MARKER = re.compile(rf"^\s*(?:{_LASTS}|never|ever,?\s+i mean it)\s*[.!]*$", _I)
_ONE_OFF = re.compile(r"\b(?:for this|this time|this one|here|for a sec|for a second|right now|for now|today|"
                      r"this task|in this)\b|^(?:the|this|that|these|those|it|anything)\b", _I)
# what a request about the assistant's output adds to the thing it names
_OUTPUT = re.compile(r"\b(?:suggest|recommend|give me|show me|send me|offer|solutions?|answers?|commands?|examples?|libraries|"
                     r"library|shortcuts?|keybindings?|tools?|snippets?|tips|code|specific|based|stuff|things)\b|-", _I)
_TRAIL = re.compile(rf"\s*,?\s*{_LASTS}\s*$", _I)


def read(clause: str, after: str = "") -> list[Claim] | None:
    """The user's negative rule a request states; [] when it is for this answer; None when `clause` is none.
    `after` is the clause after it, which may be the word that makes it last ("…, ever")."""
    m, stop = _DONT.match(clause.strip(" .!")), _STOP.match(clause.strip(" .!"))
    if not (m or stop):
        return None
    found = m or stop
    assert found is not None
    verb, obj = found.group("v").lower(), clean_object(_TRAIL.sub("", found.group("o")))
    if not obj or _ONE_OFF.search(obj):
        return []
    if m and not (m.group("e") or m.group("m") or _MARKER.match(after)):
        return None  # "don't suggest jQuery": this answer, or a standing wish? left to the grammar
    return [Claim("user", "rule", f"{_BASE.get(verb, verb)} {obj}", "negative", "rule")]


def _one_off(c: Claim, clause: str) -> bool:
    """"don't give me the whole file": a request about this answer's own material."""
    return c.polarity == "negative" and bool(re.match(rf"{_PLEASE}(?:don'?t|do not)\s+(?:give|show|send)\s+me\s+(?:the|this|that)\b",
                                                        clause.strip(), _I))


def _named_only(obj: str, things: set[str]) -> bool:
    """`obj` ("suggest Windows-specific solutions") names one of `things` and nothing else but output words."""
    for t in things:
        if re.search(rf"(?<![\w]){re.escape(t)}(?![\w])", obj, _I):
            rest = _OUTPUT.sub(" ", re.sub(re.escape(t), " ", obj, flags=_I))
            if not rest.strip():
                return True
    return False


def reread(found: list[tuple[Claim, str, Any, bool]], skips: list[dict[str, Any]]
           ) -> tuple[list[tuple[Claim, str, Any, bool]], list[dict[str, Any]]]:
    """`found` with standing requests the grammar left in `skips`, without requests for this answer, and without a
    request that repeats a fact of the same message."""
    out = []
    for c, clause, source, hedged in found:
        if c.subject == "user" and c.predicate in ("prefers", "rule") and c.polarity == "negative" and not re.search(r"[^\x00-\u024f]", clause):
            if _one_off(c, clause):
                continue
            if (obj := _TRAIL.sub("", c.object)) != c.object and obj:  # "Java examples ever again"
                c = Claim(c.subject, c.predicate, obj, c.polarity, c.kind, list(c.replaces), c.condition, c.verb)
        out.append((c, clause, source, hedged))
    kept = []
    for i, s in enumerate(skips):
        after = skips[i + 1].get("text", "") if i + 1 < len(skips) else ""
        rule = read(s.get("text", ""), after) if s.get("reason") == "no parse" else None
        if rule:
            out += [(r, s["text"], Source.INFERRED, False) for r in rule]
        else:
            kept.append(s)
    things = {c.object for c, *_ in out if c.polarity == "negative" and c.predicate in ("uses", "prefers")}
    things |= {r for c, *_ in out for r in c.replaces if r}
    return [(c, q, s, h) for c, q, s, h in out
            if not (c.subject == "user" and c.polarity == "negative" and c.predicate in ("rule", "prefers")
                    and _named_only(c.object, things - {c.object}))], kept


__all__ = ["read", "reread"]
