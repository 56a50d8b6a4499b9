"""Credentials in the fields around a memory's text: names (a predicate "attr:pw_Iq7…", a memory file's path
"/memories/pw=Cq7…") and metadata (every string, nested or a key). The same `find_secrets` the write gate uses,
also run over a name spelled out as words, since `_ - / . :` join the words of a name where a sentence has spaces.

Example:
    >>> name_secret("/memories/wifi-password-Bq7wifiZZ92.md"), name_secret("/memories/password-policy.md")
    ('wifi key', None)
    >>> field_secret({"comment": ["wifi password is Hq7wifiZZ98"]}), field_secret({"lang": "en", "tool": "git"})
    ('password', None)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .credentials import find_secret, find_secrets
from .pii import find_pii

_NAME_JOINERS = re.compile(r"[_\-/.:\\]+")


def spelled_out(name: str) -> str:
    """A name's words: "attr:pw_Iq7wifiZZ99" → "attr pw Iq7wifiZZ99"."""
    return _NAME_JOINERS.sub(" ", name).strip()


def name_secret(name: str) -> str | None:
    """The kind of credential a name (a predicate, a path) holds, in one of its '/' parts as written or in the
    whole spelled out; None if none. (A whole path is not screened as written: "/memories/myProject2024Notes.md"
    is one long unbroken run, shaped like a random token, though none of its parts is.)"""
    for text in (*name.split("/"), spelled_out(name)):
        found = find_secrets(text) if text.strip() else []
        if found:
            return found[0].kind
    return None


def field_strings(value: Any) -> Iterator[str]:
    """Every string in `value`: itself, or the keys and values of a mapping and the items of a list, nested
    (walked with a stack: no depth is too deep)."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            yield v
        elif isinstance(v, dict):
            for k, item in reversed(list(v.items())):
                stack.extend((item, k))
        elif isinstance(v, (list, tuple, set, frozenset)):
            stack.extend(reversed(list(v)))


def field_secret(value: Any) -> str | None:
    """The kind of the first credential found in any string of `value` (see `name_secret`); None if none."""
    for text in field_strings(value):
        if kind := name_secret(text):
            return kind
    return None


def entry_secret(entry: Any) -> str | None:
    """The kind of the first credential in any string of a ledger entry (its texts, ids, partitions, actor and
    payload); None if none."""
    texts = [entry.reason, entry.trigger, entry.decision_trace]
    return find_secret(" \n".join(t for t in texts if t)) or field_secret(
        [entry.actor, entry.evidence_turn_ids, entry.memory_id, entry.supersedes, entry.partition, entry.from_scope,
         entry.to_scope, entry.payload])


def field_pii(value: Any) -> list[Any]:
    """The personal identifiers in any string of `value` (`find_pii` findings)."""
    return [f for text in field_strings(value) for f in find_pii(text)]
