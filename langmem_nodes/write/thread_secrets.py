"""The secret values a thread's earlier user turns were refused for (`safety.said_before`): the write gate refuses
them in the latest turn too, whatever words surround them there."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..safety.said_before import refused_values

SCREEN_BUDGET = 16_000  # characters of not-yet-screened earlier turns one turn screens (newest first)


def refused_earlier(turns: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    """Secret values held by the user turns before the latest ones (`turns` as `messages_to_turns` gives them)."""
    from .extractor import latest_user_turns  # the extractor imports the gate's modules

    _, earlier = latest_user_turns(turns)
    return refused_values([str(t.get("content") or "") for t in earlier
                          if t.get("role") in ("user", "human") and isinstance(t.get("content"), str)],
                          budget=SCREEN_BUDGET)


__all__ = ["refused_earlier"]
