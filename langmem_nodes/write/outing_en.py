"""What a team goes to or how big it is names no tool of the project: "we're going to a Thai place on Friday",
"we're heading to Kyoto", "we're a 6-person team".

Example:
    >>> from langmem_nodes.write.rules import Claim
    >>> outing(Claim("project", "uses", "Thai place", "positive", "fact"), "we're going to a Thai place on Friday")
    True
    >>> outing(Claim("project", "uses", "Kubernetes", "positive", "fact"), "we're moving to Kubernetes")
    False
    >>> team_size(Claim("project", "uses", "6-person", "positive", "fact")), team_size(Claim("project", "uses", "Django", "positive", "fact"))
    (True, False)
    >>> unsized("we're a 6-person team doing trunk-based development"), unsized("we're a small startup using Rails")
    ('we do trunk-based development', 'we use Rails')
"""

from __future__ import annotations

import re

from .rules import Claim

_GOING = re.compile(r"^(?:we|we're|we are|our (?:team|family|group))\s+(?:(?:are|'re)\s+)?(?:all\s+)?(?:going|heading|off|headed|driving|flying)\s+"
                    r"(?:out\s+)?to\b", re.I)
_NUMBER = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|fifty|hundred)"
_SIZE = re.compile(rf"^(?:(?:a|an)\s+)?(?:{_NUMBER}[- ](?:person|people|man|member|dev|developer|engineer|strong)s?|"
                   r"(?:small|tiny|big|large|lean|growing|remote|distributed|scrappy)(?:\s+team)?)$", re.I)


def outing(claim: Claim, clause: str) -> bool:
    """True for a project "uses" claim read from "we're going / heading to X": a trip or a plan, not a tool."""
    return claim.subject == "project" and claim.predicate == "uses" and bool(_GOING.match(clause.strip()))


def team_size(claim: Claim) -> bool:
    """True for a project "uses" claim whose object is the team's size or shape ("6-person", "small")."""
    return claim.subject == "project" and claim.predicate == "uses" and bool(_SIZE.match(claim.object.strip()))


_SIZED = re.compile(rf"^we(?:'re| are)\s+(?:just\s+)?an?\s+(?:{_NUMBER}[- ](?:person|people|man|member|dev|developer|engineer)s?|"
                    r"(?:small|tiny|big|large|lean|growing|remote|distributed|scrappy))\s+(?:team|startup|company|shop|org|studio|agency)"
                    r"\s*,?\s+(?P<v>doing|using|running|on|building (?:with|on|in)|working (?:with|in)|with)\s+(?=\S)", re.I)
_VERB = {"doing": "do", "using": "use", "running": "run", "on": "are on", "with": "use"}


def unsized(clause: str) -> str:
    """"we're a 6-person team doing X" → "we do X": the team's size is said in passing, its practice or tool is the fact."""
    m = _SIZED.match(clause.strip())
    if not m:
        return clause
    verb = m.group("v").lower()
    return f"we {_VERB.get(verb, 'use')} {clause.strip()[m.end():]}"
