"""Is a query a question about the past ("where did I live before?", "我以前住在哪儿？")? zh + en, no model.

FreshnessNode shows such a question the value each selected memory replaced.
"""

from __future__ import annotations

import re

_HISTORY_QUESTION = re.compile(
    r"\b(?:before|used\s+to|previous(?:ly)?|formerly|originally|earlier|last\s+time|at\s+first|in\s+the\s+past|"
    r"back\s+then|when\s+did|old|former|prior)\b|以前|之前|原来|上次|曾经|过去|当初|去年|最早|本来|原先|先前", re.I)


def asks_about_the_past(text: str) -> bool:
    """True when `text` asks what used to hold, so the values memories replaced belong in the answer."""
    return bool(_HISTORY_QUESTION.search(text))
