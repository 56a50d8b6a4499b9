"""One rule or one value said in several clauses of a message is one memory (zh + en).

- A rule clause with no topic of its own, opened by a modal or an adverb ("最好列点", "至少两个人 approve 才能合",
  "先给结论再解释"), right after a rule of the same holder and polarity in the same sentence goes on with that
  rule: "回答我简洁点，最好列点" is one rule, not two. A clause with its own topic ("代码注释用英文") stays a rule
  of its own.
- A standing instruction that repeats a value the message already gave ("我喜欢用 Rust，以后例子都默认用 Rust
  吧", "我在东八区，以后时间都按东八区给我") says that value again: the value is stored once.
- A value said again with a demonstrative ("我平时用 Mac，快捷键都是 Mac 那一套") is that value, stored once.
- A diet said twice, once by its name and once by what it leaves out ("我是蛋奶素，…就是不吃肉", "我已经不吃肉了，
  吃素快半年了", "I'm vegetarian, no meat for me"), is one diet: the first saying is kept.

Example:
    >>> from langmem_nodes.write.rules import Claim
    >>> msg = "以后回答我简洁点，最好列点"
    >>> found = [(Claim("user", "rule", "回答我简洁点"), "回答我简洁点", None, False),
    ...          (Claim("user", "rule", "最好列点"), "最好列点", None, False)]
    >>> [c.object for c, *_ in joined(found, msg)]
    ['回答我简洁点，最好列点']
    >>> found = [(Claim("user", "uses", "Rust"), "我喜欢用 Rust", None, False),
    ...          (Claim("user", "states", "例子都默认用 Rust"), "以后例子都默认用 Rust 吧", None, False)]
    >>> [c.object for c, *_ in without_restatements(found)[0]]
    ['Rust']
"""

from __future__ import annotations

import re
from typing import Any

from ..records import normalize_text

# a clause opened by a modal or a degree adverb: it has no topic of its own
_GOES_ON = re.compile(r"^(?:最好|尽量|先|再|多|少|直接|至少|必须|务必|一定要|也要|也别|也不要|还要|并且|而且|同时|另外|顺便|"
                      r"(?:and\s+)?(?:also|preferably|ideally|at least))(?![A-Za-z])", re.I)
_BETWEEN = re.compile(r"^[\s,，、;；]*(?:(?:and|also|并且|而且|同时)\s*)?$", re.I)
# relations whose object is the clause's own words: an instruction, not a value
_INSTRUCTION = frozenset({"rule", "states"})
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _at(message: str, quote: str, start: int) -> int:
    return message.find(quote, start) if quote else -1


def joined(found: list[tuple[Any, ...]], message: str) -> list[tuple[Any, ...]]:
    """`found` with each topicless rule clause joined to the rule of the same holder just before it."""
    out: list[tuple[Any, ...]] = []
    end = 0
    last_end = -1
    for item in found:
        claim, quote = item[0], str(item[1])
        at = _at(message, quote, end)
        prev = out[-1][0] if out else None
        if (prev is not None and at >= 0 and last_end >= 0 and prev.predicate in _INSTRUCTION
                and claim.predicate in ("rule", "states", "uses") and (claim.predicate == prev.predicate or prev.subject == "user")
                and claim.subject == prev.subject and claim.polarity == prev.polarity and not claim.replaces
                and _GOES_ON.match(quote.strip()) and _BETWEEN.match(message[last_end:at])):
            # "多用 bullet" after "回答尽量简洁": how to answer, not a tool the user uses
            part = claim.object if claim.predicate == prev.predicate else quote.strip()
            glue = "，" if _CJK.search(prev.object + part) else ", "
            prev.object = f"{prev.object}{glue}{part}"
            first = out[-1]
            out[-1] = (prev, f"{first[1]}{glue}{quote}", *first[2:])
            last_end = at + len(quote)
            end = last_end
            continue
        out.append(item)
        if at >= 0:
            end = last_end = at + len(quote)
        else:
            last_end = -1
    return out


def _names(obj: str, value: str) -> bool:
    """`obj`, an instruction's words, names `value` as a whole word."""
    v = normalize_text(value)
    if len(v) < 2 or not (o := normalize_text(obj)) or o == v:
        return False
    if v.isascii():
        return re.search(rf"(?<![\w.+#-]){re.escape(v)}(?![\w+#-])", o) is not None
    return v in o


# a diet named by what it leaves out: no meat
_MEATLESS = re.compile(r"素|vegetarian|vegan|pescatarian", re.I)
_MEAT = re.compile(r"^(?:吃)?(?:肉|荤|肉类|荤菜)$|^(?:meat|red meat)$", re.I)


def _one_diet(a: Any, b: Any) -> bool:
    """`a` and `b` say one diet: a meatless diet by its name and "no meat"."""
    if not (a.subject == b.subject and a.predicate == b.predicate == "diet"):
        return False
    named, left_out = (a, b) if a.polarity == "positive" else (b, a)
    return (named.polarity == "positive" and left_out.polarity == "negative" and bool(_MEATLESS.search(named.object))
            and bool(_MEAT.match(left_out.object.strip())))


# what may follow a value said again: "Mac 那一套", "Vim 那种"
_AGAIN_TAIL = re.compile(r"^\s*(?:的)?(?:那一?套|那种|那些|那一?类|系列)?\s*$")


def _again(obj: str, value: str) -> bool:
    """`obj` is `value` said again with a demonstrative after it ("Mac 那一套" after "Mac")."""
    o, v = normalize_text(obj), normalize_text(value)
    return len(v) >= 2 and o != v and o.startswith(v) and bool(_AGAIN_TAIL.match(o[len(v):]))


def without_restatements(found: list[tuple[Any, ...]]) -> tuple[list[tuple[Any, ...]], list[dict[str, str]]]:
    """(`found` without instructions that repeat a value given earlier in the message, a skip for each)."""
    out: list[tuple[Any, ...]] = []
    skips: list[dict[str, str]] = []
    for item in found:
        c = item[0]
        said = next((o[0] for o in out if (c.predicate in _INSTRUCTION and o[0].predicate not in _INSTRUCTION
                     and c.polarity == o[0].polarity == "positive" and not c.replaces and _names(c.object, o[0].object))
                     or (not c.replaces and _one_diet(o[0], c))
                     or (not c.replaces and c.subject == o[0].subject and c.polarity == o[0].polarity and _again(c.object, o[0].object))), None)
        if said is not None:
            skips.append({"text": str(item[1]), "reason": f"says «{said.object}» again (given earlier in this message)"})
            continue
        out.append(item)
    return out, skips


# "我不喝的" (the one I don't drink): a relative clause with no noun is no value
_HEADLESS_OBJECT = re.compile(r"我[不没]?(?:再|太)?[\u4e00-\u9fff]{1,2}的")


def named_elided(found: list[tuple[Any, ...]], message: str = "") -> list[tuple[Any, ...]]:
    """"我家猫叫团子，哦不对，团子是我姐家的，我家那只叫年糕": a name with its noun left out names what the name
    said before it in the message named; it replaces that name."""
    out = list(found)
    for item in found:
        c = item[0]
        if c.kind != "elided" or c.predicate != "attr:名字":
            continue
        if c.replaces:  # the name it replaces was said with its noun in this message ("我家猫叫团子")
            said = next((m for old in c.replaces if (m := re.search(
                rf"我(?:们)?(?:家|的)?(?P<k>[\u4e00-\u9fff]{{1,3}}?)(?:的名字)?(?:叫|名叫)\s*{re.escape(old)}", message))), None)
            if said:
                c.predicate = f"attr:{said.group('k')}名字"
            continue
        before = [o for o in out[: out.index(item)] if o[0].subject == c.subject and o[0].predicate.endswith("名字")
                  and o[0].predicate != "attr:名字"]
        if before:
            named = before[-1][0]
            c.predicate, c.replaces = named.predicate, [named.object]
            out.remove(before[-1])
    return out


def headless(claim: Any) -> bool:
    """An attribute or a value that is a relative clause without its noun ("吐毛球的是糯米" → attr:吐毛球的, "我不喝的"):
    the clause says which one did something, not what an attribute or a value of the user is."""
    return ((claim.predicate.startswith("attr:") and claim.predicate.endswith("的"))
            or bool(_HEADLESS_OBJECT.fullmatch(claim.object.strip()))
            or (claim.kind == "elided" and (claim.predicate == "attr:名字" or not claim.replaces)))  # "我家的叫糯米" alone


__all__ = ["headless", "joined", "named_elided", "without_restatements"]
