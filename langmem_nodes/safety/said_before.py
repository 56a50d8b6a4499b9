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

import hashlib
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable

from .credentials import Finding, find_secrets

MIN_VALUE_CHARS = 4  # "ends in 42" refuses 42 in its own turn; a later "I'm 42" is not that secret
CACHE_MESSAGES = 8192  # messages whose values are kept (by digest, not text)

_cache: OrderedDict[bytes, tuple[str, ...]] = OrderedDict()
_lock = threading.Lock()


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()


def _cached(key: bytes) -> tuple[str, ...] | None:
    with _lock:
        values = _cache.get(key)
        if values is not None:
            _cache.move_to_end(key)
        return values


def _secrets_of(text: str, key: bytes) -> tuple[str, ...]:
    """The secret values of one earlier message, screened once per process (a thread's messages come back every
    turn)."""
    values = tuple(dict.fromkeys(f.value.strip() for f in find_secrets(text) if len(f.value.strip()) >= MIN_VALUE_CHARS))
    with _lock:
        _cache[key] = values
        while len(_cache) > CACHE_MESSAGES:
            _cache.popitem(last=False)
    return values


def refused_values(texts: Iterable[str], budget: int | None = None) -> tuple[str, ...]:
    """Every secret value the given (earlier, user) messages hold, in order, once each.

    `budget` bounds the characters screened in this call: messages already screened cost a digest; the others are
    screened newest first until the budget is spent, and the older ones wait for a later turn (by then the newer
    ones are cached). A turn's cost so stays bounded however long the thread, and a thread's refusals are the same
    once its history has been screened (at once for threads that grew turn by turn in this process)."""
    texts = [t for t in texts if isinstance(t, str) and t]
    keys = [_digest(t) for t in texts]
    found: list[tuple[str, ...] | None] = [_cached(k) for k in keys]
    left = budget
    for i in reversed(range(len(texts))):
        if found[i] is not None:
            continue
        if left is not None and left < len(texts[i]) and left != budget:
            continue  # over budget; a message longer than the whole budget is still screened when it is first
        found[i] = _secrets_of(texts[i], keys[i])
        if left is not None:
            left = max(0, left - len(texts[i]))
    return tuple(dict.fromkeys(v for values in found if values for v in values))


def found_again(text: str, values: Iterable[str]) -> list[Finding]:
    """Each place `text` holds one of `values` as a whole token (not inside a longer word or value)."""
    out = []
    for value in values:
        for m in re.finditer(rf"(?<![\w\-.]){re.escape(value)}(?![\w\-])", text or ""):
            out.append(Finding("credential said earlier", "secret", m.start(), m.end(), value))
    return out


__all__ = ["found_again", "refused_values"]
