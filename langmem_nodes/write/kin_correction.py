"""A correction of what the user said of their partner or child (zh + en): "My wife works as a nurse" … "sorry, I
misspoke — she's a pharmacist, not a nurse"; "我儿子踢足球" … "不好意思，他打的是篮球，不是足球".

Such a clause reads as about someone else (its holder is "she" or "my wife"), yet the partner's or child's facts are
the user's life: in a correction, its value is the new value of what the user said of them before. Parts: the
holder (a pronoun, or a partner or child of the user's), that the conversation named such a relative, and the
value the clause gives ("she's a pharmacist" → "pharmacist", "他打的是篮球" → "篮球"). Siblings, friends and
colleagues keep their own facts.

Example:
    >>> value("she's a pharmacist", ["My wife works as a nurse."]), value("他打的是篮球", ["我儿子踢足球。"])
    ('a pharmacist', '篮球')
    >>> value("she's a pharmacist", ["My sister works as a nurse."]), value("she lives in Lyon", ["My wife is a nurse."])
    ('', '')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import pronouns as _pets

_I = re.IGNORECASE
_CLOSE_EN = r"wife|husband|partner|spouse|girlfriend|boyfriend|fianc[eé]e?|son|daughter|kid|child|baby"
_CLOSE_ZH = r"老婆|老公|妻子|丈夫|爱人|媳妇|对象|男朋友|女朋友|儿子|女儿|孩子|闺女|宝宝"
_NAMED = re.compile(rf"\b(?:my|our)\s+(?:(?:little|oldest|youngest|eldest)\s+)?(?:{_CLOSE_EN})s?\b|我(?:的|家)?(?:{_CLOSE_ZH})", _I)
_EN = re.compile(rf"^(?:she|he|(?:my|our)\s+(?:{_CLOSE_EN}))(?:'s|\s+is)\s+(?:actually\s+|really\s+|in fact\s+)*"
                 r"(?P<o>an?\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)(?:\s+(?:actually|now|lol|tbh))*$", _I)
_ZH = re.compile(rf"^(?:她|他|我(?:的|家)?(?:{_CLOSE_ZH}))(?:其实|实际上|现在)*(?:[\u4e00-\u9fff]{{1,2}}的)?是(?:一(?:名|个|位))?"
                 r"(?P<o>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:啦|了|呀)?$")


def value(clause: str, texts: Sequence[str]) -> str:
    """The value a correcting clause gives of the user's partner or child, when `texts` (this message and the
    earlier user turns) named one; "" otherwise."""
    m = _EN.match(clause.strip(" \t.,;:!?。，；：！？")) or _ZH.match(clause.strip(" \t.,;:!?。，；：！？"))
    if not m or not any(_NAMED.search(t) for t in texts):
        return ""
    return m.group("o").strip()


# "he's actually a labrador", "它其实是拉布拉多": what a pet is, said again with a pronoun
_PET = re.compile(r"^(?:she|he|it)(?:'s|\s+is)\s+(?:actually\s+|really\s+|in fact\s+)*(?P<o>an?\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)"
                  r"(?:\s+(?:actually|lol|tbh))*$|^(?:它|牠)(?:其实|实际上)*是(?:一只|只|条)?(?P<z>[\u4e00-\u9fff]{2,6}?)(?:啦|了|呀)?$", _I)


def pet_value(clause: str) -> str:
    """The value a pronoun clause gives of what the user has ("he's actually a labrador" → "a labrador"), else ""."""
    m = _PET.match(clause.strip(" \t.,;:!?。，；：！？"))
    return (m.group("o") or m.group("z") or "").strip() if m else ""


_PET_THING = re.compile(rf"\b(?:{_pets.PET_EN}|{_pets.BREED_HEAD})s?\b|(?:{_pets.PET_ZH})|^(?:{_pets.BREED_ZH})$", _I)


def is_pet(obj: str) -> bool:
    """The object names an animal ("golden retriever", "a tabby cat", "金毛"): what a pronoun may stand for."""
    return bool(_PET_THING.search(obj.strip()))


__all__ = ["is_pet", "pet_value", "value"]
