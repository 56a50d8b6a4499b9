"""A secret said by its size and then given (en + zh): "my SSH passphrase is three words: otter maple drumroll", "the
PIN is 6 digits — 402918", "口令是四个词：山 风 雨 雪". The size alone ("my password is 12 characters") holds no value;
what follows the colon or dash after it does.
"""

from __future__ import annotations

import re

from .credentials import _EN_NON_VALUE, _EN_NOT_CREDENTIAL, _EN_WORD, _ZH_NOT_CREDENTIAL, _ZH_WORD, Finding

_I = re.IGNORECASE

_COUNT = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_EN_COUNTED = re.compile(
    rf"\b(?:{_EN_WORD})\b(?!\s+(?:{_EN_NOT_CREDENTIAL})\b)[^.!?\n]{{0,30}}?\b{_COUNT}[\s-]+"
    r"(?:random\s+|lowercase\s+|plain\s+)?(?:words?|digits?|characters?|chars?|letters?|numbers?)(?:\s+long)?"
    r"\s*(?::|[—–]+|-+|,\s*(?:namely|i\.e\.|like))\s*[\"'“‘]?(?P<v>[^.,;!?\n\"'”’]{3,80}?)[\"'”’]?\s*(?=$|[.,;!?\n])", _I)
_ZH_COUNTED = re.compile(
    rf"(?:{_ZH_WORD})(?!{_ZH_NOT_CREDENTIAL})[^。！？\n]{{0,20}}?[一二三四五六七八九十两\d]+\s*(?:位|个字|个词|个单词|个字符)"
    r"(?:数字|字母|的)?\s*[:：—，,]\s*[\"“‘「]?(?P<v>[^。！？\n，,；;\"”’」]{2,60}?)[\"”’」]?\s*(?=$|[。！？\n，,；;])", _I)


# a rule on the size, not a secret's size: "密码至少12位，还要有大小写", "PIN must be 6 digits - no repeats"
_RULE = re.compile(r"\b(?:at\s+least|at\s+most|minimum|maximum|min|max|must|should|needs?\s+to|has\s+to|required?|"
                   r"up\s+to|no\s+more|no\s+less|between)\b|至少|最少|不少于|不超过|最多|以上|以内|要求|必须|规定|长度|需要|应该|不能", re.I)
_RULE_VALUE = re.compile(r"(?:还|要|必须|不|包含|含|需|且|并|每|同时|且|and|no|with|including|must|at)(?![A-Za-z])", re.I)


def find_counted(text: str) -> list[Finding]:
    """Values given right after a secret's size.

    Example:
        >>> [f.value for f in find_counted("my SSH passphrase is three words: otter maple drumroll")]
        ['otter maple drumroll']
    """
    out = []
    for pattern in (_EN_COUNTED, _ZH_COUNTED):
        for m in pattern.finditer(text):
            value = m.group("v").strip()
            if _RULE.search(text, m.start(), m.start("v")) or _RULE_VALUE.match(value):
                continue
            if value and value.split()[0].casefold() not in _EN_NON_VALUE:
                start = m.start("v") + m.group("v").index(value)
                out.append(Finding("password", "secret", start, start + len(value), value))
    return out
