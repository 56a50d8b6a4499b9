"""The node after the agent that strips the citation trailer from the reply and records what it cited (see
`langmem_nodes.usage`)."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from .node import MemoryNode
from .records import MemoryContext, utcnow
from .usage import record_citations, strip_citations
from .write.turn_start import turn_writer

log = logging.getLogger(__name__)


class CiteNode(MemoryNode):
    """Graph node after the agent: strips the citation trailer from the latest AI reply and records what it
    cited. Ids not injected this turn (`memory_injected_ids`) are ignored and only counted, so a forged or
    hallucinated id never becomes a `used` event. A failure to record is logged; the reply is still cleaned.

    Example:
        >>> import tempfile
        >>> from langchain_core.messages import AIMessage
        >>> from langmem_nodes.store import MemoryStore
        >>> from langmem_nodes.usage import usage_log
        >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
        >>> state = {"messages": [AIMessage("Tea.\\n<memory-used>mem_a, mem_x</memory-used>", id="r1")],
        ...          "memory_injected_ids": ["mem_a"], "memory_recall_id": "rcl_1"}
        >>> CiteNode(store).run(state, MemoryContext(user_id="ada"), None)["messages"][0].content
        'Tea.'
        >>> [(e["op"], e["memory_id"]) for e in usage_log(store).events(MemoryContext(user_id="ada"))]
        [('citations', None), ('used', 'mem_a')]
        >>> store.close()
    """

    name = "memory_cite"

    def __init__(self, store: Any, **kw: Any) -> None:
        super().__init__(**kw)
        self.store = store

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime | None) -> dict[str, Any]:
        messages = state.get("messages") or []
        reply = next((m for m in reversed(messages) if getattr(m, "type", None) == "ai"), None)
        if reply is None:
            return {}
        content = reply.content
        text = content if isinstance(content, str) else "".join(
            p if isinstance(p, str) else str(p.get("text", "")) for p in content if isinstance(p, str | dict))
        clean, named = strip_citations(text)
        injected = set(state.get("memory_injected_ids") or [])
        cited = [i for i in named if i in injected]
        try:
            record_citations(self.store, ctx, now or utcnow(), state.get("memory_recall_id"), cited,
                             ignored=len(named) - len(cited), started=turn_writer(self.store, state, ctx).started)
        except Exception:  # noqa: BLE001 - memory bookkeeping never takes the user's turn down
            log.warning("recording citations failed for user %s", ctx.user_id, exc_info=True)
        if clean == text and isinstance(content, str):
            return {}
        return {"messages": [reply.model_copy(update={"content": clean})]}


__all__ = ["CiteNode"]
