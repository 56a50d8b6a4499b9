"""Cue words shared by the rule extractor (zh + en): what makes a clause not a storable fact.

Each cue is a compiled regex over a clause. They are deliberately about *function* words (if, he said,
this time, 如果, 他说, 这次) rather than content, so they carry over to sentences never seen before.
"""

from __future__ import annotations

import re

_I = re.IGNORECASE

# Message-level signals -------------------------------------------------------------------------
CORRECTION = re.compile(
    r"^\s*(?:no[,!.]?\s+wait|wait[,!.]?\s+no|no,|nope|actually|correction|to correct|let me correct|"
    r"that'?s\s+(?:not\s+(?:right|correct|true)|wrong|incorrect)|that is\s+(?:not\s+(?:right|correct)|wrong)|"
    r"not quite|i meant|sorry,?\s+i meant|scratch that|change (?:that|it)|update:|(?:oh\s+)?wait,?\s+(?:sorry|no)\b|"
    r"(?:ugh,?\s+)?autocorrect|typo|"
    r"不对|不是的|错了|说错了|我说错了|更正|纠正一下|纠正|改一下|其实|应该是|搞错了)",
    _I,
)
CORRECTION_ANYWHERE = re.compile(
    r"\b(?:change (?:that|it) to|i meant|correction:|not anymore, it'?s|my bad|my mistake|(?:the )?other way (?:round|around)|"
    r"that (?:was|is) wrong|that'?s not right|mixed (?:that|it|them|those) up|i mixed up|i should clarify|"
    r"that'?s wrong|not right|i was wrong|that'?s (?:outdated|out of date|old news|no longer (?:true|the case))|not (?:true|the case) any ?more|"
    r"i got (?:it|that) wrong|scratch that|i misspoke|correction|sorry,? i meant|(?:actually|no|sorry|wait|oops),?\s+make (?:that|it)|no,? wait|"
    r"(?:oh )?wait,? (?:sorry|no)|autocorrect|typo)\b|改成|改为|改到|换成了|更正为|"
    r"记错了|说错了|搞错了|搞反了|说反了|弄反了|记反了|搞混了|弄混了|写错了|打错字?了|更正|反过来|不是这样|其实不是|说的不算|不算数|(?:^|[哦噢啊哎唉嗯，,…])\s*不对(?:不对)*(?=[，,。！!\s…])|(?:^|[哦噢啊哎唉嗯，,…])\s*不对(?=\s*(?:应该|其实)?是(?![吧吗不])\s*[A-Za-z0-9\u4e00-\u9fff])|(?:^|[哦噢啊哎唉…])\s*不是(?=[，,。！!…])|(?:^|[，,。\s])(?:哦|噢|啊|呃|额)\s*不(?:不)?(?=\s*[，,。！!…—])|口误|记岔了|(?:我得?|我要|我再|我先|得)说清楚(?:一)?点|我(?:再)?澄清一下|(?:更)?(?:准确|确切|严格)(?:地|来|点)?(?:说|讲)|\bmore precisely\b|\bto be (?:precise|exact)\b|\bstrictly speaking\b|(?:^|[，,。\s])我(?:是说|的意思是)(?!真的|认真的|万一|如果|要是)(?=\s*\S)|^\s*(?:其实)?不是(?!不)\s*[^，,。\s]{1,20}\s*[，,]?\s*(?:而)?是|其实是\s*[^，,。]{1,20}[，,]\s*(?:而)?不是|(?<=[，,])\s*其实(?:是|用的是|应该是)|(?:^|[，,。\s哦啊])我忘了(?:说|讲)?[，,]|我(?:之前|刚才|刚刚|上次|前面|昨天)(?:跟你)?(?:说|讲|提到)(?:过|的)?[^，,。！？]{1,24}[，,]\s*(?:其实|实际上|但其实|不过其实)|\bi (?:said|told you|mentioned)\b[^.!?]{1,60}?\bbut\s+(?:actually|in fact)\b|(?:^|[.!?。！？]\s*)(?:(?:ha+|haha+|lol|heh|ah|oh|哈+|呵呵|唉)[,，!！\s]*)?(?:i wish|if only)\s*[.!。！]+\s*\S|(?:^|[。！？，,\s哈])我倒(?:是)?希望(?:如此|是这样|是)?\s*[。！!]+\s*\S", _I
)
EXPLICIT = re.compile(
    r"(?:\b(?:please\s+)?remember(?:\s+(?:that|this))?\b|\b(?:don'?t|do not|never) forget\b|\bkeep in mind\b|\bnote that\b|"
    r"\bmake a note\b|\bfrom now on\b|\bgoing forward\b|\bfor future reference\b|\bin (?:the )?future\b|"
    # 以后 as "from now on" opens a clause or follows its holder; after an event or a time it is "after" ("天黑以后")
    r"记住|记一下|记下|帮我记|请记|别忘了|不要忘了|(?:^|(?<=[\s，,。！!？?：:；;、我你您那就以们吧哈啊呀烦请]))以后(?!再)|今后|从今(?:往后|以后)|从现在(?:开始|起)|往后|下次起)",
    _I,
)
#: An amount of time ago, roughly said ("about a year ago", "like six months ago"): when, never part of an object.
AGO = (r"(?:(?:about|around|like|maybe|roughly|almost|nearly|over|just|only|some|probably|at least|more than|less than)\s+)?"
       r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|few|a couple(?: of)?|couple of|"
       r"several|many|\d+)\s+(?:days?|weeks?|months?|years?|decades?)\s+ago")
AGO = rf"(?:{AGO}|a\s+(?:while|bit|little while)\s+(?:ago|back))"  # "a while back"
# Leading phrases removed before the clause is parsed (the cue itself is not part of the fact).
LEAD = re.compile(
    r"^\s*(?:(?:no[,!.]?\s+wait|wait[,!.]?\s+no|nope|actually|correction|scratch that|sorry|"
    r"that'?s\s+(?:not\s+(?:right|correct|true)|wrong|incorrect)|not quite|change (?:that|it)|update|"
    r"please|pls|plz|ok(?:ay)?|so|also|oh|and|but|well|hey|btw|by the way|nah|hmm+,? no|ugh,? autocorrect|autocorrect|oh wait,? sorry|wait,? sorry|sorry|honestly|frankly|basically|tbh|to be honest|"
    r"my bad|my mistake|i misspoke|typo|whoops|yeah|yes|lol|hmm+|um+|uh+|erm?(?![\w'])|em{2,}(?![\w'])|err(?![\w'])|oops|no(?=\s*[,!.:;—–-]|\s*$|\s+(?:i|i'm|it|it's|its|we|we're|that|this|sorry|actually|wait|my|our|the other)\b)|context|wait|fwiw|for what it'?s worth|fyi|ngl|imo|imho|tbf|lowkey|heads up|quick q(?: tho)?|random but|(?:one |a |just a )?(?:small|quick|minor|tiny|little|random) (?:thing|note|request|ask)(?: here)?(?=\s*(?:[,:;—–-]|but\b))|i mixed (?:that|it) up|"
    r"i should clarify|more precisely|to be (?:precise|exact)|strictly speaking|so|personally|anyway|ugh|i was wrong|that'?s (?:outdated|out of date|old news|no longer (?:true|the case))|that was wrong|i got (?:it|that) wrong|"
    r"(?:it'?s )?the other way (?:round|around)|here'?s the thing|long story short|quick context|"
    r"(?:like |as )?i said|i told you|i mean|"
    r"(?:then|just)(?=\s+(?:just\s+)?(?:please\s+)?(?:remember|note that|keep in mind|(?:don'?t|do not|never) forget)\b)|"  # "ok then just remember …"
    # "remember for the team:": who the note is for is part of the cue, no value
    r"(?:please\s+)?remember(?:\s+(?:that|this))?(?:\s+for\s+(?:the\s+(?:whole\s+|entire\s+)?(?:team|group|squad)|everyone|everybody|all of us|us all)(?=\s*[:：,，.!;；—–-]|\s*$))?|"
    r"(?:don'?t|do not|never) forget(?:\s+that)?|keep in mind(?:\s+that)?|"
    r"note that|for future reference|from now on|going forward|in (?:the )?future|"
    r"(?:哦|噢|啊|呃)不不?(?=\s*(?:[，,。！!…—]|$))|不对|不是的|错了|说错了|我说错了|更正(?:一下)?|纠正(?:一下)?|改一下|其实|搞错了|"
    r"记住(?:这个|这一点|了)?|帮我记(?:一下|住)?|(?:给|帮|替)?(?:团队|大家|全组|组里|整个团队|全体)(?:都)?(?:记住|记一下|记下)|请记(?:住|一下)?|记一下|记下(?:来)?|(?:永远|千万|可)?(?:别|不要)忘了|"
    r"从今(?:往后|以后)|从现在(?:开始|起)|今后|往后|以后|另外|还有|对了|好的|嗯|哦|噢|哎|唉|啊|哈哈+|嗨|哈喽|嘿|"
    r"(?:那个|我)?(?:刚才?|刚刚)?(?:记错了|说错了|搞反了|说反了|弄反了|记反了|写错了|搞错了|打错字?了)|哎呀|等下|等一下|救命|反过来|算了|(?:刚才|之前|前面)?说的不算|不好意思|背景|等等|(?:我)?(?:搞混了|弄混了)|(?:我得?|我要|我再|我先|得)说清楚(?:一)?点|我?(?:再)?澄清一下|(?:我得)?更正一下|先说明一下|说明一下|先说一下|先说下|(?:更)?(?:准确|确切|严格)(?:地|来|点)?(?:说|讲)|顺便说下|所以|但是?|可是|只是|然而|不是这样的?|顺便说一句|顺便说一下|因为|由于|毕竟|顺便提一下|跟你说一下|跟你说|告诉你一下|顺便一提|顺带一提|顺便提一句|顺便|说实话|说真的|讲真|老实说|话说|先说下背景|说来话长|然后|而且|不过|反正|总之|(?:我)?忘(?:了|记)(?:跟你|和你|给你|跟你們|給你)?(?:说|說|讲|講|提)(?:了|一下|一声|一聲)?)"
    r"(?![A-Za-z'])\s*[,，:：!！.。;；—–-]*\s*)+",
    _I,
)

# Clause-level exclusions ------------------------------------------------------------------------
_KIN_EN = (
    r"friend|sister|brother|colleague|coworker|co-worker|boss|manager|wife|husband|partner|mom|mother|dad|"
    r"father|son|daughter|team|teammate|client|customer|roommate|girlfriend|boyfriend|neighbou?r|cousin|kid|"
    r"buddy|pal|mate|bestie|best friend|flatmate"
)
REPORTED = re.compile(
    rf"^\s*(?:he|she|they|someone|somebody|people|everyone|my\s+(?:{_KIN_EN})s?(?<!team)(?!\s+and\s+i\b)|our\s+(?:{_KIN_EN})s?(?<!team)|"
    rf"(?:[A-Z][a-z]+|my\s+\w+)\s+(?:says|said|thinks|told|claims|mentioned|reckons|insists))\b|"
    rf"\b(?:according to|i heard|i'?ve heard|rumou?r has it|they say)\b|"
    rf"^\s*(?:他|她|它|他们|她们|别人|有人|大家|人家|朋友|同事|老板|领导|"
    rf"(?:我|我的|我们|他|她)(?:的)?(?:朋友|同事|老板|领导|经理|妈妈|妈|爸爸|爸|老婆|老公|妻子|丈夫|女朋友|男朋友|"
    rf"哥哥|姐姐|弟弟|妹妹|儿子|女儿|同学|室友|客户|队友|邻居|表哥|表姐|表妹|表弟|堂哥|堂姐|堂妹|堂弟|舅舅|姑姑|叔叔|阿姨|侄子|侄女|外甥))|据说|听说|听人说",
    _I,
)
HYPOTHETICAL = re.compile(
    r"^\s*(?:if|unless|suppose|supposing|assuming|what if|in case|maybe|perhaps|hypothetically)\b|"
    r"\b(?:i'?ll|i will|i'?m going to|i am going to|i'?m gonna|i plan to|i'?m planning|i might|i may|"
    r"thinking (?:about|of)|considering|would like to|hoping to|i wonder|wondering|i want to|if (?:we|i)|"
    r"i'?d (?:pick|choose|go with|use|probably))\b|"
    r"^(?:还|也|正|一直|很|挺)?想(?=买|学|换|要|去|试|找|做|写|搞|弄|给|把)|如果|假如|(?<![主只需重必想])要是|假设|万一|(?<!刚才)(?<!刚刚)(?<!之前)(?<!前面)(?<!上面)(?<!收回)(?<!撤回)的话|可能会|也许|或许|说不定|打算|(?<!的)(?<!个)(?<!份)(?<!出游)(?<!旅游)(?<!旅行)(?<!健身)(?<!学习)(?<!工作)(?<!减肥)(?<!训练)(?<!复习)(?<!出行)计划|(?<!在)准备|考虑|想要|我想|(?<![都常般总])会去|要不要|是否",
    _I,
)
QUESTION = re.compile(
    r"[?？]\s*$|^\s*(?:should i|shall i|what(?:'s| is| would| should)?|how (?:do|should|can|would)|which|why|"
    r"can you|could you|would you|do you|is it|are there|is there)\b|"
    r"[吗呢么]\s*$|(?<!算了)(?<!我看)(?<!我觉得)(?<=[^\s，,。！!；;：:])\s?还是.{0,20}(?:好|呢|吧)|(?:(?<![没])(?:什么|啥)(?![都也])|(?<!不)怎么(?!都|也|样都)|如何|为什么|为啥|咋|哪个|哪种|(?:哪里|哪儿)(?![都也])|哪一个|哪些|(?<!不)是不是|有没有|要不要|能不能|可不可以|行不行|好不好|(?<!不)对不对|会不会|多少)",
    _I,
)
# "Don't forget to buy milk", "别忘了交房租": a task to remember for the user, not a fact about them
REMINDER = re.compile(
    r"^\s*(?:please\s+)?(?:don'?t|do not|never) forget to\b|"
    r"^\s*(?:(?:永远|千万|可)?(?:别|不要)忘了|记得)(?:要|去|帮我)?(?=买|交|拿|带|打|给|去|把|取|还|付|发|寄|订|约|预约|续|关|锁|浇|喂)",
    _I,
)
ONE_OFF = re.compile(
    r"\b(?:for this (?:reply|answer|response|one|question|message|turn|task|chat)(?: only)?|"
    r"(?:just |only )?this (?:once|time)|(?:just )?for now|only for this|in this (?:reply|answer|response)|"
    r"right now,? (?:just|please)|this (?:reply|answer|response) only|(?:just |only )?for today(?!['’]s)|today only)\b|"
    r"这次|这一次|本次|这回|这一回|这一轮|这个回答|先用|暂时|临时|先这样|先用着|这条回复",
    _I,
)
# "as of last week" / "since last month" / "从上个月起" date a state that holds now, never a past episode
PAST_EPISODE = re.compile(
    r"\b(?<!as of )(?<!since )(?<!starting )(?:yesterday|last (?:week|month|year|night|time|weekend)|\d+\s+(?:days?|weeks?|months?|years?) ago|"
    r"the other day|once upon)\b|(?<!从)(?:昨天|前天|上周|上星期|上个月|上个星期|去年|前年)(?!起|开始)|上次|那天|前几天|之前有一次",
    _I,
)
SMALL_TALK = re.compile(
    r"^\s*(?:thanks?|thank you|cool|great|nice|ok(?:ay)?|sure|got it|lol|hi|hello|hey|bye|good (?:morning|night)|"
    r"谢谢|多谢|好的|好|辛苦了|收到|明白|嗯|哈哈|你好|再见)\b",
    _I,
)
# Discourse filler that closes a topic ("never mind", "forget it", "算了", "没事了"): small talk, never a rule.
FILLER = re.compile(
    r"^(?:(?:oh|ah|ok(?:ay)?|um+|uh+|well|哦|嗯|啊)\s*[,，]?\s*)*(?:never\s*mind|nvm|forget\s+(?:about\s+)?it|no\s+worries|no\s+problem|"
    r"(?:it\s+)?doesn'?t\s+matter|whatever|nothing|all\s+good|(?:it'?s|that'?s)\s+(?:fine|ok(?:ay)?|all\s+good|alright)|"
    r"算了|没事(?:了|儿)?|不用了|没关系|无所谓|随便|没什么|不用管了?|当我没说)"
    r"(?:\s*[,，]?\s*(?:then|lol|haha|thanks|吧|啦|了|哈|呀))*\s*[.!。！~～]*$",
    _I,
)
# A condition clause ("when answering me", "whenever you write code", "回答我的时候"): it belongs to the clause
# it conditions, never a memory on its own.
CONDITION = re.compile(
    r"^(?:(?:when|whenever|while|each\s+time|every\s+time|any\s*time)\s+(?!i\s+was\b|i\s+were\b)\S.{0,60}|"
    r"(?:每当|每次|在)?[^，,。]{1,16}(?:的时候|之时|时))$",
    _I,
)
HEDGE = re.compile(r"\b(?:i think|i guess|i believe|probably|i suppose|kind of|sort of|not sure)\b|大概|好像|应该吧|可能吧|似乎|我觉得|我感觉|我猜", _I)
VOLATILE_TIME = re.compile(
    r"\b(?:today|tonight|this (?:week|month|morning|afternoon|evening|sprint)|right now|currently|at the moment|"
    r"these days)\b|今天|今晚|这周|本周|这个月|本月|这几天|这个星期|目前|现在|正在|这阵子",
    _I,
)

# Project subject ------------------------------------------------------------------------------
PROJECT = re.compile(
    r"\b(?:in |for |on )?(?:this|the|our|my) (?:project|repo|repository|codebase|code base|monorepo|app|service|"
    r"workspace)\b|(?:在)?(?:这个|本|该|我们的?|咱们的?|此)+\s*(?:项目|仓库|monorepo|repo|代码库|工程|服务|系统)\s*(?:里|中|里面)?",
    _I,
)
PROJECT_TAIL = re.compile(
    r"\s*\b(?:in|for|on|within) (?:this|the|our) (?:project|repo|repository|codebase|code base|monorepo|app|"
    r"service|workspace)\b\s*|(?:在)?(?:这个|本|该|我们的?|咱们的?|此)\s*(?:项目|仓库|repo|代码库|工程)(?:里|中|里面)?",
    _I,
)

# Standing instructions: an imperative is stored only with one of these (else it is a one-off request).
STANDING = re.compile(
    r"\b(?:always|never|ever|every time|whenever|from now on|going forward|by default|in future|"
    r"in (?:all |any of )?your (?:replies|answers|responses|messages)|"  # how the assistant answers: a standing wish
    r"your (?:replies|answers|responses|explanations|summaries|code examples)|"  # plural: all of them, not this one
    r"any\s+(?:[\w.+#-]+\s+){0,2}(?:that\s+)?you\s+(?:write|give me|send me|generate|produce|suggest)|"
    r"in\s+(?:anything|everything)\s+(?:that\s+)?you\s+(?:write|give me|send me|generate|produce)|"  # all the output
    # every example of a kind, not these ones: "in JavaScript examples", "in any code snippets" (not "in the examples")
    r"in\s+(?:(?:all|any|every|your)\s+)?(?!(?:the|these|those|this|that|my|our|his|her|their)\b)(?:[\w.+#-]+\s+){0,2}(?:examples|snippets|samples))\b|"
    r"永远|总是|每次|一律|一直|以后|今后|默认|始终|任何时候",
    _I,
)

# a contrast that turns to the user ("my coworker swears by Arch but I'm sticking with Ubuntu") ends the
# other person's frame: the two halves are read as separate sentences
#: A pictograph, flag, symbol or its joiners: it ends a sentence when a new one follows it ("I love sushi 🍣 I live
#: in Paris"); inside a clause it is dropped ("I love 🍣 sushi", "最喜欢的水果是🍓草莓").
EMOJI = r"[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D]"
_INNER_EMOJI = re.compile(rf"\s*{EMOJI}+\s*")


def drop_emoji(text: str) -> str:
    """`text` without its pictographs: a space between words, nothing beside a Chinese character.

    >>> drop_emoji("I love 🍣 sushi"), drop_emoji("水果是🍓草莓"), drop_emoji("搬到杭州了😂 杭州附近")
    ('I love sushi', '水果是草莓', '搬到杭州了 杭州附近')
    """
    def gap(m: re.Match[str]) -> str:
        around = text[m.start() - 1: m.start()] + text[m.end(): m.end() + 1]
        if re.fullmatch(r"[\u4e00-\u9fff]{2}", around) and re.search(r"\s", m.group()):
            return " "  # "搬到杭州了😂 杭州附近…": the space the user typed still ends the clause
        return "" if re.search(r"[\u3000-\u9fff\uff00-\uffef]", around) or not around.strip() else " "
    return _INNER_EMOJI.sub(gap, text)
SENTENCE_SPLIT = re.compile(r"(?<=[.!?;])(?<!\bSt\.)(?<!\bDr\.)(?<!\bMr\.)(?<!\bMrs\.)(?<!\bMs\.)(?<!\bMt\.)(?<!\bFt\.)(?<!\bJr\.)(?<!\bSr\.)(?<!\bInc\.)(?<!\bLtd\.)(?<!\bCo\.)(?<!\bCorp\.)(?<!\bProf\.)(?<!\bvs\.)(?<!\be\.g\.)(?<!\bi\.e\.)\s+|(?<=[。！？；])\s*|\n+|,?\s+but\s+(?=(?:fyi|btw|honestly|tbh|also)?\s*(?:i\b|i'm\b|i am\b|personally\b))|"
                            rf"\s*{EMOJI}+\s*(?=$|[.!?,;。！？，；]|(?-i:[A-Z])|(?:i|i'm|i've|my|we|our|but|and|so|also|btw|what|what's|how|why|where|when|which|who|can|could|would|should|anyway|any|is there|are there|does|do|did|it|it's|he|she|they|he's|she's|they're|sorry|ugh|ok|okay|pls|please|thanks|help|since|ever since|now that)\b|[我你他她咱但不也而还])|"
                            r"[，,]\s*(?=(?:不过|但是|可是|但)\s*我(?!们))", re.I)
#: A discourse marker closing a clause, no part of its object: "I'm a vegetarian tbh", "I like jazz though".
TRAIL_FILLER = re.compile(r"(?:[\s,]+(?:tbh|lol|lmao|haha+|hah|honestly|fwiw|imo|imho|ngl|btw|though|tho|to be honest|"
                          r"for real|lowkey|you know|ya know|anyway|anyways)\b)+[\s.!?…]*$", re.I)
LEAD_FILLER = re.compile(r"^(?:(?:oh|ah|uh|um|erm?|err|so|ok(?:ay)?|hmm+|em{2,}|lol|哦|噢|啊|嗯|哎|呃|额|诶)(?![A-Za-z'])\s*(?:[,，]|…+|\.{3})?\s*)+", _I)  # not "so" of "sorry"
LEAD_TIME = re.compile(
    r"^\s*(?:(?:today|tonight|this (?:week|month|morning|afternoon|evening|sprint)|right now|currently|at the moment|"
    r"these days|lately|recently|now|今天|今晚|这周|本周|这个月|本月|这几天|最近|目前|现在|这阵子)\s*[,，]?\s*)+",
    _I,
)
TODAY = re.compile(r"\b(?:today|tonight|this (?:morning|afternoon|evening|week|sprint)|right now)\b|今天|今晚|这周|本周|这几天", _I)
CLAUSE_SPLIT = re.compile(
    r"\s+(?:even\s+though|though|although|whereas)\s+(?=(?:i|i'm|i've|my|we|we're|our)\b)|"  # "… Paris though I miss London"
    r"\s*(?:,\s*(?:and|but|while|though|although)\s+|(?<!my partner)(?<!my wife)(?<!my husband)(?<!my family)(?<!my girlfriend)"
    r"(?<!my boyfriend)(?<!my fiance)(?<!my fiancee)\s+and\s+(?=(?:i|i'm|i've|my|got|bought|switched|moved|thinking|wondering|planning|hoping|considering|"
    r"personally|honestly|tbh|frankly|he|she|it|they|he's|she's|it's|they're|that|we|we're|our|the team|my team)\b)|"
    r"\s+and\s+(?=now\s+(?:i|i'm|i've|we|we're|we've)\b)|"  # "i speak spanish and now i'm learning italian"
    r"\s+and\s+(?=我|咱们)|\s+and\s+(?=(?:named|called)\s+(?:him|her|it|them)\b)|"  # a turn that switches language: "I live in 北京 and 我喜欢 sushi"
    r"\s+so\s+(?=(?:i|i'm|i'd|i'll|we|we're|it|it's|that|they|please|if|my|our)\b|(?-i:[A-Z])|[\w-]+\s+(?:is|are)\s+my\s)|\s+and\s+(?=(?:the|our|this)\s+(?:whole thing|app|service|repo|backend|frontend|api|database|db|ci|site|docs|cluster|infra|stack|tests|build|deploys?|cache|queue|runners?|build agents?|agents|workers|artifacts)\b)|\s*[()（）]\s*|\s+but\s+(?=(?:now|nowadays|these days|today|i|i'm|im|we|we're|my|our|the|prod|production|staging|live|living|work|use|prefer|at work|at my job|just|recently|then|finally|eventually|switched|moved)\b)|\s*[—–]+\s*|\s+-{1,2}\s+(?=(?:i|i'm|i've|my|we|it|that|sorry|oops|scratch|strike|scrap|wait|actually|never\s*mind|make that)\b)|;\s*|，|,(?![^\s]*\d)(?!\s*(?-i:[A-Z])\w+(?:,\s*(?-i:[A-Z])\w+)*,?\s+(?:and|&)\s+(?-i:[A-Z])\w+\W*$)\s*|、|"
    r"[:：]\s*(?=(?:i|i'm|i've|we|we're|our|my|this|the|(?:in|for|on) (?:this|our|the|my))\b|我|这个|本)|但是|不过|而且|并且|…+|\.{3,}|～+|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff]))\s*", _I)

# A change of state ("I moved to X last month", "我上个月换成 X 了"): the time word dates the new value, it does
# not make the clause a past one-off episode.
CHANGE = re.compile(r"\b(?:moved|switched|migrated|changed|upgraded|relocated|started|began|rescued|quit|stopped|gave up|turned|became|joined)\b|领养|收养|搬到|搬去|换成|换到|改用|换用|转到|转向|全面转|迁到|"
                    r"升级|切到|迁移到|开始|跳槽|跳到|跳去|转岗|调岗|转行|搬来|搬回|搬过来|搬家|买了|入手了|提了|领养了|养了|戒(?:掉)?了", _I)
# The user marks a value as the current one ("I live in Hull now", "I moved to Bath", "我现在住在西安", "我搬到厦门了"):
# an explicit statement (source `explicit`), which outranks an older correction as the newer explicit intent.
CURRENT = re.compile(r"\b(?:now|nowadays|these days|(?:moved|relocated)(?: right)?(?: back(?: home)?)? to|(?:switched|changed|reverted)(?: over| back)? to|(?:went|gone|switched) back to|migrated to|"
                     r"from now on|going forward|no longer)\b|"
                     # a switch naming both sides: "I switched from Vim to VS Code", "I replaced Vim with Helix"
                     r"\b(?:switched|moved|migrated|changed|went|converted)\s+(?:over\s+)?(?:from|off|away from)\b[^.;!?]{1,40}?\bto\b|"
                     r"\b(?:replaced|swapped)\b[^.;!?]{1,40}?\b(?:with|for)\b|"
                     r"现在|如今|改成|改用|换成|换到|换用|搬到|搬去|搬来|搬回|迁到|切到|[换改用切]回|不再", _I)
# A value the user held before ("I used to live in London", "我以前住在北京"): not the current one.
PAST_VALUE = re.compile(r"\bused to\b|\bformerly\b|\bpreviously\b|以前|之前|过去|曾经", _I)
