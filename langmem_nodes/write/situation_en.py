"""A stance on a situation is a complaint or a mood, not a preference with a value: "I hate when the linter yells at me",
"I love it when the tests pass", "I hate how slow Xcode is".

Example:
    >>> from langmem_nodes.write.rules import Claim
    >>> situation(Claim("user", "prefers", "when the linter yells at me", "negative", "fact"))
    True
    >>> situation(Claim("user", "prefers", "it when the tests pass first try", "positive", "fact"))
    True
    >>> situation(Claim("user", "prefers", "hiking", "positive", "fact"))
    False
    >>> situation(Claim("user", "prefers", "it when answers include disclaimers", "negative", "fact"))  # how to answer
    False
"""

from __future__ import annotations

import re

from .rules import Claim

_SITUATION = re.compile(r"^(?:it\s+)?(?:when|whenever|how|that|if)\b", re.I)
# a situation of the assistant's answers is how the user wants to be answered: a preference after all
_ANSWERS = re.compile(r"\b(?:you|your|answers?|responses?|replies|reply|explanations?|examples?|outputs?|suggestions?)\b", re.I)


def situation(claim: Claim) -> bool:
    """True for a user's like / dislike whose object is a clause ("when …", "how …"), not a thing."""
    obj = claim.object.strip()
    return claim.predicate == "prefers" and bool(_SITUATION.match(obj)) and not _ANSWERS.search(obj)
