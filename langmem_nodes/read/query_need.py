"""Does the query need what the user said before? Its form, zh + en, without a model.

Four answers, used by the relevance floors (`relevance.py`):

- **impersonal**: a greeting or thanks, arithmetic or a unit conversion, a translation, a definition
  ("what does X mean", "什么是X"), a piece of trivia or history ("who wrote", "哪一年", "why is X called Y"),
  a generic poem or joke — and nothing in it (outside quotes) speaks of the user. A memory that shares its
  topic ("the history of the beagle breed" for a beagle owner) still does not help answer it, so nothing is
  injected for it.
- **personal**: it speaks of the user ("my", "I", "we", 我, 咱, "the user"), or asks for advice, a
  recommendation or help ("any tips?", "should I", "recommend", "near me", "帮我", "推荐", "有啥"): the
  answer depends on who asks, so a memory needs less evidence ("what should I cook tonight" → the
  allergy). The user may be implied, not named: "here", "the kids", the weather, a recipe; in Chinese,
  which drops the subject, "要注意点啥", "咋办", "怎么优化", "要不要", "带什么", "最近", "还剩哪些".
- **implied**: a Chinese request for a task without a subject (none of the forms above): Chinese drops the
  subject, so "怎么把最新版本发布到生产环境？", "构建流水线老是失败，怎么看日志？", "下个月的作文课讲什么主题好？" are
  the user's own tasks, as "how do I …" would be in English; and an order in the imperative, which names no one
  ("group this dataframe by week", "装一下 dayjs", "支付那块接着弄吧": `own_task.py`); a floor between the personal
  and the general one.
  Someone else named ("师弟想学 …") and a question without a task's form ("钢琴和电子琴的手感差别大吗？") stay general; a
  how-to or whether question relayed from anyone ("师弟问 Linux 下怎么看显存占用") is impersonal.
- **general**: anything else (a failure without a first person, "the login test failed on CI, why?"); and a
  query that speaks of the user about a thing of theirs that is failing ("my laptop fan is really loud", "我手机最近
  特别卡"), a habit that troubles them ("I keep forgetting my passwords", "我总是拖延") or something they take up
  ("I want to learn chess, where should I start?", "我该学什么编程语言？"): only a memory about that thing helps,
  not an inference from the user's other facts (a person, a pet, the user's work stay personal).

Quoted text does not count: "translate 'I am a vegetarian' into French" is impersonal.

Example:
    >>> query_need("How do you say 'window seat' in Spanish?"), query_need("成都为什么又叫蓉城？")
    ('impersonal', 'impersonal')
    >>> query_need("What's a quick dinner for tonight?"), query_need("周末去哪儿玩比较好")
    ('personal', 'personal')
    >>> query_need("What is the name of my dog?"), query_need("Why does the deploy fail on the staging cluster?")
    ('personal', 'general')
    >>> query_need("构建流水线老是失败，怎么看日志？"), query_need("师弟想学 Linux"), query_need("师弟问 Linux 下怎么看显存")
    ('implied', 'general', 'impersonal')
"""

from __future__ import annotations

import re
from typing import Literal

from .about_assistant import asks_about_assistant
from .kind_question import asks_about_a_kind
from .own_task import orders_a_task
from .public_fact import asks_public_fact

Need = Literal["impersonal", "general", "implied", "personal"]

# quoted spans: 'x', "x", “x”, ‘x’, 「x」, 《x》 (an apostrophe inside a word is not a quote)
_QUOTED = re.compile(r"(?<![A-Za-z])'[^']*'(?![A-Za-z])|\"[^\"]*\"|“[^”]*”|‘[^’]*’|「[^」]*」|『[^』]*』|《[^》]*》")

_FIRST_PERSON_EN = re.compile(
    r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|our|ours|user|user's)\b", re.I)
_FIRST_PERSON_EN_CASED = re.compile(r"\b[Uu]s\b")  # "us", not "US ZIP codes"
# "tell me a joke", "give me a synonym", "给我讲个笑话": the user only as the one addressed ("给我的猫" is the user's)
_ADDRESSED_ME = re.compile(r"\b(?:tell|give|show|teach|help|write) me\b|帮我|请帮我|帮忙|(?:给|跟|和|告诉|教)我(?![的们])",
                           re.I)
_FIRST_PERSON_ZH = ("我", "咱", "用户", "俺")
# "explain p-values like I'm five": the user only as the reader the answer is pitched at
_PITCHED_AT_ME = re.compile(r"\blike (?:i'?m|im|i am) (?:five|5|a (?:kid|child|beginner)|new(?: to (?:this|it))?)\b", re.I)
# wondering aloud ("I wonder why …", "我在想马拉松为什么…", "我好奇…"): the question after it is what is asked
_WONDER = re.compile(r"^\W*(?:i (?:wonder|was wondering|am curious)|i'm curious|i(?:'ve| have) always wondered|"
                     r"i(?:'ve| have)? never (?:really |quite |fully )?understood|"
                     r"i (?:still )?(?:don't|do not|never) (?:really |quite |fully )?(?:understand|get)|"
                     r"(?:just )?curious|我(?:一直|总是|老是|很|挺|特别|真的|有点)?(?:在想|好奇|想知道)|好奇|"
                     r"我?(?:一直|总是|始终|从来|还是|到现在)?都?(?:搞不懂|搞不明白|搞不清楚?|弄不明白|弄不懂|没搞懂|没弄懂|"
                     r"不太懂|不太明白|想不通))[\s,，:：]*", re.I)
# a wh-clause ("why …", "how pubs got their names", "when Neovim forked"): after a wondering, a question of knowledge
# unless it is about the user, a task ("how to …") or a request ("what to cook tonight")
_WHY_EN = re.compile(r"^\W*(?:why|how come|how|where|when|who|what|which)\b(?!\s+to\b)", re.I)
# a thing at hand ("this error", "这个报错"): the user's own, not a thing in general
_THIS_ONE = re.compile(r"\b(?:this|that|these|those)\b|这|那(?!么)", re.I)
# the same in Chinese: a thing named, then how or why it is so ("复利怎么算", "高血压到底是怎么来的", "猫为啥怕水")
_WHY_ZH = re.compile(r"^[^我咱俺你这那]{1,12}?(?:到底|究竟)?是?(?:怎么|如何|怎样|为什么|为啥)")

# asking for advice, a recommendation or help: the answer depends on who asks
_REQUEST_EN = re.compile(
    r"\b(?:recommend\w*|suggest\w*|tips?|advice|advise|ideas?|should|tonight|this (?:week(?:end)?|month|evening)|"
    r"any (?:good|nice|decent|fun)|near(?:by| here)?|around here|here(?=\W*$)|for this|help|plan|schedule|can you|could you|weather(?!\s+(?:is|was|has been|looks|seems|feels)\b)|recipes?|"
    r"the (?:kids?|baby|wife|husband|dog|cat|family))\b", re.I)
_REQUEST_ZH = re.compile(
    r"推荐|建议|孩子|宝宝|帮忙|帮我|给我|替我|有啥|有什么好|有没有(?:好|简单|方便|便宜|实惠|适合|靠谱|实用|推荐)|怎么办|怎么弄|怎么搞|怎么配|怎么装|怎么用|该怎么|要怎么|"
    r"哪儿玩|去哪|附近|今晚|周末|这周|合适|比较好|好办法|技巧|能吃|能不能|可以吗|安排|计划|"
    r"注意(?:点|些)?(?:啥|什么)|要注意|需要注意|咋办|咋整|咋弄|咋回事|咋搞|怎么排查|怎么优化|怎么解决|怎么处理|怎么分批|"
    r"要不要|该不该|(?:带|穿|吃|买|送|选)(?:什么|啥)|用(?:什么|啥)(?:材料|工具|替代|好)|怎么才能|如何才能|最近|"
    r"(?:疼|痛)(?!点)|还剩|剩下哪些|^(?:帮我)?(?:写|实现|加)(?:一)?个|要花多少|花多少钱|预算")

_GREETING_EN = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|cool|great|nice|awesome|perfect|got it|haha)\W+)?(?:hello|hi|hey|hiya|yo|thanks?|thank you|"
    r"thx|ty|cheers|ok(?:ay)?|cool|great|good (?:morning|afternoon|evening|night)|bye|goodbye|see you)\b[\s\w,!.']{0,24}$",
    re.I)
# a message of courtesies only: 谢谢啦～, 哈哈好的, 辛苦了，谢谢
_COURTESY_ZH = re.compile(r"你好|您好|嗨|哈喽|早安|早上好|午安|晚上好|晚安|谢谢|多谢|感谢|辛苦了?|好的|好滴|收到|明白了?|"
                          r"再见|拜拜|在吗|在么|在不在|哈+|嗯+|呀|啊|啦|了|哦|你|大佬|老师|亲")

_ARITHMETIC = re.compile(
    r"\d\s*(?:[-+*/×÷^]|times|plus|minus|divided by|multiplied by|to the power|percent|%)\s*(?:of\s*)?\d"
    r"|\d+\s*%\s*of\s*\d|\bconvert\s+[\d.]+|\bhow many \w+ (?:are )?in an?\b"
    r"|\d\s*[乘除加减]以?\s*\d|乘以|除以|等于多少|次方|平方|立方|开根号|\d\s*[万千亿百]?\s*的\s*[\d.]+\s*%"
    r"|是多少\s*(?:MB|KB|GB|度|米|克|公里)|\d+\s*(?:GB|MB|KB|TB)\s*等于|是摄氏|是华氏", re.I)

# a date ("2024-01-01", "2024/1/1") is not a subtraction
_DATE = re.compile(r"\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b")

_TRANSLATION = re.compile(
    r"\btranslate\b|\bhow do (?:you|i) say\b|\bin (?:english|spanish|french|german|japanese|chinese|italian|korean)\b"
    r"|\bsynonym|\bantonym|翻译|翻成|(?:英语|英文|日语|日文|法语|德语|中文|韩语)怎么说|近义词|反义词", re.I)

# a failure to fix is not a knowledge question: "why does the build fail?", "为什么部署失败了"
_PROBLEM = re.compile(r"\b(?:fail\w*|error\w*|broken|break\w*|crash\w*|won't|can't|doesn't|isn't working|slow\w*|"
                      r"disappear\w*|gets? (?:lost|wiped|reset)|(?:has|have) no effect)\b"
                      r"|失败|报错|出错|挂了|崩|不行|不了|不动|很慢|太慢|卡住|异常|丢了|不见了|消失了|不生效|没生效|不起作用|没反应|没了$|没了\W+$", re.I)
# the user's work: "how does the deploy pipeline work?" asks about their setup, not a thing in general
_WORK = (r"project|repo\w*|build|tests?|app|service|code|branch|pipeline|deploy\w*|server|api|endpoint|query|migration|"
         r"container|cluster|job|script|config\w*|setup|cache|queue|worker|bot|db|database|schema")
_KNOWLEDGE_EN = re.compile(
    r"^\W*(?:who (?:originally |first )?(?:won|wrote|painted|invented|discovered|founded|built|composed|directed|"
    r"designed|created|sang|made|was)\b"
    r"|what (?:year|century|are the rules)\b|what(?:'s| is| are) the (?:\w+ )?rules? (?:in|of|for)\b"
    r"|(?:what|who|which)(?:'s|s| is| are| was| were) the (?:(?:current |official )?(?:[\w'-]+ ){0,3}world record|record for|tallest|"
    r"largest|biggest|oldest|longest|highest|deepest|smallest|richest|strongest|heaviest|hottest|coldest|rarest|smartest|"
    r"loudest|brightest|slowest|youngest|fastest (?!way|route|method|option|path|time|fix)\w+|"
    r"most (?:populous|spoken|visited|famous|popular|common))\b"
    r"|what are (?:some |the )?(?:classic|famous|traditional|iconic|typical|well-known)\b"
    r"|where (?:do|does|did) [^?]{1,40}\b(?:come from|originate)\b"
    r"|how (?:do you|can you|to) tell [^?]{1,40}\b(?:apart|from)\b|how (?:do you |to )?distinguish\b"
    r"|what(?:'s| is) the (?:capital|boiling point|population|speed of|distance|difference|history|meaning|origin|"
    r"(?:average |worst[- ]case )?time complexity|formula|definition)\b"
    r"|what (?:does|do) [^?]{1,60}\b(?:mean|stand for|come from|do in)\b"
    r"|what does it mean to\b"
    r"|what(?: is|'s) an? \w+(?: \w+)?\s*(?:[,?.]|$)"
    r"|what(?: is|'s| are) (?!the\b|my\b|our\b|your\b|this\b|that\b|it\b|left\b|next\b|new\b)\w+(?:[ -]\w+)?\s*\??$"
    r"|when (?:did|was|were)\b(?![^?]*\b(?:last|first) time\b)"
    r"|how (?:far|tall|old|big|long|many \w+|much \w+) (?:is|are|was|were|do|does)\b"
    r"|how (?:was|were|did) (?:the |an? )?\w+(?: \w+)? (?:discovered|invented|formed|made|built|start|begin|originate|"
    r"come about|get (?:their|its) names?)\b"
    r"|how (?:do|does) (?:an? \w+|(?!you\b|we\b|i\b|they\b|it\b|this\b|that\b|my\b|our\b)\w+)(?: actually| really)? "
    r"(?:work|purr|fly|swim|breathe|grow|kill|sleep|form|happen|evolve|see|hear|migrate|communicate|hunt|thin|"
    r"cure|spread|cause|affect|make money|make a profit)\b"
    r"|how (?:do|does) (?:an? \w+|(?!you\b|we\b|i\b|they\b|it\b|this\b|that\b|my\b|our\b)\w+) (?:actually|really|usually|typically|generally|normally) \w+"
    r"|how (?:do|does|did) the (?!\w*(?:" + _WORK + r")\b)(?:[\w-]+ (?!(?:" + _WORK + r")\b)){0,3}[\w-]+ (?:actually |really )?"
    r"(?:work|function|operate)\b"
    r"|what (?:is|are|was|were) (?!(?:my|our|your|this|that|these|those|it|his|her|their)\b)[^?]{1,40}\b"
    r"(?:made (?:of|from|out of|with)|composed of)\b"
    r"|(?:is|are|was|were) [^?]{1,40}\b(?:(?:more|less) (?:popular|common|widely used|famous)|older|newer|bigger|"
    r"larger|smaller|taller|heavier|longer|shorter|harder|easier)\b(?: than\b| on\b| in\b| among\b|[^\w]*$)"
    r"|why (?:is|are|was) [^?]{1,40} called\b"
    r"|why (?:do|does|did|is|are|was|were)\b"
    r"|(?:is|are|was|were) [^?]{1,40}\b(?:made by|invented by|maintained by|owned by|developed by|backed by|"
    r"a (?:kind|type) of|native to|named after|technically|considered|classed as|classified as|"
    r"still (?:open[- ]source|free|maintained|supported|alive))\b"
    r"|explain (?:what|how|why|an?|big|the (?:difference|concept|idea|meaning|big))\b"
    r"|summari[sz]e\b|write (?:me )?an? (?:haiku|poem|limerick|sonnet|story)\b|tell me an? (?:joke|fun fact|story)\b"
    r"|(?:what'?s|tell me) (?:the history|a fun fact)\b)", re.I)
_KNOWLEDGE_EN_ANYWHERE = re.compile(r"\bhistory of\b|\bwhat causes\b|\bthe difference between\b"
                                    # how two kinds of thing differ ("how do sea kayaks differ from touring kayaks?")
                                    r"|^\W*how (?:do|does|is|are) (?!(?:my|our|your|this|that|it|i|we|you)\b)[^?]{1,50}\b"
                                    r"(?:differ|different) from\b"
                                    # what a public service named by its acronym does ("how does AWS bill spot instances?")
                                    r"|^\W*how (?:does|do|did) (?-i:[A-Z]{2,6}) (?!work\b)[a-z]+"
                                    r"|\b(?:is|are|was|were) [^?]{1,40}\b(?:famous|known|renowned|best known) for\b"
                                    r"|\b(?:biologically|chemically|physiologically|scientifically)\b", re.I)
_KNOWLEDGE_ZH = re.compile(
    r"是什么意思|什么意思|什么是|是什么东西|区别|差别|差异|差在哪|有什么不同|有(?:啥|什么)不一样|不一样在哪|"
    r"是哪[几两二三四五六七八九十百]+[^\s，,。？?]|(?:谁|哪个国家|哪国|哪家公司|哪个公司)\S{0,4}(?:搞出来|发明|创立|创造|提出|制定|"
    r"设计|推出)的|原理是(?:什么|啥)|(?:是|用的)(?:什么|啥)原理|是怎么回事|怎么回事？?$|是怎么形成|怎么形成|"
    r"是怎么引起|怎么引起|是怎么实现|是怎样的|机制是|是怎么来的|原产地|发源地|都有哪些|有关系吗|有什么关系|"
    r"(?:一般|通常|常见的?)(?:会)?有(?:哪些|什么|啥)(?:症状|前兆|表现|原因|特点|特征|种类|类型|危害|副作用)|"
    r"(?:一般|通常)(?:是|都是)(?:啥|什么|哪些)原因|(?:以|因)(?:什么|啥)(?:出名|闻名|著称)|有(?:什么|啥)出名的|"
    r"是谁(?:画|写|发明|发现|建|创立|导演)?|作者是谁|谁(?:画|写|发明|发现)的|哪一年|哪年|什么时候(?:传入|发明|建|成立|出现)|"
    r"有多(?:高|远|重|大|长|深)|时间复杂度|有几个|首都|省会|首府|在哪个国家|为什么(?:又)?叫|为啥叫|历史|由来|起源|算.{1,6}还是|"
    r"写一首|写首|讲个笑话|说个笑话|概括|解释一下(?:什么|大|这个词)?|"
    r"啥意思|是缩写|的缩写|全称|怎么计分|计分(?:规则|方式)|比赛规则|一般(?:在|是)?(?:几月|几号|哪天)|(?<!我)(?:者|人们|大家)一般(?:怎么|如何|会|都)|(?:公式|定义|定理)(?:是什么|是啥)|几月份?开|哪个(?:先|更早|早)|出来得早|"
    r"适合初学者|适合新手|正常(?:范围|值)|诊断标准|多少热量|多少卡路里|"
    r"(?:有哪些|有什么|有啥)(?:经典|著名|有名|传统|代表性|特色)|哪(?:个|种|一个)更(?:难|容易|简单|大|小|高|长|早|老|重|快|"
    r"贵|便宜|出名|流行|常见)|(?:怎么|如何|怎样)(?:区分|分辨|辨别|分清)")
_WHY = re.compile(r"为什么|为啥")
# what kind of thing a named thing is ("龙井是什么茶？", "柴犬是什么品种的狗") and which parts it has ("雅思都考哪几项？",
# "科目二考哪几个项目"): the same answer whoever asks; a time word or the thing at hand ("今天是什么日子", "这周要做哪几件事")
# and one of the user's settings ("构建命令是什么") are not
_WHAT_KIND_ZH = re.compile(r"^(?P<thing>[^我咱俺你这那的，,]{1,10})是(?:什么|啥|哪种|哪一种|哪类)(?:品种|种类|类型|样)?的?"
                           r"[\u4e00-\u9fff]{1,3}[？?]?$"
                           r"|^(?P<whole>[^我咱俺你这那，,]{1,12}?)(?:一般|通常)?(?:都|一共|总共)?(?:考|包括|包含|分为?|由|有)(?:哪几|哪些|几)"
                           r"(?:[个门项科部类种条座所家位颗本首]|部分|内容|科目|方面|环节|项目)")
_ERROR_AT_HAND = re.compile(r"(?:这|那)(?:个|条|段|一堆)?\s*(?:报错|错误|异常|错|警告|error|exception|warning|stack ?trace)"
                            r"|\b(?:this|that|these|those) (?:error|exception|warning|stack ?trace|traceback)s?\b", re.I)
_DEIXIS_ZH = re.compile(r"今|明|昨|现在|最近|本周|下周|周末|天气|时候|几点|星期")
# how a named thing is scored or graded ("how are bouldering problems graded?", "托福成绩是怎么算出来的？"): a rule of the
# thing, the same whoever asks (the user's own figures are not: "房租怎么算的", "how is my pension calculated")
_HOW_SCORED_EN = re.compile(r"^\W*how (?:is|are) (?!(?:my|our|your|this|that|these|those|it)\b)(?:the |an? )?[\w' -]{1,40}? "
                            r"(?:graded|scored|rated|ranked|judged|measured|calculated|counted)\b", re.I)
_HOW_SCORED_ZH = re.compile(r"^[^我咱俺你这那]{1,14}?(?:是)?(?:怎么|如何|怎样)(?:算|计算|评|打分|评分|评定|计分)(?:出来)?的[？?]?$")
_WHAT_KIND_EN = re.compile(
    r"^\W*what (?:kind|type|sort|breed|variety) of \w+ (?:is|are) (?!(?:my|our|your|this|that|these|those|it|they)\b)"
    r"|^\W*(?:which|what) (?:\w+ )?(?:sections|subjects|parts|papers|events|modules|stages|rounds|components) "
    r"(?:does|do|are (?:in|on)) (?:the |an? )?(?!(?:my|our|your|this|that)\b)", re.I)
# a quantity of a named thing, no one's own ("雅思总分是多少分？", "小程序主包大小限制是多少"); a setting of the user's
# ("端口是多少") is left to `_SETTING_ZH`
_HOW_MUCH_ZH = re.compile(r"^[^我咱俺你这那]{2,20}(?:是|有|为)多少\S{0,2}[？?]?$")
# the user's own figures, asked without a subject ("房租是多少", "体重有多少")
_OWN_FIGURE_ZH = re.compile(r"房租|租金|工资|薪水|收入|存款|贷款|余额|体重|身高|血压|血糖|心率|成绩|年龄|岁数|积分|额度")
# a person's nationality: trivia ("东野圭吾是哪国人？")
_NATIONALITY_ZH = re.compile(r"哪国(?:人|的(?:公司|品牌))|哪个国家的(?:人|公司|品牌)|国籍是|是哪(?:里|儿)人")
# how a thing named in Latin letters works ("Loki是怎么存日志的", "AUC到底怎么算的") or what a thing is for ("降压药是干嘛用的",
# "pandas是干嘛用的"): a question of knowledge (a Chinese subject may be the user's own: "数据是怎么同步的"); the user's
# own setup, work or figures ("CI是怎么配的", "服务部署是怎么配的", "房租怎么算的") are not
_HOW_IT_WORKS_ZH = re.compile(r"^[A-Za-z][\w.+#-]{0,20}\s*(?:是|到底是?)(?:怎么|如何|怎样)(?!配|设|装|搭|接|写|改|定|弄|搞|安排|部署|上线)"
                              r"[\u4e00-\u9fff\w ]{1,12}的[？?]?$"
                              r"|^[^我咱俺你这那]{1,16}?是(?:干嘛|干啥|做什么|干什么|用来干嘛|用来做什么)(?:用)?的[？?]?$")
# "光合作用是什么？" asks for a definition; "构建命令是什么？" for one of the user's settings
_WHAT_IS_ZH = re.compile(r"^(?:[^的我这那]{1,8}|[A-Za-z][\w.+#-]{0,20}\s*的[^我这那你咱的]{1,10})是(?:什么|啥)[？?]?$")
_SETTING_ZH = re.compile(r"命令|配置|端口|地址|路径|版本|账号|名字|名称|流程|步骤|规则|规范|方式|方案|格式|风格|环境|分支|目录|"
                         r"文件|工具|框架|数据库|服务器|域名|密钥|参数|设置|脚本|接口|时间|日期|计划|安排|预算|目标")

# the query is about someone else's need: "my sister wants to start running", "我同事想学游泳"
_OTHERS = (r"sister|brother|friend|cousin|intern|coworker|co-worker|colleague|boss|manager|neighbou?r|roommate|aunt|"
           r"uncle|nephew|niece|classmate|student|mom|mum|dad|father|mother|son|daughter|wife|husband|partner")
_THIRD_PARTY_EN = re.compile(rf"^\W*(?:my|our) (?:\w+ )?(?:{_OTHERS})(?:'s|s)?\b(?![^.?!]*\b(?:i|me|my|we|our)\b)", re.I)
_OWNER_ZH_WORDS = (r"同事|朋友|闺蜜|发小|师弟|师妹|师兄|师姐|同学|室友|舍友|邻居|表[哥姐弟妹]|堂[哥姐弟妹]|老板|领导|"
                   r"新人|实习生|客户|哥哥|弟弟|姐姐|妹妹|妈妈|爸爸|老婆|老公|[爸妈哥姐弟妹]")
_THIRD_PARTY_ZH = re.compile(r"^\W*我(?:的)?(?:同事|朋友|师弟|师妹|师兄|师姐|同学|室友|邻居|表哥|表姐|表弟|表妹|堂哥|堂姐|"
                             r"老板|领导|爸|妈|哥|姐|弟|妹|舅|姨|叔|侄)[^我]*$")
# someone else named without 我 ("师弟问 Linux 下怎么看显存", "同事想学游泳"): their need, not the user's
_OTHER_PERSON_ZH = re.compile(r"^\W*(?:同事|朋友|师弟|师妹|师兄|师姐|同学|室友|邻居|老板|领导|新人|实习生|客户)"
                              r"(?:问|想|要|说|让|在|觉得|打算|准备)[^我]*$")
# the form of a request for the user's own task, in Chinese without a subject: "怎么看日志", "讲什么主题好",
# "多久才能…", "带点什么", "把这份表汇总一下" ("是怎么进行的" asks how something works: not a task)
_TASK_ZH = re.compile(
    r"(?<!是)怎么(?:把|看|改|设|写|做|弄|加|配|装|用|排|规划|发布|部署|处理|辅导|护理|设计|准备|安排|选|调|查|定位|修|"
    r"提高|练|学|开|算|接|迁|升级|回滚|保证|避免|减少|提升)"
    r"|什么\S{0,4}好|啥\S{0,2}好|比较(?:好|合理|合适|安全|便宜)|多久才能|要准备|准备(?:些|点)?(?:啥|什么|哪些)|"
    r"带(?:点|些)?(?:啥|什么)|会不会有(?:问题|影响|冲突|兼容)|^(?:把|给|帮|写|补|加|改|查)\S")

# a thing of the user's that is failing ("my laptop fan is really loud", "我手机最近特别卡", "my wrist hurts"): the
# answer is about the thing, so only a memory about it helps, not an inference from the user's other facts. A person
# or a pet ("my cat keeps scratching the sofa", "我家孩子老咳嗽") and the user's work (a project, its build, code,
# service: a memory of its stack bears on it) are not such things.
_NOT_A_THING_EN = re.compile(
    r"\b(?:kids?|child(?:ren)?|son|daughter|baby|toddler|wife|husband|partner|dog|cat|pet|puppy|kitten|parrot|"
    r"horse|rabbit|hamster|" + _OTHERS + r"|project|repo\w*|build|tests?|app|service|code|branch|pipeline|deploy\w*|"
    r"server|api|endpoint|query|migration|container|cluster|job)s?\b", re.I)
_NOT_A_THING_ZH = re.compile(r"孩子|儿子|女儿|宝宝|娃|老婆|老公|对象|狗|猫|爸|妈|同事|朋友|哥|姐|弟|妹|项目|仓库|构建|测试|"
                             r"代码|服务|接口|分支|流水线|部署|服务器|集群|容器|数据库|程序")
# the thing is the subject of the fault: "my phone screen cracked", "my bike chain keeps slipping"
_OWN_THING_EN = re.compile(r"\bmy (?:[\w-]+ ){0,2}?[\w-]+(?:'s)?\s+(?:is|are|keeps?|won't|wont|doesn't|isn't|aren't|just|got|"
                           r"suddenly|always|still|started|stopped|cracked|broke|died|froze|crashed|sounds?|runs?|"
                           r"drains?|leaks?|hurts?|aches?)\b", re.I)
_FAULT_EN = re.compile(
    r"\b(?:broken|broke|break\w*|crash\w*|cracked|leak\w*|drains?|draining|dying|dead|died|stuck|froze|frozen|freez\w*|"
    r"overheat\w*|(?:really |so |very |too )?(?:slow|laggy|loud|noisy|dense|soggy|tiny|small|cramped|messy|"
    r"cluttered)|won't (?:boot|start|turn on|charge|"
    r"connect|work)|doesn't work|isn't working|not working|stopped working|keeps? (?:crashing|dying|slipping|"
    r"falling off|beeping|freezing|restarting|disconnecting|dropping)|went wrong|doing wrong|hurts?|aches?|sore)\b", re.I)
_FAULT_ZH = re.compile(r"坏了|坏掉|碎了|摔碎|裂了|漏水|漏电|进水|死机|黑屏|蓝屏|开不了机|打不开|连不上|充不进|不亮|没反应|"
                       r"没声音|(?:很|好|太|特别|有点|越来越)卡|卡顿|卡死|(?:很|特别|太|越来越)慢|变慢|发烫|过热|异响|"
                       r"噪音|很吵|掉电|耗电|老掉|总掉|发黄|枯了|养死|烂根|太硬|发不起来|不够用|放不下|装不下|塞不下|"
                       r"(?:很|好|太|特别|有点|越来越)(?:小|乱|挤|窄|脏)(?!时候|的时候)|"
                       r"(?:哪里|什么地方)(?:出了问题|做错|不对)")

# taking up something new ("I want to learn chess, where should I start?", "我想学织毛衣，新手织什么好？"): what the
# user did so far is not about it; only a memory naming it helps
_NEW_PURSUIT_EN = re.compile(
    r"\bi(?:'d| would)? (?:want|like|wanna|plan|hope|am (?:going|planning|thinking of|about)) to (?:learn|take up|"
    r"get into|get back (?:into|to)|pick up|start \w+ing)\b|\bi(?:'m| am) thinking (?:about|of) (?:getting into|taking up|learning|starting)\b"
    r"|\bwhere (?:should|do|can) i (?:start|begin)\b|\bshould i (?:learn|take up|pick up|start learning)\b|\bbeginner\b|\bas a (?:complete )?"
    r"(?:beginner|newbie|novice)\b", re.I)
_NEW_PURSUIT_ZH = re.compile(r"我?(?:想|打算|准备)(?:开始)?(?:学|入门|转行|改行)|从哪(?:儿|里)?(?:开始|入手|学起|下手)|新手|入门|零基础|"
                             r"我?(?:想|打算|准备)(?:换|养)(?:个|一个|一盆|盆|只|一只|条|点)|"
                             r"^我(?:该|应该|要)学(?:什么|啥|哪)")
# a habit of the user's own that troubles them ("I keep forgetting my passwords", "我总是拖延", "我的手机一直弹广告"):
# like a failing thing, only a memory about the habit helps, not the user's other facts
_HABIT_EN = re.compile(r"\bi (?:keep|can't stop|cannot stop) \w+ing\b|\bi (?:always|constantly) (?:forget|lose|miss|"
                       r"procrastinate|oversleep|feel|get)\b|\bhow (?:do|can|could|should) i (?:stop|quit) \w+ing\b", re.I)
_HABIT_ZH = re.compile(r"^\W*我(?:的\S{1,8}?)?(?:最近|平时|每天|晚上|早上|这几天|这阵子)?(?:总是|老是|一直|经常|总|"
                       r"老(?![师家公婆板人爸妈大二乡外]))"
                       r"|^\W*我(?:该|要)?(?:怎么|如何)(?:改掉|戒掉|克服)")

# a mood the user only reports, asking nothing ("ugh I'm exhausted", "我今天好累", "我好无聊啊"): no memory of the user's
# answers it, so it needs the general floor (as "今天好累" without a subject already does)
_MOOD_EN = re.compile(
    r"^\W*(?:(?:ugh+|argh+|sigh|meh|lol|haha\w*|man|omg|well|wow|phew|oh|so)\W+)*(?:i'?m|i am|i feel|feeling|"
    r"i'?ve been|i was)\s+(?:(?:so+|really|very|super|kinda|kind of|a bit|a little|pretty|totally|just|extremely|"
    r"quite|too)\s+)*(?:bored|tired|exhausted|sleepy|stressed(?: out)?|sad|happy|excited|annoyed|angry|upset|down|"
    r"lonely|nervous|anxious|relieved|glad|busy|drained|frustrated|wiped(?: out)?|burn[et] out|grumpy|cranky|"
    r"overwhelmed|fed up)\b", re.I)
_MOOD_ZH = re.compile(r"^\W*(?:唉|哎|啊|哈哈|呜呜|嗯)?\W*我(?:今天|最近|现在|真的|真是)?(?:好|很|太|有点|有些|特别|超|真)?"
                      r"(?:累|困|烦|无聊|开心|高兴|难过|伤心|郁闷|焦虑|紧张|崩溃|心累|疲惫|头大)")
# anything asked or requested: a question mark, a question word, a request ("I'm bored, any ideas?", "我好累，晚上吃什么")
_ASKS = re.compile(r"[?？]|\b(?:what|how|why|where|when|which|who|should|could|can|would|any|help|ideas?|tips?|advice|"
                   r"recommend\w*|suggest\w*|tell me|give me)\b|吗|呢|怎|咋|如何|什么|啥|哪|几|多少|为什么|推荐|建议|帮|"
                   r"要不要|能不能|有没有|可以|陪我", re.I)


def reports_mood(plain: str) -> bool:
    """The turn only reports the user's mood ("I'm so tired", "我好无聊啊"), asking nothing."""
    return bool(_MOOD_EN.search(plain) or _MOOD_ZH.search(plain)) and not _ASKS.search(plain)


# Chinese drops the subject of a wish: "想加一个日期格式化的功能" says "I want to add …", as "I want to …" does; a time
# word may come first ("最近打算学滑雪", "明年准备学日语")
_WISH_ZH = re.compile(r"^\W*(?:(?:最近|近期|今年|明年|下个?月|这个?月|这周|下周|周末|以后|之后)\W*)?(?:想|打算|准备)(?:要|着)?(?:给|把|在)?\S{0,6}?(?:加|写|做|改|实现|弄|搞|学|换|买|装|配|试|去|开|找)")


# a request by its form: an imperative ("write …", "plan …", 帮我…, 写个…) or a wish ("I want …", 我想…)
_IMPERATIVE_EN = re.compile(
    r"^\W*(?:please\s+|pls\s+)?(?:write|add|make|create|fix|plan|cook|bake|suggest|find|give|list|build|show|help|set|"
    r"generate|draft|book|pick|recommend|update|refactor|implement|convert|explain|tell|get|choose|design|prepare|"
    r"put|move|rename|remove|delete|deploy|roll|run|check|review|optimi[sz]e|sort|compare|organi[sz]e|schedule|"
    r"remind|translate|summari[sz]e|buy|order)\b|\b(?:i|we)(?:'d| would)? (?:want|need|like|wanna|gotta|have to)\b",
    re.I)
_WANT_ZH = re.compile(r"想|要|打算|准备|请|麻烦|^(?:写|加|改|做|来|找|列|整理|规划|设计|生成|查|补)")


def asks_something(text: str) -> bool:
    """Whether the turn asks or requests anything: a question, a request for advice or a task, an imperative, a
    wish, or a failure to fix ("本地跑 docker 报错说连不上 daemon"). A turn that only states something ("又下雨了",
    "it's freezing outside today") asks nothing.

    >>> asks_something("it's freezing outside today"), asks_something("又下雨了"), asks_something("明天要带伞吗")
    (False, False, True)
    """
    plain = _unquoted(text).strip()
    return bool(_ASKS.search(plain) or _REQUEST_EN.search(plain) or _REQUEST_ZH.search(plain)
                or _TASK_ZH.search(plain) or _WISH_ZH.match(plain) or _IMPERATIVE_EN.search(plain)
                or _WANT_ZH.search(plain) or _PROBLEM.search(plain))


def _about_own_thing_or_new_pursuit(plain: str) -> bool:
    """A failing thing of the user's, or something the user takes up: it speaks of the user, but only a memory
    about that thing helps (the general floor), not an inference from the user's other facts."""
    own_thing = (_OWN_THING_EN.search(plain) and _FAULT_EN.search(plain) and not _NOT_A_THING_EN.search(plain)) or (
        "我" in plain and _FAULT_ZH.search(plain) and not _NOT_A_THING_ZH.search(plain))
    habit = (_HABIT_EN.search(plain) and not _NOT_A_THING_EN.search(plain)) or (
        _HABIT_ZH.search(plain) and not _NOT_A_THING_ZH.search(plain))
    return bool(own_thing or habit or _NEW_PURSUIT_EN.search(plain) or _NEW_PURSUIT_ZH.search(plain))


def _is_impersonal_form(plain: str, text: str) -> bool:
    if _GREETING_EN.match(plain) or (plain and not _COURTESY_ZH.sub("", re.sub(r"[\W～~]", "", plain))):
        return True
    # a translation's material may follow a colon: "帮我翻成英文：我们提出了……"
    if _ARITHMETIC.search(_DATE.sub(" ", text)) or _TRANSLATION.search(re.split(r"[:：]", text, maxsplit=1)[0]):
        return True
    if asks_about_a_kind(plain):  # "is honey vegan?", "高血压患者能喝咖啡吗" (`kind_question.py`)
        return True
    if asks_about_assistant(plain):  # "你是哪个公司开发的", "what model are you?" (`about_assistant.py`)
        return True
    if asks_public_fact(plain, text):  # "When is Earth Day?", "Redis是哪家公司开发的？" (`public_fact.py`)
        return True
    if _ERROR_AT_HAND.search(plain):  # "这个报错啥意思：…": the user's own failure to fix, not a term to define
        return False
    if (kind := _WHAT_KIND_ZH.match(plain)) and not _DEIXIS_ZH.search(kind.group()) and not _SETTING_ZH.search(plain):
        return True
    if (_HOW_SCORED_EN.match(plain) or _HOW_SCORED_ZH.match(plain)) and not _OWN_FIGURE_ZH.search(plain) and not (
            _SETTING_ZH.search(plain)):
        return True
    if _KNOWLEDGE_EN_ANYWHERE.search(plain) or _KNOWLEDGE_ZH.search(plain) or _WHAT_KIND_EN.search(plain) or (
            (_WHAT_IS_ZH.match(plain) or (_HOW_MUCH_ZH.match(plain) and not _OWN_FIGURE_ZH.search(plain)))
            and not _SETTING_ZH.search(plain)) or (
            _NATIONALITY_ZH.search(plain)) or (
            _HOW_IT_WORKS_ZH.match(plain) and not _NOT_A_THING_ZH.search(plain) and not _OWN_FIGURE_ZH.search(plain)
            and not _SETTING_ZH.search(plain)):
        return True
    knowledge = bool(_KNOWLEDGE_EN.search(plain)) or bool(_WHY.search(plain))
    return knowledge and not _PROBLEM.search(plain)


# a question word typed without its apostrophe ("whats the shortcut again", "wheres the config"): read as "what's"
_BARE_WH_IS = re.compile(r"\b(what|where|who|how|when)s\b", re.I)


def _unquoted(text: str) -> str:
    """The text outside quotes, "whats" read as "what's"."""
    return _BARE_WH_IS.sub(r"\1's", _QUOTED.sub(" ", text))


def speaks_of_user(text: str) -> bool:
    """Whether the query (outside quotes) speaks of the user: "my", "I", "we"; 我, 咱; or "the user", 用户.

    >>> speaks_of_user("What should I cook tonight?"), speaks_of_user("我家猫不吃饭"), speaks_of_user("Who painted it?")
    (True, True, False)
    """
    plain = _unquoted(text)
    return bool(_FIRST_PERSON_EN.search(plain) or _FIRST_PERSON_EN_CASED.search(plain)) or any(
        w in plain for w in _FIRST_PERSON_ZH)


# a question relayed from someone else ("我室友问狗能不能吃巧克力", "a friend asked me whether dogs can eat grapes"):
# what is asked is the relayed question
_RELAYED_ZH = re.compile(r"^\W*(?:我|咱)?们?的?(?:" + _OWNER_ZH_WORDS + r")(?:问(?:我|了我)?|想知道|好奇)[，,:：\s]*"
                         r"|^\W*(?:我|咱)?们?的?[^\W\d_我你咱俺他她它]{1,6}?问(?:了)?我[，,:：\s]*")
# whoever asks: a person is named by the asking ("my sous chef wants to know …", "our bassist asked me …", "a colleague
# asks: …"), whatever the word for them
_RELAYED_EN = re.compile(r"^\W*(?:my|our|a|the) (?:[\w-]+ ){0,2}?[\w-]+ (?:asked|asks|was asking|is asking|wants to know|"
                         r"wanted to know|was wondering)(?: me)?\s*[:,]?\s*(?P<whether>(?:whether|if)\s+)?", re.I)
# whether a kind of thing or animal may eat or do something ("狗能不能吃巧克力", "dogs can eat grapes"): once relayed, no
# thing of the user's is meant
_CAN_A_KIND = re.compile(r"^[^我咱这那你]{1,10}?(?:能不能|能|可以|可不可以|会不会)(?:吃|喝|碰|养|用)"
                         r"|^(?:can |could |should )?(?!(?:i|we|you|my|our|this|that)\b)(?:\w+ ){0,2}?\w+s "
                         r"(?:can |could |should |may )?(?:eat|drink|have|take)\b", re.I)


# how to do a thing, or whether it is so, asked for someone else ("how to fix a buzzing fret", "智能门锁没电了怎么开门",
# "抖音开直播要不要实名认证"): the same answer whoever asks, unless it is about a time of the user's ("周末回家吗") or the
# user's work ("老系统是用啥写的")
_HOW_OR_WHETHER_EN = re.compile(r"^\W*(?:how(?: to| do you| can you| long| much| many| often| far)?|what|which|whether|if|"
                                r"is|are|does|do|can|should)\b", re.I)
_HOW_OR_WHETHER_ZH = re.compile(r"怎么|怎样|如何|要不要|需不需要|用不用|能不能|可不可以|是不是|会不会|吗[？?]?$|多久|多长时间|多少|哪些")
_RELAYED_MINE_EN = re.compile(r"\b(?:today|tonight|tomorrow|this (?:week|weekend|evening)|" + _WORK + r")\b", re.I)
_RELAYED_MINE_ZH = re.compile(r"系统|项目|服务|接口|代码|仓库|分支|版本|模块|功能|你")


def _relayed_how_or_whether(relayed: str) -> bool:
    """A relayed how-to or whether question about a thing in general (see `_HOW_OR_WHETHER_EN`)."""
    if _HOW_OR_WHETHER_EN.match(relayed):
        return not _RELAYED_MINE_EN.search(relayed)
    return bool(_HOW_OR_WHETHER_ZH.search(relayed)) and not _DEIXIS_ZH.search(relayed) and not (
        _RELAYED_MINE_ZH.search(relayed))


def _relayed(plain: str) -> str | None:
    """The question someone else asked, relayed by the user ("我室友问…", "a friend asked me whether …"), else None."""
    m = _RELAYED_ZH.match(plain) or _RELAYED_EN.match(plain)
    return plain[m.end():].strip() or None if m is not None else None


def _relayed_whether(plain: str) -> bool:
    """The relayed question was put as "whether …" / "if …" ("my barber asked me whether beards grow faster")."""
    m = _RELAYED_EN.match(plain)
    return m is not None and bool(m.group("whether"))


def query_need(text: str) -> Need:
    """How much the query needs the user's memories: "impersonal", "general", "implied" or "personal" (module
    docstring)."""
    plain = _unquoted(text).strip()
    if (wonder := _WONDER.match(plain)) and (asked := plain[wonder.end():].strip()) and not speaks_of_user(asked) \
            and not _THIS_ONE.search(asked):
        if (_WHY_EN.match(asked) and not _REQUEST_EN.search(asked)) or _is_impersonal_form(asked, asked) or (
                _WHY_ZH.match(asked) and not _REQUEST_ZH.search(asked) and not _SETTING_ZH.search(asked)):
            return "impersonal"
        plain = asked
    if (relayed := _relayed(plain)) is not None and not speaks_of_user(relayed) and not _THIS_ONE.search(relayed) and (
            _CAN_A_KIND.search(relayed) or _is_impersonal_form(relayed, relayed) or _WHY.search(relayed)
            or (_WHY_EN.match(relayed) and not _REQUEST_EN.search(relayed)) or (_relayed_how_or_whether(relayed) or (
                _relayed_whether(plain) and not _RELAYED_MINE_EN.search(relayed)))):
        return "impersonal"
    core = _PITCHED_AT_ME.sub(" ", _ADDRESSED_ME.sub(" ", plain))
    if _TRANSLATION.search(re.split(r"[:：]", plain, maxsplit=1)[0]):
        return "impersonal"
    if (speaks_of_user(core) or _WISH_ZH.match(plain)) and not (_THIRD_PARTY_EN.match(core) or _THIRD_PARTY_ZH.match(core)):
        return "general" if _about_own_thing_or_new_pursuit(plain) or reports_mood(plain) else "personal"
    if _is_impersonal_form(plain, text):
        return "impersonal"
    if speaks_of_user(core):  # someone else's need
        return "general"
    if _REQUEST_EN.search(plain) or _REQUEST_ZH.search(plain) or speaks_of_user(plain):
        return "personal"
    if _TASK_ZH.search(plain) and not _OTHER_PERSON_ZH.match(plain):  # Chinese drops the subject: the user's task
        return "implied"
    if orders_a_task(plain):  # an imperative names no one: "group this dataframe by week", "装一下 dayjs" (`own_task`)
        return "implied"
    return "general"


__all__ = ["Need", "asks_something", "query_need", "speaks_of_user"]
