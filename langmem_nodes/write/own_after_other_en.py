"""The user speaking again after a clause about someone else: "My son is allergic to peanuts and I am vegetarian",
"my sister lives in Oslo, I'm in Bergen". A third party's clause frames only itself when the next clause opens with
the user as its holder (I / I'm / me, I …); one that reports speech ("she says …, and I …") keeps its frame, for
what follows may be what was said.

    >>> speaks_again(["I am vegetarian"])
    True
    >>> speaks_again(["she is vegetarian"])
    False
"""

from __future__ import annotations

import re

# the user as the holder of a clause: "I …", "I'm …", "as for me, I …", "personally I …", "me, I …"
_OWN = re.compile(r"^(?:(?:and|but|while|whereas|though|so)\s+)?(?:(?:as for me|personally|myself|me|honestly|tbh)\s*,?\s+)?"
                  r"(?:i|i'm|im|i've|i'd|i'll|i am)\b(?!\s*(?:mean|guess|think|suppose|told|said|heard)\b)", re.IGNORECASE)


def speaks_again(rest: list[str]) -> bool:
    """The clause after a third party's opens with the user as its holder."""
    return bool(rest) and bool(_OWN.match(rest[0].strip()))


__all__ = ["speaks_again"]
