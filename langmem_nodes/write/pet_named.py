"""A pet and its name are one fact: "我养了一只柯基，叫豆豆", "我家狗狗豆豆是柯基", "我养了一只猫，它叫咪咪"
store one record, the name under the pet's name attribute with what the pet is in its object ("豆豆（柯基）"), not
a record for the pet and another for its name. "我养了只柯基叫可乐" keeps the breed the same way; a kept animal the
pet lexicon does not know ("我养了一只仓鼠，名字叫豆包") or a relative said with "has" ("我有个女儿，叫乐乐") folds
alike. A generic kind the predicate already says ("一只猫" for `attr:猫名字`) is not repeated. Chinese only: labelled
English chat keeps the name and the breed apart ("My dog Pepper is a beagle": both).

    >>> from .rules import Claim
    >>> has, name = Claim("user", "has", "柯基"), Claim("user", "attr:柯基名字", "豆豆")
    >>> [(c.predicate, c.object) for c, *_ in fold([(has, "我养了一只柯基", None, False), (name, "叫豆豆", None, False)])]
    [('attr:柯基名字', '豆豆（柯基）')]
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ..records import normalize_text
from .kin_correction import is_pet
from .rules import Claim

_NAME_ATTR = re.compile(r"^attr:(?P<k>.+?)(?:名字|_name)(?:_\d+)?$")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_GENERIC = re.compile(r"^(?:猫咪|狗狗|小猫|小狗|猫|狗|宠物|cat|dog|puppy|kitten|pet)$", re.I)  # the predicate says it already


def kind_of(predicate: str) -> str:
    """Whom a name attribute is about ("attr:柯基名字" → "柯基", "attr:dog_name" → "dog"), else ""."""
    m = _NAME_ATTR.match(predicate)
    return m.group("k").replace("_", " ") if m else ""


def _with_kind(name: Claim, kind: str) -> Claim:
    if not kind or normalize_text(kind) in normalize_text(name.object):
        return name
    said = f"{name.object}（{kind}）" if _CJK.search(name.object + kind) else f"{name.object} ({kind})"
    return replace(name, object=said)


def _kind_record(c: Claim, pet: str) -> bool:
    """`c` says what the named pet is: "has 柯基" before "attr:柯基名字", "attr:狗 柯基" with "attr:狗名字"."""
    if c.subject != "user" or c.polarity != "positive":
        return False
    if c.predicate == "has":
        obj = normalize_text(re.sub(r"^(?:一只|只|一条|条|a|an|one)\s*", "", c.object.strip(), flags=re.I))
        return bool(obj) and (obj == normalize_text(pet) or normalize_text(pet).endswith(obj) or obj.endswith(normalize_text(pet))
                              or bool(_GENERIC.match(pet)) and is_pet(obj))  # "I got a corgi, his name is …" (attr:dog_name)
    said = normalize_text(c.object)
    return c.predicate.startswith("attr:") and is_pet(c.predicate[5:].replace("_", " ")) and (
        c.predicate[5:] in (pet, pet.replace(" ", "_")) or said == normalize_text(pet))  # "attr:猫 布偶" for "attr:布偶名字"


def fold(found: list[tuple[Claim, str, Any, bool]]) -> list[tuple[Claim, str, Any, bool]]:
    """`found` with each pet's kind folded into the record of its name (new claims; the kind's record dropped)."""
    out = list(found)
    for i, (c, *rest) in enumerate(found):
        pet = kind_of(c.predicate) if c.subject == "user" and c.polarity == "positive" and _CJK.search(c.predicate) else ""
        if not pet or any(re.fullmatch(rf"{re.escape(c.predicate)}_\d+", d.predicate) for d, *_ in found) or re.search(r"_\d+$", c.predicate):
            continue  # "我养了三只鸡，一只叫小黑一只叫小白": several named, the count stays its own record
        near = [j for j in (i - 1, i + 1) if 0 <= j < len(found) and out[j] is not None and _kind_record(out[j][0], pet)]
        if not near and not is_pet(pet):  # "我女儿叫乐乐": a person's name alone stays as it is
            continue
        kind = out[near[0]][0].object if near else pet
        kind = "" if _GENERIC.match(re.sub(r"^(?:一只|只|一条|条|an?|one)\s*", "", kind.strip(), flags=re.I)) else kind
        if near:
            out[near[0]] = None  # type: ignore[call-overload]
        out[i] = (_with_kind(c, re.sub(r"^(?:一只|只|一条|条)", "", kind)), *rest)  # type: ignore[assignment]
    return [f for f in out if f is not None]


__all__ = ["fold", "kind_of"]
