"""Does a request concern someone else, so only a memory about that person bears on it by meaning?

"help me pick a birthday gift for my coworker", "write a card for my neighbour", "同事要退休了，我送什么礼物好？",
"我哥结婚我要上台讲话，帮我写个稿子": the answer depends on the coworker, the neighbour, the brother — not on the
user's son, dog, diet or work that the low personal floor would let in because it happens to be nearest. A request
that names such a person counts by meaning only the memories naming the same kind of person («User's sister Priya is
getting married in June» for "a toast for my sister's wedding", `bears_on`): a memory naming no one («用户负责一个
推荐模型») does not govern a gift for the girlfriend either. Shared words and standing conditions still count.

Not a child (the user's children are the user's own care: where they live, what they eat bears on it) nor a friend
(a party or a meal with friends is the user's own: "朋友聚会我点什么饮料合适？" → «用户不喝酒»), and not when the person
only asks ("新来的同事问老系统是用啥语言写的"): the user answers, from their own memories. A query naming a child too
("爸爸不常在家，怎么让孩子跟他保持亲近") is about the family: left alone.

A thing of someone else's ("my friend's laptop keeps overheating", "my neighbour's kid won't sleep", "我表姐家的孩子还不会
走路", "朋友孩子三岁了") is theirs, a friend's and a child's included, and so is their wish ("my friend wants to get a
cat", "我朋友想养狗"), when nothing after it speaks of the user: the user's own laptop, child or dog does not bear on
it (`owner_named`).

Example:
    >>> others_named("help me pick a gift for my coworker"), others_named("我哥结婚我要上台讲话，帮我写个稿子")
    ({'coworker'}, {'sibling'})
    >>> others_named("movie night w/ friends, recommend something?"), others_named("新来的同事问老系统用啥写的")
    (set(), set())
    >>> owner_named("my friend's Go program leaks goroutines"), owner_named("我朋友孩子三岁了还不会说话")
    ({'friend'}, {'friend'})
    >>> names_other("User's sister Priya is getting married in June", {"sibling"}), names_other("用户的儿子叫乐乐", {"parent"})
    (True, False)
"""

from __future__ import annotations

import re
from collections.abc import Collection

from .fact_relation import names_relation

_PETS = ("dog", "cat")

OTHERS: dict[str, re.Pattern[str]] = {
    "partner": re.compile(r"\b(?:wife|husband|girlfriend|boyfriend|spouse|fianc[eé]e?|my partner)\b|老婆|老公|妻子|丈夫|"
                          r"太太|媳妇|女朋友|男朋友|爱人", re.I),
    "sibling": re.compile(r"\b(?:brothers?|sisters?|siblings?)\b|哥哥|弟弟|姐姐|妹妹|(?:^|我|老)[哥弟姐妹](?!们)", re.I),
    "parent": re.compile(r"\b(?:mother|mom|mum|father|dad|my parents)\b|妈妈|母亲|爸爸|父亲|父母|爸妈|(?:^|我|老)[妈爸]", re.I),
    "grandparent": re.compile(r"\b(?:grand(?:ma|pa|mother|father|parents?)|granny)\b|奶奶|爷爷|外婆|外公|姥姥|姥爷"),
    "coworker": re.compile(r"\b(?:co-?workers?|colleagues?|boss|(?:my|our) (?:manager|intern)s?)\b|同事|老板|领导|上司|"
                           r"实习生|总监|经理|主管", re.I),
    "neighbour": re.compile(r"\bneighbou?rs?\b|邻居", re.I),
    "relative": re.compile(r"\b(?:nephews?|nieces?|aunts?|uncles?|(?:mother|father|brother|sister)-in-law)\b|侄子|侄女|外甥|"
                           r"舅舅|姑姑|姨妈|婶婶|伯伯", re.I),
    "roommate": re.compile(r"\b(?:room|flat|house)mates?\b|室友|舍友", re.I),
}
_CHILD = re.compile(r"\b(?:kids?|child(?:ren)?|sons?|daughters?|toddlers?|bab(?:y|ies))\b|孩子|儿子|女儿|闺女|宝宝|娃|"
                    r"小孩|小朋友", re.I)
_ONLY_ASKS = re.compile(r"\b(?:asked|asks|asking)\b|问", re.I)
# the user with the person: an outing, a meal, a visit, "we" is the user's own ("带我妈去哪逛逛" → where the user lives)
_TOGETHER = re.compile(r"\b(?:(?:with|take|taking|bring|bringing) (?:my|our|her|him|them|the)|visit\w*|host\w*|we|us|our|and i|and me|"
                       r"me and)\b|带|陪|和|跟|一起|来(?:我|家|住|玩)", re.I)
#: A memory may name the person in words a request would not use alone ("User's partner"). Not «对象»: «汇报对象», an
#: object in code.
_MEMORY_OTHERS: dict[str, re.Pattern[str]] = {
    "partner": re.compile(r"\bpartner\b|先生", re.I),
    "parent": re.compile(r"\bparents?\b", re.I),
    "coworker": re.compile(r"\b(?:manager|intern)s?\b", re.I),
}


#: Owners a thing may belong to besides `OTHERS`: a friend, a cousin, a classmate (a meal *with* friends is the user's
#: own, so these count only as owners).
_OWNERS: dict[str, re.Pattern[str]] = {
    "friend": re.compile(r"\bfriends?\b|朋友|闺蜜|发小", re.I),
    "cousin": re.compile(r"\bcousins?\b|表[哥姐弟妹]|堂[哥姐弟妹]", re.I),
    "classmate": re.compile(r"\bclassmates?\b|同学", re.I),
}
_OWNER_EN = (r"friends?|cousins?|classmates?|co-?workers?|colleagues?|boss|manager|intern|neighbou?rs?|(?:room|flat|house)mates?|"
             r"sisters?|brothers?|siblings?|mom|mum|mother|dad|father|parents|aunt|uncle|niece|nephew|wife|husband|"
             r"girlfriend|boyfriend|partner|fianc[eé]e?|grand(?:ma|pa|mother|father|parents)")
_OWNER_ZH = (r"朋友|闺蜜|发小|表[哥姐弟妹]|堂[哥姐弟妹]|同学|同事|老板|领导|上司|邻居|室友|舍友|哥哥|弟弟|姐姐|妹妹|"
             r"妈妈|爸爸|父母|爸妈|老婆|老公|女朋友|男朋友|奶奶|爷爷|外婆|外公|姥姥|姥爷|舅舅|阿姨|姑姑|叔叔")
# "my friend's laptop …", "a coworker's kid …"; Chinese: "我表姐家的孩子", "同事的电脑", or a child or a pet without 的
# ("朋友孩子", "邻居家狗")
_POSSESSED_EN = re.compile(rf"^\W*(?:my|our|a) (?:\w+ )?(?P<owner>{_OWNER_EN})(?:'s|s'|’s)\s+(?P<rest>.+)$", re.I)
_POSSESSED_ZH = re.compile(rf"^\W*(?:我|咱)?们?的?(?P<owner>{_OWNER_ZH})(?:家的?|的|(?=孩子|儿子|女儿|宝宝|娃|小孩|狗|猫))"
                           r"(?P<rest>.+)$")
# someone else as the subject of a wish or a need ("my friend wants to get a cat, …", "我朋友想养狗，…")
_WANTS_EN = re.compile(rf"^\W*(?:my|our|a) (?:\w+ )?(?P<owner>{_OWNER_EN}) (?P<rest>(?:wants?|is (?:planning|thinking|about|"
                       rf"going)|plans?|needs?|would like|hopes?) .+)$", re.I)
_WANTS_ZH = re.compile(rf"^\W*(?:我|咱)?们?的?(?P<owner>{_OWNER_ZH})(?P<rest>(?:想|要|打算|准备|计划)(?!我).+)$")
_USER_EN = re.compile(r"\b(?:i|i'm|i've|i'd|me|my|we|our|us)\b", re.I)


def owner_named(text: str) -> set[str]:
    """The kind of person whose thing or wish the query is about ("my friend's laptop …", "我表姐家的孩子…", "我朋友想养狗，
    …"), when nothing after it speaks of the user; else empty."""
    m = _POSSESSED_EN.match(text) or _WANTS_EN.match(text)
    if m is None or _USER_EN.search(m["rest"]):
        m = _POSSESSED_ZH.match(text) or _WANTS_ZH.match(text)
        if m is None or any(w in m["rest"] for w in ("我", "咱")):
            return set()
    owner = m["owner"]
    return {name for name, pattern in (OTHERS | _OWNERS).items() if pattern.search(owner)}


def others_named(text: str) -> set[str]:
    """The kinds of other people the request concerns (empty when it names a child, the person only asks,
    or the user does something with them); the owner of a thing the query is about (`owner_named`)."""
    if owner := owner_named(text):
        return owner
    if _CHILD.search(text) or _ONLY_ASKS.search(text) or _TOGETHER.search(text):
        return set()
    return {name for name, pattern in OTHERS.items() if pattern.search(text)}


def people_named(text: str) -> set[str]:
    """Every kind of person the text names ("a note for my partner", "给我妈写段祝福"), whatever it asks of them."""
    return {name for name, pattern in (OTHERS | _OWNERS).items() if pattern.search(text)}


def names_someone_else(memory_text: str, others: Collection[str]) -> bool:
    """Whether the memory is about another person or a pet than `others` («User's son Theo is 6» for a gift for a
    coworker): such a memory does not bear on the request by meaning. A memory naming no one (a condition of the
    user's own, «User is vegetarian») may still."""
    if names_other(memory_text, others):
        return False
    return bool(_CHILD.search(memory_text) or names_other(memory_text, OTHERS) or names_relation(memory_text, _PETS))


def bears_on(memory_text: str, others: Collection[str]) -> bool:
    """Whether the memory bears by meaning on a request concerning `others`: it names one of them.

    >>> bears_on("用户的妈妈有高血压", {"parent"}), bears_on("用户负责一个电商推荐模型", {"partner"})
    (True, False)
    """
    return names_other(memory_text, others)


def names_other(memory_text: str, others: Collection[str]) -> bool:
    """Whether the memory names one of the kinds of people `others`."""
    return any((OTHERS | _OWNERS)[o].search(memory_text) or (o in _MEMORY_OTHERS and _MEMORY_OTHERS[o].search(memory_text))
               for o in others)


__all__ = ["OTHERS", "bears_on", "names_other", "names_someone_else", "others_named", "owner_named", "people_named"]
