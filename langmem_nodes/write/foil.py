"""A prohibition that names the alternative to a choice said in the same sentence is that choice's foil, not a
fact of its own: "我用的是 fish，别给我 bash 的写法", "I use Vim, don't give me VS Code shortcuts",
"回答尽量简短哈，别长篇大论" store one record, the choice. Said the other way round, the prohibition is the fact and
the alternative after it says how to keep it: "千万别在脚本里 rm -rf，以后统一 mv 到回收目录" stores the negative rule.

A prohibition said as a consequence ("…全换成 Mac 了，所以别再给我 PowerShell 的命令") is a wish of its own and stays.
The choice is a usage, preference, rule or habit (what the user picks among alternatives). A fact about the person
("我在东八区，别再用 UTC 了": a time zone) is no choice, so a prohibition after it stays a record of its own.
A foil that is dropped is reported as a skip naming the choice it belongs to.

    >>> from .rules import Claim
    >>> use, no = Claim("user", "uses", "fish"), Claim("user", "prefers", "bash 的写法", "negative", "preference")
    >>> kept, skips = fold([(use, "我用的是 fish", None, False), (no, "别给我 bash 的写法", None, False)],
    ...                    "我用的是 fish，别给我 bash 的写法")
    >>> [c.object for c, *_ in kept], skips[0]["reason"]
    (['fish'], 'the alternative to a choice said with it (fish): one choice, one record')
"""

from __future__ import annotations

import re
from typing import Any

from .rules import Claim

_I = re.IGNORECASE
# a request to the assistant not to do / give something: "别给我…", "不要…", "千万别…", "don't give me …", "never …"
_PROHIBIT = re.compile(r"^(?:你|您|也|就|可|千万|一定|请|麻烦)*(?:别|不要|甭|不用(?=给我|跟我|帮我)|少)(?:再|老|总|又|老是|总是)*"
                       r"|^(?:(?:please|pls|and|also|so)\s+)*(?:don'?t|do not)\b", _I)  # "never X" is a rule of its own
# a clause that offers the alternative to a prohibition before it: "统一 mv 到回收目录", "always mv …", "use X instead"
_ALTERNATIVE = re.compile(r"^(?:以后|今后|之后|而是|还是)?\s*(?:我们?|咱们)?\s*(?:统一|一律|都|全部|改用|改成|换成|直接用|要用|用)"
                          r"|^(?:(?:and|but|just|instead)\s+)*(?:always|use|stick to|go with)\b|\binstead\b", _I)
# facts about the person or thing, not choices among alternatives
_NOT_A_CHOICE = ("lives_in", "works_at", "works_in", "from", "role", "name", "age", "has", "working_on", "learning",
                 "trait", "allergy")
_SENTENCE_END = re.compile(r"[。！？!?\n]|\.(?:\s|$)")


def _choice(c: Claim) -> bool:
    return not c.predicate.startswith("attr:") and c.predicate not in _NOT_A_CHOICE


def _same_sentence(message: str, first: str, second: str) -> bool:
    """Both clauses are in the message, the second after the first, with no sentence end between them."""
    i = message.find(first.strip())
    j = message.find(second.strip(), i + len(first.strip())) if i >= 0 else -1
    return i >= 0 and j >= 0 and not _SENTENCE_END.search(message[i + len(first.strip()):j])


def _prohibits(c: Claim, quote: str) -> bool:
    return c.polarity == "negative" and bool(_PROHIBIT.match(quote.strip()))


def _as_consequence(message: str, quote: str) -> bool:
    """"…全换成 Mac 了，所以别再给我 PowerShell 的命令": a request said as what follows is a wish of its own."""
    i = message.find(quote.strip())
    return i > 0 and bool(re.search(r"(?:所以|因此|因为这样|那就|so|therefore)\s*[，,]?\s*$", message[:i], _I))


def _foil_of(a: tuple[Claim, str, Any, bool], b: tuple[Claim, str, Any, bool], message: str) -> bool:
    """`b` is the foil of `a`: a prohibition after a choice, or an alternative after a prohibition."""
    (ca, qa, *_), (cb, qb, *_) = a, b
    if not (_choice(ca) and _choice(cb) and _same_sentence(message, qa, qb)):
        return False
    if _prohibits(cb, qb) and not _prohibits(ca, qa):  # "用 fish，别给我 bash 的"; "我不吃辣，别给我推荐川菜"
        return not _as_consequence(message, qb)
    return _prohibits(ca, qa) and cb.polarity == "positive" and bool(_ALTERNATIVE.search(qb.strip()))


def fold(found: list[tuple[Claim, str, Any, bool]], message: str
         ) -> tuple[list[tuple[Claim, str, Any, bool]], list[dict[str, str]]]:
    """`found` without the foils of the choices it holds, and a skip for each foil dropped."""
    kept: list[tuple[Claim, str, Any, bool]] = []
    skips: list[dict[str, str]] = []
    for item in found:
        if kept and _foil_of(kept[-1], item, message) and not item[0].replaces:
            skips.append({"text": item[1], "reason": f"the alternative to a choice said with it ({kept[-1][0].object}): "
                                                    "one choice, one record"})
            continue
        kept.append(item)
    return kept, skips


__all__ = ["fold"]
