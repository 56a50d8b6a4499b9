"""Secrets found by how they are laid out, not by a sentence about them (en + zh).

- a wireless key in a config line: `psk="sunflower-field-22"`, `wpa_passphrase=…` (wpa_supplicant, hostapd), or
  in a Wi-Fi QR string: `WIFI:T:WPA;S:CasaVerde;P:limonada2024!;;`;
- codes listed under a recovery-code heading: "recovery codes\n1. 9f2k-77ab\n2. …", "GitHub 恢复码\n- 9f2k-77ab";
- a code said digit by digit after "the code is": "the code is 7 7 3 1 9" (a bare "code" names no secret, but
  nobody spells an error or a zip code digit by digit with spaces);
- a value quoted whole after a secret's link: "pass: 'Orchid Lane 14'" (its words are one value);
- a value spelled out letter by letter beside a secret's name: "P as in Peter, 4, X as in xray, 9, 9 — the portal
  password", "the pin is capital B, then seven, seven, then lowercase q";
- a dial combination in number words: "locker combo is twelve, thirty, six";
- a system and its login pair, the second shaped like a password: "the staging db: postgres / Stg-Pg-7731",
  "测试库：postgres / Stg-Pg-7731".
"""

from __future__ import annotations

import re

from .credentials import _NAMED_BEFORE, _NUMBER_WORD, Finding, _product, _sentence_span, _strongly_shaped

_I = re.IGNORECASE

_PSK_LINE = re.compile(r"(?<![\w-])(?:psk|wpa_passphrase|wpa_psk|sae_password)\s*=\s*[\"']?(?P<v>[^\s\"'#]{8,63})", _I)
# a heading naming backup or recovery codes, its line otherwise empty or a note: "recovery codes (save these!)"
_CODES_HEADING = re.compile(r"(?:\b(?:recovery|backup|2fa|two-factor|mfa)\s+codes?\b|恢复码|备用码|救援码|备份码)"
                            r"[^\n]{0,30}\n", _I)
_LIST_ITEM = re.compile(r"[ \t]*(?:\d{1,2}[.)、]|[-*•])?[ \t]*(?P<v>[A-Za-z0-9]{4,}(?:-[A-Za-z0-9]{3,})*)[ \t]*(?:\n|$)")
_SPELLED_CODE = re.compile(r"\b(?:the|my|our|your|this|that)\s+code\s+(?:is|was|is\s+now|:)\s*(?P<v>\d(?:[ -]\d){3,9})(?![\w.-]|\s\d)", _I)
_RULE_WORDS = re.compile(r"\b(?:characters?|chars?|digits?|letters?|symbols?|numbers?|words?|least|min|max|minimum|maximum)\b", _I)
_QUOTED_AFTER_LINK = re.compile(
    r"\b(?:pass(?:word|wd|code|phrase)?|pwd|pw|pin|secret)\s*(?:is|was|:|=)\s*(?P<q>[\"'“‘])(?P<v>[^\"'“”‘’\n]{4,40})[\"'”’]", _I)

# one character said at a time, "as in" a word at least once: "P as in Peter, 4, X as in xray, 9, 9"
_ITEM = r"(?:[A-Za-z0-9]\s+as\s+in\s+[A-Za-z]+|[A-Za-z0-9])"
_SPELLED_OUT = re.compile(rf"(?<![\w'])(?={_ITEM}(?:\s*,\s*{_ITEM})*?\s+as\s+in\b){_ITEM}(?:\s*,\s*(?:then\s+)?{_ITEM}){{2,}}(?![\w'])", _I)
_COMBO_WORDS = re.compile(rf"\b(?:combo|combination)\s*(?:is|was|:|=)\s*(?P<v>{_NUMBER_WORD}(?:\s*,\s*(?:then\s+)?{_NUMBER_WORD}){{2,}})\b", _I)
_SYSTEM = (r"\b(?:db|database|server|host|vm|box|ssh|s?ftp|vpn|nas|router|admin|root|mysql|postgres|redis|mongo|rabbitmq|"
           r"jenkins|grafana|kibana|portal|console|dashboard)\b|测试库|数据库|服务器|主机|后台|堡垒机|跳板机")
_SYSTEM_PAIR = re.compile(rf"(?:{_SYSTEM})[^\n:：。！？!?]{{0,20}}[:：]\s*(?P<u>[^\s/／,，]{{2,40}})\s*[/／]\s*(?P<v>[^\s/／,，。；;]{{6,}})", _I)

_WIFI_QR = re.compile(r"\bWIFI:(?:[^\n]*?;)?P:(?P<v>(?:\\.|[^;\n\\])+)", _I)
# one piece of a value said aloud: "capital B", "lowercase q", "the number 4", "seven", "exclamation mark"
_SPOKEN_ITEM = (rf"(?:(?:capital|uppercase|upper\s+case|big|lowercase|lower\s+case|small)\s+[A-Za-z]\b|(?:the\s+)?number\s+\d+|"
                rf"{_NUMBER_WORD}|\d|(?:an?\s+)?(?:exclamation\s+(?:mark|point)|hash(?:tag)?|at\s+sign|dollar\s+sign|"
                r"underscore|dash|hyphen|asterisk|star|ampersand|percent(?:\s+sign)?|question\s+mark))")
_SPOKEN = re.compile(rf"(?=(?:capital|uppercase|upper\s+case|big|lowercase|lower\s+case|small)\s+[A-Za-z]\b|(?:the\s+)?number\s+\d)"
                     rf"{_SPOKEN_ITEM}(?:\s*,?\s*(?:and\s+)?(?:then\s+)?{_SPOKEN_ITEM}){{2,}}", _I)

# the same read aloud in zh: "大写 K 小写 m 井号 5 5 0", "大写的H，然后小写的a，然后 n 一九八八" (a letter's case or a
# symbol's name at least once, so "一 二 三" alone is no spelling)
_ZH_SPOKEN_MARK = r"(?:大写|小写)(?:的)?\s*(?:字母\s*)?[A-Za-z](?![A-Za-z])|井号|星号|感叹号|叹号|下划线|艾特|横杠|横线|减号|加号|美元符号?|百分号|问号"
_ZH_SPOKEN_ITEM = rf"(?:{_ZH_SPOKEN_MARK}|[A-Za-z](?![A-Za-z])|\d+|[零一二三四五六七八九幺两]+)"
_ZH_SPOKEN = re.compile(rf"(?=(?:{_ZH_SPOKEN_MARK}))(?:{_ZH_SPOKEN_ITEM})(?:\s*[，,、]?\s*(?:然后|再|接着|后面)?(?:是)?\s*{_ZH_SPOKEN_ITEM}){{2,}}")


def _listed_codes(text: str) -> list[Finding]:
    out = []
    for heading in _CODES_HEADING.finditer(text):
        pos = heading.end()
        while (item := _LIST_ITEM.match(text, pos)) and item.end() > pos:
            if re.search(r"\d", item.group("v")):
                out.append(Finding("recovery code", "secret", item.start("v"), item.end("v"), item.group("v")))
            pos = item.end()
    return out


def find_laid_out(text: str) -> list[Finding]:
    """Secrets found by their layout.

    Example:
        >>> [f.value for f in find_laid_out('network={\\n  psk="sunflower-field-22"\\n}')]
        ['sunflower-field-22']
        >>> [f.value for f in find_laid_out("GitHub 恢复码\\n1. 9f2k-77ab\\n2. 3c8d-1e0f")]
        ['9f2k-77ab', '3c8d-1e0f']
        >>> find_laid_out("the code is 404 not found")
        []
    """
    if not isinstance(text, str) or not text:
        return []
    found = [Finding("wifi key", "secret", m.start("v"), m.end("v"), m.group("v")) for m in _PSK_LINE.finditer(text)]
    found += _listed_codes(text)
    found += [Finding("access code", "secret", m.start("v"), m.end("v"), m.group("v")) for m in _SPELLED_CODE.finditer(text)]
    for m in _QUOTED_AFTER_LINK.finditer(text):
        value = m.group("v")
        if re.search(r"\d", value) and " " in value.strip() and not _RULE_WORDS.search(value):  # one value: "Orchid Lane 14"
            found.append(Finding("password", "secret", m.start("v"), m.end("v"), value))
    for m in (*_SPELLED_OUT.finditer(text), *_SPOKEN.finditer(text), *_ZH_SPOKEN.finditer(text)):
        start, end = _sentence_span(text, m.start(), m.end())
        if _NAMED_BEFORE.search(text, start, end):
            found.append(Finding("password", "secret", m.start(), m.end(), m.group(0)))
    found += [Finding("wifi key", "secret", m.start("v"), m.end("v"), m.group("v")) for m in _WIFI_QR.finditer(text)]
    found += [Finding("access code", "secret", m.start("v"), m.end("v"), m.group("v")) for m in _COMBO_WORDS.finditer(text)]
    for m in _SYSTEM_PAIR.finditer(text):
        value = m.group("v").rstrip(".!?")  # a password, not a brand and its model ("TP-Link / Archer-C7")
        typed = sum(c.isdigit() for c in value) >= 2 or re.search(r"[!@#$%^&*_+=~]", value)
        if _strongly_shaped(value) and typed and not _product(value) and not re.match(r"https?:|\d", value):
            found.append(Finding("password", "secret", m.start("v"), m.start("v") + len(value), value))
    return found
