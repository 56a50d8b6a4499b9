"""A value said again in place of the one just said, in the same sentence (en): "I'm based in Austin, or rather
Round Rock", "we're on 3.9, make that 3.11", "built with Angular, Svelte I mean", "it takes 40 minutes, or more like 50".

The clause withdraws the claim read just before it only when the two values are of one kind (both numbers, both
weekdays, both names …): "My cat Mochi is 3 — make that 4" says 4 of the age, not of the name Mochi.

    >>> value("or rather Round Rock"), value("make that 3.11"), value("make that a list"), value("Svelte I mean")
    ('Round Rock', '3.11', '', 'Svelte')
    >>> replaces("or rather Round Rock", "Austin"), replaces("make that 4", "Mochi")
    (True, False)
    >>> opens("Eh, more like $1350, they raised it."), opens("Three weeks, I mean."), opens("I like it more like this.")
    (True, True, False)
    >>> softly_before("actually", "vegetarian", "vegan"), softly_before("actually", "Lyon is nicer", "Paris")
    (True, False)
"""

from __future__ import annotations

import re

from .correction_slot import _kind

_OPENER = r"(?:actually|no|sorry|wait|oops|oh|well|eh|er+|um+|uh+|hmm+)"
_RESAY = re.compile(rf"^(?:{_OPENER}[,\s]+)*(?:or\s+rather|(?:or\s+)?more\s+like|make\s+that)\s+"
                    r"(?!(?:a|an|the|my|your|it|its|it's|this|that|one|more|less|shorter|longer|clearer|i|i'm|i'd|we|you|he|she|they|not)\b)(?P<v>\S[^,;!?]{0,30}?)\s*[.!]?$", re.I)


# "Svelte I mean", "Thursdays, I mean", "(well,) Italian really": a short bare value, then "I mean"
_MEANT_AFTER = re.compile(r"^(?!(?:i|i'm|it|it's|my|we|we're|our|you|he|she|they|that|this|so|and|but|what|how|nothing|"
                          r"something|anything|everything|none|nobody|no|not|all|same|whatever)\b)"
                          r"(?P<v>[\w.+#-]+(?:\s+[\w.+#-]+){0,2}?)\s*,?\s+(?:i mean|really|actually)\s*[.!]?$", re.I)


def value(raw: str) -> str:
    """The value a re-saying clause gives ("or rather Round Rock" → "Round Rock", "Svelte I mean" → "Svelte"),
    else ""."""
    m = _RESAY.match(raw.strip(" ,;—–-")) or _MEANT_AFTER.match(raw.strip(" ,;—–-"))
    return m.group("v").strip() if m else ""


def unmarked(clause: str) -> str:
    """`clause` without its re-saying words ("or rather Round Rock" → "Round Rock", "Svelte I mean" → "Svelte");
    "make that …" is kept whole (the clause reader takes its value, over every value of its kind)."""
    return clause if re.match(r"\W*make\b", clause, re.I) else value(clause) or clause


_SOFT = re.compile(r"^(?:(?:well|actually|er+|erm|um+|uh+|or|i mean)[,\s]*)+$", re.I)
_BARE = re.compile(r"^(?!(?:i|i'm|it|it's|my|we|we're|our|you|he|she|they|that|this|so|and|but|what|how|please|thanks|not|no|yes)\b)"
                   r"(?!.*\b(?:is|are|was|were|am|be|been|has|have|had|do|does|did|will|would|can|could|should|like|love|hate|"
                   r"want|need|think|know|go|get|got)\b)(?!.*'s\b)"
                   r"(?P<v>[\w.+#-]+(?:\s+[\w.+#-]+){0,2})\s*[.!]?$", re.I)


def softly_before(raw: str, following: str, old: str) -> bool:
    """`raw` is only soft words ("well", "actually", "er") and `following` a short bare value of `old`'s kind:
    "I'm vegan — well, actually, vegetarian" says vegetarian in place of vegan."""
    m = None if _SOFT.match(following.strip(" ,;—–-")) else _BARE.match(following.strip(" ,;—–-"))
    return bool(_SOFT.match(raw.strip(" ,;—–-")) and m and _kind(m.group("v"))[0] == _kind(old)[0])


def opens(message: str) -> bool:
    """The message opens by saying a value again ("Eh, more like $1350, they raised it", "make that 20", "Three
    weeks, I mean"): it
    corrects the user's turn before."""
    parts = re.split(r"[,;.!?—–]+", message)
    for i, part in enumerate(parts):
        if re.fullmatch(rf"\s*(?:{_OPENER}\s*)*", part, re.I):
            continue
        meant_next = i + 1 < len(parts) and re.fullmatch(r"\s*i mean\s*", parts[i + 1], re.I) and _BARE.match(part.strip())
        return bool(_RESAY.match(part.strip()) or _MEANT_AFTER.match(part.strip()) or meant_next)
    return False


def replaces(raw: str, old: str) -> bool:
    """`raw` says a value again in place of `old`, a value of the same kind."""
    v = value(raw)
    return bool(v) and _kind(v)[0] == _kind(old)[0]


__all__ = ["opens", "replaces", "softly_before", "unmarked", "value"]
