"""Whether a chat message asks the assistant to forget something about the user, read by its parts.

A request is a frame said to the assistant — a verb of forgetting ("forget"), deleting ("delete / remove / erase
/ wipe / drop … the thing about", 删掉 / 删了 / 清掉 / 去掉 / 抹掉) or not keeping ("don't keep", "no need to
remember", "stop remembering", "I'd rather you didn't remember", "you don't need to know", 别记 / 不用记 /
我不想让你记住), politely or not — followed by a description that points at the user: an attribute of theirs
("my address", "what car I drive", 我老婆的名字, 我过敏的事), "the thing / part / bit about …", a clause about
them ("that I smoke"), or the memory itself ("what you remember about …"). Anything else is no request: "I
forgot my keys", "how do I delete a git branch?", "remind me to delete the old branch", "don't forget to buy
milk", "forget it, never mind", 我忘了带钥匙, 怎么删除微信聊天记录, 别忘了提醒我开会, "delete the temp files".

>>> [is_forget_request_by_parts(t) for t in ("I'd rather you didn't remember what car I drive.", "Please don't keep my address.",
...                                  "Delete the thing about my wife.", "把我老婆的名字删了吧", "别记我过敏的事")]
[True, True, True, True, True]
>>> [is_forget_request_by_parts(t) for t in ("I forgot my keys", "how do I delete a git branch?", "don't forget to buy milk",
...                                  "remind me to delete the old branch", "我忘了带钥匙", "别忘了提醒我开会")]
[False, False, False, False, False, False]
"""

from __future__ import annotations

import re

#: Nouns that name something about the user (an attribute, a relation) when owned: "my address", 我老婆.
PERSONAL_NOUNS_EN = frozenset(
    "name names address home city hometown job role profession occupation title career employer company workplace "
    "salary income allergy allergies diet birthday age weight height health condition diagnosis illness medication "
    "medications meds religion hobby hobbies car cars vehicle wife husband spouse partner girlfriend boyfriend fiance "
    "fiancee fiancé fiancée ex kid kids child children son sons daughter daughters baby mom mum mother dad father "
    "parents sister sisters brother brothers sibling siblings family grandma grandmother grandpa grandfather pet pets "
    "dog dogs cat cats boss manager colleague coworker friend friends neighbour neighbor doctor therapist therapy "
    "number birthplace nationality pronouns preference preferences favourite favorite location apartment flat "
    "medical mental surgery pregnancy divorce finances debt ethnicity sexuality orientation".split())
#: Words after a personal noun that still describe it: "my allergy stuff", "my wife's details".
_GENERIC_EN = frozenset("stuff info information details detail thing things bit part name number history status".split())
PERSONAL_NOUNS_ZH = (
    "住址", "地址", "住哪", "住在", "家在", "老婆", "老公", "妻子", "丈夫", "爱人", "媳妇", "太太", "孩子", "儿子", "女儿",
    "宝宝", "妈妈", "母亲", "爸爸", "父亲", "父母", "家人", "姐姐", "妹妹", "哥哥", "弟弟", "宠物", "狗", "猫", "生日", "年龄",
    "岁数", "电话", "手机号", "号码", "邮箱", "过敏", "工作", "公司", "单位", "工资", "收入", "病", "身体", "吃药", "名字",
    "女朋友", "男朋友", "对象", "体重", "身高", "老板", "同事", "宗教", "信仰", "饮食", "吃素", "忌口", "爱好", "职业",
    "老家", "家乡", "籍贯", "上班", "在哪", "门牌", "个人信息", "隐私",
)

# -- English ----------------------------------------------------------------------------------------------------
_LEAD = (r"^\s*(?:(?:please|pls|plz|kindly|just|ok|okay|hey|hi|so|um|uh|hmm+|well|yo|and|also|now|oh|actually|btw|nah|no|"
         r"yeah|yes|right|alright|do me a favou?r and|"
         r"one more thing|on second thought|by the way|you know what|listen|look|sorry|honestly)[\s,.!]+)*")
_ASK = (r"(?:(?:can|could|would|will) you(?:\s+please)?\s+|i (?:want|need) you to\s+|(?:i['’]?d|i would) like you to\s+|"
        r"(?:i['’]?d|i would) (?:rather|prefer)(?: (?:it if|that))? you\s+|you (?:can|may|should|could)(?: just)?\s+|"
        r"(?:feel free to|go ahead and|can we|could we|let['’]?s|let us)\s+|please\s+|"
        r"(?:it(?:['’]?d| would) be (?:better|best|great|nice|good)|(?:i['’]?d|i would) appreciate it) if you (?:could|would)\s+)?")
_FORGET = r"(?:forget|unlearn)(?:\s+about)?"
#: a wish in the past tense: "I'd rather you forgot …", "it would be better if you deleted …"
_WISH = (r"(?:(?:i['’]?d|i would) (?:rather|prefer(?: it)?(?: if)?|like it if|appreciate it if)|it(?:['’]?d| would) be (?:better|best|great|"
         r"nice|good) if) you\s+")
_FORGOT = r"forgot(?:\s+about)?"
_DELETED = r"(?:deleted|removed|erased|wiped(?:\s+out)?|dropped|scrapped|got rid of)"
_DELETE = (r"(?:let go of|delete|remove|erase|wipe(?:\s+out)?|drop|clear(?:\s+out)?|scrap|purge|scratch|ditch|get rid of|take out|lose|scrub|nuke|toss|discard|disregard|expunge|strike|"
           r"throw (?:out|away))")
#: verbs of keeping that are about memory whatever follows ("don't remember my cat")
_MEMORY_VERBS = r"remember(?:ing)?|memori[sz](?:e|ing)|stor(?:e|ing)"
_KEEP_VERBS = (_MEMORY_VERBS + r"|sav(?:e|ing)|keep(?:ing)?(?:\s+(?:in mind|track of|a record of|a note of|on file))?|"
               r"(?:hold|hang)(?:ing)?\s+on\s*to|keep(?:ing)?\s+(?:notes|tabs)\s+on|retain(?:ing)?|record(?:ing)?|note|know|track(?:ing)?|log(?:ging)?")
_NOT = (r"(?:don['’]?t|do not|never|stop|quit|no longer|no need to|i no longer want you to|there['’]?s no need to|there is no need to|"
        r"you (?:don['’]?t|do not) (?:need|have) to|you needn['’]?t|you shouldn['’]?t|you should not|"
        r"(?:i['’]?d|i would) (?:rather|prefer(?: it)?(?: if)?|like it if) you (?:didn['’]?t|did not|not|don['’]?t|wouldn['’]?t)|"
        r"it(?:['’]?d| would) be (?:better|best|great|nice|good) if you (?:didn['’]?t|did not|wouldn['’]?t)|"
        r"(?:can|could|would) you (?:please )?not|"
        r"(?:i['’]?d|i would) prefer (?:that )?you (?:not|don['’]?t)|i (?:don['’]?t|do not) want you(?: to)?|"
        r"(?:please\s+)?(?:don['’]?t|do not) (?:bother|need to))")
EN_FRAME = re.compile(
    _LEAD + r"(?:" + _ASK + r"(?P<forget>" + _FORGET + r")|" + _ASK + r"(?P<delete>" + _DELETE + r")|"
    + _WISH + r"(?:(?P<forgot>" + _FORGOT + r")|(?P<deleted>" + _DELETED + r"))|"
    + _ASK + _NOT + r"\s+(?:(?:to|about)\s+)?(?P<keep>" + _KEEP_VERBS + r"))\s+(?P<rest>.+)$",
    re.IGNORECASE | re.DOTALL)
_MEMORY_WORDS = re.compile(r"\b(?:memor(?:y|ies)|remember(?:ed)?|you know about|you stored|you(?:['’]ve|\s+have)?\s+"
                           r"(?:have|got|saved|stored|kept)\s+(?:on|about))\b", re.IGNORECASE)
_ABOUT = re.compile(
    r"^(?:(?:any|all)(?:thing)? of\s+|all\s+|any\s+|every\s+)?(?:the\s+|that\s+|this\s+|those\s+)?(?:anything|everything|stuff|things?|parts?|bits?|"
    r"info(?:rmation)?|details?|facts?|(?P<note>notes?|entry|entries|records?|lines?|mentions?|memor(?:y|ies)|traces?))\s+"
    r"(?:about|on|regarding|concerning|(?P<where>where|that|when|of))\s+\S", re.IGNORECASE)
#: "… from the README", "… in the config": the thing is somewhere else than in memory
_ELSEWHERE = re.compile(r"\b(?:from|in|out of|off)\s+(?:the|this|that|a|an|our|my)\b", re.IGNORECASE)
#: "the divorce thing", "the project details", "the mental health stuff": a topic named by what it is about
THE_X_THING = re.compile(r"^(?:all\s+(?:of\s+)?|any\s+of\s+)?(?:the|that|this|those|these)\s+(?P<x>(?:[\w'’-]+\s+){0,3}?[\w'’-]+)\s+"
                         r"(?:thing|things|stuff|details|info|information|business|situation|part|bit|side|issue)$",
                         re.IGNORECASE)
_CLAUSE = re.compile(r"^(?:(?:the fact )?that|how|where|what|who|whom|which|when|whether|why|about)\b", re.IGNORECASE)
_FIRST_PERSON = re.compile(r"\b(?:i|i['’](?:m|ve|d|ll)|my|me|mine|myself|we|our|us)\b", re.IGNORECASE)
TRAILER = re.compile(r"(?:[\s,]+(?:anymore|any more|any longer|on file|in mind|from now on|either|please|for me|entirely|"
                     r"completely|altogether|for good|at all|(?:from|out of) (?:your )?(?:memory|memories|notes|records?)|"
                      r"then|too|as well|thanks|thank you|ok|okay))+$", re.IGNORECASE)
#: "forget I asked", "forget about the restaurant booking": cancelling what was asked, not a memory
_CANCEL = re.compile(r"^(?:that\s+)?i\s+(?:even\s+|just\s+|ever\s+)?(?:asked|said anything|mentioned it|brought (?:it|that) up|"
                     r"said that)\b|^(?:about\s+)?(?:the|my|this|that)\s+(?:(?:[\w-]+\s+)?(?:question|request|booking|"
                     r"reservation|order|meeting|appointment|email|message|task|ticket|idea|plan|call))\b", re.IGNORECASE)
_NOT_A_TOPIC = ("it", "that", "this", "everything", "me", "to", "about it", "it all", "all that", "that one")


def _owned_personal_noun(rest: str) -> bool:
    """'my address', 'my wife's name', 'my peanut allergy stuff': an owned noun phrase whose head names
    something about the user, and nothing after it ('my kids waiting', 'my name from the list' are not)."""
    m = re.match(r"^(?:my|our)\s+((?:[\w'’-]+\s+){0,3}[\w'’-]+)$", rest, re.IGNORECASE)
    if not m:
        return False
    words = [re.sub(r"['’]s$", "", w).casefold() for w in m.group(1).split()]
    head = len(words) - 1
    while head > 0 and words[head] in _GENERIC_EN and words[head] not in PERSONAL_NOUNS_EN:
        head -= 1
    return words[head] in PERSONAL_NOUNS_EN or (words[-1] in _GENERIC_EN and words[head] in PERSONAL_NOUNS_EN)


def first_clause(rest: str) -> str:
    """'my address, I'm moving anyway' → 'my address'."""
    return re.split(r"\s*(?:[,;:](?!\s*(?:and|or|plus|as well as)\b)|[?!]+\s|\.\s)\s*|\s+(?:because|since|as|cause|cuz)\s+",
                    rest.strip(), maxsplit=1)[0]


def _points_at_user_en(rest: str, memory_verb: bool) -> bool:
    rest = first_clause(rest)
    rest = TRAILER.sub("", rest.rstrip(" .!?…")).strip()
    if not rest or rest.casefold() in _NOT_A_TOPIC or re.search(r"\bbut\b", rest, re.IGNORECASE):
        return False
    if _ELSEWHERE.search(rest):
        return False
    if (m := _ABOUT.match(rest)) and (not (m.group("where") or m.group("note")) or _FIRST_PERSON.search(rest)):
        return True
    if _CLAUSE.match(rest) and _FIRST_PERSON.search(rest):
        return True
    if THE_X_THING.match(rest):
        return True
    if re.match(r"^(?:my|our)\s", rest, re.IGNORECASE):
        return memory_verb or _owned_personal_noun(rest)
    return False


_ING = {"forgetting": "forget", "deleting": "delete", "removing": "remove", "erasing": "erase", "wiping": "wipe",
        "dropping": "drop", "scrapping": "scrap", "remembering": "remember", "keeping": "keep", "storing": "store",
        "saving": "save", "tracking": "track", "holding": "hold"}
_MIND = re.compile(r"^\s*(?:(?:hey|so|ok|okay|and|also|now)[\s,]+)*(?:would|do|could) you mind\s+(?P<not>not\s+)?"
                   r"(?P<verb>" + "|".join(_ING) + r")\b", re.IGNORECASE)
_WANT_DONE = re.compile(r"^\s*(?:please\s+)?(?:i (?:want|need)|(?:i['’]?d|i would) (?:like|prefer)|please (?:have|get))\s+"
                        r"(?:(?:to\s+)?(?:have|get)\s+)?(?P<what>.+?)\s+(?:deleted|removed|forgotten|gone|erased|wiped|dropped|taken out)(?P<end>\W*)$",
                        re.IGNORECASE)
#: "my X, forget it", "that thing about my divorce, please forget it", "I take back what I said about my boss, forget it"
_NAMED_FIRST = re.compile(r"^\s*(?:(?:never mind|i take back|as for|regarding|about)\s+)?"
                          r"(?P<what>(?:my|our)\s+[^,;:—–-]{1,40}?|(?:that|the|this)\s+(?:thing|part|bit|stuff|story|info)\s+"
                          r"about\s+[^,;:—–-]{1,40}?|what i (?:said|told you|mentioned)\s+about\s+[^,;:—–-]{1,40}?)\s*[,;:—–-]+\s*"
                          r"(?:please\s+|just\s+|(?:so\s+)?you can\s+|can you\s+)?"
                          r"(?P<verb>forget|delete|remove|drop|erase|scrap)\s+(?:about\s+)?(?:it|that)(?P<end>\W*)$",
                          re.IGNORECASE)


_WANT_NOT = re.compile(r"^\s*(?:please\s+)?i (?:don['’]?t|do not) want\s+(?P<what>(?:my|our|the|any|anything)\b.+?)\s+"
                       r"(?P<verb>saved|stored|remembered|kept|recorded|tracked|logged)(?P<end>\W*)$", re.IGNORECASE)
_TAKE_OUT = re.compile(r"^\s*(?:please\s+)?(?:can you\s+|could you\s+)?take\s+(?P<what>.+?)\s+(?:out of|off)\s+(?:your\s+)?"
                       r"(?:memory|memories|notes|records?|list)(?P<end>\W*)$", re.IGNORECASE)
_PAST = {"saved": "save", "stored": "store", "remembered": "remember", "kept": "keep", "recorded": "record",
         "tracked": "track", "logged": "log"}


def _names_something_of_theirs(what: str) -> bool:
    """'my address', 'the thing about my divorce', 'what I said about my boss' — not 'my bad', 'the thing about the
    meeting'."""
    if re.match(r"^(?:my|our)\s", what, re.IGNORECASE):
        return _owned_personal_noun(what)
    return bool(re.match(r"^what i\b", what, re.IGNORECASE) or _FIRST_PERSON.search(what.split(" about ", 1)[-1]))


def normal_en(text: str) -> str:
    """A request said another way, in the frame `EN_FRAME` reads: "would you mind forgetting X" → "forget X",
    "would you mind not storing X" → "don't store X", "I want my X deleted" → "delete my X", "my X, forget it" →
    "forget my X"."""
    if m := _MIND.match(text):
        verb = _ING[m.group("verb").casefold()]
        return ("don't " if m.group("not") else "") + verb + text[m.end():]
    if m := _WANT_DONE.match(text):
        return "delete " + m.group("what") + m.group("end")
    if m := _WANT_NOT.match(text):
        return "don't " + _PAST[m.group("verb").casefold()] + " " + m.group("what") + m.group("end")
    if m := _TAKE_OUT.match(text):
        return "delete " + m.group("what") + " from your memory" + m.group("end")
    if (m := _NAMED_FIRST.match(text)) and _names_something_of_theirs(m.group("what")):
        return m.group("verb") + " " + re.sub(r"^(?:that|this)\b", "the", m.group("what"), flags=re.IGNORECASE) + m.group("end")
    return text


def _is_request_en(text: str) -> bool:
    m = EN_FRAME.match(normal_en(text))
    if not m:
        return False
    rest = m.group("rest")
    if m.group("forget") or m.group("forgot"):  # "forget X": any named X but it / that / "to …" ("don't forget to …" never gets here)
        head = rest.strip().rstrip(" .!?").casefold()
        if head in _NOT_A_TOPIC or re.match(r"^(?:it|this|to|about it)\b", head) or _CANCEL.match(head) or (
                re.match(r"^that\b", head) and not re.match(r"^that\s+(?:i|my|we|our|me)\b", head)
                and not _owned_personal_noun("my " + head[5:])):  # "forget that job" is the user's job
            return False
        return True
    if _MEMORY_WORDS.search(rest) and not re.match(r"^\s*(?:it|that|this)\b", rest, re.IGNORECASE):
        return True
    keep = m.group("keep")
    if keep and re.match(r"know", keep, re.IGNORECASE) and not re.search(r"\byou\b|\bneed\b", m.group(0)[: m.start("keep")],
                                                                      re.IGNORECASE):
        return False  # "don't know where I left my keys" is "I don't know …"
    memory_verb = bool(keep and re.match(_MEMORY_VERBS, keep, re.IGNORECASE))
    return _points_at_user_en(rest, memory_verb)


# -- Chinese ----------------------------------------------------------------------------------------------------
_ZH_LEAD = (r"^\s*(?:(?:请你|请|麻烦你|麻烦|帮我|你|能不能|可不可以|可以|能|那|还有|对了|嗯|哦|噢|呃|好吧|好|另外|哎|唉|那个|其实|就|"
            r"算了|还是|话说|顺便|要不|我希望你|希望你|我想让你|我要你|以后|今后|从现在起|从今以后)[，,。\s]*)*")
#: 忘了带伞 / 忘记买菜: forgetting to do something, not a request
_ZH_FORGOT_TO = r"(?!带|拿|关|锁|买|交|吃|喝|写|发|打|充|订|看|去|做|问|回|说了|提醒|告诉|还|放|穿|戴|开|收)"
_ZH_FORGET = r"(?:忘掉|忘记(?!了)" + _ZH_FORGOT_TO + r"|忘了(?!吧|吗|$)" + _ZH_FORGOT_TO + r")"
_ZH_DELETE = r"(?:删了|删掉|删除|删去|去掉|清掉|清除|抹掉|抹去|移除|清空|丢掉|扔掉|拿掉|划掉|删(?=一下))"
_ZH_KEEP = r"(?:记住|记着|记得|记录|惦记|记(?![错混反岔漏])|存着|存|保存|保留|留着|知道)"  # 别记错: "don't get it wrong"
_ZH_NOT = (r"(?:(?:你)?(?:别|不要|不用|不必|无需|不需要|用不着|没必要)|我?(?:不想|不希望|不愿意|不要)(?:让)?你)"
           r"(?:再|去|帮我)*")
_ASKED_ZH = re.compile(r"问(?:的|题|过|了)|当我没(?:问|说)")
_ZH_ABOUT = re.compile(r"(?:关于|有关)我|我(?:之前|以前|刚才)?(?:跟你|和你|对你)?(?:说|讲|提)(?:过|到)?(?=我)|我(?:之前|以前|刚才)?(?:跟你|和你|对你)?(?:说|讲|提|告诉你)(?:过|到)?的|"
                       r"(?:之前|以前|刚才)(?:跟你|和你|对你)?(?:说|讲|提|存|记|告诉你)(?:过|下|到)?的")
_ZH_THING = re.compile(r"(?:的|这件|那件|这些|那些)(?:事情?|信息|资料|情况|内容|那条|这条|部分)|(?:这件|那件)事|"
                       r"(?:相关|方面)的|这个人|那个人|(?<=关于|有关)[^，,。]{1,12}?的")
#: verbs of remembering: after 别 / 不用 … anything named is a memory ("心理方面的那些你都别记了")
_ZH_REMEMBER = r"(?:记住|记着|记得|记(?![错混反岔漏]))"
#: "你就当没听过吧": pretend never to have heard it
_ZH_UNHEAR = r"当(?:作|做)?(?:没|不)(?:听(?:过|到过?|说过)|知道)"
#: "当我没说过…": pretend the user never said it
_ZH_UNSAID = r"当(?:作|做)?我没(?:说|提|讲)(?:过|到过?)"
_ZH_NOUN = re.compile("|".join(PERSONAL_NOUNS_ZH) + r"|(?<![物火电单行])车(?!票|次|位|库)")
_ZH_FINAL = r"(?:一下)?(?:了)?(?:吧|啊|哈|呀|吗)?[。！!～~\s]*$"


def _points_at_user_zh(desc: str, memory_verb: bool = False) -> bool:
    """'我老婆的名字', '我过敏的事', '关于我住哪的': the user (我) with one of their attributes, or the thing about them
    ('离婚那件事', '项目相关的信息'); after a verb of remembering (别记 / 不用记住) any named thing ('心理方面的那些')."""
    desc = desc.strip(" ，,。")
    if _ASKED_ZH.search(desc):  # 忘了我刚才问的: a question taken back
        return False
    if _ZH_ABOUT.search(desc):
        return True
    content = re.sub(r"^把|(?:这|那)(?:个|些|件|条|份)?|事情?|它|这样|那样|的", "", desc)
    if memory_verb and len(content) >= 2 and not desc.endswith("了"):  # "我辞职了，忘了吧" is "never mind"
        return True
    head = re.sub(r"^(?:这|那)(?:个|件|些)?", "", _ZH_THING.split(desc)[0])
    if len(head) >= 2 and _ZH_THING.search(desc):  # 离婚那件事, 项目相关的信息, 关于小凯的
        return True
    return "我" in desc and not desc.startswith("我们") and (
        bool(_ZH_NOUN.search(desc) or _ZH_THING.search(desc) or re.search(r"我.{0,6}(?:哪|什么|多少|几岁|谁)", desc)))


def _is_request_zh(text: str) -> bool:
    t = text.strip()
    if re.match(r"^\s*你(?:忘了|忘记了)", t) and not re.search(r"吧[。！!\s]*$", t):  # "你忘了我的生日": a complaint
        return False
    if m := re.match(_ZH_LEAD + r"(?:把|给我)?" + _ZH_FORGET, t):  # 忘掉 / 忘记 … (anything named but a question)
        return not _ASKED_ZH.search(t[m.end():])
    if re.search(r"(?:记忆|记住的|记着的|记得的)", t) and re.match(_ZH_LEAD + r"(?:把|给我)?" + _ZH_DELETE, t):
        return True
    m = re.match(_ZH_LEAD + r"把(?P<desc>.{1,30}?)(?:都|全|也|就|给|全部|统统)*(?:(?:给)?我)?(?:" + _ZH_DELETE
                 + r"|忘掉|忘记|忘了)" + _ZH_FINAL, t)
    if m and ("记忆" in m.group("desc") or _points_at_user_zh(m.group("desc"))):
        return True
    m = re.match(_ZH_LEAD + r"(?:给我)?(?:" + _ZH_DELETE + "|" + _ZH_NOT + r"(?P<verb>" + _ZH_KEEP + r"))(?P<desc>.+)$", t)
    if m and _points_at_user_zh(re.sub(_ZH_FINAL, "", m.group("desc")),
                                bool(m.group("verb") and re.match(_ZH_REMEMBER, m.group("verb")))):
        return True
    if re.match(_ZH_LEAD + _ZH_UNSAID + r"我.{2,}", t):  # 就当我没说过我有个弟弟 (就当我没说: "never mind")
        return True
    if re.match(_ZH_LEAD + _ZH_NOT + r"(?:记住|记着)", t):  # 别再记着 / 不用记住 … (existing wide form)
        return True
    m = re.match(_ZH_LEAD + _ZH_NOT + r"把(?P<desc>.{1,24}?)(?:记|存|保存|记录)(?:下来|下|住|着|进去|起来)?" + _ZH_FINAL, t)  # 别把…记下来
    if m and _points_at_user_zh(m.group("desc")):
        return True
    m = re.match(r"^\s*(?P<desc>[^，,。！？?]{2,24}?)[，,\s]*(?P<you>你)?(?:就|也|都|全|还是|能不能|可不可以|可以|能)*(?:"
                 + _ZH_DELETE + "|" + _ZH_NOT + r"(?P<verb>" + _ZH_KEEP + r")(?:下来|下)?|(?P<forget>忘掉|忘了(?=吧)|(?:(?<=可以)|(?<=能))忘(?:了|记))|(?P<unhear>"
                 + _ZH_UNHEAR + r"))" + _ZH_FINAL, t)
    # topic first: "我老婆的事你就别记了", "我的地址删了吧" (an owned thing: "我老婆不用知道吧" is no request)
    if not m or re.search(r"(?:没|不|别)$", m.group("desc")):
        return False
    remember = bool(m.group("unhear") or m.group("forget") or (m.group("verb") and re.match(_ZH_REMEMBER, m.group("verb"))))
    knows = m.group("verb") == "知道"  # "我老婆不用知道吧" is about the wife, not about memory
    return bool((not knows or m.group("you") or re.search(r"[的那这]", m.group("desc")))
                and _points_at_user_zh(m.group("desc"), remember))


# -- not about memory: a topic set aside, another thing edited --------------------------------------------------
#: "for a sec", "for now": a topic set aside for a while ("forget about work for a sec")
_FOR_NOW_EN = re.compile(r"\bfor\s+(?:(?:just\s+)?(?:a|one)\s+(?:sec|second|moment|minute|bit|while|little)|now|today|tonight|"
                         r"the moment|the time being)\b", re.IGNORECASE)
#: what a message goes on to ask or want after setting a topic aside: "…, what should I cook?", "…, I want a bike"
_ASKS_NEXT_EN = re.compile(
    r"^(?:what|how|which|where|who|when|why|can|could|should|would|will|is|are|do|does|any|tell me|help me|give me|"
    r"show me|recommend|suggest|i\s+(?:want|wanna|need|would like|am (?:looking|thinking|planning|trying))|"
    r"i['’](?:d like|m (?:looking|thinking|planning|trying|going))|let['’]?s|let us|instead|now)\b", re.IGNORECASE)
#: 先 / 暂时 before forgetting: "工作的事先忘掉", "先把减肥忘了吧"
_FOR_NOW_ZH = re.compile(r"(?:先|暂时|暂且|姑且)(?:把[^，,。！？?]{0,20}?)?(?:忘掉|忘了|忘记|别管|不管)")
_ASKS_NEXT_ZH = re.compile(r"吗|呢|什么|啥|怎么|哪|推荐|建议|帮我|我想|我要|想要|好不好|行不行")
_MEMORY_VERB_ZH = re.compile(r"记|存|保存|保留|知道|听")
#: a thing other than the assistant's memory that holds the words: "from the draft", "in this doc", "草稿里"
_OTHER_THING_EN = re.compile(
    r"\b(?:from|in|out of|off|on)\s+(?:the|this|that|my|our|a|an|his|her|their)\s+(?:[\w-]+\s+){0,2}?(?:draft|doc|document|"
    r"file|e-?mail|mail|message|text|essay|letter|resume|résumé|cv|post|paragraph|page|list|spreadsheet|sheet|slides?|"
    r"deck|code|repo|readme|config|photo|picture|story|article|report|form|profile|bio|invitation|invite|card|speech|"
    r"script|chapter|section|table|notes?|caption|toast|eulogy|newsletter|tweet|thread|blog)s?\b", re.IGNORECASE)
_OTHER_THING_ZH = re.compile(
    r"(?:草稿|稿子|文档|文件|邮件|文章|简历|这段话|那段话|段落|信|帖子|朋友圈|代码|表格|列表|报告|作文|笔记|照片|图片|PPT|ppt|幻灯片|"
    r"消息|演讲稿|发言稿|剧本|名单|通讯录|日记|合同|资料|页面|文案|介绍|致辞|请柬|邀请函|说明|小说|故事)(?:里面|里|中|上)|"
    r"(?:的|这|那)(?:一)?(?:段|句|行)(?!时间|日子|经历|感情|往事|关系|回忆)(?:话|文字)?(?:都|也|给我)?"
    r"(?:删了|删掉|删除|删去|去掉|拿掉|划掉)")


#: every forget frame holds one of these (en: a verb of forgetting, deleting or keeping; zh: 忘 / 删 / 清 / 记 / 存 /
#: 当我没说 …), inside a word too: a message without any is no request (`may_ask_to_forget`)
_FRAME_CUE = re.compile(
    r"forg[eo]t|unlearn|delet|remov|eras|wipe|drop|clear|scrap|purge|scratch|ditch|rid\s+of|take\s+out|lose|scrub|"
    r"nuke|toss|discard|disregard|expunge|strike|throw|let\s+go|memor|rememb|stor|sav|keep|kept|hold|hang|retain|record|note|"
    r"know|track|log|gone|taken|[忘删清抹移丢扔记存保留当]|去掉|拿掉|划掉|知道", re.IGNORECASE)


def may_ask_to_forget(text: str) -> bool:
    """False when `text` (Simplified) holds no word any forget frame starts from: a cheap first test before the
    frames themselves ("which editor do I use?" → False; a True answer proves nothing).

    >>> may_ask_to_forget("Which editor do I use?"), may_ask_to_forget("忘掉我的地址"), may_ask_to_forget("Don't keep my address")
    (False, True, True)
    """
    return _FRAME_CUE.search(text) is not None


def sets_topic_aside(text: str) -> bool:
    """Whether `text` sets a topic aside ("Forget about work for a sec, what should I cook tonight?", "Forget the
    Tesla, I want to buy a bike.", "工作的事先忘掉吧，今晚吃什么？") or edits something other than the assistant's
    memory ("Delete the paragraph about my wife from the draft", "帮我把草稿里关于我老婆的那段删掉"): no request.

    >>> [sets_topic_aside(t) for t in ("Forget about work for a sec, what should I cook?", "Forget the Tesla, I want a bike.",
    ...                                "帮我把草稿里关于我老婆的那段删掉。", "Forget the Tesla, I sold it.", "Forget my address.")]
    [True, True, True, False, False]
    """
    t = text.strip()
    if _OTHER_THING_EN.search(t) and not _MEMORY_WORDS.search(t):
        return True
    if _OTHER_THING_ZH.search(t) and not re.search(r"记忆|你记|记住|记着|别记|不用记", t):
        return True
    starts = [0, *(m.end() for m in re.finditer(r"[.!?]+\s+", t))]  # "We broke up. Forget about Alex, what now?"
    if any(_sets_aside_en(t[i:]) for i in starts):
        return True
    if _FOR_NOW_ZH.search(t):
        return True
    clauses = [c for c in re.split(r"[，,。！!？?；;]+", t) if c.strip()]
    for n, clause in enumerate(clauses):
        if _is_request_zh(clause):  # a bare topic forgotten ("工作的事忘掉吧"), then a question: set aside
            bare = "我" not in clause and not _MEMORY_VERB_ZH.search(clause)
            return bare and any(_ASKS_NEXT_ZH.search(c) for c in clauses[n + 1:])
    return False


def _sets_aside_en(text: str) -> bool:
    """"forget (about) X" for a while, or a bare X forgotten before asking or wanting something else."""
    m = EN_FRAME.match(normal_en(text))
    if not m or not (m.group("forget") or m.group("forgot")):
        return False
    rest = m.group("rest")
    clause = first_clause(rest)
    if _FOR_NOW_EN.search(clause):
        return True
    topic = TRAILER.sub("", clause.rstrip(" .!?…")).strip()
    named = (re.match(r"^(?:my|our|your)\b", topic, re.IGNORECASE) or _CLAUSE.match(topic) or _ABOUT.match(topic)
             or _MEMORY_WORDS.search(topic))
    return not named and bool(_ASKS_NEXT_EN.match(rest[len(clause):].lstrip(" ,;:.!—–-")))


def is_forget_request_by_parts(text: str) -> bool:
    """Whether `text` is a forget frame said to the assistant followed by a description pointing at the user."""
    return (_is_request_en(text) or _is_request_zh(text)) and not sets_topic_aside(text)


def request_sentence(text: str) -> str | None:
    """The part of `text` that is a forget request: the whole message, else its first sentence (clause in Chinese)
    that is one ("We broke up. Please stop remembering anything about Alex." → the second sentence)."""
    if sets_topic_aside(text):
        return None
    if is_forget_request_by_parts(text):
        return text
    for part in re.split(r"(?<=[.!?])\s+|[。！？!?；;，,]+", text):
        if part.strip() and part.strip() != text.strip() and is_forget_request_by_parts(part.strip()):
            return part.strip()
    return None


def follow_up(after: str) -> str:
    """What the sentence after the request adds to its topic: after "Can you erase the mental health stuff",
    "? Both the ADHD and the therapy." → "the ADHD and the therapy" ("" when it adds nothing)."""
    m = re.match(r"^[.!?\s]*(?:both|and|also|especially|including|plus|namely|i\.e\.|like)[\s,:]+(?P<items>[^.!?]+)", after,
                 re.IGNORECASE)
    if not m or _STATEMENT.match(m.group("items")):  # "Also, I now use Helix.": something new, not more to forget
        return ""
    return m.group("items").strip()


_STATEMENT = re.compile(r"^\s*(?:i|i'm|im|i've|i'd|we|we're|we've|my\s+\w+\s+(?:is|are|was))\b", re.IGNORECASE)


def split_request(text: str) -> tuple[str, str]:
    """(the forget request, what the message says besides it, to be written as usual — "" when nothing):
    "Please forget where I live. Also, I now use Helix." → ("Please forget where I live.", "Also, I now use
    Helix."); "忘掉我的地址。我现在用 Helix。" → ("忘掉我的地址。", "我现在用 Helix。"). A sentence that adds to the
    request ("Both the ADHD and the therapy.") is part of it."""
    parts = [p.strip() for p in re.split(r"(?<=[.!?。！？；;])\s*", text.strip()) if p.strip()]
    if len(parts) < 2:
        return text, ""
    from .forget_node import is_forget_request  # late: forget_node builds on this module

    asks = [is_forget_request(p) or bool(follow_up(p)) for p in parts]
    if all(asks) or not any(asks):
        return text, ""
    return (" ".join(p for p, a in zip(parts, asks, strict=True) if a),
            " ".join(p for p, a in zip(parts, asks, strict=True) if not a))
