"""Withdrawals: a clause that takes back what the user is or has ("I'm not vegan anymore", "I stopped being a
smoker", "I no longer live in Boston", "我不是素食者了", "我已经不在腾讯工作了", "我没有狗").

Read by parts: a withdrawal marker (not … anymore / no longer / stopped being / 不是…了 / 不再 / 已经不 / 没有),
the holder (I / 我) and the statement it negates. That statement is read by the grammar as if said outright
("I'm vegan", "我是素食者"), and its claims come back negative, naming the value they take back (`replaces`),
so the resolver supersedes the held value instead of keeping both. Only what a person can stop being or
having is read so (diet, trait, job, workplace, home, possession); a clause that names none is left alone.

Example:
    >>> from langmem_nodes.write import grammar
    >>> [(c.predicate, c.object, c.polarity) for c in read("I stopped being vegetarian", grammar.parse)]
    [('diet', 'vegetarian', 'negative')]
    >>> [(c.predicate, c.object, c.polarity, c.verb) for c in read("我不是素食者了", grammar.parse)]
    [('diet', '素食者', 'negative', '不再是')]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from ..facts import is_exclusive
from ..records import MemoryRecord, Status
from .rules import Claim

_I = re.IGNORECASE

#: what a withdrawal can take back; the verb its record is written with (en, zh)
_VERBS: dict[str, tuple[str, str]] = {
    "diet": ("is no longer", "不再是"), "trait": ("is no longer", "不再是"), "role": ("no longer works as", "不再是"),
    "has": ("no longer has", "不再有"), "works_at": ("no longer works at", "不再就职于"),
    "works_in": ("no longer works in", "不再就职于"), "lives_in": ("no longer lives in", "不再住在"),
}

# ---- English ----------------------------------------------------------------------------------------------
_WHEN = (r"(?:\s+(?:last|this|earlier this)\s+(?:year|month|week|spring|summer|fall|autumn|winter)|\s+(?:a while|a (?:few|couple of) \w+|"
         r"(?:\w+|\d+) (?:years?|months?|weeks?|days?)) ago|\s+in \d{4}|\s+(?:recently|lately))?")
_MORE = rf"(?P<more>\s+(?:anymore|any more|any longer|now|these days|either|at all))?{_WHEN}"
_LEAD = re.compile(r"^(?:(?:sadly|unfortunately|well|so|but|and|also|oh|honestly|tbh|fyi|just so you know),?\s+)+", _I)
_DIETS = re.compile(r"^(?:a\s+)?(?:vegetarian|vegan|pescatarian|gluten[- ]free|lactose[- ]intolerant|keto|halal|kosher)$", _I)
# "I'm not vegan anymore", "I'm no longer a nurse", "I am not in Boston any more"
_EN_BE = re.compile(rf"^(?:i'?m|i am)\s+(?P<nl>not|no longer)\s+(?!(?:sure|going|gonna|trying|really|that|so|too|very)\b)"
                    rf"(?P<x>\S.*?){_MORE}$", _I)
# "I stopped being vegetarian", "I quit being a smoker", "I've given up being vegan", "I'm done being a manager"
_EN_STOPPED_BEING = re.compile(r"^i(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+)?(?:stopped|quit|gave up|given up|"
                               r"(?:am|'m)\s+done)\s+being\s+(?P<x>\S.*?)"
                               rf"{_WHEN}$", _I)
# "I no longer have dogs", "I don't work at Google anymore", "I no longer live in Boston"
_EN_VERB = re.compile(rf"^i\s+(?:(?P<nl>no longer)|don'?t|do not)\s+(?P<v>have|own|work|live)\s+(?P<x>\S.*?){_MORE}$", _I)
# "I stopped working at Google", "I quit living in the city"
_EN_STOPPED_VERB = re.compile(r"^i(?:'ve|\s+have)?\s+(?:just\s+)?(?:stopped|quit)\s+(?P<v>working|living)\s+(?P<x>(?:at|for|in)\s+\S.*?)"
                              rf"{_WHEN}$", _I)
_PETS_EN = re.compile(r"^(?:any\s+)?(?P<x>cat|dog|pupp(?:y|ie)|kitten|parrot|rabbit|bunn(?:y|ie)|hamster|horse|pon(?:y|ie)|"
                      r"goldfish|fish|turtle|guinea pig|snake|lizard|bird)s?$", _I)

# ---- Chinese ----------------------------------------------------------------------------------------------
_ZH_ADV = r"(?P<adv>(?:现在|目前|如今|已经|早就|早已|其实|也|都|已|今年|去年|后来)*)"
_ZH_SETTLED = re.compile(r"已经|早就|早已|如今|后来")  # a change said without 了
# "我不是素食者了", "我已经不是学生了", "我不再是老师", "我不当设计师了"
_ZH_BE = re.compile(rf"^我{_ZH_ADV}(?P<neg>不再是|不是|不再当|不当|不再做|不做|不干)(?P<x>[^，,。的]{{1,12}}?)(?P<le>了)?(?:啦|哦|呢|哈)?$")
# "我没有狗", "我已经不养猫了", "我家没有车了"
_ZH_HAVE = re.compile(rf"^我家?{_ZH_ADV}(?P<neg>没有|没|不再有|不再养|不养|没再养|没养)(?:了)?(?:一?[只条个辆台匹])?(?P<x>[^，,。]{{1,8}}?)(?P<le>了)?(?:啦|哦|呢|哈)?$")
# "我已经不在腾讯工作了", "我不住在上海了"
_ZH_WORK = re.compile(rf"^我{_ZH_ADV}(?P<neg>不再|不|没)在(?P<x>[^，,。]{{1,16}}?)(?P<v>工作|上班)(?P<le>了)?(?:啦|哦|呢|哈)?$")
_ZH_LIVE = re.compile(rf"^我{_ZH_ADV}(?P<neg>不再|不)(?:住在|住|生活在)(?P<x>[^，,。]{{1,16}}?)(?P<le>了)?(?:啦|哦|呢|哈)?$")
#: what a user may stop having: pets, vehicles, a home (a plain "我没有时间" is no possession)
_ZH_OWNABLE = re.compile(r"^(?:猫咪?|狗狗?|小猫|小狗|兔子|鹦鹉|仓鼠|乌龟|金鱼|鱼|马|宠物|车|汽车|私家车|电动车|摩托车?|自行车|房子?|"
                         r"电脑|笔记本|平板|驾照)$")


def read(clause: str, parse: Callable[[str], list[Claim]]) -> list[Claim]:
    """The negative claims of a withdrawal clause (`parse` reads the statement it takes back), else []."""
    text = clause.strip(" \t\"'“”.,;:!?。，；：！？")
    text = _LEAD.sub("", text)
    zh = re.match(r"^我", text) is not None
    for positive, plain in (_zh_positive(text) if zh else _en_positive(text)):
        claims = [c for c in parse(positive) if c.subject == "user" and c.polarity == "positive" and c.predicate in _VERBS]
        if claims:
            return [_negated(c, zh, plain) for c in claims]
    return []


def _en_positive(text: str) -> list[tuple[str, bool]]:
    """(the statement taken back, whether it is a plain negation rather than a change) for each reading."""
    if (m := _EN_STOPPED_BEING.match(text)):
        return [(f"I'm {m.group('x')}", False)]
    if (m := _EN_STOPPED_VERB.match(text)):
        return [(f"I {m.group('v')[:-3]}{'e' if m.group('v').startswith('liv') else ''} {m.group('x')}", False)]
    if (m := _EN_BE.match(text)):
        changed = bool(m.group("more")) or m.group("nl").lower() == "no longer"
        if changed or _DIETS.match(m.group("x")):
            return [(f"I'm {m.group('x')}", not changed)]
    if (m := _EN_VERB.match(text)) and (m.group("nl") or m.group("more") or m.group("v").lower() in ("have", "own")):
        x, v = m.group("x"), m.group("v").lower()
        if v in ("have", "own") and (pet := _PETS_EN.match(x)):
            x = "a " + re.sub(r"ie$", "y", pet.group("x").lower())  # "dogs", "any puppies" → "a dog", "a puppy"
        return [(f"I {v} {x}", not (m.group("nl") or m.group("more")))]
    return []


def _zh_positive(text: str) -> list[tuple[str, bool]]:
    changed = lambda m: bool(m.group("le") or m.group("neg").startswith("不再") or _ZH_SETTLED.search(m.group("adv")))  # noqa: E731
    if (m := _ZH_BE.match(text)) and changed(m):
        return [(f"我是{m.group('x')}", False)]
    if (m := _ZH_HAVE.match(text)) and _ZH_OWNABLE.match(m.group("x")):
        return [(f"我有一个{m.group('x')}", not changed(m))]
    if (m := _ZH_WORK.match(text)) and changed(m):
        return [(f"我在{m.group('x')}{m.group('v')}", False)]
    if (m := _ZH_LIVE.match(text)) and changed(m):
        return [(f"我住在{m.group('x')}", False)]
    return []


def _negated(c: Claim, zh: bool, plain: bool) -> Claim:
    en_verb, zh_verb = _VERBS[c.predicate]
    if plain:  # "I'm not vegan", "我没有狗": no change said, only a fact
        en_verb, zh_verb = en_verb.replace("no longer", "not").replace("not has", "does not have"), zh_verb.replace("不再有", "没有")
    replaces = [c.object] + (["素"] if zh and c.predicate == "diet" and "素" in c.object else [])  # 素食者 takes back 吃素
    return Claim(c.subject, c.predicate, c.object, "negative", c.kind, [*c.replaces, *replaces], verb=zh_verb if zh else en_verb)




def doubt_unheld(p: Any, held: Sequence[MemoryRecord]) -> list[dict[str, Any]]:
    """A negative of a one-value attribute that names none of its held values ("not a student anymore" while
    "teacher" is held): the negative is kept as a candidate, the held values flagged needs-confirmation (the
    skip's `confirm`, applied by `CommitNode`) — neither silently replaced nor left beside a contradiction."""
    r = p.record
    if str(getattr(r.polarity, "value", r.polarity)) != "negative" or not is_exclusive(r.predicate):
        return []
    held = [m for m in held if m.status is Status.ACTIVE and m.id != r.id and not m.read_only]
    if not held:
        return []
    p.action, r.status = "downgrade", Status.CANDIDATE
    p.reason = f"takes back {r.object!r}, which is not the value held ({held[-1].object!r}): kept as candidate, held value to confirm"
    p.note("resolve", p.reason)
    return [{"text": r.text, "reason": "withdrawal of a value not held",
             "confirm": [[m.subject, m.predicate, m.object] for m in held]}]


__all__ = ["doubt_unheld", "names", "read"]


def names(value: str, held: str) -> bool:
    """Does a taken-back value name the held one ("dogs" names "two dogs", "teacher" names "high school
    teacher", "狗" names "两条狗")? Whole words, a plural read as its singular; "Java" does not name "JavaScript"."""
    v, h = value.casefold().strip(), held.casefold().strip()
    if not v or not h:
        return False
    if re.search(r"[\u4e00-\u9fff]", v):
        return v in h
    word = lambda s: {re.sub(r"(?<=[a-z]{2})(?:ies|s)$", lambda m: "y" if m.group(0) == "ies" else "", w) for w in re.findall(r"[\w+#.-]+", s)}  # noqa: E731
    return bool(word(v)) and word(v) <= word(h)
