"""The prompt layout every chat provider accepts: the messages an agent sends, built from its memory state.

`memory_messages(state, system=...)` returns `[SystemMessage(system + memory_stable), *conversation]` with
this turn's block (`memory_injection`) appended to the latest human turn. There is no system message after
the conversation (Anthropic refuses "multiple non-consecutive system messages"), the system message is
byte-identical while memories do not change (a cacheable prefix), and the per-turn block stays in the same
place on every model call of a turn (tool loops included), in the user role, after the user's own words.

Example:
    >>> from langchain_core.messages import HumanMessage
    >>> state = {"messages": [HumanMessage("what do I drink?")],
    ...          "memory_stable": "<memory>index</memory>", "memory_injection": "<memory>- tea</memory>"}
    >>> [(m.type, m.content) for m in memory_messages(state, system="You are helpful.")]
    [('system', 'You are helpful.\\n\\n<memory>index</memory>'), ('human', 'what do I drink?\\n\\n<memory>- tea</memory>')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from langchain_core.messages import AnyMessage, BaseMessage, HumanMessage, SystemMessage, convert_to_messages

__all__ = ["memory_messages"]


def _joined(*parts: str) -> str:
    return "\n\n".join(p for p in parts if p)


def _with_block(message: HumanMessage, block: str) -> HumanMessage:
    """The same human turn with `block` after its own content (a text part for multi-part content)."""
    content = message.content
    if isinstance(content, str):
        new: str | list[Any] = _joined(content, block)
    else:
        new = [*content, {"type": "text", "text": block}]
    return message.model_copy(update={"content": new})


def memory_messages(
    state: Mapping[str, Any], system: str = "", *, messages: Sequence[AnyMessage] | None = None, cite: bool = False,
) -> list[BaseMessage]:
    """The message list for the model: one leading system message, then the conversation.

    Args:
        state: the agent's state; reads `messages`, `memory_stable` and `memory_injection` (missing → "").
        system: your system prompt; `memory_stable` follows it in the same (first) system message.
        messages: the conversation to send instead of `state["messages"]` (e.g. a trimmed window).
        cite: ask the model to cite the memories it used (`langmem_nodes.usage.CITE_INSTRUCTION`, after the
            stable block: a constant, so the system message stays cacheable); pair it with `add_memory(cite=True)`,
            whose `CiteNode` strips the citations from the reply and records them.

    Returns:
        `[SystemMessage(system + "\\n\\n" + memory_stable), *messages]`, where the latest `HumanMessage`
        carries `memory_injection` after its own content. Without a human turn the per-turn block goes at the
        end of the system message instead. Nothing in `state` is changed.
    """
    history = list(convert_to_messages((state.get("messages") or []) if messages is None else messages))
    stable = state.get("memory_stable") or ""
    block = state.get("memory_injection") or ""
    latest = next((i for i in range(len(history) - 1, -1, -1) if isinstance(history[i], HumanMessage)), None)
    if block and latest is not None:
        history[latest] = _with_block(cast(HumanMessage, history[latest]), block)
        block = ""
    if cite and stable:
        from .usage import CITE_INSTRUCTION

        stable = _joined(stable, CITE_INSTRUCTION)
    head = _joined(system, stable, block)
    return [SystemMessage(head), *history] if head else history
