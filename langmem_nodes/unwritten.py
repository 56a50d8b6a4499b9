"""The earlier turn of a thread that recalled but was never written (its run failed before the write).

"I moved to Bergen." — the agent raises — "Where do I live now?": the second turn must recall Bergen, so the
failed turn is written before its recall. `WriteTurn` leaves the id of the user message it wrote in
`memory_stored_turn`; a thread whose `memory_turn` (the message last recalled) differs from it holds such
a turn. A normal turn reads two state keys and does no store I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .messages import message_parts


def unwritten_turn(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """The state the failed turn's write would have read (the conversation up to the user message after it),
    or None when every recalled turn of the thread was written (or its writer leaves no `memory_stored_turn`)."""
    stored, recalled = state.get("memory_stored_turn"), state.get("memory_turn")
    if stored is None or not recalled or recalled == stored:
        return None
    messages = list(state.get("messages") or [])
    found = None
    for i, message in enumerate(messages):
        role, _, mid = message_parts(message)
        if role != "user":
            continue
        if found is not None:  # the next user message: the failed turn's view ends before it
            return {**state, "messages": messages[:i], "memory_turn": recalled}
        if (mid or f"turn-{i}") == recalled:
            found = i
    return None  # not in the thread any more, or still its latest message (this run writes it)


__all__ = ["unwritten_turn"]
