"""A pick among what the assistant just offered is no standing preference.

"I prefer the second option", "I like the first one", "I'd take version 2", "the latter": the value points at one
of the assistant's offers in this turn, so it names nothing the user likes beyond it. A thing named after the
ordinal stays a value ("I like the second Dune film").

Example:
    >>> points_at_offer("the second option"), points_at_offer("option B"), points_at_offer("the second Dune film")
    (True, True, False)
"""

from __future__ import annotations

import re

_ORDINAL = (r"first|second|third|fourth|fifth|last|other|next|previous|shorter|longer|simpler|original|new|updated|final|"
            r"revised|top|bottom|middle|earlier|later|short|long|1st|2nd|3rd")
_OFFER = r"one|option|version|draft|suggestion|answer|approach|idea|choice|variant|example|snippet|plan|list|take"
_PICK = re.compile(
    rf"^(?:(?:(?:the|your|that|this)\s+)?(?:(?:{_ORDINAL})\s+)+(?:{_OFFER})"
    rf"|(?:the\s+)?(?:latter|former)"
    rf"|(?:{_OFFER})\s+(?:[a-e]|[1-9]|one|two|three))"
    rf"(?=$|\s+(?:more|better|best|most|a lot|much more|by far|tbh|honestly)$)", re.IGNORECASE)


def points_at_offer(value: str) -> bool:
    """Does `value` point at one of the assistant's offers ("the second option", "option B", "the latter")?"""
    return bool(_PICK.match(value.strip(" .,!?")))
