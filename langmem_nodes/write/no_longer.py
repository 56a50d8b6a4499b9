"""A reply that takes back what the user said before and gives no new value (zh + en).

"I'm vegetarian." … "not anymore though"; "I use Vim." … "ignore what I said about Vim"; "I work at Google." …
"oops, I misspoke about that, let me check"; "我在字节上班。" … "现在不在了"; "我用 Vim。" … "刚才说的 Vim 不对，先别
记". Nothing in such a reply is a value to store (a word read out of it, "about" or "先别记", would be junk), and the
statement it takes back is no longer certain: the extractor flags it `needs_confirmation`.

Read by parts, each clause one of:
- a withdrawal with nothing after it: "not anymore", "no longer (true)", "not the case anymore", "现在不X了" with
  a bare verb ("不在了", "不用了", "不吃了");
- a verdict on what was said, optionally naming it: "ignore / forget / disregard what I said (about X)", "I
  misspoke (about that)", "that's wrong", "当我没说", "刚才说的(X)不对", "(X)说错了";
- a deferral or an apology: "let me check", "I'll get back to you", "sorry", "先别记", "回头再说", "我再确认一下";
- a filler ("well", "oops", "hmm", "哦", "啊").
At least one clause must withdraw or give a verdict. `named` gives the value a verdict names ("Vim"). A message
that `opens` with a withdrawal and says a new value nothing reads ("现在不在了，跳槽去阿里了") flags the old value too.

Example:
    >>> [only(m) for m in ("not anymore though", "ignore what I said about Vim", "现在不在了", "刚才说的 Vim 不对，先别记")]
    [True, True, True, True]
    >>> [only(m) for m in ("not anymore, I moved to Paris", "sorry", "I don't work there anymore, I'm at Meta", "不在了，去了阿里")]
    [False, False, False, False]
    >>> opens("现在不在了，跳槽去阿里了"), opens("I'm not sure, let me check")
    (True, False)
    >>> named("ignore what I said about Vim"), named("刚才说的 Vim 不对，先别记"), named("not anymore")
    ('Vim', 'Vim', '')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..records import normalize_text
from .rules import Claim

_I = re.IGNORECASE
_CLAUSES = re.compile(r"\s*(?:[,，.。!！;；…—–~～]|\s-\s)+\s*")
_FILLER = r"(?:(?:well|oh|oops|hmm+|um+|uh+|ah|ok(?:ay)?|so|actually|though|tbh|lol|哦|噢|啊|呃|嗯|额|哎|唉|emm+)\s*)"
_ABOUT = r"(?:\s+(?:about|regarding|re)\s+(?P<x>[\w.+#'-]+(?:\s+[\w.+#'-]+){0,2}|that|this|it))?"
_WITHDRAW = re.compile(
    rf"^{_FILLER}*(?:(?:that'?s|that is|it'?s|it is)\s+)?(?:not\s+(?:any\s?more|any longer|(?:true|the case|right)\s+any\s?more)|"
    rf"no longer(?:\s+(?:true|the case))?)(?:\s+{_FILLER})*$|"
    r"^(?:其实|不过)?(?:现在|目前|已经|早就|早)+(?:都)?(?:不|没)(?:在|用|吃|喝|做|干|住|养|玩|练|去|是)(?:了|啦)$", _I)
_VERDICT = re.compile(
    rf"^{_FILLER}*(?:(?:(?:please\s+)?(?:ignore|forget|disregard|scratch)\s+(?:what\s+i\s+(?:said|told you|wrote)|that|my last message)|"
    rf"i\s+(?:misspoke|was wrong|got (?:that|it) wrong)){_ABOUT}|that'?s\s+(?:wrong|not right|not true)|my bad|my mistake)(?:\s+{_FILLER})*$|"
    r"^(?:当我没说(?:过)?|(?:刚才|刚刚|前面|之前|上面)(?:说|讲)的\s*(?P<zx>[\w.+#\u4e00-\u9fff -]{0,12}?)\s*(?:不对|不算|有误|错了)|"
    r"(?:我)?(?:说|记|写|打)错(?:字)?了|口误)(?:了|啦)?$", _I)
_DEFER = re.compile(
    rf"^{_FILLER}*(?:sorry|let me (?:check|double[- ]check|confirm)(?: that| and get back to you)?|i'?ll (?:check|confirm|get back to you)(?: later)?|"
    r"(?:先)?别记(?:了|这个|下来)?|先不(?:要)?记|回头再说|(?:我)?再确认(?:一下)?|不好意思|抱歉)(?:\s+{_FILLER})*$".replace("{_FILLER}", _FILLER), _I)
_ONLY_FILLER = re.compile(rf"^{_FILLER}+$", _I)


def _parts(message: str) -> list[str]:
    return [p.strip() for p in _CLAUSES.split(message.strip()) if p.strip()]


def only(message: str) -> bool:
    """Every clause of `message` withdraws, gives a verdict on what was said, defers or fills, and one withdraws or
    gives a verdict: a taking back with no new value."""
    parts = _parts(message)
    if not parts or len(message) > 120:
        return False
    kinds = []
    for p in parts:
        if _WITHDRAW.match(p) or _VERDICT.match(p):
            kinds.append("taken")
        elif _DEFER.match(p) or _ONLY_FILLER.match(p):
            kinds.append("aside")
        else:
            return False
    return "taken" in kinds


def opens(message: str) -> bool:
    """The first clause of `message` withdraws ("现在不在了，跳槽去阿里了"): whatever follows, the statement before
    is taken back."""
    parts = _parts(message)
    return bool(parts) and bool(_WITHDRAW.match(parts[0]) or _VERDICT.match(parts[0]))


def named(message: str) -> str:
    """The value a verdict names ("ignore what I said about Vim" → "Vim"), else ""."""
    for p in _parts(message):
        x = re.sub(r"^(?:the|my|our)\s+", "", ((m := _VERDICT.match(p)) and (m.group("x") or m.group("zx")) or "").strip(), flags=_I)
        if x and x.casefold() not in ("that", "this", "it"):
            return x
    return ""




def doubt(message: str, last: Sequence[Claim]) -> list[dict[str, Any]]:
    """The skip that flags what `message` takes back `needs_confirmation`: the claims of the user's last statement
    it names (by a word), else all of that statement's positive claims."""
    held = [c for c in last if c.polarity == "positive"]
    if x := named(message):  # "the Redis version" names "Redis 6" by a word; naming none of them, all are in doubt
        words = [w for w in re.findall(r"[\w.+#-]{2,}|[\u4e00-\u9fff]{2,}", normalize_text(x)) if w not in ("the", "my", "version")]
        held = [c for c in held if any(w in normalize_text(c.object) for w in words)] or held
    return [{"text": message.strip()[:200], "reason": "taken back without a new value",
             "confirm": [[c.subject, c.predicate, c.object] for c in held]}]


__all__ = ["doubt", "named", "only", "opens"]
