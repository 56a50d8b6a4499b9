"""Secrets said with no link word, by the way they are phrased (en + zh):

- a pass phrase right after its name, bare words to the clause's end: "passphrase tidal pools at noon",
  "密码短语 tidal pools at noon" (not "the passphrase should be four random words": a verb follows the name);
- an app password in its four groups right after its name: "app pw hxqk zmnv ptrs wbel";
- a value the user reuses across every site or account: "I reuse Tamarind88! for pretty much every shopping site",
  "我购物网站全都用 Tamarind88!".

Example:
    >>> [f.value for f in find_phrased("SSID Oakview5G, passphrase tidal pools at noon")]
    ['tidal pools at noon']
    >>> find_phrased("the passphrase should be four random words")
    []
"""

from __future__ import annotations

import re

from .credentials import Finding

_I = re.IGNORECASE
_CLAUSE_END = r"(?=\s*(?:$|[,;.!?，。；！？)\n]))"
_PHRASE = re.compile(rf"(?:\b(?:pass\s?phrase|secret\s+phrase|pass\s+words?)|密码短语|口令短语)\s*(?P<v>[a-z]+(?:[ \t]+[a-z]+){{2,7}}){_CLAUSE_END}", _I)
# the first word after the name that makes it a sentence about the phrase, not the phrase
_NOT_FIRST = re.compile(r"(?:is|was|are|were|be|been|should|must|can|could|will|would|may|might|needs?|has|have|had|does|do|did|"
                        r"for|of|on|in|at|to|from|with|and|or|but|that|which|the|a|an|my|your|our|it|this|these|those|"
                        r"manager|policy|generator|rules?|length|strength|reset|hint|field|prompt|protected|stays|keeps|goes|"
                        r"gets|got|works|worked|expired|changed|isn't|wasn't|doesn't|didn't|won't|can't)$", _I)
# words of talk about pass phrases, never inside one said: "passphrase really better than …", "passphrase scheme …"
_TALK = re.compile(r"(?:really|better|worse|good|bad|best|scheme|style|ideas?|tips?|examples?|generators?|strong|weak|secure|"
                   r"remember|memorable|random|length|long|short|i|me|we)$", _I)
_APP_PASSWORD = re.compile(r"\bapp(?:lication)?(?:[- ]specific)?\s+(?:pw|pwd|password|pass)\s*[:=]?\s*(?P<v>[a-z]{4}(?:[ -][a-z]{4}){3})(?![a-z])", _I)
_TOKEN = r"[\"'“‘]?(?P<v>[A-Za-z0-9!@#$%^&*_+=~.\-]{4,40}?)[\"'”’]?"
_REUSED = [
    re.compile(rf"\b(?:re-?use[sd]?|re-?using)\s+{_TOKEN}\s+(?:for|on|across|at|everywhere)\s+"
               r"(?:(?:pretty\s+much|almost|nearly|basically|just\s+about)\s+)?(?:every|all|most|each|any|my)\b[^.!?\n]{0,30}?"
               r"\b(?:sites?|websites?|accounts?|apps?|logins?|services?|platforms?)\b", _I),
    re.compile(rf"(?:网站|账号|帐号|平台|app|APP|应用)[^。！？，,\n]{{0,6}}(?:全都|全部|都|一律|统一)(?:是)?用\s*{_TOKEN}(?=$|[\s，。！？,.!?])", _I),
]


def find_phrased(text: str) -> list[Finding]:
    """Pass phrases after their name, grouped app passwords, and values reused across sites."""
    from .presented import _typed_value  # presented builds on credentials, as this module does

    out = []
    from .presented import _GRAMMAR, _PROSE

    for m in _PHRASE.finditer(text or ""):
        words = m.group("v").split()
        prose = any(_GRAMMAR.match(w.casefold()) or _PROSE.match(w.casefold()) or _TALK.match(w) for w in words)
        asked = re.match(r"[^.!?。！？\n]*[?？]", text[m.end():])
        if not _NOT_FIRST.match(words[0]) and not prose and not asked:
            out.append(Finding("passphrase", "secret", m.start("v"), m.end("v"), m.group("v")))
    for m in _APP_PASSWORD.finditer(text or ""):
        out.append(Finding("app password", "secret", m.start("v"), m.end("v"), m.group("v")))
    for pattern in _REUSED:
        for m in pattern.finditer(text or ""):
            if _typed_value(m.group("v")):
                out.append(Finding("password", "secret", m.start("v"), m.end("v"), m.group("v")))
    return out


__all__ = ["find_phrased"]
