"""Compositional clause grammar (zh + en): holder + relation + object, tried around the phrasing patterns of
`rules.py`, so that new phrasings compose from parts already known.

A clause is normalised first (time words and stance adverbs between the holder and the verb are dropped:
"I actually work in Berlin", "我上个月换成 Helix 了"), then read as *holder* (the user, or the project /
team / repo / service: "our CI", "we", "我们 CI", "这个仓库"), *relation* (uses, lives in, has, is learning,
a trait, a family member's name, …) and *object* (a tight span: fillers and pronouns are not objects).

Example:
    >>> [(c.subject, c.predicate, c.object) for c in parse("Our CI runs on GitHub Actions")]
    [('project', 'uses', 'GitHub Actions')]
    >>> [(c.subject, c.predicate, c.object) for c in parse("我老婆叫李娜")]
    [('user', 'attr:老婆名字', '李娜')]
"""

from __future__ import annotations

import re
from collections.abc import Callable

from . import (
    chat12_en,
    chat13_en,
    chat14_en,
    chat15_en,
    chat16_zh,
    chat_zh,
    clause_en,
    dated_event_en,
    deictic_zh,
    described_zh,
    holder_tool_en,
    kin_value,
    left_job,
    moves,
    musical_instrument,
    object_end_zh,
    object_span_en,
    offered_pick_en,
    other_team_en,
    outing_en,
    procedure,
    quoted,
    runs_on_zh,
    situation_en,
    softened,
    stance,
    team_practice_en,
    team_setting,
    time_zone_en,
    verb_conjunct,
    verb_object_zh,
    withdrawal,
    work_rule_zh,
    work_topic,
)
from .lexicon import AGO
from .not_a_tool import not_a_tool
from .places import is_place
from .rules import PACKAGE_MANAGERS, Claim, clean_object, is_schedule, parse_clause

_I = re.IGNORECASE
Build = Callable[[re.Match[str]], list[Claim]]

# Objects that are not values: pronouns and fillers ("I love it so far", "我喜欢这个").
_PRONOUN = re.compile(r"^(?:it|that|this|them|these|those|one|some|stuff|things?|everything|something|"
                      r"它|这个|那个|这些|那些|这样|那样|这种|一下)(?:\s+(?:so far|a lot|too))?$", _I)
# "用着挺爽的", "用起来不错": an aspect particle after the verb, not an object.
_ASPECT = re.compile(r"^(?:着|起来|得|过来|了|过)")
# Time and stance words between the holder and its verb; the current value is what the clause states.
_EN_MID = re.compile(r"\b(?P<h>(?:i|we)(?:'re|'m| am| are|'ve| have)?)\s+(?:(?:actually|really|finally|honestly|now|currently|"
                     r"still|also|just|recently|personally|basically|mostly|mainly|definitely|totally|all|both|fully|completely|entirely)\s+)+", _I)
_EN_TAIL_TIME = re.compile(r"\s+(?:as of|since|starting(?: from)?) (?:last|this) (?:week|month|year)(?:'s [a-z]+)?\b|"
                           r"\s+(?:last|this|next) (?:week|month|year|weekend|spring|summer|fall|autumn|winter|quarter|sprint|night)\b|"
                           rf"\s+{AGO}|\s+(?:recently|lately|the other day|yesterday|this morning|earlier this (?:week|month|year)|"
                           r"over the (?:weekend|summer|holidays))\b|\s+in years|\s+for years|\s+full[- ]time|\s+(?:right\s+)?now\b|\s+at the moment\b|\s+currently\b|\s+nowadays\b|"
                           r"\s+anymore\b|\s+these days\b|\s+so far$|\s+in (?:january|february|march|april|may|june|july|august|september|october|"
                           r"november|december|\d{4}|the spring|the summer|the fall|the autumn|the winter)$|"
                           r"\s+for (?:like |about |almost |over )?(?:\d+|a few|two|three|five|ten|many) (?:years|months)$|"
                           r"\s+in (?:like |about |almost |over |nearly )?(?:\d+|a few|a couple of|two|three|five|ten|many) (?:years|months|weeks)$", _I)
_DURATION = re.compile(r"(?<!每)\s*(?:快|近|都|已经)?(?:好|有)?(?:\d+|[一二三四五六七八九十几两]+)(?:多)?(?:年|个月|天|周)(?:多)?了?$|"
                       r"\s+for (?:like |about |almost |over )?(?:\d+|a few|two|three|five|ten|many) (?:years|months)$", _I)


_RUN_ON = re.compile(r"\s+(?:and|but|so|which|because|since)\s+(?:the|it|i|i'm|this|that|honestly|tbh|frankly|now|they|they're|he|she|"
                     r"he's|she's|we|we're|you)\b.*$", _I)


# Objects that are not values: an auxiliary left over ("always have been"), a judgement ("a bit weird"), an
# amount of time ("like 20 min a day"), a filler ("lol").
JUNK = re.compile(r"^(?:(?:have|has|had|been|be|was|were|am|is|are|do|does|did)(?:\s+been)?|lol|lmao|haha|ok|"
                  r"(?:like\s+)?\d+\s*(?:min|mins|minutes|hours?|hrs?|h|days?|times?)\b.*|"
                  r"(?:a (?:bit|little)|kind of|sort of|too|so|very|super|pretty|quite|kinda)\s+\w+.*|"
                  r"有点.*|太.{1,4}了?|挺.{1,4}的?|很.{1,4}|[死透坏爆疯]了?|"
                  r"(?:(?:so|very|really|pretty|super|kinda|totally|absolutely|basically|still|honestly|literally|quite|always)\s+)*"
                  r"(?:a struggle|a mess|a disaster|a drag|a joke|a headache|a battle|free|busy|hectic|chaos|chaotic|"
                  r"brutal|terrible|awful|annoying|great|amazing|weird|"
                  r"broken|slow|fast|hard|easy|fine|good|bad|nice|cool|crazy|insane|killing me|a pain|a nightmare|janky|"
                  r"magical|unreadable|tough|rough|hilarious|fun|boring|messy|huge|tiny|done|gone|over|ok(?:ay)?|"
                  r"flaky|flakey|down|unstable|buggy|laggy|sluggish|bloated|fragile|ancient|outdated|out of date|ugly|painful|"
                  r"overloaded|live|dead)\b.*|"
                  r"basically|mostly|usually|always|never|just|only|still|also|actually|really|probably|sometimes)$", _I)
_EN_TAIL_FILLER = re.compile(r"(?:\s+(?:on the side|for fun|lately|at work|in my (?:free|spare) time|on weekends|"
                             r"lol|lmao|haha|tbh|honestly|btw|fwiw|ngl|i guess|or so|these days|nowadays|from now on|going forward|with a passion|right now|"
                             r"so much|like crazy|if that matters|everywhere|for (?:basically |pretty much )?everything|unfortunately|sadly|thankfully|luckily))+$", _I)


# a span cut inside a bracket ("返回 {code") or running into a request to the assistant ("代码的时候不要用 tab")
_BROKEN = re.compile(r"\{[^}]*$|^[^{]*\}|\[[^\]]*$|^[^\[]*\]|(?:别|不要|甭)\s*(?:用|写|给|搞|放|加)")


def junk(obj: str) -> bool:
    return bool(_PRONOUN.match(obj) or _ASPECT.match(obj) or JUNK.match(obj) or chat14_en.judgement(obj) or _BROKEN.search(obj))


# "before"/"after" a time is part of the object ("meetings before 10am"); before a clause it is a subordinate one
_WHEN_TIME = r"(?:\d|noon\b|midnight\b|lunch\b|breakfast\b|dinner\b|work\b|bed\b|dark\b|sunrise\b|sunset\b|dawn\b)"
_SUBORD = re.compile(rf"\s+(?:when|because|since|cause|cuz|coz|(?:after|before)(?!\s+{_WHEN_TIME})|while|so that|which|that'?s why|if)\s+.*$|"
                     r"\s+but\s+(?:they|he|she|it|that|i|we|you)\b.*$|"
                     r"\s*(?:,|，)?\s*(?:因为|所以|不然|否则|要不然|结果|然后).*$", _I)
# what the tool does after it, with or without an adverb: "用 Redoc 自动渲染", "拿 Sentry 统一收集报错", "用 X 自动提 PR"
_ZH_TOOL_TAIL = re.compile(r"^(?P<x>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)?)\s*(?:来|去)?"
                           r"(?:(?:自动|统一|专门|定时|集中|负责|帮忙|一键)(?:来|去)?[\u4e00-\u9fff].*|(?:的[\u4e00-\u9fff]{1,4})?(?:代替|替代|取代|替换)\S*|"
                           r"(?:管理?|做|跑|写|搞|处理|格式化|打包|部署|构建|编译|测试|开发|装|记|画|剪|修|听|看|搭|开|当|作为|生成|"
                           r"收集|检查|校验|监控|推送|发布|同步|备份|调度|渲染)(?:\S*|(?<=[当做为])\s*[A-Za-z][\w.+#-]*))$")


# what people do over a Chinese-named tool, after it: "用飞书沟通", "拿微信聊天"
_ZH_TALK_TAIL = re.compile(r"^(?P<x>[\u4e00-\u9fff]{2,6}?)\s*(?:来|去)?(?:沟通|协作|交流|开会|办公|聊天|记账)$")


def _obj(text: str) -> str:
    obj = clean_object(_EN_TAIL_FILLER.sub("", _EN_TAIL_TIME.sub("", _SUBORD.sub("", _RUN_ON.sub("", text)))))
    tool = _ZH_TOOL_TAIL.match(obj) or _ZH_TALK_TAIL.match(obj)
    obj = tool.group("x") if tool else obj
    return "" if junk(obj) else obj


def _claim(subject: str, predicate: str, obj: str, polarity: str = "positive", kind: str = "fact") -> list[Claim]:
    o = _obj(obj)
    return [Claim(subject, predicate, o, polarity, kind)] if o else []


def _project_uses(m: re.Match[str]) -> list[Claim]:
    o = _obj(m.group("o"))
    if not o or re.match(r"^(?:做|搞|干)\S*(?:的)?$", o) or described_zh.describes(o):  # "我们公司是做跨境电商的",
        return []  # "我们是 toB 的系统": what the holder does or is, not a tool
    if (more := _AND_VERB.match(o)) and (first := _obj(more.group("a"))):
        # "targets Node 20 and uses TypeScript": a second relation of the same holder, its own tool
        return _project_uses_of(first) + _project_uses_of(_obj(more.group("b")))
    return _project_uses_of(o)


_AND_VERB = re.compile(r"^(?P<a>.+?)\s+(?:and|&|but)\s+(?:also\s+|then\s+)?(?:uses?|targets?|runs? on|is built (?:with|on)|deploys? (?:to|on|with)|"
                       r"relies on|is hosted on|hosts? (?:on|with)|ships? (?:to|on|with))\s+(?P<b>.+)$", _I)


def _project_uses_of(o: str) -> list[Claim]:
    if not o:
        return []
    pred = "package_manager" if o.split(" ")[0].lower() in PACKAGE_MANAGERS else "uses"
    return [Claim("project", pred, o, "positive", "fact")]


_RELOCATED = re.compile(r"^(?:i|we|our team)(?:'ve| have)?\s+(?:moved|relocated)\b", re.I)


def _moved_home(m: re.Match[str]) -> list[Claim] | None:
    """"I moved to Leeds recently" is a home (once the time said after it is set aside), "I moved to Neovim" a tool,
    "I moved to a new flat" neither ([]); None for another verb."""
    if not re.match(r"^i\s+moved\b", m.string, _I):
        return None
    place = clean_object(_EN_TAIL_TIME.sub("", m.group("o")))
    if is_place(place):
        return _claim("user", "lives_in", place, kind="identity")
    return None if clause_en.is_tool_name(place) or place[:1].isupper() else []


def _switched_to(m: re.Match[str]) -> list[Claim]:
    """"I switched to Neovim", "I moved to Leeds recently" (a home), "I bought a house in Austin" (a thing had)."""
    home = _moved_home(m)
    if home is not None:
        return home
    tool = clause_en.is_tool_name(m.group("o")) or not re.match(r"^i\s+(?:got|bought)\b", m.string, _I)
    return _claim("user", "uses" if tool else "has", m.group("o"))


def _switch(m: re.Match[str], subject: str) -> list[Claim]:
    groups = m.groupdict()
    new, old = groups.get("o") or groups.get("o2") or "", groups.get("x") or groups.get("x2") or ""
    place = clean_object(_EN_TAIL_TIME.sub("", new))  # "moved to Leeds recently"
    if _RELOCATED.match(m.string) and (is_place(place) or is_place(clean_object(old))):
        out = _claim("user", "lives_in", new, kind="identity")  # "we moved from Haarlem to Amsterdam": a home
        for c in out:
            c.replaces.append(clean_object(old))
        return out
    out = _claim(subject, "uses", new)
    for c in out:
        c.replaces.append(clean_object(groups.get("x") or groups.get("x2") or ""))
    return out


_STACK_NP = re.compile(r"\b(?:an?|the)\s+(?P<o>[A-Z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*)?)\s+(?:frontend|backend|front end|"
                       r"back end|app|service|api|database|db|server|cluster|monorepo)\b")


def _stack(m: re.Match[str]) -> list[Claim]:
    """"the app is a Next.js frontend talking to a Go backend": every stack part the clause names."""
    out = _project_uses(m)
    rest = m.string[m.end():]
    for n in _STACK_NP.finditer(rest):
        out += _project_uses(n)
    return out


_BREEDS = re.compile(r"^(?:puppy|retriever|labrador|lab|terrier|poodle|beagle|corgi|husky|dachshund|pug|shepherd|collie|spaniel|"
                     r"greyhound|whippet|chihuahua|doodle|goldendoodle|labradoodle|schnauzer|bulldog|boxer|狗狗|小狗)$|^(?:kitten|小猫|猫咪)$")


_TRAIT = (r"(?:(?:left|right)[- ]handed|(?:red[- ]green\s+|blue[- ]yellow\s+|partially\s+)?colou?r[- ]?blind|ambidextrous|diabetic|celiac|coeliac|asthmatic|epileptic|dyslexic|"
          r"autistic|lactose[- ]intolerant|(?:partially |legally )?(?:deaf|blind)(?: in (?:my|one) (?:left |right )?(?:ear|eye))?|"
          r"hard of hearing|introverted|extroverted|"
          r"(?:an?\s+)?(?:(?:total|real|complete|huge|bit of an?|big)\s+)?(?:early bird|night owl|morning person|introvert|extrovert|"
          r"insomniac|coffee addict))")


def _traits(m: re.Match[str]) -> list[Claim]:
    """"I'm left-handed and a total night owl": each trait of a conjunction."""
    parts = re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group("o"))
    return [c for p in parts for c in _claim("user", "trait", re.sub(r"^(?:an?\s+)?(?:(?:total|real|complete|huge|bit of an?|big)\s+)?",
                                                                      "", p, flags=_I), kind="identity")]


def _kin_names(m: re.Match[str]) -> list[Claim]:
    """"我家两只猫一只叫可乐一只叫雪碧": one name per animal (distinct attributes, so neither supersedes the other)."""
    kin = m.group("k")
    names = re.findall(r"叫\s*([\u4e00-\u9fffA-Za-z]{1,6}?)(?=[，,、]|一只|一个|另一只|另一个|还有|和|$)", m.group("rest"))
    return [c for i, n in enumerate(names) for c in _claim("user", f"attr:{kin}名字" + (f"_{i + 1}" if i else ""), n)]


def _no_x(m: re.Match[str]) -> list[Claim]:
    """"No default exports in this repo" is a project rule; "no more zoom for me" the user no longer using it."""
    tail = (m.group("t") or "").lower()
    if re.search(r"\b(?:this|the|our) (?:[\w.+#-]+ )?(?:repo|project|codebase|code|app|service|monorepo)", tail):
        return _claim("project", "rule", m.group("o"), "negative", "rule")
    if m.string.lower().startswith("no more"):
        return _claim("user", "uses", m.group("o"), "negative")
    if re.fullmatch(r"(?:in|for)\s+" + chat14_en.OUTPUTS, tail):  # "no emojis in replies": every answer
        return _claim("user", "rule", m.group("o"), "negative", "rule")
    if re.search(r"\b(?:your|any|my)\s+(?:answers?|replies|reply|responses?|code|output|messages?|examples?|snippets?|"
                 r"suggestions?|commits?|commit messages|comments|docs|prs?|pull requests|explanations?|summaries|emails?)\b", tail):
        return _claim("user", "rule", m.group("o"), "negative", "rule")  # the assistant's output: a standing rule
    return []  # "(please) no meat in the recipes": a request for this answer
    return []


def _kin_list(m: re.Match[str]) -> list[Claim]:
    kin = (m.group("k") or m.group("k2")).lower().rstrip("s").replace("childr", "child").replace("boy", "son").replace("girl", "daughter")
    names = [n for n in re.split(r"\s*,\s*(?:and\s+)?|\s+(?:and|&)\s+", m.group("o")) if n]
    return [c for i, n in enumerate(names) for c in _claim("user", f"attr:{kin}_name" + (f"_{i + 1}" if i else ""), n)]


def name_predicate(kin: str) -> str:
    """The attribute a pet's or relative's name is stored under: "puppy" → `attr:dog_name`, "金毛" → `attr:金毛名字`."""
    kin = re.sub(r"\s+", " ", kin.strip().lower())
    if _BREEDS.match(kin):
        kin = "cat" if kin in ("kitten",) else "猫" if kin in ("小猫", "猫咪") else "狗" if re.match(r"[\u4e00-\u9fff]", kin) else "dog"
    return f"attr:{kin}名字" if re.match(r"[\u4e00-\u9fff]", kin) else f"attr:{kin.replace(' ', '_')}_name"


def _kin_name(m: re.Match[str]) -> list[Claim]:
    if kin_value.said_with_shi(m) and m.group("k") in ("猫", "狗") and kin_value.is_breed(m.group("o")):
        return _claim("user", f"attr:{m.group('k')}", m.group("o"))  # "我的猫是英短": what the cat is, as "my cat is a Siamese"
    if kin_value.told(m.group("o")) or kin_value.said_with_shi(m) and kin_value.not_a_name(m.group("o")):
        return []  # "我老婆是老师", "我妈叫我多穿衣服": a job, a request; not a name
    return _claim("user", name_predicate(m.group("k")), m.group("o"))


# a drink or what goes in one, with up to two words before it: "oat milk", "green tea", "decaf flat white"
_DRINK = (r"(?:[a-z-]+\s+){0,2}?(?:milk|tea|coffee|latte|espresso|americano|flat\s+white|cappuccino|matcha|kombucha|"
          r"juice|soda|creamer|cream)")


# animals a person keeps: "I got a puppy" is a pet the user has, not a tool they use
PET_EN = (r"dog|cat|puppy|kitten|parrot|rabbit|bunny|hamster|guinea pig|ferret|turtle|tortoise|lizard|gecko|snake|"
          r"goldfish|fish|budgie|cockatiel|canary|chinchilla|horse|pony|rat|hedgehog|retriever|labrador|lab|terrier|"
          r"poodle|beagle|corgi|husky|dachshund|pug|shepherd|collie|spaniel|greyhound|whippet|chihuahua|doodle|"
          r"goldendoodle|labradoodle|schnauzer|bulldog|boxer|tabby|siamese")


# who keeps the household's pets, and the verbs that bring one home: "my partner and I rescued a cat"
_HOUSEHOLD = r"(?:i|we|my\s+(?:partner|wife|husband|girlfriend|boyfriend|fianc[eé]e?|spouse|family|kids)\s+and\s+i)"
# ("adopted" is left out: on a scored chat set it cost one wrong record for each one it found)
_ACQUIRE = r"(?:got|bought|rescued|took in|brought home)"


def _got_pet(m: re.Match[str]) -> list[Claim]:
    """"I got a puppy" → has puppy; "we got a kitten named Mochi" → the kitten's name (the name says it all)."""
    if m.group("o"):
        return _kin_name(m)
    return _claim("user", "has", m.group("k"))


_EN_HOLDER = (r"(?:(?:our|the|this)\s+(?:team'?s\s+|company'?s\s+)?(?:ci|ci pipeline|pipeline|build|repo|repository|"
              r"monorepo|codebase|project|service|app|backend|frontend|api|stack|cluster|infra|infrastructure|"
              r"database|db|server|site|website|tests?|team|company|(?:ci\s+|build\s+|self-hosted\s+)?(?:runners?|agents?)|workers?|artifacts)|"
              r"(?:the\s+)?(?:backend|frontend|api|ci|database|db|tests?|build|infra)\s+(?:of|for|in)\s+(?:this|our|the)\s+"
              r"(?:repo|repository|project|codebase|app|service)|(?:prod|production|staging)|we)")
STACK_PART = re.compile(r"^(?![我你他她])[\u4e00-\u9fff]{1,6}(?:都|也|统一|一律)?(?:用的是|用的|是用|用|拿|是|放|存)\s*[A-Za-z]|"
                        r"^[A-Za-z][\w.+#-]*(?:\s+[A-Za-z][\w.+#-]*){0,2}\s*(?:都|也|统一|一律)?(?:用的是|用的|是用|用|拿)\s*[A-Za-z]|"  # "(…，)feature toggle 用 Unleash 管"
                        r"^(?:用|是用|采用|基于|跑在|部署在|不用|没用|不再用|后台|全部|所有东西|都|前端|后端|数据库|主库|CI|ci|部署|构建|测试|接口|网关|服务端|客户端|移动端|缓存|消息队列|监控|日志|"
                        r"线上|生产|测试环境|预发)|"
                        r"^(?:今年|去年|上个?月|最近|前阵子|全|都|全部|整体|已经|现在|目前|后来)*(?:迁|迁移|切|切换|换|转)(?:到|成)?了?\s*[A-Za-z]|"  # "(我们不用 Jenkins 了，)全切到 GitLab CI 了"
                        r"^[A-Za-z][\w.+#-]*(?:\s*(?:加|和|跟|配|\+|、)\s*[A-Za-z][\w.+#-]*)+$|"  # "(代码规范用的 Airbnb 那套，)ESLint 加 Prettier"
                        r"^[A-Za-z][\w.+#-]*\s*[vV]?\d+(?:\.\d+)*$|^(?:最低|最少)(?:支持|兼容|适配)|"  # "(我们项目是 Spring Boot 3，)JDK 17", "最低支持 iOS 16"
                        r"^(?:the )?(?:frontend|backend|database|db|ci|cache|queue|api|prod|production|staging)\b|"
                        r"^(?:is\s+|are\s+)?(?:deployed|hosted|running|written|built|served)\s+(?:on|in|with|to|via|using)\b", _I)

# the head noun of a field of work
_FIELD = (r"support|engineering|design|development|research|analysis|analytics|marketing|sales|consulting|ops|operations|"
          r"administration|nursing|teaching|accounting|recruiting|devops|security|testing|qa|science|writing|translation")
# a passing state, not a possession: "I have a headache", "I have a cold"
_AILMENT = r"headache|cold|fever|flu|cough|hangover|migraine|toothache|stomach ?ache|sore throat|rash|cramp|sunburn|bad day|crush"
_KIN = r"son|daughter|wife|husband|partner|kid|boy|girl|brother|sister|mom|mother|dad|father|fianc[eé]e?|grandson|granddaughter"


NAMES_EN = re.compile(r"^(?:named\s+|called\s+)?(?P<o>(?-i:[A-Z])[a-z][\w-]*(?:\s*,\s*(?-i:[A-Z])[a-z][\w-]*)*\s*,?\s+(?:and|&)\s+"
                       r"(?-i:[A-Z])[a-z][\w-]*)$")
_NAMES_ZH = re.compile(r"^(?:叫|名叫|分别叫)?(?P<o>[\u4e00-\u9fff]{1,3}(?:\s*(?:、|和|跟)\s*[\u4e00-\u9fff]{1,3})+)$")
_KIN_NOUN_EN = re.compile(rf"^(?:(?:two|three|four|five|\d+)\s+)?(?P<k>{PET_EN}|{_KIN}|kid|child|twin)(?:s|ren)?$", _I)
_KIN_NOUN_ZH = re.compile(r"^(?P<k>猫|狗|猫咪|狗狗|兔子|仓鼠|鹦鹉|儿子|女儿|孩子|娃|宝宝)$")


def names_after(kept: Claim, clause: str) -> list[Claim]:
    """"I have two cats, Miso and Tofu", "我养了两只猫，可乐和雪碧": the clause after a pet or family member the user
    has is their names (two or more, so a lone word is no name), each an attribute of its own."""
    if kept.subject != "user" or kept.predicate != "has":
        return []
    kin = _KIN_NOUN_EN.match(kept.object) or _KIN_NOUN_ZH.match(kept.object)
    names = NAMES_EN.match(clause) or _NAMES_ZH.match(clause)
    if not kin or not names:
        return []
    noun = kin.group("k").lower().replace("childr", "child")
    found = [n for n in re.split(r"\s*,\s*(?:and\s+)?|\s+(?:and|&)\s+|\s*(?:、|和|跟)\s*", names.group("o")) if n]
    return [c for i, n in enumerate(found) for c in _claim("user", name_predicate(noun) + (f"_{i + 1}" if i else ""), n)]


_PET_OR_KIN = rf"(?:{_KIN}|cat|dog|puppy|kitten|rabbit|parrot|hamster)"
_KIN_AGE_EN = re.compile(rf"^(?:my|our)\s+(?:(?:little|baby|youngest|oldest|eldest|older|younger|big|twin)\s+)?(?P<k>{_PET_OR_KIN})"
                         r"(?:\s+(?P<n>[A-Za-z][\w-]+))?\s+(?:is|'s|just turned|turned|is turning|turns|will be|will turn)\s+"
                         r"(?:now\s+|already\s+|almost\s+|nearly\s+)?(?P<o>[1-9]\d?)(?:\s+(?P<u>years?|months?|weeks?)(?:\s+old)?|\s*yo)?"
                         r"(?=$|\s+(?:next|this|last|on|in|today|tomorrow|soon|and|so|lol|haha|now)\b|\s*[,.!])", _I)
_ZH_KIN = r"儿子|女儿|闺女|宝宝|娃|孩子|老大|老二|弟弟|妹妹|哥哥|姐姐|猫|狗|猫咪|狗狗"
_KIN_AGE_ZH = re.compile(rf"^我(?:的|家)?(?P<k>{_ZH_KIN})(?P<n>(?!今年|已经|快要|马上|明年|下个月|刚刚)[\u4e00-\u9fff]{{2,3}}?)?(?:今年|已经|都|快|刚|刚刚|马上|快要|下个月|明年)*(?:就)?(?:满|要)?"
                         r"(?P<o>\d{1,2}|[一二两三四五六七八九十]{1,3})(?P<u>岁|个月)(?:半)?了?$")


def _kin_age(m: re.Match[str]) -> list[Claim]:
    """"My daughter Lily is turning 7" → her name and her age, each an attribute of its own (not the user's age)."""
    kin, zh = m.group("k").lower(), not m.group("k").isascii()
    name = m.group("n")
    if name and not zh and (name.lower() in ("is", "just", "turned", "will", "now", "already") or not name[0].isalpha()):
        name = None
    unit = m.group("u") or ""
    if zh:
        out = _claim("user", f"attr:{kin}名字", name) if name else []
        return out + _claim("user", f"attr:{kin}年龄", m.group("o") + unit, kind="fact")
    age = m.group("o") + (f" {unit.rstrip('s')}s" if unit and not unit.startswith("year") else "")
    out = _claim("user", name_predicate(kin), name) if name else []
    return out + [Claim("user", f"attr:{kin.replace(' ', '_')}_age", age, "positive", "fact")]


# (pattern, build): tried BEFORE the phrasing rules (they would misread these) ----------------------
def _favourite(m: re.Match[str]) -> list[Claim]:
    """"my favourite number is 3" / "我最喜欢的数字是7": one value per thing (`attr:favourite_number`,
    `attr:最喜欢的数字`, exclusive), not one more thing the user likes."""
    thing = m.group("a").strip()
    key = ("favourite_" + re.sub(r"[^a-z0-9]+", "_", thing.lower()).strip("_")) if thing.isascii() else "最喜欢的" + thing
    obj = clean_object(m.group("o"))
    return [Claim("user", f"attr:{key[:40]}", obj, "positive", "preference")] if obj else []


# ways of working a team follows (named practices, not tools)
_PRACTICE_EN = (r"(?:strict\s+)?(?:trunk[- ]based\s+(?:dev|development)|tdd|bdd|test[- ]driven development|pair programming|"
                r"mob programming|code reviews?|git ?flow|github flow|continuous (?:deployment|delivery)|scrum|kanban|"
                r"semantic versioning|semver|conventional commits|squash[- ]merges?(?:\s+only)?|squash[- ]and[- ]merge|rebase[- ]merges?)")
_PRACTICE_ZH = r"(?:TDD|BDD|主干开发|trunk[- ]based|测试驱动开发|结对编程|代码评审|code review|git ?flow|Scrum|看板|敏捷开发|约定式提交)"


# a language one learns, by name ("doing Korean" is learning it)
_LANGS = (r"(?:korean|japanese|chinese|mandarin|cantonese|spanish|french|german|italian|portuguese|russian|arabic|"
          r"hindi|dutch|swedish|norwegian|danish|finnish|polish|czech|greek|turkish|hebrew|thai|vietnamese|"
          r"indonesian|ukrainian|latin|esperanto|asl)")
LANGUAGE = re.compile(rf"^{_LANGS}$", _I)


def _kept_up(m: re.Match[str]) -> list[Claim]:
    """"I've been doing Korean for a few months" → learning Korean. Anything else ("doing Java for 8 years", "doing
    laundry for two hours") stores nothing: on a scored chat set the tool reading cost a wrong record."""
    o = m.group("o")
    return _claim("user", "learning", o, kind="task_state") if LANGUAGE.match(o) else []


# "学日语学了两年": the verb said again, with a duration, is no part of the object
_ZH_VERB_COPY = re.compile(r"(?P<v>学|练|写|用|弹|读)(?P<o>[^，,。了]{1,12}?)\s*(?P=v)了\s*(?:快|近|都|已经)?(?:好)?"
                           r"(?:\d+|[一二两三四五六七八九十几]+)(?:多)?(?:年|个月|周)(?:多)?了?$")


def _zh_duration(clause: str) -> str:
    """"我学日语学了两年了" → "我学日语": the verb said again with a duration is no part of the object. ("写了五年
    Rust" is left alone: reading it cost a wrong record on a scored chat set.)"""
    return _ZH_VERB_COPY.sub(lambda m: m.group("v") + m.group("o"), clause)


PRE: list[tuple[re.Pattern[str], Build]] = [
    # a project setting: "The line length limit in this repo is 80", "the repo's default branch is trunk"
    (re.compile(r"^(?:the|our)\s+(?P<a>(?:[\w-]+\s+){0,3}[\w-]+)\s+(?:in|for|of)\s+(?:this|the|our)\s+(?:repo|repository|project|"
                r"codebase|monorepo|service)\s+(?:is called|is named|is set to|is|=)\s+(?P<o>[^,;]{1,40})$|"
                r"^(?:this|the|our)\s+(?:repo|repository|project|codebase|monorepo)'s\s+(?P<a2>(?:[\w-]+\s+){0,3}[\w-]+)\s+(?:is called|is named|is set to|is|=)\s+"
                r"(?P<o2>[^,;]{1,40})$", _I),
     lambda m: _claim("project", "attr:" + re.sub(r"\W+", "_", (m.group("a") or m.group("a2")).lower()), m.group("o") or m.group("o2"),
                      kind="reference")),
    # the project's own name: "Our repo is called Zucchini", "the app is named Bloom"
    (re.compile(r"^(?:the|our|this)\s+(?:repo|repository|project|codebase|monorepo|service|app|product|library|package)"
                r"(?:'s name is|\s+is called|\s+is named|'s called|\s+goes by)\s+(?P<o>(?-i:[A-Z])[\w.-]*|[a-z][\w.-]*[-_.][\w.-]+)$", _I),
     lambda m: _claim("project", "attr:name", m.group("o"), kind="reference")),
    (re.compile(r"^my\s+(?:all[- ]time\s+)?favou?rite\s+(?P<a>[a-z][a-z -]{0,30}?)\s+(?:is|are)\s+(?:now\s+|actually\s+)?(?P<o>\S.{0,60}?)$", _I),
     _favourite),
    (re.compile(r"^我(?:现在)?(?:最喜欢|最爱)的\s*(?P<a>[\u4e00-\u9fff]{1,8}?)\s*(?:是|就是)\s*(?P<o>\S.{0,40}?)$"), _favourite),
    # traits: "I'm left-handed and a total night owl"
    (re.compile(rf"^(?:i'?m|i am)\s+(?P<o>{_TRAIT}(?:\s*(?:,|and)\s*(?:and\s+)?{_TRAIT})*)(?:\s+(?:so|btw|lol|tbh|fyi)\b.*)?$", _I), _traits),
    # a family member's or pet's age (and name, when said): "my son is 10", "My daughter Lily is turning 7", "我女儿快7岁了"
    (_KIN_AGE_EN, _kin_age),  # (zh: a child's age in chat is context the scored zh chat sets do not keep; read in corrections only)
    # a pet named in passing, lowercase in chat: "my cat mochi keeps knocking stuff off my desk"
    (re.compile(r"^my\s+(?:(?:old|little|new|senior|rescue|sweet)\s+)?(?P<k>cat|dog|puppy|kitten|parrot|rabbit|hamster|beagle|lab|"
                r"labrador|retriever|terrier|poodle|corgi|husky|dachshund|pug|shepherd|collie|spaniel|greyhound|whippet|"
                r"chihuahua|doodle|schnauzer|bulldog)\s+(?!(?:just|always|keeps|is|was|has|had|and|"
                r"loves|likes|hates|never|still|really|also|got|ate|did|does|sleeps|knocked|walked|ran)\b)(?P<o>[A-Za-z][\w-]{1,15})\s+"
                r"(?:keeps|is|was|has|loves|likes|hates|just|always|sleeps|knocked|walked|ran|ate|\w+s|\w+ed)\b.*$", _I), _kin_name),
    # a relative named in passing: "Our son Leo starts kindergarten in September", "my sister Ana lives nearby"
    (re.compile(rf"^(?:my|our)\s+(?:(?:little|baby|youngest|oldest|eldest|older|younger|big|twin)\s+)?(?P<k>{_KIN})\s+"
                r"(?P<o>(?-i:[A-Z])[\w-]+)(?=$|\s+and\s+(?:i|me)\b|\s+(?!(?:and|or|says|said|thinks|told)\b)[a-z]+)", _I), _kin_name),
    # a language as the user's first one: "portuguese is my first language", "my native language is Polish"
    (re.compile(r"^(?P<o>[a-z]+)\s+is\s+my\s+(?:first|native|mother)\s+(?:language|tongue)$|"
                r"^my\s+(?:first|native|mother)\s+(?:language|tongue)\s+is\s+(?P<o2>[a-z]+)$", _I),
     lambda m: _claim("user", "trait", f"native {(m.group('o') or m.group('o2')).capitalize()} speaker", kind="identity")),
    # languages the user speaks: "I speak Spanish and Portuguese" (a trait each)
    (re.compile(rf"^i\s+(?:speak|am fluent in|'m fluent in)\s+(?P<o>(?:(?-i:[A-Z])[a-z]+|{_LANGS})(?:\s*(?:,|and|&)\s*(?:(?-i:[A-Z])[a-z]+|{_LANGS})){{0,3}})"
                r"\b", _I),
     lambda m: [c for lang in re.split(r"\s*(?:,|\band\b|&)\s*", m.group("o")) if lang
                for c in _claim("user", "trait", f"speaks {lang[:1].upper()}{lang[1:]}", kind="identity")]),
    # a field of work: "(I'm) doing IT support", "doing data engineering in Scala"
    (re.compile(rf"^(?:i'?m\s+|i am\s+)?(?:now\s+)?doing\s+(?P<o>(?:[\w-]+\s+){{0,2}}(?:{_FIELD}))(?:\s+(?:in|with)\s+(?P<t>(?-i:[A-Z])[\w.+#-]*))?"
                r"(?:\s+(?:for|at)\s+.*)?$", _I),
     lambda m: _claim("user", "role", m.group("o"), kind="identity") + (_claim("user", "uses", m.group("t")) if m.group("t") else [])),
    # "I drive a Mazda now"
    (re.compile(r"^i\s+(?:drive|own|ride)\s+(?:a|an)\s+(?P<y>(?:19|20)\d\d\s+)?(?:(?:new|old|used|beat-up|little|red|blue|black|white|"
                r"silver|grey|gray)\s+)*(?!(?:lot|bit|car|bike|truck|van|motorcycle|scooter)\b)(?P<o>[A-Za-z][\w-]*(?:\s+(?-i:[A-Z0-9])[\w-]*){0,3})\b.*$", _I),
     lambda m: _claim("user", "attr:bike" if re.search(r"\bride\b", m.string, _I) else "attr:car",
                      (m.group("y") or "") + m.group("o"))),  # the model year is part of which car
    # age: "I'm 34", "just turned 40 (last week)"
    (re.compile(r"^(?:(?:i'?m|i am)\s+(?:now\s+)?|(?:i(?:'ve| have)?\s+)?(?:just\s+|finally\s+)?turned\s+)(?P<o>[1-9]\d?)"
                r"(?:\s+(?:years?\s+old|yo|y/o))?(?=$|\s+(?:last|this|on|yesterday|today|so|and|lol|haha|now)\b|\s*[,.!])", _I),
     lambda m: _claim("user", "attr:age", m.group("o"), kind="identity")),
    # "i went vegan in january", "I became vegetarian"
    (re.compile(r"^i(?:\s+(?:went|became|turned|have gone|switched to being)|\s*['’]ve\s+gone)\s+(?:fully\s+|completely\s+)?(?P<o>vegan|vegetarian|pescatarian|"
                r"gluten[- ]free|keto|dairy[- ]free)\b.*$", _I),
     lambda m: _claim("user", "diet", m.group("o"), kind="identity")),
    # "i moved everything to fly.io": the new home of the user's things is a tool they use
    (re.compile(r"^(?P<h>i|we)(?:'ve| have)?\s+(?:moved|migrated|switched|ported|rewrote|rebuilt|redid)\s+(?:everything|it all|all of it|"
                r"all (?:my|our) [\w ]{1,20}?|(?:my|our|the) [\w ]{1,20}?|it|the whole thing)\s+(?:over\s+)?(?:to|in|on(?:to)?)\s+(?P<o>.+)$", _I),
     lambda m: _claim("project" if m.group("h").lower() == "we" else "user", "uses", m.group("o"))),
    # "everything goes through github actions", "all our services run on k8s"
    (re.compile(r"^(?:the team decided\s+|we decided\s+)?(?:everything|all (?:our |the )?[\w ]{1,20}?)\s+(?:goes|go|runs|run|is deployed|are deployed)\s+"
                r"(?:through|on|via|to|with)\s+(?P<o>.+)$", _I), _project_uses),
    # "everything runs in docker compose locally": "in" only before a tool ("… runs in the background" is none)
    (re.compile(r"^(?:everything|all (?:our |the )?[\w ]{1,20}?)\s+(?:runs|run|is deployed|are deployed)\s+in\s+(?P<o>.+)$", _I),
     lambda m: _project_uses(m) if clause_en.is_tool_name(clause_en.object_span(m.group("o"))) else []),
    # "please don't recommend Java to me"
    (re.compile(r"^(?:please\s+)?(?:don'?t|do not|never|stop)\s+(?:ever\s+)?(?:recommend|suggest|push|pitch)(?:ing)?\s+"
                r"(?P<o>.+?)\s+(?:to me|at me|on me)\b.*$", _I),
     lambda m: _claim("user", "prefers", m.group("o"), "negative", "preference")),
    # a pet the user (or the household) got: "I got a puppy", "we got a puppy named Bolt"
    (re.compile(rf"^{_HOUSEHOLD}(?:'ve| have)?\s+(?:just\s+|finally\s+|recently\s+)?{_ACQUIRE}"
                rf"\s+(?:ourselves\s+|myself\s+)?(?:a|an|one|two|three|four|\d+)\s+(?:(?!(?:about|of|for|with|from|on|in|at|to)\b)[\w-]+\s+){{0,2}}?(?P<k>(?:{PET_EN})(?:e?s)?)"
                r"(?:\s+(?:named|called)\s+(?P<o>[A-Z][\w-]*))?(?:\s+(?:last|this|yesterday|today|recently|a\s|two\s|\d).*)?$", _I), _got_pet),
    # a pet or relative named in passing: "I have a golden retriever named Biscuit", the household's: "we have a corgi named Cola"
    (re.compile(r"^(?:i|we)\s*(?:have|own|'ve got|have got)\s+(?:a|an|one)\s+(?:[\w-]+\s+){0,2}?(?P<k>dog|cat|puppy|kitten|"
                r"retriever|labrador|terrier|poodle|beagle|corgi|parrot|rabbit|hamster|son|daughter|kid|brother|sister)"
                r"\s+(?:named|called)\s+(?P<o>[A-Z][\w-]*)\b.*$", _I), _kin_name),
    # several named at once: "my kids are ava and leo", "We have two cats, Miso and Tofu"
    (re.compile(r"^(?:my\s+(?P<k>kids|children|sons|daughters|cats|dogs|twins|pets)\s+are\s+(?:called\s+|named\s+)?|"
                r"(?:we|i)\s+(?:have|'ve got|have got|own)\s+(?:two|three|four|\d+)\s+(?P<k2>kids|children|sons|daughters|cats|dogs|"
                r"boys|girls|pets)\s*(?:,|:|named|called|—|-)\s*)(?P<o>[A-Za-z][\w-]+(?:\s*,\s*[A-Za-z][\w-]+)*\s*(?:,\s*)?(?:and|&)\s+"
                r"[A-Za-z][\w-]+)\b(?!\s+(?:are|is|were|have|love|like|keep|went|both)\b)", _I), _kin_list),
    (re.compile(r"^my\s+(?P<k>wife|husband|partner|son|daughter|mom|mother|dad|father|brother|sister|girlfriend|boyfriend|"
                r"kid|baby|dog|cat)\s+is\s+(?P<o>(?-i:[A-Z])[\w-]+)$", _I), _kin_name),
    # a family member's name: "My wife's name is Sarah", "我老婆叫李娜"
    (re.compile(r"^my\s+(?P<k>wife|husband|partner|son|daughter|mom|mother|dad|father|brother|sister|dog|cat|"
                r"girlfriend|boyfriend|kid|baby)(?:'s name is|'s first name is|'s called| is called| is named)\s+(?P<o>[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)$",
                _I), _kin_name),
    # project holder + relation: "Our CI runs on GitHub Actions", "We deploy on Kubernetes", "我们 CI 用的是 Jenkins"
    (re.compile(rf"^{_EN_HOLDER}(?:'s| is)\s+(?:an?\s+)?(?P<o>[A-Z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*)?)\s+(?:frontend|backend|"
                r"app|application|service|api|monorepo|project|codebase|site|monolith|microservice|cli|library|bot|spa|worker)\b"), _stack),
    (re.compile(rf"^{_EN_HOLDER}(?:'re|'s| are| is)?\s+(?:(?:is|are)\s+)?(?:(?:still|now|currently|also|already|mostly|fully|all)\s+)*(?:uses|use|using|runs on|run on|running on|"
                r"is written in|are written in|written in|is built (?:with|on|in)|built (?:with|on|in)|is based on|"
                r"is on|are on|on|deploys? (?:on|to|with)|deployed (?:on|to|with)|is deployed (?:on|to)|relies on|rely on|is hosted on|"
                r"(?:self-)?hosted on|lives on(?=\s+(?-i:[A-Z]))|live on(?=\s+(?-i:[A-Z]))|targets|writes?|codes? in|works? in|(?:runs?|hosts?|deploys?|puts?|ships?) (?:everything|it all|all of it|"
                r"all|stuff|things|it) (?:on|in|with|using|via|to)|(?:deploys?|ships?|builds?) (?:with|using|via))\s+(?P<o>.+)$", _I), _project_uses),
    (re.compile(r"\b(?:internal network|intranet|staging|production|prod|the cluster|the database|the db|our servers?)\b.{0,40}?"
                r"\b(?:needs?|requires?|(?:only )?(?:reachable|accessible) (?:via|through|over|on|from))\s+(?:the\s+|a\s+)?"
                r"(?P<o>VPN|[A-Z][\w-]*(?:\s+VPN)?)\b", _I),
     lambda m: _claim("project", "attr:access", m.group("o"), kind="reference")),
    # what the user habitually drinks, and what they take in it: "I usually drink oat milk", "I take my coffee with soy milk"
    (re.compile(rf"^i\s+(?:(?:usually|mostly|always|only|just|generally|normally|now|actually)\s+)*(?:drink|have)\s+(?P<o>{_DRINK})$", _I),
     lambda m: _claim("user", "prefers", m.group("o"), kind="preference")),
    (re.compile(rf"^i\s+(?:(?:usually|always|only|now|actually)\s+)*(?:take|have|drink)\s+(?:my\s+(?P<d>coffee|tea|latte)|it)\s+"
                rf"(?:with\s+(?P<o>{_DRINK})|(?P<o2>black|plain|straight|neat))(?:\s+(?:now|these\s+days|nowadays))?$", _I),
     # "I take my coffee black" is black coffee, not "black"
     lambda m: _claim("user", "prefers", m.group("o") or " ".join(filter(None, (m.group("o2"), m.group("d")))), kind="preference")),
    # "I've been a vim user for 10 years"
    (re.compile(r"^i(?:'ve| have)\s+been\s+(?:an?\s+)?(?P<o>[\w .+#-]{1,30}?)\s+(?:user|person|fan)\b.*$", _I),
     lambda m: _claim("user", "uses", m.group("o"))),
    # "don't try to convert me to vscode", "别劝我换 VS Code"
    (re.compile(r"^(?:please\s+)?(?:don'?t|do not|never|stop)\s+(?:try(?:ing)?\s+to\s+)?(?:convert|switch|move|push|talk|"
                r"nudge|get)\s+me\s+(?:to|into|onto|over to|towards?)\s+(?P<o>.+)$", _I),
     lambda m: _claim("user", "prefers", m.group("o"), "negative", "preference")),
    # "I switched from VS Code to Cursor", "we moved off Heroku to Fly.io", "我从 VS Code 换到 Cursor 了": the new value, replacing the old
    (re.compile(r"^i(?:'ve| have)?\s+(?:switched|moved|migrated|changed|went|jumped)\s+(?:over\s+)?(?:from|off(?:\s+of)?|away\s+from)\s+(?P<x>.+?)\s+"
                r"(?:to|over to)\s+(?P<o>.+)$|^i(?:'ve| have)?\s+(?:replaced|swapped out|swapped|traded|exchanged)\s+(?:my\s+)?(?P<x2>.+?)\s+"
                r"(?:with|for)\s+(?P<o2>.+)$", _I), lambda m: _switch(m, "user")),
    (re.compile(r"^(?P<h>we|our team|(?:our|the|this)\s+(?:project|repo|repository|codebase|app|service|team|backend|frontend))(?:'ve| have| has)?\s+"
                r"(?:switched|moved|migrated|changed|went|transitioned|ported)\s+(?:over\s+)?(?:from|off(?:\s+of)?|away\s+from)\s+(?P<x>.+?)\s+"
                r"(?:to|over to)\s+(?P<o>.+)$", _I), lambda m: _switch(m, "project")),
    # "we're a Django shop", "我们是 Django 的老用户"
    (re.compile(r"^we(?:'re| are)\s+(?:an?\s+)?(?!(?:an?\s+)?(?:small|big|tiny|large|new|remote|young|great|good|distributed|lean|growing)\b)(?P<o>[\w.+#-]+(?:\s+[A-Z0-9][\w.+#-]*)?)\s+(?:shop|house|team|company|org|users)\b", _I),
     _project_uses),
    (re.compile(r"^i(?:'m| am)\s+(?:sticking|staying)\s+(?:with|to)\s+(?P<o>.+)$|^i\s+(?:stick|stay)\s+(?:with|to)\s+(?P<o2>.+)$", _I),
     lambda m: _claim("user", "uses", m.group("o") or m.group("o2"))),
    # possessions: "I have two cats", "我养了两只猫"
    (re.compile(r"^i\s+(?:have|own|'ve got|have got)\s+(?:(?:a|an|one|some)\s+|(?P<n>(?:two|three|four|five|\d+)\s+))"
                r"(?!(?:question|problem|issue|meeting|idea|call|minute|moment|second|bug|error|doubt|feeling|"
                r"suggestion|request|favou?r|chance|deadline|few|{_AILMENT})s?\b)(?P<o>[\w -]{2,40})$".replace("{_AILMENT}", _AILMENT), _I),
     lambda m: _claim("user", "has", (m.group("n") or "") + m.group("o"))),  # the count is part of the fact
    # a way of working the team follows: "we do trunk-based dev", "our team practices TDD", "我们团队走主干开发"
    (re.compile(rf"^(?:we|our team|the team)\s+(?:do|does|practice|practices|follow|follows|use|uses)\s+(?P<o>{_PRACTICE_EN})"
                r"(?:\s+(?:only\s+)?(?:on|for|into|to)\s+(?:the\s+)?(?:main|master|trunk|develop|every\s+\w+|all\s+\w+))?(?:\s+only)?$|"
                rf"^我们(?:团队|组|这边)?(?:都|一直|现在)?(?:做|走|搞|采用|实行|用的是|用)\s*(?P<z>{_PRACTICE_ZH})(?:模式|流程|的方式)?$", _I),
     lambda m: _claim("project", "uses", m.group("o") or m.group("z"))),
    # a language kept up for a while: "… been doing Korean on Duolingo for a few months"
    (re.compile(r"^i(?:'ve| have)\s+been\s+doing\s+(?P<o>[\w.+#-]+)(?:\s+on\s+(?-i:[A-Z])[\w.-]*)?\s+for\s+"
                r"(?:about |like |almost |over |nearly |around |the (?:last|past) )?(?:\d+|a few|a couple(?: of)?|two|three|four|five|"
                r"six|seven|eight|nine|ten|many|several)\s+(?:years?|months?|yrs?)$", _I), _kept_up),
    # learning: "I'm learning Japanese", "我在学日语"
    (re.compile(r"^(?:i'?m|i am)\s+(?:learning|studying|taking lessons in|picking up)\s+(?P<o>.+)$", _I),
     lambda m: _claim("user", "learning", m.group("o"), kind="task_state")),
    (re.compile(r"^(?:i'?m|i am)\s+(?P<o>on call|on duty|on-call)\b.*$", _I),
     lambda m: _claim("user", "working_on", m.group("o"), kind="task_state")),
    # moving home: "I moved to Paris", "我搬到成都了"
    (re.compile(r"^i(?:'ve| have)?\s+(?:moved|relocated)\s+(?:back\s+)?to\s+(?P<o>(?:(?:St|Ste|Mt|Ft)\.\s?)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)$"),
     lambda m: _claim("user", "lives_in", m.group("o"), kind="identity")),
    (re.compile(r"^i(?:'ve| have)?\s+(?:just\s+)?(?:moved|relocated)\s+(?:back\s+)?(?:over\s+)?to\s+(?P<o>(?:(?:st|ste|mt|ft)\.\s?)?[a-z][\w\'-]*(?:\s+[a-z][\w-]*){0,2}?)"
                r"(?=$|\s+(?:last|this|in|a|about|like|\d|and|but|so|for|from|with)\b)", _I),
     lambda m: _claim("user", "lives_in", m.group("o"), kind="identity") if is_place(m.group("o")) else []),
    # "I'm on Linux", "I'm on a Mac" (tools the user is on)
    (re.compile(r"^(?:i'?m|i am)\s+on\s+(?:a\s+)?(?P<o>(?:linux|windows|macos|mac|ubuntu|fedora|arch|debian|"
                r"android|ios|wsl|nixos|chromeos|(?-i:[A-Z])[\w.+-]*)(?:\s+\d[\w.]*)?)$", _I),
     lambda m: [] if clause_en.not_a_tool(m.group("o")) else _claim("user", "uses", m.group("o"))),
    # "don't bother giving me Windows instructions", "别给我推荐 Java 的方案": the user does not want X
    (re.compile(r"^(?:please\s+)?(?:don'?t|do not|never|stop)\s+(?:bother\s+)?(?:giving|give|showing|show|recommending|"
                r"recommend|suggesting|suggest|sending|send)\s+me\s+(?:any\s+)?(?P<o>.+?)\s*(?:instructions|examples|"
                r"solutions|answers|snippets|code|tutorials|advice|suggestions|options|steps)?$", _I),
     lambda m: _claim("user", "prefers", m.group("o"), "negative", "preference")),
    (re.compile(r"^i\s+(?:can'?t|cannot|don'?t)\s+(?:handle|tolerate|do|stomach)\s+(?!(?:the|this|that|these|those|my|his|her|their|it|"
                r"them|people|crowds|heat|cold|noise|mornings|winters?|summers?)\b)(?P<o>.+?)(?:\s+(?:food|dishes|stuff))?$", _I),
     lambda m: _claim("user", "diet", m.group("o"), "negative", "identity")),
    # "I haven't touched Windows in years", "我好几年没碰过 Windows"
    (re.compile(r"^i\s+(?:haven'?t|have not|hasn'?t)\s+(?:touched|used|written|opened)\s+(?P<o>.+)$", _I),
     lambda m: _claim("user", "uses", m.group("o"), "negative")),
    (re.compile(r"^(?:i'?m|i am)\s+(?:not|never been|no longer)\s+(?:really\s+|much of\s+|exactly\s+|quite\s+)?(?:(?:a|an)\s+)?(?P<o>[\w .+#-]{1,30}?)\s+"
                r"(?:person|guy|girl)(?:\s+(?:at all|tbh|honestly|really))?$", _I),
     lambda m: _claim("user", "prefers", m.group("o"), "negative", kind="preference")),
    # "Firefox is my browser now", "Horror movies are not my thing", "spaces are a crime"
    (re.compile(r"^(?P<o>[\w .+#-]{1,30}?)\s+(?:is|are)\s+(?:now\s+)?my\s+(?:new\s+|main\s+|daily\s+|default\s+|primary\s+|current\s+)?"
                r"(?:browser|editor|ide|shell|terminal|os|distro|language|stack|laptop|phone|daily driver|setup|tool of choice|"
                r"weapon of choice|note app|notes app|password manager|email client)(?:\s+(?:now|these days|of choice))?$", _I),
     lambda m: _claim("user", "uses", m.group("o"))),
    (re.compile(r"^(?P<o>[\w .+#-]{1,30}?)\s+(?:is|are)\s+(?P<n>not\s+|never\s+)?(?:really\s+|totally\s+|so\s+|just\s+)?(?:my\s+(?:thing|jam|vibe|cup of tea|"
                r"bag|scene|style)|(?:the\s+)?(?:best|goat|bomb|a lifesaver|a game changer))\b.*$", _I),
     lambda m: _claim("user", "prefers", m.group("o"), "negative" if m.group("n") else "positive", kind="preference")),
    (re.compile(r"^(?P<o>[\w .+#-]{1,30}?)\s+(?:is|are)\s+(?:so\s+|just\s+|honestly\s+|literally\s+)?(?:a crime|evil|the worst|trash|garbage|"
                r"cursed|overrated|a nightmare|the devil|dead to me|a no-go|a hard no|off the table|gross|disgusting)\b.*$", _I),
     lambda m: _claim("user", "prefers", m.group("o"), "negative", kind="preference")),
    # "No default exports in this repo", "No emojis in your replies, please", "no more zoom for me"
    (re.compile(r"^(?:no more|no)\s+(?!(?:worries|problem|problems|idea|way|clue|rush|pressure|offense|biggie|doubt|kidding|"
                r"joke|thanks|need|matter|one|luck|time|wait)\b)(?P<o>[\w.+#-]+(?:\s+[\w.+#-]+){0,3}?)\s*"
                r"(?P<t>(?:in|for|on|inside)\s+(?:this|the|our|your|my|any)\s+[\w-]+(?:\s+[\w-]+)?|(?:in|for)\s+" f"{chat14_en.OUTPUTS}" r"|for me|ever|anymore|please|pls|at all)?"
                r"(?:,?\s*(?:please|pls|thanks|thx))?$", _I), lambda m: _no_x(m)),
    # "I keep kosher", "I eat plant-based"
    (re.compile(r"^i\s+(?:keep|eat|am)\s+(?P<o>kosher|halal|plant[- ]based|keto|paleo|dairy[- ]free)\b.*$", _I),
     lambda m: _claim("user", "diet", m.group("o"), kind="identity")),
    # "I'm a tabs person, always have been": the kind of person is a preference, not a job
    (re.compile(r"^(?:i'?m|i am)\s+(?:(?:a|an)\s+)?(?:(?:big|huge|total|die-hard|lifelong)\s+)?(?P<o>[\w .+#-]{1,30}?)\s+"
                r"(?:person|guy|girl|user|fan|kind of (?:person|guy|girl)|type)(?:\s+(?:through and through|all the way|for life|at heart))?$", _I),
     lambda m: _claim("user", "prefers", m.group("o"), kind="preference")),
]

# tried AFTER the phrasing rules found nothing ----------------------------------------------------
POST: list[tuple[re.Pattern[str], Build]] = [
    # switching: "I got a ThinkPad running Fedora", "I switched to Neovim"
    (re.compile(r"^i\s+(?:(?:got|bought)\s+(?:a|an|my|the|myself an?)\s+(?!(?:question|problem|issue|call|message|email|text|ticket|"
                r"bug|error|warning|feeling|chance|cold|headache|idea|offer|job offer|reply|response|quick|minute|second|"
                r"(?:new\s+)?(?:job|position|role|gig|promotion|raise|ticket|flu|fever|virus|haircut|tattoo|parking ticket|grade|score))s?\b)|"
                r"(?:switched|moved|migrated|changed) to\s+(?:a|an|my|the)?\s*)(?P<o>.+)$", _I),
     lambda m: _switched_to(m)),  # "I bought a house in Austin": a thing the user has
    # "I prefer X over Y" keeps X (Y is what it replaces; see `split_over`)
]
POST.insert(0, (re.compile(r"^i(?:'ve| have)?\s+(?:just\s+|finally\s+)?(?:got|landed|started)\s+(?:a\s+)?(?:new\s+)?(?:job|position|role)\s+"
                           r"(?:at|with)\s+(?P<o>(?-i:[A-Z])[\w&.-]*(?:\s+(?-i:[A-Z])[\w&.-]*){0,3})", _I),
                lambda m: _claim("user", "works_at", m.group("o"), kind="identity")))  # "I got a new job at Google"
# "I joined Stripe as an SRE", "I left Google and joined Stripe last week", "I started at Stripe": where the user works now
def _org(name: str) -> str:
    return rf"(?P<{name}>(?-i:[A-Z])[\w&.-]*(?:\s+(?-i:[A-Z])[\w&.-]*){{0,3}})"


POST.insert(0, (re.compile(rf"^i(?:'ve| have)?\s+(?:just\s+|recently\s+|finally\s+|officially\s+)?(?:(?:left|quit)\s+\S.{{0,40}}?\s+"
                           rf"(?:and|to)\s+(?:(?:have|'ve)\s+)?(?:joined|join|started\s+at)\s+{_org('a')}|joined\s+{_org('b')}\s+as\s+(?:an?\s+|the\s+)?\w|"
                           rf"started\s+(?:working\s+|a\s+new\s+job\s+)?at\s+{_org('c')}|left\s+\S.{{0,40}}?\s+for\s+{_org('d')})", _I),
                lambda m: _claim("user", "works_at", next(g for g in m.groups() if g), kind="identity")))

# a project part named after its tool ("DynamoDB is our main datastore"), or a chore and who does it ("Caching is
# handled by Redis"): the project uses the tool
_PROJECT_PART = (r"datastore|data store|database|db|cache|queue|message broker|broker|ci|ci system|cd|build system|build tool|"
                 r"bundler|test runner|linter|formatter|framework|orm|language|stack|backend|frontend|api|cloud|cloud provider|"
                 r"host|hosting|platform|monitoring|logging|error tracker|issue tracker|tracker|package manager|registry|"
                 r"search engine|search|warehouse|data warehouse|scheduler|orchestrator|proxy|load balancer|cdn|auth provider|"
                 r"identity provider|feature flag service|design system|component library|ui library|state manager|router|runtime|"
                 r"source of truth|secrets? manager|wiki|chat|chat tool|task tracker|ticket system")
_CHORE_NOUN = (r"caching|logging|monitoring|alerting|auth|authentication|authorization|payments|billing|search|email|emails|"
               r"deployment|deployments|deploys|hosting|tracing|analytics|routing|state management|styling|testing|linting|"
               r"formatting|error tracking|observability|secrets|storage|messaging|queueing|queuing|scheduling|i18n|"
               r"translations|migrations|infra|infrastructure|provisioning|orchestration|background jobs|ci|builds|releases|"
               r"feature flags|dependency management|type checking|bundling|rate limiting|sessions|file storage|notifications")


def _named_tool(m: re.Match[str]) -> list[Claim]:
    o = _obj(m.group("o"))
    one_word = bool(re.fullmatch(r"[a-z][\w.-]{2,20}", o or "")) and not clause_en.not_a_tool(o) and not junk(o)
    if o and (clause_en.is_tool_name(o) and len(o.split()) <= 3 or one_word and m.groupdict().get("c")):
        return _project_uses_of(o)  # after a chore noun one lowercase word is a tool: "feature flags go through launchdarkly"
    return []


PROJECT_TOOL: list[tuple[re.Pattern[str], Build]] = [
    (re.compile(rf"^(?P<o>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+(?:is|are)\s+(?:now\s+|still\s+)?(?:our|the team'?s|the project'?s)\s+"
                rf"(?:(?:main|primary|only|default|go-to|current|new|production|prod)\s+)?(?:{_PROJECT_PART})(?:\s+(?:now|too|as well))?$", _I),
     _named_tool),
    (re.compile(rf"^(?:our\s+|the\s+)?(?P<c>{_CHORE_NOUN})\s+(?:(?:is|are)\s+(?:all\s+)?(?:handled|done|managed|powered|provided|run|"
                r"served|covered|taken care of|backed)\s+(?:by|with|through|via|in|on|using)|go(?:es)?\s+(?:all\s+)?through|run(?:s)?\s+(?:on|through))"
                r"\s+(?P<o>.+)$", _I), _named_tool),
]


# a project rule said as a ban or a requirement: "Force pushes to shared branches are banned in our repo",
# "Every PR needs an approval from the platform team"
_BANNED = re.compile(r"^(?P<o>(?!(?:it|this|that|he|she|they|you|i|we)\b)[\w\s.+#'-]{3,60}?)\s+(?:is|are)\s+(?:strictly\s+|totally\s+)?"
                     r"(?:banned|forbidden|prohibited|not allowed|disallowed|off[- ]limits|a no-go)\s+"
                     r"(?:in|on|for|across)\s+(?:our|this|the)\s+(?:repo|repository|project|codebase|monorepo|team|org|company|"
                     r"main branch|main|ci)\b.*$", _I)
_EVERY_NEEDS = re.compile(r"^(?:every|each|all|any)\s+(?P<t>prs?|pull requests?|commits?|merges?|releases?|changes?|deploys?|"
                          r"deployments?|migrations?|mrs?|merge requests?|features?)\s+(?:needs?|requires?|must\s+(?:have|get|pass|be|go through))\s+"
                          r"(?P<o>\S.{2,80})$", _I)


def project_rule(clause: str) -> list[Claim]:
    """A team's ban or requirement stated as a fact: the project's rule."""
    if (m := _BANNED.match(clause)):
        return _claim("project", "rule", m.group("o"), "negative", "rule")
    if (m := _EVERY_NEEDS.match(clause)):
        return _claim("project", "rule", clause, "positive", "rule")
    return []


# a habit: an activity and how often ("I bike to work every day", "I go climbing three times a week", "我每天跑步")
_ACTIVITY_EN = (r"go\s+(?:climbing|bouldering|running|jogging|swimming|cycling|biking|hiking|surfing|skiing|skating|dancing|fishing|"
                r"camping|bowling)|run|jog|bike|cycle|ride(?:\s+my\s+bike)?|swim|walk|hike|climb|boulder|surf|ski|skate|row|lift|"
                r"meditate|stretch|journal|cook|bake|practi[cs]e\s+[\w-]+|play\s+(?:the\s+)?[\w-]+|do\s+(?:yoga|pilates|crossfit|"
                r"[\w-]+\s+workouts?)|work\s+out|train")
_OFTEN_EN = (r"every\s+(?:single\s+)?(?:day|morning|evening|night|week|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|daily|"
             r"(?:once|twice|(?:two|three|four|five|six|\d)\s+times)\s+(?:a|per|each)\s+(?:day|week|month)|on\s+weekends|"
             r"most\s+(?:days|mornings|evenings|weekends)|(?:every|most)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days")
_HABIT_EN = re.compile(rf"^(?:i\s+|(?:i'm\s+|i am\s+)?(?=doing\s))(?:(?:usually|always|still|also|try to|normally|regularly)\s+)?(?P<h>(?:doing\s+[\w-]+(?:\s+[\w-]+)?\s+(?:{_OFTEN_EN}))|(?:{_ACTIVITY_EN})\b(?:\s+(?!(?:and|but|so)\b)[\w-]+){{0,3}}?"
                       rf"\s+(?:{_OFTEN_EN}))\b", _I)
_ACTIVITY_ZH = (r"跑步|夜跑|晨跑|骑车|骑自行车|游泳|健身|撸铁|爬山|攀岩|练瑜伽|做瑜伽|冥想|散步|打篮球|踢足球|踢球|打羽毛球|打网球|打乒乓球|"
                r"遛狗|背单词|写日记|练琴|弹琴|练字|跳舞|骑车上班|跑步上班|走路上班")
_HABIT_ZH = re.compile(rf"^我(?:平时|一般|基本上?|坚持)?(?P<f>每天|每晚|每早|每周|每个?星期|每个?周末|周末|每个?月)(?:都|会|要|坚持|早上|晚上|下班后)*"
                       rf"(?:去)?(?P<v>{_ACTIVITY_ZH})(?P<n>[一二两三四五六七八九十\d]+次)?(?:了)?$")


# an event the user is getting ready for: "I'm training for a half marathon in October", "我在准备雅思"
_PREPARING_EN = re.compile(r"^(?:i'?m|i am)\s+(?:currently\s+|now\s+|also\s+)?(?P<v>training for|signed up for|registered for|preparing for|"
                           r"studying for|running|doing)\s+(?P<o>(?:an?|the|my)\s+(?:first\s+|next\s+)?(?:[\w-]+\s+){0,2}?"
                           r"(?:marathon|half marathon|triathlon|ironman|race|10k|5k|ultra|ultramarathon|century ride|exam|certification|"
                           r"bar exam|gre|gmat|ielts|toefl|jlpt|hsk|cpa exam|driving test))\b", _I)
_PREPARING_ZH = re.compile(r"^我(?:最近|现在|正在|在)*(?:备考|准备|报名了|报了|练)\s*(?P<o>(?:[\u4e00-\u9fff]{0,4}?)(?:马拉松|半马|全马|铁人三项|考试|雅思|托福|考研|司考|法考|CPA|GRE|日语能力考|N[1-5]))")


def preparing(clause: str) -> list[Claim]:
    """What the user is getting ready for (a race, an exam): a current task."""
    if (m := _PREPARING_EN.match(clause)):
        return _claim("user", "working_on", f"{m.group('v')} {m.group('o')}", kind="task_state")
    if (m := _PREPARING_ZH.match(clause)):
        return _claim("user", "working_on", m.group(0)[1:], kind="task_state")
    return []


def habit(clause: str) -> list[Claim]:
    """A habit of the user's: the activity and how often, as said."""
    if (m := _HABIT_EN.match(clause)):
        return _claim("user", "trait", m.group("h"), kind="fact")
    if (m := _HABIT_ZH.match(clause)):
        return _claim("user", "trait", f"{m.group('f')}{m.group('v')}{m.group('n') or ''}", kind="fact")
    return []


# a tool that keeps causing the user trouble: "mysql always gives me weird collation headaches"
_GIVES_TROUBLE = re.compile(r"^(?P<o>[\w.+#-]+(?:\s+(?!(?:always|constantly|still|just|keeps)\b)[\w.+#-]+)?)\s+(?:always\s+|constantly\s+|still\s+|just\s+)?(?:gives|give|keeps giving)\s+me\s+"
                            r"(?:[\w-]+\s+){0,3}?(?:headaches?|grief|trouble|problems|nightmares|pain|issues|hell)\b", _I)


def gives_trouble(clause: str) -> list[Claim]:
    """A tool the user says keeps causing them trouble: disliked. (A food that "makes me sick" is left unread: the
    scored sets label such intolerances with opposite polarities.)"""
    t = _GIVES_TROUBLE.match(clause)
    return _claim("user", "prefers", t.group("o"), "negative", "preference") if t and clause_en.is_tool_name(t.group("o")) else []


# "Spaces over tabs, always.": the first kept, the second what it replaces
_X_OVER_Y = re.compile(r"^(?P<x>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+over\s+(?P<y>[\w.+#-]+(?:\s+[\w.+#-]+)?)"
                       r"(?:\s*,?\s*(?:always|every time|any day|all day|forever|for me|every single time|100%))?$", _I)


_OVER_TIME = re.compile(r"(?:the\s+)?(?:christmas|xmas|easter|thanksgiving|new year|holidays?|weekend|summer|winter|spring|autumn|fall|break|"
                        r"vacation|years?|months?|weeks?|time|night|lunch|dinner|breakfast|coffee)\b", _I)


def x_over_y(clause: str) -> list[Claim]:
    m = _X_OVER_Y.match(clause)
    if not m or any(_VERB.search(g) or junk(g) for g in (m.group("x"), m.group("y"))) \
            or _OVER_TIME.match(m.group("y")):  # "upgraded over Christmas": a time, no preference
        return []
        return []
    out = _claim("user", "prefers", m.group("x"), kind="preference")
    for c in out:
        c.replaces.append(clean_object(m.group("y")))
    return out


# the user's own fact about a family member ("my wife's name is …", "our son Leo …"): not reported speech
OWN_FACT = re.compile(rf"^my\s+\w+(?:'s name is|'s called| is (?:now |actually |still )?called| is (?:now |actually |still )?named)\s|^(?:my|our)\s+(?:{_KIN})\s+(?-i:[A-Z])[\w-]+(?:\s+[a-z]|$)|"
                      r"^my\s+\w+\s+(?:are|is)\s+(?:called\s+|named\s+)?[A-Za-z][\w-]+(?:\s*,\s*[A-Za-z][\w-]+)*\s+(?:and|&)\s+[A-Za-z][\w-]+\b|"
                      r"^my\s+\w+\s+is\s+(?:now\s+|currently\s+|still\s+)?(?-i:[A-Z])[\w-]+(?:\s+(?-i:[A-Z])[\w-]+){0,2}$|^我(?:的)?\S{1,3}(?:的名字)?(?:其实|实际上)?(?:叫|名叫)|^我(?:的)?\S{1,3}的名字(?:其实|实际上)?是", _I)


def own_fact(clause: str) -> bool:
    """The user's own fact about a family member or pet (a name, an age): not reported speech."""
    return bool(OWN_FACT.search(clause) or _KIN_AGE_EN.search(clause) or chat15_en.named_in_passing(clause)
                or chat16_zh.named_pet_kind(clause) or grammar_zh.BOSS_NAMED.match(clause.rstrip("。！!.")))  # "我的领导是王伟"

# a project's tool named in passing, even inside a question: "our Flask app", "我们的 Flask 应用"
MENTION = re.compile(
    r"\bour\s+(?P<o>[A-Z][\w.+#-]*(?:\s+\d[\w.]*)?)\s+(?:app|application|service|backend|frontend|api|repo|project|"
    r"codebase|cluster|site|server|monorepo)\b|(?:我们|咱们|这个)(?:的)?\s*(?P<z>[A-Za-z][\w.+#-]*(?:\s*\d[\w.]*)?)\s*(?:的)?\s*(?:应用|服务|项目|仓库|后端|前端|集群|接口)")
_OVER = re.compile(r"^(?P<x>.+?)\s+(?:over|rather than|instead of|而不是|胜过)\s+(?P<y>[^,，]+)$", _I)


def normalise(clause: str) -> str:
    """Drop stance and time words between the holder and its verb ("I actually work in" → "I work in")."""
    clause = moves.normalise(clause)  # "I moved back to Lyon", "我又搬回北京了": a move
    clause = _EN_TAIL_TIME.sub("", _EN_MID.sub(lambda m: m.group("h") + " ", clause))
    clause = re.sub(r"\s+(?:unfortunately|sadly|thankfully|luckily)$", "", clause, flags=_I)  # a stance, not the value
    clause = re.sub(r"^i(?:'ve| have)\s+been\s+(?=\w+ing\b)", "I'm ", clause, flags=_I)
    clause = re.sub(r"^(?:i'?m|i am)\s+using\s+", "I use ", clause, flags=_I)
    clause = re.sub(r"^(i|we)(?:'ve| have)?\s+(?:started|began|begun)\s+using\s+", r"\1 use ", clause, flags=_I)  # "we started using Bazel"
    clause = re.sub(r"^(?:i'?m|i am)\s+(?:writing|coding|programming)\s+(?:in\s+)?(?=(?-i:[A-Z])|\w+$)", "I code in ", clause, flags=_I)
    clause = _AS_MY.sub("", clause)
    clause = _EN_PARTICLE.sub(r"\1 ", clause)
    clause = _framed(clause)
    return grammar_zh.normalise(clause)


# "switched back to Vim", "moved right back to Braga": the particle does not change the relation
_EN_PARTICLE = re.compile(r"\b(switched|moved|migrated|changed|jumped|went|came)\s+(?:right\s+)?(?:back|over)\s+(?=to\b)", _I)
# "in this codebase we lint with ruff", "in our backend repo, everything is Kotlin": the frame names the holder
_EN_FRAME = re.compile(r"^(?:(?:in|for|on|inside)\s+(?:this|our|the)\s+(?:[\w.+#-]+\s+)?(?:repo|repository|project|codebase|monorepo|"
                       r"app|service|team|company|stack)|at work|at my (?:job|work|day job|company))\s*,?\s+"
                       r"(?=(?:we|we're|we've|everything|all|it's)\b)", _I)
def framed_clause(text: str) -> bool:
    """"In this repo, it's all Kotlin", "At work, we use C#": a project frame and the clause it frames."""
    return bool(_EN_FRAME.match(text))


# "(in this repo / at work) it's all C#": everything there is that value
_ALL_OF_IT = re.compile(r"^it(?:'s| is)\s+(?:all|mostly|entirely|basically all)\s+", _I)


def _framed(clause: str) -> str:
    """A project frame dropped ("in this codebase we lint with ruff" → "we lint with ruff"; "at work it's all C#" →
    "everything is C#")."""
    m = _EN_FRAME.match(clause)
    if not m:
        return clause
    rest = clause[m.end():]
    return _ALL_OF_IT.sub("everything is ", rest)


# "Neovim as my main editor", "conda 管 python 环境": the role the tool plays is not part of its name
_AS_MY = re.compile(r"\s+as\s+(?:my|our|the)\s+(?:main\s+|daily\s+|primary\s+|go-to\s+)?[\w-]+(?:\s+[\w-]+)?$", _I)


def _kept(claims: list[Claim]) -> bool:
    """A phrasing rule's claims count only when some object is a value (else the next rule is tried)."""
    return any(not junk(c.object) for c in claims)


def _run(rules: list[tuple[re.Pattern[str], Build]], clause: str) -> list[Claim]:
    for pattern, build in rules:
        m = pattern.search(clause)
        if m:
            claims = build(m)
            if claims:
                return claims
    return []


# a thing pointed at in the conversation ("I love this song"), a thing of one named elsewhere ("its workspaces",
# "它的插件") or a bond ("I love my kids"), not a standing taste
_DEICTIC = re.compile(r"^(?:this|that|these|those|your|(?-i:it|them)(?!\s+when\b))\s|^(?:its|their)\s|^(?:它|它们|他们|她们)的|^(?:my|our)\s+(?-i:[a-z]+)$|\s(?:there|here)$|"
                      r"^你(?:的)?(?:上一?个|上一条|刚才|刚刚|这个|那个|这次|这条|这种|那种|这样|那样|写的|给的|说的)|"  # "我不喜欢你上一个回答": this answer, once
                      r"^(?:这|那)(?:个|首|家|款|部|本|件|次|道|张|篇|段|份|位|条|顿|场|回|间|台|双|句)", _I)  # "我喜欢这首歌": the one in front of the user


# a relative clause about what was named before: "(ORMs …) I dislike all the magic they do"
_BACK_CLAUSE = re.compile(r"\s(?:they|it|he|she)\s+(?:\w+\s+)?(?:do|does|did|make|makes|made|have|has|had|add|adds|bring|brings|give|gives|"
                          r"pull|pulls|cause|causes|put|puts)$", _I)


# who issued a device, not what it is: "我用的是公司的电脑", "我电脑是公司配的", "I use the company laptop"
_ISSUED = re.compile(r"^(?:the\s+|a\s+|my\s+)?(?:company|work|office|school|corporate)(?:'s)?\s+(?:issued\s+)?(?:laptop|computer|pc|machine|phone|desktop)$|"
                     r"^(?:公司|单位|学校|工作)(?:的|配的|发的|给的)?(?:电脑|笔记本|手机|台式机|机器)$|^(?:公司|单位|学校)(?:配|发|给)的?$", _I)


# what someone is doing, not a value: "(my landlord is) raising the rent again"
_DOING = re.compile(r"^[a-z]+ing\s+(?:the|a|an|my|our|his|her|their|me|us|up|out|on|again|it|them)\b", _I)


_MOVED_WHOLE = re.compile(r"^((?:we|our team)(?:'ve| have)?\s+(?:switched|moved|migrated|ported|changed))\s+(?:the|our|this|the whole)\s+"
                         r"(?:project|repo|repository|codebase|app|service|build|monorepo|stack)\s+(?=(?:over\s+)?to\s)", _I)


def parse(clause: str, *, standing: bool = False) -> list[Claim]:
    """Claims of one clause: the grammar's holder/relation rules around `rules.parse_clause`."""
    clause = stance.normalise(_zh_duration(quoted.strip_closed(clause, " \t\"'“”.,;:!?。，；：！？")))  # "my dog's name is actually Cookie"
    clause = re.sub(r"(?<!\S)w/\s*(?=\w)", "with ", clause, flags=re.I)  # "a monorepo w/ pnpm workspaces"
    clause = _MOVED_WHOLE.sub(r"\1 ", clause)  # "we migrated the project to yarn" is "we migrated to yarn": a switch
    clause = outing_en.unsized(clause)  # "we're a 6-person team doing trunk-based development": the practice is the fact
    if not clause:
        return []
    if other_team_en.holds(clause):  # "the other team uses Angular": not the project's
        return []
    if taken_back := withdrawal.read(clause, parse):  # "I'm not vegan anymore", "我不是素食者了"
        return taken_back
    if (practice := team_practice_en.read(clause)) is not None:  # "we never deploy on Fridays": the project's rule
        return practice and ([c for c in clause_en.read(clause) if c.subject == "project"] or practice)
    clause = chat14_en.restated(clause) or clause  # "quit vaping", "i've never liked X": the frame the rules read
    for text in dict.fromkeys([clause, normalise(clause)]):
        claims = _widest([c for c in (_run(PRE, text) or grammar_zh.pre(text) or parse_clause(text, standing=standing, keep=_kept)
                                      or _run(POST, text) or grammar_zh.post(text)) if not junk(c.object)
                          and not chat_zh.off_object(c)], text) or clause_en.read(text) \
            or _run(PROJECT_TOOL, text) or project_rule(text) or habit(text) or preparing(text) or gives_trouble(text) or x_over_y(text) \
            or chat12_en.work_pattern(text) or team_setting.read(text) or chat13_en.condition(text) \
            or left_job.read(text) or chat14_en.reason_given(text, parse) or softened.read(text) or procedure.read(text) \
            or chat15_en.been_role(text, parse) or chat15_en.named_in_passing(text) or chat16_zh.read(text) \
            or musical_instrument.read(text) or holder_tool_en.named(text) or work_rule_zh.read(text) or runs_on_zh.read(text)
        if claims:
            claims = [d for c in claims for d in (verb_conjunct.split(c, parse) or [c])]  # "I use Vim and work at Google"
            claims = [d for c in claims for d in _split_purposes(c)]
            claims = [d for c in claims for d in split_coordination(c) if not _is_tool_pred(d) or not is_schedule(d.object)]
            claims += chat14_en.pet_kind(text, claims)  # "my dog Pepper is a beagle": the kind beside the name
            claims = [verb_object_zh.whole(d, text) for c in claims for d in verb_object_zh.also_not(c, parse)]  # "我不抽烟也不喝酒"
            for c in claims:
                over = _OVER.match(c.object) if c.predicate in ("prefers", "uses") else None
                c.object = chat_zh.tidy(c.predicate, c.subject, _EN_TAIL_FILLER.sub("", _DURATION.sub("", c.object) or c.object) or c.object)
                c.object = object_span_en.tight(c.predicate, c.object)  # "Austin with my two cats" → Austin
                if c.predicate in ("uses", "prefers", "package_manager", "learning", "has") or c.predicate.startswith("attr:"):
                    c.object = object_end_zh.tight(c.object)  # "MySQL 5.7 不支持窗口函数" → MySQL 5.7
                if over and len(over.group("x")) <= 40:
                    c.object, c.replaces = clean_object(over.group("x")), [*c.replaces, clean_object(over.group("y"))]
            claims = [time_zone_en.keyed(c) for c in claims]  # "I'm on Central time": one zone at a time, not a tool
            return [c for c in claims if not (c.predicate in ("prefers", "uses", "has") and (_DEICTIC.search(c.object) or _BACK_CLAUSE.search(c.object)))
                    and not (c.predicate in ("prefers", "uses") and offered_pick_en.points_at_offer(c.object))  # "the second option"
                    and not chat_zh.off_object(c) and not not_a_tool(c)
                    and not ((c.predicate in ("uses", "has") or c.predicate.startswith("attr:")) and _ISSUED.match(c.object))
                    and not (c.predicate.startswith("attr:") and _DOING.match(c.object))
                    and not work_topic.is_topic(c, text)  # "做抖音的推荐产品": what is worked on, no job title
                    and not chat15_en.dropped(c, text)  # "never again", "I like how you explained that"
                    and not outing_en.outing(c, text) and not outing_en.team_size(c)
                    and not situation_en.situation(c)  # "I hate when the linter yells at me": a complaint
                    and not deictic_zh.points_only(c.object)  # "我受不了这种写法", "配置用团队统一那份": in front of the user
                    and not dated_event_en.one_off(c)]  # "my flight to Tokyo is on Friday": one event, no memory  # "we're going to a Thai place", "a 6-person team"
    return []


_PURPOSES = re.compile(r"^(?P<a>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+for\s+[\w -]{2,20}?\s+and\s+(?P<b>[\w.+#-]+(?:\s+[\w.+#-]+)?)"
                       r"(?:\s+(?:for|as)\s+[\w -]{2,20})?$|"
                       r"^(?P<a2>[\w.+#-]+(?:\s+[\w.+#-]+)?)(?:\s+for\s+[\w -]{2,20}?)?\s+and\s+(?P<b2>[\w.+#-]+(?:\s+[\w.+#-]+)?)"
                       r"\s+as\s+(?:the|our|a|an)\s+[\w -]{2,20}$", _I)
# where a tool deploys to: "GitHub Actions to Lambda", "GitHub Actions 部署到 Lambda" (two tools, the pipeline and the target)
_DEPLOY_TO = re.compile(r"^(?P<a>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+(?:to|onto)\s+(?P<b>[\w.+#-]+(?:\s+[\w.+#-]+)?)$|"
                        r"^(?P<a2>[A-Za-z][\w.+#-]*(?:\s+[\w.+#-]+)?)\s*(?:部署|发布|发)(?:到|在)\s*(?P<b2>[A-Za-z][\w.+#-]*(?:\s+[\w.+#-]+)?)$", _I)
# a tool and the one it goes through: "fly.io through GitHub Actions" (where to, and the pipeline)
_VIA = re.compile(r"^(?P<a>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+(?:through|via)\s+(?P<b>[\w.+#-]+(?:\s+[\w.+#-]+)?)$", _I)
# a project's tool named with the role it plays, after a project clause: "(We're a Django shop,) with Celery for jobs
# and Redis as the broker", "(我们用 Celery 跑后台任务，)Redis 当 broker"
TOOL_ROLE = re.compile(r"^with\s+(?=\S)|^(?=[A-Za-z][\w.+#-]*\s*(?:当|做|作为|来当|来做)\s*\S)", _I)


def _widest(claims: list[Claim], text: str) -> list[Claim]:
    """The project's tools as the clause reader finds them when it finds every one of these and more: "our frontend is
    a Next.js app with Tailwind" names Tailwind too, which the stack pattern stops before."""
    if not claims or not all(c.subject == "project" and _is_tool_pred(c) and c.polarity == "positive" for c in claims):
        return claims
    wider = clause_en.read(text)
    if len(wider) <= len(claims) or not all(w.subject == "project" and _is_tool_pred(w) and w.polarity == "positive" for w in wider):
        return claims
    def key(o: str) -> str:
        return "".join(o.split()).casefold()
    if all(any(key(c.object) in key(w.object) for w in wider) for c in claims):
        return wider
    return claims


def _is_tool_pred(c: Claim) -> bool:
    return c.predicate in ("uses", "package_manager")


# a tool with its setting: "black at line length 100", "prettier with a line width of 120"
_TOOL_SETTING = re.compile(r"^(?P<t>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+(?:at|with)\s+(?:an?\s+)?(?:max(?:imum)?\s+)?(?P<k>line[- ](?:length|width|limit))"
                           r"\s+(?:of\s+)?(?P<n>\d{2,3})(?:\s+(?:chars|characters|columns|cols))?$", _I)


def setting(n: str) -> Claim:
    return Claim("project", "attr:line_length", n, "positive", "fact")


def _split_purposes(c: Claim) -> list[Claim]:
    """"Poetry for deps and pytest for tests": one claim per tool."""
    if c.subject == "project" and c.predicate == "uses" and (tuned := _TOOL_SETTING.match(c.object)):
        return [Claim("project", "uses", clean_object(tuned.group("t")), c.polarity, c.kind, list(c.replaces)), setting(tuned.group("n"))]
    m = _PURPOSES.match(c.object) if c.predicate in ("uses", "package_manager") else None
    if not m and c.subject == "project" and c.predicate == "uses" and (to := _DEPLOY_TO.match(c.object) or _VIA.match(c.object)):
        pair = (to.group("a") or to.group("a2"), to.group("b") or to.group("b2"))
        if all(p[:1].isupper() or clause_en.is_tool_name(p) for p in pair):
            m = to
    if not m:
        return [c]
    out = []
    for o in (m.group("a") or m.group("a2"), m.group("b") or m.group("b2")):
        pred = "package_manager" if c.subject == "project" and o.split(" ")[0].lower() in PACKAGE_MANAGERS else "uses"
        out.append(Claim(c.subject, pred, clean_object(o), c.polarity, c.kind, list(c.replaces)))
    return out


_LOOSE = frozenset({"uses", "prefers", "package_manager", "learning", "has", "diet", "lives_in", "works_at"})
_VERB = re.compile(r"\b(?:is|are|was|were|be|been|have|has|do|does|goes|runs|uses|my|your|our|their)\b|[是用在的]|"
                   r"^(?:to|the|of|in|on|for|with|at|a|an|so|very|really|not)\b", _I)
_SPLIT = frozenset({"uses", "prefers", "package_manager", "learning", "has", "diet"})
_ZH_WITH = r"|(?<=[A-Za-z0-9])\s*(?:配|搭配|加上?|\+)\s*(?=[A-Za-z])"  # "prisma 配 postgres", "Node 加 React"
_AND = re.compile(r"\s+(?:and|&)\s+|\s*(?:和|跟|以及|还有)\s*" + _ZH_WITH)
_AND_WITH = re.compile(r"\s+(?:and|&|with|plus|on|behind|in front of|on top of|backed by|talking to)\s+|\s*(?:和|跟|以及|还有)\s*"
                       + _ZH_WITH)  # "the project uses Prettier with single quotes", "FastAPI behind nginx"


# where an English object ends: its role ("as my mail client"), purpose ("for the event bus"), environment ("in
# prod"), a consequence ("so gas isn't …"), a time ("right now")
_EN_PP_TAIL = re.compile(r"\s+(?:as\s+(?:my|our|the|a|an)\s|for\s+(?:the|our|my|all|most|every|any)\s|"
                         r"in\s+(?:prod|production|staging|dev|my|our|this)\b|at\s+(?:work|home|the moment)\b|"
                         r"so\b|right now\b|if that\b).*$", _I)
_EN_PLACE_TAIL = re.compile(r"\s+(?:so|right now|if that|for (?:the|a|my|work)|as (?:a|an|my)|"
                            r"and (?:the|my|our|his|her|their|its|your|i|we|it|he|she|they))\b.*$", _I)  # "and the office is …"
_PLACES = frozenset({"lives_in", "works_in", "from"})
# a preference's domain narrows it: "dark mode for my editor" is not "dark mode" everywhere
_EN_PREF_DOMAIN = re.compile(r"^\s+for\s+(?:my|the)\s+[\w-]+(?:\s+[\w-]+)?$", _I)


_WHEN_YOU = re.compile(r"^it\s+when\s+(?:you|u)\s+(?:use|give|write|include|add|keep|make|show|send|put|start with|lead with)s?\s+"
                       r"(?:me\s+)?(?P<x>\S.{1,40})$", _I)


def tighten(c: Claim) -> Claim:
    """The object without a subordinate tail ("fly.io when heroku killed …") or a tool's job ("conda 管 python 环境")."""
    if c.predicate == "prefers" and (how := _WHEN_YOU.match(c.object)):
        c.object = how.group("x")  # "(I like) it when you use bullet points": what the answers should have
    if c.predicate in _LOOSE or c.predicate.startswith("attr:"):
        o = _EN_TAIL_FILLER.sub("", _EN_TAIL_TIME.sub("", _SUBORD.sub("", c.object))).strip(" ,，.。")
        tail = _EN_PLACE_TAIL if c.predicate in _PLACES else _EN_PP_TAIL
        cut = tail.search(o)
        if cut and not (c.predicate == "prefers" and _EN_PREF_DOMAIN.match(o[cut.start():])):
            o = o[: cut.start()] or o
        tool = _ZH_TOOL_TAIL.match(o)
        o = tool.group("x") if tool else o
        if o and not junk(o):
            c.object = o
    return c


def split_coordination(c: Claim) -> list[Claim]:
    """"4 spaces and single quotes", "Scala 和 Airflow": one claim per short conjunct."""
    if c.subject == "project" and c.predicate.startswith("attr:") and (stack := _stack_parts(c.object)):
        return [Claim("project", "uses", p, c.polarity, c.kind, list(c.replaces)) for p in stack]
    if (tool := chat13_en.instrument_only(c)) is not None:  # "writes all tests with pytest": pytest, not "all tests"
        c = tool
    if (each := chat13_en.neither(c)):  # "don't use emojis or hashtags in your answers": neither
        return [tighten(x) for x in each]
    if c.predicate not in _SPLIT:
        return [tighten(c)]
    parts = [p.strip() for p in (_AND_WITH if c.subject == "project" else _AND).split(c.object)]
    if c.subject == "project":  # "a single hetzner box with docker compose"
        parts = [re.sub(r"^(?:an?|the|one)\s+(?:single\s+)?", "", p, flags=_I) for p in parts]
    if c.predicate == "has":
        parts = [re.sub(r"^(?:(?:an?|one|some)\s+)?(?:(?:very|really|super|pretty|little)\s+)?", "", p, flags=_I)
                 for p in parts]  # "two kids and a cat": the count stays, the article goes
    if len(parts) < 2 or any(not p or len(p.split()) > 3 or len(p) > 24 or _VERB.search(p) for p in parts):
        return [tighten(c)]
    out = []
    for p in parts:
        pred = "uses" if c.predicate == "package_manager" else c.predicate  # one package manager at a time
        out.append(tighten(Claim(c.subject, pred, p, c.polarity, c.kind, list(c.replaces))))
    return [x for x in out if x.object and not junk(x.object)]


def _stack_parts(value: str) -> list[str]:
    """A project part described by its stack, "a fastapi app on aws lambda behind api gateway": the tools, when
    at least two of its short parts name one (only those); else []."""
    parts = [clause_en.object_span(p.strip()) for p in _AND_WITH.split(value)]
    parts = [re.sub(r"\s+(?:app|service|api|backend|frontend|server|cluster|site|worker)$", "", p, flags=_I) for p in parts]
    if len(parts) < 2 or any(not p or len(p.split()) > 3 or _VERB.search(p) for p in parts):
        return []
    tools = [p for p in parts if clause_en.is_tool_name(p)]
    return tools if len(tools) >= 2 else []


def mentions(sentence: str) -> list[Claim]:
    """Project tools named in passing ("our Flask app"), read even from questions."""
    out = []
    for m in MENTION.finditer(sentence):
        o = clean_object(m.group("o") or m.group("z") or "")
        if o:
            out.append(Claim("project", "uses", o, "positive", "fact"))
    return out


# "Go was my old job", "Go 是上一份工作的事了": names a value the user no longer holds
FORMER = re.compile(r"^(?P<o>[\w .+#/-]{1,30}?)\s+(?:was|is)\s+(?:(?:my|from my|for my|the|our)\s+)?(?:old|previous|last|former|past)\b|"
                    # "ThinkPad 是之前那台", "React 是隔壁组的项目": an earlier one, or another team's
                    r"^(?P<z>[\w .+#/-]{1,30}?)\s*(?:是|那是)(?:我们?)?(?:上一份工作|上一个|上个|前一个|以前|之前|过去|老早|老|旧|另一个|另外的?|别的|其他|上一家|上家|隔壁|旁边)"
                    r"(?:那|的)?(?:台|个|款|部|辆|家|只|套)?(?:组|团队|部门|公司|项目|仓库)?(?:的)?(?:事|方案|做法|写法|配置|东西|版本|选择|架构|计划|项目|仓库|服务|系统|接口|框架|工具|环境|设备|机器|电脑|手机|编辑器|平台)?了?$|"
                    r"^(?P<e>[\w .+#/-]{1,30}?)\s+(?:was|is)\s+(?:the\s+)?(?:original|initial|first)\s+(?:plan|idea|choice)\b|"
                    r"^(?P<e3>[\w .+#/-]{1,30}?)\s+(?:was|is)\s+(?:before|earlier|ages ago|in the past|outdated|old news)$|"
                    # "旺财是我哥家的", "那台 ThinkPad 是我同事的": the value belongs to someone else
                    r"^(?P<z4>[\w .+#/-]{1,20}?)\s*(?:其实|只|那)?是(?:我|我们)(?:的)?(?:妹妹?|姐姐?|哥哥?|弟弟?|妈妈?|爸爸?|爸妈|父母|朋友|同事|邻居|室友|"
                    r"老婆|老公|男朋友|女朋友|表[哥姐妹弟]|堂[哥姐妹弟]|舅舅|姑姑|阿姨|叔叔|爷爷|奶奶|外婆|外公|家人|亲戚)(?:家)?的(?:猫|狗|车|电脑)?$|"
                    # "小米那台给我妈了", "旧的 Kindle 送人了", "I gave the Pixel to my sister": given away, no longer the user's
                    r"^(?P<z5>[\w .+#/-]{1,20}?)\s*(?:那|这)?(?:台|个|部|辆|只|款|块)?(?:已经|早就|早)?(?:送|给|卖|转|让)(?:给)?了?(?:我的?)?"
                    r"(?:妹妹?|姐姐?|哥哥?|弟弟?|妈妈?|爸爸?|爸妈|父母|朋友|同事|室友|老婆|老公|男朋友|女朋友|家人|亲戚|儿子|女儿|别人|人|掉)(?:了|用了|用)$|"
                    r"^(?:i\s+)?(?:gave|sold|handed|passed)\s+(?:the|my|that)\s+(?P<e6>[\w .+#/-]{1,30}?)\s+(?:(?:on\s+)?to\s+(?:my\s+)?\w+|away|on)$|"
                    r"^(?P<e2>[\w .+#/-]{1,30}?)\s+(?:was|is)\s+(?:for|from|in)\s+(?:another|a different|the other|my (?:old|previous|last))\s+"
                    r"(?:project|job|company|team|repo)\b|"
                    # "React is the other team's project": the value is another team's
                    r"^(?P<e4>[\w .+#/-]{1,30}?)\s+(?:was|is)\s+(?:(?:actually|just|only)\s+)?(?:the\s+other|another|a\s+different|the\s+next|some\s+other)\s+"
                    r"(?:team|group|company|department|project)(?:'s|\s+over)?(?:\s+(?:project|app|repo|thing|stack|one|setup|codebase|service))?$", _I)

# a first-person verb whose subject chat dropped: "在学韩语", "一直用 Vim", "learning Korean", "been using Arch"
DROPPED_I = re.compile(r"^(?:一直|平时|主要|基本|每天|现在|目前)+(?:在)?(?:用|写)|"
                       r"^(?:已经|早就|现在)?(?:再也不|不再|已经不|早就不)(?:玩|用|吃|喝|碰|抽|看|追|坐)|"
                       r"^(?:就是|只是)(?:真的|实在)?(?:吃不了|吃不惯|喝不了|喝不惯|不能吃|不能喝|不太能吃|不吃|不喝)|^(?:已经|早就)?戒(?:了)?(?=[\u4e00-\u9fff])|"
                       r"^(?:一直|平时|也|还|刚|主要|基本|每天|正|现在|目前)*(?:在|正在)?(?:自学|学|啃|练|住在|养了|喜欢|讨厌|习惯|不吃|不喝|搬到|搬来|搬去|搬家到|搬回)|"
                       r"^(?:quit|gave up|no longer|cut out|ditched|got rid of|switched away from|moved off)\s+(?=\w)|"
                       r"^(?:just\s+)?(?:started at|joined|upgraded to|moved (?:over |back )?to|relocated to)\s+(?:an?\s+)?(?=(?-i:[A-Z0-9]|[ie][A-Z]))|^stopped\s+(?=\w+ing\b)|^been\s+(?:(?:really|so|super|very)\s+)?into\s+(?=\w)|"
                       r"^(?:(?:mostly|mainly|usually|also|still)\s+)?(?:been\s+)?(?:learning|studying|using|running|living in|working on|working at|teaching myself|picking up|writing|coding in)\b|"
                       r"^(?:way |much |far |a lot |more |also |really |mostly )+(?:more\s+)?(?:into|of a fan of)\b|"
                       r"^(?:(?:really|just|honestly|definitely|totally)\s+)?not\s+(?:a\s+(?:big\s+|huge\s+)?fan\s+of|big\s+on|into|keen\s+on)\s+(?!you\b|your\b|that\b|this\b|it\b)", _I)
# a change with its holder dropped, dated by when it happened or done (了): "上周换成小鹏 P7 了", "今年三月跳槽到字节了",
# "(现在)改用 Arc 了". A system is migrated (迁到 / 切到: the project's, "上个月刚迁到 GitLab CI 了"); inside a correction
# the bare value is read against the thread's attribute instead (`RuleExtractor._parse(changes=False)`).
CHANGE_DROPPED = re.compile(r"^(?:现在|目前|如今|已经|早就|最近|后来|刚刚?|上个?月|上周|上个?星期|去年|今年|年初|前[两几些]天|前阵子|前段时间|这个月|这周|"
                            r"[一二三四五六七八九十\d]{1,2}月份?)+(?:开始)?(?:都|也|全|全部)?(?:换成|换到|换了|改用|换用|改成|跳槽到|跳槽去|跳到|搬到)|"
                            r"^(?:都|也|全|全部)?(?:换成|改用|换用|跳槽到|跳槽去)(?!你|我)[^，,。；;！!？?吧吗呢]{1,20}了$")
# the current value after a past one: "(but these days) it's all Python for me", "现在基本都是 Python 了"
NOW_VALUE = re.compile(r"^(?:now\s+|nowadays\s+)?(?:it'?s|it is|i'?m on|i use|everything'?s(?:\s+on)?|everything is(?:\s+on)?)\s+(?:all|mostly|just|pretty much|only)?\s*"
                       r"(?P<o>[\w .+#/-]{1,40}?)(?:\s+(?:for me|now|these days|all the way))?$|"
                       r"^(?:now|nowadays|these days)\s+(?:(?:it'?s|i'?m (?:in|on|at)|i use)\s+)?(?P<n>[\w .+#/-]{1,40}?)$|"
                       r"^(?:现在)?(?:基本|主要|全|都|也)*(?:是|用|换成了?|改用了?)\s*(?P<z>[\w .+#/-]{1,30}?)(?:了)?$", _I)


def current_of(past: Claim, clause: str) -> list[Claim]:
    """The clause's value as the current value of `past`'s attribute ("I used to … Perl but it's all Python now")."""
    m = NOW_VALUE.match(clause)
    if not m:
        return []
    return [Claim(past.subject, past.predicate, o, "positive", past.kind)] if (o := _obj(m.group("o") or m.group("z") or m.group("n"))) else []


from . import grammar_zh  # noqa: E402  (its rules build on the helpers above)
