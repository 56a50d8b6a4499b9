"""English chat, stop 35: a negated "or" names each thing ("don't use emojis or exclamation marks in anything you
write" = neither), and the user's health condition ("I have celiac", "I'm type 1 diabetic").

Example:
    >>> [c.object for c in neither(Claim("user", "rule", "emojis or exclamation marks in anything you write", "negative"))]
    ['emojis in anything you write', 'exclamation marks in anything you write']
    >>> [c.object for c in condition("i have type 1 diabetes")]
    ['type 1 diabetes']
"""

from __future__ import annotations

import re

from .rules import Claim

_I = re.IGNORECASE
_PART = r"[\w.+#'-]+(?:\s+[\w.+#'-]+){0,2}?"
# "A or B", with the scope both share after them ("… in your answers", "… after 6pm")
_EITHER = re.compile(rf"^(?P<a>{_PART})\s*,?\s+or\s+(?P<b>{_PART})(?P<scope>\s+(?:in|for|on|when|after|before|at)\s+.+)?$", _I)
# the same in Chinese: "(不吃)猪肉或者牛肉", "(回答里不要)用表情或者感叹号" (the verb before both kept on each)
_EITHER_ZH = re.compile(r"^(?P<pre>[^或]{0,8}?用)?(?P<a>[^或，,、\s]{1,8})(?:或者|或是|或)(?P<b>[^或，,、\s]{1,8})$")
_NOT_A_PART = re.compile(r"\b(?:so|something|anything|whatever|not|whether|else|similar|other|others|i|you|it|is|are|do|does)$", _I)


def neither(c: Claim) -> list[Claim]:
    """A negative claim on "A or B" is one on each ("I don't eat pork or beef", "我不吃猪肉或者牛肉"); [] when the
    object is no such pair."""
    if c.polarity != "negative" or c.predicate not in ("rule", "prefers", "diet", "uses"):
        return []
    if (z := _EITHER_ZH.match(c.object.strip())) and not re.search(r"[A-Za-z]{2}\s+or\s", c.object):
        pre, scope = z.group("pre") or "", ""
    elif (m := _EITHER.match(c.object.strip())) and not any(_NOT_A_PART.search(p) or _NOT_A_PART.match(p)
                                                           for p in (m.group("a"), m.group("b"))):
        z, pre, scope = m, "", m.group("scope") or ""
    else:
        return []
    return [Claim(c.subject, c.predicate, f"{pre}{p}{scope}", c.polarity, c.kind, list(c.replaces), c.condition, c.verb)
            for p in (z.group("a"), z.group("b"))]


# a condition the user lives with: "I have celiac", "I'm type 1 diabetic", "I've got asthma"
_CONDITIONS = (r"celiac(?:\s+disease)?|coeliac(?:\s+disease)?|(?:type\s+(?:1|2|one|two)\s+)?diabetes|asthma|epilepsy|adhd|add|"
               r"crohn'?s(?:\s+disease)?|ibs|pcos|endometriosis|hypertension|high blood pressure|migraines|arthritis|"
               r"(?:rheumatoid\s+)?arthritis|lupus|psoriasis|eczema|sleep apnea|tinnitus|dyslexia|autism|anxiety|"
               r"a (?:nut|peanut|shellfish|gluten|dairy|lactose) (?:allergy|intolerance)|gerd|acid reflux|pots|long covid|"
               r"hashimoto'?s|hypothyroidism|gout|scoliosis|a bad back|a heart condition|diabetic")
_HAS_CONDITION = re.compile(rf"^i(?:'ve|\s+have)(?:\s+got|\s+been\s+diagnosed\s+with)?\s+(?P<o>{_CONDITIONS})$|"
                            rf"^i(?:'m|\s+am)\s+(?:a\s+)?(?P<d>(?:type\s+(?:1|2|one|two)\s+)?diabetic|celiac|coeliac|epileptic|"
                            r"asthmatic|dyslexic|autistic|pre-?diabetic)$", _I)


# what follows from it, in the same clause: "(I have celiac) so the recipe has to be GF"
_CONSEQUENCE = re.compile(r"\s+(?:so|and so|which means|meaning)\s+.*$", _I)


def condition(clause: str) -> list[Claim]:
    """"i have celiac", "I'm type 1 diabetic": the user's condition (what they eat, how they train, travel)."""
    m = _HAS_CONDITION.match(_CONSEQUENCE.sub("", clause.strip(" .,;!?")))
    if not m:
        return []
    return [Claim("user", "trait", m.group("o") or m.group("d"), "positive", "identity")]


# the team's work before the tool it is done with: "(runs) CI on GitHub Actions", "(writes) all tests with pytest"
_WORK = (r"ci|ci jobs?|builds?|tests?|unit tests?|integration tests?|e2e tests?|end-to-end tests?|specs?|jobs?|cron jobs?|"
         r"deploys?|deployments?|releases?|images?|containers?|code|docs|documentation|migrations?|pipelines?|workflows?|"
         r"linting|formatting|type-?checking|checks|backups?|frontend|backend|api|app|site|services?|workers?|everything")
_WORK_WITH = re.compile(rf"^(?:(?:all|our|the|every|its|most)\s+)*(?P<mod>(?-i:[a-z][\w-]*)\s+)?(?:{_WORK})\s+(?:with|on|using|via|through|in)\s+(?P<t>\S.*)$", _I)


def instrument_only(c: Claim) -> Claim | None:
    """A project tool claim whose object is the work before its tool ("all tests with pytest") → the tool alone."""
    from .clause_en import is_tool_name  # clause_en imports the grammar that calls this

    if c.subject != "project" or c.predicate not in ("uses", "package_manager") or not (m := _WORK_WITH.match(c.object.strip())):
        return None
    if m.group("mod") and is_tool_name(m.group("mod").strip()):
        return None  # "react app on Vercel": the modifier names a tool too
    return Claim(c.subject, c.predicate, m.group("t").strip(), c.polarity, c.kind, list(c.replaces), c.condition, c.verb)
