"""An allergy said as a noun fills the same slot as "allergic to": "I have a peanut allergy" is allergy=peanuts,
like "I'm allergic to peanuts"; "我有花生过敏", "我有海鲜过敏症" are allergy=花生 / 海鲜, like "我对花生过敏". Before,
the noun form was a `has` fact ("User has peanut allergy") beside the allergy, two memories of one fact."""

from __future__ import annotations

import re

from .rules import Claim

_DEGREE = r"(?:(?:a|an|the|some|this|mild|slight|severe|serious|bad|terrible|life[- ]threatening|deadly|real|major|minor|" \
          r"bit of an?|small|big|huge|strong|weird|kind of an?|sort of an?)\s+)*"
_EN = re.compile(rf"^{_DEGREE}(?P<x>[a-z][a-z \-]{{1,40}}?)\s+allerg(?:y|ies)$", re.I)
_ZH = re.compile(r"^(?:一点|一些|轻微的?|严重的?|很严重的?)?(?P<x>[\u4e00-\u9fff]{1,8}?)过敏(?:症)?$")
_ZH_HAS = re.compile(r"^有(?!机)(?P<x>[\u4e00-\u9fff]{1,8})$")  # "我有花生过敏" read as allergy=有花生
# count nouns are said in the plural after "allergic to" ("peanuts", "cats"); mass nouns are not ("shellfish", "penicillin")
_COUNT = {"peanut", "nut", "tree nut", "walnut", "cashew", "almond", "pecan", "hazelnut", "pistachio", "egg", "prawn",
          "strawberry", "mango", "kiwi", "bee", "wasp", "mushroom", "onion", "cat", "dog", "tomato", "banana", "apple"}


def _plural(noun: str) -> str:
    if noun.casefold() not in _COUNT:
        return noun
    if noun.endswith("y"):
        return noun[:-1] + "ies"
    return noun + ("es" if noun.endswith(("o", "sh", "ch")) and noun.casefold() not in ("kiwi",) else "s")


def as_allergy(claim: Claim) -> Claim | None:
    """The allergy `claim` states as a noun ("has: peanut allergy", "trait: 海鲜过敏症"), or None."""
    if claim.subject != "user" or claim.polarity != "positive":
        return None
    if claim.predicate == "allergy" and (m := _ZH_HAS.match(claim.object)):
        return Claim("user", "allergy", m.group("x"), claim.polarity, "identity", list(claim.replaces), claim.condition)
    if claim.predicate not in ("has", "trait"):
        return None
    obj = claim.object.strip()
    m = _EN.match(obj) or _ZH.match(obj)
    if not m or m.group("x").casefold() in ("food", "seasonal", "skin", "an", "a"):
        return None
    value = m.group("x").strip()
    return Claim("user", "allergy", _plural(value) if value.isascii() else value, claim.polarity, "identity",
                 list(claim.replaces), claim.condition)  # the kind "allergic to" has


__all__ = ["as_allergy"]
