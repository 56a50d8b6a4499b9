"""QueryNode: turn the latest user message (+ task type, project, recent tools) into a MemoryQuery.

The lexical form drops question words and filler so BM25 matches content ("When did Caroline go to the
LGBTQ support group?" → "caroline go lgbtq support group"); the dense form keeps the sentence (an embedder reads
whole sentences), followed by the recent tools if any; a long message is cut to its end within a token
budget for each (`DENSE_QUERY_TOKENS`, `LEXICAL_QUERY_TOKENS`: CJK or English alike); the project only selects partitions; the
values of credentials and identifiers the turn pastes are dropped first (`unsecret`). `k` follows the task type:
debugging takes more memories, formatting fewer. Partitions are exactly `ctx.visible_partitions()`.

Example:
    >>> from langmem_nodes.records import MemoryContext
    >>> node = QueryNode()
    >>> out = node.run({"messages": [("user", "How do I fix the flaky login test?")],
    ...                 "memory_task_type": "debug"}, MemoryContext(user_id="ada", project_id="shop"), None)
    >>> q = out["memory_query"]
    >>> q.k, q.partitions
    (12, ['org/default', 'project/default/shop', 'user/default/ada'])
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from ..messages import message_parts
from ..node import MemoryNode
from ..records import MemoryContext
from ..state import MemoryQuery
from ..text import repair_surrogates, to_simplified
from .unsecret import without_secrets

DEFAULT_K_BY_TASK: Mapping[str, int] = {
    "debug": 12, "debugging": 12, "coding": 10, "planning": 8, "general": 8, "chat": 6,
    "formatting": 4, "format": 4, "translation": 4,
}
# Question and filler words that carry no content for lexical matching (the tokenizer drops stop words).
_QUESTION_WORDS = frozenset(
    "what when where which who whom whose why how did does do is are was were has have had can could would "
    "should will tell remember recall know think kind sort much many ever".split()
)
_ZH_QUESTION = re.compile(r"什么时候|什么|哪里|哪儿|哪个|哪些|为什么|怎么样|怎么|如何|多少|几|谁|吗|呢|请问|记得|是否")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
# "before", "以前": a question about the past asks for the same fact as the present one (FreshnessNode adds the
# value each memory replaced); as query words they only dilute the match ("我以前用什么编辑器？" found nothing)
_PAST_WORDS = re.compile(r"\b(?:before|previously|formerly|originally|earlier|used\s+to|in\s+the\s+past)\b|"
                         r"以前|之前|从前|原来|曾经|先前|原先|当初|过去", re.I)


def without_past_words(text: str) -> str:
    """`text` without its "before / 以前" words (the text itself when nothing else is left)."""
    if not _PAST_WORDS.search(text):
        return text
    kept = re.sub(r"\s+([?？.。!！,，])|\s{2,}", lambda m: m.group(1) or " ", _PAST_WORDS.sub("", text)).strip()
    return kept if kept.strip(" ?？.。!！,，") else text
MAX_QUERY_CHARS = 2000
# Token budgets of what the encoders read: e5 reads every token of a query (its cost grows with the length:
# a 1,000-char Chinese message took seconds) and BM25 scores every term; the end of a message is kept.
DENSE_QUERY_TOKENS = 128
LEXICAL_QUERY_TOKENS = 256
_UNIT = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[A-Za-z0-9]+|\S")


def _unit_cost(unit: str) -> float:
    return 4 / 3 if unit[0].isascii() and unit[0].isalnum() else 1.0  # a word: ~1.3 subword tokens


def estimated_tokens(text: str) -> float:
    """An encoder-independent token estimate: one per CJK character or symbol, ~1.3 per word."""
    return sum(_unit_cost(m.group(0)) for m in _UNIT.finditer(text))


def tail_within(text: str, budget: float) -> str:
    """The end of `text` that fits `budget` estimated tokens (the whole text when it fits)."""
    units = list(_UNIT.finditer(text))
    spent, start = 0.0, 0
    for m in reversed(units):
        spent += _unit_cost(m.group(0))
        if spent > budget:
            start = m.end()
            break
    return text[start:].lstrip() if start else text


def message_text(message: Any) -> tuple[str, str]:
    """(role, text) of a message in any shape (`langmem_nodes.messages.message_parts`)."""
    role, text, _ = message_parts(message)
    return role, text


def lexical_form(text: str) -> str:
    """The query without question words (en and zh); falls back to the text when nothing is left."""
    kept = _ZH_QUESTION.sub(" ", without_past_words(text))
    kept = _WORD.sub(lambda m: " " if m.group(0).casefold().rstrip("'’s") in _QUESTION_WORDS else m.group(0), kept)
    kept = re.sub(r"\s+", " ", kept).strip()
    return kept or text


class QueryNode(MemoryNode):
    """Build `memory_query` from the conversation.

    Args:
        k_by_task: memories to recall per `memory_task_type`; unknown types use `default_k`.
        default_k: k for task types not in `k_by_task`.
        context_messages: how many of the latest messages (any role) form the query; 1 = the latest
            user message only. More helps when the topic was set a few turns earlier.
        messages_key / task_type_key / tools_key: state keys to read.
    """

    name = "query"

    def __init__(
        self,
        *,
        k_by_task: Mapping[str, int] = DEFAULT_K_BY_TASK,
        default_k: int = 8,
        context_messages: int = 1,
        messages_key: str = "messages",
        task_type_key: str = "memory_task_type",
        tools_key: str = "memory_recent_tools",
        **kw: Any,
    ) -> None:
        super().__init__(**kw)
        if default_k < 1 or any(v < 1 for v in k_by_task.values()):
            raise ValueError("k values must be at least 1")
        if context_messages < 1:
            raise ValueError("context_messages must be at least 1")
        self.k_by_task = {k.casefold(): int(v) for k, v in k_by_task.items()}
        self.default_k = default_k
        self.context_messages = context_messages
        self.messages_key, self.task_type_key, self.tools_key = messages_key, task_type_key, tools_key

    def _text(self, messages: Sequence[Any]) -> str:
        parsed = [message_text(m) for m in messages]
        last_user = max((i for i, (role, _) in enumerate(parsed) if role == "user"), default=None)
        if last_user is None:
            return ""
        window = parsed[max(0, last_user + 1 - self.context_messages) : last_user + 1]
        return repair_surrogates("\n".join(t for _, t in window if t.strip())[-MAX_QUERY_CHARS:])

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime | None) -> dict[str, Any]:
        if not isinstance(ctx, MemoryContext):
            raise ValueError("QueryNode needs a MemoryContext with a user_id (no scope, no recall)")
        started = time.time()  # the read's start, for its injection latency (RecordUsageNode)
        messages = state.get(self.messages_key) or []
        if not messages and (asked := state.get("query")) is not None:  # `{"query": "…"}`: a question, no conversation
            if not isinstance(asked, str):
                raise ValueError(f"query must be a string, got {type(asked).__name__}")
            messages = [("user", asked)]
        text = without_secrets(self._text(messages))  # a pasted key is no query
        if not text.strip():
            return {"memory_query": None, "memory_read_started": started}
        task = str(state.get(self.task_type_key) or "general").casefold()
        tools = [str(t) for t in state.get(self.tools_key) or []]
        k = state.get("memory_k") or self.k_by_task.get(task, self.default_k)
        if not isinstance(k, int) or k < 1:
            raise ValueError(f"memory_k must be a positive integer, got {k!r}")
        # the project is a filter (partitions), not words: "(project web)" in the dense text made every project
        # memory look relevant to every question ("Tell me a joke" → "Project uses Fly.io")
        dense = tail_within(without_past_words(text), DENSE_QUERY_TOKENS)
        dense = f"{dense} (tools {', '.join(tools)})" if tools else dense
        text = to_simplified(text)  # the query's rules read Simplified ("我對什麼過敏？"); the embedder reads it as written
        lexical = tail_within(lexical_form(text), LEXICAL_QUERY_TOKENS)
        query = MemoryQuery(
            text=text, lexical=lexical, dense=dense, task_type=task, k=k,
            partitions=ctx.visible_partitions(), recent_tools=tools,
        )
        return {"memory_query": query, "memory_read_started": started}
