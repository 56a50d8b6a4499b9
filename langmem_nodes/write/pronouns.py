"""A pronoun that stands for the user's pet named earlier in the sentence (zh + en): "I'm bringing my dog, she's a
border collie" reads its second clause as "my dog is a border collie", "我养了只猫，它是英短" as "我的猫是英短".

Only a breed-like value is read so (a capitalised name, a breed head noun, a known zh breed): "she's a good girl",
"he's a nurse" (no pet named) and "it's a mess" stay what they were.

Example:
    >>> resolve("she's a border collie", "dog"), resolve("she's a good girl", "dog"), resolve("he's a Siamese", "")
    ('my dog is a border collie', "she's a good girl", "he's a Siamese")
    >>> resolve("它是英短", "猫"), mentioned("I'm bringing my dog"), mentioned("我养了只猫")
    ('我的猫是英短', 'dog', '猫')
"""

from __future__ import annotations

import re

_I = re.IGNORECASE
_PET_EN = r"cat|dog|puppy|kitten|parrot|rabbit|bunny|hamster|horse|pony"
_PET_ZH = r"猫咪|狗狗|小猫|小狗|兔子|鹦鹉|猫|狗"
_MY_PET = re.compile(rf"\bmy\s+(?:(?:new|old|little|rescue|senior)\s+)?(?P<en>{_PET_EN})\b|"
                     rf"我(?:的|家)?(?:养了|养的|养着|有)?(?:一)?(?:只|条)?(?P<zh>{_PET_ZH})", _I)
_BREED_HEAD = (r"collie|shepherd|retriever|terrier|poodle|beagle|lab|labrador|husky|corgi|pug|spaniel|bulldog|doodle|"
               r"dachshund|schnauzer|greyhound|whippet|chihuahua|boxer|mix|mutt|tabby|shorthair|longhair|ragdoll|"
               r"maine coon|persian|sphynx|bengal|hound|mastiff|setter|pointer|spitz|malamute|akita|doberman|rottweiler|maltese|pomeranian|"
               r"sheepdog|siamese|cavalier")
PET_EN, PET_ZH, BREED_HEAD = _PET_EN, _PET_ZH, _BREED_HEAD  # for readers of a pet said again (kin_correction)
_EN_PRONOUN = re.compile(rf"^(?:she|he)(?:'s|\s+is)\s+(?P<o>an?\s+(?:(?-i:[A-Z])[\w-]*(?:\s+[\w-]+)?|(?:[\w-]+\s+)?(?:{_BREED_HEAD})))$", _I)
_ZH_BREED = (r"[\u4e00-\u9fff]{1,3}(?:犬|猫)|英短|美短|布偶|狸花|暹罗|金毛|拉布拉多|柯基|柴犬|哈士奇|泰迪|边牧|萨摩耶|比熊|德牧|"
             r"博美|法斗|加菲|蓝猫|橘猫|田园")
BREED_ZH = _ZH_BREED
_ZH_PRONOUN = re.compile(rf"^(?:它|牠)(?:其实)?是\s*(?:一只|只)?(?P<o>{_ZH_BREED})$")


def mentioned(clause: str) -> str:
    """The pet the clause names as the user's ("my dog", "我家的猫"), else ""."""
    found = list(_MY_PET.finditer(clause))
    return (found[-1].group("en") or found[-1].group("zh")).lower() if found else ""


def resolve(clause: str, pet: str) -> str:
    """The clause with a pronoun for `pet` read as the pet itself; unchanged when it is no breed of it."""
    if not pet:
        return clause
    if pet.isascii() and (m := _EN_PRONOUN.match(clause)):
        return f"my {pet} is {m.group('o')}"
    if not pet.isascii() and (z := _ZH_PRONOUN.match(clause)):
        return f"我的{pet}是{z.group('o')}"
    return clause


# a family member named by the user ("my sister's getting married"), and a name given with a pronoun after it
_KIN_EN = (r"sister|brother|wife|husband|partner|girlfriend|boyfriend|fianc[eé]e?|son|daughter|mom|mum|mother|dad|father|"
           r"grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin|niece|nephew|boss|manager|roommate|best friend")
_KIN_ZH = r"妹妹|姐姐|哥哥|弟弟|老婆|老公|女朋友|男朋友|儿子|女儿|妈妈|爸爸|奶奶|爷爷|外婆|外公|老板|室友"
_MY_KIN = re.compile(rf"\bmy\s+(?:(?:little|big|older|younger|baby|best)\s+)?(?P<en>{_KIN_EN})\b(?!\s+and\s+i\b)|^我(?:的)?(?P<zh>{_KIN_ZH})", _I)
_NAME_EN = re.compile(r"^(?:and\s+)?(?:(?:her|his)\s+name(?:'s|\s+is)|(?:she|he)(?:'s|\s+is)\s+(?:called|named))\s+"
                      r"(?P<o>(?-i:[A-Z])[\w-]+(?:\s+(?-i:[A-Z])[\w-]+)?)(?:\s+(?:btw|by the way|fyi|lol|haha))?$", _I)
_NAME_ZH = re.compile(r"^(?:她|他)(?:的名字)?(?:叫|名叫|是)\s*(?P<o>[\u4e00-\u9fff·]{2,4})$")


def kin_mentioned(clause: str) -> str:
    """The family member the clause names as the user's ("my sister", "我妹妹"), else ""."""
    found = list(_MY_KIN.finditer(clause))
    return (found[-1].group("en") or found[-1].group("zh") or "").lower() if found else ""


def resolve_name(clause: str, kin: str) -> str:
    """"her name is Priya" after "my sister …" → "my sister's name is Priya" (unchanged without a kin before it).

    >>> resolve_name("her name is Priya btw", "sister"), resolve_name("her name is Priya", "")
    ("my sister's name is Priya", 'her name is Priya')
    """
    if kin and kin.isascii() and (m := _NAME_EN.match(clause.strip())):
        return f"my {kin}'s name is {m.group('o')}"
    if kin and not kin.isascii() and (z := _NAME_ZH.match(clause.strip())) and not _job_or_kind(z):
        return f"我{kin}叫{z.group('o')}"
    return clause


def _job_or_kind(z: re.Match[str]) -> bool:
    """"她是老师" after "我老婆叫李娜" says her job, not her name (`kin_value`)."""
    from .kin_value import not_a_name, said_with_shi
    return said_with_shi(z) and not_a_name(z.group("o"))
