"""English chat: a fact said as the reason or the given of a request ("since our CI runs on GitHub Actions, …",
"what's a good plan given that I live in Denver?"), and the user's work schedule ("I work night shifts").

The reason clause is the user's own statement even when the sentence around it asks something: its holder
(I / we / our / my) and its verb are read by the grammar as any other clause.

Example:
    >>> unsubordinate("since our CI runs on GitHub Actions")
    'our CI runs on GitHub Actions'
    >>> asserted_in("what's a realistic plan given that i live in denver so the altitude is a thing?")
    'i live in denver'
    >>> asserted_in("what should I do if I move to Denver?")
    ''
"""

from __future__ import annotations

import re

from .rules import Claim

_I = re.IGNORECASE
_HOLDER_AHEAD = r"(?=(?:i|i'm|im|i've|ive|we|we're|we've|our|my)\b)"
# a reason or a given, never a condition ("if", "when") nor a plan ("in case")
_GIVEN = r"(?:given\s+that|since|because|cause|cuz|coz|seeing\s+as|now\s+that)"
_LEAD = re.compile(rf"^{_GIVEN}\s+{_HOLDER_AHEAD}", _I)
_INSIDE = re.compile(rf"(?:^|[\s,])(?:{_GIVEN})\s+{_HOLDER_AHEAD}(?P<c>[^?,;]+)", _I)
# where the given clause ends: its own consequence or another clause
_GIVEN_END = re.compile(r"\s+(?:so|and|but|which|because|cause|cuz|though|while|if|when)\s+.*$", _I)


def unsubordinate(clause: str) -> str:
    """A reason clause read as the statement it gives: "since we deploy to fly.io" → "we deploy to fly.io"."""
    return _LEAD.sub("", clause, count=1)


def asserted_in(question: str) -> str:
    """The user's own statement given inside a question as its reason ("… given that i live in denver?"), else ""."""
    m = _INSIDE.search(question)
    return _GIVEN_END.sub("", m.group("c")).strip() if m else ""


# the user's working pattern: "I work night shifts", "I work nights and weekends", "I'm on night shift"
_SHIFT = re.compile(r"^(?:i\s+(?:mostly\s+|usually\s+|currently\s+|still\s+)?(?:work|do)|i'?m\s+(?:on|working))\s+"
                    r"(?P<o>(?:the\s+)?(?:night|nights|overnight|graveyard|early|late|evening|morning|rotating|split|double|"
                    r"(?:\d+|twelve)[- ]hour)\s+shifts?|nights(?:\s+and\s+weekends)?|weekends)$", _I)


def work_pattern(clause: str) -> list[Claim]:
    """"i work night shifts" → trait "works night shifts" (when the user is awake, eats, can meet)."""
    m = _SHIFT.match(clause.strip())
    if not m:
        return []
    obj = re.sub(r"^the\s+", "", m.group("o"), flags=_I)
    return [Claim("user", "trait", f"works {obj}", "positive", "identity")]


# "can you keep answers in bullet points from now on?", "could you explain answers in more detail?": a request
# about how every answer should be, asked as a question; "can you explain this in more detail?" asks once
_ASK = re.compile(r"^(?:(?:so|also|and|hey|btw|ok(?:ay)?|ugh|lol|pls|please)[,!\s]+)*(?:can|could|would|will)\s+(?:you|u)\s+"
                  r"(?:please\s+|pls\s+)?(?P<v>(?:always\s+|just\s+)?[a-z]+\s+\S.*?)\s*(?:,?\s*(?:please|pls|plz|thanks|thx))?"
                  r"\s*[?.!]*\s*$", _I)
_STANDING = re.compile(r"\b(?:from now on|going forward|in (?:the )?future|always|every time|by default|for all (?:your |my )?"
                       r"(?:answers|replies|responses)|whenever you (?:answer|reply|respond|explain)|in (?:every|each) (?:answer|reply|response)|"
                       r"in (?:all|any) (?:of )?your (?:answers|replies|responses))\b|"
                       r"^[a-z]+\s+(?:your\s+|all\s+(?:your\s+)?)?(?:answers|replies|responses|explanations)\b", _I)


# an imperative whose scope is every piece of code or answer: "please avoid using lodash in code examples"
_SCOPED = re.compile(r"^(?:(?:please|pls|plz)\s+)(?P<v>(?:avoid|stop|don'?t|do not|never|always|use|keep|write|put|include|skip)\s+.+?)"
                     r"\s*[.!]*\s*$", _I)
_EVERY_PIECE = re.compile(r"\bin (?:(?:all|any|your)\s+)?(?:code )?(?:examples|snippets|samples)\b", _I)


def standing_request(sentence: str) -> str:
    """The imperative of a standing request asked as a question ("keep answers in bullet points from now on")
    or scoped to every example ("avoid using lodash in code examples"), else ""."""
    m = _ASK.match(sentence.strip())
    if m and _STANDING.search(m.group("v")):
        return m.group("v")
    m = _SCOPED.match(sentence.strip())
    return m.group("v") if m and _EVERY_PIECE.search(m.group("v")) else ""
