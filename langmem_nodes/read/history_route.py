"""Bare history questions: "What did I use before?", "What was it before?", "我之前用的是什么", "之前是什么" ask
about the past and name no attribute, so no word of theirs reaches a memory. They ask for what changed: the
memories that replaced an earlier value (found through the superseded records that point to them) are their
answer, and `FreshnessNode` shows each with the value it replaced.

A history question that names its attribute ("Which editor did I use before?", "我之前住在哪？") is not bare:
the usual routes find it.

Example:
    >>> bare("What did I use before?"), bare("我之前用的是什么"), bare("之前是什么？")
    (True, True, True)
    >>> bare("What editor did I use before?"), bare("我之前住在哪？"), bare("What do I use?")
    (False, False, False)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..records import Status
from .past_question import asks_about_the_past

#: how far a replacing memory rises (the attribute route's form, `recall.py`)
HISTORY_BOOST = 1.0

# every word of a bare question is one of these: question words, pronouns, light verbs, time words
_EN_FUNCTION = frozenset(
    "what which who whats what's so and um hmm ok okay then did do does was were had has have i we it that this my our "
    "me you to use used using like liked prefer preferred say said tell told mention mentioned pick picked choose chose "
    "go went with be been before previously earlier originally first at in the past formerly back".split())
_ZH_FUNCTION = re.compile(r"我们|我|你|之前|以前|原来|原先|先前|当初|从前|过去|曾经|本来|用的|用过|用|的|是|什么|啥|了|吗|呢|呀|啊|说|过|"
                          r"告诉|提到|选|喜欢|有|那个|那|个|来着|跟|和|还|都|请问|问一下|[？?。，,！!\s]")


def bare(text: str) -> bool:
    """Does `text` ask about the past while naming nothing but that (no attribute, no value)?"""
    text = (text or "").strip()
    if not text or len(text) > 60 or not asks_about_the_past(text):
        return False
    if re.search(r"[\u4e00-\u9fff]", text):
        return not _ZH_FUNCTION.sub("", text)
    words = re.findall(r"[a-z']+", text.casefold())
    return bool(words) and all(w in _EN_FUNCTION for w in words) and not re.search(r"\d", text)


def replacing(store: Any, partitions: Sequence[str], n: int) -> list[str]:
    """Ids of the active memories in `partitions` that replaced an earlier value, newest change first (at most n)."""
    allowed = set(partitions)
    old = store.find(list(partitions), statuses=(Status.SUPERSEDED,))
    by = [r.superseded_by for r in reversed(old) if r.superseded_by]
    if not by:
        return []
    held = store.get_many(list(dict.fromkeys(by)))
    return [i for i in dict.fromkeys(by) if i in held and held[i].status is Status.ACTIVE
            and held[i].scope.partition in allowed][:n]


__all__ = ["HISTORY_BOOST", "bare", "replacing"]
