"""A slip clause: a clause that only says the user got what they just said wrong (zh + en), composed of parts.

    [opener …] + core [+ trailing apology]

- opener: "oh", "hmm", "wait", "hold on", "sorry", "no", "哦", "哎呀", "等等", "不好意思", …
- core, one of:
  - a self-error: "I misspoke", "I misremembered", "I got that wrong", "I mixed that up", "(我)(刚才)说错了 / 记错了 /
    搞错了 / 打错了 / 说反了 / 弄混了";
  - a verdict on what was just said, maybe softened: "that's wrong", "that's not (quite) right", "what I said is
    wrong", "刚才说的不对", "前面说的有误", "刚才那个不对", "之前说的那个不太对";
  - a withdrawal: "strike that", "scratch that", "disregard that", "scrap the vegetarian thing", "let me correct
    that", "纠正一下", "更正一下", "改一下", "上海那个不对" (these two name the old value: `named`);
  - a slip noun: "my mistake", "my bad", "typo", "correction", "no no", "口误", "笔误", "不对不对".

Such a clause stores nothing itself; the extractor reads the message as a correction, and in the same sentence
the value said before the slip is withdrawn and the value after it replaces it ("I live in Berlin, strike that,
Hamburg", "我用PyCharm写代码，刚才说的不对，是VS Code").

Example:
    >>> [is_slip(c) for c in ("strike that", "hmm, I got that wrong", "刚才说的不对", "哎呀说错了", "前面说的有误")]
    [True, True, True, True, True]
    >>> [is_slip(c) for c in ("that's wrong about Rust", "strike a balance", "我说的是Go", "说错话的人")]
    [False, False, False, False]
"""

from __future__ import annotations

import re

_I = re.IGNORECASE

_OPENER_EN = (r"(?:(?:and|oh|ah|aah|eh|hm+|um+|uh+|erm|err|ugh|argh|well|wait|hold on|hang on|sorry|oops|whoops|no|nope|nah|"
              r"lol|actually|ok(?:ay)?|so|em+|ha(?:ha)*|heh|welp|yikes|jeez|gosh|shoot|dang|oh (?:boy|man|dear)|ack)\b[\s,!.:;—–-]*)*")
_WHAT_I_SAID = (r"(?:that|what i (?:just )?(?:said|wrote|typed|told you)(?:\s+(?:earlier|before|above|just now|last time))?"
                r"(?:\s+about\s+(?:my|the|our)\s+[\w-]+(?:\s+[\w-]+)?)?|the last (?:bit|part|one|thing)|my last (?:message|answer))")
# "the vegetarian thing", "the heroku part": what was said, named by its value (the old value, see `named`)
_THE_X_THING = r"(?:the|that|my)\s+(?P<x>[\w.+#-]+(?:\s+[\w.+#-]+){0,2}?)\s+(?:thing|part|bit)"
_SOFTLY = r"(?:quite|exactly|really|entirely|totally|100%|fully|completely)\s+"
_CORE_EN = (
    r"(?:i\s+(?:just\s+|totally\s+|completely\s+)?(?:misspoke|misremembered|mistyped|misstated|misspelled|misspelt|miscounted|misheard|was wrong|stand corrected|"
    rf"got {_WHAT_I_SAID} (?:wrong|backwards)|had {_WHAT_I_SAID} (?:wrong|backwards)|mixed {_WHAT_I_SAID} up|said {_WHAT_I_SAID} wrong|"
    r"said the wrong (?:one|thing|name)|got (?:the|my) [a-z]+(?: [a-z]+)? (?:wrong|backwards|mixed up)(?: (?:earlier|before|above))?)"
    rf"|{_WHAT_I_SAID}(?:'s|\s+is|\s+was)\s+(?:wrong|not\s+(?:{_SOFTLY})?(?:right|correct|accurate|true)|incorrect|a mistake|a typo|not it)"
    rf"|(?:strike|scratch|disregard|cancel|ignore)\s+{_WHAT_I_SAID}|(?:strike|scratch|scrap|disregard|forget)\s+{_THE_X_THING}"
    r"|ignore what i (?:just )?(?:said|wrote)"
    r"|(?:let me|lemme|i (?:need|have|want|ought) to|i should|i must|i'?ll|gotta|i'?ve got to|i'?d better"
    r"|i'?m (?:going to|gonna) have to|i'?ll have to)\s+(?:just\s+)?(?:correct|fix|rephrase|restate|amend)"
    r"(?:\s+(?:that|this|myself|what i (?:just )?said))?"
    # "I'm going to correct myself", "I want to rephrase that" (not "I'm going to fix that": a bug, no slip)
    r"|(?:i'?m (?:going to|gonna)|i want to|i'?d like to)\s+(?:correct|rephrase|restate)(?:\s+(?:that|this|myself|what i (?:just )?said))?"
    # "I take that back", "I'll take that back", "I retract that": what was just said, withdrawn by the speaker
    rf"|i(?:'ll| will| have to| need to)?\s+(?:take|took)\s+{_WHAT_I_SAID}\s+back|i\s+take\s+it\s+back|i\s+retract\s+{_WHAT_I_SAID}"
    r"|(?:that|it)\s+came out wrong|(?:that'?s\s+)?not what i meant|i meant to (?:say|write|type)(?= |$)"
    r"|(?:(?:a|one)\s+)?(?:(?:small|quick|tiny|minor|little|slight)\s+)?correction(?:\s+(?:here|there))?|(?:a )?typo"
    r"|(?:(?:a|one)\s+)?(?:small|quick|tiny|minor|little|slight)\s+fix|correcting myself|self-correction"
    r"|what am i (?:saying|talking about|on about)|what was i thinking"
    # "did I say 7?": the speaker doubting a value they just gave, which the next clause gives again
    # ("did I say that already?" asks whether it was said, and doubts nothing)
    r"|did i (?:just\s+)?(?:say|write|type|put)\s+(?!(?:that|this|it|so|something|anything|you)\b)(?!.*\b(?:already|before|earlier|yet)\b)"
    r"[\w.'+#$-]+(?:\s+[\w.'+#$-]+){0,2}\s*\?*"
    r"|(?:i(?:'ve| have)?\s+)?(?:just\s+)?changed my mind|on second thoughts?"
    r"|(?:let me|lemme|i (?:should|need to|have to))\s+be\s+(?:clearer|more (?:precise|accurate|exact))|i should(?:'ve| have)? been clearer"
    r"|my (?:mistake|bad|error)|no,?\s+no|(?:a |total |major )?(?:brain\s*fart|senior moment|slip of the (?:tongue|finger|keyboard))"
    r"|(?:(?:the|a)\s+)?wrong\s+(?:number|name|day|date|city|one|word|year|time|place|town|version|country|month|age|person))")
_TRAIL_EN = r"(?:[\s,!.—–-]*(?:sorry|lol|haha|oops|my bad))*"
_SLIP_EN = re.compile(rf"^\s*{_OPENER_EN}{_CORE_EN}{_TRAIL_EN}[\s,!.:;—–-]*$", _I)

_OPENER_ZH = (r"(?:(?:哦|噢|啊|呃|额|嗯|哎呀?|哎哟|唉|诶|欸|呀|唔|害|嗐|咳|哈+|等等|等一下|等下|不好意思|抱歉|对不起|sorry|oops|em+|e+m+|"
              r"hm+|um+|uh+)[\s，,!！。、~～…]*)*")
_WHEN_ZH = r"(?:刚才|刚刚|前面|之前|上面|上一句|方才|刚)"
_CORE_ZH = (
    rf"(?:(?:那|那个|这个)?(?:其实)?我?{_WHEN_ZH}?(?:是)?(?:说|讲|写|打|报|记|搞|弄|想|输入?)(?:错|反|混|岔|串)了?字?"
    rf"|我?{_WHEN_ZH}(?:说|讲|写|提|发)?(?:的)?(?:那个|那句|这个|这句)?(?:话|信息|内容)?(?:有点|好像|也)?"
    r"(?:不太对|不大对|不完全对|不对|有误|是错的|错了|不太准确?|不准确?|不算数?)"
    rf"|(?:我)?(?:收回|撤回){_WHEN_ZH}?(?:说的|的|那句|那个)?(?:话)?|(?:纠正|更正|订正)(?:一下|下)?(?:{_WHEN_ZH}(?:说的)?(?:那个|那句|的))?|口误|笔误|手滑了?|脑子短路了?|嘴瓢了?|不对(?:不对)*|不是不是|(?:啊|哦|噢|哎|唉|呃|额)\s*不是的?"
    # "我得说清楚点", "澄清一下": the user puts what they said more exactly
    r"|(?:我得|我要|我再|让我|先)?(?:说|讲)(?:清楚|准确)(?:一)?点|(?:我得|我要|我再|让我|先)?(?:说|讲)(?:清楚|准确)一下|(?:我)?(?:澄清|补充更正)一下"
    # "我说的城市不对", "我刚才说的时间有误": what was said, named by its attribute, is wrong
    r"|我?(?:刚才|刚刚|前面|之前|上面)?(?:说|讲|写|给)的(?:那个)?(?:名字|年龄|岁数|工作|职业|生日|电话|地址|城市|地方|公司|时间|日期|数字|型号|学校)"
    r"(?:有点|好像)?(?:不对|有误|是错的|错了|不准确?)"
    # "上面公司说错了", "前面说手机说错了": a slip about the attribute it names, said bare
    rf"|{_WHEN_ZH}?(?:说的?)?(?:名字|年龄|岁数|工作|职业|生日|地址|城市|地方|公司|时间|日期|型号|学校|手机|电脑|笔记本|专业|系统|版本)"
    r"(?:那个|那块|那里)?(?:我)?(?:说|写|记|打|搞|弄)(?:错|混|岔)了"
    # "我妈的名字说错了", "车的型号记错了": a slip about the attribute it names
    rf"|(?:我的?)?[\u4e00-\u9fff]{{1,6}}的(?:名字|年龄|岁数|工作|职业|生日|电话|地址|城市|型号|专业|学校|公司|时间|日期)(?:我)?{_WHEN_ZH}?"
    r"(?:说|讲|写|打|记|搞|弄)(?:错|混|岔)了"
    r"|(?:(?:我|刚才|前面|之前)?说的?)?(?!\S*?(?:你|您|代码|答案|结果|回答|翻译|步|行|题|公式))(?P<zx>[\u4e00-\u9fffA-Za-z0-9.+#-](?:[\u4e00-\u9fffA-Za-z0-9.+# -]{0,11}?))(?:那个|那句|那条)(?:不对|说错了|有误|是错的|不算))")
_TRAIL_ZH = r"(?:[\s，,!！。、~～…]*(?:哈+|哈哈|抱歉|不好意思|sorry))*"
_SLIP_ZH = re.compile(rf"^\s*{_OPENER_ZH}{_CORE_ZH}{_TRAIL_ZH}[\s，,!！。：:；;、~～…—–-]*$", _I)

# "改一下：我是设计师": "改一下" is a slip only as a heading before the new value (else a request to change code)
_CHANGE_IT = re.compile(r"(?:^|[，,。！!\s])(?:改一下|改下)\s*[：:]\s*\S")
_CLAUSES = re.compile(r"[,，.。!！?？;；:：—–]+|\s+-\s+")


def is_slip(clause: str) -> bool:
    """The clause is only a slip marker: it withdraws what was just said and gives no value of its own."""
    clause = clause.strip()
    return bool(clause) and bool(_SLIP_EN.match(clause) or _SLIP_ZH.match(clause))


_NAMED = re.compile(rf"(?:strike|scratch|scrap|disregard|forget)\s+{_THE_X_THING}", _I)


def named(clause: str) -> str:
    """The old value a withdrawal names ("scrap the vegetarian thing" → "vegetarian", "上海那个不对" → "上海");
    "" when it names none."""
    if not is_slip(clause):
        return ""
    m, z = _NAMED.search(clause), _SLIP_ZH.match(clause.strip())
    x = (m.group("x") if m else "") or (z.group("zx") if z else "") or ""
    return "" if not x or re.fullmatch(r"(?:last|other|first|whole|same|previous|刚才|前面|之前|上面|我|你|这个|那个)", x, _I) else x


def is_opener(clause: str) -> bool:
    """The clause is only an opener ("hold on", "wait", "哎呀"): in a correction it holds no value."""
    clause = clause.strip(" \t,，.。!！:：;；—–-~～…")
    return bool(clause) and bool(re.fullmatch(_OPENER_EN, clause, _I) or re.fullmatch(_OPENER_ZH, clause, _I))


# "no hang on, it's 4 spaces", "不好意思，是在快手": an opener, then a value said again (short, bare)
_STRONG_OPENER = re.compile(r"^(?:(?:no|oh|ah|hmm+|wait)[\s,!]+)*(?:hang on|hold on|sorry|oops|whoops|wait)$|"
                             r"^(?:哦|噢|啊|哎)?(?:等一下|等下|等等|不好意思|抱歉|哎呀|哎哟|呀)$", _I)
_RESTATED = re.compile(r"^\s*(?:it'?s|it is|that'?s|是|应该是|其实是|叫)\s*(?:在\s*)?(?P<v>[^,，.。!！?？]{1,24})$", _I)
# "make that 4", "oh, make that two cats", "make it Thursday": a value said again in place of the last one (not "make
# that a list": a request about the answer)
_MAKE_THAT = re.compile(r"^\s*(?:(?:oh|ah|hmm+|um+|no|wait|sorry|actually|ok(?:ay)?)[\s,!.]+)*make (?:that|it)\s+"
                        r"(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|"
                        r"a hundred)\b|(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b)|"
                        r"^\s*(?:(?:oh|ah|hmm+|um+|no|wait|sorry|actually|ok(?:ay)?)[\s,!.]+)*make that\s+(?-i:[A-Z])", _I)  # not "make it Python"


# "We deploy every Friday — no, every Wednesday", "…Sublime — actually no, it's Zed", "2 spaces, er, no, I mean tabs",
# "我们每周五发版，不，是每周三": a bare "no" between two values
_LONE_NO = re.compile(r"\w\s*(?:[—–]+|\s-)\s*(?:(?:er+|erm|um+|uh+|oh|ah|actually|wait)[\s,]*)?(?:no|nope|nah)\s*[,，!]\s*\w|"
                      r"\w\s*,\s*(?:er+|erm|um+|uh+|actually)\s*,?\s*(?:no|nope)\s*[,!]\s*\w|[\w\u4e00-\u9fff]\s*[，,]\s*(?:嗯|哦|噢|啊)?不\s*[，,]\s*\S", _I)
# "that should say 8pm", "it should read 3.11": what was just said, with its right value
_SHOULD_SAY = re.compile(r"^\s*(?:(?:oh|ah|sorry|wait|oops|hmm+)[\s,!]+)*(?:that|this|it)\s+should\s+(?:say|read|have said)\s+\S", _I)


def marks(message: str) -> bool:
    """Some clause of the message is a slip clause followed by more (the new value), or the message is one alone
    (a correction of the turn before whose value may not parse), or it opens with a strong opener and a value
    said again ("no hang on, it's 4 spaces", "oh wait, it's Thursdays", "不好意思，是在快手", "哎呀，叫团团"), or it
    opens with "make that" and a value ("make that 4")."""
    parts = [p for p in _CLAUSES.split(message) if p.strip()]
    if _CHANGE_IT.search(message) or _MAKE_THAT.match(message) or _LONE_NO.search(message) or _SHOULD_SAY.match(message):
        return True
    if (len(parts) > 1 and _STRONG_OPENER.match(parts[0].strip()) and (v := _RESTATED.match(parts[1])) and len(v.group("v").split()) <= 4
            and not re.match(r"^[^.。!！?？]*[?？]", message)):  # "wait, it's raining?": a question
        return True
    return any(is_slip(p) or (i + 1 < len(parts) and is_slip(f"{p}, {parts[i + 1]}"))
               for i, p in enumerate(parts))


# "I'm vegetarian, well, pescatarian to be accurate": a precision marker said after the value it gives
_PRECISELY_AFTER = re.compile(
    r"(?P<lead>(?:^|[,;—–]|\s-)\s*)(?:(?:well|or rather|i mean)[,\s]+)?(?P<v>[^,;.!?—–]{1,40}?)\s*,?\s+"
    r"(?:to be (?:precise|exact|accurate|honest about it)|more precisely|strictly speaking|technically(?: speaking)?)"
    r"(?=\s*(?:[.!;,]|$))", _I)


# "I'm a data analyst — well, technically a data engineer now": "technically" opening a clause after a value
_TECHNICALLY = re.compile(r"(?P<lead>[,;—–]\s*|\s-\s*|^\s*)(?:(?:well|or|hmm+|um+|ok(?:ay)?)[,\s]+)?technically[,\s]+(?=[\w$])", _I)


def precision_first(message: str) -> str:
    """`message` with a precision marker said after its value moved before it ("…, well, pescatarian to be accurate"
    → "…, to be precise, pescatarian"; "…, well, technically 3.1" → "…, to be precise, 3.1"), where the extractor
    reads it as a correction of the value before."""
    message = _TECHNICALLY.sub(lambda m: f"{m.group('lead')}to be precise, ", message)
    return _PRECISELY_AFTER.sub(lambda m: f"{m.group('lead')}to be precise, {m.group('v')}" if m.group("lead").strip()
                                or re.match(r"\s*(?:well|or rather|i mean)\b", m.group(0), _I) else m.group(0), message)  # "well, X technically"


_HEADING = re.compile(r"^(?P<m>[^:：]{1,40}?)\s*[:：]\s*(?P<rest>\S.*)$", re.S)
_CHANGE_HEADING = re.compile(r"^\s*(?:改一下|改下)\s*$")


def split_lead(clause: str) -> list[str]:
    """A clause that opens with a slip as its heading ("let me correct that: Emacs", "改一下：我是设计师"):
    [the marker, the rest]; else [clause]."""
    m = _HEADING.match(clause.strip())
    if m and (is_slip(m.group("m")) or _CHANGE_HEADING.match(m.group("m"))):
        return [m.group("m"), m.group("rest")]
    return [clause]


def is_heading(clause: str) -> bool:
    """"改一下" split off a heading by `split_lead`: a slip there, though alone it asks to change something."""
    return bool(_CHANGE_HEADING.match(clause))


__all__ = ["is_heading", "is_opener", "is_slip", "marks", "named", "precision_first", "split_lead"]
