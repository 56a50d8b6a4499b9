"""A clause that only names the means of the clause before it: "(I've been learning Japanese,) mostly through Anki and
WaniKani", "(we follow trunk-based development,) with feature flags through LaunchDarkly". The tools named are used
by the holder of that clause — the user, or the project. Only names count ("mostly with my tutor" stores nothing),
and only after a clause that uses or learns something (not "I live in Porto, with my wife").
"""

from __future__ import annotations

import re

from .rules import Claim, clean_object

_I = re.IGNORECASE
_PREP = r"(?:through|with|using|via|thanks to|by way of)"
_MEANS = re.compile(
    rf"^(?:(?:mostly|mainly|mainly just|usually|largely|all|just|only|partly|primarily)\s+)?{_PREP}\s+"
    rf"(?:(?:[\w-]+\s+){{0,3}}?(?:through|via|in|from|on)\s+)?(?P<o>.+)$", _I)
_NAME = re.compile(r"^(?:(?-i:[A-Z])[\w.+#-]*|[a-z]+(?-i:[A-Z])[\w.+#-]*|[\w-]*\d[\w.+#-]*)(?:\s+(?-i:[A-Z0-9])[\w.+#-]*){0,2}$")
_LIST = re.compile(r"\s*,\s*(?:and\s+)?|\s+(?:and|&|plus)\s+", _I)
# relations whose means is a tool of the same holder
_USER_RELS = ("uses", "learning", "prefers")


def read(prev: Claim | None, clause: str) -> list[Claim]:
    """The holder's tools named as the means of `prev`, or [] when the clause is anything else."""
    if prev is None or prev.polarity != "positive":
        return []
    if not (prev.subject == "project" and prev.predicate in ("uses", "package_manager", "rule")
            or prev.subject == "user" and prev.predicate in _USER_RELS):
        return []
    m = _MEANS.match(clause.strip(" .,;!"))
    if not m:
        return []
    names = [clean_object(n) for n in _LIST.split(re.sub(r"\s+(?:for|to|as|on|in|at)\s+.*$", "", m.group("o"), flags=_I))]
    if not names or not all(n and _NAME.match(n) and n.lower() not in ("i", "my", "our") for n in names):
        return []
    return [Claim(prev.subject, "uses", n, "positive", "fact") for n in names]
