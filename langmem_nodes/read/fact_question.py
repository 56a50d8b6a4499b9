"""Does the query ask for a fact the user told, rather than for help? Its form, zh + en, without a model.

"What is my daughter called?", "am I vegetarian?", "where do I live?", "what year was I born?", "我女儿叫什么名字？",
"我是素食者吗？", "我住在哪个城市？", "我是什么血型？" are answered only by a memory that holds the fact: no inference
from another memory helps (the nurse memory does not say whether the user is vegetarian). A request ("what should I
cook tonight?", "我能吃花生吗？", "我今天适合去跑步吗？", "我晚上吃什么好？") is not such a question: it may need an inference, so it keeps the low
personal floor (`relevance.py`); a fact question needs the strict one and more evidence than the generic
anchor memories get (`Centering.anchor_evidence`), so a user with no matching memory gets nothing.

Example:
    >>> asks_own_fact("am I vegetarian?"), asks_own_fact("我女儿叫什么名字？"), asks_own_fact("我住在哪个城市？")
    (True, True, True)
    >>> asks_own_fact("have I been to Japan?"), asks_own_fact("我结婚了吗？")
    (True, True)
    >>> asks_own_fact("what should I cook tonight?"), asks_own_fact("我能吃花生吗？"), asks_own_fact("我的幼苗什么时候可以移到室外？")
    (False, False, False)
"""

from __future__ import annotations

import re

# a request: the answer is advice, not a stored value ("should", "can I", "any tips", 适合, 能不能, 怎么)
_REQUEST = re.compile(
    r"\b(?:should|could|can|may|might|would|need|tips?|ideas?|recommend\w*|suggest\w*|advice|help|good|best|ok|okay|"
    r"safe|worth|tonight|today|tomorrow)\b"
    r"|适合|能不能|能吃|可以|可不可以|该|要不要|怎么|如何|咋|推荐|建议|好不好|好吗|行吗|合适|今天|明天|今晚|"
    r"(?:什么|啥|哪)\S{0,4}好|比较|划算|值得")
_FACT_EN = re.compile(
    r"^\W*(?:"
    r"(?:what|which|who|where|when)(?:'s| is| are| was| were) (?:my|our)\b"  # what is my job, where is our office
    r"|(?:what|which)(?: \w+){1,2} (?:do|did) (?:i|we) (?:drive|own|have|use|speak|play|study|do|work|live|eat|like)\b"
    r"|where (?:do|did) (?:i|we) (?:live|work|study|grow up|come from)\b"
    r"|(?:what|when|where|which city|which country) (?:am|was) i\b"
    # what year was I born, where did I study (not "what did I say …": what the user said is worded elsewhere)
    r"|(?:what|which|where|when)(?: \w+){0,2} (?:did|was|were) (?:i|we)\b(?! (?:say|tell|mention|call)\b)"
    r"|(?:am|was) i (?:a |an )?\w+\s*\??$"  # am I vegetarian?
    r"|(?:am|was) i (?:allergic|married|single|vegan|vegetarian)\b"
    r"|(?:do|did) i (?:have|own|eat|drink|smoke|speak|play)\b"
    r"|(?:have|had) i (?:ever )?(?:been|got|had)\b(?! (?:enough )?time\b)"  # have I been to Japan? (我去过日本吗)
    r")", re.I)
_FACT_ZH = re.compile(
    r"^我(?:的|家|们|之前|以前|现在)?[^，,。？?！!]{0,10}?"
    r"(?:叫什么(?:名字)?|叫啥(?:名字)?|是(?:什么|啥)[^，,。？?]{0,3}|是哪(?:个|里|儿|国|年)?[^，,。？?]{0,3}|"
    r"在哪(?:里|儿|个[^，,。？?]{1,3})?|是谁|"
    r"多大|几岁|有几个|是不是[^，,。？?]{1,8}|(?:开|养|用|学|做|吃|住)(?:的)?(?:什么|啥)[^，,。？?]{0,3})(?:来着|呢)?[？?]?$"
    r"|^我(?:是|有|对|吃|养|会|住)[^，,。？?]{1,10}吗[？?]?$"
    r"|^我[^，,。？?吗]{1,8}了吗[？?]?$"
    r"|^我是?在哪(?:里|儿)?[\u4e00-\u9fff]{1,3}的[？?]?$")  # 我是在哪里长大的: where a thing of the user's happened  # 我结婚了吗: a state of the user's, as "am I married?"

# when or how long of one fact of the user's: "how long have I lived in Oslo?", "when does my leave start?",
# "am I on vacation?", "我学钢琴多久了？", "我什么时候搬到成都的？", "我在休产假吗？" (newcomer22 L5)
_WHEN_EN = re.compile(
    r"^\W*(?:how long (?:have|had) i\b|how long ago did i\b|since when (?:have|did|am|was) i\b"
    r"|when (?:does|did|do|will) (?:my|our) \w+(?: \w+)? (?:start|end|begin|finish|stop)\b"
    r"|(?:am|was) i (?:on|in) (?:\w+ )?\w+(?: (?:right now|now|currently|at the moment|this week))?\s*\??$)", re.I)
_WHEN_ZH = re.compile(
    r"^我[^，,。？?]{1,10}?(?:多久|多长时间|几年|几个月)了[？?]?$"
    r"|^我(?:是)?(?:什么时候|啥时候|几时|哪年|哪一年|哪个月|哪天)[^，,。？?]{1,12}[？?]?$"
    r"|^我(?:现在|目前|还)?在[\u4e00-\u9fff]{1,6}吗[？?]?$")

def asks_own_fact(text: str) -> bool:
    """Whether `text` asks for a fact about the user (module docstring), not for a request."""
    plain = text.strip()
    if _REQUEST.search(plain):
        return False
    return bool(_FACT_EN.search(plain) or _FACT_ZH.search(plain) or _WHEN_EN.search(plain) or _WHEN_ZH.search(plain))


__all__ = ["asks_own_fact"]
