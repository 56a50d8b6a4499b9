"""Parts of the grammar for Chinese natural chat, composed by the extractor and `grammar.parse`: the object
(a span that ran past an inner verb, a vague word, a stay, the form of this answer), the holder (a relative or a
pet of the user's), the tense (以前 … 现在 said without its object), negation scope (不喝咖啡只喝茶), and what an
errand hands over (text to translate). English shares the errand part ("translate this: …").

Example:
    >>> tidy("uses", "user", "代码比较喜欢用 Go")
    'Go'
"""

from __future__ import annotations

import re

from .rules import Claim, clean_object

# a verb of attitude or use inside an object: the clause had a topic before it ("我写代码比较喜欢用 Go"), so the
# object read after the first verb ran on past the real one; the value is what follows the inner verb
_INNER_POS = re.compile(r"(?:比较|更|最|特别|一直|都|还是|主要|只|也)*(?:喜欢|爱用|习惯|偏好|偏爱)(?:用|写|吃|喝|看)?\s*"
                        r"|(?:一直|都|主要|只|还是)用\s*(?=[A-Za-z])")
_INNER_NEG = re.compile(r"讨厌|不喜欢|不太喜欢|不爱|用不惯|受不了|反感|(?:从来不|从不|根本不|压根不|从来没|一直不)(?:用|碰)(?=它|他|她|这|那)")


def loose_span(obj: str) -> bool:
    """An object with a second verb of attitude inside it whose polarity the claim lost: "前端特别讨厌用 jQuery"."""
    return re.search(r"[\u4e00-\u9fff]", obj) is not None and _INNER_NEG.search(obj) is not None


def after_inner_verb(obj: str) -> str:
    """The value after a positive inner verb: "代码比较喜欢用 Go" → "Go"; else `obj`."""
    m = _INNER_POS.search(obj) if re.search(r"[\u4e00-\u9fff]", obj) else None
    return obj[m.end():].strip() if m and m.start() > 0 and obj[m.end():].strip() else obj


# no thing of its own: "(早上不能吃)东西", "(一吃就)过敏" (whenever the user eats the thing named before)
_VAGUE = re.compile(r"^(?:的)?(?:东西|什么|啥|啥东西|什么东西|一[吃喝碰用沾抽闻]就|一[吃喝碰用沾抽闻]|[我你他她它](?:们)?|"
                    r"(?:一个|一位|某个)?(?:同事|人|男生|女生|男孩|女孩|男的|女的|同学))$")
# a stay, not where the user lives or works: "我人在成都旅游", "我在上海出差"
_TRIP = re.compile(r"(?:旅游|旅行|出差|开会|培训|度假|出游|玩|转机|过年|探亲|考试|比赛|参会|学习)$")
# how the assistant should answer this time, not a tool of the user's: "(我在开车，)用语音回答"
_ANSWER_FORM = re.compile(r"(?:回答|回复|答复|解释|讲解|说明)(?:我)?(?:吧|哈|呗)?$")


# another holder: a relative, a friend or a pet of the user's ("我闺蜜对芒果过敏", "我家猫不喜欢吃猫粮")
_PERSON = (r"(?:闺蜜|老婆|老公|媳妇|妻子|丈夫|爱人|对象|男朋友|女朋友|男友|女友|妈妈?|爸爸?|母亲|父亲|儿子|女儿|闺女|孩子|小孩|娃|"
           r"哥哥?|姐姐?|弟弟?|妹妹?|朋友|同事|同学|室友|老板|领导|上司|[表堂][哥姐弟妹]|爷爷|奶奶|外婆|外公|姥姥|姥爷|家人|宝宝|"
           r"嫂子|姐夫|妹夫|弟媳|舅舅|舅妈|姑姑|姑父|叔叔|婶婶|伯伯|阿姨|公公|婆婆|岳父|岳母|丈母娘|老丈人|外孙女?|孙子|孙女|侄子|侄女|外甥女?|"
           r"发小|同桌|[学师][长姐弟妹兄]|师傅|师父|导师|邻居|房东|房客|组长|经理|主管|合伙人|搭档|队友|网友|"
           r"猫咪?|狗狗?|兔子|鹦鹉|仓鼠|乌龟|龙猫|金鱼)")
# "我前同事", "我大学室友": a relation said with when it was
_WHEN = r"(?:前|前任|以前的?|之前的?|大学|高中|初中|小学|研究生)?"
_OTHER_HOLDER = re.compile(rf"^我家(?:那位|那口子)|^我(?:的|家|家的|们家)?(?:那个|这个|那只|这只|那条|这条|那位|这位)?{_WHEN}{_PERSON}(?!粮|毛|砂|窝|绳|笼)")


def other_holder(clause: str) -> bool:
    """The clause is about someone or some pet of the user's, not the user: "我家猫不喜欢吃猫粮", "我闺蜜对芒果过敏"."""
    return _OTHER_HOLDER.match(clause.strip()) is not None


# after a negated verb, a complement ("不看好"), a "no need to" ("不用担心") or the thing in front of the user
# ("这个报错(受不了)") is no standing object
_NO_THING = re.compile(r"^(?:好|懂|清楚?|出来|见|完|担心|操心|着急|客气|谢|麻烦)|^(?:这|那)(?:个|些|次|道|盘|碗|杯|家|份)")


def off_object(c: Claim) -> bool:
    """True when a Chinese claim's object is no value: a loose span, a vague word (unless a daily window keeps
    it: "晚上十点以后不吃东西"), a stay somewhere, the form of this answer, or a one-character "rule" ("(我在学做蛋糕，)总是塌")."""
    predicate, subject, obj = c.predicate, c.subject, c.object.strip()
    if (_VAGUE.match(obj) or obj == "的") and "点" not in c.verb:
        return True
    if subject == "user" and re.match(rf"^{_PERSON}(?:对|说|觉得)", obj):  # "(我)闺蜜对芒果(过敏)": the friend's
        return True
    if subject == "user" and predicate in ("works_at", "works_in", "lives_in") and re.match(r"^(?:这|那)(?:家|个|所|边)", obj):
        return True  # "(我在)这家公司(干了五年)": the one the message is about, named nowhere
    if predicate.endswith("名字") and obj.endswith("的"):  # "我的猫是黑色的": a colour, no name
        return True
    if subject == "user" and predicate in ("lives_in", "works_in") and re.search(r"[\u4e00-\u9fff]", obj) and _TRIP.search(obj):
        return True
    if subject == "user" and predicate == "uses" and (obj in ("手机", "电脑", "平板") or  # "我用手机看的": how, this time
                                                      _ANSWER_FORM.search(obj) and re.search(r"[\u4e00-\u9fff]", obj)):
        return True
    if predicate == "rule" and re.fullmatch(r"[\u4e00-\u9fff]", obj):
        return True
    if subject == "user" and c.polarity == "negative" and predicate in ("uses", "prefers", "diet") and _NO_THING.match(obj):
        return True
    return subject == "user" and predicate in ("uses", "prefers") and loose_span(obj)  # its polarity is lost


def tidy(predicate: str, subject: str, obj: str) -> str:
    """A Chinese object without what the clause's frame left on it: "的 iPhone" ("我用的 iPhone") → "iPhone",
    "手机看的" ("我用手机看的") → "手机", "上了爬山" ("我喜欢上了爬山") → "爬山"."""
    if not re.search(r"[\u4e00-\u9fff]", obj):
        return obj
    out = after_inner_verb(obj) if subject == "user" and predicate in ("uses", "prefers") else obj
    out = re.sub(r"^(?:的|上了)\s*", "", out)
    if subject == "user" and predicate == "uses":
        out = re.sub(r"(?<=\S)\s*(?:看|写|做|弄|搞|打|查|听|玩|拍|画)的$", "", out)
    return out.strip() or obj


# the user's stance now, said without its object after a past one: "(我以前不喜欢吃香菜，)现在挺喜欢的"
_NOW_POS = re.compile(r"^(?:现在|如今|目前|后来|这几年|最近)?(?:也|都|还|倒|倒是|反而|却)?(?:挺|很|特别|超|比较|非常|蛮)?"
                      r"(?:喜欢|爱|能吃|爱吃|爱喝|常吃|常喝|离不开)(?:了|的|了的)?$")
_NOW_NEG = re.compile(r"^(?:现在|如今|目前|后来|这几年|最近)?(?:也|都|倒|倒是|反而|却)?(?:已经|早就)?(?:不再|不|很少|几乎不)(?:太|怎么)?"
                      r"(?P<v>喜欢|爱|吃|喝|用|碰|玩|抽)(?:了|的)?$")


def current_stance(past: Claim, clause: str) -> list[Claim]:
    """The past claim's thing held the other way now ("我以前很喜欢喝可乐，现在不喝了" → 可乐, negative), or []."""
    if past.subject != "user" or not re.search(r"[\u4e00-\u9fff]", clause):
        return []
    if _NOW_POS.match(clause):
        return [Claim("user", "prefers", past.object, "positive", "preference", [past.object] if past.polarity == "negative" else [])]
    if m := _NOW_NEG.match(clause):
        pred = "diet" if m.group("v") in ("吃", "喝") else "uses" if m.group("v") in ("用", "碰", "玩", "抽") else "prefers"
        return [Claim("user", pred, past.object, "negative", "identity" if pred == "diet" else "preference")]
    return []


_ONLY_AFTER_NOT = re.compile(r"(?<=[\u4e00-\u9fffA-Za-z0-9])\s*(?=只(?:喝|吃|用|听|看|玩|穿|买)\s*\S)")


def split_only(clause: str) -> list[str]:
    """"我不喝咖啡只喝茶": after a negation, 只 + verb starts the clause of what the user does take."""
    m = _ONLY_AFTER_NOT.search(clause)
    if m and re.search(r"不|没", clause[: m.start()]) and re.search(r"[\u4e00-\u9fff]", clause[: m.start()]):
        return [clause[: m.start()], clause[m.end():]]
    return [clause]


# how little the user can have, in a window, with no thing named: "下午两点以后一口都不能碰" (the thing was said before)
_BARE_DEGREE = re.compile(r"^(?:(?:早上|晚上|中午|上午|下午|傍晚|深夜|半夜)?[零一二两三四五六七八九十\d]{1,3}点(?:半|钟)?(?:以后|之后|以前|之前|前|后))?"
                          r"(?:就)?一(?:口|点|滴|杯|下|次|个|点儿)?(?:都|也)(?:不能|不敢|不会|不|没)(?:碰|喝|吃|用|沾|抽)了?$")


def bare_degree(clause: str) -> bool:
    """True for a clause that only says how little ("下午两点以后一口都不能碰"): no statement to store on its own."""
    return _BARE_DEGREE.match(clause.strip()) is not None


# what one eats or drinks and can be sensitive to
_INGESTED = (r"(?:咖啡因|咖啡|酒精|酒|乳糖|乳制品|奶制品|牛奶|麸质|面筋|味精|辣椒|辣|海鲜|坚果|花生|芒果|菠萝|鸡蛋|蛋白|糖|"
             r"茶|茶碱|奶|大豆|豆制品|香料|生冷)")
SENSITIVE = re.compile(rf"^我(?:的身体|肠胃|胃)?(?:其实|本身|天生|一直)?对\s*(?P<o>{_INGESTED})\s*(?:特别|很|比较|非常|挺|有点儿?|有些|超级?|极其)?敏感(?:的)?$")


def sensitive(m: re.Match[str]) -> list[Claim]:
    """"我对咖啡因特别敏感": the user does not take it (用户不耐受咖啡因)."""
    o = clean_object(m.group("o"))
    return [Claim("user", "diet", o, "negative", "identity", verb="不耐受")] if o else []
