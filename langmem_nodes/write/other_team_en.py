"""Another team's or a client's stack is not the project's: "the other team uses Angular", "our sister team runs
everything on GCP", "the client's backend is PHP".

Example:
    >>> holds("the other team uses Angular"), holds("our sister team runs everything on GCP"), holds("the client's app is PHP")
    (True, True, True)
    >>> holds("our team uses Angular"), holds("the team uses Linear")
    (False, False)
"""

from __future__ import annotations

import re

_OTHER = re.compile(
    r"^(?:(?:the|an?|our|that|some|one)\s+)?(?:other|another|sister|partner|neighbou?ring|different|parent|rival|competitor'?s?)\s+"
    r"(?:\w+\s+)?(?:teams?|company|companies|org|orgs|squads?|departments?|group|startups?|product)\b|"
    r"^another\s+(?:team|company|org|squad|department|group)\b|"
    r"^(?:their|the (?:client|customer|vendor|agency|contractor|competitor)'?s?|(?:a|our|my) (?:client|customer|vendor)'?s)\s+"
    r"(?:\w+\s+)?(?:team|company|stack|app|backend|frontend|api|site|website|repo|codebase|system|infra|database|db)\b", re.I)


def holds(clause: str) -> bool:
    """True when the holder of `clause` is a team or company other than the user's own."""
    return bool(_OTHER.match(clause.strip()))
