"""English: a value the user takes back by name in a later turn, next to the value that replaces it ("forget what I
said about Scrivener, I write my drafts in Ulysses", "ignore the Strava thing, …", "we shut down the Render service
in May, the API runs on Railway now").

Read by parts: a take-back verb (forget / ignore / scratch … what I said about X, or a team's removal: killed / shut
down / got rid of … X) and the name X it takes back. X must name a value the thread's earlier user turns gave; the
claim of the same attribute that this message says then replaces it (`replaces`, an `explicit_correction`). A
take-back naming nothing said before ("forget the reminder") changes nothing, and no negative record is written:
the replacing value is what the user now holds.

Example:
    >>> named("forget what I said about Scrivener, I write my drafts in Ulysses")
    ['Scrivener']
    >>> named("we killed the Heroku apps in October"), named("ignore the Strava thing")
    (['Heroku apps'], ['Strava'])
    >>> named("don't forget the milk")
    []
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..records import Source, normalize_text
from .rules import Claim

_I = re.IGNORECASE
_END = r"(?=\s*(?:[,.;:!?—–-]|\s(?:in|on|last|back|a while|this|earlier|yesterday|ages|when|since|because|and|so)\b|$))"
_TAKEBACK = re.compile(
    r"(?<!n't )(?<!not )\b(?:forget|ignore|disregard|scratch|scrap|strike)\s+(?:(?:what|everything|anything|the (?:stuff|bit|part|thing))\s+"
    r"(?:(?:i|we)\s+)?(?:said|told you|wrote|mentioned|typed)\s+(?:about|re|regarding|on)\s+|"
    r"(?:the|my|that)\s+(?:bit|part|thing|stuff|line)\s+about\s+|the\s+|my\s+)"
    rf"(?P<o>[\w.+#-]+(?:\s+[\w.+#-]+){{0,2}}?)(?:\s+(?:thing|bit|part|stuff|one|comment|mention))?{_END}|"
    r"\b(?:we|i)\s+(?:(?:have|'ve|had|'d)\s+)?(?:killed|shut\s+down|turned\s+off|retired|decommissioned|ditched|got\s+rid\s+of|"
    r"cancell?ed|deleted|sunset(?:ted)?)\s+(?:(?:all\s+)?(?:the|our|my)\s+)?"
    rf"(?P<o2>[\w.+#-]+(?:\s+[\w.+#-]+){{0,2}}?){_END}", _I)


def named(message: str) -> list[str]:
    """The names `message` takes back, in order."""
    return [m.group("o") or m.group("o2") for m in _TAKEBACK.finditer(message)]


def _names(name: str, value: str) -> bool:
    """`name` ("Heroku apps", "Scrivener") names `value` ("Heroku", "my drafts in Scrivener"): one holds the other
    as whole words."""
    a, b = (f" {normalize_text(x)} " for x in (name, value))
    return len(a.strip()) > 2 and len(b.strip()) > 2 and (a in b or b in a)


def mark(found: list, before: Sequence[Claim], message: str) -> None:
    """In place: each (claim, clause, source, hedged) of `found` holding the attribute of an earlier value (`before`,
    the thread's earlier user claims) that `message` takes back by name replaces it."""
    for name in named(message):
        for old in (o for o in before if o.polarity == "positive" and _names(name, o.object)):
            i = next((i for i, (c, _, _, hedged) in enumerate(found)
                      if (c.subject, c.predicate) == (old.subject, old.predicate) and c.polarity == "positive" and not hedged
                      and not _names(name, c.object) and old.object not in c.replaces), None)
            if i is not None:
                claim, clause, _, hedged = found[i]
                claim.replaces.append(old.object)
                found[i] = (claim, clause, Source.EXPLICIT_CORRECTION, hedged)
