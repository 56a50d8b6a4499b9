"""How old the user's child, relative or pet is (zh + en): "my son is 10", "我家狗三岁了", "我女儿今年五岁".

One module reads every family or pet age the extractor meets:
- stated with the relative (`parse`, `mentions`): the age is an attribute of whom it is said of (`attr:son_age`,
  `attr:狗年龄`), never the user's own age;
- said again with a pronoun (`again`: "他六岁了", "she's 7"; `corrected_age`: "she's turning 7, not 6",
  "她其实快7岁了"): in a correction, the age of the relative the user gave an age for before.

Said in passing (a request around it, `incidental`) an age is context, not stored (labelled sets keep "my daughter
just turned 6, write her a story" out); a correction stores it ("I misspoke, my son is 10, not 12") and replaces
the age said before ("我家狗三岁了" … "哦不对，是四岁").

Example:
    >>> [(c.predicate, c.object) for c in parse("my son is 10 years old") + parse("我家狗三岁了")]
    [('attr:son_age', '10'), ('attr:狗年龄', '三岁')]
    >>> parse("my son is 10 minutes late"), parse("我儿子三岁的时候")
    ([], [])
    >>> before = ages_said(["my daughter is turning 6 next month, any party ideas?"])
    >>> [(c.predicate, c.object, c.replaces) for c in corrected_age("she's turning 7, not 6", before)]
    [('attr:daughter_age', '7', ['6'])]
    >>> [(c.predicate, c.object) for c in corrected_age("她其实快7岁了", ages_said(["我女儿快6岁了，有什么推荐吗"]))]
    [('attr:女儿年龄', '7岁')]
    >>> corrected_age("she's turning 7", [Claim("user", "lives_in", "Oslo")])
    []
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .age_words import AGE_EN
from .rules import Claim

_I = re.IGNORECASE
_KIN_EN = (r"son|daughter|kid|child|baby|boy|girl|brother|sister|mom|mum|mother|dad|father|grandson|granddaughter|niece|nephew|"
           r"grandma|grandpa|grandmother|grandfather|dog|cat|puppy|kitten|parrot|rabbit|bunny|hamster|horse|pony|turtle|tortoise")
_KIN_ZH = (r"儿子|女儿|闺女|孩子|小孩|宝宝|老大|老二|大宝|二宝|哥哥|姐姐|弟弟|妹妹|妈妈|爸爸|老妈|老爸|爷爷|奶奶|外公|外婆|"
           r"狗狗|小狗|猫咪|小猫|兔子|鹦鹉|乌龟|猫|狗")
_SAME = {"mum": "mom", "mother": "mom", "father": "dad", "child": "kid", "puppy": "dog", "kitten": "cat", "bunny": "rabbit",
         "狗狗": "狗", "小狗": "狗", "猫咪": "猫", "小猫": "猫", "闺女": "女儿", "小孩": "孩子", "老妈": "妈妈", "老爸": "爸爸"}
_NUM_ZH = r"(?:\d{1,3}|[一二两三四五六七八九十]{1,3})"
_EN = re.compile(
    rf"^(?:my|our)\s+(?:(?:little|baby|youngest|oldest|eldest|older|younger|big|twin|old|new)\s+)?(?P<k>{_KIN_EN})"
    r"(?:\s+(?P<n>(?-i:[A-Z])[\w-]+))?(?:\s+(?:is|just turned|turned|has turned|is turning)|'s)\s+(?:now\s+|actually\s+|only\s+|just\s+|already\s+)*"
    rf"(?P<o>{AGE_EN})(?:\s*(?P<u>months?|weeks?))?(?:\s*(?:years?|yrs?)(?:\s+old)?|\s*(?:yo|y/o)|\s+old)?"
    r"(?:\s+(?:now|already|actually|this year))?(?:\s+(?:and|but|so|who)\s+.*)?$", _I)
_ZH = re.compile(
    rf"^我(?:的|家)?(?:的)?(?P<k>{_KIN_ZH})(?:[\u4e00-\u9fffA-Za-z]{{1,4}}?)??(?:\s*(?:今年|现在|已经|都|才|刚|刚刚|快|马上|也))*(?:满)?\s*"
    rf"(?P<o>{_NUM_ZH}\s*(?:周岁|岁|个月)(?:半)?)(?:大)?了?$")
# the age said again of whom the conversation named ("记错了，他六岁了", "sorry, she's 7"): a corrected value
AGE_AGAIN = re.compile(rf"^(?:他|她|它)(?:今年|现在|已经|都|才|其实)*(?:满)?\s*(?P<z>{_NUM_ZH}\s*(?:周岁|岁|个月)(?:半)?)(?:大)?了?$|"
                       rf"^(?:he|she|it)(?:'s|\s+is)\s+(?:actually\s+|only\s+|now\s+|just\s+)*(?P<e>{AGE_EN})"
                       r"(?:\s*(?:years?|yrs?)(?:\s+old)?|\s*(?:yo|y/o))?(?:\s+(?:now|actually))?$", _I)
# an age as a value ("10 years old", "四岁", "6岁"), and the attributes that hold one
# (a bare number is no age: "I meant 15" may be a version)
_AGE_VALUE = re.compile(rf"^(?:{AGE_EN}(?:\s*(?:years?|yrs?)\s+old|\s*(?:yo|y/o)|\s*months?(?:\s+old)?)|{_NUM_ZH}\s*(?:周岁|岁|个月)(?:半)?)$", _I)


def parse(clause: str) -> list[Claim]:
    """The age of a relative or pet said in one clause; [] for anything else."""
    clause = clause.strip(" \t.,;:!?。，；：！？")
    if m := _EN.match(clause):
        kin = _SAME.get(m.group("k").lower(), m.group("k").lower())
        unit = f" {m.group('u').lower().rstrip('s')}s" if m.group("u") else ""
        named = [Claim("user", f"attr:{kin}_name", m.group("n"), "positive", "fact")] if m.group("n") else []
        return [*named, Claim("user", f"attr:{kin}_age", m.group("o") + unit, "positive", "fact")]
    if m := _ZH.match(clause):
        kin = _SAME.get(m.group("k"), m.group("k"))
        return [Claim("user", f"attr:{kin}年龄", m.group("o"), "positive", "fact")]
    return []


def mentions(text: str) -> list[Claim]:
    """The ages a message gives in any of its clauses ("周末想出去玩，孩子三岁" reads 孩子 as the user's)."""
    out: list[Claim] = []
    for clause in re.split(r"[,，.。!！?？;；]\s*|\s+and\s+", text):
        clause = clause.strip()
        out += parse(clause) or (parse("我" + clause) if re.match(rf"(?:{_KIN_ZH})", clause) else [])
    return out


def replacing(ages: list[Claim], earlier: Sequence[Mapping[str, Any]]) -> list[Claim]:
    """`ages` said in a correction, each replacing the age the user gave that relative or pet before."""
    before = [c for t in earlier if t.get("role") in ("user", "human") for c in mentions(str(t.get("content", "")))]
    for age in ages:
        old = next((o.object for o in reversed(before) if o.predicate == age.predicate and o.object != age.object), "")
        if old and not age.replaces:
            age.replaces.append(old)
    return ages


def said(clause: str) -> bool:
    """The clause states a relative's or pet's age: the user's own fact, not what the relative said."""
    return bool(parse(clause))


def is_age(value: str) -> bool:
    return bool(_AGE_VALUE.match(value.strip()))


def holds_age(predicate: str) -> bool:
    return predicate.endswith(("_age", "年龄")) or predicate == "attr:age"


def again(clause: str) -> str:
    """The age in "他六岁了" / "she's 7": the corrected value of an age said before; "" when the clause is none."""
    m = AGE_AGAIN.match(clause.strip(" \t.,;:!?。，；：！？"))
    return (m.group("z") or m.group("e")) if m else ""


# a pronoun and an age, in chat ("she's turning 7, not 6", "他其实五岁"): `corrected_age`
_PRONOUN_AGE_EN = re.compile(r"^(?:(?:she|he|they)(?:'s|'re|\s+is|\s+are)|(?:she|he|they)\s+(?:just\s+)?(?:turned|turns|will be))\s+"
                             rf"(?:actually\s+|only\s+|now\s+|already\s+|almost\s+|nearly\s+)*(?:turning\s+|going to be\s+)?(?P<o>{AGE_EN})"
                             r"(?:\s+(?:years?\s+old|yo))?(?=$|[\s,.!;]|\s*,?\s*not\b)", re.I)
_PRONOUN_AGE_ZH = re.compile(r"^(?:她|他|它)(?:其实|实际上|现在|今年)*(?:是)?(?:快|刚|已经|马上)*(?:满)?\s*(?P<o>\d{1,2}|[一二两三四五六七八九十]{1,3})\s*(?P<u>岁|个月)")


_BARE_AGE_ZH = re.compile(rf"^(?:其实|已经|都|才|刚)*(?:满)?\s*(?P<z>{_NUM_ZH}\s*(?:周岁|岁|个月)(?:半)?)(?:大)?了?$")


def said_again(clause: str) -> str:
    """The age a correction says again, with a pronoun or alone ("she's 7", "she turned 9 in june", "9岁了");
    "" when the clause says none."""
    text = clause.strip(" \t.,;:!?。，；：！？")
    if value := again(text):
        return value
    if m := _PRONOUN_AGE_EN.match(text) or _PRONOUN_AGE_ZH.match(text):
        return m.group("o") + (m.groupdict().get("u") or "")
    m = _BARE_AGE_ZH.match(text)
    return m.group("z") if m else ""


def is_kin_age(claim: Claim) -> bool:
    """A family member's or pet's age ("attr:son_age", "attr:女儿年龄")."""
    return claim.subject == "user" and re.search(r"^attr:.+(?:_age|年龄)$", claim.predicate) is not None


def incidental(sentence: str) -> bool:
    """The message asks for something (a question, a wish, a plan): a child's age said in it is context for the
    request ("my daughter just turned 6 so i want a bedtime story", "孩子三岁，有什么推荐吗"), not a fact to keep."""
    from . import lexicon as lx  # late: lexicon is large and only needed here

    return bool(lx.QUESTION.search(sentence) or lx.HYPOTHETICAL.search(sentence)
                or re.search(r"\b(?:can|could|would) (?:you|u)\b|\b(?:help me|ideas?|suggest|recommend|i want|i need|i'?m looking for)\b|"
                             r"帮我|推荐|建议|我想|想要", sentence, re.I))


def ages_said(texts: Sequence[str]) -> list[Claim]:
    """The family members' and pets' ages said in `texts` (earlier user turns, oldest first), request or not."""
    from . import grammar  # late: grammar builds on rules, as this module does

    out: list[Claim] = []
    for text in texts:
        for piece in re.split(r"[.!?;,，。！？；]+|\s+(?:so|and|but)\s+", text):
            piece = re.sub(r"^\s*(?:(?:ok|so|well|hey|btw|fyi|lol|um|oh)\s*,?\s+)+", "", piece.strip(), flags=re.I)
            m = grammar._KIN_AGE_EN.match(piece) or grammar._KIN_AGE_ZH.match(piece)
            # an age in words ("my daughter is eight") is read here only, as what a correction replaces
            out += [c for c in (grammar._kin_age(m) if m else parse(piece)) if is_kin_age(c)]
    return out


def pronoun_age(clause: str, kin: str) -> list[Claim]:
    """The age a pronoun clause gives of the family member the message named (`kin`: "daughter", "儿子"):
    "(it's for my daughter,) she turned seven last month" → [attr:daughter_age seven]; [] otherwise."""
    text = clause.strip(" \t.,;:!?。，；：！？")
    if kin and kin.isascii() and re.fullmatch(_KIN_EN, kin, _I) and (m := _PRONOUN_AGE_EN.match(text)):
        return [Claim("user", f"attr:{_SAME.get(kin, kin)}_age", m.group("o"), "positive", "fact")]
    if kin and not kin.isascii() and re.fullmatch(_KIN_ZH, kin) and (z := _PRONOUN_AGE_ZH.match(text)):
        return [Claim("user", f"attr:{_SAME.get(kin, kin)}年龄", z.group("o") + z.group("u"), "positive", "fact")]
    return []


def corrected_age(clause: str, before: Sequence[Claim]) -> list[Claim]:
    """The corrected age of the one kin age among `before` (the user's earlier claims), else []."""
    ages = [c for c in before if is_kin_age(c)]
    if len({c.predicate for c in ages}) != 1:
        return []  # none, or two people's ages: whose is unclear
    old = ages[-1]
    if (m := _PRONOUN_AGE_EN.match(clause.strip())) and old.predicate.endswith("_age"):
        new = m.group("o")
    elif (z := _PRONOUN_AGE_ZH.match(clause.strip())) and old.predicate.endswith("年龄"):
        new = z.group("o") + z.group("u")
    else:
        return []
    return [Claim("user", old.predicate, new, "positive", old.kind, [old.object])] if new != old.object else []
