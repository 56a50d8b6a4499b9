"""Secrets framed by what surrounds them, with no credential word right before the value (en + zh).

- an account's id, then a slash and a typed value: "my apple id: jess.t@icloud.com / Harbour77lights",
  "账号 zhangsan / Zs_2024!" — the pair a login form asks for;
- a value one uses or types to get on a network: "we use oceanbreeze77 for the guest network",
  "客人连 wifi 就输 oceanbreeze77";
- a code sent by text to confirm or sign in: "got 403921 from my bank by sms to confirm a payment",
  "银行发短信 403921 让我确认付款";
- the value first, then what it is: "7731 — that's the code for the bike shed".
"""

from __future__ import annotations

import re

from .credentials import Finding, _credential_shaped, _product, is_measure

_I = re.IGNORECASE
_VALUE = r"[\"'“‘「]?(?P<v>[^\s\"'”’」,，;；。]{4,60})"

# ---- an account's id and a value after a slash ----------------------------------------------------------
_ID_WORD = (r"\b(?:(?:apple|google|microsoft|icloud|user|login|account|steam|epic|sony|psn)\s*id|user\s*name|username|"
            r"user|login|log-?in|account|e-?mail(?:\s+address)?)\b|账号|帐号|账户|帐户|用户名|登录名|苹果\s*ID|Apple\s*ID")
# an address starts where its run starts (the lookbehinds): tried from inside "y" × 20,000 it re-read the run from
# each of its positions (quadratic: 5.8 s at 10,000)
_ID_SLASH = re.compile(
    rf"(?:(?:{_ID_WORD})\s*(?:is|[:：=]|是)?\s*(?P<id>[^\s/／,，;；]{{2,60}})|(?<![\w.+-])(?P<mail>[\w.+-]+@[\w-]+(?:\.[\w-]+)+))"
    rf"\s*(?:/|／|\|)\s*{_VALUE}|"
    # an address then, after a comma, the value it logs in with: "sister's hulu: amy.r@gmail.com, hulu4amy!"
    rf"(?<![\w.+-])(?P<mail2>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)\s*(?:[,，]|\band\b|\bwith\b|和|跟|加)\s*(?:(?:pw|pwd|pass(?:word)?|密码)\s*[:：]?\s*)?"
    r"[\"'“‘「]?(?P<w>[^\s\"'”’」,，;；。]{4,60})", _I)


def _typed(value: str) -> bool:
    """Letters with a digit or a symbol (or mixed case), typed on purpose: never an address, a handle, a product or a measure."""
    value = value.rstrip(".!?")
    mixed = any(c.isupper() for c in value) and any(c.islower() for c in value) and len(value) >= 8
    return (len(value) >= 6 and bool(re.search(r"[A-Za-z]", value)) and _credential_shaped(value)
            and bool(re.search(r"[\d!@#$%^&*+=~?]", value) or mixed)  # "eng-platform" is a name, "Sunflower_09" a value
            and "@" not in value and "://" not in value and not value.startswith(("#", "/"))
            and not _product(value) and not is_measure(value) and not re.fullmatch(r"[\d.:/-]+[A-Za-z]?", value))


# ---- a value used to get on a network ---------------------------------------------------------------------
_NET = r"(?:wi-?fi|network|wlan|hot\s?spot)"  # not "on the router": firmware runs there
_NET_USE = re.compile(
    rf"\b(?:use|uses|using|used|type|types|typed|enter|enters|entered|put\s+in)\s+{_VALUE}[\"'”’」]?\s+"
    rf"(?:for|to\s+(?:get\s+on(?:to)?|join|connect\s+to|log\s*into))\s+(?:the\s+|my\s+|our\s+|your\s+|their\s+)?"
    rf"(?:[\w-]+\s+){{0,2}}?{_NET}\b|"
    r"(?:wi-?fi|wlan|热点|无线网?络?|访客网络|网络)[^。！？，,\n]{0,8}?(?:就|都|要|得)?(?:输入?|打|填|用)(?:的是)?\s*"
    r"[\"'“‘「]?(?P<z>[A-Za-z0-9!@#$%^&*_+=~.-]{6,40})", _I)

# ---- a code sent by text to confirm or sign in ----------------------------------------------------------
_TEXTED = re.compile(r"\b(?:sms|texts?|texted|text\s+messages?|imessage|whatsapp)\b|短信|短讯", _I)
_PURPOSE = re.compile(r"\b(?:confirm\w*|verif\w*|approv\w*|authori[sz]\w*|log\s*in|sign\s*in|one[- ]time|2fa|mfa)\b|"
                      r"确认|验证|登录|登陆|授权|支付|付款|转账|解绑|绑定", _I)
_CODE = re.compile(r"(?<![\w.#/:$¥￥-])(?P<v>\d{4,8}|\d{2,4}(?: \d{2,4}){1,3})(?![\w.:/%-]| ?(?:元|块|美元|dollars?|usd|rmb|yuan|年|月|日|号|点|次))", _I)
# the code handed over right before it: "got 403921", "the sms said 5523", "短信 403921", "发来的是 5523"
_HANDED = re.compile(r"(?:\b(?:got|get|gets|received?|sent(?:\s+me)?|texted(?:\s+me)?|said|says|reads?|codes?|is|was|were)|"
                     r"收到(?:了|的是)?|发来(?:了|的是)?|发了|是|短信|短讯|[:：=])\s*$", _I)
_NOT_CODE_BEFORE = re.compile(r"(?:\b(?:from|by|call(?:ed)?|dial(?:ed)?|number|no\.?|ending(?:\s+in)?|ends?\s+(?:in|with)|last|"
                              r"order|tracking|ref(?:erence)?|account|card|in|on|at|of|over|about|around|was|were)|尾号|末四位|后四位|"
                              r"号码|电话|单号|订单|快递|编号|账号|卡号|金额|消费|余额|[$¥￥#])\s*$", _I)


def _texted_codes(sentence: str, offset: int) -> list[Finding]:
    if not (_TEXTED.search(sentence) and _PURPOSE.search(sentence)):
        return []
    out = []
    for m in _CODE.finditer(sentence):
        value = m.group("v")
        before = sentence[max(0, m.start() - 14):m.start()]
        if re.fullmatch(r"(?:19|20)\d\d", value) or _NOT_CODE_BEFORE.search(before) or not _HANDED.search(before):
            continue
        out.append(Finding("one-time code", "secret", offset + m.start("v"), offset + m.end("v"), value))
    return out


# ---- the value first, then what it is -------------------------------------------------------------------
# "7731 — that's the code for the bike shed", "Tiger!Lily42. That's my yahoo password" (zh has its own rule)
_VALUE_FIRST = re.compile(
    r"(?<![\w!@#$%^&*.-])(?P<v>\d{4,8}[#*]?|[A-Za-z0-9!@#$%^&*_+=~.-]{6,40})[\"'”]?\s*(?:—|–|-{1,2}|,|:|\.|;)?\s*"
    r"(?:that'?s|that\s+is|it'?s|this\s+is|which\s+is|is)\s+(?:the|my|our|his|her|their|your)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:code|pin|password|passcode|passphrase|pw|combo|combination)\b(?!\s+(?:manager|policy|rules?|reset|field|length|hint)s?\b)", _I)


def _first_values(text: str) -> list[Finding]:
    out = []
    for m in _VALUE_FIRST.finditer(text):
        value = m.group("v").rstrip(".")
        if re.fullmatch(r"\d{4,8}[#*]?", value) and not re.fullmatch(r"(?:19|20)\d\d", value) or _typed(value):
            out.append(Finding("password", "secret", m.start("v"), m.start("v") + len(value), value))
    return out


_SENTENCE = re.compile(r"(?:[^.!?。！？\n;；]|[.!?;](?!\s|$))+(?:[.!?;]+(?=\s|$)|[。！？\n；]+|$)")


def find_framed(text: str) -> list[Finding]:
    """Secrets framed by an account id and a slash, a network one uses, or a text sent to confirm.

    Example:
        >>> [f.value for f in find_framed("my apple id: jess.t@icloud.com / Harbour77lights")]
        ['Harbour77lights']
        >>> [f.value for f in find_framed("we use oceanbreeze77 for the guest network")]
        ['oceanbreeze77']
        >>> [f.value for f in find_framed("got 403921 from my bank by sms to confirm a payment")]
        ['403921']
        >>> find_framed("email me at ana@example.com / 555-0100, or use WPA3 for the home network")
        []
    """
    if not isinstance(text, str) or not text:
        return []
    found: list[Finding] = []
    for m in _ID_SLASH.finditer(text):
        group = "v" if m.group("v") is not None else "w"
        if _typed(m.group(group)):
            value = m.group(group).rstrip(".!?")
            found.append(Finding("password", "secret", m.start(group), m.start(group) + len(value), value))
    for m in _NET_USE.finditer(text):
        group = "v" if m.group("v") is not None else "z"
        value = m.group(group).rstrip(".!?")
        if _typed(value):
            found.append(Finding("wifi key", "secret", m.start(group), m.start(group) + len(value), value))
    for m in _SENTENCE.finditer(text):
        found += _texted_codes(m.group(0), m.start())
    return found + _first_values(text)
