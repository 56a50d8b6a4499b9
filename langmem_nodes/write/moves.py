"""A move back is a move: "I moved back to Paris", "I moved back home to Seoul", "我又搬回北京了", "我搬回老家武汉了"
say where the user lives now, exactly as "I moved to Paris" / "我搬到北京了" do (same relation; `lexicon.CURRENT`
gives both the same `explicit` source), so the return replaces the city in between.

    >>> normalise("I moved back home to Seoul"), normalise("我又搬回北京了"), normalise("我搬回了老家武汉")
    ('I moved to Seoul', '我搬到北京了', '我搬到了武汉')
"""

from __future__ import annotations

import re

_I = re.IGNORECASE

# "moved back (home) to", "relocated right back to": the particle does not change the relation
_EN_BACK = re.compile(r"\b(moved|relocated)\s+(?:right\s+)?back\s+(?:home\s+)?(?=to\b)", _I)
# "我又搬回北京了", "我已经搬回到杭州", "搬回了老家武汉": 搬回 is 搬到; 又 ("again") and 老家 ("home") are not the
# place, and "搬回老家了" / "搬回来了" name none
_ZH_AGAIN = re.compile(r"^我又(?=(?:已经|刚|刚刚)?搬回)")
_ZH_BACK = re.compile(r"搬回(?!到?了?(?:我的)?老家了?$)(?:到)?(了)?\s*(?:我的)?(?:老家)?(?![了来去])(?=[\u4e00-\u9fffA-Za-z])")


def normalise(clause: str) -> str:
    """The clause with a move back said as a move ("I moved back to Lyon" → "I moved to Lyon")."""
    clause = _EN_BACK.sub(r"\1 ", clause)
    if "搬回" in clause:
        clause = _ZH_BACK.sub(lambda m: "搬到" + (m.group(1) or ""), _ZH_AGAIN.sub("我", clause))
    return clause


__all__ = ["normalise"]
