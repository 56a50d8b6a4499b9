"""Conversation messages in any of the shapes users pass them (LangChain messages, `(role, text)` tuples,
`{"role"/"type", "content", "id"}` dicts) → plain turns.

Example:
    >>> from langchain_core.messages import AIMessage, HumanMessage
    >>> messages_to_turns([HumanMessage("我喜欢绿茶", id="m1"), AIMessage("Noted.")])
    [{'role': 'user', 'content': '我喜欢绿茶', 'id': 'm1'}, {'role': 'assistant', 'content': 'Noted.', 'id': 'turn-1'}]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def messages_to_turns(messages: Sequence[Any]) -> list[dict[str, Any]]:
    """LangChain messages (or dicts) → `[{"role", "content", "id"}]`."""
    turns = []
    for i, m in enumerate(messages):
        if isinstance(m, Mapping):
            role, content, mid = m.get("role", "user"), m.get("content", ""), m.get("id")
        else:
            role = {"human": "user", "ai": "assistant"}.get(getattr(m, "type", ""), getattr(m, "type", "user"))
            content, mid = getattr(m, "content", ""), getattr(m, "id", None)
        if isinstance(content, list):  # content blocks
            content = " ".join(b.get("text", "") if isinstance(b, Mapping) else str(b) for b in content)
        turns.append({"role": role, "content": content, "id": mid or f"turn-{i}"})
    return turns
