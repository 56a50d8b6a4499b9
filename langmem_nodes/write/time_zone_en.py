"""English: the time zone the user is on is one attribute (`attr:timezone`), however it is said: "my timezone is PST",
"my time zone is CET", "I'm on Central time now". Said as a tool ("I'm on X" reads as `uses`), a second zone would
sit beside the first; keyed as one attribute, a later zone replaces the earlier one.

Example:
    >>> from .rules import Claim
    >>> [(c.predicate, c.object) for c in [keyed(Claim("user", "uses", "Central time", "positive", "fact"))]]
    [('attr:timezone', 'Central time')]
    >>> keyed(Claim("user", "attr:time_zone", "CET", "positive", "fact")).predicate
    'attr:timezone'
    >>> keyed(Claim("user", "uses", "Rails 7", "positive", "fact")).predicate, keyed(Claim("user", "uses", "Screen Time", "positive", "fact")).predicate
    ('uses', 'uses')
"""

from __future__ import annotations

import re
from dataclasses import replace

from .rules import Claim

_REGION = (r"pacific|mountain|central|eastern|atlantic|alaska|hawaii(?:an)?|greenwich|british|irish|"
           r"(?:central|eastern|western)\s+european|india|indian|japan|china|korea|singapore|(?:australian\s+)?(?:eastern|central|western)")
_ZONE = re.compile(rf"^(?:(?:us\s+)?(?:{_REGION})\s+(?:standard\s+|daylight\s+)?time(?:\s*zone)?|"
                   r"(?:utc|gmt)(?:\s*[+-]\s*\d{1,2}(?::?\d\d)?)?|(?-i:[PMCE][SD]T|CES?T|EES?T|WES?T|IST|JST|KST|SGT|AES?T|AEDT|BST|HST|AKST))$", re.I)
_KEYS = ("uses", "attr:timezone", "attr:time_zone", "attr:tz")


def keyed(claim: Claim) -> Claim:
    """`claim` keyed as the user's time zone when it names one, else `claim` itself."""
    if claim.subject != "user" or claim.predicate not in _KEYS or not _ZONE.match(claim.object.strip()):
        return claim
    return replace(claim, predicate="attr:timezone")
