"""A value said "actually" against an old value it names is a correction, wherever "actually" stands: "my dog's
name is actually Cookie, not Biscuit", "my cat's name is Stella actually, not Luna", "我的猫其实叫豆豆，不叫咪咪",
"我女儿的名字其实是果果，不是朵朵" — also when nothing earlier in the thread holds the old value (it then lands on
the stored one: `stored_correction`).

    >>> [marks_correction(t) for t in ("My dog's name is actually Cookie, not Biscuit.", "我的猫其实叫豆豆，不叫咪咪。",
    ...     "My dog is called Max, not Rex.", "I actually like tea, not coffee.", "我其实不太吃辣，不是不能吃。",
    ...     "My cat's name is Stella actually, not Luna.", "My dog is actually called Max, not Rex.")]
    [True, True, False, False, False, True, True]
"""

from __future__ import annotations

import re

_NOT_FILLER = r"(?:sure|really|yet|now|just|only|that|this|so|too|very|quite|much|many|a lot|always|anymore|any more|bad|great|good|the)"
# "is actually X, not Y", "is actually called X, not Y", "is X actually, not Y": a value, then the old one
_EN = re.compile(rf"(?:\b(?:is|are|was|'s)\s+actually\s+(?:(?:called|named)\s+)?[^.!?;,]{{1,40}}?|\bactually\s+(?:called|named)\s+[^.!?;,]{{1,40}}?|"
                 rf"\b(?:is|are|was|'s|called|named)\s+[^.!?;,]{{1,40}}?\s+actually)\s*,?\s+not\s+(?!{_NOT_FILLER}\b)[\w.+#-]", re.I)
_ZH = re.compile(r"(?:其实|实际上)(?!不|没)[^。！？；，,]{1,20}[，,]\s*(?:而)?不(?:是|叫|姓|住在|用)(?!不|很|太|特别|那么|能|会|想)\s*[^，,。！？\s]")


def marks_correction(message: str) -> bool:
    """The message sets a value "actually" against an old one it names."""
    return bool(_EN.search(message) or _ZH.search(message))


__all__ = ["marks_correction"]
