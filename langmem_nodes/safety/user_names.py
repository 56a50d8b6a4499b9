"""Who logs in is not what opens: a user name or an address is never a typed secret, and the value after one
and a comma or slash is the password ("用户名admin，hunter2-XY", "the grafana user is viewer, Sl8te-Roof").

A value is a user name when it is an e-mail address, or stands right after a user-name cue ("account is",
"username:", "账号是", "用户名", "邮箱", "Apple ID"); "login is X" names the user only when the same sentence
names the password apart ("my login is jdoe42, the password is in Bitwarden"), since "laptop login is Mochi99"
gives the password itself.
"""

from __future__ import annotations

import re

from .credentials import Finding, _credential_shaped, _product, is_measure

_I = re.IGNORECASE
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_CUE = (r"\b(?:user(?:\s*name)?|user\s*id|login\s+(?:name|id|e-?mail)|account(?:\s+name)?|acct|handle|apple\s+id|"
        r"e-?mail(?:\s+address)?|gamertag)(?:\s+(?:is|was))?\s*[:=]?|"
        r"(?:用户名|用户|账号|帐号|账户名|登录名|登录账号|邮箱|微信号|QQ号|(?-i:Apple\s*ID))\s*(?:是|为|[:：=])?")
_USER_BEFORE = re.compile(rf"(?:{_CUE})\s*[\"'“‘「]?$", _I)
# "the one for my Steam account is dragonmilk_3301": what one uses for an account, not the account's name
_FOR_ACCOUNT = re.compile(r"\b(?:for|to|into|on|in|with)\s+(?:[\w'-]+\s+){0,3}(?:account|acct)(?:\s+(?:is|was))?\s*[:=]?\s*[\"'“‘]?$", _I)
_LOGIN_BEFORE = re.compile(r"\blog-?in(?:\s+(?:is|was))?\s*[:=]?\s*[\"'“‘「]?$", _I)
_PASSWORD_APART = re.compile(r"\b(?:password|passcode|pw|pwd|pass)\b|密码|口令", _I)
# a user name, then a comma or slash, then (maybe named) the password: "用户名admin，hunter2-XY", "user ops / Lv-Cha7x"
_AFTER_USER = re.compile(
    rf"(?:{_CUE})\s*[\"'“]?(?P<u>[^\s,，/／;；。\"'”]{{1,40}})[\"'”]?\s*(?:[,，/／]|\s+/\s+)\s*"
    r"(?:(?:密码|口令|pw|pwd|pass(?:word)?)\s*(?:is\b|是|为|[:：=])?\s*)?[\"'“]?"
    r"(?P<v>[A-Za-z0-9!@#$%^&*_+=~.?-]{6,})(?![A-Za-z0-9!@#$%^&*_+=~-])", _I)

# a login given as "user / password" after its name, the password a plain word: "the login for the shared drive is
# marketing / summertime", "共享盘的登录是 marketing / summertime" (not "the login is slow / broken": states)
_LOGIN_PAIR = re.compile(
    r"(?:\b(?:log[- ]?ins?|sign[- ]?ins?|creds?|credentials)(?:\s+(?:for|to|on|of)\s+(?:the\s+|my\s+|our\s+)?(?:[\w'-]+\s+){0,2}?[\w'-]+)?"
    r"(?:\s+(?:is|are|was|were|with|as)|\s*[:=])|(?:登录|登陆|账密|账号密码|登录信息)(?:信息)?\s*(?:是|为|[:：]|用))"
    r"\s*[\"'“]?(?P<u>[\w.@+-]{2,40})[\"'”]?\s*[/／]\s*[\"'“]?(?P<v>[A-Za-z][A-Za-z'-]{3,30})[\"'”]?(?=\s*(?:$|[,;.!?，。；！？)]|\s))", _I)
_STATE = re.compile(r"(?:broken|slow|down|flaky|fine|ok|okay|weird|working|confusing|ugly|annoying|new|old|different|separate|"
                    r"same|shared|mine|yours|easy|hard|simple|fast|secure|insecure|good|bad|great|terrible|long|short|required|"
                    r"optional|enabled|disabled|on|off|yes|no|email|e-mail|phone|sso|okta|saml|ldap|google|apple|github|microsoft|"
                    r"user(?:name)?|pass(?:word)?|pwd|name|login|id|anonymous|none|n/a)$", _I)


def find_login_pairs(text: str) -> list[Finding]:
    """A plain-word password after a login's name and a user name and a slash."""
    from .credentials import _EN_NON_VALUE

    out = []
    for m in _LOGIN_PAIR.finditer(text or ""):
        user, value = m.group("u"), m.group("v")
        if _STATE.match(user) or re.fullmatch(r"\w+(?:ly|ed)", user) or _STATE.match(value) or value.casefold() in _EN_NON_VALUE \
                or value.casefold() in ("admin", "guest", "root", "test", "demo"):  # "admin / admin": a default, the docs
            continue
        out.append(Finding("password", "secret", m.start("v"), m.end("v"), value))
    return out


def user_name(token: str, before: str, after: str = "") -> bool:
    """Whether `token`, said after `before` (and before `after`, the rest of its sentence), names who logs in."""
    if EMAIL.fullmatch(token.rstrip(".,!?")):
        return True
    if _USER_BEFORE.search(before) and not _FOR_ACCOUNT.search(before):
        return True
    return bool(_LOGIN_BEFORE.search(before) and _PASSWORD_APART.search(re.split(r"[.!?。！？\n]", after)[0]))


def find_after_user_name(text: str) -> list[Finding]:
    """Passwords said right after a user name and a comma or slash, or after a login's name as "user / word"."""
    found = find_login_pairs(text)
    for m in _AFTER_USER.finditer(text):
        value = m.group("v").rstrip(".?!")
        if (len(value) >= 6 and _credential_shaped(value) and not _product(value) and not is_measure(value)
                and not EMAIL.fullmatch(value) and not re.fullmatch(r"[\d.:/-]+", value)):
            found.append(Finding("password", "secret", m.start("v"), m.start("v") + len(value), value))
    return found
