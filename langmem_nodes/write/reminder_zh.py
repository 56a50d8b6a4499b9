"""A reminder asked of the assistant ("每周五下班前提醒我写周报", "每天晚上十点提醒我睡觉") is a task for it to
schedule, no fact about the user: the clause stores nothing and is skipped as one-off, as English "remind me every
day to drink water" stores nothing. Asked for from now on ("以后每天提醒我喝水", "以后每次都提醒我喝水"), it is the
user's standing rule for the assistant — never a statement about the user — as "From now on, remind me about the
standup every morning" is (`standing`), and "别再提醒我喝水了" takes it back. Taking a reminder back
("别再提醒我喝水了") is a release of a rule (`rule_release`), and someone else reminding the user ("我老婆总提醒我
喝水") is about them, so neither is read here.

    >>> asks("每天早上八点提醒我吃药"), asks("以后每天提醒我喝水"), asks("别再提醒我喝水了"), asks("我老婆总提醒我喝水")
    (True, False, False, False)
    >>> standing("每天提醒我喝水")
    True
"""

from __future__ import annotations

import re

# what may come before the ask: a politeness, a cue, a time or an occasion — no person, no negation
_ASK = re.compile(r"^(?:麻烦|请|你|您)?(?:以后|今后|往后|从现在起|从今天起|从明天起)?[，,\s]*(?:你|您)?(?:就)?"
                  r"(?P<when>[^，。！？!?,我他她别不]{0,16}?)(?:提醒|催)(?:一下)?我(?!们)")


_CUED = re.compile(r"^(?:麻烦|请|你|您)?(?:以后|今后|往后|从现在起|从今天起|从明天起|每次都)")


def asks(clause: str) -> bool:
    """True when the clause asks the assistant for a reminder, not from now on (a task: nothing to store)."""
    return _ASK.match(clause.strip()) is not None and not _CUED.match(clause.strip())


def standing(clause: str) -> bool:
    """True when a clause read under a standing cue ("以后…") asks for a reminder: the user's rule, not a statement."""
    return _ASK.match(clause.strip()) is not None
