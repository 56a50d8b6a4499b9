"""Broad questions about the user: "What do you know about me?", "Tell me about myself.", "你记得我什么？",
"你都知道我哪些事". They name no attribute, so no word of theirs reaches a memory, and by meaning they are close to
none in particular. They ask for the user's standing memories: the recall adds them as candidates, counts them
relevant, and ranks them by how much they are worth showing (`usefulness`), so the selector injects up to its
cap of them, in both languages. Other memories (the project's tools, imported chat turns) are not an answer.

A broad question is a question about memory or a request to describe the user, every other word of which is a
function word: naming anything ("What do you know about my allergies?", "你记得我住哪吗", "what do you know about
Kubernetes?", "Tell me about yourself.") makes it an ordinary question for the usual routes.

Example:
    >>> [asks_about_user(q) for q in ("What do you know about me?", "Tell me about myself.", "你记得我什么？",
    ...                                "你都知道我哪些事", "关于我你都记得些啥？")]
    [True, True, True, True, True]
    >>> [asks_about_user(q) for q in ("What do you know about Kubernetes?", "Tell me about yourself.",
    ...                                "你记得我住哪吗", "介绍一下你自己", "What do you know about my allergies?")]
    [False, False, False, False, False]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..conversation import is_turn
from ..facts import EXCLUSIVE
from ..records import Kind, MemoryRecord, Source, Status, Tier

#: how far a standing memory rises for a broad question (the attribute route's form, `recall.py`)
PROFILE_BOOST = 1.0
#: the newest standing memories a broad question looks at
PROFILE_POOL = 200

# -- the grammar: a memory verb or a request to describe, the user as its object, function words around it ---------
_EN_MEMORY = r"know|knew|remember|recall|have|got|stored|saved|kept|learned|learnt|told|shared|said|gathered|collected"
_EN_SELF = re.compile(rf"\b(?:(?:{_EN_MEMORY}|tell|say)\b.*\b(?:about|on|of)\s+(?:me|myself)"
                      r"|(?:describe|summari[sz]e|sum\s+up|introduce|profile)\s+(?:me|myself))\b", re.I)
_EN_FUNCTION = frozenset(
    "what which so and ok okay um hmm well then do does did have has had you u i me my myself about on of is are "
    "was there anything everything all else actually really already yet so far far in your memory memories "
    "the a an any some info information details things stuff facts can could would will please just up based "
    "from our chats conversations what's whats you've youve i've ive to for tell describe summarize summarise sum "
    "introduce profile say know knew remember recall got stored saved kept learned learnt told shared said gathered "
    "collected how much many".split())
_ZH_MEMORY = r"记得|记住|记下|记着|知道|了解|掌握|存了|记了"
_ZH_ASK = r"说说|讲讲|介绍|描述|总结|概括|聊聊"
# the assistant knows about the user ("你记得我什么", "关于我你知道啥"), or is asked to describe them ("介绍一下我")
_ZH_SELF = re.compile(rf"[你您](?:.*(?:{_ZH_MEMORY}).*我|对我.*(?:{_ZH_MEMORY}))|关于我.*[你您].*(?:{_ZH_MEMORY})|(?:{_ZH_ASK}).*我")
_ZH_FUNCTION = re.compile(
    rf"{_ZH_MEMORY}|{_ZH_ASK}|关于|有关|我的|我自己|自己|我|你们|你|您|对|都|还|又|已经|目前|现在|为止|到|能|可以|请|一下|下|"
    r"哪些|什么|啥|多少|几|些|点|事情|事儿|事|信息|情况|资料|东西|内容|方面|了|吗|呢|吧|啊|呀|的|有|是|跟|把|给|"
    r"[？?。，,！!、\s]")


def asks_about_user(text: str) -> bool:
    """Does `text` ask, in so many words, what memory holds about the user, and name nothing else?"""
    text = (text or "").strip()
    if not text or len(text) > 80:
        return False
    if re.search(r"[\u4e00-\u9fff]", text):
        return bool(_ZH_SELF.search(text)) and "你自己" not in text and not _ZH_FUNCTION.sub("", text)
    words = re.findall(r"[a-z']+", text.casefold().replace("’", "'"))
    return (bool(words) and bool(_EN_SELF.search(text)) and all(w in _EN_FUNCTION for w in words)
            and not re.search(r"\d", text))


# -- the answer: the user's standing memories ----------------------------------------------------------------------
_STANDING_KINDS = frozenset({Kind.PREFERENCE, Kind.FACT, Kind.IDENTITY, Kind.RULE, Kind.WARNING})
_HEALTH = frozenset({"allergy", "diet"})
_AUTHORITY = {Source.EXPLICIT_CORRECTION: 1.0, Source.USER_EDITED: 1.0, Source.EXPLICIT: 0.8}


def about_user(rec: MemoryRecord) -> bool:
    """A standing memory about the user: their fact, preference, identity or rule, not a chat turn or a task."""
    return (rec.subject.casefold() == "user" and rec.kind in _STANDING_KINDS and rec.tier is not Tier.VOLATILE
            and not is_turn(rec))


def usefulness(rec: MemoryRecord) -> float:
    """How much a standing memory is worth showing when the user asks what memory holds (0 … 1): a health
    condition first (it bears on the most answers), then who the user is (a one-value attribute: home, work, name),
    what they said on purpose, said often, or hold long."""
    pred = rec.predicate.casefold()
    core = pred in EXCLUSIVE or pred.startswith("attr:") or rec.kind is Kind.IDENTITY
    return (0.3 * (pred in _HEALTH) + 0.2 * core + 0.2 * _AUTHORITY.get(rec.source, 0.4)
            + 0.15 * min(1.0, (rec.recurrence - 1) / 2) + 0.15 * (rec.tier is Tier.STABLE))


def profile(store: Any, partitions: Sequence[str], statuses: Sequence[Status], n: int = PROFILE_POOL) -> list[str]:
    """Ids of the user's standing memories in `partitions`, newest first (at most n)."""
    allowed = set(partitions)
    recs = store.find(list(partitions), statuses=tuple(statuses), subject="user")
    return [r.id for r in reversed(recs) if about_user(r) and r.scope.partition in allowed][:n]


__all__ = ["PROFILE_BOOST", "PROFILE_POOL", "about_user", "asks_about_user", "profile", "usefulness"]
