"""A household's pets, home, car and children are the user's: "我们的猫叫咪咪", "咱家的狗叫旺财", "Our cat is called
Mochi." say what "我的猫…" / "My cat…" say. Couples and families talk about them as "our"; a team's "our CI" and
"我们的服务" stay the project's (only the nouns below are read as the user's).

Example:
    >>> as_mine("我老婆叫小美，我们的猫叫咪咪。")
    '我老婆叫小美，我的猫叫咪咪。'
    >>> as_mine("Our dog's name is Rex, and our CI runs on GitHub Actions.")
    "My dog's name is Rex, and our CI runs on GitHub Actions."
    >>> as_mine("我们的服务用 Go 写的")
    '我们的服务用 Go 写的'
"""

from __future__ import annotations

import re

_HOLD_ZH = r"(?:(?:我们家|咱们家|咱家|我们|咱们)的?|我家的)"
_THINGS_ZH = r"(?:猫咪|小猫|猫|狗狗|小狗|狗|宠物|兔子|仓鼠|鹦鹉|房子|车子?|孩子|儿子|女儿|宝宝|闺女|老大|老二|娃)"
_OURS_ZH = re.compile(rf"{_HOLD_ZH}(?={_THINGS_ZH})")
_THINGS_EN = (r"(?:(?:little|new|old|two|three|older|younger|eldest|youngest)\s+)?"
              r"(?:cats?|dogs?|kittens?|kitty|puppy|puppies|pets?|bunny|rabbits?|hamsters?|parrots?|house|home|apartment|flat|"
              r"car|kids?|children|sons?|daughters?|baby|twins)"
              r"(?!\s+(?:page|screen|directory|dir|folder|style|rules?|brand|office)\b)(?![\w-])")
_OURS_EN = re.compile(rf"\b(our)\s+(?={_THINGS_EN})", re.I)


def as_mine(text: str) -> str:
    """`text` with "our" / "我们的" (and the like) before a household's pet, home, car or child said as "my" / "我的"."""
    if "我们" in text or "咱" in text or "我家的" in text:
        text = _OURS_ZH.sub("我的", text)
    if "our" in text.casefold():
        text = _OURS_EN.sub(lambda m: ("My" if m.group(1)[0] == "O" else "my") + " ", text)
    return text


__all__ = ["as_mine"]
