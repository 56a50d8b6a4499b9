"""Values refused as secrets earlier in a thread stay refused wherever they come back in it.

"btw the staging db pw is hunter2-XY" is refused; "ok then just remember I always use hunter2-XY on staging" a turn
later names no credential, yet holds the same value. The write gate screens the latest turn with the values the
thread's earlier user turns were refused for (`TurnScreen.of(text, earlier=...)`).

Example:
    >>> values = refused_values(["the staging db pw is hunter2-XY", "I live in Oslo"])
    >>> values
    ('hunter2-XY',)
    >>> [(f.kind, f.value) for f in found_again("I always use hunter2-XY on staging", values)]
    [('credential said earlier', 'hunter2-XY')]
    >>> found_again("I use hunter2-XYZ", values)
    []
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from .credentials import Finding, find_secrets

MIN_VALUE_CHARS = 4  # "ends in 42" refuses 42 in its own turn; a later "I'm 42" is not that secret


@lru_cache(maxsize=512)
def _secrets_of(text: str) -> tuple[str, ...]:
    """The secret values of one earlier message (cached: a thread's messages are screened once, not once a turn)."""
    return tuple(dict.fromkeys(f.value.strip() for f in find_secrets(text) if len(f.value.strip()) >= MIN_VALUE_CHARS))


def refused_values(texts: Iterable[str]) -> tuple[str, ...]:
    """Every secret value the given (earlier, user) messages hold, in order, once each."""
    return tuple(dict.fromkeys(v for t in texts if isinstance(t, str) and t for v in _secrets_of(t)))


def found_again(text: str, values: Iterable[str]) -> list[Finding]:
    """Each place `text` holds one of `values` as a whole token (not inside a longer word or value)."""
    out = []
    for value in values:
        for m in re.finditer(rf"(?<![\w\-.]){re.escape(value)}(?![\w\-])", text or ""):
            out.append(Finding("credential said earlier", "secret", m.start(), m.end(), value))
    return out


__all__ = ["found_again", "refused_values"]
