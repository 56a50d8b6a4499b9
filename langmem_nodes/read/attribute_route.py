"""Attribute questions: a question naming an attribute whose values are a known vocabulary ("Which package
manager does this project use?", "我们用什么数据库？", `langmem_nodes.categories`) reaches the memories holding it,
though they name only the value («Project uses yarn»), in either language.

For such a query (never an impersonal one: "What is a package manager?" still gets nothing) the recall

- adds the memories of the category's predicates and those BM25 finds by its values to the candidates (same
  partitions, so scopes filter as always);
- raises each memory holding the attribute: `sim = (sim + boost) / (1 + boost)`, the others `sim / (1 + boost)`,
  and counts it relevant whatever its cosine (a Chinese question and an English memory share no words);
- when the query asks for the value ("which / what / 哪个 / 什么" with the attribute's words), counts a memory
  holding another attribute instead not relevant: another category's value («Project uses Fly.io» does not
  answer "which package manager") or a one-value attribute of its own (`lives_in`, `allergy`, any `attr:`
  key), or a rule that does not name the attribute («Project rule: never commit to main»), so a user with no
  package manager memory gets nothing rather than the nearest memory.

Example:
    >>> from langmem_nodes.records import MemoryRecord, Scope
    >>> route = AttributeRoute.of("Which package manager does this project use?")
    >>> yarn = MemoryRecord(text="Project uses yarn", predicate="package_manager", object="yarn", scope=Scope(user_id="a"))
    >>> fly = MemoryRecord(text="Project uses Fly.io", predicate="uses", object="Fly.io", scope=Scope(user_id="a"))
    >>> route.holds(yarn), route.holds(fly), route.excludes(fly)
    (True, False, True)
    >>> AttributeRoute.of("Where is the nearest pharmacy?") is None
    True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..categories import CATEGORIES, asked_categories, asks_for_value, holds_category
from ..facts import EXCLUSIVE
from ..records import MemoryRecord, Status
from ..state import MemoryQuery
from ..store import MemoryStore

#: Attributes other than the asked one, whatever their value: their memories never answer the question.
_OTHER_ATTRIBUTES = EXCLUSIVE | {"allergy", "diet"}
#: Where one question of a message ends and the next begins.
_QUESTIONS = re.compile(r"(?<=[?？])|(?<=[.!。！;；])\s+|\n+|"
                        # a comma opening another question: "我住在哪，对什么过敏？", "where do I live, and what's my job?"
                        r"[,，]\s*(?=(?:and\s+|also\s+|还有|另外|以及)?[^,，?？]*?(?:\b(?:what|which|where|who|when|how)\b|什么|哪|谁|多少|几))",
                        re.I)
#: How far a memory holding the asked attribute rises (the subject boost's form, `recall.py`).
ATTRIBUTE_BOOST = 1.0


@dataclass(frozen=True)
class AttributeRoute:
    """The categories a query names and those whose value it asks for."""

    asked: frozenset[str]
    lookup: frozenset[str]

    @classmethod
    def of(cls, text: str) -> AttributeRoute | None:
        """The route of a query, or None when it names no category. A message of several questions routes each:
        one that names no category may need any memory, so then no memory is excluded ("What do I eat? Where
        do I live?" keeps the diet memory though "where do I live" asks for a place)."""
        asked = asked_categories(text)
        if not asked:
            return None
        parts = [p for p in _QUESTIONS.split(text) if p.strip(" \t\n,，、")]
        if len(parts) > 1 and any(not asked_categories(p) for p in parts):
            return cls(frozenset(asked), frozenset())
        return cls(frozenset(asked), frozenset(n for n in asked if asks_for_value(text, n)))

    def holds(self, rec: MemoryRecord) -> bool:
        """The memory holds one of the asked attributes."""
        return any(holds_category(n, rec.predicate, rec.object, rec.text) for n in self.asked)

    def excludes(self, rec: MemoryRecord) -> bool:
        """The query asks for a value and the memory holds another attribute instead (module docstring)."""
        if not self.lookup or self.holds(rec):
            return False
        pred = rec.predicate.casefold()
        return pred in _OTHER_ATTRIBUTES or pred.startswith("attr:") or pred == "rule" or any(
            holds_category(n, rec.predicate, rec.object, rec.text) for n in CATEGORIES.keys() - self.asked)

    def candidates(self, store: MemoryStore, query: MemoryQuery, n: int, statuses: Sequence[Status]) -> list[str]:
        """Ids of memories that may hold the asked attributes, from `query.partitions` only."""
        ids: list[str] = []
        for name in sorted(self.asked):
            cat = CATEGORIES[name]
            for pred in sorted(cat.predicates):
                ids += [r.id for r in store.find(query.partitions, statuses=statuses, predicate=pred, limit=n)]
            words = " ".join((*cat.values, *cat.words, *cat.words_zh))
            if words:  # a personal attribute has no vocabulary: its predicates only
                ids += [i for i, _ in store.lexical_search(query.partitions, words, n, statuses)]
        return list(dict.fromkeys(ids))


__all__ = ["ATTRIBUTE_BOOST", "AttributeRoute"]
