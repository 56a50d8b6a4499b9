"""A clause that only gives an example of the value before it: "(We tag releases with semver,) like v2.3.1", "(…
CalVer,) e.g. 2024.06.2", "such as feat/login". The example is no fact of its own; the value it illustrates is.
"like" counts only before a value shaped like a sample (a digit or a path in it), for "like" is also a verb.

    >>> gives_example("like v2.3.1"), gives_example("e.g. Vim"), gives_example("like it a lot")
    (True, True, False)
"""

from __future__ import annotations

import re

_I = re.IGNORECASE
_MARKED = re.compile(r"^(?:e\.?g\.?|eg|such as|for example|for instance|say)[,:]?\s+\S", _I)
_LIKE_SAMPLE = re.compile(r"^(?:like|as in)\s+(?:`[^`]+`|\S*(?:\d|/)\S*)(?:\s+\S+){0,6}$", _I)

REASON = "example (of the value before it)"


def gives_example(clause: str) -> bool:
    """`clause` is only an example of what was said before it."""
    text = clause.strip(" .,;:!?")
    return bool(_MARKED.match(text) or _LIKE_SAMPLE.match(text))


__all__ = ["REASON", "gives_example"]
