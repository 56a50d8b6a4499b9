"""Does the query ask a general fact about a kind of thing or people, which no memory of the user's answers?

"What are the early symptoms of diabetes?", "is honey vegan?", "how does pytest fixture scope work",
"高血压患者能喝咖啡吗", "西湖十景是哪些", "葡萄酒开了瓶能放几天？" share a topic with a user's memory (the user has
diabetes, is vegan, uses pytest; the user's mother has high blood pressure; the user likes hiking, does not drink),
so their dense and lexical evidence clears the floors; but the answer is the same whoever asks. Their form says so,
zh + en, without a model:

- the signs, causes, risks or benefits of something ("what are the symptoms of …", "…有什么副作用");
- how a named thing works, the thing a bare noun phrase with no article or pronoun ("how does pytest fixture scope
  work"; "how does the billing service work" may be about the user's own service and is left alone);
- whether a kind of thing belongs to a class of diet or safety ("is honey vegan?", "are tomatoes gluten-free?");
- what a kind of people may eat or do ("can diabetics eat bananas?", "高血压患者能喝咖啡吗", "孕妇可以吃螃蟹吗");
- how long a thing keeps ("how long does opened wine last?", "葡萄酒开了瓶能放几天？");
- which things make up a named set ("西湖十景是哪些", "what are the seven wonders of the world");
- what causes a thing, its pros and cons, the difference between two ("海鲜过敏一般是什么成分引起的", "GraphQL 和 REST
  各有什么优缺点", "proxmox vs esxi, whats the difference"), what a thing is exactly ("What is coeliac disease
  exactly?"), how many units a period holds ("一年有多少个星期"), a thing "in general" ("are huskies good with cats in
  general?"), "explain X vs Y", "how is X different from Y", "what does X actually do", "X是什么原理".

`query_need` calls it only for a query that does not speak of the user ("my", "我"): those stay requests.

Example:
    >>> asks_about_a_kind("what are the early symptoms of diabetes?"), asks_about_a_kind("高血压患者能喝咖啡吗")
    (True, True)
    >>> asks_about_a_kind("how does the billing service work?"), asks_about_a_kind("大提琴的琴弦多久换一次？")
    (False, False)
"""

from __future__ import annotations

import re

_ASPECTS_EN = (r"symptoms|signs|causes|side[- ]effects|risks|dangers|benefits|health benefits|complications|"
               r"risk factors|warning signs")
_DIET_OR_SAFETY_CLASS_EN = (r"vegan|vegetarian|gluten[- ]free|dairy[- ]free|lactose[- ]free|kosher|halal|keto|paleo|"
                            r"edible|poisonous|toxic|contagious|carcinogenic|biodegradable|recyclable")
_PEOPLE_KIND_EN = (r"diabetics|vegans|vegetarians|pregnant women|patients|people with \w+(?: \w+)?|"
                   r"people who \w+|the elderly|seniors|infants|newborns")
_DETERMINERS = r"the|a|an|this|that|these|those|you|we|i|they|it|my|our|your|his|her|their|its"
# roles in the user's own system, not a kind of people asked about ("how do users log in to staging?")
_ROLES_EN = (r"users|customers|clients|members|subscribers|callers|consumers|workers|servers|handlers|containers|listeners|"
             r"controllers|routers|providers|loggers|others|teammates|testers|reviewers|maintainers|owners|admins|managers")

_KIND_EN = re.compile(
    rf"\bwhat (?:are|is) (?:the |some )?(?:\w+ )?(?:{_ASPECTS_EN}) of\b"
    rf"|\bwhat (?:are|is) (?:the |some )?(?:{_ASPECTS_EN}) (?:for|in)\b"
    rf"|^\W*how (?:do|does) (?!(?:{_DETERMINERS})\b)[\w.+#-]+(?: [\w.+#-]+){{0,2}} (?:actually |really )?work\b"
    rf"|^\W*(?:is|are) (?!(?:it|this|that|there|these|those|my|our|your|you|we|i)\b)[\w-]+(?: [\w-]+)? "
    rf"(?:{_DIET_OR_SAFETY_CLASS_EN})\b"
    rf"|^\W*(?:can|should|do|may) (?:{_PEOPLE_KIND_EN}) (?:eat|drink|have|take|use|fly|exercise)\b"
    r"|\bhow long (?:does|do|can|will|should) (?:an? |the )?[^?]{1,40}? (?:keep|last|stay (?:good|fresh)|be (?:kept|stored))\b"
    r"|\bpros and cons of\b|\bwhat'?s the difference\b|^\W*what(?:'s| is| are) [\w -]{1,30} (?:exactly|actually)\W*$"
    r"|^\W*(?:conceptually,? )?(?:explain|compare) [^?]{1,40}\b(?:vs\.?|versus)\s|\bhow (?:is|are) [^?]{1,40} different from\b"
    r"|^\W*what (?:does|do) (?!(?:the|this|that|these|those|our|my|your|it)\b)[^?]{1,60} (?:actually|really) do\b|\b(?:in general|generally)\b"
    # how a kind of people does something ("how do marathon runners avoid hitting the wall?")
    rf"|^\W*how (?:do|did|can) (?:(?:most|professional|experienced|elite|top) )?(?:[\w-]+ )?(?!{_ROLES_EN}\b)"
    r"(?:[a-z]+(?:ers|ists|ians)|people|athletes|pros|experts|professionals|chefs|pilots|astronauts) "
    r"(?!(?:of|in|on|at|from|for|with)\b)\w+"
    # why a named thing lacks or has a feature by design ("why doesn't Go have exceptions?")
    rf"|^\W*why (?:does|doesn't|did|didn't|do|don't) (?!(?:{_DETERMINERS})\b)[\w.+#-]+(?: [\w.+#-]+)? "
    r"(?:have|support|use|allow|include|need|require|come with|ship with)\b"
    # a concept asked for plainly, or a debate between two named things ("explain the travelling salesman problem
    # simply", "is neovim actually better than vim")
    r"|^\W*(?:can you |please )?explain (?!(?:this|that|these|those|it|my|our|the (?:error|bug|failure|test|output|log|code|"
    r"diff|query|function|script|stack ?trace))\b)[^?]{1,60}?\b(?:simply|in simple terms|in plain (?:english|terms|words)|"
    r"in a nutshell|to a (?:beginner|child|kid|layperson)|like (?:i'?m|im|i am) (?:five|5|a (?:kid|child|beginner)))\b"
    r"|^\W*(?:is|are) (?!(?:it|this|that|there|these|those|my|our|your|you|we|i)\b)[^?]{1,40}\b(?:actually|really|objectively) "
    r"(?:better|worse|faster|slower|superior|inferior) than\b",
    re.I)

_KIND_ZH = re.compile(
    r"(?:有|有哪些|有什么|有啥)(?:副作用|危害|好处|症状|并发症)|(?:症状|早期表现|副作用|危害)(?:是什么|有哪些|是啥)"
    r"|(?:患者|病人|孕妇|糖尿病人|老年人|老人家|新生儿|婴儿)(?:能不能|能|可以|可不可以|适合)(?:吃|喝|用|运动|坐飞机)"
    r"|(?:能|可以)(?:放|保存|存放|存)(?:几天|多久|多长时间)|保质期(?:是|有)?多(?:久|长)"
    r"|是哪(?:些|几个)[？?]?$"
    r"|(?:什么|哪些|啥)(?:原因|成分|因素)(?:引起|导致|造成)|原因(?:是什么|有哪些|是啥)|优缺点|利弊|是因为[^，,。？?]{1,12}吗[？?]?$|是什么原理"
    r"|^(?:一|每)(?:年|个月|周|星期|天|小时|分钟|公里|斤)(?:有|等于|是)(?:多少|几)")


def asks_about_a_kind(text: str) -> bool:
    """Whether `text` asks a general fact about a kind of thing or people (module docstring)."""
    return bool(_KIND_EN.search(text) or _KIND_ZH.search(text))


__all__ = ["asks_about_a_kind"]
