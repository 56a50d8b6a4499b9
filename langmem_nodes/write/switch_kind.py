"""A switch of an attribute that may hold several values at once (a project's database, hosting or CI): "We're on
Postgres now", "We switched to GitHub Actions", "我们换成 Postgres 了" after "We use MySQL" replaces the value of
the same kind, as a one-value attribute's switch does (`resolve.ONE_AT_A_TIME`). A plain or remembered value
("We also use Redis", "Remember we use Redis") is added beside it, and a value with a role of its own ("Redis for
caching", "用 Redis 做缓存") is another part of the stack, never a switch of it.

Example:
    >>> marked_switch("we're on Postgres", "These days we're on Postgres."), marked_switch("we now also use Redis")
    (True, False)
    >>> switched_kinds("GitHub Actions", marked_switch("我们换成 GitHub Actions 了")), switched_kinds("Redis for caching", True)
    ({'ci'}, set())
    >>> holds_kind("MySQL 数据库", {"database"}), holds_kind("Redis for caching", {"database"})
    (True, False)
"""

from __future__ import annotations

import re

from ..categories import value_categories
from . import lexicon as lx

#: `PendingWrite.flags` mark of a statement that is a switch (`marked_switch`), set by the extractor for the resolver.
SWITCH_FLAG = "switch"
#: Kinds with a vocabulary whose holder often has several values at once: switched only by a marked change.
SEVERAL_AT_ONCE = frozenset({"database", "hosting", "ci"})

# added beside the old value, not instead of it: "also", "too", "as well", "another", "还", "也", "另外", "加了"
_ADDED = re.compile(r"\b(?:also|too|as well|another|additionally|in addition|plus|alongside|besides|added|adding)\b|"
                    r"[也还]|另外|另加|加了|加上|新增|同时", re.I)
# a role of its own: "Redis for caching", "Postgres as the analytics store", "用 Redis 做缓存"
_ROLE = re.compile(r"\b(?:for|as)\b|用来|用于|来做|做(?!法)|当作|作为", re.I)
# the negative side of `lexicon.CURRENT`: a value taken back is not a value switched to
_TAKEN_BACK = re.compile(r"\bno longer\b|不再", re.I)


def holds_kind(obj: str, kinds: set[str] | frozenset[str]) -> bool:
    """Whether `obj` names a value of one of `kinds` with no role of its own."""
    return bool(value_categories(obj) & kinds) and not _ROLE.search(obj)


def marked_switch(clause: str, message: str = "") -> bool:
    """Whether the sentence of `message` that `clause` was read from (the clause itself when not found) marks its
    value as the current one (`lexicon.CURRENT`: "now", "these days", "switched to", "换成", "现在") without adding
    it beside another ("also", "也") or taking one back ("no longer", "不再")."""
    low = clause.casefold().strip()
    said = next((s for s in lx.SENTENCE_SPLIT.split(message or "") if s and low and low in s.casefold()), clause)
    return bool(lx.CURRENT.search(said)) and not _TAKEN_BACK.search(said) and not _ADDED.search(said)


def switched_kinds(obj: str, switch: bool) -> set[str]:
    """The several-at-once kinds `obj` is switched to when its statement is a `switch` (`marked_switch`):
    those it names a value of, with no role of its own."""
    kinds = value_categories(obj) & SEVERAL_AT_ONCE if switch else set()
    return kinds if kinds and holds_kind(obj, kinds) else set()


__all__ = ["SEVERAL_AT_ONCE", "SWITCH_FLAG", "holds_kind", "marked_switch", "switched_kinds"]
