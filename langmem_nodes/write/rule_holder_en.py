"""Who holds an English imperative rule: the project when its clause names the team's work, the user otherwise.

"Never use `any` in our TypeScript code", "Always store timestamps in UTC in the database", "Never commit directly to
master" are the project's rules: a user-level rule would follow the user into every other project. A rule said to
"me" or about the assistant's output ("Always show me the SQL before you run it on the database", "Never use emojis
in your answers") stays the user's, and so does one about the household ("our kids").

    >>> held(Claim("user", "rule", "`any` in our TypeScript code", "negative", "rule"), "Never use `any` in our TypeScript code").subject
    'project'
    >>> held(Claim("user", "rule", "emojis in your answers", "negative", "rule"), "Never use emojis in your answers").subject
    'user'
"""

from __future__ import annotations

import re
from dataclasses import replace

from .rules import Claim

_I = re.IGNORECASE
# the assistant or the user as the one the rule is for: the user's own rule
_TO_ME = re.compile(r"\b(?:me|my|i|i'm|you|your|yours|answers?|replies|reply|responses?|explanations?|examples?)\b", _I)
_HOUSEHOLD = re.compile(r"\bour\s+(?:kids?|children|son|daughter|family|house|home|dog|cat|pets?|baby|parents|"
                        r"guests?|friends?|neighbou?rs?|car|garden|holiday|trip|wedding)\b", _I)
# the team's work: "our <anything>" or a shared place of the code said with "the"
_TEAMS = re.compile(r"\bour\s+[\w.+#-]+|\b(?:in|to|into|on|from)\s+(?:the\s+)?(?:database|db|schema|main branch|master branch|"
                    r"main|master|trunk|develop branch|repo|repository|codebase|monorepo|prod|production|staging)\b", _I)


def held(claim: Claim, clause: str) -> Claim:
    """`claim` held by the project when it is a user's rule about the team's work; `claim` itself otherwise."""
    if claim.subject != "user" or claim.predicate != "rule" or claim.condition:
        return claim
    if re.search(r"[^\x00-\u024f]", clause) or _TO_ME.search(clause) or _HOUSEHOLD.search(clause):
        return claim
    return replace(claim, subject="project") if _TEAMS.search(clause) else claim


__all__ = ["held"]
