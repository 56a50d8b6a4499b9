"""Credentials by shape (cloud keys, tokens, private keys, URLs with a password) and by phrasing (en + zh)."""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Literal

_I = re.IGNORECASE


@dataclass(frozen=True)
class Finding:
    """One credential or identifier found in a text: what it is and where (`text[start:end]` is `value`)."""

    kind: str
    category: Literal["secret", "pii"]
    start: int
    end: int
    value: str


# ---- secrets by shape ---------------------------------------------------------------------------
_B = r"(?<![A-Za-z0-9_])"  # no word character before
_E = r"(?![A-Za-z0-9_])"
_SHAPES: list[tuple[str, re.Pattern[str]]] = [
    ("private key", re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END [A-Z0-9 ]*-----|$)", re.S)),
    ("private key", re.compile(r"\bMII[A-Za-z0-9+/]{40,}={0,2}")),  # DER key body without its PEM header
    ("aws access key", re.compile(rf"{_B}(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{{16}}{_E}")),
    ("aliyun access key", re.compile(rf"{_B}LTAI[A-Za-z0-9]{{12,30}}{_E}")),
    ("github token", re.compile(rf"{_B}(?:gh[pousr]_[A-Za-z0-9]{{20,}}|github_pat_[A-Za-z0-9_]{{20,}})")),
    ("gitlab token", re.compile(rf"{_B}(?:glpat|gldt|glrt|glptt|glsoat)-[A-Za-z0-9_-]{{16,}}")),
    ("stripe key", re.compile(rf"{_B}(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{{10,}}")),
    ("api key", re.compile(rf"{_B}sk-(?:ant-(?:api\d\d-)?|proj-|live-|test-|or-v1-)?[A-Za-z0-9_-]{{16,}}")),
    ("hugging face token", re.compile(rf"{_B}hf_[A-Za-z0-9]{{20,}}")),
    ("npm token", re.compile(rf"{_B}npm_[A-Za-z0-9]{{30,}}")),
    ("pypi token", re.compile(rf"{_B}pypi-[A-Za-z0-9_-]{{40,}}")),
    ("sendgrid key", re.compile(rf"{_B}SG\.[A-Za-z0-9_-]{{16,}}\.[A-Za-z0-9_-]{{16,}}")),
    ("slack token", re.compile(rf"{_B}xox[abposr]-[A-Za-z0-9-]{{10,}}")),
    ("webhook url", re.compile(r"https://(?:hooks\.slack\.com/services|discord(?:app)?\.com/api/webhooks)/\S+", _I)),
    ("google api key", re.compile(rf"{_B}AIza[0-9A-Za-z_-]{{30,}}")),
    ("shopify token", re.compile(rf"{_B}shp(?:at|ss|ca|pa)_[A-Fa-f0-9]{{32}}")),
    ("mailgun key", re.compile(rf"{_B}key-[0-9a-z]{{32}}{_E}")),
    ("twilio key", re.compile(rf"{_B}SK[0-9a-f]{{32}}{_E}")),
    ("digitalocean token", re.compile(rf"{_B}do[opr]_v1_[a-f0-9]{{64}}")),
    ("telegram bot token", re.compile(rf"{_B}\d{{8,10}}:AA[A-Za-z0-9_-]{{30,}}")),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+")),
    ("bearer token", re.compile(r"\bbearer\s+[A-Za-z0-9._~+/=-]{16,}", _I)),
    ("connection string key", re.compile(r"\b(?:AccountKey|SharedAccessKey|SharedAccessSignature|sig|Password|Pwd)"
                                         r"=[^;&\s]{6,}", _I)),
]
# a URL carrying a password: scheme://user:PASSWORD@host (also redis://:PASSWORD@host)
_URL_PASSWORD = re.compile(r"\b[a-z][a-z0-9+.-]{1,20}://[^\s/:@]*:(?P<v>[^\s/@]{1,200})@[^\s/]+", _I)
_CLI_PASSWORD = re.compile(r"(?:\bmysql\b|\bmysqldump\b|\bpsql\b|\bmongo(?:sh)?\b)[^\n]{0,80}?\s-p(?P<v>[^\s-][^\s]{3,})|"
                           r"--password[= ](?P<w>\S{4,})", _I)
_ENV_SECRET = re.compile(r"\b[A-Z0-9_]*(?:PASSWORD|PASSWD|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY)[A-Z0-9_]*"
                         r"(?:\s*[=:]|\s+is)\s*[\"']?(?P<v>[^\s\"']{4,})")
# a snake_case credential field with a value: "private_key_id 9a8b…", "client_secret: x9…"
_FIELD_SECRET = re.compile(r"\b(?P<k>[a-z0-9]*_[a-z0-9_]*|[a-z]+[A-Z][A-Za-z]*)(?<=[a-z0-9_])\s*(?:[=:]|\s+is|\s)\s*[\"']?(?P<v>[^\s\"',;]{8,})")
_FIELD_WORDS = re.compile(r"password|passwd|secret|token|api_?key|apikey|access_?key|private_?key|credential", re.I)
_AWS_SECRET = re.compile(r"(?<![A-Za-z0-9/+=])(?P<v>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])")
_HIGH_ENTROPY = re.compile(r"(?<![A-Za-z0-9_+/=-])(?P<v>[A-Za-z0-9_+/=-]{28,})(?![A-Za-z0-9_+/=-])")
_SEED = re.compile(r"\b(?:seed|recovery|mnemonic|backup)\s+(?:phrase|words|codes?)\b|助记词|恢复短语|备用码|恢复码", _I)


def _entropy(s: str) -> float:
    n = len(s)
    return -sum(c / n * math.log2(c / n) for c in Counter(s).values())


def _looks_random(token: str) -> bool:
    """A long token mixing cases and digits with high character entropy (not hex, not a UUID)."""
    if re.fullmatch(r"[0-9a-fA-F-]+", token) or re.fullmatch(r"[a-z_-]+|[A-Z_-]+", token):
        return False
    upper, lower, digit = (sum(f(c) for c in token) for f in (str.isupper, str.islower, str.isdigit))
    return upper >= 2 and lower >= 2 and digit >= 2 and _entropy(token) >= 3.7


# ---- secrets by phrasing ------------------------------------------------------------------------
_EN_WORD = (
    r"pass(?:word|wd|code|phrase)s?|pwd|pw|pin(?:\s+(?:code|number))?|"
    r"(?:client\s+|app\s+|api\s+|shared\s+)?secret(?:\s+(?:access\s+)?key)?|api\s*key|access\s*key(?:\s+(?:id|secret))?|"
    r"(?:auth|access|refresh|api|bot|personal\s+access|session)\s+token|token|private\s+key|credentials?|"
    r"(?:door|gate|alarm|entry|lock|security|safe|garage|unlock|verification|2fa|otp|one[- ]time)\s+code|"
    r"combination|cvv|cvc|otp|pass(?!\s*-)"
)
_EN_NOT_CREDENTIAL = (  # words that make the credential word a modifier of something else
    r"manager|managers|policy|policies|rules?|field|fields|reset|resets|hash(?:es|ing)?|strength|length|"
    r"requirements?|limits?|budget|counts?|usage|expiry|rotation|vault|generator|prompt|protected|based|"
    r"authentication|auth|cryptography|storage|hygiene|complexity|change|recovery\s+email|input|box|"
    r"window|page|screen|form|sharing|leak|breach|management|type|format|encoding|flow|endpoint|economy"
)
_EN_LINK = r"(?:'s|’s|\s+is|\s+was|\s+are|\s+is\s+now|\s+now\s+is|\s+reads|\s+=|\s*:|\s*=|\s+set\s+to|\s+changed\s+to|" \
           r"\s+updated\s+to|\s+became|\s*,\s*(?:it'?s|it\s+is|which\s+is|is)|\s+-+>?|\s*→)"
_EN_PREP = r"(?:\s+(?:for|at|of|on|to|in|from)\s+(?:the\s+|my\s+|our\s+|this\s+|that\s+|your\s+|his\s+|her\s+)?[\w.-]+(?:\s+[\w.-]+)?)?"
_EN_NON_VALUE = frozenset(
    """a an the not required needed optional stored hashed encrypted managed kept saved written in on at too very
    strong weak long short secure insecure complex simple easy hard expired wrong same different changed reset
    case-sensitive mandatory supposed still always never usually also just what where when how which who why
    there here it this that these those mine yours ours something nothing anything empty blank missing valid
    invalid unknown known and or but with without ok fine good bad rotated set unset my your our their his her
    important sensitive private secret confidential for to of by from as if so like""".split()
)
_EN_PHRASE = re.compile(
    rf"\b(?P<w>{_EN_WORD})\b(?!\s+(?:{_EN_NOT_CREDENTIAL})\b)(?!-)"
    rf"{_EN_PREP}{_EN_LINK}\s*[\"'“‘]?(?P<v>[^\s\"'”’,;]*[^\s\"'”’,;.!?](?:\s+[^\s\"'”’,;.!?]+){{0,11}})",
    _I,
)
# a credential word followed closely by a value that can only be a typed credential: "wifi key Mossy#Trail88"
_NEAR_VALUE = re.compile(rf"\b(?P<w>key|password|passcode|pw|secret|token)\b(?!\s+(?:{_EN_NOT_CREDENTIAL})\b)"
                         r"[^.!?\n]{0,16}?\s(?P<v>[^\s,;]{8,})", re.I)
_EN_AS_PASSWORD = re.compile(
    r"\b(?:use|used|using|with|have|set)\s+[\"'“]?(?P<v>\S{4,})[\"'”]?\s+as\s+(?:my|the|our|a|his|her)\s+"
    rf"(?:\w+\s+)?(?:password|passcode|passphrase|pin|pw)\b(?!\s+(?:{_EN_NOT_CREDENTIAL})\b)", _I)
# "I changed my password to X", "reset the wifi password to X"
_EN_CHANGED_TO = re.compile(
    r"\b(?:chang|set|reset|updat|switch|mov)(?:e|ed|ing|s)?\s+(?:my|the|our|his|her|its)\s+(?:[\w-]+\s+){0,2}"
    r"(?:password|passcode|passphrase|pin|pw)\s+(?:to|as|into)\s+[\"'“]?(?P<v>[^\s\"'”,;]*[^\s\"'”,;.!?])", _I)
# "my login is jdoe / Autumn!Leaves7", "credentials: admin, Adm1n!"
_EN_LOGIN_PAIR = re.compile(
    r"\b(?:log\s?in|sign[- ]?in|credentials?|account)\b[^.\n]{0,20}?(?:\s+is|\s*:|\s+=)\s*\S+\s*(?:/|,|\band\b)\s*"
    r"[\"'“]?(?P<v>[^\s\"'”,;]*[^\s\"'”,;.!?])", _I)
_ZH_WORD = r"密码|口令|密钥|秘钥|私钥|令牌|验证码|助记词|安全码|授权码|动态码|提取码|pin\s*码|暗号|登录码"
_ZH_NOT_CREDENTIAL = r"学|管理|策略|规则|长度|强度|框|提示|生成|保护|器|箱|机|锁|本|条|体系|算法|规范|要求|复杂度|设计|重置"
_ZH_LINK = r"(?:\s*(?:就|也|都|还|则)?\s*(?:是|为|：|:|=|改成了?|改为|改到|换成了?|设成了?|设为|设置为|设置成|设定为|叫|是这个|如下)|\s*[，,]\s*(?:是|为)|\s+|(?=[A-Za-z0-9!@#$%^&*]))"
_ZH_PHRASE = re.compile(
    rf"(?P<w>{_ZH_WORD})(?!{_ZH_NOT_CREDENTIAL})(?:[\u4e00-\u9fff]{{0,2}}(?:{_ZH_LINK}))\s*[\"'“‘「]?"
    rf"(?P<v>[^\s，,。；;！？!?、」”]{{2,}}(?:\s+[A-Za-z0-9][^\s，,。；;！？!?、」”]*){{0,11}})",
    _I,
)
_MIXED_PHRASE = re.compile(  # an English credential word with a Chinese link: "我的 token 是 X"
    r"\b(?P<w>tokens?|pass(?:word|wd|code|phrase)|pwd|secret(?:\s*key)?|api\s*key|access\s*key(?:\s*(?:id|secret))?|"
    r"pin)\s*(?:就|也)?(?:是|为|：|改成了?|改为|设成了?|设为|设置为|设置成)\s*[\"'“‘「]?(?P<v>[^\s，,。；;！？!?、」”]{2,})",
    _I,
)


# a wireless network's key: "my wifi is HomeNet and the key is abc12345", "the key for the wifi: x9…",
# "家里wifi是 abc12345", "手机热点 hotspot2024" (a bare token after the network word is its key in zh)
_EN_NET = r"(?:wi-?fi|wlan|wireless|hot\s?spot|router)"
_EN_NET_KEY = r"(?:(?:network|security|wpa2?|wpa3)\s+)?(?:key|pass(?:word|phrase|code)?|psk|pw|code)"
_EN_NET_LINK = r"(?:\s+is|\s+was|\s*:|\s*=|\s*,\s*(?:it'?s|it\s+is|which\s+is)|\s+-+>?)"
_EN_WIFI_KEY = re.compile(
    rf"\b{_EN_NET}\b[^.!?\n]{{0,60}}?\b(?P<w>{_EN_NET_KEY})\b"
    rf"(?:\s+(?:for|of|to|at|on)\s+[\w' -]{{1,30}}?)?{_EN_NET_LINK}\s*[\"'“]?(?P<v>[^\s\"'”,;]+)|"
    rf"\b(?P<w2>key|pass(?:word|phrase|code)?)\s+(?:for|of|to|on)\s+(?:the\s+|my\s+|our\s+|this\s+)?(?:[\w-]+\s+)?"
    rf"{_EN_NET}\b(?:\s+[\w-]+)?{_EN_NET_LINK}\s*[\"'“]?(?P<v2>[^\s\"'”,;]+)", _I)
_ZH_NET = r"(?:wi-?fi|wlan|无线网?络?|热点|路由器?)"
_ZH_NET_NOT_KEY = r"名|叫|号|型|牌|速|信号|带宽|频|流量|套餐|账|用户|费|覆盖|范围|距离|速度|延迟"
_ZH_WIFI_KEY = re.compile(
    rf"{_ZH_NET}(?P<mid>[\u4e00-\u9fff]{{0,6}}?)\s*(?:是|为|：|:|=|改成了?|改为|换成了?|设成了?|设为|设置为|设置成)?\s*"
    r"[\"'“‘「]?(?P<v>[A-Za-z0-9!@#$%^&*_+=~.-]{6,})(?![A-Za-z0-9])", _I)
_UNIT = re.compile(r"\d+(?:\.\d+)?(?:[kmg]bps|[kmgt]b|[kmg]hz|[kmg]|%|ms|dbm?)", _I)


def _wifi_keys(text: str) -> list[tuple[re.Match[str], str]]:
    """(match, value group) of every wireless-network key in `text`."""
    out = []
    for m in _EN_WIFI_KEY.finditer(text):
        group = "v" if m.group("v") is not None else "v2"
        value = m.group(group).rstrip(".!?")
        if value.casefold() not in _EN_NON_VALUE and _credential_shaped(value):
            out.append((m, group))
    for m in _ZH_WIFI_KEY.finditer(text):
        value = m.group("v").rstrip(".")
        if re.search(_ZH_NET_NOT_KEY, m.group("mid")) or _UNIT.fullmatch(value) or not re.search(r"\d", value):
            continue
        out.append((m, "v"))
    return out


def _en_value_ok(word: str, value: str) -> bool:
    first = value.split()[0].strip(".!?").casefold() if value.split() else ""
    if not first or first in _EN_NON_VALUE:
        return False
    needs_digit = re.match(r"pin|.*code|cvv|cvc|otp|combination", word, _I)
    if needs_digit and not re.search(r"\d", value.split()[0]):
        return False
    if word.casefold() in ("pw", "token", "credentials", "credential") and len(first) < 6:
        return False  # "pw: ok", "the token is short" — a bare short word is not a credential
    if re.fullmatch(r"(?:\w+\s+)*(?:secret|token|pass|key|combination)", word, _I) and not _credential_shaped(first):
        return False  # "the secret to good coffee is fresh beans": a common noun needs a value that looks like one
    return True


def _strongly_shaped(value: str) -> bool:
    """Letters and digits and (a symbol or mixed case): "Mossy#Trail88", not "tomorrow" or "2026-12-01"."""
    letters, digits = any(c.isalpha() for c in value), any(c.isdigit() for c in value)
    symbol = bool(re.search(r"[!@#$%^&*_+=~|?]", value))
    mixed = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return letters and digits and (symbol or mixed) and not re.fullmatch(r"[0-9a-f-]+|https?://\S+", value)


def _credential_shaped(value: str) -> bool:
    """Holds a digit or a symbol, or is long and mixes cases: what a typed credential looks like."""
    return bool(re.search(r"[\d!@#$%^&*_+=~|<>?/\\-]", value)) or (
        len(value) >= 12 and any(c.isupper() for c in value) and any(c.islower() for c in value))


def find_secrets(text: str) -> list[Finding]:
    """Every credential in `text`, by shape and by phrasing (en + zh), in order of position."""
    if not isinstance(text, str) or not text:
        return []
    text = text.replace("\u2019", "'")
    found: list[Finding] = []

    def add(kind: str, m: re.Match[str], group: str | int = 0) -> None:
        if m.group(group) is None:
            return
        start, end = m.span(group)
        value = text[start:end].rstrip(".,;:!?。，；：！？)）]")
        if value.strip():
            found.append(Finding(kind, "secret", start, start + len(value), value))

    for kind, pattern in _SHAPES:
        for m in pattern.finditer(text):
            add(kind, m)
    for m in _URL_PASSWORD.finditer(text):
        add("url with password", m, "v")
    for m in _CLI_PASSWORD.finditer(text):
        add("password", m, "v" if m.group("v") else "w")
    for m in _ENV_SECRET.finditer(text):
        add("credential", m, "v")
    for m in _FIELD_SECRET.finditer(text):
        if _FIELD_WORDS.search(m.group("k")) and _credential_shaped(m.group("v")):
            add("credential", m, "v")
    for m in _NEAR_VALUE.finditer(text):
        if _strongly_shaped(m.group("v").rstrip(".!?")):
            add("password" if m.group("w").casefold().startswith("pass") else m.group("w").casefold(), m, "v")
    for m in _AWS_SECRET.finditer(text):
        token = m.group("v")
        if any(c.isupper() for c in token) and any(c.islower() for c in token) and not re.fullmatch(r"[0-9a-fA-F]+", token) \
                and (any(c.isdigit() for c in token) or "/" in token or "+" in token) and _entropy(token) >= 3.7:
            add("aws secret key", m, "v")
    for m in _HIGH_ENTROPY.finditer(text):
        if _looks_random(m.group("v")):
            add("random-looking token", m, "v")
    for m in _EN_PHRASE.finditer(text):
        word, value = m.group("w"), m.group("v")
        if _en_value_ok(word, value):
            kind = "password" if word.casefold().startswith(("pass", "pw")) else re.sub(r"\s+", " ", word.casefold())
            if "phrase" in word.casefold():  # a passphrase has spaces: the rest of the clause is its value
                add(kind, m, "v")
            else:
                start = m.start("v")
                found.append(Finding(kind, "secret", start, start + len(value.split()[0]), value.split()[0]))
    for m in _EN_AS_PASSWORD.finditer(text):
        add("password", m, "v")
    for m in _EN_CHANGED_TO.finditer(text):
        add("password", m, "v")
    for m in _EN_LOGIN_PAIR.finditer(text):
        if _credential_shaped(m.group("v")):
            add("password", m, "v")
    for m in _ZH_PHRASE.finditer(text):
        add("密码" if m.group("w") in ("密码", "口令") else m.group("w"), m, "v")
    for m in _MIXED_PHRASE.finditer(text):
        add("password" if m.group("w").casefold().startswith("pass") else m.group("w").casefold(), m, "v")
    for m, group in _wifi_keys(text):
        add("wifi key", m, group)
    for m in _SEED.finditer(text):
        rest = re.match(r"[^。.!?！？\n]*", text[m.end():])
        span_end = m.end() + (rest.end() if rest else 0)
        if span_end > m.end() + 3:
            found.append(Finding("seed phrase", "secret", m.end(), span_end, text[m.end():span_end].strip()))
    return _dedupe(found)


def _dedupe(found: list[Finding]) -> list[Finding]:
    out: list[Finding] = []
    for f in sorted(found, key=lambda f: (f.start, -(f.end - f.start))):
        if out and f.start < out[-1].end:  # overlapping: keep the wider span
            last = out[-1]
            if f.end > last.end:
                out[-1] = Finding(last.kind, last.category, last.start, f.end, last.value + f.value[last.end - f.start:])
            continue
        out.append(f)
    return out


def find_secret(text: str) -> str | None:
    """The kind of the first credential in `text` ("aws access key", "password", "密码", …), or None."""
    found = find_secrets(text)
    return found[0].kind if found else None
