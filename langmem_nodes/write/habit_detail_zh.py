"""A Chinese habit clause with no subject, right after the user's activity in the same sentence, is how that activity goes.

"我最近在学日语，每天晚上背半小时单词" holds one memory, that the user is learning Japanese; the routine after
it is the way the learning goes, not a second standing fact ("我养了只柯基，每天早上遛它", "我在备考雅思，每天
刷两套题", "最近迷上了骑车，每个周末都骑"). A habit said with its own subject ("…，我每周游泳两次") or after a
fact of another kind ("我住在杭州，每周去三次健身房") is a fact of its own.

    >>> from langmem_nodes.write.rules import Claim
    >>> before = [(Claim("user", "learning", "日语"), "我最近在学日语")]
    >>> elaborates("我最近在学日语，每天晚上背半小时单词。", "每天晚上背半小时单词", before)
    True
    >>> elaborates("我住在杭州，每周去三次健身房", "每周去三次健身房", [(Claim("user", "lives_in", "杭州"), "我住在杭州")])
    False
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .habit_any import FREQ_ZH
from .rules import Claim

# the activities a routine after them elaborates: what the user learns, works towards, keeps, likes or uses
_ACTIVITY = frozenset({"learning", "working_on", "has", "prefers", "uses"})
REASON = "how the activity before goes (no fact of its own)"
_CJK = re.compile(r"[\u4e00-\u9fff]")
_OFTEN_FIRST = re.compile(rf"^(?:平时|一般|通常|基本上?|经常)?(?:{FREQ_ZH})")
# "每天用 Anki 刷卡": the tool the activity goes through is the user's (`means_after`)
_TOOL = re.compile(r"(?:用|靠|通过)\s*[A-Za-z]")
_GAP = re.compile(r"^[\s，,、；;]*(?:而且|并且|然后|所以|就|也)?[\s，,]*$")


def elaborates(message: str, clause: str, before: Sequence[tuple[Claim, str]]) -> bool:
    """Whether the subjectless habit `clause` follows, in the same sentence of `message`, a clause that stated
    one of the user's activities (`before`: claims read from the message with their clauses)."""
    clause = clause.strip()
    if not clause or not _CJK.search(clause) or clause.startswith("我"):
        return False
    at = message.find(clause)
    if at <= 0:
        return False
    for claim, quote in before:
        if claim.subject != "user" or claim.predicate not in _ACTIVITY or claim.polarity != "positive":
            continue
        end = message.rfind(quote.strip(), 0, at)
        if end >= 0 and _GAP.match(message[end + len(quote.strip()):at]):
            return True
    return False


def without_details(message: str, found: list[tuple[Claim, str, Any, bool]]
                    ) -> tuple[list[tuple[Claim, str, Any, bool]], list[dict[str, str]]]:
    """`found` less the claims read from a routine that says how the activity before it goes ("我在学 Python，
    每天写半小时代码" keeps Python, not "半小时代码"), and a skip for each."""
    kept: list[tuple[Claim, str, Any, bool]] = []
    skips: list[dict[str, str]] = []
    for item in found:
        claim, quote = item[0], item[1]
        if claim.subject == "user" and _OFTEN_FIRST.match(quote.strip()) and not _TOOL.search(quote) and elaborates(
                message, quote, [(c, q) for c, q, *_ in kept]):
            skips.append({"text": quote, "reason": REASON})
        else:
            kept.append(item)
    return kept, skips
