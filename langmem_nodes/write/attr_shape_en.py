"""The shape of an English "my X is Y" attribute: X is a noun phrase and Y a value. A name that runs into a clause
("(my) apologies if this is incoherent", "excuse me if this is obvious") is no attribute, and neither is a value
that is itself a clause, a thought said in passing ("my worry is that this is too hard", "my question is whether
this works", "my guess is that it's the cold").

Example:
    >>> no_attribute("apologies_if_this", "incoherent"), no_attribute("worry", "that this is too hard")
    (True, True)
    >>> no_attribute("favourite_editor", "Helix"), no_attribute("goal", "a sub-3 marathon")
    (False, False)
"""

from __future__ import annotations

import re

_I = re.IGNORECASE
# a word that opens or joins a clause: a name holding one is a clause, not a noun phrase
_CLAUSE_WORD = re.compile(r"(?:^|_)(?:if|when|whether|because|since|though|me|this|that|it|is|are|was|were|so|but)(?:_|$)", _I)
# a value that is a clause: what the user thinks, asks or hopes, said in passing
_CLAUSE_VALUE = re.compile(r"^(?:that|whether|if|how|why|what|when|where|who|because|cause)\b", _I)


def no_attribute(attr: str, value: str) -> bool:
    """True when `attr` (words joined by "_") runs into a clause or `value` is a clause."""
    return bool(_CLAUSE_WORD.search(attr) or _CLAUSE_VALUE.match(value.strip()))
