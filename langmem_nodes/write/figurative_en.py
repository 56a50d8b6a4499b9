"""A figurative self-description is no role or trait: "I'm basically a professional bug generator at this point lol".

Hyperbole is marked by "at this point" closing the clause, or by a laugh together with an intensifier of the noun
("basically", "literally", "practically", "a certified …", "a walking …"); a plain role with a laugh ("I'm a nurse
lol") or with "basically" alone ("I'm basically a data engineer now") is still a role.

Example:
    >>> says("I'm basically a professional bug generator at this point lol"), says("I'm a certified spreadsheet wizard lol")
    (True, True)
    >>> says("I'm a nurse lol"), says("I'm basically a data engineer now")
    (False, False)
"""

from __future__ import annotations

import re

_SELF = re.compile(r"^(?:(?:honestly|tbh|ngl|lol|so|and|but)\s*,?\s+)*(?:i'?m|i am)\b", re.I)
_AT_THIS_POINT = re.compile(r"\bat this point(?:\s*(?:lol|lmao|haha+|tbh|honestly|😂|😅|🙃|😭))*[\s.!?…]*$", re.I)
_LAUGH = re.compile(r"\b(?:lol|lmao|haha+|hehe|rofl)\b|😂|😅|🤣|🙃", re.I)
_INTENSE = re.compile(r"\b(?:basically|literally|practically|pretty much|essentially|officially)\s+(?:an?\s+)|"
                      r"\ban?\s+(?:certified|professional|walking|human|full-time|part-time|glorified|resident)\s+", re.I)


def says(raw: str) -> bool:
    """True when the user's own "I'm a …" clause `raw` is a joke about themselves, not a fact."""
    text = raw.strip()
    if not _SELF.match(text):
        return False
    return bool(_AT_THIS_POINT.search(text) or (_LAUGH.search(text) and _INTENSE.search(text)))
