"""A household holder is the user: "我们家用的是格力空调", "我家的路由器是华硕的", "咱家洗碗机用的西门子" say what the
user's home has, never what the project uses ("我们" alone is the team); "我们结婚纪念日是 5 月 21 号" is the user's
own date. The clause is read again with the user as its holder (a household's pet, home or child said with
"我们的" is `household`). A member of the household ("我家那位", "我家老大",
"我家狗狗") holds its own clause (`chat_zh.other_holder`), so it is left alone.

    >>> as_users("我们家用的是小米的扫地机器人"), as_users("我们家的路由器是华硕的"), as_users("我家老大用的是 iPad")
    ('我用的是小米的扫地机器人', '我的路由器是华硕的', None)
"""

from __future__ import annotations

import re

_HOME = r"^(?:我们|咱们|咱|我)家(?:里)?"
_MEMBER = re.compile(_HOME + r"(?:的)?(?:(?:那|这)[位只条个口]|老[大二三四公婆]|孩子|小孩|娃|儿子|女儿|闺女|宝宝|宝贝|狗|猫|"
                     r"爸|妈|老人|爷|奶奶|姥|外公|外婆|哥|姐|弟|妹|主子|毛孩子)(?![砂粮窝爬盆笼])")
_USED_THING = re.compile(_HOME + r"(?:一直|都|平时|现在)?用的(?P<n>[\u4e00-\u9fff]{1,5}?)(?:都|一直)?是\s*(?P<o>\S.*)$")
_USES = re.compile(_HOME + r"(?:一直|都|平时|现在)?用的(?:是|都是)?\s*(?P<o>\S.*)$")
_USE = re.compile(_HOME + r"(?:一直|都|平时|现在)?用\s*(?P<o>\S.*)$")
_THING_IS = re.compile(_HOME + r"(?:的)?(?P<n>[\u4e00-\u9fff]{1,5}?|[A-Za-z][\w-]*)\s*(?:都|一直)?(?:用的是|用的|是)\s*(?P<o>\S.*)$")
_OUR_DATE = re.compile(r"^(?:我们|咱们|咱俩|我俩)(?:的)?(?P<n>结婚纪念日|恋爱纪念日|纪念日|婚礼)(?P<rest>(?:是|在).+)$")


# a person of the household said as the holder: what they use, like or do is theirs
_PERSON = re.compile(_HOME + r"(?:的)?(?:(?:那|这)(?:位|口子)|老[大二三四公婆]|孩子|小孩|娃|儿子|女儿|闺女|宝宝|爸|妈|老人|爷爷|奶奶|姥姥|"
                     r"外公|外婆|哥|姐|弟|妹)")
_THEIRS = frozenset({"uses", "prefers", "role", "diet", "trait", "learning", "works_at", "works_in", "lives_in", "working_on"})


def members_own(clause: str, claims: list) -> list:
    """The claims without those a household member holds ("我家老大用的是 iPad" is the child's iPad)."""
    if not _PERSON.match(clause.strip()):
        return claims
    return [c for c in claims if not (c.subject == "user" and c.predicate in _THEIRS)]


def as_users(clause: str) -> str | None:
    """The clause said with the user as its holder, or None when no household (or couple) holds it."""
    text = clause.strip()
    if date := _OUR_DATE.match(text):
        return f"我的{date.group('n')}{date.group('rest')}"
    if not re.match(_HOME, text) or _MEMBER.match(text):
        return None
    if m := _USED_THING.match(text):  # "我家用的洗衣机是小天鹅的"
        return f"我的{m.group('n')}是{m.group('o')}"
    if m := _USES.match(text):
        return f"我用的是{m.group('o')}"
    if m := _THING_IS.match(text):
        return f"我的{m.group('n')}是{m.group('o')}"
    if m := _USE.match(text):
        return f"我用{m.group('o')}"
    return None
