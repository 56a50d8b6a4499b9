"""A turn that names a value the user stated before as the one it withdraws (zh + en): a correction even without
a slip word ("Eastern, sorry, not Pacific", "I said MySQL earlier but it's Postgres", "叫团团，豆豆是以前那只").

The parts compose: a withdrawing frame that names a value ("not X", "instead of X", "I said X", "X was my old
one", "不是X", "说的X", "X是以前的", "X不对") + that value said by the user before (the object of an earlier claim,
or words of an earlier user turn) + something else said in the message (the new value). A frame alone ("not
Pacific") is no correction, and neither is a frame naming something never said.

Example:
    >>> refers_back("Eastern, sorry, not Pacific.", ["I'm on Pacific time."]), refers_back("not Pacific", ["I'm on Pacific time."])
    (True, False)
    >>> refers_back("哎呀，叫团团，豆豆是以前那只。", ["我的狗叫豆豆。"]), refers_back("I like Rust, not Go", ["I use Python."])
    (True, False)
    >>> named_old("standup is at 10 now, not 9:30", ["Our standup is at 9:30."])
    '9:30'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_I = re.IGNORECASE
_CUE = re.compile(r"\bnot\b|\binstead of\b|\brather than\b|\bi (?:said|told you|wrote|typed|had it)\b|\b(?:old|previous|former|wrong)\b|"
                  r"不是|说的|讲的|以前|之前|原来|不对|有误|(?:记|写|说|打|看|听)成", _I)
_X_EN = r"(?P<x>[\w.:+#$%'-]+(?:\s+[\w.:+#$%'-]+){0,2})"
_X_ZH = r"(?P<x>[^，,。！!？?\s]{1,10}?)"
_FRAMES = (
    re.compile(rf"\bnot\s+(?:the\s+|my\s+|our\s+|an?\s+(?=(?-i:[A-Z0-9])))?{_X_EN}", _I),  # "not a Pixel"
    re.compile(rf"\b(?:instead of|rather than)\s+(?:the\s+|my\s+|our\s+|an?\s+(?=(?-i:[A-Z0-9])))?{_X_EN}", _I),
    re.compile(rf"\bi (?:said|told you|wrote|typed)\s+(?:the\s+)?{_X_EN}(?=\s*,?\s+(?:earlier|before|last time|above|but)\b|\s*[,;—–]\s*(?:it'?s|it was|that'?s|i meant)\b)", _I),
    re.compile(r"(?:^|[,;.!]\s*)(?P<x>[\w.:+#$%'-]+(?:\s+[\w.:+#$%'-]+)?)\s+(?:was|is|'s)\s+(?:(?:actually|just)\s+)?(?:my\s+|the\s+)?"
               r"(?:old|previous|former|wrong|last)\b", _I),
    re.compile(rf"(?:而)?不是\s*{_X_ZH}(?=[，,。！!？?\s]|$|了|啦)"),
    re.compile(rf"(?<![你您])(?:说|讲|写)的\s*{_X_ZH}(?=不对|有误|是错的|那个|[，,。]|$)"),
    re.compile(r"(?:^|[，,。！!\s])(?P<x>[^，,。！!？?\s]{1,8}?)\s*(?:是|那个是|那只是|那是)(?:以前|之前|原来|上一)"),
    re.compile(r"(?:^|[，,。！!\s])(?P<x>[^，,。！!？?\s]{1,8}?)\s*(?:那个)?(?:不对|有误|是错的)"),
    # "我记成周三了", "I had it down as Tuesday": the old value, said as what the user mistook it for
    re.compile(rf"我?(?:刚才|之前)?(?:记|写|说|打|看|听)成(?:了)?\s*{_X_ZH}(?=了|[，,。！!]|$)"),
    re.compile(rf"\bi (?:had it (?:down )?as|wrote|typed|put)\s+{_X_EN}(?=\s+by mistake\b)", _I),
)
_CLAUSES = re.compile(r"[,，.。!！?？;；:：—–]+|\s+-\s+|\s+but\s+", _I)
_WORDS = re.compile(r"[A-Za-z0-9\u4e00-\u9fff]")
_FILLER = re.compile(r"\b(?:earlier|before|sorry|oops|actually|but|and|so|btw)\b|之前|刚才|其实|但|不过|哎呀|哎|呀|哦|嗯", _I)


def cued(message: str) -> bool:
    """The message holds a word a withdrawing frame needs: cheap, before the earlier turns are read."""
    return bool(_CUE.search(message))


# "not really", "not sure", "不是很喜欢", "不是我": a degree, a pronoun or a filler, not a value
_NOT_A_VALUE = re.compile(r"^(?:(?:a|an|the|to|be|at|in|on|so|too|very|really|sure|yet|now|just|only|that|this|it|much|many|quite|"
                          r"always|anymore|any|more|bad|good|great|me|you|him|her|them|what|how|all|even|exactly|necessarily)\b\s*)+$|"
                          r"^[很太特别那么非常真都也还就我你您他她它这那要想会能有多没不]", _I)


# a value said in passing, not a word of the sentence: a name, a number, a tool ("Pacific", "9:30", "jest" as said)
_VALUE_LIKE = re.compile(r"\d|^(?-i:[A-Z])|[\u4e00-\u9fff]|[.+#]\w", _I)


def _said_before(x: str, earlier: Sequence[str], values: Sequence[str] = ()) -> str:
    """The longest head of `x` (2+ characters, not a filler) that one of `values` (objects of earlier claims) holds,
    or, when it looks like a value (a name, a number), some earlier text holds; else ""."""
    x = x.strip(" '\".,:;")
    if _NOT_A_VALUE.match(x):
        return ""
    words = x.split()
    heads = [" ".join(words[:n]) for n in range(len(words), 0, -1)] if len(words) > 1 else \
        [x[:n] for n in range(len(x), 1, -1)] if re.search(r"[\u4e00-\u9fff]", x) else [x]
    for head in heads:
        if len(head) < 2 or not _WORDS.search(head) or _NOT_A_VALUE.match(head):
            continue
        rx = re.compile(rf"(?<![A-Za-z0-9]){re.escape(head)}(?![A-Za-z0-9])", _I)
        # a stored value named whole ("jest"); a name or a number said before ("Pacific", "9:30")
        if any(head.casefold() == v.strip().casefold() for v in values) or (_VALUE_LIKE.search(head) and any(rx.search(t) for t in earlier)):
            return head
    return ""


def _withdrawn(message: str, earlier: Sequence[str], values: Sequence[str] = ()) -> list[tuple[str, re.Match[str]]]:
    out = []
    for frame in _FRAMES:
        for m in frame.finditer(message):
            if old := _said_before(m.group("x"), earlier, values):
                out.append((old, m))
    return out


_NOT_BUT = re.compile(r"\bnot\s+(?P<x>[\w.+#-]+(?:\s+[\w.+#-]+){0,2}?)\s*,?\s+but\s+(?:rather\s+|actually\s+)?(?=\S)", _I)


def not_but(message: str, earlier: Sequence[str] = ()) -> str:
    """"actually, not GCP but Azure" → "actually, not GCP, Azure" (two clauses: the old value withdrawn, the new one)
    when the user said GCP before, in this message or an earlier turn; `message` itself otherwise."""
    def split(m: re.Match[str]) -> str:
        x = m.group("x").strip(" '\".,:;")
        here = re.search(rf"(?<![A-Za-z0-9]){re.escape(x)}(?![A-Za-z0-9])", message[: m.start()], _I)  # said in this message
        return f"not {m.group('x')}, " if here or _said_before(x, earlier) == x else m.group(0)
    return _NOT_BUT.sub(split, message)


def _asked(message: str, at: int) -> bool:
    """The sentence holding position `at` is a question."""
    end = re.search(r"[.!?。！？]", message[at:])
    return bool(end and end.group(0) in "?？")


def refers_back(message: str, earlier: Sequence[str], values: Sequence[str] = ()) -> bool:
    """`message` withdraws a value said before (`values`: the objects of earlier claims; `earlier`: earlier user
    turns, for a value-like name or number) by a frame that names it, and says something beside it."""
    if not _CUE.search(message):
        return False
    parts = [p for p in _CLAUSES.split(message) if _WORDS.search(p)]
    for _old, m in _withdrawn(message, earlier, values):
        if _asked(message, m.start()):
            continue
        rest = (message[: m.start()] + " " + message[m.end():]).strip()
        if len(parts) > 1 or _WORDS.search(_FILLER.sub("", rest)):
            return True
    return False


def named_old(message: str, earlier: Sequence[str]) -> str:
    """The earlier value `message` names as withdrawn ("not 9:30" → "9:30"), else ""."""
    found = _withdrawn(message, earlier) if _CUE.search(message) else []
    return found[0][0] if found else ""


# "(I said) MySQL earlier but it's actually Postgres": the old value said again, then the new one after "but"
_SAID_BUT = re.compile(r"^(?:(?:btw|oh|and|so|ok(?:ay)?)[,\s]+)*(?:i (?:said|told you|mentioned|wrote|typed)\s+(?P<a>[^,]{1,40}?)"
                       r"(?:\s+(?:earlier|before|last time|above|just now))?|(?P<b>[^,]{1,40}?)\s+(?:earlier|before|last time|above|just now))"
                       r"\s*,?\s+but\s+(?P<rest>\S.*)$", _I)


# "我之前说我对花生过敏", "earlier I said I lived in Denver": what the user said before, said again as the old value
_SAID_BEFORE = re.compile(
    r"^(?:(?:earlier|before|yesterday|last time)\s*,?\s+)?i\s+(?:said|told you|mentioned|wrote)(?:\s+(?:earlier|before|yesterday|last time))?"
    r"(?:\s+that)?\s+(?P<x>(?:i|i'm|i've|my)\b.{2,60})$|"
    r"^我?(?:之前|刚才|刚刚|上次|前面|昨天|以前)(?:跟你|和你|对你)?(?:说|讲|提到|告诉你)(?:过|的是|了)?(?:我)?(?P<z>[^，,。]{2,30})$", _I)


_SAID_OLD = re.compile(r"^(?:(?:oh|ah|wait|hmm+|so|and|btw|sorry|ok(?:ay)?)[,\s]+)*i\s+(?:said|told you|mentioned|wrote|typed)\s+"
                       r"(?P<o>[\w.+#$-]+(?:\s+[\w.+#$-]+)?)\s+(?:earlier|before|last time|above|just now)$", _I)


def said_old(raw: str) -> str:
    """The old value a clause only names as said before ("I said Toyota earlier" → "Toyota"), else ""."""
    m = _SAID_OLD.match(raw.strip(" \t.,;:!?—–-"))
    return m.group("o") if m else ""


def said_before(clause: str) -> str:
    """The statement a clause reports the user made before ("我之前说我对花生过敏" → "我对花生过敏"), else ""."""
    m = _SAID_BEFORE.match(clause.strip())
    if not m:
        return ""
    return m.group("x") if m.group("x") else "我" + m.group("z")


_SHOULD_SAY = re.compile(r"^(?:that|this|it)\s+should\s+(?:say|read|have said)\s+(?P<rest>\S.*)$", _I)


def new_side(clause: str) -> str:
    """The part of a correcting clause that holds the new value: "MySQL earlier but it's actually Postgres" → "it's
    actually Postgres", "that should say 8pm" → "8pm"; `clause` itself when it has no such frame."""
    m = _SAID_BUT.match(clause.strip()) or _SHOULD_SAY.match(clause.strip())
    return m.group("rest").strip() if m else clause


__all__ = ["cued", "named_old", "new_side", "not_but", "refers_back", "said_before", "said_old"]
