"""Conversation messages in any of the shapes users pass them → plain parts: the one message normaliser.

A message may be a LangChain message, a `(role, text)` tuple, a `{"role" or "type", "content", "id"}` dict or a
plain string (a user message). Roles are "user", "assistant", "system", "tool" (LangChain's "human" / "ai"
become "user" / "assistant"); content blocks keep their text parts.

Example:
    >>> from langchain_core.messages import AIMessage, HumanMessage
    >>> messages_to_turns([HumanMessage("我喜欢绿茶", id="m1"), ("ai", "Noted."), {"content": "tea"}])
    [{'role': 'user', 'content': '我喜欢绿茶', 'id': 'm1'}, {'role': 'assistant', 'content': 'Noted.', 'id': 'turn-1'}, {'role': 'user', 'content': 'tea', 'id': 'turn-2'}]
    >>> message_parts(AIMessage([{"type": "text", "text": "Done"}], id="a1"))
    ('assistant', 'Done', 'a1')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

_ROLES = {"human": "user", "ai": "assistant"}


def message_parts(message: Any) -> tuple[str, str, str | None]:
    """(role, text, id or None) of one message, whatever its shape."""
    mid: Any = None
    if isinstance(message, str):
        role, content = "user", message
    elif isinstance(message, tuple | list) and len(message) == 2:
        role, content = message
    elif isinstance(message, Mapping):
        role = message.get("role", message.get("type", "user"))
        content, mid = message.get("content", ""), message.get("id")
    else:
        role, content, mid = getattr(message, "type", "user"), getattr(message, "content", ""), getattr(message, "id", None)
    if isinstance(content, list | tuple):  # content blocks: keep the text parts
        content = " ".join(t for t in map(_block_text, content) if t)
    elif not isinstance(content, str):  # a stray value (None, a number) carries no text
        content = ""
    return _ROLES.get(str(role), str(role)), content, str(mid) if mid else None


def _block_text(block: Any) -> str:
    """The text of one content block: a string, or a mapping's string "text"; any other block (an image, a
    block whose "text" is None or a number) holds none."""
    if isinstance(block, str):
        return block
    if isinstance(block, Mapping):
        text = block.get("text")
        return text if isinstance(text, str) else ""
    return ""


def messages_to_turns(messages: Sequence[Any]) -> list[dict[str, Any]]:
    """Messages → `[{"role", "content", "id"}]`; a message without an id gets `turn-<position>`."""
    turns = []
    for i, m in enumerate(messages):
        role, content, mid = message_parts(m)
        turns.append({"role": role, "content": content, "id": mid or f"turn-{i}"})
    return turns


def latest_user_turn(messages: Sequence[Any]) -> str | None:
    """An id for the latest user message (its message id, else `turn-<position>`), or None without one."""
    for i in range(len(messages) - 1, -1, -1):
        role, _, mid = message_parts(messages[i])
        if role == "user":
            return mid or f"turn-{i}"
    return None
