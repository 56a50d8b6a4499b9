"""An attribute whose value is only when a single event happens is a one-off, no memory: "my flight to Tokyo is on
Friday", "the demo is tomorrow", "my interview is next week". A calendar date ("my birthday is on March 17") and a
recurring time ("standup is every day at 9") are kept.

Example:
    >>> from langmem_nodes.write.rules import Claim
    >>> one_off(Claim("user", "attr:flight_to_tokyo", "on Friday", "positive", "fact"))
    True
    >>> one_off(Claim("user", "has", "chem test friday", "positive", "fact")), one_off(Claim("user", "has", "two cats", "positive", "fact"))
    (True, False)
    >>> one_off(Claim("user", "attr:birthday", "on March 17", "positive", "fact")), one_off(Claim("user", "attr:standup", "on Fridays", "positive", "fact"))
    (False, False)
"""

from __future__ import annotations

import re

from .rules import Claim

_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_WHEN = re.compile(rf"^(?:(?:on|this|next|coming|this coming)\s+{_DAY}(?:\s+(?:morning|afternoon|evening|night))?|"
                   r"tomorrow|tonight|today|the day after tomorrow|"
                   r"(?:this|next)\s+(?:week|weekend|month|morning|afternoon|evening)|"
                   r"in\s+(?:a|an|one|two|three|a few|a couple of|\d+)\s+(?:days?|weeks?|hours?))"
                   r"(?:\s+(?:at|around)\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)?)?$", re.I)


# a thing the user has, dated near: "(I have) a chem test friday", "a dentist appointment tomorrow"
_HAS_WHEN = re.compile(rf"\s+(?:on\s+|this\s+|next\s+|coming\s+)?(?:{_DAY}|tomorrow|tonight|today|this\s+(?:week|weekend|morning|"
                       rf"afternoon|evening)|next\s+(?:week|weekend|month))(?:\s+(?:morning|afternoon|evening|night))?$", re.I)


def one_off(claim: Claim) -> bool:
    """True for an attribute whose object is only a near date of one event (no calendar date, no "every"), or a
    thing the user has that is dated near ("a chem test friday"): one event."""
    if claim.predicate == "has":
        return bool(_HAS_WHEN.search(claim.object.strip()))
    return claim.predicate.startswith("attr:") and bool(_WHEN.match(claim.object.strip()))
