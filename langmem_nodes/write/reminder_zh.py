"""A reminder asked of the assistant ("以后每天提醒我喝水", "每周五下班前提醒我写周报", "以后每天催我去健身") is a
task for it to schedule, no fact about the user and no rule for its answers: the clause stores nothing and is
skipped as one-off, as English "remind me every day to drink water" stores nothing. Taking a reminder back
("别再提醒我喝水了") is a release of a rule (`rule_release`), and someone else reminding the user ("我老婆总提醒我
喝水") is about them, so neither is read here.

    >>> asks("以后每天早上八点提醒我吃药"), asks("别再提醒我喝水了"), asks("我老婆总提醒我喝水")
    (True, False, False)
"""

from __future__ import annotations

import re

# what may come before the ask: a politeness, a cue, a time or an occasion — no person, no negation
_ASK = re.compile(r"^(?:麻烦|请|你|您)?(?:以后|今后|往后|从现在起|从今天起|从明天起)?[，,\s]*(?:你|您)?(?:就)?"
                  r"(?P<when>[^，。！？!?,我他她别不]{0,16}?)(?:提醒|催)(?:一下)?我(?!们)")


def asks(clause: str) -> bool:
    """True when the clause asks the assistant to remind the user of something."""
    return _ASK.match(clause.strip()) is not None
