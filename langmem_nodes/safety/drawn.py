"""An unlock pattern or gesture described (en + zh): the shape drawn on a phone's dots opens it, so the shape is a
credential whatever words it is told in ("My grandma's phone unlock pattern is an L shape starting top left",
"记住，我爸的手机解锁图案是个Z字形", "my tablet unlocks with an N shape").

The cue names the pattern (unlock / swipe / lock-screen pattern or gesture, the pattern to unlock, 解锁图案, 手势密码,
a phone that unlocks with or by drawing something); after its link ("is", ":", "是", "：", "unlocks with") comes
the value: the rest of the clause, when it draws a shape (a letter, a figure, a direction, corners or dots, 画, 字形).
A pattern talked about with no shape given ("I turned off the lock screen pattern", "手势密码比数字密码方便") is no
credential.

    >>> [f.value for f in find_drawn("Remember my tablet unlock pattern: a big V then a dash across the bottom.")]
    ['a big V then a dash across the bottom']
    >>> [f.value for f in find_drawn("我的手机解锁图案是一个倒过来的L。")]
    ['一个倒过来的L']
    >>> find_drawn("Android lets you pick an unlock pattern instead of a PIN.") + find_drawn("我换了个锁。")
    []
"""

from __future__ import annotations

import re

from .credentials import Finding

_I = re.IGNORECASE
_DEVICE = r"phone|tablet|ipad|iphone|android|laptop|screen|mobile|cell|手机|平板|电脑|屏幕"
_CUE = re.compile(
    r"\b(?:unlock|lock[- ]?screen|swipe|screen)\s+(?:pattern|gesture|shape)s?\b|\bpatterns?\s+(?:to|that|which)\s+unlocks?\b|"
    rf"\b(?:{_DEVICE})(?:'s)?\s+(?:pattern|gesture)\b|"
    rf"\b(?:{_DEVICE})\s+(?:unlocks?|opens?)\s+(?:with|by\s+(?:drawing|swiping|tracing))|"
    r"解锁(?:图案|手势|图形|轨迹)|(?:手势|图案|图形|滑动)(?:密码|解锁)|"
    rf"(?:{_DEVICE})(?:的)?解锁(?=\s*(?:就|是|要|得)*\s*画)", _I)
# what follows the cue up to its value: a few words then a link, or the link at once
_LINK = re.compile(r"[^.!?。！？\n;；]{0,40}?(?:\b(?:is|was|are|'s)\b|[:=：]|\bwith\b|是|为|就是|设成了?|设的是|设为)\s*|\s*(?=\S)", _I)
_CLAUSE = re.compile(r"[^.!?。！？\n;；]+")
# a shape drawn: a capital letter alone, a figure, a direction, corners or dots; 画, 字形, 形
_SHAPE = re.compile(r"(?-i:(?<![A-Za-z'])(?!I\b)[A-Z](?![A-Za-z']))|\b(?:shape|shaped|square|circle|triangle|zig-?zag|cross|star|line|dash|dots?|"
                    r"corners?|hook|arrow|loop|diagonal|top|bottom|left|right|middle|centre|center|upside[- ]down|"
                    r"clockwise|\d(?:\s*[-–>,→]\s*\d){2,})\b|"
                    r"画|[A-Za-z]\s*字|字形|形状?|圆|圈|角|横|竖|勾|折|对角|上|下|左|右|中间|\d(?:\s*[-–>,→]\s*\d){2,}", _I)
# the tail of a clause that asks or says to keep it, not the shape: ", remember that", "，别告诉别人"
_TAIL = re.compile(r"\s*(?:[,，—–-]+\s*)?(?:(?:please\s+)?(?:remember|don'?t|do\s+not|keep|save|note)\b.*|记住.*|别.*|不要.*)$", _I)


def find_drawn(text: str) -> list[Finding]:
    """Unlock patterns and gestures told by their shape (category "secret")."""
    if not isinstance(text, str) or not text:
        return []
    found = []
    for cue in _CUE.finditer(text):
        link = _LINK.match(text, cue.end())
        clause = _CLAUSE.match(text, link.end()) if link else None
        if not clause:
            continue
        value = _TAIL.sub("", clause.group(0)).strip(" ,，、:：")
        if value and _SHAPE.search(value) and not re.match(r"(?:feature|setting|option|功能|设置|选项)", value, _I):
            start = text.index(value, clause.start())
            found.append(Finding("unlock pattern", "secret", start, start + len(value), value))
    return found


__all__ = ["find_drawn"]
