"""A non-restrictive relative clause is said of the noun before it, never of the user: "(my cat,) who is 12",
"(our on-call rotation,) which is weekly and starts on Mondays".

Example:
    >>> opens("which is weekly and starts on Mondays"), opens("who is a nurse in Leeds"), opens("whose dog barks")
    (True, True, True)
    >>> opens("I use Vim"), opens("which editor do you use")
    (False, False)
"""

from __future__ import annotations

import re

_RELATIVE = re.compile(r"^(?:which|who|whom|whose)\s+(?:(?:is|are|was|were|has|had|have|'s)\b|\w+s\b|\w+ed\b|(?!do\b|does\b|did\b|"
                       r"would\b|should\b|can\b|could\b|one\b|editor\b|version\b|tool\b)\w+\s+\w+)", re.I)


def opens(clause: str) -> bool:
    """True when `clause` is a relative clause (its holder is the noun before it), not a question."""
    return bool(_RELATIVE.match(clause.strip()))
