"""A habit or routine of the user's said by parts: who (the user), what they do, and how often or when.

`grammar.habit` knows named activities ("I go climbing three times a week"); this reads any verb phrase that a
frequency closes ("I drink tea every morning", "I go to the gym on Mondays and Thursdays", "我每周去三次健身房")
and the routines with a time or an amount that `routine` reads ("I usually start work at 9", "我一般晚上十一点睡").
A clause about a feeling, a wish or an obligation ("I feel tired every morning", "I have to commute daily",
"我每天都好累") is not a habit.

    >>> [(c.predicate, c.object) for c in read("I drink tea every morning")]
    [('trait', 'drink tea every morning')]
    >>> [(c.predicate, c.object) for c in read("我每周去三次健身房")]
    [('trait', '每周去三次健身房')]
    >>> [(c.predicate, c.object) for c in read("I usually go to bed around 11")]
    [('attr:bedtime', '11')]
    >>> read("I feel tired every morning"), read("我每天都好累")
    ([], [])
"""

from __future__ import annotations

import re

from . import routine
from .rules import Claim

_I = re.IGNORECASE

_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_OFTEN = (rf"every\s+(?:single\s+|other\s+)?(?:day|morning|evening|night|week|weekend|month|{_DAY})|daily|nightly|weekly|"
          r"(?:once|twice|(?:two|three|four|five|six|seven|\d)\s+times)\s+(?:a|per|each)\s+(?:day|week|month)|"
          rf"on\s+(?:weekends|weekdays|{_DAY}(?:\s*(?:,|and|&)\s*{_DAY})*)|"
          rf"(?:most|every|all)\s+(?:days|mornings|evenings|nights|weekends|{_DAY})|"
          r"before\s+(?:work|bed|breakfast)\s+every\s+day|in\s+the\s+mornings|at\s+night\s+every\s+day")
# verbs that say a feeling, a state, a wish, an obligation or a report, not something the user does
_NOT_DOING = (r"am|was|were|be|been|have|has|had|will|would|can|could|should|might|must|may|need|needs|want|wanna|gotta|"
              r"think|guess|hope|wish|feel|get|got|see|hear|say|said|tell|told|know|mean|love|like|hate|prefer|enjoy|"
              r"miss|forget|forgot|worry|wonder|suppose|believe|doubt|seem|look|try|tried|used|struggle|fail|keep|kept")
_HABIT_EN = re.compile(
    rf"^i\s+(?:(?:usually|always|normally|generally|typically|often|still|also|regularly|basically|religiously)\s+)?"
    rf"(?P<v>(?!(?:{_NOT_DOING}|don'?t|do|did|never|not)\b)[a-z]+)(?P<o>(?:\s+(?!(?:and|but|so|because|if|when|then)\b)[\w'-]+){{0,4}}?)"
    rf"\s+(?P<f>{_OFTEN})\s*$", _I)

# a bare 周末 / 工作日 is habitual only with 都 ("周末都去爬山"; "周末要去朋友家吃饭" is one weekend)
_FREQ_ZH = (r"每天(?:早上|晚上|中午|下午)?|每晚|每早|每[周週][一二三四五六日天]?|每个?星期[一二三四五六日天]?|每个?周末|"
            r"每个?月|每年|每隔一天|隔天|(?:周末|工作日)(?=都)|"
            r"[一每](?:周|週|个?星期|个?礼拜|个?月)(?=[^，,。]{0,4}[一二两三四五六七八九十几\d]+[次回趟])")  # "一周去三次"
FREQ_ZH = _FREQ_ZH  # how often, said first (`habit_detail_zh`)
_HABIT_ZH = re.compile(
    rf"^我?(?:平时|一般|通常|基本上?|经常|总是|习惯)?(?P<f>{_FREQ_ZH})我?(?:都会|都|坚持|也|早上|晚上|下班后|上班前)*"
    rf"(?P<a>(?:去|喝|吃|跑|游|骑|练|做|看|读|写|学|打|踢|弹|遛|背|爬|睡|起|走)[\u4e00-\u9fffA-Za-z0-9 ]{{0,10}})$")
# a feeling, a state, a want or a question is no habit: "每天都好累", "每天都想睡觉", "一周跑几次合适"; nor is a complaint about what the routine
# does to the user, said by a result after it ("每天骑车都被晒黑了", "每天走路都累得要死", "每天跑步跑得膝盖疼")
_NOT_DOING_ZH = re.compile(r"好|很|太|挺|特别|超|想|要不要|不|没|吗|呢|什么|怎么|哪|几|多少|多久|合适|"
                           r"被|(?<![记懂觉晓值获])得|[累疼晕昏烦]|酸痛|死|要命|快.{0,4}了")


def read(clause: str) -> list[Claim]:
    """The habit or routine the clause states, or []."""
    text = clause.strip().rstrip(" .!。！")
    if said := routine.read(text):
        return said
    if (m := _HABIT_EN.match(text)):
        phrase = " ".join(f"{m.group('v')}{m.group('o')} {m.group('f')}".split())
        return [Claim("user", "trait", phrase, "positive", "fact")]
    if (m := _HABIT_ZH.match(text)) and not _NOT_DOING_ZH.search(m.group("a")):
        return [Claim("user", "trait", f"{m.group('f')}{m.group('a')}".replace(" ", ""), "positive", "fact")]
    return []
