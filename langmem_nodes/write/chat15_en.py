"""English chat, stop 37: a claim whose parts do not hold up is no memory.

- attitude: a reaction to what the assistant just did ("I like how you explained that") or a wish for the moment
  ("I'd rather not talk about work right now") is no standing preference;
- object span: a rule needs something to do — "never again", "(fails on CI,) never locally" leave only an
  adverb; "always forget …" names a slip of the user's, no instruction; a time ("runs at 01:30") is no tool;
- holder: a clause with a subject of its own is not the user's when the user was only supplied by a retry
  ("(I teach,) summers are my sanity" is about summers, "暑假是我的救命稻草" too; "(I live in Rotterdam,) a factor" / "(I work at Acme,)
  a fintech startup" describe the thing named before, not the user).

Example:
    >>> from .rules import Claim
    >>> reaction(Claim("user", "prefers", "how you explained that")), reaction(Claim("user", "prefers", "it when you use bullets"))
    (True, False)
    >>> momentary(Claim("user", "prefers", "not talk about work"), "I'd rather not talk about work right now")
    True
    >>> empty_rule(Claim("user", "rule", "again", "negative")), empty_rule(Claim("user", "rule", "use tabs"))
    (True, False)
"""

from __future__ import annotations

import re

from .rules import Claim

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


def dropped(c: Claim, text: str) -> bool:
    """True when one of the parts above fails (en only; Chinese text never matches these patterns)."""
    return reaction(c) or momentary(c, text) or empty_rule(c) or time_not_tool(c)


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
