"""How a thing is at the moment is no lasting attribute of the user's: "my flight is delayed", "my phone is dying",
"my build is failing", "我的耳机是坏的" (newcomer22 L4: "User's phone: dying"). The value is a state word, or a
verb in progress ("dying", "charging") — unless the attribute names a kind of activity, whose value an -ing word
is: "my hobby is reading", "my major is nursing".

Example:
    >>> [passing(a, v) for a, v in (("phone", "dying"), ("flight", "delayed"), ("hobby", "reading"),
    ...                             ("phone", "a Pixel 8"), ("耳机", "坏的"), ("手机", "华为"))]
    [True, True, False, False, True, False]
"""

from __future__ import annotations

import re

_I = re.IGNORECASE
_STATE_EN = re.compile(
    r"^(?:(?:still|now|currently|really|so|super|totally|kinda|a bit|running|almost|nearly)\s+)*(?:delayed|late|cancell?ed|"
    r"postponed|rescheduled|broken|down|dead|flat|stuck|lost|missing|stolen|overdue|frozen|crashed|crashing|offline|lagging|"
    r"slow|low|away|acting up|not working|on hold|out of (?:battery|stock|order|charge)|low on \w+|almost (?:done|empty|full)|"
    r"(?:at|in)\s+(?:the\s+)?(?:shop|repair|gate|airport)|due\s+(?:today|tomorrow|tonight|on|by|this|next|in))\b", _I)
# a verb in progress, alone or with an adverb: "dying", "acting weird", "going well"
_PROGRESSIVE_EN = re.compile(r"^(?:(?:still|now|currently|really|slowly|almost)\s+)*(?!(?:th|k|r|spr|str|st|sw|w|br|sl|p|bl|ceil|"
                             r"even|morn|pudd|wedd|build|cloth|sibl|darl|vik)ing\b)(?-i:[a-z]{2,}ing)(?:\s+(?:again|well|badly|up|out|"
                             r"fine|weird|slowly|fast|now))?$", _I)
# an attribute whose value is an activity, said with -ing: "my hobby is reading", "my job is consulting"
_ACTIVITY_ATTR = re.compile(r"(?:^|_)(?:hobby|hobbies|job|work|profession|career|field|major|minor|degree|sport|passion|"
                            r"specialty|speciality|focus|thing|area|interest|pastime|side_hustle|role|trade|background|"
                            r"exercise|activity|workout|skill|talent|name|surname)$|^favou?rite", _I)
# zh: broken, stolen, lost, out of power — "(我的耳机)是坏的", "(我的钱包)是被偷的"
_STATE_ZH = re.compile(r"^(?:是)?(?:坏|坏掉|摔坏|碎|丢|没电|卡|被偷|被偷走|被撞|欠费|停机|关机|死机)(?:了|的|了的)?$|^被.{1,4}的$")


def passing(attr: str, value: str) -> bool:
    """True when `value` of the user's `attr` (words joined by "_" in English) says how the thing is now."""
    said = value.strip()
    if re.search(r"[\u4e00-\u9fff]", said):
        return bool(_STATE_ZH.match(said))
    return bool(_STATE_EN.match(said) or (_PROGRESSIVE_EN.match(said) and not _ACTIVITY_ATTR.search(attr)))


__all__ = ["passing"]
