"""A stance word between a thing and its value is not part of the value: "my dog's name is actually Cookie" is
"my dog's name is Cookie", "我的猫其实叫豆豆" is "我的猫叫豆豆" (the word still marks the clause as a correction,
which is read from the clause as said).

    >>> normalise("My dog's name is actually Cookie"), normalise("我的猫其实叫豆豆"), normalise("我女儿的名字其实是果果")
    ("My dog's name is Cookie", '我的猫叫豆豆', '我女儿的名字是果果')
"""

from __future__ import annotations

import re

_EN_COPULA = re.compile(r"\b(is|'s|are|was)\s+(?:actually|really|in fact|truly|definitely)\s+(?=(?-i:[A-Z])|called\b|named\b)",
                        re.IGNORECASE)
_ZH_COPULA = re.compile(r"^(我(?:的|家)?[\u4e00-\u9fff]{1,6}?)(?:其实|实际上|本来|真的)(?=叫|名叫|是)")


def normalise(clause: str) -> str:
    """The clause without a stance word between its holder and the value."""
    return _ZH_COPULA.sub(r"\1", _EN_COPULA.sub(r"\1 ", clause))


__all__ = ["normalise"]
