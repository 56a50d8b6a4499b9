"""Secrets found by how they are laid out, not by a sentence about them (en + zh).

- a wireless key in a config line: `psk="sunflower-field-22"`, `wpa_passphrase=…` (wpa_supplicant, hostapd);
- codes listed under a recovery-code heading: "recovery codes\n1. 9f2k-77ab\n2. …", "GitHub 恢复码\n- 9f2k-77ab";
- a code said digit by digit after "the code is": "the code is 7 7 3 1 9" (a bare "code" names no secret, but
  nobody spells an error or a zip code digit by digit with spaces);
- a value quoted whole after a secret's link: "pass: 'Orchid Lane 14'" (its words are one value).
"""

from __future__ import annotations

import re

from .credentials import Finding

_I = re.IGNORECASE

_PSK_LINE = re.compile(r"(?<![\w-])(?:psk|wpa_passphrase|wpa_psk|sae_password)\s*=\s*[\"']?(?P<v>[^\s\"'#]{8,63})", _I)
# a heading naming backup or recovery codes, its line otherwise empty or a note: "recovery codes (save these!)"
_CODES_HEADING = re.compile(r"(?:\b(?:recovery|backup|2fa|two-factor|mfa)\s+codes?\b|恢复码|备用码|救援码|备份码)"
                            r"[^\n]{0,30}\n", _I)
_LIST_ITEM = re.compile(r"[ \t]*(?:\d{1,2}[.)、]|[-*•])?[ \t]*(?P<v>[A-Za-z0-9]{4,}(?:-[A-Za-z0-9]{3,})*)[ \t]*(?:\n|$)")
_SPELLED_CODE = re.compile(r"\b(?:the|my|our|your|this|that)\s+code\s+(?:is|was|is\s+now|:)\s*(?P<v>\d(?:[ -]\d){3,9})(?![\w.-]|\s\d)", _I)
_QUOTED_AFTER_LINK = re.compile(
    r"\b(?:pass(?:word|wd|code|phrase)?|pwd|pw|pin|secret)\s*(?:is|was|:|=)\s*(?P<q>[\"'“‘])(?P<v>[^\"'“”‘’\n]{4,40})[\"'”’]", _I)


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
        if re.search(r"\d", value) and " " in value.strip():  # words and a number quoted as one: "Orchid Lane 14"
            found.append(Finding("password", "secret", m.start("v"), m.end("v"), value))
    return found
