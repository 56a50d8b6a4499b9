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
from pydantic import Field

_BLOCK = re.compile(r"<memory>\n(.*?)</memory>", re.S)  # a rendered memory block (read/render.py)
_ITEM = re.compile(r"^\s*[-*]\s+(\[.*)$", re.M)  # per-turn items ("- [kind · age · source] «text»")
# drop the renderer's trailing freshness advice, keep what a history question was told ("(earlier: …)")
_NOTE = re.compile(r"(?<=»)\s*\((?!earlier: |此前：).*\)$")
_FORGOTTEN = re.compile(r"<memory-forgotten>\n(.*?)\n</memory-forgotten>", re.S)  # turn.forget_if_asked's notice
_QUOTED = re.compile(r"«[^»]*»")


def _asks_in_chinese(messages: list[BaseMessage]) -> bool:
    """Is the latest human message written in Chinese (at least as many CJK characters as Latin words: "Python 里呢？")?"""
    text = next((_text(m) for m in reversed(messages) if isinstance(m, HumanMessage)), "")
    text = _FORGOTTEN.sub("", _BLOCK.sub("", text))  # the user's words, not the blocks appended to them
    cjk = sum("\u4e00" <= ch <= "\u9fff" for ch in text)
    return cjk > 0 and cjk >= len(re.findall(r"[A-Za-z]+", text))


def _forgot(notice: str) -> str:
    """The confirmation a forget notice asks for: what its first line says was forgotten, or that nothing was
    (and which memories its "kept, not deleted" line asks about)."""
    from .governance.forget_in_chat import KEPT_STARTS

    first, *rest = notice.split("\n")
    zh = first.startswith(("已按", "用户要求"))  # every zh notice opens so
    items = "; ".join(_QUOTED.findall(first))
    kept = "; ".join(q for line in rest if line.startswith(KEPT_STARTS) for q in _QUOTED.findall(line))
    if "shared team memory" in first or "团队共享" in first:  # a team memory the user cannot delete in chat
        return (f"{items} 是团队共享的记忆，我不能替你删除；管理员可以删除它。" if zh else
                f"{items} is a shared team memory, so I could not forget it; an admin can remove it.")
    if items:
        said = ("已忘掉：" if zh else "Forgotten: ") + items
    elif "其他项目" in first or "other projects" in first:
        said = "已删除你在其他项目里说过的相关内容。" if zh else "Forgotten the copies you said in your other projects."
    elif kept:
        said = "没有删除任何内容。" if zh else "Nothing was forgotten."
    else:
        return "没有找到相关的记忆，没有删除任何内容。" if zh else "Nothing stored matched, so nothing was forgotten."
    if kept:
        said += (f" 不确定要删哪一条：{kept}" if zh else f" Not sure which you mean, so these are kept: {kept}")
    return said


def _text(message: BaseMessage) -> str:
    content = message.content
    if isinstance(content, str):
        return content
    return "\n".join(p if isinstance(p, str) else str(p.get("text", "")) for p in content)


class MemoryEchoChatModel(BaseChatModel):
    """A deterministic stand-in chat model: it answers with the memory items it was shown.

    It reads the per-turn memory items ("- [kind · age · source] «text»") from the `<memory>` blocks of system
    and human messages (wherever `memory_messages` or a hand-built prompt put them); with none it says it has
    no memory of the topic. It answers in Chinese ("记忆中：…", "我没有这方面的记忆。") when the latest human message is
    Chinese. A `<memory-forgotten>` notice (a forget request carried out this turn) is
    confirmed first: "Forgotten: «…»" / "已忘掉：«…»", or that nothing matched. It accepts tools (`bind_tools`, e.g. inside `create_agent`) and never calls one.
    """

    @property
    def _llm_type(self) -> str:
        return "memory-echo"

    def bind_tools(self, tools: Any, **kw: Any) -> MemoryEchoChatModel:
        return self

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kw: Any) -> ChatResult:
        shown = [
            _NOTE.sub("", m.group(1)).strip()
            for msg in messages
            if isinstance(msg, SystemMessage | HumanMessage)
            for block in _BLOCK.finditer(_text(msg))
            for m in _ITEM.finditer(block.group(1))
        ]
        forgot = [_forgot(m.group(1)) for msg in messages if isinstance(msg, SystemMessage | HumanMessage)
                  for m in _FORGOTTEN.finditer(_text(msg))]
        zh = _asks_in_chinese(messages)
        told = [*forgot, *([("记忆中：" if zh else "From memory: ") + "; ".join(shown)] if shown else [])]
        text = " ".join(told) if told else ("我没有这方面的记忆。" if zh else "I have no memory about that.")
        return ChatResult(generations=[ChatGeneration(message=AIMessage(text))])


class ScriptedToolChatModel(BaseChatModel):
    """A stand-in tool-calling chat model: it replays `replies` in order (starting over after the last) and
    records every prompt it was sent in `prompts`, so a test can check what each model call of a tool loop saw.

    Example:
        >>> model = ScriptedToolChatModel.calling("weather", {"city": "Lyon"}, then="Sunny.")
        >>> model.bind_tools([]).invoke("weather?").tool_calls[0]["name"], model.invoke("and now?").content
        ('weather', 'Sunny.')
        >>> len(model.prompts)
        2
    """

    replies: list[AIMessage]
    prompts: list[list[BaseMessage]] = Field(default_factory=list)

    @classmethod
    def calling(cls, tool: str, args: dict[str, Any], *, then: str, times: int = 1) -> ScriptedToolChatModel:
        """A model that calls `tool` with `args` `times` times, then answers `then` (and again each turn)."""
        calls = [AIMessage("", tool_calls=[{"name": tool, "args": args, "id": "call", "type": "tool_call"}])] * times
        return cls(replies=[*calls, AIMessage(then)])

    @property
    def _llm_type(self) -> str:
        return "scripted-tool-calls"

    def bind_tools(self, tools: Any, **kw: Any) -> ScriptedToolChatModel:
        return self

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kw: Any) -> ChatResult:
        self.prompts.append(list(messages))
        n = len(self.prompts)
        reply = self.replies[(n - 1) % len(self.replies)]
        calls = [{**c, "id": f"call_{n}_{i}"} for i, c in enumerate(reply.tool_calls)]  # unique ids across turns
        return ChatResult(generations=[ChatGeneration(message=reply.model_copy(update={"tool_calls": calls}))])


_INDEX_LINE = re.compile(r"^- (\S+) \[[^\]]*\] «(.*)»\s*$", re.M)  # stable index lines ("- id [kind] «text»")
_ITEM_TEXT = re.compile(r"«(.*)»")


class MemoryCitingChatModel(BaseChatModel):
    """A stand-in chat model that cites memories the way `CITE_INSTRUCTION` asks: it answers `reply` and, when
    it used any, ends with `<memory-used>ID, …</memory-used>`. It uses the per-turn memories it was shown whose
    text `needs(question, memory_text)` accepts (all of them without `needs`), finding their ids in the memory
    index, and adds the `forge` ids (a model naming ids it was never given). `cite=False` never cites.

    Example:
        >>> from langchain_core.messages import SystemMessage, HumanMessage
        >>> index = "<memory>\\nIndex\\n- mem_1 [preference] «prefers tea»\\n</memory>"
        >>> turn = "drink?\\n\\n<memory>\\n- [preference · today · user said] «prefers tea»\\n</memory>"
        >>> MemoryCitingChatModel(forge=["mem_9"]).invoke([SystemMessage(index), HumanMessage(turn)]).content
        'OK.\\n<memory-used>mem_1, mem_9</memory-used>'
    """

    reply: str = "OK."
    needs: Any = None
    forge: list[str] = Field(default_factory=list)
    cite: bool = True
    prompts: list[list[BaseMessage]] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "memory-citing"

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kw: Any) -> ChatResult:
        self.prompts.append(list(messages))
        texts = [_text(m) for m in messages if isinstance(m, SystemMessage | HumanMessage)]
        ids_by_text = {t: i for text in texts for i, t in _INDEX_LINE.findall(text)}
        question = next((_BLOCK.sub("", _text(m)).strip() for m in reversed(messages) if isinstance(m, HumanMessage)), "")
        shown = [
            t.group(1)
            for text in texts
            for block in _BLOCK.finditer(text)
            for m in _ITEM.finditer(block.group(1))
            if (t := _ITEM_TEXT.search(m.group(1)))
        ]
        used = [ids_by_text[t] for t in shown if t in ids_by_text and (self.needs is None or self.needs(question, t))]
        cited = list(dict.fromkeys([*used, *self.forge])) if self.cite else []
        text = self.reply + (f"\n<memory-used>{', '.join(cited)}</memory-used>" if cited else "")
        return ChatResult(generations=[ChatGeneration(message=AIMessage(text))])
