"""The shape of an English "my X is Y" attribute: X is a noun phrase and Y a value. A name that runs into a clause
("(my) apologies if this is incoherent", "excuse me if this is obvious") is no attribute, and neither is a value
that is itself a clause, a thought said in passing ("my worry is that this is too hard", "my question is whether
this works", "my guess is that it's the cold"). Nor is a value that says what the thing is for or which one of
several it is ("Emacs is just for org-mode", "my tablet is mostly for reading", "black tea is the breakfast one", "Hetzner
is only where the staging DB lives"):
a use or a pick, not the thing's value.

Example:
    >>> no_attribute("apologies_if_this", "incoherent"), no_attribute("worry", "that this is too hard")
    (True, True)
    >>> no_attribute("emacs", "just for org-mode"), no_attribute("black_tea", "the breakfast one")
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
# a use ("(just|only|mostly) for …") or a pick among several ("the morning one", "the one for work")
_USE_VALUE = re.compile(r"^(?:(?:really|just|only|mostly|mainly|purely|strictly|now|still)\s+)*"
                        r"(?:for\s+\S|(?:where|when|what)\s+\S)|^the\s+(?:[\w-]+\s+){0,2}ones?\b", _I)


def no_attribute(attr: str, value: str) -> bool:
    """True when `attr` (words joined by "_") runs into a clause or `value` is a clause, a use or a pick."""
    return bool(_CLAUSE_WORD.search(attr) or _CLAUSE_VALUE.match(value.strip()) or use_or_pick(value))


# a value said against another ("one hour earlier than CET", "two years older than my brother"): a relation, not a value
_RELATIVE = re.compile(r"^(?:[\w.-]+\s+){0,3}(?:earlier|later|ahead|behind|more|less|fewer|bigger|smaller|older|younger|"
                       r"higher|lower|cheaper|pricier|faster|slower|longer|shorter)\s+(?:than|of)\b|^(?:[\w.-]+\s+){0,3}(?:behind|ahead)\b", _I)


def relative(value: str) -> bool:
    """`value` is said against another value ("an hour earlier than CET"), not a value of its own.

    >>> relative("one hour earlier than CET"), relative("two years older than my brother"), relative("an hour behind EST")
    (True, True, True)
    >>> relative("UTC+1"), relative("Chicago")
    (False, False)
    """
    return bool(_RELATIVE.match(value.strip()))


def use_or_pick(value: str) -> bool:
    """`value` says what a thing is for, where it is used or which one it is ("just for servers", "only where the
    staging DB lives", "the morning one"), not a value."""
    return bool(_USE_VALUE.match(value.strip()))
