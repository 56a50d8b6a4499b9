"""Where an English relation's object ends: before the modifiers chat hangs on it.

"I live in Austin with my two cats" → Austin; "I work at Stripe on the payments team doing backend stuff" → Stripe;
"I use Vim with a ton of plugins that I wrote" → Vim; "I have a cat who hates everyone" → cat; "I live in a tiny flat
in Leeds" → Leeds. A relative clause (that / who / where + a clause), company ("with my …", "with a bunch of …"), a
team ("on the … team") or a participle ("doing …", "building …") starts after the value and is not part of it. A
value whose words name it stays whole ("Firefox with uBlock Origin", "Bank of America", "Spanish on Duolingo").

Example:
    >>> tight("lives_in", "Austin with my two cats and a very loud parrot")
    'Austin'
    >>> tight("works_at", "Stripe on the payments team doing mostly backend stuff")
    'Stripe'
    >>> tight("uses", "Firefox with uBlock Origin")
    'Firefox with uBlock Origin'
    >>> tight("uses", "GitHub Actions back")
    'GitHub Actions'
"""

from __future__ import annotations

import re

_I = re.IGNORECASE

# relations whose object is a name or a noun, never a clause of its own
_NAMED = frozenset({"lives_in", "from", "works_at", "works_in", "uses", "has", "learning", "role"})
# a relative clause: the pronoun and the start of a clause after it
_RELATIVE = re.compile(r"(?<=\w)\s*,?\s+(?:that|who|whom|where)\s+(?=(?:i|we|you|he|she|they|it|my|our|nobody|everyone|"
                       r"the|a|an|is|are|was|were|has|have|had|never|always|still|barely|keeps?|hates?|loves?|barks?|"
                       r"works?|codes?|speaks?|drives?|lives?|gave|set|sleeps?)\b)", _I)
# what comes with the value: company, a quantity of add-ons, a team, a participle
_WITH = r"with\s+(?:my|our|his|her|their|a\s+(?:bunch|ton|lot|few|couple)\s+of|a\s+(?:teacher|tutor|coach|friend)|lots\s+of|tons\s+of|way\s+too\s+many|too\s+many|so\s+many|loads\s+of|some|a\s+few|plenty\s+of|my)\b"
_AFTER = {
    "lives_in": rf"\s+(?:{_WITH}|where\b|since\b)",
    "from": rf"\s*,?\s+(?:{_WITH}|where\b)",
    "works_at": rf"\s+(?:{_WITH}|where\b|on\s+the\s+[\w -]{{1,30}}?\s+team\b|(?:doing|building|making|writing|selling|running|"
                r"working|leading|managing|helping)\b)",
    "works_in": rf"\s+(?:{_WITH}|where\b)",
    "uses": rf"\s+{_WITH}",
    "learning": rf"\s+{_WITH}",
}
_AFTER_RE = {k: re.compile(v, _I) for k, v in _AFTER.items()}
# a tool with its kind after it: "the chi router", "SQLAlchemy ORM"
_KIND_AFTER = re.compile(r"^(?:the\s+)?(?P<n>[\w.+#-]+)\s+(?:router|orm|library|lib|sdk|driver|plugin|bundler|"
                         r"runtime|toolkit)$", _I)
_DWELLING = re.compile(r"^(?:an?|the|my|our)\s+(?:[\w-]+\s+){0,3}?(?:flat|apartment|house|studio|condo|bungalow|townhouse|"
                       r"place|room|cottage|cabin)\s+in\s+(?P<x>\S.*)$", _I)


def tight(predicate: str, obj: str) -> str:
    """`obj` cut before the modifiers that follow the value of `predicate` (unchanged when none follows)."""
    if predicate not in _NAMED and not predicate.startswith("attr:"):
        return obj
    out = obj
    if (rel := _RELATIVE.search(out)) and rel.start() > 0:
        out = out[:rel.start()]
    if (after := _AFTER_RE.get(predicate)) and (m := after.search(out)) and m.start() > 0:
        out = out[:m.start()]
    if predicate == "uses" and (kind := _KIND_AFTER.match(out)):
        out = kind.group("n")  # "the Prisma ORM" → Prisma
    if predicate == "lives_in" and (home := _DWELLING.match(out)):
        out = home.group("x")
    out = re.sub(r"\s+back$", "", out, flags=_I) if predicate in _NAMED else out  # "GitHub Actions back (in January)"
    out = out.strip(" ,;")
    return out or obj
