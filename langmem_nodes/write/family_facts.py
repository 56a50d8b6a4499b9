"""Facts about the user's family the user asks to keep, and their allergies: "Remember that my wife is allergic to
tree nuts", "记住：我老婆对芒果过敏", "我家孩子对花生过敏" were skipped as "about someone else", so "plan a dinner for me
and my wife" could not see the allergy.

A clause skipped as about someone else that opens on one of the user's family (`my wife`, `我老婆`, `我家孩子`) is kept
as a `family` fact of the user's — its text names the person («User's wife is allergic to tree nuts», «用户的老婆
对芒果过敏») — when the message asks to remember it, or when it is an allergy (what a meal, a gift or a trip must
avoid). Other facts about family said in passing ("my sister is vegan") stay skipped: they are not the user's.
`family` holds many values at once (facts.PREDICATES, not exclusive).

Example:
    >>> [c.object for c in facts("my wife is allergic to tree nuts", asked=False)]
    ['wife is allergic to tree nuts']
    >>> facts("My sister is vegan", asked=False), [c.object for c in facts("My sister is vegan", asked=True)]
    ([], ['sister is vegan'])
    >>> [c.object for c in facts("我家孩子对花生过敏", asked=False)]
    ['孩子对花生过敏']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..records import Source
from .rules import Claim

_KIN_EN = (r"wife|husband|partner|spouse|girlfriend|boyfriend|fianc[eé]e?|son|daughter|kids?|child|children|baby|"
           r"toddler|mum|mom|mother|dad|father|parents|sister|brother|grandma|grandmother|grandpa|grandfather|"
           r"stepson|stepdaughter|twins")
_KIN_ZH = (r"老婆|老公|妻子|丈夫|太太|爱人|媳妇|女朋友|男朋友|对象|未婚妻|未婚夫|儿子|女儿|闺女|孩子|小孩|宝宝|娃|"
           r"妈妈|妈|母亲|爸爸|爸|父亲|爸妈|父母|姐姐|妹妹|哥哥|弟弟|奶奶|爷爷|外婆|外公|姥姥|姥爷|双胞胎")
_EN = re.compile(rf"^(?:(?:please\s+)?(?:remember|note)\s+(?:that\s+)?)?my\s+(?P<kin>{_KIN_EN})(?P<rest>(?:'s|’s)?\s+\S.*)$", re.I)
_ZH = re.compile(rf"^(?:记住[:：，,]?\s*)?我(?:的|家的?)?(?P<kin>{_KIN_ZH})(?P<rest>\S.*)$")
_ALLERGY = re.compile(r"\ballerg|\bintoleran|\bceliac|\banaphyla|过敏|不耐受", re.I)
_ASKED = re.compile(r"\b(?:remember|keep\s+in\s+mind|note\s+(?:that|down)|don'?t\s+forget)\b|记住|记一下|记下|记得|别忘了", re.I)
_QUESTION = re.compile(r"[?？]|[吗呢]$")  # "Is my wife allergic to nuts?", "我老婆对芒果过敏吗"


def asks_to_remember(message: str) -> bool:
    """Whether the message asks the assistant to keep something ("Remember that …", "记住：…")."""
    return bool(_ASKED.search(message))


def facts(clause: str, *, asked: bool) -> list[Claim]:
    """The family fact in `clause` (one of the user's family, then what holds for them), or []."""
    clause = clause.strip().rstrip("。.!！")
    if not clause or _QUESTION.search(clause):
        return []
    m = _EN.match(clause) or _ZH.match(clause)
    if m is None or not (asked or _ALLERGY.search(m.group("rest"))):
        return []
    rest = m.group("rest")
    said = f"{m.group('kin')}{rest}" if m.re is _ZH else f"{m.group('kin')}{rest}".strip()
    return [Claim("user", "family", said, "positive", "fact")]


def reread(found: list[tuple[Claim, str, Any, bool]], skips: Sequence[dict[str, str]], message: str,
           *, about_others: str) -> tuple[list[tuple[Claim, str, Any, bool]], list[dict[str, str]]]:
    """`found` with the family facts among the clauses skipped as `about_others` (or unparsed: "我家孩子对花生
    过敏"); those skips dropped."""
    asked = asks_to_remember(message)
    kept: list[dict[str, str]] = []
    more: list[tuple[Claim, str, Any, bool]] = []
    for skip in skips:
        claims = facts(skip.get("text", ""), asked=asked) if skip.get("reason") in (about_others, "no parse") else []
        if claims:
            more += [(c, skip["text"], Source.EXPLICIT if asked else Source.INFERRED, False) for c in claims]
        else:
            kept.append(skip)
    return [*found, *more], kept
