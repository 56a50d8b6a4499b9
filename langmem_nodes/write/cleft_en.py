"""An English cleft said as the plain clause: "it's tree nuts I'm allergic to" → "I'm allergic to tree nuts".

Corrections often put the new value first ("oh wait, it's Lund I moved to", "it was Globex I worked for"); the
clause rules read the value after its verb. Only a cleft whose verb phrase ends in a preposition or a verb of
use is turned round, so "it's fine I guess" or "it's Rust I use now" stay as they are.

Example:
    >>> uncleft("its tree nuts im allergic to")
    "I'm allergic to tree nuts"
    >>> uncleft("it was Globex that I worked for")
    'I worked for Globex'
    >>> uncleft("it's fine I guess")
    "it's fine I guess"
"""

from __future__ import annotations

import re

_CLEFT = re.compile(
    r"^(?:it'?s|its|it is|it was)\s+(?:actually\s+|really\s+)?(?P<x>[\w .+#&'-]{1,40}?)\s+(?:that\s+|which\s+|who\s+)?"
    r"(?P<i>i'?m|im|i am|i was|i|i've|ive)\s+(?P<v>(?:[a-z]+\s+){0,3}?(?:to|with|in|at|for|from|of|on|into|"
    r"use|using|used|like|love|prefer|meant|mean))$", re.I)
_AS = {"im": "I'm", "i'm": "I'm", "i am": "I am", "i was": "I was", "i": "I", "i've": "I've", "ive": "I've"}


def uncleft(clause: str) -> str:
    """`clause` with a cleft turned into the plain clause (unchanged otherwise)."""
    m = _CLEFT.match(clause.strip().rstrip(" .!?;,"))
    if not m:
        return clause
    return f"{_AS.get(m.group('i').lower(), m.group('i'))} {m.group('v')} {m.group('x')}"
