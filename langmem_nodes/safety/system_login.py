"""A password-looking value the user says they use on a system ("I always use Hunter2-XY on staging",
"我在测试服上一直用 Tiger-88Q"): what they log in there with, a secret, though no credential word is said.

For a place one signs in to (an account, a portal, a site, an inbox) a lowercase value with two digits or a symbol
counts too ("I used letmein2024 for the school portal", "for the library account I used tigerlily88").

Otherwise only a value shaped like a typed password counts (a symbol, or upper- and lower-case letters with a digit, or a
common password however cased: "password123", "qwerty1234"), never a product and its version ("node-20", "pnpm9", "Python3.12", "Terraform1.5"): those are tools used on the system.

Example:
    >>> [f.value for f in find_system_logins("I always use Hunter2-XY on staging")]
    ['Hunter2-XY']
    >>> find_system_logins("I use node-20 on staging"), find_system_logins("I use pnpm9 on prod")
    ([], [])
"""

from __future__ import annotations

import re

from .credentials import Finding

_I = re.IGNORECASE
_TOKEN = r"(?P<v>[A-Za-z0-9!@#$%^&*_+=~.\-]{6,40})"
_SYSTEM_EN = (r"(?:the\s+|my\s+|our\s+|every\s+)?(?:staging|prod|production|pre-?prod|dev|qa|uat|test(?:ing)?\s+(?:server|env(?:ironment)?|box)|"
              r"servers?|box(?:es)?|vps|vpn|router|wi-?fi|db|database|admin(?:\s+(?:panel|page|console|account))?|ssh|"
              r"bastion|jump\s*(?:host|box)|nas|intranet|portal|jenkins|root(?:\s+account)?)\b")
_SYSTEM_ZH = (r"(?:测试服|测试环境|测试机|预发(?:环境)?|生产环境|正式环境|线上|服务器|堡垒机|跳板机|路由器|数据库|后台|管理后台|VPN|vpn|"
              r"staging|prod|root)")
_PATTERNS = [
    # "it's KestrelNest77 for the router": what is typed there, pointed at
    re.compile(rf"\b(?:use|uses|using|used|type|types|typed|enter|entered|it'?s|it\s+is|it\s+was)\s+[\"'“]?{_TOKEN}[\"'”]?\s+(?:on|for|at|in|to\s+(?:get\s+into|access))\s+"
               rf"{_SYSTEM_EN}", _I),
    re.compile(rf"\b(?:on|for)\s+{_SYSTEM_EN},?\s+(?:I|we)\s+(?:just\s+|always\s+|usually\s+)?(?:use|type)\s+[\"'“]?{_TOKEN}", _I),
    re.compile(rf"{_SYSTEM_ZH}\s*(?:上|里|那边)?[^。！？，,\n]{{0,6}}?(?:都|一直|总是|一般|就)?(?:用|输|输入|填)(?:的是|的)?\s*[\"'“‘「]?{_TOKEN}", _I),
]
# a place one signs in to, after up to two words that say whose or which: "the school portal", "my library account"
_ACCOUNT_PLACE = (r"(?:the\s+|my\s+|our\s+|his\s+|her\s+|their\s+)?(?:[\w'-]+\s+){0,2}?(?:account|acct|portal|login|log-?in|"
                  r"sign-?in|website|site|inbox|e-?mail|online\s+banking|banking\s+app|bank\s+app|member(?:s|ship)?\s+area)")
_END = r"(?=\s*(?:$|[,;.!?，。；！？)]|\s(?:and|but|so|too|as\s+well|is|was|lol|btw)\b))"
# a login value used for such a place, with two digits or a symbol though lowercase: "I used letmein2024 for the school portal"
_ACCOUNT_PATTERNS = [
    re.compile(rf"\b(?:use|uses|using|used|type|types|typed|enter|entered|chose|picked|set)\s+[\"'“]?{_TOKEN}[\"'”]?\s+(?:for|on|as|at|in|to)\s+"
               rf"(?:the\s+password\s+(?:for|on|to)\s+)?{_ACCOUNT_PLACE}{_END}", _I),
    re.compile(rf"\b(?:for|on)\s+{_ACCOUNT_PLACE},?\s+(?:I|we|he|she|they)\s+(?:just\s+|always\s+|usually\s+)?"
               rf"(?:use|used|type|typed|chose|picked|set|went\s+with)\s+[\"'“]?{_TOKEN}", _I),
]
_VERSIONED = re.compile(r"[A-Za-z]+[-_]?v?\d+(?:\.\d+)+")  # "Terraform1.5", "Python3.12"
# a value that is itself a common password: a password word (or a keyboard run) with digits or symbols,
# however it is cased ("password123", "Passw0rd!", "qwerty1234", "letmein2024", "admin123")
_COMMON_PASSWORD = re.compile(
    r"(?:p[a@]ss(?:w[o0]rd|wd)?|pwd|s[e3]cr[e3]t|l[e3]tm[e3]in|qwerty|asdf|admin|r[o0][o0]t|ch[a@]ng[e3]m[e3]|"
    r"w[e3]lc[o0]m[e3]|il[o0]v[e3]y[o0]u|trustn[o0]|abc)[\d!@#$%^&*_+=~.\-]*\d[\d!@#$%^&*_+=~.\-]*", re.I)


def password_shaped(token: str) -> bool:
    """Typed like a password: a symbol, or upper- and lower-case letters and a digit, or a common password
    ("password123"); no known product or version."""
    from .presented import _login_value  # presented builds on credentials, as this module does

    token = token.rstrip(".-")
    if _COMMON_PASSWORD.fullmatch(token):
        return True
    if not _login_value(token) or _VERSIONED.fullmatch(token):
        return False
    return bool(re.search(r"[!@#$%^&*_+=~]", token)) or (
        bool(re.search(r"[A-Z]", token)) and bool(re.search(r"[a-z]", token)) and bool(re.search(r"\d", token)))


def find_system_logins(text: str) -> list[Finding]:
    """Password-shaped values `text` says are used on a system (staging, prod, the VPN, 测试服, 服务器, …)."""
    out = []
    for pattern in _PATTERNS:
        for m in pattern.finditer(text or ""):
            value = m.group("v").rstrip(".-")
            if password_shaped(value):
                out.append(Finding("password", "secret", m.start("v"), m.start("v") + len(value), value))
    from .presented import _typed_value

    for pattern in _ACCOUNT_PATTERNS:
        for m in pattern.finditer(text or ""):
            value = m.group("v").rstrip(".-")
            if _typed_value(value) and not _VERSIONED.fullmatch(value) and not re.fullmatch(r"[A-Z]{1,4}-?\d+", value):
                out.append(Finding("password", "secret", m.start("v"), m.start("v") + len(value), value))
    return out


__all__ = ["find_system_logins", "password_shaped"]
