"""English chat, stop 36: a judgement is no value ("my sleep is way better", "my handwriting is a smeary mess"),
a short answer takes its frame from the assistant's question ("Which database are you using?" — "postgres, v15"),
a bullet line "frontend: React with Vite" under a list is a setting of the project, and a fact given as the
reason of a request ("as a vegetarian, what …", "… since I'm a software engineer") is the user's.

Example:
    >>> judgement("way better"), judgement("a smeary mess"), judgement("not great"), judgement("Postgres 15")
    (True, True, True, False)
    >>> answered("Which database are you using?", "postgres, v15"), answered("Which stack?", "x")
    ('we use postgres v15', '')
    >>> answered("What language and framework is the service written in?", "kotlin, spring boot")
    'we use kotlin and spring boot'
    >>> answered("Which editor do you use?", "neovim mostly")
    'I use neovim mostly'
    >>> bullet_setting("* db: MySQL 8")
    'our db is MySQL 8'
"""

from __future__ import annotations

import re

_I = re.IGNORECASE

# what the assistant writes, as a topic without a determiner: "no emojis in replies", "no jargon in explanations"
OUTPUTS = r"(?:answers|replies|responses|explanations|code examples|examples|summaries|messages|code snippets|snippets)"


# ---- a judgement, not a value ---------------------------------------------------------------------------------
_DEGREE = r"(?:way|much|so|a lot|far|even|really|very|pretty|kinda|kind of|a little|a bit|slightly|honestly|literally|totally|just)"
_COMPARATIVE = r"(?:better|worse|nicer|easier|harder|slower|faster|cleaner|messier|calmer|happier|sadder|" \
               r"improved|worse than ever|better than ever|better than before|worse than before)"
_EVALUATIVE = r"(?:great|good|bad|terrible|awful|horrible|ok(?:ay)?|fine|decent|amazing|perfect|rough|poor|meh|" \
              r"atrocious|trash|garbage|shaky|rusty|lousy|solid)"
_BAD_THING = r"(?:mess|disaster|nightmare|joke|wreck|catastrophe|dumpster fire|train wreck|headache|pain)"
_JUDGEMENT = re.compile(
    rf"^(?:{_DEGREE}\s+)*{_COMPARATIVE}(?:\s+(?:now|lately|already|than (?:before|ever|it was)))?$|"
    rf"^(?:not|never)\s+(?:{_DEGREE}\s+)*(?:that\s+)?{_EVALUATIVE}$|"
    rf"^(?:such\s+)?an?\s+(?:(?:{_DEGREE}\s+)?[a-z]+(?:y|ed|ing|ful|ic|al|ous|ible|able|ish)?\s+)?(?:total\s+|complete\s+|absolute\s+)?{_BAD_THING}$",
    _I)


_SINCE = re.compile(r"\s+(?:ever since|since|because|when|after|now that|lately|these days)\b.*$", _I)


def judgement(value: str) -> bool:
    """The value only judges the thing ("way better", "a smeary mess", "not great"): no fact to keep."""
    return bool(_JUDGEMENT.match(_SINCE.sub("", value).strip(" .,!?")))


# ---- a short answer to the assistant's question ---------------------------------------------------------------
# what the project is built from: asked about with "you", it is still the team's ("Which database are you using?")
_PROJECT_NOUN = (r"(?:database|db|datastore|orm|framework|web framework|language|programming language|stack|tech stack|"
                 r"backend|frontend|ci|ci system|ci/cd|cloud|cloud provider|host|hosting|hosting provider|bundler|build tool|"
                 r"package manager|test runner|testing framework|message queue|queue|broker|cache|runtime|version|"
                 r"orchestrator|deployment platform|platform|version control|vcs|linter|formatter|auth provider|css framework)")
_HOLDER = r"(?P<h>you|your team|the team|the project|your project|your app|the app|your service|the service|your stack|it|the repo|your repo|the backend|your backend|the frontend|your frontend)"
_VERB = r"(?P<v>using|use|running|run|on|in|written in|built (?:with|on|in)|deploying (?:to|on)|hosting (?:on|with)|like|prefer|enjoy|speak|play|read|watch|drive|listen to)"
_ASKED = re.compile(rf"(?:^|\s)(?:which|what)\s+(?:kind of\s+|sort of\s+)?(?P<n>[\w/ -]{{1,30}}?)\s+(?:are|do|is|does)\s+{_HOLDER}\s+"
                    rf"(?:usually\s+|currently\s+|mostly\s+|normally\s+)?{_VERB}(?:\s+(?:these days|currently|right now|for (?:this|that|it)))?\s*\?\s*$", _I)
# the answer alone: a few words, no clause of its own ("postgres, v15", "neovim mostly", "typescript")
_SHORT = re.compile(r"^(?!(?:i|i'm|im|we|we're|it|it's|no|nope|yes|yeah|not sure|idk|dunno|why|what|how|which|can|could|do|does|is|are)\b)"
                    r"[\w.+#/ -]+(?:,\s*[\w.+#/ -]+)?[.!]?$", _I)
_USER_VERB = {"like": "like", "prefer": "prefer", "enjoy": "enjoy", "speak": "speak", "play": "play", "read": "read",
              "watch": "watch", "drive": "drive", "listen to": "listen to"}


def answered(question: str, answer: str) -> str:
    """The user's short answer said as the statement the assistant's question asked for ("Which editor do you
    use?" — "neovim" → "I use neovim"), else ""."""
    answer = answer.strip()
    if len(answer.split()) > 6 or not _SHORT.match(answer):
        return ""
    asked = re.split(r"(?<=[.!?])\s+", question.strip())[-1] if question.strip().endswith("?") else ""
    m = _ASKED.search(asked)
    if not m:
        return ""
    verb, holder, noun = m.group("v").lower(), m.group("h").lower(), m.group("n").strip().lower()
    if verb in _USER_VERB:
        return f"I {_USER_VERB[verb]} {answer}" if holder == "you" else ""
    built_from = re.search(rf"\b{_PROJECT_NOUN}s?\b", noun, _I) is not None  # "database engine", "CI system"
    team = holder != "you" or built_from
    if holder == "it" and not built_from:
        return ""  # "What breed is it?": what "it" is, the question does not say
    return f"{'we' if team else 'I'} use {_listed(answer)}"


_VERSION = re.compile(r"^(?:v|version\s+)?\d+(?:\.\d+)*$", _I)


def _listed(answer: str) -> str:
    """"kotlin, spring boot" → "kotlin and spring boot" (each a value); "postgres, v15" stays one value."""
    items = [p.strip() for p in answer.rstrip(".!").split(",") if p.strip()]
    joined: list[str] = []
    for item in items:
        if joined and _VERSION.match(item):
            joined[-1] += f" {item}"  # a version belongs to the name before it
        else:
            joined.append(item)
    return " and ".join(joined)


# ---- a bullet line naming a part of the project ---------------------------------------------------------------
_PART = (r"frontend|front-end|front end|backend|back-end|back end|db|database|cache|queue|message queue|broker|ci|ci/cd|cd|"
         r"hosting|host|cloud|infra|infrastructure|language|framework|orm|auth|storage|search|monitoring|logging|bundler|"
         r"package manager|tests|testing|test runner|linting|linter|deploys?|deployment|api|server|runtime|mobile|styling|css|"
         r"state management|orchestration|containers|observability|payments|email|mobile app|web app")
_BULLET = re.compile(rf"^\s*(?:[-*•·]|\d{{1,2}}[.)])\s+(?P<k>{_PART})\s*[:=—–-]\s*(?P<v>\S.*)$", _I)


def bullet_setting(line: str) -> str:
    """"* db: MySQL 8" → "our db is MySQL 8": a listed part of the project with what it is built from, else ""."""
    m = _BULLET.match(line)
    return f"our {m.group('k').lower()} is {m.group('v').strip()}" if m else ""


# ---- a fact given as the reason of a request -----------------------------------------------------------------
_AS_A = re.compile(r"^as\s+(?P<o>an?\s+[\w-]+(?:\s+[\w-]+){0,2})$", _I)
_AS_A_ZH = re.compile(r"^(?:我)?作为(?:一[个名位])?(?P<o>[\u4e00-\u9fffA-Za-z]{1,10})$")  # "作为一个素食者，…"
_NOT_WHO = re.compile(r"\b(?:kid|child|teen|teenager|baby|joke|result|rule|gift|whole|team|favou?r|bonus|reminder|side note|"
                      r"treat|test|example|backup|start|first step|default|fallback|side project|hobby)$", _I)
_NOT_WHO_ZH = re.compile(r"(?:孩子|小孩|玩笑|例子|礼物|奖励|备份|开始|第一步|默认|团队|整体)$")
_REASON = re.compile(r"^(?P<head>.+?)\s+(?:since|because|cause|cuz|as)\s+(?P<r>(?:i'm|i am)\s+(?:an?\s+)?[\w-]+(?:\s+[\w-]+){0,3})$", _I)
_WHO = ("diet", "role", "trait")


def reason_given(clause: str, parse) -> list:
    """"as a vegetarian" (before a request), "… since I'm a software engineer": who the user is, given as the
    reason of what they ask; only a diet, role or trait counts (not "as a joke", "as a kid")."""
    if (m := _AS_A.match(clause.strip())) and not _NOT_WHO.search(m.group("o")):
        said = f"I'm {m.group('o')}"
    elif (m := _AS_A_ZH.match(clause.strip())) and not _NOT_WHO_ZH.search(m.group("o")):
        said = f"我是{m.group('o')}"
    elif m := _REASON.match(clause.strip()):
        said = m.group("r")
    else:
        return []
    return [c for c in parse(said) if c.subject == "user" and c.predicate in _WHO]


# ---- a stance said without its usual frame -------------------------------------------------------------------
# "quit vaping in march", "gave up red meat": the user dropped before a verb of giving something up
_GAVE_UP = re.compile(r"^(?:(?:finally|just|recently|already)\s+)?(?P<v>quit|gave up|stopped(?=\s+\w+ing\b)|ditched|cut out)\s+"
                      r"(?!it\b|that\b|this\b|with\b|my\b|the\b|a\b|an\b|on\b|at\b|by\b)(?=\w)", _I)
# a habit given up, said with its gerund ("quit vaping", "gave up smoking"): a thing no longer consumed or done
HABITS = r"(?:smoking|vaping|drinking|snacking|gambling|caffeine|alcohol|booze|weed|nicotine)"
# "i've never liked horror movies": a taste always held, said in the past
_NEVER_LIKED = re.compile(r"^(?:i(?:'ve|\s+have)?\s+)?never\s+(?:really\s+|much\s+|actually\s+)?(?:liked|enjoyed|cared for)\s+(?P<o>\S.*)$", _I)
# "never flying ryanair again", "I'm never buying a Samsung again": a thing the user is done with
_NEVER_AGAIN = re.compile(r"^(?:i(?:'m|\s+am|'ll|\s+will)\s+)?never\s+(?:buying|using|flying(?:\s+with)?|ordering from|eating at|"
                          r"booking(?:\s+with)?|staying at|shopping at|touching|installing)\s+(?P<o>\S.*?)\s+again$", _I)


def restated(clause: str) -> str:
    """The clause said in the frame the grammar reads ("quit vaping" → "I quit vaping", "i've never liked X" →
    "I don't like X", "never flying X again" → "I avoid X"), else ""."""
    text = clause.strip()
    if m := _GAVE_UP.match(text):
        return f"I {text[m.start('v'):]}"
    if m := _NEVER_LIKED.match(text):
        return f"I don't like {m.group('o')}"
    if m := _NEVER_AGAIN.match(text):
        return f"I avoid {m.group('o')}"
    if m := _TEAM_NO_LONGER.match(text):
        return f"we no longer {_plain_verb(m.group('v'))} {text[m.end():]}"
    return ""


# "Our team no longer uses Slack": the team is "we" ("we no longer use Slack")
_TEAM_NO_LONGER = re.compile(r"^(?:our|my|the)\s+(?:team|company|org|startup|shop|squad)\s+no longer\s+(?P<v>[a-z]+s)\s+(?=\S)", _I)


def _plain_verb(verb: str) -> str:
    v = verb.lower()
    irregular = {"uses": "use", "has": "have", "does": "do", "goes": "go"}
    return irregular.get(v) or (v[:-2] if re.search(r"(?:sh|ch|x|ss|zz)es$", v) else v[:-1])


# ---- what kind of pet a named pet is ------------------------------------------------------------------------
_PET = r"(?P<p>dog|cat|puppy|kitten|rabbit|bunny|parrot|hamster|horse|bird|guinea pig|tortoise|turtle|snake|lizard)"
_AGE = r"(?:(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[- ](?:year|month|week)s?[- ]old\s+)?"
# "my dog Pepper is a 3-year-old beagle": the name and the kind in one clause
_NAMED_IS = re.compile(rf"^(?:my|our)\s+{_PET}\s+[A-Z][\w'-]+\s+is\s+an?\s+(?:(?:little|big|tiny|huge|rescue|sweet|good|chonky|senior)\s+)?"
                       rf"{_AGE}(?P<k>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)$", _I)
_NOT_A_KIND = re.compile(r"^(?:good|bad|sweet|great|little|big|real|total|absolute)\b|\b(?:boy|girl|one|thing|pain|handful|menace)$", _I)


def pet_kind(clause: str, said: list) -> list:
    """The kind of a pet the clause says it is ("my dog Pepper is a beagle" → beagle), beside the name `said`
    already holds; [] when no name was read or the "kind" only judges ("a good boy"). "I have a beagle named
    Pepper" keeps the name only: the labelled sets do not count the kind there."""
    if not any(c.predicate.endswith("_name") for c in said):
        return []
    from .rules import Claim  # rules imports nothing of this module; imported here to keep this module light

    text = clause.strip(" .!?")
    if (m := _NAMED_IS.match(text)) and not _NOT_A_KIND.search(m.group("k")):
        return [Claim("user", f"attr:{m.group('p').lower().replace(' ', '_')}", m.group("k"), "positive", "fact")]
    return []
