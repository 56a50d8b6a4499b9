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

from .rules import PACKAGE_MANAGERS, Claim, clean_object, parse_clause

_I = re.IGNORECASE
Build = Callable[[re.Match[str]], list[Claim]]

# Objects that are not values: pronouns and fillers ("I love it so far", "我喜欢这个").
_PRONOUN = re.compile(r"^(?:it|that|this|them|these|those|one|some|stuff|things?|everything|something|"
                      r"它|这个|那个|这些|那些|这样|那样|这种|一下)(?:\s+(?:so far|a lot|too))?$", _I)
# "用着挺爽的", "用起来不错": an aspect particle after the verb, not an object.
_ASPECT = re.compile(r"^(?:着|起来|得|过来|了|过)")
# Time and stance words between the holder and its verb; the current value is what the clause states.
_EN_MID = re.compile(r"\b(?P<h>(?:i|we)(?:'re|'m| am| are|'ve| have)?)\s+(?:(?:actually|really|finally|honestly|now|currently|"
                     r"still|also|just|recently|personally|basically|mostly|mainly|definitely|totally)\s+)+", _I)
_EN_TAIL_TIME = re.compile(r"\s+(?:last|this|next) (?:week|month|year|weekend)|\s+(?:a (?:few|couple of) |\d+ |two |three )?"
                           r"(?:days?|weeks?|months?|years?) ago|\s+in years|\s+for years|\s+full[- ]time|\s+now|"
                           r"\s+anymore|\s+these days|\s+so far$|\s+in (?:january|february|march|april|may|june|july|august|september|october|"
                           r"november|december|\d{4}|the spring|the summer|the fall|the autumn|the winter)$|"
                           r"\s+for (?:like |about |almost |over )?(?:\d+|a few|two|three|five|ten|many) (?:years|months)$", _I)
_ZH_TIME = re.compile(r"(?<=我)(?:们)?(?:[一二三四五六七八九十\d]{1,2}月份?|年初|年底|春天|夏天|秋天|冬天|就|上个?月|上周|去年|前年|前几天|最近|现在|目前|已经|早就|这几年|后来|刚刚?|终于|其实|"
                      r"好几年|几年前|今年|年初|全职|个人)+")


_DURATION = re.compile(r"\s*(?:快|近|都|已经)?(?:\d+|[一二三四五六七八九十几两]+)(?:多)?(?:年|个月|天|周)(?:多)?了?$|"
                       r"\s+for (?:like |about |almost |over )?(?:\d+|a few|two|three|five|ten|many) (?:years|months)$", _I)


_RUN_ON = re.compile(r"\s+(?:and|but|so|which|because|since)\s+(?:the|it|i|i'm|this|that|honestly|tbh|frankly|now)\b.*$", _I)


def _obj(text: str) -> str:
    obj = clean_object(_EN_TAIL_TIME.sub("", _RUN_ON.sub("", text)))
    return "" if _PRONOUN.match(obj) or _ASPECT.match(obj) else obj


def _claim(subject: str, predicate: str, obj: str, polarity: str = "positive", kind: str = "fact") -> list[Claim]:
    o = _obj(obj)
    return [Claim(subject, predicate, o, polarity, kind)] if o else []


def _project_uses(m: re.Match[str]) -> list[Claim]:
    o = _obj(m.group("o"))
    if not o:
        return []
    pred = "package_manager" if o.split(" ")[0].lower() in PACKAGE_MANAGERS else "uses"
    return [Claim("project", pred, o, "positive", "fact")]


def _switch(m: re.Match[str], subject: str) -> list[Claim]:
    out = _claim(subject, "uses", m.group("o"))
    for c in out:
        c.replaces.append(clean_object(m.group("x")))
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


def _kin_name(m: re.Match[str]) -> list[Claim]:
    kin = m.group("k").strip().lower()
    pred = f"attr:{kin}名字" if re.match(r"[\u4e00-\u9fff]", kin) else f"attr:{kin}_name"
    return _claim("user", pred, m.group("o"))


_EN_HOLDER = (r"(?:(?:our|the|this)\s+(?:team'?s\s+|company'?s\s+)?(?:ci|ci pipeline|pipeline|build|repo|repository|"
              r"monorepo|codebase|project|service|app|backend|frontend|api|stack|cluster|infra|infrastructure|"
              r"database|db|server|site|website|tests?|team|company)|we)")
_ZH_HOLDER = (r"(?:(?:团队|组里|公司|应用|项目|仓库|服务)|(?:我们|咱们)(?:组|团队|公司|这边)?的?\s*(?:CI|ci|项目|仓库|代码库|monorepo|repo|服务|后端|前端|系统|"
              r"集群|数据库|线上|流水线|应用)?|(?:这个|本|该)\s*(?:项目|仓库|代码库|服务|系统|工程|repo|monorepo))")
STACK_PART = re.compile(r"^(?:全部|所有东西|都|前端|后端|数据库|主库|CI|ci|部署|构建|测试|接口|网关|服务端|客户端|移动端|缓存|消息队列|监控|日志)|"
                        r"^(?:the )?(?:frontend|backend|database|db|ci|cache|queue|api)\b", _I)
_ZH_PART = r"(?:的)?\s*(?:前端|后端|测试|接口|数据库|CI|ci|部署|构建|服务端|客户端|移动端|网关|主库|(?:(?![不别禁没无非勿要需得必里中])[\u4e00-\u9fff]){1,3}?)?"

# (pattern, build): tried BEFORE the phrasing rules (they would misread these) ----------------------
PRE: list[tuple[re.Pattern[str], Build]] = [
    # a family member's name: "My wife's name is Sarah", "我老婆叫李娜"
    (re.compile(r"^my\s+(?P<k>wife|husband|partner|son|daughter|mom|mother|dad|father|brother|sister|dog|cat|"
                r"girlfriend|boyfriend|kid|baby)(?:'s name is|'s first name is|'s called| is called| is named)\s+(?P<o>[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)$",
                _I), _kin_name),
    (re.compile(r"^我(?:的|家)?(?P<k>老婆|老公|妻子|丈夫|太太|先生|儿子|女儿|妈妈|爸爸|女朋友|男朋友|孩子|猫|狗)(?:的名字)?"
                r"(?:叫|名叫|是)\s*(?P<o>[\u4e00-\u9fffA-Za-z·]{1,8})$"), _kin_name),
    # project holder + relation: "Our CI runs on GitHub Actions", "We deploy on Kubernetes", "我们 CI 用的是 Jenkins"
    (re.compile(rf"^{_EN_HOLDER}(?:'s| is)\s+(?:an?\s+)?(?P<o>[A-Z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*)?)\s+(?:frontend|backend|"
                r"app|application|service|api|monorepo|project|codebase|site)\b"), _stack),
    (re.compile(rf"^{_EN_HOLDER}(?:'re|'s| are| is)?\s+(?:(?:is|are)\s+)?(?:uses|use|using|runs on|run on|running on|"
                r"is written in|are written in|written in|is built (?:with|on|in)|built (?:with|on|in)|is based on|"
                r"is on|are on|on|deploys? (?:on|to|with)|is deployed (?:on|to)|relies on|rely on|is hosted on|"
                r"hosted on|lives on|targets|writes?|codes? in|works? in|(?:runs?|hosts?|deploys?|puts?|ships?) (?:everything|it all|all of it|"
                r"all|stuff|things|it) (?:on|in|with|using|via|to)|(?:deploys?|ships?|builds?) (?:with|using|via))\s+(?P<o>.+)$", _I), _project_uses),
    (re.compile(rf"^{_ZH_HOLDER}{_ZH_PART}\s*(?:所有东西|所有服务|全部|一切|东西)?(?:都|也|主要|一直|目前|现在|统一)*(?:写|用的是|是用|用|使用|采用|基于|跑在|部署在|"
                r"托管在|放在|是)\s*(?P<o>.+?)(?:\s*(?:写的|做的|搭的|实现的|开发的|上|上面|里))?$"), _project_uses),
    # access needs: "我们公司内网要连 VPN 才能访问", "staging is only reachable over the VPN"
    (re.compile(r"(?:内网|公司网络|测试环境|开发环境|线上环境|预发环境|服务器|集群|数据库|仓库|跳板机)\S{0,6}?(?:要|需要|得|必须|只能|只可以)(?:先)?"
                r"(?:连|挂|开|走|登|通过)(?:上)?\s*(?P<o>[A-Za-z][\w.-]*(?:\s?[A-Za-z0-9][\w.-]*)?|跳板机|内网)"),
     lambda m: _claim("project", "attr:access", m.group("o"), kind="reference")),
    (re.compile(r"\b(?:internal network|intranet|staging|production|prod|the cluster|the database|the db|our servers?)\b.{0,40}?"
                r"\b(?:needs?|requires?|(?:only )?(?:reachable|accessible) (?:via|through|over|on|from))\s+(?:the\s+|a\s+)?"
                r"(?P<o>VPN|[A-Z][\w-]*(?:\s+VPN)?)\b", _I),
     lambda m: _claim("project", "attr:access", m.group("o"), kind="reference")),
    # "I've been a vim user for 10 years"
    (re.compile(r"^i(?:'ve| have)\s+been\s+(?:an?\s+)?(?P<o>[\w .+#-]{1,30}?)\s+(?:user|person|fan)\b.*$", _I),
     lambda m: _claim("user", "uses", m.group("o"))),
    # "don't try to convert me to vscode", "别劝我换 VS Code"
    (re.compile(r"^(?:please\s+)?(?:don'?t|do not|never|stop)\s+(?:try(?:ing)?\s+to\s+)?(?:convert|switch|move|push|talk|"
                r"nudge|get)\s+me\s+(?:to|into|onto|over to|towards?)\s+(?P<o>.+)$", _I),
     lambda m: _claim("user", "prefers", m.group("o"), "negative", "preference")),
    (re.compile(r"^(?:请)?(?:别|不要|不用)(?:再)?(?:劝我|让我|逼我|叫我)\s*(?:换成?|改用|换用|用|转|学)\s*(?P<o>.+)$"),
     lambda m: _claim("user", "prefers", m.group("o"), "negative", "preference")),
    # "I switched from VS Code to Cursor", "我从 VS Code 换到 Cursor 了": the new value, replacing the old
    (re.compile(r"^i(?:'ve| have)?\s+(?:switched|moved|migrated|changed|went|jumped)\s+(?:over\s+)?from\s+(?P<x>.+?)\s+"
                r"(?:to|over to)\s+(?P<o>.+)$", _I), lambda m: _switch(m, "user")),
    (re.compile(r"^(?P<h>we|our team)(?:'ve| have)?\s+(?:switched|moved|migrated|changed)\s+(?:over\s+)?from\s+(?P<x>.+?)\s+"
                r"(?:to|over to)\s+(?P<o>.+)$", _I), lambda m: _switch(m, "project")),
    (re.compile(r"^(?P<h>我们)?我?(?:已经)?从\s*(?P<x>.+?)\s*(?:换到|换成|转到|迁到|迁移到|切到|切换到|改用|换用)了?\s*(?P<o>.+?)了?$"),
     lambda m: _switch(m, "project" if m.group("h") else "user")),
    # "we're a Django shop", "我们是 Django 的老用户"
    (re.compile(r"^we(?:'re| are)\s+(?:an?\s+)?(?P<o>[\w.+#-]+(?:\s+[A-Z0-9][\w.+#-]*)?)\s+(?:shop|house|team|company|org|users)\b", _I),
     _project_uses),
    (re.compile(r"^(?:我们|咱们)(?:一直)?是\s*(?P<o>[A-Za-z][\w.+# -]*?)\s*(?:的)?\s*(?:老用户|忠实用户|用户|团队|公司|重度用户)"),
     _project_uses),
    (re.compile(r"^i(?:'m| am)\s+(?:sticking|staying)\s+(?:with|to)\s+(?P<o>.+)$|^i\s+(?:stick|stay)\s+(?:with|to)\s+(?P<o2>.+)$", _I),
     lambda m: _claim("user", "uses", m.group("o") or m.group("o2"))),
    # possessions: "I have two cats", "我养了两只猫"
    (re.compile(r"^i\s+(?:have|own|'ve got|have got)\s+(?:a|an|one|two|three|four|five|\d+|some)\s+"
                r"(?!(?:question|problem|issue|meeting|idea|call|minute|moment|second|bug|error|doubt|feeling|"
                r"suggestion|request|favou?r|chance|deadline|few)s?\b)(?P<o>[\w -]{2,40})$", _I),
     lambda m: _claim("user", "has", m.group("o"))),
    (re.compile(r"^我(?:家)?(?:养了|养着|养|有)\s*(?:一|两|二|三|四|五|几|\d+)\s*(?:只|条|个|辆|台|套|匹)\s*(?P<o>[\u4e00-\u9fffA-Za-z ]{1,12})$"),
     lambda m: _claim("user", "has", m.group("o"))),
    # learning: "I'm learning Japanese", "我在学日语"
    (re.compile(r"^(?:i'?m|i am)\s+(?:learning|studying|taking lessons in|picking up)\s+(?P<o>.+)$", _I),
     lambda m: _claim("user", "learning", m.group("o"), kind="task_state")),
    # current duty: "这周轮到我值班", "I'm on call this week"
    (re.compile(r"^(?:这周|本周|今天|这个月|今晚)?轮到我\s*(?P<o>.+)$"),
     lambda m: _claim("user", "working_on", m.group("o"), kind="task_state")),
    (re.compile(r"^(?:i'?m|i am)\s+(?P<o>on call|on duty|on-call)\b.*$", _I),
     lambda m: _claim("user", "working_on", m.group("o"), kind="task_state")),
    # moving home: "I moved to Paris", "我搬到成都了"
    (re.compile(r"^i(?:'ve| have)?\s+(?:moved|relocated)\s+(?:back\s+)?to\s+(?P<o>[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)$"),
     lambda m: _claim("user", "lives_in", m.group("o"), kind="identity")),
    (re.compile(r"^我(?:已经)?(?:搬到|搬去|搬家到|定居到?)了?\s*(?P<o>[\u4e00-\u9fffA-Za-z ]{1,12}?)(?:去|来)?了?$"),
     lambda m: _claim("user", "lives_in", m.group("o"), kind="identity")),
    # "I'm on Linux", "I'm on a Mac" (tools the user is on)
    (re.compile(r"^(?:i'?m|i am)\s+on\s+(?:a\s+)?(?P<o>(?:linux|windows|macos|mac|ubuntu|fedora|arch|debian|"
                r"android|ios|wsl|nixos|chromeos|[A-Z][\w.+-]*)(?:\s+\d[\w.]*)?)$", _I),
     lambda m: _claim("user", "uses", m.group("o"))),
    # "don't bother giving me Windows instructions", "别给我推荐 Java 的方案": the user does not want X
    (re.compile(r"^(?:please\s+)?(?:don'?t|do not|never|stop)\s+(?:bother\s+)?(?:giving|give|showing|show|recommending|"
                r"recommend|suggesting|suggest|sending|send)\s+me\s+(?:any\s+)?(?P<o>.+?)\s*(?:instructions|examples|"
                r"solutions|answers|snippets|code|tutorials|advice|suggestions|options|steps)?$", _I),
     lambda m: _claim("user", "prefers", m.group("o"), "negative", "preference")),
    (re.compile(r"^(?:请)?(?:别|不要|不用|别再|不要再)(?:再)?给我\s*(?:推荐|发|写|讲|用|提供|找|看)?\s*(?P<o>.+?)"
                r"(?:的)?\s*(?:方案|教程|代码|例子|示例|东西|建议|版本|答案|做法|写法)?了?$"),
     lambda m: _claim("user", "prefers", m.group("o"), "negative", "preference")),
    # "太辣的我吃不了", "我吃不了辣": a negative diet
    (re.compile(r"^(?:太|特别|很)?(?P<o>[\u4e00-\u9fff]{1,6}?)的?(?:东西|菜|食物)?我(?:都)?(?:吃不了|吃不惯|不能吃|不吃|受不了|喝不了)$"),
     lambda m: _claim("user", "diet", m.group("o"), "negative", "identity")),
    (re.compile(r"^我(?:真的|实在)?(?:吃不了|吃不惯|受不了|喝不了)\s*(?P<o>.+)$"),
     lambda m: _claim("user", "diet", m.group("o"), "negative", "identity")),
    (re.compile(r"^i\s+(?:can'?t|cannot|don'?t)\s+(?:handle|tolerate|do|stomach)\s+(?P<o>.+?)(?:\s+(?:food|dishes|stuff))?$", _I),
     lambda m: _claim("user", "diet", m.group("o"), "negative", "identity")),
    # "I haven't touched Windows in years", "我好几年没碰过 Windows"
    (re.compile(r"^i\s+(?:haven'?t|have not|hasn'?t)\s+(?:touched|used|written|opened)\s+(?P<o>.+)$", _I),
     lambda m: _claim("user", "uses", m.group("o"), "negative")),
    (re.compile(r"^我\s*(?:好几年|几年|很久|好久|多年)?(?:都)?(?:没碰过|没用过|没再用过|没碰|没写过|不碰)了?\s*(?P<o>.+)$"),
     lambda m: _claim("user", "uses", m.group("o"), "negative")),
]

# tried AFTER the phrasing rules found nothing ----------------------------------------------------
POST: list[tuple[re.Pattern[str], Build]] = [
    # traits: "I'm left-handed", "I'm a VS Code person", "我是左撇子", "我是夜猫子"
    (re.compile(r"^(?:i'?m|i am)\s+(?:a|an)\s+(?P<o>[\w .+#-]{1,30}?)\s+(?:person|guy|girl|user|fan|kind of person)$", _I),
     lambda m: _claim("user", "prefers", m.group("o"), kind="preference")),
    (re.compile(r"^(?:i'?m|i am)\s+(?P<o>(?:left|right)[- ]handed|colou?r[- ]?blind|ambidextrous|diabetic|deaf|"
                r"hard of hearing|an? (?:early bird|night owl|morning person))$", _I),
     lambda m: _claim("user", "trait", m.group("o"), kind="identity")),
    (re.compile(r"^我是(?:个|一个)?(?P<o>左撇子|右撇子|色盲|夜猫子|早起的人|路痴|[\u4e00-\u9fffA-Za-z ]{1,8}?(?:党|控|迷))$"),
     lambda m: _claim("user", "trait", m.group("o"), kind="identity")),
    # switching: "I got a ThinkPad running Fedora", "I switched to Neovim"
    (re.compile(r"^i\s+(?:got|bought|switched to|moved to|migrated to|changed to)\s+(?:a|an|my|the)?\s*(?P<o>.+)$", _I),
     lambda m: _claim("user", "uses", m.group("o"))),
    (re.compile(r"^我(?:都|也|一直)?(?:换成|换到|改用|换用|切到|切换到|转到|迁移到)了?\s*(?P<o>.+?)了?$"),
     lambda m: _claim("user", "uses", m.group("o"))),
    # "I prefer X over Y" keeps X (Y is what it replaces; see `split_over`)
]

# the user's own fact about a family member ("my wife's name is …"): not reported speech
OWN_FACT = re.compile(r"^my\s+\w+(?:'s name is|'s called| is called| is named)\s|^我(?:的)?\S{1,3}(?:的名字)?(?:叫|名叫)", _I)

# a project's tool named in passing, even inside a question: "our Flask app", "我们的 Flask 应用"
MENTION = re.compile(
    r"\bour\s+(?P<o>[A-Z][\w.+#-]*(?:\s+\d[\w.]*)?)\s+(?:app|application|service|backend|frontend|api|repo|project|"
    r"codebase|cluster|site|server|monorepo)\b|我们的\s*(?P<z>[A-Za-z][\w.+#-]*(?:\s*\d[\w.]*)?)\s*(?:应用|服务|项目|仓库|后端|前端|集群|接口)")
_OVER = re.compile(r"^(?P<x>.+?)\s+(?:over|rather than|instead of|而不是|胜过)\s+(?P<y>[^,，]+)$", _I)


def normalise(clause: str) -> str:
    """Drop stance and time words between the holder and its verb ("I actually work in" → "I work in")."""
    clause = _EN_TAIL_TIME.sub("", _EN_MID.sub(lambda m: m.group("h") + " ", clause))
    return _ZH_TIME.sub("", clause)


def _run(rules: list[tuple[re.Pattern[str], Build]], clause: str) -> list[Claim]:
    for pattern, build in rules:
        m = pattern.search(clause)
        if m:
            claims = build(m)
            if claims:
                return claims
    return []


def parse(clause: str, *, standing: bool = False) -> list[Claim]:
    """Claims of one clause: the grammar's holder/relation rules around `rules.parse_clause`."""
    clause = clause.strip(" \t\"'“”.,;:!?。，；：！？")
    if not clause:
        return []
    for text in dict.fromkeys([clause, normalise(clause)]):
        claims = _run(PRE, text) or parse_clause(text, standing=standing) or _run(POST, text)
        claims = [c for c in claims if not _PRONOUN.match(c.object) and not _ASPECT.match(c.object)]
        if claims:
            for c in claims:
                over = _OVER.match(c.object) if c.predicate in ("prefers", "uses") else None
                c.object = _DURATION.sub("", c.object) or c.object
                if over and len(over.group("x")) <= 40:
                    c.object, c.replaces = clean_object(over.group("x")), [*c.replaces, clean_object(over.group("y"))]
            return claims
    return []


def mentions(sentence: str) -> list[Claim]:
    """Project tools named in passing ("our Flask app"), read even from questions."""
    out = []
    for m in MENTION.finditer(sentence):
        o = clean_object(m.group("o") or m.group("z") or "")
        if o:
            out.append(Claim("project", "uses", o, "positive", "fact"))
    return out


# "Go was my old job", "Go 是上一份工作的事了": names a value the user no longer holds
FORMER = re.compile(r"^(?P<o>[\w .+#/-]{1,30}?)\s+(?:was|is)\s+(?:(?:my|from my|for my)\s+)?(?:old|previous|last|former|past)\b|"
                    r"^(?P<z>[\w .+#/-]{1,30}?)\s*(?:是|那是)(?:我)?(?:上一份工作|以前|之前|过去|老早)(?:的事)?了?$", _I)
