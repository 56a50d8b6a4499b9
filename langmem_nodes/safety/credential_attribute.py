"""An attribute that is a credential ("wifi password", "bank PIN", "garage code", "银行卡密码"): never a memory,
whatever value it was given — "the same as before", "my birthday" or a hint is still the secret's record.

The attribute's head word decides: a password, PIN, passphrase, … is one; a code, key, combination or token
is one when the words before it name what it opens ("garage code", "api key"). A thing named after a credential
but not one ("password manager", "password hint", "zip code", "电话号码", "密码策略") is not. A value that only
judges the credential ("the weakest part of the whole setup", "太弱了") is a remark about it, not the secret's
record (`only_judged`): the caller may keep it.

Example:
    >>> credential_attribute("attr:wifi_password"), credential_attribute("attr:password_manager")
    ('wifi password', None)
    >>> credential_attribute("attr:银行卡密码"), credential_attribute("attr:电话号码")
    ('银行卡密码', None)
    >>> only_judged("the weakest part of the whole setup"), only_judged("the same as before")
    (True, False)
"""

from __future__ import annotations

import re

from .cued import names_secret

_ALWAYS = re.compile(r"(?:pass(?:word|wd|code|phrase)|pwd|pins?|cvv2?|cvc2?|otps?|credentials?|passwords)", re.I)
_WHEN_NAMED = re.compile(r"(?:codes?|keys?|combination|combo|tokens?|secret)", re.I)
_JUDGED = re.compile(
    r"\b(?:(?:too|very|really|pretty|quite|so|the|a)\s+)?(?:weak|strong|secure|insecure|unsafe|guessable|simple|complex|"
    r"long|short|old|expired|outdated|terrible|awful|bad|easy\s+to\s+guess|hard\s+to\s+(?:guess|remember|crack))(?:est|er)?\b|"
    r"(?:太|很|不够|比较|特别)?(?:弱|简单|复杂|安全|不安全|长|短|旧)(?:了|的)?$|过期", re.I)
_ZH = re.compile(r"(?:密码|口令|密钥|秘钥|私钥|验证码|开门码|门禁码|取件码|安全码|动态码|pin码)$", re.I)


def credential_attribute(predicate: str) -> str | None:
    """The credential an attribute predicate ("attr:wifi_password") names, in words; None if it names none."""
    if not isinstance(predicate, str) or not predicate.startswith("attr:"):
        return None
    name = predicate.removeprefix("attr:").replace("_", " ").strip()
    words = name.split()
    if not words:
        return None
    head = words[-1]
    if _ZH.search(head) or _ALWAYS.fullmatch(head):
        return name
    if _WHEN_NAMED.fullmatch(head) and len(words) > 1 and names_secret(" ".join(words[-2:])):
        return name
    return None


def only_judged(value: str) -> bool:
    """Whether a credential attribute's value only judges it ("too weak", "the weakest part of …", "太弱了")."""
    return bool(isinstance(value, str) and _JUDGED.match(value.strip()))


__all__ = ["credential_attribute", "only_judged"]
