"""A state bounded to a near stretch of time, or an illness, passes: "I'm in Seattle this week", "I'm on call this
weekend", "I'm using my brother's laptop today", "I've got a chest infection". What the user is, has or uses
for a few days is no memory; a change said with the same time words is ("I moved to Berlin this week", "I
switched to Neovim today"), and so is a start ("from today on", "starting tomorrow"). A lasting condition
("I have asthma") is a trait, not read here.

Example:
    >>> from langmem_nodes.write.rules import Claim
    >>> passing(Claim("user", "lives_in", "Seattle", "positive", "identity"), "I'm in Seattle this week")
    True
    >>> passing(Claim("user", "lives_in", "Berlin", "positive", "identity"), "I moved to Berlin this week")
    False
    >>> passing(Claim("user", "has", "chest infection", "positive", "fact"), "I've got a chest infection")
    True
"""

from __future__ import annotations

import re

from .rules import Claim

_I = re.IGNORECASE
REASON = "passing state (bounded in time)"
_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_NUM = r"(?:a|an|one|two|three|four|five|six|\d+|a few|a couple(?: of)?)"
# a near stretch of time the state is bounded to
_BOUNDED = re.compile(
    rf"(?<!from )(?<!starting )(?<!as of )(?<!since )(?<!beginning )\b(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening|weekend|week)|"
    rf"next\s+(?:week|weekend)|(?:this|next)\s+{_DAY}|"
    rf"(?:for|over)\s+the\s+(?:weekend|week|holidays?|break|summer|day|night)|over\s+(?:christmas|easter|the\s+holidays)|"
    rf"for\s+(?:the\s+)?(?:next\s+)?{_NUM}\s+(?:days?|weeks?|nights?)|"
    rf"(?:until|till|'til)\s+(?:{_DAY}|tomorrow|tonight|the\s+weekend|next\s+\w+|the\s+\d+\w*|\w+\s+\d+))\b(?!\s+on\b)", _I)
# a change or a start is said with the same time words and lasts
_CHANGE = re.compile(r"\b(?:(?:have|has|'ve|'s)\s+(?:been|had|used|lived|worked)|for\s+the\s+(?:past|last)|move|moves|moved|moving|start|starts|switch|join|relocated|relocating|switched|switching|changed|started|starting|joined|joining|"
                     r"bought|adopted|upgraded|migrated|migrating|became|turned|quit|left|enrolled|signed up|got\s+(?:a\s+|an\s+|my\s+)?new|"
                     r"got\s+(?:married|engaged|promoted|hired)|went\s+(?:vegan|vegetarian)|from\s+now\s+on|going\s+forward)\b", _I)
# a new clause after the state's own: its time words are not the state's
_NEXT_CLAUSE = re.compile(r"\s+(?:and|but|so|or|because|since|though|while|is|are|should|can|could|would|will|do|does)\s+"
                          r"(?=(?:the|it|i|my|we|our|this|that|they|he|she|you|there)\b)", _I)
# an illness or an injury: what the user has is a passing state
_AILMENT = re.compile(r"(?:(?:\b\w+\s+)?(?:infection|bug|virus|covid|flu|cold|fever|cough|sore\s+\w+|sprain|injury|concussion|"
                      r"hangover|migraine|rash)\b|\b(?:sprained|broken|pulled|fractured|torn|twisted|bruised|strained|"
                      r"dislocated|injured|swollen)\s+\w+)(?:\s+(?:from|after|since|in|on|at|again)\b.*)?", _I)
# what the user works on or is on call for is a task state, kept for its own short time ("I'm on call this week")
_STATES = ("lives_in", "uses", "has", "prefers", "rule", "states", "learning")


def passing(claim: Claim, clause: str, raw: str = "") -> bool:
    """True when `claim`, read from `clause`, is a state bounded to a near time or an illness the user has; `raw`
    is the clause as said, with a lead time the reader took off ("this week I'm in Chicago")."""
    if claim.predicate == "has" and _AILMENT.fullmatch(re.sub(r"^(?:an?|the|some|my|nasty|bad|mild|slight|little)\s+", "",
                                                             claim.object.strip(), flags=_I)):
        return True
    if claim.predicate not in _STATES:
        return False  # a name or an age said beside an event ("my son Leo turns five next week") stays
    said = raw or clause
    own = _NEXT_CLAUSE.split(clause, maxsplit=1)[0]  # "I drive a Civic and the light came on … tomorrow": not the Civic's time
    return bool(_BOUNDED.search(own) or _BOUNDED.match(said.strip())) and not _CHANGE.search(said)
