"""An instrument the user plays (zh + en): the verb of playing, an optional place or band, the instrument.

"我周末在一个小乐队弹贝斯", "我会拉二胡", "I play bass in a small band", "I've been playing the piano for years"
→ trait «贝斯» / «二胡» / «bass» / «piano», rendered with the verb (用户弹贝斯, User plays bass). Someone else
playing ("我儿子在学钢琴"), a wish ("想学吉他") or a question stores nothing; the clause must end with the
instrument (or an English place or time after it), so "弹钢琴有什么技巧" is no claim.

    >>> [(c.object, c.verb) for c in read("我在一个小乐队弹贝斯")]
    [('贝斯', '弹')]
    >>> [(c.object, c.verb) for c in read("I play the bass guitar in a cover band")]
    [('bass guitar', 'plays')]
    >>> read("弹钢琴有什么技巧"), read("I play games")
    ([], [])
"""

from __future__ import annotations

import re

from .rules import Claim

_ZH_INSTRUMENT = (r"(?:电吉他|木吉他|吉他|贝斯|钢琴|电钢琴|电子琴|键盘|尤克里里|古筝|古琴|琵琶|中提琴|小提琴|大提琴|二胡|手风琴|萨克斯|"
                  r"长笛|竖笛|笛子|口琴|小号|单簧管|架子鼓|爵士鼓|鼓|手碟|卡林巴)")
_EN_INSTRUMENT = (r"(?:(?:electric|acoustic|bass|classical)\s+guitar|guitar|bass|piano|keyboards?|keys|drums|violin|viola|cello|ukulele|uke|"
                  r"saxophone|sax|flute|trumpet|trombone|clarinet|harmonica|banjo|mandolin|harp|accordion)")
_ZH_PLAY = r"(?:弹|拉|吹|打)"
_ZH_ADV = r"(?:平时|业余|一直|也|还|会|在|现在|目前|主要|偶尔|经常)*"
_ZH = re.compile(rf"^我{_ZH_ADV}(?:在\s*[^，,在]{{1,10}}?(?:里|里面)?)?{_ZH_ADV}(?P<v>{_ZH_PLAY})了?(?:[一二三四五六七八九十几\d]+年(?:多)?(?:的)?)?\s*"
                 rf"(?P<o>{_ZH_INSTRUMENT})(?:了|哈|呢)*$")
_EN = re.compile(rf"^i(?:'ve been| have been|'m| am)?\s+(?:(?:also|still|mostly|usually|mainly|sometimes)\s+)?(?:play|playing)\s+"
                 rf"(?:the\s+)?(?P<o>{_EN_INSTRUMENT})(?:\s+(?:in|for|with|at|on|since|every)\b[^,.;]*)?$", re.IGNORECASE)
#: a clause with its subject dropped that plays an instrument: "周末在一个小乐队弹贝斯"
DROPPED = re.compile(rf"^(?:周末|平时|业余|一直|现在|也|还)*(?:在\s*[^，,在]{{1,10}}?)?{_ZH_PLAY}了?\s*{_ZH_INSTRUMENT}(?:了|哈|呢)*$")


def read(clause: str) -> list[Claim]:
    """The instrument the user plays, as a trait with the verb said; [] for any other clause."""
    text = clause.strip()
    if m := _ZH.match(text):
        return [Claim("user", "trait", m.group("o"), "positive", "identity", verb=m.group("v"))]
    if m := _EN.match(text):
        return [Claim("user", "trait", m.group("o").lower(), "positive", "identity", verb="plays")]
    return []
