"""Clause patterns of the rule extractor: one clause in, zero or more structured claims out (zh + en).

Patterns key on the grammar of first-person statements ("I prefer X", "我喜欢X", "this project uses X",
"部署用X") and map the verb onto a small canonical predicate vocabulary, so that "I like X", "I prefer X"
and "我偏好X" become the same attribute and a resolver can see "same attribute, new value".

Example:
    >>> [(c.subject, c.predicate, c.object, c.polarity) for c in parse_clause("I don't like using TypeScript")]
    [('user', 'prefers', 'TypeScript', 'negative')]
    >>> [(c.predicate, c.object) for c in parse_clause("部署改到 bash deploy.sh 了")]
    [('deploy_command', 'bash deploy.sh')]
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..facts import EXCLUSIVE as EXCLUSIVE  # re-exported: the predicate vocabulary lives in facts.py
from ..facts import PREDICATES as PREDICATES
from . import answer_scope, attr_shape_en, complaint_zh, passing_state, quoted
from .demonyms import is_belief, nationality
from .lexicon import AGO, PROJECT, PROJECT_TAIL, STANDING
from .places import is_place, unlisted_place

_I = re.IGNORECASE

PACKAGE_MANAGERS = frozenset("npm pnpm yarn bun uv poetry pip pipenv conda pdm hatch cargo maven gradle".split())
DIETS = re.compile(r"^(?:a\s+)?(vegetarian|vegan|pescatarian|halal|kosher|gluten[- ]free|lactose[- ]intolerant|"
                   r"素食者?|素食主义者|吃素的?|清真)$", _I)
_CMD = {"deploy": "deploy", "deployment": "deploy", "build": "build", "test": "test", "tests": "test",
        "run": "run", "start": "run", "release": "release", "部署": "deploy", "发布": "release", "构建": "build",
        "编译": "build", "打包": "build", "测试": "test", "启动": "run", "运行": "run"}


@dataclass
class Claim:
    """What one clause asserts, before it becomes a MemoryRecord."""

    subject: str
    predicate: str
    object: str
    polarity: str = "positive"
    kind: str = "fact"
    replaces: list[str] = field(default_factory=list)
    condition: str = ""  # "when answering me": the clause a rule holds under (part of its text)
    verb: str = ""  # the Chinese verb phrase its text keeps ("不再吃", "已戒", "会说"); "" renders by predicate


_TRAIL = re.compile(
    r"(?:\s+(?:anymore|any more|right now|now|a lot|very much|so much|too|as well|these days|either|at all|instead|actually|mostly|mainly|originally|entirely|for good|"
    r"for me|personally|lol|lmao|haha))+\s*$|\s*(?:了|啦|呢|哦|呀|吧|的话|一下|哈|嘛|呗|啊|比较多|居多|为主|多一些|多一点|才对)+\s*$",
    _I,
)
_LEAD_OBJ = re.compile(r"^(?:(?:you to (?:use|say|write|include|add|do)|using|to use|use|working with|writing|coding in|to write)\b|的就是|就是|的是|用(?![户法量途例品具语])|使用|看(?![板法])|写|吃|喝)\s*", _I)


def clean_object(text: str) -> str:
    """Trim punctuation, trailing fillers and a leading gerund ("using X" → "X"); a quoted value at the end stays
    whole ("先说“啊哈哈”": its 啊哈哈 is no filler)."""
    if (split := quoted.quoted_tail(text)) is not None:
        head = clean_object(split[0])
        return f"{head}{' ' if split[0][-1:].isspace() else ''}{split[1]}" if head else split[1]
    framed = PROJECT_TAIL.match(text.lstrip()) is not None
    text = PROJECT_TAIL.sub(" ", text)
    if framed:  # "这个项目的 PR 需要两人审核": the project's "的" goes with the frame
        text = re.sub(r"^\s*的", "", text)
    text = quoted.strip_closed(text, " \t\"'“”‘’`,;:!?。，；：！？、（(", right=False)
    text = quoted.strip_closed(text, " \t\"'“”‘’`.,;:!?。，；：！？、）)", left=False)
    text = quoted.unwrapped(text)
    for _ in range(3):
        text = _TRAIL.sub("", text).rstrip(" .,;:!?。，；：！？")
    text = _LEAD_OBJ.sub("", text, count=1).strip()
    return re.sub(r"\s+", " ", text)


_DAY_EN = r"(?:mon|tues|tue|wednes|wed|thurs|thu|fri|satur|sat|sun)(?:days?)?|weekends?|weekdays?"
_DAY_ZH = r"(?:每)?(?:个)?(?:周|星期|礼拜)[一二三四五六日天末]|每(?:天|晚|周|月|个月|季度)|周末|工作日|月[底初中]|凌晨|早上|上午|中午|下午|晚上|半夜"
SCHEDULE = re.compile(
    rf"^(?:(?:on|every|each|every other|at|in the)\s+)?(?:(?:{_DAY_EN})(?:\s+(?:mornings?|afternoons?|evenings?|nights?))?"
    rf"(?:\s+(?:and|&|or)\s+(?:{_DAY_EN}))?|mornings|afternoons|evenings|nights|daily|nightly|weekly|biweekly|monthly|"
    rf"(?:day|week|month|quarter|sprint|two weeks|other week)|\d{{1,2}}(?::\d\d)?\s*(?:am|pm)|noon|midnight)$|"
    rf"^(?:在)?(?:{_DAY_ZH})", re.I)


def is_schedule(obj: str) -> bool:
    """A day or time ("Fridays", "every Monday", "周五上线"): when something happens, never a tool."""
    return bool(SCHEDULE.match(obj.strip()))


_REGIONS = frozenset("东北 西北 西南 华北 华南 华东 华中 南方 北方 江南 江北 潮汕 客家 闽南 岭南 关中 中原 川渝 江浙 两广".split())


def _home_region(name: str) -> bool:
    """A place or region a person comes from ("上海", "东北", "顺德县"), not a kind of person ("普通", "个好")."""
    return is_place(name) or name in _REGIONS or bool(re.fullmatch(r"[\u4e00-\u9fff]{1,5}(?:省|市|县|镇|村|州|岛|乡)", name))


def _c(subject: str, predicate: str, obj: str, polarity: str = "positive", kind: str = "fact") -> list[Claim]:
    obj = clean_object(obj)
    return [Claim(subject, predicate, obj, polarity, kind)] if obj else []


def _subject(clause: str) -> str:
    return "project" if PROJECT.search(clause) else "user"


# English -----------------------------------------------------------------------------------------
_ADV = (r"(?:(?:really|personally|also|generally|usually|much|definitely|do|still|mostly|mainly|primarily|always|"
        r"totally|kind of|absolutely|truly|seriously|kinda|pretty much|simply|honestly|genuinely|strongly|actually|"
        r"now|just)\s+)*")
_PROJ_EN = r"(?:(?:in|for|on) (?:this|the|our) (?:project|repo|repository|codebase|app|service),?\s+)?"


_WHEN = re.compile(r"\s+(?:(?:last|this|earlier this) (?:week|month|year|spring|summer|fall|autumn|winter|weekend|quarter|sprint)|"
                   rf"{AGO}|recently|lately|the other day|yesterday|over the (?:weekend|summer|holidays)|"
                   r"in (?:january|february|march|april|may|june|july|august|september|october|november|december|\d{4}))\b.*$", _I)


def _en_uses(m: re.Match[str]) -> list[Claim]:
    obj = clean_object(m.group("o"))
    subj = "project" if m.groupdict().get("p") else "user"
    head = re.split(r"\s+(?:last|this|in|a|about|like|with|for|to|from|because|so|and|\d)\b", _WHEN.sub("", obj) or obj,
                    maxsplit=1)[0]  # "moved to Leeds recently"
    if subj == "user" and is_place(head):
        return []  # "I moved to Berlin": where the user lives (grammar.py), not a tool
    if subj == "user" and re.search(r"\b(?:moved|relocated)\b", m.group(0), _I) and unlisted_place(head, obj[len(head):], "moved to", personal=True):
        return _c("user", "lives_in", head, kind="identity")  # "I moved to Aarhus with my family"
    moved = re.search(r"\b(?:moved|relocated)\b", m.group(0), _I)
    if subj == "project" and moved and m.group("p").lower() == "we":
        # a household "we" that moved: where the user lives, a tool only when it names one ("we moved to Vercel")
        bare = _WHEN.sub("", obj) or obj
        where = re.split(r"\s+(?:last|this|in|a|about|like|with|for|to|from|because|so|and|two|three|few|\d)\b", bare, maxsplit=1)[0]
        if is_place(where) or unlisted_place(where, obj[len(where):], "moved to", personal=True):
            return _c("user", "lives_in", where, kind="identity")
        if not _names_tool(bare):
            return []  # "we moved to the new office": neither
    obj = _WHEN.sub("", obj) or obj  # "switched to Helix last month": the date is not part of the tool
    if subj == "project" and obj.split(" ")[0].lower() in PACKAGE_MANAGERS:
        return _c("project", "package_manager", obj, kind="fact")
    return _c(subj, "uses", obj)


# the head noun of a job ("a night shift nurse", "a senior data engineer"); anything else after "I'm a" is not one
JOB_HEAD = re.compile(
    r"\b(?:engineer|developer|dev|programmer|coder|designer|architect|manager|lead|director|founder|co-?founder|cto|ceo|"
    r"cfo|vp|head|analyst|scientist|researcher|student|undergrad|phd|postdoc|professor|lecturer|teacher|tutor|nurse|"
    r"doctor|physician|surgeon|dentist|vet|pharmacist|therapist|psychologist|lawyer|attorney|paralegal|accountant|"
    r"consultant|contractor|freelancer|intern|sre|devops|admin|administrator|sysadmin|dba|tester|qa|writer|author|"
    r"editor|journalist|reporter|translator|artist|illustrator|photographer|musician|producer|marketer|recruiter|"
    r"salesperson|rep|owner|entrepreneur|chef|cook|baker|barista|pilot|driver|mechanic|electrician|plumber|carpenter|"
    r"technician|officer|clerk|specialist|coordinator|assistant|secretary|librarian|economist|statistician|"
    r"mathematician|physicist|chemist|biologist|pm|po|maintainer|contributor|hobbyist|mom|dad|parent|retiree|"
    r"veteran|farmer|trader|banker|broker|agent|advisor|adviser|coach|trainer|instructor|officer|worker|staffer|"
    r"employee|graduate|grad|ux|ui)s?\b", _I)


def _en_role(m: re.Match[str]) -> list[Claim]:
    role, loc = m.group("o"), m.group("loc")
    # "a beginner and the short versions lose me": the role ends where another clause begins
    role = re.split(r"\s+(?:and|but|so)\s+(?=(?:the|my|it|that|this|they|i)\b)", role, maxsplit=1, flags=_I)[0]
    bare = re.sub(r"^(?:an?\s+)?(?:proud\s+|born\s+and\s+raised\s+|native\s+)?", "", role.strip(), flags=_I)
    if DIETS.match(role.strip()):
        out = _c("user", "diet", role, kind="identity")
    elif nationality(bare) and len(bare.split()) <= 2 and not JOB_HEAD.search(bare):
        return _c("user", "attr:nationality", bare, kind="identity")  # "I'm a proud Canadian": not a job
    elif is_belief(bare) and len(bare.split()) <= 2:
        return []  # "I'm a Catholic": a belief is neither a job nor a name
    elif re.match(r"^(?:an?\s+)?(?:bit|little|tad|lot|wee bit)\b", role.strip(), _I):
        return []  # "(I'm) a bit lost here": a degree, not a job
    elif not JOB_HEAD.search(role) and re.search(r"\s(?:of|in|on|with|for|about)\s", role):
        return []  # "I'm a big believer in TDD": not a job (the clause reader takes it)
    elif re.search(r"\b(?:could|would|should|will|can|might|is|are|was|were|it|that)\b", role, _I):
        return []  # "(I'm) a little worried it could break", "a local class could work": a clause, not a job
    elif re.search(r"\s(?:named|called)\s", role, _I):
        return []  # "(I adopted a second dog,) a beagle named Waffle": someone or something named, not the user's job
    elif (at := _ROLE_AT.match(role)) and JOB_HEAD.search(at.group("r")):
        # "a data engineer at Spotify": the job and the employer, each correctable on its own
        out = _c("user", "role", at.group("r"), kind="identity") + _c("user", "works_at", at.group("org"), kind="identity")
    else:
        out = _c("user", "role", role, kind="identity")
    if loc and out:  # "a data engineer based in Milan" stays one identity description
        out[0].object = clean_object(f"{out[0].object} based in {loc}")
    return out


# "the X" is a role only when X ends in a job's head noun and is no ranking ("the worst developer", "the only one")
_NOT_THE_ROLE = re.compile(r"\b(?:only|worst|best|first|last|one|same|main|biggest|real|mom|dad|parent|owner|driver)\b", _I)


def _en_the_role(m: re.Match[str]) -> list[Claim]:
    """"I'm the on-call lead", "I'm the tech lead on the payments team": the user's role."""
    role = m.group("o")
    if _NOT_THE_ROLE.search(role) or not JOB_HEAD.fullmatch(role.split()[-1]):
        return []
    return _c("user", "role", role, kind="identity")


_AS_ROLE = re.compile(r"^(?P<o>.+?)\s+as\s+(?:an?\s+)?(?P<r>(?:[\w-]+\s+){0,3}[\w-]+)$", _I)


def _works_at(m: re.Match[str]) -> list[Claim]:
    """"I work at Shopify as a data analyst": the employer, and the job when "as" names one."""
    at = _AS_ROLE.match(m.group("o"))
    if at and JOB_HEAD.fullmatch(at.group("r").split()[-1]):
        return _c("user", "works_at", at.group("o"), kind="identity") + _c("user", "role", at.group("r"), kind="identity")
    return _c("user", "works_at", m.group("o"), kind="identity")


_ROLE_AT = re.compile(r"^(?P<r>.+?)\s+(?:at|for)\s+(?P<org>[A-Z][\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*){0,3})$")


def _en_name(m: re.Match[str]) -> list[Claim]:
    word = m.group("o")
    if not word[:1].isupper() or word.lower() in {"not", "so", "very", "just", "really", "sorry", "fine", "here"}:
        return []
    if nationality(word) is not None:
        return _c("user", "attr:nationality", word, kind="identity")  # "I'm Brazilian": never a name
    if is_belief(word):
        return []  # "I'm Catholic": not a name
    return _c("user", "name", word, kind="identity")


# "(I stopped using Jira) and now use Linear": the value taken up instead of the one given up
_TAKEN_UP = re.compile(r"^(?P<x>.+?),?\s+(?:and|but)\s+(?:now\s+)?(?:i\s+)?(?:now\s+)?(?:use|am using|'m using|switched to|"
                       r"moved to|started using)\s+(?P<o>.+)$", _I)


def _given_up(obj: str) -> list[Claim]:
    """"I stopped using Jira" → Jira, negative; "… and now use Linear" → Linear, replacing Jira."""
    if swap := _TAKEN_UP.match(obj):
        out = _c("user", "uses", swap.group("o"))
        for c in out:
            c.replaces.append(clean_object(swap.group("x")))
        return out
    return _c("user", "uses", obj, "negative")


def _en_rule(m: re.Match[str], polarity: str) -> list[Claim]:
    clause = m.string
    return _c(_subject(clause), "rule", m.group("o"), polarity, kind="rule")


def _en_command(m: re.Match[str]) -> list[Claim]:
    key = _CMD.get(m.group("k").lower(), "run")
    return _c("project", f"{key}_command", m.group("o"), kind="procedure")


_HOLDER_NOUNS = frozenset("team company org startup app repo project service backend frontend api ci pipeline stack "
                          "codebase monorepo site website".split())


_PETS = frozenset("cat dog puppy kitten parrot rabbit bunny hamster horse pony".split())


def _en_attr(m: re.Match[str]) -> list[Claim]:
    attr = re.sub(r"[^a-z0-9]+", "_", m.group("a").lower()).strip("_")
    value = re.sub(r"^(?:now|currently|still|actually|officially)\s+", "", m.group("o"), flags=_I)  # "is now Zed"
    if attr_shape_en.no_attribute(attr, value):
        return []  # "(my) apologies if this is incoherent", "my worry is that this is too hard": no attribute
    if attr in _HOLDER_NOUNS:
        return []  # "my team is all in on Terraform": the team is a holder, not an attribute (clause_en reads it)
    if re.match(r"(?:our|the|his|her|their|its|this|that|your)_", attr) or re.match(
            r"^(?:where|when|what|how|who|why|next|tomorrow|tonight|today|soon|later)\b", value.strip(), _I):
        return []  # "(my) our anniversary is next week", "(my) leeds is where I work": no attribute of the user's
    if re.match(r"(?:every|each|any|some|most|no|all)_", attr):
        return []  # "(so) every meeting is an hour later for me": a quantified noun, no attribute of the user's
    if passing_state.passing(attr, value):
        return []  # "my flight is delayed", "my phone is dying": how a thing is at the moment, not a lasting attribute
    if re.match(r"^(?:getting|becoming|turning|starting to|falling)\b", value.strip(), _I):
        return []  # "my vault is getting messy", "my laptop is starting to lag": a state in flux, no value
    if re.match(r"^(?:all|both)\s+(?!(?-i:[A-Z]))", value.strip(), _I):
        return []  # "my plugins are all self-configured": a generalisation over many ("are all JetBrains" names one)
    attr = re.sub(r"^(?:new|current|present)_(?=[a-z])", "", attr)  # "my new manager is Priya": the manager, now
    if attr in {"name", "first_name"}:
        return _c("user", "name", value, kind="identity")
    if (named := re.match(r"^(?:called|named)\s+(?P<n>\S.*)$", value, _I)):
        from .grammar import name_predicate  # late: grammar builds on this module

        return _c("user", name_predicate(attr.replace("_", " ")), named.group("n"))  # "my cat is now called Tofu"
    if attr in _PETS:
        value = re.sub(r"^an?\s+", "", value, flags=_I)  # "my dog is a beagle": the breed, not "a beagle"
    if attr in {"hometown", "home_town", "birthplace", "place_of_birth"}:
        return _c("user", "from", value, kind="identity")
    if attr.startswith("favou?rite") or attr.startswith("favorite") or attr.startswith("favourite"):
        return _c("user", "prefers", value, kind="preference")
    return _c("user", f"attr:{attr[:40]}", value, kind="fact")


_INFRA_EN = (r"url|host|hostname|server|endpoint|port|branch|database|db|bucket|region|domain|registry|path|directory|"
             r"folder|api|base url|cluster|namespace|version|node version|python version")
_INFRA_ZH = r"地址|域名|端口|分支|数据库|路径|目录|版本|服务器|仓库|接口|集群|命名空间|网址"


def _infra(m: re.Match[str]) -> list[Claim]:
    attr = re.sub(r"[^\w]+", "_", m.group("a").strip().casefold()).strip("_")[:40]
    obj = re.sub(r"^(?:(?:actually|now|still|currently|really)\s+)+", "", m.group("o"), flags=_I)
    on = re.match(r"^(?:on|running on|running|built (?:on|with)|written in)\s+(?P<o>.+)$", obj, _I)  # "the api is on node 20"
    if attr in ("api", "backend", "database", "db", "server", "cluster") and (on or _is_tool(obj)):
        return _c("project", "uses", on.group("o") if on else obj)  # "the API is Rust": the project's stack, not a setting
    return _c("project", f"attr:{attr}", obj, kind="reference") if attr else []


def _names_tool(name: str) -> bool:
    """A known tool by name, or one capitalised word ("Temporal"); "the new office" names none."""
    from .clause_en import is_tool_name as known  # late: clause_en builds on this module

    return known(name) or bool(re.match(r"^(?-i:[A-Z])[\w.+#-]*$", name.strip()))


def _is_tool(text: str) -> bool:
    from .clause_en import is_tool_name  # late: clause_en builds on this module

    name = clean_object(text)
    return len(name.split()) <= 2 and is_tool_name(name) and not re.search(r"[-_/:@]", name)  # "db-prod-2" is a host


# "stick to that in any code you suggest": the wish points back at a rule said before it (that one is the rule)
_POINTS_BACK = re.compile(r"^\w+(?:\s+(?:to|with|by))?\s+(?:that|this|it|them|those|these)\b", _I)
# a field of work, the head word last: "(I work in) marketing", "digital marketing", "healthcare", "IT support"
FIELD_OF_WORK = re.compile(
    r"^(?:[a-z-]+\s+){0,2}(?:support|engineering|design|development|research|analysis|analytics|marketing|sales|consulting|"
    r"ops|operations|administration|nursing|teaching|accounting|recruiting|devops|security|testing|qa|science|writing|"
    r"translation|finance|healthcare|health care|education|tech|it|retail|hospitality|insurance|banking|real estate|law|legal|"
    r"hr|human resources|logistics|construction|manufacturing|publishing|journalism|media|advertising|pharma|biotech|"
    r"government|academia|fintech|edtech|gaming|e-?commerce|customer service|product|ux|data|data science|machine learning|"
    r"pr|public relations|communications|procurement|compliance|medicine|pharmacy|architecture|fashion|film|television|"
    r"music|events|tourism|agriculture|energy|telecoms?|policy|nonprofits?|non-profits?|aviation|automotive|defen[cs]e)$", _I)


def _use_or_work_in(m: re.Match[str]) -> list[Claim]:
    """"I code in Rust" (a tool); "I work in Leeds" / "I work in marketing" (where, or the field the user works in:
    never a tool); "I work with kids" names no tool either."""
    obj = clean_object(m.group("o"))
    if not re.search(r"\bwork\s", m.group(0), _I):
        return _c("user", "uses", m.group("o"))
    if is_place(obj):
        return _c("user", "works_in", m.group("o"), kind="identity")
    from .clause_en import is_tool_name, object_span  # late: clause_en builds on this module

    span = re.sub(r"^(?:the|a|an)\s+|\s+(?:at|for|with)\s+.*$", "", object_span(m.group("o")), flags=_I)
    if FIELD_OF_WORK.match(span) and not is_tool_name(span.replace("IT", "it")):
        return _c("user", "works_in", span, kind="identity")
    return _c("user", "uses", m.group("o")) if not span.islower() or is_tool_name(span) else []


class _StandingRule:
    """A rule builder that applies only to a standing instruction: a cue in the clause (always / 以后 / in
    this repo) or one stripped from its message (`parse_clause(..., standing=True)`)."""

    def __init__(self, build: Callable[[re.Match[str]], list[Claim]]) -> None:
        self.build = build

    def __call__(self, m: re.Match[str]) -> list[Claim]:
        return self.build(m)


EN_RULES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], list[Claim]]]] = [
    (re.compile(r"^(?:my name is|my name's|call me|i am called|i'm called|people call me|i go by|everyone calls me)\s+(?P<o>.+)$", _I),
     lambda m: _c("user", "name", m.group("o"), kind="identity")),
    (re.compile(r"^(?:i'?m|i am)\s+allergic to\s+(?P<o>.+)$|^i have an? (?P<o2>.+?) allergy$", _I),
     lambda m: _c("user", "allergy", m.group("o") or m.group("o2"), kind="identity")),
    (re.compile(r"^(?:i(?:'ve|\s+have)?\s+(?:can'?t|cannot|don'?t|do not|never|no longer|(?:have\s+)?(?:stopped|quit|given up|gave up))\s+(?:eat|drink)(?:ing)?)\s+(?P<o>.+)$", _I),
     lambda m: _c("user", "diet", m.group("o"), "negative", kind="identity")),
    (re.compile(r"^(?:i'?m|i am)\s+(?:originally\s+)?from\s+(?P<o>.+)$", _I),
     lambda m: _c("user", "from", m.group("o"), kind="identity")),
    (re.compile(r"^(?:i'?m|i am)\s+(?:(?:based|living|located)\s+in)\s+(?P<o>.+)$|^i live in\s+(?P<o2>.+)$", _I),
     lambda m: _c("user", "lives_in", m.group("o") or m.group("o2"), kind="identity")),
    (re.compile(r"^i\s+(?:work|am working|'m working)\s+(?:remotely\s+)?from\s+(?!(?:home|the office|anywhere|everywhere|bed|my (?:couch|bed|kitchen|desk))\b)(?P<o>.+)$", _I),
     lambda m: _c("user", "lives_in", m.group("o"), kind="identity")),
    (re.compile(r"^i\s+(?:work|am working|'m working)\s+(?:at|for)\s+(?P<o>.+)$", _I), _works_at),
    (re.compile(r"^i\s+(?:work|am working|'m working)\s+as\s+(?:an?\s+)?(?P<o>.+?)(?:\s+(?:based|living)\s+in\s+"
                r"(?P<loc>.+))?$", _I), _en_role),
    (re.compile(r"^(?:i'?m|i am)\s+(?:a|an)\s+(?P<o>.+?)(?:\s+(?:based|living|located|working)\s+in\s+(?P<loc>.+))?$",
                _I), _en_role),
    (re.compile(r"^(?:i'?m|i am)\s+the\s+(?P<o>[\w-]+(?:\s+[\w-]+){0,2}?)(?:\s+(?:on|for|at|in|of)\s+(?:the|our|my|this)\s+"
                r"[\w -]{1,30})?$", _I), _en_the_role),
    (re.compile(r"^(?:i'?m|i am|i(?:'ve| have) been)\s+(?P<o>vegetarian|vegan|pescatarian|lactose[- ]intolerant|gluten[- ]free)\b", _I),
     lambda m: _c("user", "diet", m.group("o"), kind="identity")),
    (re.compile(r"^(?:i'?m|i am)\s+(?:(?:currently|now|still|busy)\s+)*(?:working on|busy with|debugging|fixing|"
                r"refactoring|migrating|implementing|building|on(?=\s+the\b)(?!\s+the\s+(?:fence|way|phone|road|clock|same page|go|mend|"
                r"hunt|lookout|edge|verge|bus|train|plane|couch|floor|beach|other hand|bright side|wrong|right)\b))\s+(?P<o>.+)$", _I),
     lambda m: _c("user", "working_on", m.group("o"), kind="task_state")),
    (re.compile(r"^(?:[Ii]'?m|I am)\s+(?P<o>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)\s*$"), _en_name),
    (re.compile(rf"^(?:the|our|this project'?s?|the project'?s)\s+(?P<a>(?:[\w-]+\s+){{0,3}}(?:{_INFRA_EN}))\s+(?:is called|is named|is set to|is|=|:)\s+"
                r"(?P<o>\S.*)$", _I), _infra),
    (re.compile(r"^(?:my\s+(?:current\s+)?(?P<a>[a-z][\w -]{1,30}?)\s+(?:is|are|=)\s+(?P<o>.+))$", _I), _en_attr),
    # "remember my wifi: Larkspur": a value after a colon, only when the user asked to remember it
    (re.compile(r"^my\s+(?:current\s+)?(?P<a>[a-z][\w -]{1,30}?)\s*:\s+(?P<o>\S.*)$", _I), _StandingRule(_en_attr)),
    (re.compile(rf"^{_PROJ_EN}(?:the )?(?P<k>deploy|deployment|build|test|tests|run|start|release)\s+(?:command|script|"
                rf"cmd)\s+(?:is|=|should be|:)\s+(?P<o>.+)$", _I), _en_command),
    (re.compile(r"^to\s+(?P<k>deploy|build|test|run|start|release)(?P<w>(?:\s+(?:the|this|it|app|project|tests?|suite|"
                r"server|locally|unit|everything))*)\s*,?\s+(?:just\s+)?(?:run|use|call|type|execute)\s+(?P<o>.+)$", _I),
     lambda m: _c("project", "test_command" if "test" in m.group("w").lower() else f"{_CMD.get(m.group('k').lower(), 'run')}_command",
                  m.group("o"), kind="procedure")),
    (re.compile(r"^(?:we|you)\s+(?P<k>deploy|build|test|release)\s+(?:with|using|via|by running)\s+(?P<o>.+)$", _I),
     _en_command),
    (re.compile(r"^(?P<p>(?:this|the|our|my) (?:project|repo|repository|codebase|app|service|monorepo|team))\s+"
                r"(?:uses|is using|runs on|is built (?:with|on)|is written in|relies on|depends on|targets|"
                r"is managed with|deploys (?:with|to))\s+(?P<o>.+)$", _I), _en_uses),
    (re.compile(rf"^{_PROJ_EN}(?P<p>we)\s*(?:use|are using|'re using|rely on|build with|write)\s+(?P<o>.+)$", _I),
     _en_uses),
    (re.compile(rf"^i\s+{_ADV}(?:hate|dislike|detest|can'?t stand|cannot stand|avoid|loathe)\s+(?P<o>.+)$", _I),
     lambda m: _c("user", "prefers", m.group("o"), "negative", "preference")),
    (re.compile(rf"^i\s+{_ADV}(?:don'?t|do not|no longer|never|didn'?t ever)\s+{_ADV}(?:like|love|enjoy|prefer|"
                rf"want|care for)\s+(?P<o>.+)$", _I),
     lambda m: _c("user", "prefers", m.group("o"), "negative", "preference")),
    (re.compile(rf"^(?:i'?m|i am)\s+(?:not|no longer)\s+{_ADV}(?:a (?:big |huge )?fan of|into|fond of|keen on)\s+(?P<o>.+)$", _I),
     lambda m: _c("user", "prefers", m.group("o"), "negative", "preference")),
    (re.compile(rf"^i(?:'ve| have)?\s+{_ADV}(?:don'?t|do not|no longer|never|stopped|quit|given up|gave up)\s+{_ADV}(?:use|using|write|writing|"
                rf"code in|work with|program in|touch)\s+(?P<o>.+)$", _I), lambda m: _given_up(m.group("o"))),
    (re.compile(r"^i used to\s+(?:use|like|love|write|prefer|code in|work with)\s+(?P<o>.+)$", _I),
     lambda m: _c("user", "uses", m.group("o"), "negative")),
    (re.compile(rf"^i\s+{_ADV}(?:prefer|like|love|enjoy|adore|favou?r|appreciate)\s+(?P<o>.+)$", _I),
     lambda m: _c("user", "prefers", m.group("o"), kind="preference")),
    (re.compile(rf"^(?:i'?m|i am)\s+{_ADV}(?:a (?:big |huge )?fan of|into|fond of|keen on)\s+(?P<o>.+)$", _I),
     lambda m: _c("user", "prefers", m.group("o"), kind="preference")),
    (re.compile(r"^(?:i'?d|i would)\s+(?:much\s+)?rather\s+(?:use\s+|have\s+|go with\s+)?(?P<o>.+?)(?:\s+than\s+.+)?$", _I),
     lambda m: _c("user", "prefers", m.group("o"), kind="preference")),
    (re.compile(r"^(?P<o>.+?)\s+is my (?:favou?rite|go-to|preferred)\b.*$", _I),
     lambda m: _c("user", "prefers", m.group("o"), kind="preference")),
    (re.compile(r"^(?P<p>we|our team|the team)?(?:i)?(?:'ve| have)?\s*(?:now\s+)?(?:switched|moved|migrated|changed|"
                r"switched over|moved over)\s+(?:over\s+)?to\s+(?P<o>.+)$", _I), _en_uses),
    # "I write code in Emacs", "I write my scripts in Vim": the tool, not "code in Emacs"
    (re.compile(rf"^i\s+{_ADV}write\s+(?:(?:all|most)\s+(?:of\s+)?)?(?:my\s+)?(?:code|software|programs?|scripts?|notes)\s+"
                r"(?:in|with|using)\s+(?P<o>.+)$", _I),
     lambda m: _c("user", "uses", m.group("o"))),
    (re.compile(rf"^i\s+{_ADV}(?:use|write|(?:code|program|work|develop)\s+{_ADV}(?:in|with))\s+(?P<o>.+)$", _I), _use_or_work_in),
    (re.compile(r"^(?:please\s+)?(?:don'?t|do not|never|stop|avoid)\s+(?:ever\s+)?(?P<o>.+)$", _I),
     _StandingRule(lambda m: _en_rule(m, "negative"))),
    (re.compile(r"^(?:please\s+)?(?:always|you (?:must|should always)|we (?:must|always|should always))\s+(?P<o>.+)$", _I),
     _StandingRule(lambda m: _en_rule(m, "positive"))),
    # a standing imperative about the answers: "Please keep your answers under five sentences"
    (re.compile(r"^(?:please\s+|pls\s+)?(?P<o>(?:keep|make|write|use|give|format|put|limit|start|end|include|add|answer|reply|"
                r"respond|explain|show|stick to|default to|cite|number|wrap|indent)\b.{3,})$", _I),
     _StandingRule(lambda m: [] if _POINTS_BACK.match(m.group("o")) else _en_rule(m, "positive"))),
]


# Chinese -----------------------------------------------------------------------------------------
_ZADV = r"(?:好像|大概|似乎|个人|平时|一般|比较|更|很|非常|特别|真的|还是|一直|也|都|最|蛮|挺|超|主要|日常|通常|向来)*"
_ZNOW = r"(?:最近|现在|目前|已经|早就|这几年|后来)*"
_ZPROJ = r"(?:在)?(?:这个|本|该|我们的?|咱们的?|此)+\s*(?:项目|仓库|monorepo|repo|代码库|工程|服务|系统)\s*(?:里|中|里面|的)?\s*"
_JOB = (r"开发|工程师|程序员|设计师|经理|产品|运营|测试|运维|架构师|分析师|科学家|研究员|学生|老师|教师|医生|律师|会计|销售|"
        r"研究|算法|数据|前端|后端|全栈|编辑|记者|作家|创业者|自由职业|护士|护工|厨师|司机|警察|公务员|翻译|教练|演员|主播|"
        r"博士|硕士|研究生|本科生|大学生|高中生|初中生|工人|农民|快递员|服务员|客服|导游|牙医|兽医|药剂师|飞行员|"
        r"乘务员|空姐|保安|店长|主管|总监|负责人|组长|实习生|律师助理|咨询师|心理咨询师|建筑师|画家|摄影师|歌手|退休")


def _zh_uses(m: re.Match[str]) -> list[Claim]:
    obj = clean_object(m.group("o"))
    if obj.split(" ")[0].lower() in PACKAGE_MANAGERS:
        return _c("project", "package_manager", obj)
    return _c("project", "uses", obj)


def _zh_cmd(m: re.Match[str]) -> list[Claim]:
    return _c("project", f"{_CMD.get(m.group('k'), 'run')}_command", m.group("o"), kind="procedure")


_ZH_AMOUNT = re.compile(r"^(?:都)?(?:要|得|需要|会)?(?:等|花|跑)?\s*(?:[\d一二三四五六七八九十几半两]+)\s*(?:多)?(?:个)?(?:分钟|小时|秒|天|周|次)")


def _zh_rule(m: re.Match[str], polarity: str) -> list[Claim]:
    if _ZH_AMOUNT.match(m.group("o")):  # "每次都要十几分钟": how long something takes, not a rule
        return []
    return _c(_subject(m.string), "rule", m.group("o"), polarity, kind="rule")


_ANSWER = r"(?:回答|回复|答复|答案|解释|讲解|输出|总结|翻译|代码注释|注释)"


def _zh_answer_rule(m: re.Match[str]) -> list[Claim]:
    """A standing request about the assistant's answers is the user's rule ("用中文回答" keeps its 用)."""
    said = m.group("o").strip()
    if complaint_zh.judges(said):  # "你每次回答都好长啊": a complaint, no rule
        return []
    obj = clean_object(said)
    obj = "用" + obj if said.startswith("用") and not obj.startswith("用") else obj
    return [Claim("user", "rule", obj, "positive", "rule")] if obj else []


def _zh_rule_pre(m: re.Match[str], polarity: str) -> list[Claim]:
    """"代码里不要写中文注释": the topic before the negation belongs to the rule; "(晚上)一口都不能喝" is how
    little the speaker can have (一+measure+都/也 before 不能), no instruction ("一行都不要写" is one)."""
    if re.search(r"一(?:点儿?|口|滴|下|个|次|眼|页|行)$", m.group("pre")) and re.match(r"(?:都|也)?不能", m.string[m.end("pre"):]):
        return []
    return _c(_subject(m.string), "rule", m.group("pre") + m.group("o"), polarity, kind="rule")


# a time, not a thing the user has: "(我的)上次是吃菠萝嘴肿的"
_ZH_WHEN = re.compile(r"(?:上|这|那|下)(?:次|回|一次|一回)|当时|那时候?|那天|昨天|前天|今天|刚才|后来|小时候|以前|之前")


# a key that points away from the user (那边, 这里) or a modal adverb (最好 "preferably"), not a noun the user has
_ZH_NOT_MINE = re.compile(r"^(?:那边|这边|那里|这里|那儿|这儿|当地|那|这|最好|最多|至少|顶多|只要|主要|反正)")
# a judgement, not a value: a degree adverb and an adjective ("真热", "挺贵的", "太难了")
_ZH_JUDGEMENT = re.compile(r"(?:真的?|很|挺|太|超|特别|非常|蛮|有点儿?|巨)[\u4e00-\u9fff]{1,2}(?:的|了|啊|呀)?")


def _zh_attr(m: re.Match[str]) -> list[Claim]:
    said = m.group("a").strip()
    if (re.search(r"(?:都|全|全都|全部)$", said) and not re.match(r"[A-Za-z]", m.group("o").strip())) or _ZH_WHEN.fullmatch(said):
        return []  # "(我的)插件都是自己配的": a generalisation over many, not one value ("我的电脑都是 Mac" names one)
    attr = re.sub(r"(?:就|也|都|还|其实|倒是|反正|才)+$", "", said)
    if _ZH_NOT_MINE.match(attr) or _ZH_JUDGEMENT.fullmatch(m.group("o").strip()) or passing_state.passing(attr, m.group("o")):
        return []  # "(我的)那边夏天是真热", "(我的)最好是快手菜", "(我的耳机)是坏的": a trait, a wish or a passing state
    if len(attr) < 2 and not re.match(r"[A-Za-z]", attr):  # "我的而是拿铁": a function word, not an attribute
        return []
    if re.fullmatch(r"(?:平时|平常|一般|现在|目前|最近|主要|其实|基本|通常|每天|周末|以前|之前|尤其|特别|比如|例如|就是)+", attr):  # "(我的)平时都是…": not an attribute
        return []
    if re.search(r"(?:大多|大部分|多半|基本|一般|通常|都)$", attr):  # "(我的)客户大多是美国的": a generalisation, not an attribute
        return []
    attr = re.sub(r"^(?:新|现在的|目前的|现任)(?=[\u4e00-\u9fff]{2})", "", attr)  # "我的新领导是王总": the leader, now
    attr = re.sub(r"(?<=[\u4e00-\u9fff]{2})(?:现在|目前|已经|还是|其实|一直)$", "", attr)  # "我的编辑器现在是 Zed"
    if attr in {"名字", "姓名"}:
        return _c("user", "name", m.group("o"), kind="identity")
    if attr in {"老家", "家乡", "故乡", "出生地"}:
        return _c("user", "from", re.sub(r"的$", "", m.group("o")), kind="identity")
    if attr.startswith("最喜欢") or attr.startswith("最爱"):
        return _c("user", "prefers", m.group("o"), kind="preference")
    return _c("user", f"attr:{attr[:20]}", m.group("o"))


ZH_RULES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], list[Claim]]]] = [
    (re.compile(rf"^(?:{_ZPROJ}|(?:我们|咱们)(?:的)?)?(?P<a>(?!我(?!们))[\u4e00-\u9fffA-Za-z]{{0,8}}?(?:的)?(?:{_INFRA_ZH}))\s*(?:叫做|叫|是|为|在|：|:)\s*(?P<o>\S.*)$"),
     _infra),
    (re.compile(r"^我(?:的名字)?(?:叫|名叫|的名字是|姓名是)\s*(?P<o>[\u4e00-\u9fffA-Za-z·]{1,12})$"),
     lambda m: _c("user", "name", m.group("o"), kind="identity")),
    # what to call the user, said as a name: "你叫我小王就行", "还是叫我 Kevin 吧" ("叫我早点睡" tells, names no one)
    (re.compile(r"^(?:你|您)?(?:以后|之后)?(?:就|还是|直接)?(?:叫|喊|称呼)我\s*(?P<o>(?:小|老|阿)[\u4e00-\u9fff]{1,2}|[\u4e00-\u9fff]{1,2}(?:哥|姐)|"
                r"(?-i:[A-Z])[A-Za-z]{1,15})\s*(?:就行|就好|就可以|吧|好了)?$"),
     lambda m: _c("user", "name", m.group("o"), kind="identity")),
    # the object ends at its own "对": "我家孩子对花生过敏" is no allergy of the user's to "家孩子对花生"
    (re.compile(r"^我(?:自己|本人)?(?:其实|真的|本来|也|还|一直|从小)*(?:是)?(?:对)?\s*(?P<o>对虾|[^对]+?)\s*过敏$"), lambda m: _c("user", "allergy", m.group("o"), kind="identity")),
    # the cleft "我过敏的是芒果", "我过敏的东西是青霉素"
    (re.compile(r"^我(?:真正|其实)?过敏的(?:东西)?是\s*(?P<o>[^，,]{1,20})$"), lambda m: _c("user", "allergy", m.group("o"), kind="identity")),
    (re.compile(r"^我(?:是)?(?P<o>吃(?:全|纯)?素的?|(?:蛋奶|全|纯)素(?:食者|主义者)?|素食者|素食主义者|清真)$"),
     lambda m: [Claim("user", "diet", m.group("o").rstrip("的"), "positive", "identity")]),
    (re.compile(r"^我(?:不能吃|不吃|忌口)\s*(?P<o>.+)$"),
     lambda m: _c("user", "diet", m.group("o"), "negative", kind="identity")),
    # "我是上海人", "我是东北人"; never "我是普通人" / "我是个好人" / "我是一个很懒的人" (a kind of person)
    (re.compile(r"^我是\s*(?P<o>[\u4e00-\u9fff]{2,6})人$"),
     lambda m: _c("user", "from", m.group("o"), kind="identity") if _home_region(m.group("o")) else []),
    # where the user comes from is not where they live: "我来自成都" then "我住在北京" are both true
    (re.compile(r"^我(?:是|其实|本来|原本)?(?:来自|老家在|老家是|出生在|出生于)\s*(?P<o>.+?)(?:的|人)?$"),
     lambda m: _c("user", "from", m.group("o"), kind="identity")),
    (re.compile(r"^我(?:现在|目前)?(?:住在|生活在|定居在?)\s*(?P<o>.+)$"),
     lambda m: _c("user", "lives_in", m.group("o"), kind="identity")),
    # "我在杭州上班" is where, "我在腾讯上班" for whom
    (re.compile(r"^我(?:现在|目前)?在\s*(?P<o>[^做写搞弄用看学修忙]{1,15}?)(?:工作|上班|任职|就职)$"),
     lambda m: _c("user", "works_in" if is_place(m.group("o")) else "works_at", m.group("o"), kind="identity")),
    # "我现在在腾讯上班了": the change said with 了 (only with 现在/已经: "我在家工作了三天了" is how long, not where)
    (re.compile(r"^我(?:现在|目前|已经)(?:已经)?在\s*(?P<o>[^做写搞弄用看学修忙了]{1,15}?)(?:工作|上班|任职|就职)(?:了|啦)$"),
     lambda m: _c("user", "works_in" if is_place(m.group("o")) else "works_at", m.group("o"), kind="identity")),
    (re.compile(r"^我(?:现在|目前)?在\s*(?P<o>[^做写搞弄用看学修忙]{1,15}?)(?:生活|住|定居)$"),
     lambda m: _c("user", "lives_in", m.group("o"), kind="identity")),
    (re.compile(rf"^(?:我)?(?:是一名|是一位|是一个|是个|是|当|做|从事|干)\s*(?P<o>[^，,]{{0,12}}?(?:{_JOB})[^，,]{{0,4}}?)"
                rf"(?:工作|的)?$"), lambda m: _c("user", "role", m.group("o"), kind="identity")),
    # "我是一名护士": 一名 / 一位 count a person; a noun of a trade (…师, …员, …生, …工) is a job, listed or not
    (re.compile(r"^(?:我)?(?:现在|目前)?是(?:一名|一位)\s*(?P<o>[\u4e00-\u9fffA-Za-z ]{0,8}[师员生工家手官长士医匠])(?:了)?$"),
     lambda m: _c("user", "role", m.group("o"), kind="identity")),
    (re.compile(r"^我的\s*(?P<a>[\u4e00-\u9fffA-Za-z ]{1,12}?)\s*(?:(?<![老总不真只倒可正要于像算但而或便硬])是|为|=|：|:)\s*(?P<o>.+)$"), _zh_attr),
    # where the user's own place is, by floor, room or building: "我的工位在五楼", "我的办公室在3号楼502" (a noun of a
    # place, headed 位/室/间/舍/桌: "我的钥匙在桌上" and "我的车在B2层" say where a thing lies now)
    (re.compile(r"^我的\s*(?P<a>[\u4e00-\u9fff]{0,4}[位室间舍桌])\s*(?:现在|目前|就|还)?(?:在|位于)\s*"
                r"(?P<o>[\u4e00-\u9fffA-Za-z0-9-]{0,6}?(?:[一二三四五六七八九十\d]+|[A-Za-z]\d*)\s*(?:号楼|楼|层|区|室|栋|座|单元|号)"
                r"[\u4e00-\u9fffA-Za-z0-9-]{0,8}?)(?:那边|这边)?$"), _zh_attr),
    (re.compile(rf"^(?:{_ZPROJ})?(?P<k>部署|发布|构建|编译|打包|测试|启动|运行)(?:的)?(?:命令|脚本|方式)?\s*"
                rf"(?:是|用|改成|改为|改到|换成|使用|走|都用|就用|执行|跑|：|:)了?\s*(?P<o>[^，,]+?)(?:了)?$"), _zh_cmd),
    (re.compile(rf"^{_ZPROJ}(?:都|统一|一律)?(?:必须|要|需要|得|应该|务必)\s*(?P<o>.+)$"),
     lambda m: _c("project", "rule", m.group("o"), kind="rule")),
    (re.compile(rf"^{_ZPROJ}(?:都)?(?:不要|别|不能|禁止|不许|不准|不可以|严禁|不允许)\s*(?P<o>.+)$"),
     lambda m: _c("project", "rule", m.group("o"), "negative", kind="rule")),
    (re.compile(rf"^(?:不要|别|不能|禁止|不许|不准|严禁)\s*(?:在)?{_ZPROJ}(?P<o>.+)$"),
     lambda m: _c("project", "rule", m.group("o"), "negative", kind="rule")),
    (re.compile(rf"^{_ZPROJ}(?:都|统一|一律|目前|现在)?(?:用|使用|采用|基于|用的是|依赖|跑在|部署在|是用)\s*(?P<o>.+)$"),
     _zh_uses),
    (re.compile(rf"^我{_ZNOW}{_ZADV}(?:不喜欢|不再喜欢|再也不喜欢|没那么喜欢|讨厌|不爱|不再爱|受不了|反感|厌恶|烦|不太喜欢|不习惯|不想再?用)(?:用|使用|看|写|吃|喝)?"
                r"\s*(?P<o>.+)$"), lambda m: _c("user", "prefers", m.group("o"), "negative", "preference")),
    (re.compile(rf"^我{_ZNOW}(?:不再|不|没再|没有再|已经不|再也不)(?:用|使用|看|写|玩|碰|学|喝|吃)\s*(?P<o>.+)$"),
     lambda m: _c("user", "uses", m.group("o"), "negative")),
    (re.compile(r"^我(?:以前|之前|过去|曾经)(?:啥都|什么都|都|一直|主要|基本)?(?:用|喜欢|写)(?:过)?(?:一段时间|一阵子?|很久|好几年|几年|好多年)?\s*(?P<o>.+?)(?:写的?)?(?:，|,)?(?:现在不.*)?$"),
     lambda m: _c("user", "uses", m.group("o"), "negative")),
    (re.compile(rf"^我{_ZNOW}{_ZADV}(?:喜欢|爱|偏好|偏爱|习惯|倾向于?|钟爱|爱用|喜爱|青睐)(?:用|使用|看|写|吃|喝)?\s*(?P<o>.+)$"),
     lambda m: _c("user", "prefers", m.group("o"), kind="preference")),
    (re.compile(r"^我(?:今天|今晚|这[两几]?(?:天|周|个星期|个月|阵子|段时间)|本周|本月|最近|目前|现在|正)*(?:在|正在|忙着|忙于)(?:做|搞|弄|写|开发|处理|修|"
                r"重构|调试|负责|忙|赶|备考|准备|学习|学|研究|排查|复习|优化|设计|迁移|整理)\s*(?P<o>.+)$"), lambda m: _c("user", "working_on", m.group("o"), kind="task_state")),
    (re.compile(rf"^我{_ZNOW}{_ZADV}(?:改用|换成|换用|转向|切换到|转到|迁移到)了?\s*(?P<o>.+)$"),
     lambda m: _c("user", "uses", m.group("o"))),
    (re.compile(rf"^我{_ZNOW}{_ZADV}(?:用|使用|在用|写|用的是|写的是)\s*(?P<o>.+)$"),
     lambda m: _c("user", "uses", m.group("o"))),
    # how the assistant should answer, under a standing cue: "以后回答简短一点", "今后你都用中文回复"
    (re.compile(rf"^(?:请)?(?:你|您)?(?:以后|今后|每次|平时)?(?:的)?(?:都|就|要|尽量|请|给我)*(?P<o>(?![^，,]*(?:不要|别|不能|禁止|不许|不准|严禁))(?:{_ANSWER}|用(?:中文|英文|英语|简体中文|繁体中文|日语|粤语))"
                r"[^，,]{0,16})$"), _StandingRule(_zh_answer_rule)),
    (re.compile(r"^(?:请)?(?:不要|别|不能|禁止|不许|千万别|永远不要|以后不要|以后别)\s*(?P<o>.+)$"),
     _StandingRule(lambda m: _zh_rule(m, "negative"))),
    (re.compile(r"^(?:请)?(?:总是|永远|一律|始终|务必|每次都?(?=要|先|记得|给我|帮我|用|加|写|带))\s*(?P<o>.+)$"), _StandingRule(lambda m: _zh_rule(m, "positive"))),
    (re.compile(r"^(?!我)(?P<pre>[^，,]{1,8}?)(?:都|也)?(?:不要|别|不能|禁止|不许|不准|严禁)\s*(?P<o>.+)$"),
     _StandingRule(lambda m: _zh_rule_pre(m, "negative"))),
]


def parse_clause(clause: str, *, standing: bool = False,
                 keep: Callable[[list[Claim]], bool] = bool) -> list[Claim]:
    """Claims asserted by one clause (first matching pattern wins; both languages are tried).

    `standing=True` says the message carried a standing cue (remember / from now on / 以后) that was
    stripped, so imperatives in the clause are standing rules rather than one-off requests.
    """
    clause = quoted.strip_closed(clause, " \t\"'“”.,;:!?。，；：！？")
    if not clause:
        return []
    standing = standing or bool(STANDING.search(clause) or PROJECT.search(clause)) or answer_scope.every_answer(clause)
    for rules in (EN_RULES, ZH_RULES):
        for pattern, build in rules:
            if isinstance(build, _StandingRule) and not standing:
                continue  # a bare imperative is a request for this answer, not a standing rule
            m = pattern.search(clause)
            if m:
                claims = build(m)
                if claims and keep(claims):
                    return claims
    return answer_scope.piece_rule(clause)
