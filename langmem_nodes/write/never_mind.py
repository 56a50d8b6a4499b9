""""Never mind" opens a clause as a discourse marker, not as a rule with "never" ("oh never mind it finished").

Example:
    >>> unlead("never mind it finished"), unlead("nvm, the build passed"), unlead("never mind me"), unlead("never commit to main")
    ('it finished', 'the build passed', '', 'never commit to main')
"""

from __future__ import annotations

import re

_LEAD = re.compile(r"^(?:never\s*mind|nvm)(?:\s+(?:that|this|me|all that|the last (?:question|one|message|bit)))?"
                   r"(?:\s*(?:lol|haha|lmao))*(?![\w'])\s*[,.:;!—–-]*\s*", re.I)


def unlead(clause: str) -> str:
    """`clause` without a leading "never mind" / "nvm" (and what it dismisses: "that", "me", "the last question")."""
    return _LEAD.sub("", clause, count=1)
