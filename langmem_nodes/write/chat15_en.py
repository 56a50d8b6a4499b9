"""English chat, stop 37: a claim whose parts do not hold up is no memory.

- attitude: a reaction to what the assistant just did ("I like how you explained that") or a wish for the moment
  ("I'd rather not talk about work right now") is no standing preference;
- object span: a rule needs something to do — "never again", "(fails on CI,) never locally" leave only an
  adverb; "always forget …" names a slip of the user's, no instruction; a time ("runs at 01:30") is no tool; an
  occasion ("I've got a long weekend", "I have an exam on Friday") is nothing the user owns;
- a plain personal fact said with its length: "I've been a nurse for six years (now)" is the role "nurse", "I've
  been a vegetarian since 2015" the diet;
- a relative or pet named in passing, as chat writes it: "our cat Biscuit keeps …", "my son leo refuses …" (the
  name is the user's fact even lowercase, even after "our");
- holder: a clause with a subject of its own is not the user's when the user was only supplied by a retry
  ("(I teach,) summers are my sanity" is about summers, "暑假是我的救命稻草" too; "(I live in Rotterdam,) a factor",
  "(I work at Acme,) a fintech startup" describe the thing named before, not the user).

Example:
    >>> from .rules import Claim
    >>> reaction(Claim("user", "prefers", "how you explained that")), reaction(Claim("user", "prefers", "it when you use bullets"))
    (True, False)
    >>> momentary(Claim("user", "prefers", "not talk about work"), "I'd rather not talk about work right now")
    True
    >>> empty_rule(Claim("user", "rule", "again", "negative")), empty_rule(Claim("user", "rule", "use tabs"))
    (True, False)
    >>> as_role_statement("I've been a nurse for about six years now"), as_role_statement("I've been a fan since 2010")
    ("I'm a nurse", "I'm a fan")
"""

from __future__ import annotations

import re

from .chat14_en import judgement
from .rules import JOB_HEAD, Claim

_I = re.IGNORECASE

# ---- attitude ---------------------------------------------------------------------------------------------------
# what the assistant did in this conversation: "how you explained that", "what you did there", "that you added tests"
_PAST_ACT = r"(?:\w+ed|did|said|wrote|put|made|gave|told|showed|broke|laid|built|chose|thought|found|kept|left|meant|ran|set|took|caught|drew|spelled|split)"
_REACTION = re.compile(rf"^(?:how|what|the way|that|when|where|the part where)\s+(?:you|u)\s+(?:just\s+|really\s+|also\s+)?{_PAST_ACT}\b", _I)


def reaction(c: Claim) -> bool:
    """A preference for what the assistant just did: a reaction to this answer, not a standing taste."""
    return c.predicate == "prefers" and _REACTION.match(c.object.strip()) is not None


# a wish (not a taste) bound to the present moment: "I'd rather …", "I'd love …", "I want …" + "right now"
_WISH = re.compile(r"^(?:i'?d|i would)\s+(?:much\s+|really\s+)?(?:rather|prefer|like|love)\b|^i\s+(?:really\s+|just\s+)?(?:want|wanna|feel like)\b", _I)
_NOW = re.compile(r"\b(?:right now|just now|at the moment|atm|tonight|today|this (?:morning|afternoon|evening))\b", _I)


def momentary(c: Claim, clause: str) -> bool:
    """A wish for now ("I'd rather not talk about work right now"), no preference that lasts."""
    return c.predicate == "prefers" and _WISH.match(clause.strip()) is not None and _NOW.search(clause) is not None


# ---- object span ------------------------------------------------------------------------------------------------
_ADVERB_ONLY = re.compile(r"^(?:again|ever|before|anymore|any more|locally|remotely|here|there|once|twice|"
                          r"(?!(?:reply|apply|supply|rely|fly|multiply|comply|imply|ally|bully|tally)$)\w+ly|lol|haha|tho|though|either|too|yet|now|then|so far|at all|ever again|again lol)$", _I)
# what happens to the user, not what anyone is asked to do: "always forget …", "always end up …"
_SLIP_VERB = re.compile(r"^(?:forget|forgot|mix up|mixes up|get (?:confused|lost|it wrong)|end up|seem to|lose|misplace|"
                        r"oversleep|run late|fall asleep|mess (?:it |this |that )?up)\b", _I)


def empty_rule(c: Claim) -> bool:
    """A rule that leaves nothing to do (only an adverb), or names a slip of the user's own."""
    if c.predicate != "rule":
        return False
    obj = c.object.strip(" .,!?")
    return bool(_ADVERB_ONLY.match(obj)) or bool(_SLIP_VERB.match(obj))


_TIME_VALUE = re.compile(r"^(?:at|around|by|before|after|every|each)\s+\d", _I)


def time_not_tool(c: Claim) -> bool:
    """"(the nightly build runs) at 01:30": a time, no tool."""
    return c.predicate in ("uses", "prefers") and _TIME_VALUE.match(c.object.strip()) is not None


# a calendar occasion, had once: "a long weekend", "a day off tomorrow", "an exam on Friday", "a job interview"
_OCCASION = re.compile(r"^(?:(?:a|an|the|two|three|four|\d+|some|another|this)\s+)?(?:[\w-]+\s+){0,2}?"
                       r"(?P<h>weekends?|afternoons?|mornings?|evenings?|nights?|holidays?|vacation|break|days? off|weeks? off|"
                       r"time off|meetings?|exams?|tests?|interviews?|appointments?|deadlines?|presentations?|dates?|"
                       r"party|parties|calls?|flights?|trips?|surgery|hangover)"
                       r"(?:\s+(?:off|on|at|in|next|tomorrow|today|tonight|this|coming up|later|soon|lol)\b.*)?$", _I)


def occasion(c: Claim) -> bool:
    """"I've got a long weekend", "I have an exam on Friday": an occasion, once, not something the user owns."""
    return c.predicate == "has" and _OCCASION.match(c.object.strip()) is not None


def dropped(c: Claim, text: str) -> bool:
    """True when one of the parts above fails (en only; Chinese text never matches these patterns)."""
    return reaction(c) or momentary(c, text) or empty_rule(c) or time_not_tool(c) or occasion(c)


# ---- holder -----------------------------------------------------------------------------------------------------
def possessed_value(c: Claim) -> bool:
    """An attribute whose value is itself the user's ("(my) summers are my sanity", "(我的)暑假是我的救命稻草"):
    the clause's own subject is described, so the "my" a retry put before it made a false attribute."""
    return c.predicate.startswith("attr:") and re.match(r"^(?:my|mine)\b|^我的", c.object.strip(), _I) is not None


# what an appositive "a/an NP" after a place or an employer describes: the place or employer, not the user
_DESCRIBED = frozenset({"lives_in", "works_in", "works_at", "from", "uses", "has"})


def appositive_of_object(prev: Claim | None, clause: str) -> bool:
    """"(I live in Rotterdam,) a factor", "(I work at Acme,) a fintech startup": the bare "a NP" says more about
    what the clause before named, so it is no role of the user's."""
    return (prev is not None and prev.predicate in _DESCRIBED
            and re.match(r"^(?:a|an)\s", clause.strip(), _I) is not None)


# ---- a personal fact said with how long it has held ---------------------------------------------------------------
_BEEN = re.compile(r"^i(?:'ve| have)\s+been\s+(?P<r>an?\s+[\w -]{2,40}?)\s+(?:for\s+(?:about\s+|around\s+|almost\s+|nearly\s+|over\s+|"
                   r"like\s+|the\s+(?:last|past)\s+)?(?:\d+|a|an|a few|a couple(?: of)?|two|three|four|five|six|seven|eight|nine|ten|"
                   r"many|several|some)\s+(?:years?|months?|yrs?|decades?)|since\s+\S+(?:\s+\S+)?)(?:\s+(?:now|already))?$", _I)


def as_role_statement(clause: str) -> str:
    """"I've been a nurse for six years" said as "I'm a nurse" (what holds now), else ""."""
    m = _BEEN.match(clause.strip())
    return f"I'm {m.group('r').strip()}" if m else ""


def been_role(clause: str, parse) -> list[Claim]:  # type: ignore[no-untyped-def]
    """The role (or diet) a "have been a … for N years" clause states: a job ("a nurse"), not "a fan" or "a mess"."""
    said = as_role_statement(clause)
    return [c for c in parse(said) if c.predicate == "diet" or c.predicate == "role" and (
        JOB_HEAD.search(c.object) or not judgement(f"a {c.object}"))] if said else []


# ---- a relative or pet named in passing ---------------------------------------------------------------------------
_KIN = (r"son|daughter|wife|husband|partner|kid|boy|girl|brother|sister|mom|mum|mother|dad|father|fianc[eé]e?|"
        r"grandson|granddaughter|baby|toddler|cat|dog|puppy|kitten|parrot|rabbit|bunny|hamster|beagle|lab|labrador|"
        r"retriever|terrier|poodle|corgi|husky|dachshund|pug|collie|spaniel|greyhound|chihuahua|doodle|bulldog")
# words that follow a kin noun and are no name: adverbs, auxiliaries, verbs in their usual forms
_VERB_FORM = re.compile(r"^\w+(?:ly|ed|ing|s)$", _I)
_NOT_A_NAME = re.compile(r"^(?:just|always|never|still|also|often|even|ever|too|now|then|only|soon|again|almost|"
                         r"already|and|or|but|so|is|was|has|had|can|could|will|would|should|might|must|did|does|do|got|get|"
                         r"ate|ran|went|came|made|took|gave|left|fell|broke|told|said|keep|won't|can't|doesn't|didn't|isn't|"
                         r"wasn't|the|a|an|my|our|who|which|that|here|there|at|in|on|to|for|with|from|of)$", _I)
# what the named one does next: a verb ("keeps", "refuses", "turned", "is") or an adverb before one
_NEXT_VERB = r"(?:\w+s|\w+ed|is|was|has|had|just|always|never|still|keeps|won't|can't|doesn't|didn't|isn't|will|can)"
_NAMED_IN_PASSING = re.compile(rf"^(?:my|our)\s+(?:(?:little|baby|youngest|oldest|eldest|older|younger|big|twin|old|new|"
                               rf"senior|rescue|sweet)\s+)?(?P<k>{_KIN})\s+(?P<o>[A-Za-z][a-z-]{{1,15}})\s+{_NEXT_VERB}\b", _I)


def named_in_passing(clause: str) -> list[Claim]:
    """"our cat Biscuit keeps knocking plants over", "my son leo refuses to eat greens": the relative's or pet's
    name (a word that is no verb, adverb or function word, capitalised or not)."""
    m = _NAMED_IN_PASSING.match(clause.strip())
    name = m.group("o") if m else ""
    if not m or _NOT_A_NAME.match(name) or (_VERB_FORM.match(name) and not name[:1].isupper()):
        return []  # a capitalised word ending like a verb is still a name ("Pickles", "Ned")
    from .grammar import name_predicate  # late: grammar builds on this module
    return [Claim("user", name_predicate(m.group("k")), name[:1].upper() + name[1:], "positive", "fact")]
