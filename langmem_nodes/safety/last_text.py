"""`once_per_text`: a screen of one text that two callers run on the same text one after the other runs once.

`find_secrets` and `find_pii` both run `find_cued` over a turn (each keeps its own category of what it finds):
`TurnScreen` calls them back to back, so the second call gets the first one's findings. Only the latest text is
kept (one entry: no turn outlives the next one in it); the findings are frozen and each caller gets its own list.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TypeVar

_T = TypeVar("_T")


def once_per_text(fn: Callable[[str], Sequence[_T]]) -> Callable[[str], list[_T]]:
    """`fn(text)`, answered from its previous call when `text` is the same as that call's (`fn` must depend on
    its text alone and return immutable items)."""
    last: list[tuple[str, tuple[_T, ...]] | None] = [None]  # the latest (text, findings), replaced as one object

    @functools.wraps(fn)
    def wrapper(text: str) -> list[_T]:
        seen = last[0]  # one read: another thread may replace it meanwhile
        if seen is not None and type(text) is str and (seen[0] is text or seen[0] == text):
            return list(seen[1])
        found = tuple(fn(text))
        if type(text) is str:
            last[0] = (text, found)
        return list(found)

    return wrapper


__all__ = ["once_per_text"]
