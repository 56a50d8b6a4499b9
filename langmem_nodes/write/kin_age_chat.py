"""Ages of family members and pets in chat (extract-en), beside `kin_age` (the correction path): an age said again with a pronoun ("she's turning 7, not 6", "他其实五岁"): in a correction it is the age of the
family member or pet the user gave an age for before, not a new value of nothing.

Example:
    >>> from langmem_nodes.write.rules import Claim
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
from collections.abc import Sequence

from .rules import Claim

_EN = re.compile(r"^(?:(?:she|he|they)(?:'s|'re|\s+is|\s+are)|(?:she|he|they)\s+(?:just\s+)?(?:turned|turns|will be))\s+"
                 r"(?:actually\s+|only\s+|now\s+|already\s+|almost\s+|nearly\s+)*(?:turning\s+|going to be\s+)?(?P<o>[1-9]\d?)"
                 r"(?:\s+(?:years?\s+old|yo))?(?=$|[\s,.!;]|\s*,?\s*not\b)", re.I)
_ZH = re.compile(r"^(?:她|他|它)(?:其实|实际上|现在|今年)*(?:是)?(?:快|刚|已经|马上)*(?:满)?(?P<o>\d{1,2}|[一二两三四五六七八九十]{1,3})(?P<u>岁|个月)")


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
            out += [c for c in (grammar._kin_age(m) if m else []) if is_kin_age(c)]
    return out


def corrected_age(clause: str, before: Sequence[Claim]) -> list[Claim]:
    """The corrected age of the one kin age among `before` (the user's earlier claims), else []."""
    ages = [c for c in before if is_kin_age(c)]
    if len({c.predicate for c in ages}) != 1:
        return []  # none, or two people's ages: whose is unclear
    old = ages[-1]
    if (m := _EN.match(clause.strip())) and old.predicate.endswith("_age"):
        new = m.group("o")
    elif (z := _ZH.match(clause.strip())) and old.predicate.endswith("年龄"):
        new = z.group("o") + z.group("u")
    else:
        return []
    return [Claim("user", old.predicate, new, "positive", old.kind, [old.object])] if new != old.object else []
