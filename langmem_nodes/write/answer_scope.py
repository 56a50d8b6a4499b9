"""The scope of an instruction (zh + en): whether an imperative holds for every answer or every piece of the
user's code, so it is a standing rule without a cue word ("以后", "from now on"), and whether a tag question
after it ("…，行不行", "…, ok?") only softens it.

- every answer: the answers as a topic, no one answer pointed at ("回答别用 emoji", "回答里别放链接",
  "回答请用简体中文", "don't put links in answers"); "这个回答别太长" or "回答得太长了" is about one answer;
- every piece of the user's work in a language or tool ("写 JS 别用 var", "when writing JS, don't use var");
  "写这个函数别用递归" is one piece;
- a tag after an imperative is no question ("别给我推荐 jQuery 了好吗", "stop recommending jQuery, ok?").

Example:
    >>> every_answer("回答里别放链接"), every_answer("这个回答别太长"), every_answer("回答得太长了")
    (True, False, False)
    >>> every_answer("写 JS 别用 var 声明变量"), every_answer("写这个函数别用递归")
    (True, False)
    >>> untagged("回答别整那么多 emoji 行不行，我看着眼花。"), untagged("Stop recommending jQuery to me, ok?")
    ('回答别整那么多 emoji，我看着眼花。', 'Stop recommending jQuery to me.')
    >>> untagged("用 MySQL 还是 Postgres 好不好？")
    '用 MySQL 还是 Postgres 好不好？'
"""

from __future__ import annotations

import re

_I = re.IGNORECASE

# a modal that tells the assistant how to do it (positive or negative)
_ZH_DIRECTIVE = r"(?:别|不要|不用|不能|少|避免|禁止|不许|不准|千万别|请用|请|要用|用|使用|尽量用|先(?=给|说|讲|列|写|放))"
_ZH_ANSWERS = r"(?:回答|回复|答案|解释|输出|给我的(?:回答|回复|代码|例子|示例))"
# the answers as a topic: "回答里别放链接", "你的回复请用简体中文"
_ZH_EVERY_ANSWER = re.compile(rf"^(?:你的?|您的?)?{_ZH_ANSWERS}(?:我|给我)?(?:里面?|中|的时候|时)?\s*(?:都|也|尽量|最好|一律|统一|千万|请)*{_ZH_DIRECTIVE}")
# the user's code in a language or tool as a topic: "写 JS 别用 var", "写 Python 的时候不要用 tab"
_ZH_EVERY_PIECE = re.compile(r"^(?:写|用)\s*(?P<t>[A-Za-z][\w.+#-]{0,15}|代码|脚本|前端|后端|SQL)\s*(?:代码|脚本)?(?:的时候|时)?\s*"
                             r"(?:都|也|尽量|最好|一律|千万)*(?:别|不要|不能|少|避免|禁止|不许)\s*(?P<o>[^，,。]{1,24})$")
_EN_EVERY_ANSWER = re.compile(r"\b(?:in|from|for)\s+(?:(?:all|any|the|my)\s+)?(?:answers|replies|responses|explanations|code examples)\b", _I)
# a condition that scopes every piece of code in a language: "when writing JS", "whenever you write Python"
_EN_EVERY_PIECE = re.compile(r"^(?:when|whenever|while)\s+(?:(?:you(?:'re| are)?|i(?:'m| am)?)\s+)?(?:writing|write|coding)\s+(?:in\s+)?"
                             r"(?P<t>[A-Za-z][\w.+#-]{0,15})(?:\s+(?:code|scripts?|for me))?$", _I)
_EN_NOT_A_LANGUAGE = re.compile(r"^(?:this|that|it|the|a|an|some|code|emails?|tests?|docs?)$", _I)


def every_answer(clause: str) -> bool:
    """The clause instructs about every answer or every piece of the user's code ("回答别用 emoji",
    "写 JS 别用 var", "don't put links in answers"): a standing rule."""
    text = clause.strip()
    return bool(_ZH_EVERY_ANSWER.match(text) or _ZH_EVERY_PIECE.match(text)
                or (re.match(r"^(?:please\s+)?(?:don'?t|do not|never|avoid|no)\b", text, _I) and _EN_EVERY_ANSWER.search(text)))


def piece_rule(clause: str) -> list:
    """"写 Python 别用 print 调试" → the user's rule (negative) «Python 用 print 调试»; [] for any other clause."""
    from .rules import Claim, clean_object  # late: rules asks this module whether a clause is standing

    m = _ZH_EVERY_PIECE.match(clause.strip())
    obj = clean_object(m.group("o")) if m else ""
    return [Claim("user", "rule", f"{m.group('t')} {obj}", "negative", "rule")] if m and obj else []


# a request frame with no value of its own that scopes the clause after it: "以后给我写代码，注释都用中文"
_ZH_FRAME = re.compile(r"^(?:你)?(?:给我|帮我|替我|为我)(?:写|举|回答|解释|出|做|生成|推荐)(?:一下|个|些)?\s*(?:代码|例子|示例|回答|文档|注释|脚本|方案|题|SQL|sql)$")


def frames_next(clause: str) -> bool:
    """A request frame ("给我写代码", "给我举例子") that scopes the next clause, as "when you write code for me" does."""
    return _ZH_FRAME.match(clause.strip()) is not None


# a negated verb of going or doing with no object: what it is about was said before ("健身房卡我退了，以后不去了")
_BARE_NEGATION = re.compile(r"^(?:就|也|都|再|我)?(?:不|没|再也不|不再)(?:会|想|打算)?(?:去|来|做|弄|搞|玩|干|练|参加)(?:了|啦|咯)*$|"
                            r"^(?:i'?m|i am|i'?ll|i will|i won'?t)\s+(?:not\s+|never\s+)?(?:going|coming|doing it|doing that|go|come)"
                            r"(?:\s+(?:anymore|again|back|there))?$", _I)


def bare_negation(clause: str) -> bool:
    """True for "不去了" / "I'm not going": no value to keep on its own."""
    return _BARE_NEGATION.match(clause.strip(" .。!！")) is not None


def every_piece(condition: str) -> bool:
    """A condition that scopes every piece of the user's code in a language ("when writing JS")."""
    m = _EN_EVERY_PIECE.match(condition.strip(" ,"))
    return m is not None and not _EN_NOT_A_LANGUAGE.match(m.group("t"))


# an imperative ("别…", "不要…", "请…", "stop …") with a tag question after it
_ZH_TAG = re.compile(r"(?P<imp>(?:^|(?<=[，,。！!；;]))\s*(?:你|回答|回复)?[^，,。！!？?；;]{0,12}?(?:别|不要|少|请(?!问)|千万别)[^，,。！!？?；;]+?)"
                     r"\s*(?:了)?\s*(?:行不行|好不好|好吗|行吗|可以吗|成吗|OK吗|ok吗)\s*[？?]?(?=$|[，,。！!；;])")
_EN_TAG = re.compile(r"^(?P<imp>\s*(?:please\s+)?(?:don'?t|do not|never|stop|quit|no more|avoid)\b[^?]+?)\s*,\s*"
                     r"(?:ok(?:ay)?|alright|all right|yeah|thanks|please)\s*\?\s*$", _I)


def untagged(sentence: str) -> str:
    """`sentence` without the tag question that only softens an imperative in it ("…，行不行" / "…, ok?")."""
    out = _ZH_TAG.sub(lambda m: m.group("imp").rstrip(), sentence)
    if (m := _EN_TAG.match(out)):
        out = m.group("imp").rstrip() + "."
    return out
