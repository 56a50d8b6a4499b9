"""A cheap proof that a query holds no credential or identifier, so its read may skip the full screen.

`TurnScreen` runs ~60 patterns and ~20 finders over a turn (~1 ms of a later turn's CPU). Most questions are
plain words: "which code editor does the user prefer?", "用户平时喝什么咖啡？". `reads_plain(text)` is True only
when every part of the text is of a kind no finder takes for a value, and no word any finder keys on is there:
- its characters are ASCII letters, CJK ideographs, spaces and sentence punctuation, and digits only as a
  short "#12" reference (no "=", ":", "@", "/", quotes, dashes or underscores: no field, address, key or URL);
- each English word is short and cased as prose ("Paris", "editor"; not "Xg93kLm", "AKIAIOSF…");
- no credential, identifier, login, network, answer or correction word (en + zh) appears, even inside a word.
A False answer proves nothing: the caller runs the full screen. The equivalence (True ⇒ no findings) is
property-tested against `TurnScreen` in tests/test_read_plain_query.py.

Example:
    >>> reads_plain("which code editor does the user prefer? #29")
    False
    >>> reads_plain("what coffee does the user usually order? #39"), reads_plain("用户平时喝什么咖啡？ #44")
    (True, True)
    >>> reads_plain("my password is sunshine"), reads_plain("我的密码是 739120")
    (False, False)
"""

from __future__ import annotations

import re

from ..text import to_simplified

MAX_PLAIN_CHARS = 200
# the whole text: letters, CJK ideographs, spaces, sentence punctuation, and digits only right after "#"
_SHAPE = re.compile(r"(?:[A-Za-z\u4e00-\u9fff ?.,!？。，！、]|(?<![^ ])#[0-9]{1,3}(?![^ ]))*")
# an English word that could be typed as a value: too long, or cased unlike prose ("hunTer", "AKIA")
_ODD_WORD = re.compile(r"[A-Za-z]{16,}|[A-Za-z]+[A-Z][A-Za-z]*|[A-Z]{2,}")
# a run of short words with no grammar between them is what a bare wallet seed looks like (12 words and more)
_WORD_RUN = re.compile(r"[A-Za-z]{3,8}(?:\s+[A-Za-z]{3,8}){11}")
# words any finder keys on (credentials, identifiers, logins, networks, security answers, corrections), matched
# inside words too ("passphrase", "username"): a match only sends the text to the full screen
_CUE_EN = re.compile(
    r"pass|pwd|\bpw|pin\b|code|key|secret|token|auth|login|log\s*in|sign|cred|user\s*(?:name|id)|username|account|"
    r"wi\s*fi|wlan|network|router|hotspot|combo|combination|answer|seed|phrase|mnemonic|recovery|backup|otp|cvv|"
    r"ssn|card|bank|iban|mail|phone|licen|passport|\bid\b|verif|unlock|lock|door|gate|alarm|safe|vault|private|"
    r"word|admin|root|server|vpn|ssh|api|env|cvc|maiden|security|question|wallet|crypto", re.IGNORECASE)
_CUE_ZH = re.compile(r"[密码令钥证号卡账帐暗答验锁险网邮址话机护照名姓秘私]|身份|助记|预留|门禁|种子|短语|恢复|备用|安全|钱包|"
                     r"[零〇一二两三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟]")


def reads_plain(text: str) -> bool:
    """True only when `text` provably holds nothing the secret and identifier screen would find."""
    if not isinstance(text, str) or len(text) > MAX_PLAIN_CHARS or not _SHAPE.fullmatch(text):
        return False
    if _ODD_WORD.search(text) or _WORD_RUN.search(text) or _CUE_EN.search(text):
        return False
    return not _CUE_ZH.search(to_simplified(text))


__all__ = ["reads_plain"]
