"""A clause the user asks to be noted is the user's clause: "Book a flight; note I'm allergic to peanuts.",
"帮我订机票；注意我对花生过敏". The attention verb ("note", "注意", "备注一下") frames the first-person clause after it,
which was read whole and failed ("no parse"); `unframe` leaves the clause it frames."""

from __future__ import annotations

import re

_EN = re.compile(r"^(?:please\s+|pls\s+|and\s+)?(?:(?:do\s+)?note|noting|n\.?b\.?)(?:\s+that)?\s*[:,—–-]?\s*"
                 r"(?=(?:i|i'm|im|i've|i'd|i'll|my|we|we're|our)\b)", re.I)
_ZH = re.compile(r"^(?:请|麻烦)?(?:注意|备注|留意|标注)(?:一下)?[:：，,]?\s*(?=我)")


def unframe(clause: str) -> str:
    """`clause` without an attention verb that frames a first-person clause ("note I'm …" -> "I'm …")."""
    return _ZH.sub("", _EN.sub("", clause, count=1), count=1)


__all__ = ["unframe"]
