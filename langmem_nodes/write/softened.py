"""Clauses whose stance sits in a softened negation, a team's refusal or a reaction scoped by a contrast (zh + en).

Each reading composes the same parts: a holder (我 / I, the team or a part of the project), a negation with its
softener (不太, 不怎么, 基本不, 很少; don't really, rarely) and optional modal (能, 敢), a verb class that gives the slot
(吃/eat → diet, 用/use → uses, 看/watch → prefers), and the object.

- "我也不太能吃辣", "我很少喝奶茶", "I don't really eat spicy food" → the user, negative
- "我们组不搞微服务", "Docker 镜像基本不用 alpine", "our team doesn't do microservices" → the project, negative
- "tab 无所谓，但是行尾空格受不了", "tabs I don't care about, but trailing whitespace drives me nuts": indifference
  to one thing scopes the reaction to the other → 行尾空格 / trailing whitespace, negative

Example:
    >>> [(c.predicate, c.object, c.polarity) for c in read("我也不太能吃辣")]
    [('diet', '辣', 'negative')]
"""

from __future__ import annotations

import re

from .rules import Claim, clean_object

# adverbs between the holder and the negation ("我也…", "我平时…")
_ADV = r"(?:也|都|还|其实|真的|确实|平时|平常|一般|日常|现在|目前|本身|向来|一直|个人|倒是|是)*"
# a negation and how soft it is; a plain 不 is the firmest
_SOFT = r"(?:基本上?不|几乎不|很少|极少|不太|不怎么|不大|不常|不咋|从不|从来不|一般不|不)"
_MODAL = r"(?:能|会|敢|爱|怎么)?"
_VERB = r"(?:吃|喝|用|碰|玩|坐|穿|抽|看|听|追|开)"
# what the verb's class makes of the object
_DIET, _USE = "吃喝", "用碰玩坐穿抽开"
# a complement or particle after the verb is no object ("不看好", "不用担心", "不吃了")
_NOT_OBJ = r"(?!好|懂|清|到|出|见|起|完|下去|上去|着|得|成|过来|担心|操心|着急|管|客气|谢|麻烦|太|那么|这么|每次|特意|专门|再)"
_END = r"(?:这种东西|这类东西|这些|之类的)?(?:的|了|哈|啦|呢|啊|呀|嘛)*"
# a stance said of the past ("我以前不太吃辣") is no current one: the tense part is read elsewhere
_PAST = re.compile(r"以前|之前|过去|曾经|小时候|当年|那时")

_USER = re.compile(rf"^我{_ADV}(?P<n>{_SOFT}){_MODAL}(?P<v>{_VERB}){_NOT_OBJ}\s*(?P<o>[^，,。]{{1,16}}?){_END}$")

# the team or a named part of the project as holder
_TEAM = r"(?:我们|咱们)(?:组|团队|公司|这边|部门|项目)?(?:这个|的)?\s*(?:项目|仓库|服务|系统|后端|前端|线上)?"
_PART = (r"(?:[A-Za-z][\w.+#-]*\s*)?(?:镜像|容器|线上|生产环境?|后端|前端|数据库|服务端|客户端|部署|构建|测试|CI|ci|项目|仓库|代码库|"
         r"代码|服务|架构|基础设施|框架)")
_REFUSE = r"(?:基本上?|几乎|从来|从|根本|压根|一律|都|也|还是|一直|目前|现在)*(?:不|没)(?:用|搞|上|碰|引入|装)"
_TEAM_NEG = re.compile(rf"^(?:{_TEAM}|(?:这个|本|该)\s*(?:项目|仓库|服务|系统)|{_PART})\s*(?:里|里面|这块|这边)?\s*{_REFUSE}"
                       rf"(?!担心|操心|着急|管|改|动|修|换|重启|重新|再|太|那么|每次|考虑|等|做|写|说|问|加|跑|测|了)\s*"
                       rf"(?P<o>(?![这那它他她])[A-Za-z\u4e00-\u9fff][^，,。]{{0,20}}?)(?:了|的|哈|啦|呢)*$")

# indifference to one thing ("tab 无所谓", "分号我无所谓")
_INDIFFERENT = re.compile(r"(?:无所谓|没所谓|都行|都可以|随便|不在乎|不介意|不讲究|不挑)(?:的|了|啦|哈)?$|"
                          r"\b(?:don'?t|do not|doesn'?t)\s+(?:really\s+)?(?:mind|care)(?:\s+(?:about|for))?(?:\s+(?:it|them|that|much))?$|"
                          r"\b(?:is|are|'re|'s)\s+(?:totally\s+|perfectly\s+)?(?:fine|ok|okay|whatever)(?:\s+by me)?$", re.I)
# a reaction to the thing the contrast turns to: "行尾空格受不了", "双引号真的看着难受"
_REACTION = re.compile(r"^(?!这|那|你|他|她|它)(?P<o>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z0-9 .+#-]{0,12}?)\s*(?:我)?"
                       r"(?:是|就是|真的|真|实在|确实|特别|很|非常|有点儿?|超级?)*(?:看着|看了|用着|听着|写着|看起来|用起来)?"
                       r"(?:就|会|都)?(?P<v>受不了|忍不了|难受|别扭|不舒服|讨厌|烦|头大|抓狂|接受不了)(?:的|了|啊|呀|哈)*$")


def _user(m: re.Match[str]) -> list[Claim]:
    v, o = m.group("v"), clean_object(m.group("o"))
    if not o or _PAST.search(m.string[: m.start("n")]):
        return []
    pred, kind = ("diet", "identity") if v in _DIET else ("uses", "fact") if v in _USE else ("prefers", "preference")
    said = m.string[m.start("n"): m.end("v")]
    return [Claim("user", pred, o, "negative", kind, verb=said)]


_I = re.IGNORECASE
_EN_NONE = r"(?!(?:it|that|this|them|those|these|anything|much|stuff|so|a lot|any of)\b)"
_EN_USER = re.compile(r"^i\s+(?:(?:really|just|also|usually|honestly|personally|generally)\s+)*"
                      r"(?P<n>(?:don'?t|do not)\s+(?:really|usually|often|much|normally)|rarely|hardly(?:\s+ever)?|barely|seldom|"
                      r"almost never|never really)\s+(?P<v>eat|drink|use|touch|play|watch|wear|drive|fly)\s+"
                      rf"{_EN_NONE}(?P<o>[\w.+#' -]{{1,40}}?)(?:\s+(?:anymore|much|at all|these days|lately|often|tbh))*$", _I)
# the team named as such ("we" alone may be a household: "we don't do gifts")
_EN_TEAM = re.compile(r"^(?:our|my|the)\s+(?:team|company|org|shop)\s+(?:(?:really|just|also|still|generally|basically)\s+)*"
                      r"(?:doesn'?t|does not|never)\s+(?:really\s+)?(?:do|use|run|touch)\s+"
                      rf"{_EN_NONE}(?P<o>[\w.+#' -]{{1,40}}?)(?:\s+(?:here|anymore|at all))*$", _I)
_EN_PRED = {"eat": ("diet", "identity"), "drink": ("diet", "identity"), "watch": ("prefers", "preference")}


def _english(clause: str) -> list[Claim]:
    if (m := _EN_USER.match(clause)) and (o := clean_object(m.group("o"))):
        pred, kind = _EN_PRED.get(m.group("v").lower(), ("uses", "fact"))
        return [Claim("user", pred, o, "negative", kind)]
    if (m := _EN_TEAM.match(clause)) and (o := clean_object(m.group("o"))):
        return [Claim("project", "uses", o, "negative", "fact")]
    return []


def read(clause: str) -> list[Claim]:
    """Claims of a clause with a softened negation or a team's refusal, else []."""
    if not re.search(r"[\u4e00-\u9fff]", clause):
        return _english(clause.strip(" .!"))
    if m := _USER.match(clause):
        return _user(m)
    if (m := _TEAM_NEG.match(clause)) and (o := clean_object(m.group("o"))):
        return [Claim("project", "uses", o, "negative", "fact")]
    return []


def indifferent(clause: str) -> bool:
    """"tab 无所谓": the clause says the user does not mind something (nothing to store)."""
    return _INDIFFERENT.search(clause.strip(" ，,。！!")) is not None


_EN_REACTION = re.compile(r"^(?!(?:it|that|this|he|she|they|you|i)\b)(?P<o>[\w.+#' -]{1,40}?)\s+(?:really\s+|just\s+|totally\s+)?"
                          r"(?:drives?\s+me\s+(?:nuts|crazy|mad|up the wall|insane)|bugs?\s+me|annoys?\s+me|(?:is|are)\s+(?:unbearable|a dealbreaker))$", re.I)


def reaction(clause: str) -> list[Claim]:
    """The thing a contrast after an indifferent clause reacts to: "行尾空格受不了" → 行尾空格, negative."""
    clause = clause.strip(" ，,。！!.")
    m = _REACTION.match(clause) if re.search(r"[\u4e00-\u9fff]", clause) else _EN_REACTION.match(clause)
    o = clean_object(m.group("o")) if m else ""
    return [Claim("user", "prefers", o, "negative", "preference")] if o else []


_TENSE_LEAD = re.compile(r"^(?:以前|之前|过去|原来|本来|早先|当初|后来|现在|目前|如今)\s*")


def untensed(clause: str) -> str:
    """The clause without the time word before its holder: "以前我们用 Travis" → "我们用 Travis"."""
    return _TENSE_LEAD.sub("", clause)
