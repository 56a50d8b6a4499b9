"""A note the user asks to keep about another person is not the user's own fact: "Remember that Alice is allergic to
shellfish", "Remember: customer #4411 lives in Paris", "记住：用户 u2 住在广州" were kept as the user's statements
and rules, and answered "what am I allergic to?" / "我住在哪？" (newcomer22 H3). The clause names someone — a
person's name, or a user, customer or client by id — and says what a person has, likes or does; it is skipped as
about someone else, like "my colleague Sam is allergic to peanuts". The user's family ("my wife…", "我老婆…") is
read elsewhere (`family_facts`), and a thing's name ("Friday is our release day") is no person.

Example:
    >>> [about_another(t) for t in ("Alice is allergic to shellfish", "customer #4411 lives in Paris",
    ...                             "Friday is our release day", "用户 u2 住在广州", "张伟对花生过敏", "周末喜欢去爬山")]
    [True, True, False, True, True, False]
    >>> [names_only(t) for t in ("Remember Bob", "Maria Lopez", "记住：张伟", "Remember to cc Bob", "Friday")]
    [True, True, True, False, False]
"""

from __future__ import annotations

import re

_CUE = re.compile(r"^(?:(?:please|pls|also|and)\s+)*(?:remember|note|keep in mind|don't forget|do not forget)(?:\s+that)?\s*[:,-]?\s*|"
                  r"^(?:请|麻烦)?(?:帮我)?(?:记住|记一下|记下|记着|别忘了)[：:，,]?\s*", re.I)
_WHO_ID_EN = (r"(?:(?:the\s+)?(?:user|customer|client|member|account|patient|tenant|employee|student|guest|contact|subscriber)\s+"
              r"(?:id\s+)?#?\s*[\w@.+-]*\d[\w@.+-]*|(?:the\s+)?(?:user|customer|client)\s+[\w.+-]+@[\w.-]+|[\w.+-]+@[\w-]+\.[\w.-]+|u\d+)")
_NOT_NAMES = (r"(?:I|My|We|Our|The|This|That|It|He|She|They|You|Your|Everyone|Nobody|Someone|Monday|Tuesday|Wednesday|Thursday|"
              r"Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|"
              r"Today|Tomorrow|Tonight)\b")
_NAME_EN = rf"(?!{_NOT_NAMES})(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?"
# what is said of a person: what they are allergic to, eat, like, where they live or work, their birthday
_OF_A_PERSON_EN = (r"(?:is|'s|was)\s+(?:(?:severely|very|really|also)\s+)?(?:allergic|vegan|vegetarian|pregnant|married|diabetic|"
                   r"lactose[- ]intolerant|gluten[- ]free|coeliac|celiac|left-handed|colou?r[- ]?blind|from\b)|"
                   r"(?:lives|lived|likes|loves|prefers|hates|dislikes|eats|drinks|speaks|studies)\b|(?:works|worked)\s+(?:at|for|as|in)\b|"
                   r"(?:doesn't|does not|can't|cannot|won't)\s+(?:eat|drink|like|have)\b|'s\s+birthday\b|birthday\s+is\b|moved\s+to\b")
_ABOUT_EN = re.compile(rf"^(?:{_WHO_ID_EN}|{_NAME_EN})(?:\s*\([^)]{{0,40}}\))?\s*,?\s+(?:{_OF_A_PERSON_EN})", re.I)

_WHO_ID_ZH = r"(?:用户|客户|会员|租客|学生|同事|病人|患者|顾客|账号)\s*[A-Za-z0-9#@._-]+"
_SURNAMES = ("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范"
             "金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤")
_NAME_ZH = rf"(?:(?:小|老|阿)[\u4e00-\u9fff]|[{_SURNAMES}](?![一二三四五六日天末边围到上末])[\u4e00-\u9fff]{{1,2}}?)"
_OF_A_PERSON_ZH = r"(?:对.{1,12}过敏|住在|住|喜欢|爱吃|不吃|不喝|吃素|是素食|在.{1,12}(?:工作|上班)|的生日|生日是|来自|怀孕)"
_ABOUT_ZH = re.compile(rf"^(?:{_WHO_ID_ZH}|{_NAME_ZH})\s*(?:{_OF_A_PERSON_ZH})")


_ID_ASIDE = re.compile(r"(?<=[A-Za-z])\s*[(（]\s*(?:user\s*id|id|user|uid|account|用户\s*id|用户|账号)\s*[:：#=]?\s*[\w@.+-]+\s*[)）]", re.I)


def without_id_aside(message: str) -> str:
    """`message` without an id in brackets after a name ("Bob (user id bob42) is vegetarian" → "Bob is vegetarian"):
    the bracket would split the clause from its subject."""
    return _ID_ASIDE.sub("", message) if "(" in message or "（" in message else message


def names_only(clause: str) -> bool:
    """`clause` (a remember cue before it may stay) is a person's name and nothing else ("Remember Bob", "记住：张伟"):
    nothing is said to do or to keep (newcomer22 L4: "User rule: Bob")."""
    said = _CUE.sub("", clause.strip(), count=1).strip(" .!。！")
    return bool(re.fullmatch(rf"(?:that\s+)?{_NAME_EN}", said, re.I) or re.fullmatch(_NAME_ZH, said))


def about_another(clause: str) -> bool:
    """`clause` (a remember cue before it may stay) says a fact of a person named by name or id, not of the user."""
    said = _CUE.sub("", clause.strip(), count=1).strip()
    return bool(_ABOUT_EN.match(said) or _ABOUT_ZH.match(said))


__all__ = ["about_another", "names_only", "without_id_aside"]
