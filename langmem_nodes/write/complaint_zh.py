"""A complaint about the assistant's answers is no rule: "你每次回答都好长啊", "你的回答总是太长了" judge what was
said (a degree word and an adjective), they ask for nothing — unlike "以后回答简短一点" or "回答尽量短", which say
how to answer. What the user wants instead is often said next, and that clause is read on its own.

    >>> [judges(o) for o in ("回答都好长", "回答总是太长", "回答简短一点", "回答尽量短", "回答用中文")]
    [True, True, False, False, False]
"""

from __future__ import annotations

import re

_ANSWER = r"(?:回答|回复|答复|答案|解释|讲解|输出|总结|翻译)"
_JUDGED = re.compile(rf"^{_ANSWER}(?:都|总是|老是|一直|又|还是|每次都|怎么)*(?:好|太|很|真的?|挺|特别|超|巨|有点儿?|这么|那么)"
                     r"[\u4e00-\u9fff]{1,3}?(?:了|啊|呀|吧|的|啦)*$")


def judges(obj: str) -> bool:
    """True when a would-be rule about answers only judges them."""
    return _JUDGED.match(obj.strip()) is not None
