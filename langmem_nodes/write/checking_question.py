"""A checking question: a statement the user asks to be confirmed ("we're on node 20, right?", "我们用的是 pnpm，对吧？").

The value is in doubt, so the statement stores nothing: the clause before a confirmation tag (zh + en), or an English
clause ending in "right" inside a question ("we're on postgres 15 right, so generated columns should work?").

Example:
    >>> checks(["we're on node 20", "right?"], 0, asked=True), checks(["I'm a nurse", "right", "so …"], 0, asked=False)
    (True, False)
    >>> checks(["we're on postgres 15 right", "so generated columns should work?"], 0, asked=True)
    True
    >>> checks(["I live in Berlin right now"], 0, asked=True)
    False
"""

from __future__ import annotations

import re

_AUX = r"(?:is|are|am|do|does|did|was|were|have|has|can|will|would|should)"
_TAG = re.compile(
    r"^(?:right|correct|no|yes|yeah|yea|yep|true|eh|innit|ok(?:ay)?|"
    rf"(?:is|isn'?t) (?:it|that)(?: (?:right|correct|so|true))?|am i (?:right|wrong)|right or wrong|"
    rf"{_AUX}n'?t (?:it|we|i|they|you|he|she|that|there)|"
    r"对吧|是吧|对不对|是不是|没错吧|对吗|是吗|对嘛|没错吗)(?:\s*(?:or not|lol|haha))?$", re.I)
_ENDS_RIGHT = re.compile(r"(?<!\ball)(?<!\bthe)(?<!\bto)(?<!\bdo)(?<!\bget)\s+right$", re.I)
_PUNCT = " \t.,;:!?。，；：！？~～…"


def is_tag(raw: str) -> bool:
    """True for a clause that only asks for confirmation ("right?", "isn't it", "对吧？")."""
    return bool(_TAG.match(raw.strip(_PUNCT)))


def checks(raws: list[str], n: int, *, asked: bool) -> bool:
    """True when clause `n` of a sentence (split into `raws`) is what a confirmation tag asks about."""
    if not asked or is_tag(raws[n]):
        return False
    following = raws[n + 1] if n + 1 < len(raws) else ""
    return is_tag(following) or bool(_ENDS_RIGHT.search(raws[n].strip(_PUNCT)))
