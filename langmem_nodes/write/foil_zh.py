"""A preference said, then its opposite refused, is one preference (zh).

"我用的是 Vim，别给我讲 VS Code 的快捷键了" and "以后回答简短点哈，别长篇大论" say one thing twice: what the
user wants, then the foil they do not want instead. The request against the foil, right after a positive
preference, tool or instruction in the same sentence, stores nothing of its own. So does a request that
follows from the fact before it ("我最近上夜班，所以上午别给我约会议"). A request with nothing before it
("千万别给我推荐 jQuery"), in a sentence of its own, or after a home or an attribute stays a memory.

Example:
    >>> from langmem_nodes.write.rules import Claim
    >>> msg = "我用的是 Vim，别给我讲 VS Code 的快捷键了"
    >>> found = [(Claim("user", "uses", "Vim"), "我用的是 Vim", None, False),
    ...          (Claim("user", "prefers", "VS Code 的快捷键", "negative"), "别给我讲 VS Code 的快捷键了", None, False)]
    >>> kept, skips = without_foils(found, msg)
    >>> [c.object for c, *_ in kept], [s["reason"] for s in skips]
    (['Vim'], ['the other side of the preference before it'])
"""

from __future__ import annotations

import re
from typing import Any

REASON = "the other side of the preference before it"
# a request to the assistant not to do something, opening the clause
_REFUSAL = re.compile(r"^(?:那|就|也|你|可|千万|一定|再也)*(?:别|不要|甭|不许)|"
                      r"^你(?:写|给|回答|举例|推荐)[^，,。]{0,8}?(?:别|不要|甭)")  # "你写代码别用 3.11 的语法"
# a request drawn from what was just said: "(…，)所以上午别给我约会议"
_SO = re.compile(r"(?:所以|因此)\s*$")
_LATER_REFUSAL = re.compile(r"^[^，,。！？!?]{0,16}?(?:别|不要|甭)")
# what a foil can be the other side of: a preference, a tool, an instruction, a diet
_PREFERENCE = frozenset({"prefers", "uses", "rule", "states", "package_manager", "diet"})
_SENTENCE_END = re.compile(r"[。！？!?\n]")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def without_foils(found: list[tuple[Any, ...]], message: str) -> tuple[list[tuple[Any, ...]], list[dict[str, Any]]]:
    """`found` without each negative request that only refuses the opposite of the positive claim before it,
    and one skip entry per request left out."""
    if not _CJK.search(message):
        return found, []
    kept: list[tuple[Any, ...]] = []
    skips: list[dict[str, Any]] = []
    start, prev_end = 0, -1
    for item in found:
        claim, quote = item[0], str(item[1]).strip()
        at = message.find(quote, start) if quote else -1
        prev = kept[-1][0] if kept else None
        if (prev is not None and at >= 0 and prev_end >= 0 and claim.polarity == "negative" and claim.subject == "user"
                and prev.polarity == "positive" and not claim.replaces and not _SENTENCE_END.search(message[prev_end:at])
                and ((_SO.search(message[prev_end:at]) and _LATER_REFUSAL.match(quote))
                     or (_REFUSAL.match(quote) and prev.predicate in _PREFERENCE))):
            skips.append({"text": quote, "reason": REASON})
            continue
        kept.append(item)
        if at >= 0:
            start, prev_end = at + len(quote), at + len(quote)
    return kept, skips
