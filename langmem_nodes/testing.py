r"""Test doubles shipped with the library, so users' own tests can run offline too.

Example:
    >>> from langchain_core.messages import SystemMessage, HumanMessage
    >>> model = MemoryEchoChatModel()
    >>> model.invoke([SystemMessage("<memory>\n- [preference · today] «prefers tea»\n</memory>"), HumanMessage("drink?")]).content
    'From memory: [preference · today] «prefers tea»'
    >>> model.invoke([HumanMessage("drink?\n\n<memory>\n- [preference · today] «prefers tea»\n</memory>")]).content
    'From memory: [preference · today] «prefers tea»'
"""

from __future__ import annotations

import re
from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.outputs import ChatGeneration, ChatResult

_BLOCK = re.compile(r"<memory>\n(.*?)</memory>", re.S)  # a rendered memory block (read/render.py)
_ITEM = re.compile(r"^\s*[-*]\s+(\[.*)$", re.M)  # per-turn items ("- [kind · age · source] «text»")
_NOTE = re.compile(r"(?<=»)\s*\(.*\)$")  # drop the renderer's trailing freshness advice


def _text(message: BaseMessage) -> str:
    content = message.content
    if isinstance(content, str):
        return content
    return "\n".join(p if isinstance(p, str) else str(p.get("text", "")) for p in content)


class MemoryEchoChatModel(BaseChatModel):
    """A deterministic stand-in chat model: it answers with the memory items it was shown.

    It reads the per-turn memory items ("- [kind · age · source] «text»") from the `<memory>` blocks of system
    and human messages (wherever `memory_messages` or a hand-built prompt put them); with none it says it has
    no memory of the topic.
    """

    @property
    def _llm_type(self) -> str:
        return "memory-echo"

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kw: Any) -> ChatResult:
        shown = [
            _NOTE.sub("", m.group(1)).strip()
            for msg in messages
            if isinstance(msg, SystemMessage | HumanMessage)
            for block in _BLOCK.finditer(_text(msg))
            for m in _ITEM.finditer(block.group(1))
        ]
        text = ("From memory: " + "; ".join(shown)) if shown else "I have no memory about that."
        return ChatResult(generations=[ChatGeneration(message=AIMessage(text))])
