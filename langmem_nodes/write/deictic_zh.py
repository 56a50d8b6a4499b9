"""A Chinese object that only points ("这种写法", "那样的", "第二种", "上面那个", "团队统一那份") names nothing to
remember: what it points at is in front of the user (an answer, a file, a list) and is gone in the next session.
A kind named ("那种网红店"), described at length ("那种一上来就长篇大论的回答") or with a name ("Airbnb 那套") still
counts: only a head that needs what is pointed at (写法, 风格, 格式, 配色, 东西) points.

    >>> [points_only(o) for o in ("这种写法", "团队统一那份", "第二种", "那种简洁一点的回答", "Airbnb 那套", "那种网红店")]
    [True, True, True, False, False, False]
"""

from __future__ import annotations

import re

_CJK = r"[\u4e00-\u9fff]"
# "这种写法", "这样的配色", "那样写", "这类的": a pointer and at most a short head noun
_POINTER = re.compile(r"^(?:你)?(?:刚才|刚刚|上面|前面|下面|后面|最后)?(?:的)?(?:这|那)(?:种|样|类|个|套|份)(?:的)?"
                      r"(?:写法|风格|格式|排版|配色|颜色|语气|口气|回答|方式|样式|感觉|东西|做法|设计|写|弄|搞)?$")
# "第二种", "第一个方案", "上面那个", "后面那个": one of the options in front of the user
_OPTION = re.compile(rf"^(?:第[一二三四五六七八九十\d]+|上面|前面|下面|后面|刚才|最后)(?:那|这)?(?:个|种|套|份|条|版)?(?:的)?{_CJK}{{0,3}}$")
# "团队统一那份", "同事给的那份", "默认那套": ends pointing, with no name before the pointer
_ENDS_POINTING = re.compile(r"(?:那|这)(?:份|套|个|种|样)(?:的)?(?:就行|就好|就可以|就够了)?$")


def points_only(obj: str) -> bool:
    """True when a Chinese object only points at something in front of the user."""
    text = obj.strip()
    if not re.search(_CJK, text):
        return False
    if _POINTER.match(text) or _OPTION.match(text):
        return True
    return _ENDS_POINTING.search(text) is not None and not re.search(r"[A-Za-z0-9]", text)
