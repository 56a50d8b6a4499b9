"""Chinese chat clauses that state a standing state, a pet's kind or a child introduced by name (zh).

Each reading composes a holder (我, or a dropped one after a first-person clause), an aspect and the value:

- a life stage or a standing change held now, said with the progressive 在 or the inchoative 开始: "我最近在戒糖",
  "(最近)在备孕", "我开始吃素了" → the user's state (用户在戒糖: negative on 糖; 开始吃素 is the diet 吃素)
- a pet named in apposition and its breed: "我家狗狗豆豆是柯基" → the dog's name and kind (a breed that only names
  the pet, "我家柯基叫可乐", stays the name: labelled chat does not keep the kind there)
- a child introduced by name with an age: "我儿子豆豆今年五岁" → name and age (an age said alone in chat, "我儿子
  八岁了，推荐个桌游", stays context, `kin_age.incidental`)

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
# the same clause with its holder dropped after a first-person one: "(最近)在备孕", "开始吃素了", "(这周)在赶论文"
DROPPED = re.compile(rf"^{_TIME}(?:(?:正在|在){_STAGE}|(?:刚开始|开始|又开始|已经开始){_BEGUN})(?:了|呢|中|啊|哈|啦)*$|"
                     r"^(?:在|正在|忙着|忙于)(?:赶|做|搞|写|开发|重构|调试|负责|备考|准备|复习|迁移)(?!什么|啥|的时候)[\u4e00-\u9fffA-Za-z]")


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
_PET = r"(?P<k>狗狗|小狗|狗|猫咪|小猫|猫)"
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


# a child introduced by name with an age: "我儿子豆豆今年五岁", "我女儿乐乐5岁了"
_CHILD = r"(?P<k>儿子|女儿|闺女|孩子|宝宝|老大|老二|大宝|二宝)"
_NUM = r"(?:\d{1,2}|[一二两三四五六七八九十]{1,3})"
_INTRODUCED = re.compile(rf"^我(?:的|家)?{_CHILD}(?P<n>(?!今年|已经|现在|快要|马上|明年|刚刚|都)[\u4e00-\u9fff]{{2}})"
                         rf"(?:今年|已经|现在|都|快|刚|刚刚|才)*(?:满)?\s*(?P<o>{_NUM}\s*(?:周岁|岁|个月))(?:半)?(?:了|啦)?$")
_SAME = {"闺女": "女儿"}


def introduced_child(clause: str) -> list[Claim]:
    """A child introduced by name and age in one clause: its name and its age, each an attribute of the child."""
    m = _INTRODUCED.match(clause.strip(" ，,。！!"))
    if not m:
        return []
    kin = _SAME.get(m.group("k"), m.group("k"))
    return [Claim("user", f"attr:{kin}名字", m.group("n"), "positive", "fact"),
            Claim("user", f"attr:{kin}年龄", m.group("o"), "positive", "fact")]


_AGE_ALONE = re.compile(rf"^(?:今年|已经|现在|都|快|刚|刚刚|才)*(?:满)?\s*(?P<o>{_NUM}\s*(?:周岁|岁|个月))(?:半)?(?:了|啦)?$")
_CHILD_NAME = re.compile(rf"^attr:{_CHILD}名字$")


def age_of_named_child(clause: str, prev: Claim | None) -> list[Claim]:
    """"(我女儿叫乐乐，)今年五岁": the age of the child the clause before named; [] for a pet or anything else."""
    if prev is None or prev.subject != "user" or not (k := _CHILD_NAME.match(prev.predicate)):
        return []
    m = _AGE_ALONE.match(clause.strip(" ，,。！!"))
    if not m:
        return []
    kin = _SAME.get(k.group("k"), k.group("k"))
    return [Claim("user", f"attr:{kin}年龄", m.group("o"), "positive", "fact")]


def read(clause: str) -> list[Claim]:
    """Any of this module's clause readings."""
    return state(clause) or named_pet_kind(clause) or introduced_child(clause)


def introduced(new: list[Claim], prev: Claim | None) -> bool:
    """The ages in `new` belong to a child named in the same clause or the clause before: an introduction."""
    named = {c.predicate.removesuffix("名字") for c in new if _CHILD_NAME.match(c.predicate)}
    if prev is not None and _CHILD_NAME.match(prev.predicate):
        named.add(prev.predicate.removesuffix("名字"))
    named |= {p.replace("闺女", "女儿") for p in named}
    return any(c.predicate.removesuffix("年龄") in named for c in new if c.predicate.endswith("年龄"))


def is_pet_kind(c: Claim) -> bool:
    """"我家狗是柯基" → attr:狗 柯基: what the user's pet is, whose name a next clause may give."""
    return c.subject == "user" and c.predicate in ("attr:狗", "attr:猫")


_NAME_NEXT = re.compile(r"^(?:它|她|他)?(?:的)?(?:名字|小名)?(?:叫做|叫|名叫)\s*[\u4e00-\u9fffA-Za-z]{1,6}$")


def said_of_prev(clause: str, prev: Claim | None) -> bool:
    """The clause goes on about the pet or child the clause before named: its name ("叫豆包") or its age ("今年五岁")."""
    if prev is None:
        return False
    return bool(is_pet_kind(prev) and _NAME_NEXT.match(clause.strip()) or age_of_named_child(clause, prev))
