"""A secret described first and its value said last, after a comma or a dash (en + zh):
"my ATM pin is the year Dad was born, 1961", "Password hint: it's my dog's name plus 99 — Rolo99",
"我的银行卡密码是我妈的生日，0917", and, right after the secret's name, a word the user told or set
("I told the helpdesk my memorable word, Sandcastle", "我跟客服说了我的预留口令，Sandcastle").

The value ends its sentence: a code of 4-8 digits or a typed value (letters with a digit or a symbol); a plain word
only in apposition to the name after a verb of telling or setting. "My PIN is four digits, 2 of them odd" and
"I forgot my password, Sarah" hold none.

Example:
    >>> [f.value for f in find_described("The code to the side door is the same as my birth year, 1984")]
    ['1984']
    >>> find_described("Dad was born in 1961, in Leeds")
    []
"""

from __future__ import annotations

import re

from .credentials import KNOWN_TECH, Finding
from .cued import _SECRET_CUE

_I = re.IGNORECASE
# a name the cue list lacks: what reminds one of a secret is said with it ("password hint: …")
_HINT = re.compile(r"\b(?:pass(?:word|code|phrase)|pin)\s+hint\b|(?:密码|口令)提示|"
                   r"\bcodes?\s+(?:to|for|of|on)\s+(?:the\s+|my\s+|our\s+)?(?:[\w-]+\s+){0,2}(?:door|gate|garage|safe|lock|locker|alarm|shed|lockbox)\b", _I)
_ZH_CUE = re.compile(r"密码|口令|预留信息|暗号|(?<![A-Za-z])(?-i:PIN)(?:码)?", _I)
# what a description links the name to: "is / was / : / 是 / 为"
_LINK = re.compile(r"\b(?:is|was|are|'s)\b|[:：]|(?<=[\u4e00-\u9fff])(?:是|为|用|就是)", _I)
# the value last in its sentence, after a comma or a dash
_LAST = re.compile(r"(?:[,，]|\s[—–-]{1,2}|——|—)\s*[\"'“‘]?(?P<v>[^\s,，.。!！?？;；\"'”’]{4,40})[\"'”’]?\s*(?:[.。!！]+\s*)?$")
_SENTENCES = re.compile(r"[^。！？!?\n]+|(?<=\.)\s")
_TOLD = re.compile(r"\b(?:told|tell|gave|give|set|made|chose|picked|said|use|used)\b[^,，]*$|(?:说了|告诉了?|给了|设了|设成|用了)[^,，]*$", _I)


def _code_or_typed(value: str) -> bool:
    from .presented import _login_value  # presented builds on credentials, as this module does

    return bool(re.fullmatch(r"\d{4,8}", value)) or (_login_value(value) and not KNOWN_TECH.fullmatch(value) and not re.search(r"\d\.\d", value))


def find_described(text: str) -> list[Finding]:
    """Values said last in a sentence that names a secret and describes it first."""
    out = []
    for s in re.finditer(r"[^。！？!?\n]+", text or ""):
        sentence = re.sub(r"\.\s*$", "", s.group(0))
        last = _LAST.search(sentence)
        if not last:
            continue
        head = sentence[:last.start()]
        cue = None
        for pattern in (_HINT, _SECRET_CUE, _ZH_CUE):
            cue = next(iter(pattern.finditer(head)), None) or cue
        if cue is None:
            continue
        value = last.group("v")
        between = head[cue.end():]
        described = _LINK.search(head, cue.end()) is not None and _code_or_typed(value)
        apposed = not between.strip() and (_code_or_typed(value) or (
            re.fullmatch(r"[A-Z][a-z]{3,20}", value) is not None and _TOLD.search(head[:cue.start()]) is not None))
        if described or apposed:
            start = s.start() + last.start("v")
            out.append(Finding("password", "secret", start, start + len(value), value))
    return out


__all__ = ["find_described"]
