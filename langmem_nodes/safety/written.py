"""Secrets found by how they are written down, in parts (en + zh):

- a config line whose key names a credential last, in any case or joiner: `//registry.npmjs.org/:_authToken=7c1e…`,
  `auth-token: 9b2f…`, `spring.datasource.password=Tundra_Fox_19`;
- a cookie that keeps a login set to its value: `sessionid=7f3c9a1b…`, `PHPSESSID=…`, `connect.sid=s%3A…`;
- a `user:password` pair after a word for a login: "the htpasswd for /metrics is metrics:Pr0m-Sc4pe", `curl -u ops:…`;
- a login laid out on lines: an address alone on its line, the password alone on the next ("qq邮箱\\n29…@qq.com\\nXiaomao_88");
- a value in equal groups after a secret's name: "totp secret: NB2W 45DF OIZA 3LMN", "app password abcd efgh ijkl mnop";
- a value given as a correction: "oops, the real one is Fennel&Sage8", "不对，应该是 Xg93kLm 这个", and a bare code so
  given, whatever it opens: "sorry, typo — it's 4417 not 4471", "说错了，应该是 9 2 7 1";
- a value spelled one character at a time beside a secret's name: "the wifi pass spelled out is p-a-n-d-a-7-7-m-o-o-n";
- a code whose length was just said: "the app wants 4 digits, I went with 7340", "支付宝的那个六位数 3 8 1 9 0 2".
"""

from __future__ import annotations

import re

from .credentials import (
    Finding,
    _credential_shaped,
    _looks_random,
    _product,
    _strongly_shaped,
    named_not_typed,
)

_I = re.IGNORECASE

# a key's last part names a credential: "_authToken", "auth-token", "datasource.password", "clientSecret"
_CRED_LAST = r"(?:pass(?:word|wd)?|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|private[_-]?key|credentials?)"
_KEYED = re.compile(rf"(?<![\w.-])(?P<k>[A-Za-z_][\w.-]{{0,40}}?(?<![A-Za-z])(?:{_CRED_LAST})|[A-Za-z_][\w.-]{{0,40}}?[a-z](?-i:Token|Secret|Password|Passwd|Pwd))"
                    r"(?![A-Za-z])\s*[=:]\s*[\"']?(?P<v>[^\s\"'<>{}$,;，。；]{6,})", _I)
# a key named for what it lets in, set to a value with a digit: "webhook key=693a91f3-…", "bot key: 4b1e…" (not
# "the cache key=user_42", a key that names data)
_NAMED_KEY = re.compile(r"(?<![\w.-])(?:webhook|hook|bot|robot|app|api|access|secret|signing|license|licence|product|client|"
                        r"service|auth|integration|机器人)\s*[_.-]?\s*key\s*[=:：]\s*[\"']?(?P<v>[^\s\"'<>{}$,;，。；]{12,})", _I)
# a cookie that keeps a login, set to its value: "sessionid=7f3c…", "PHPSESSID=a8f2…", "connect.sid=s%3A…", "_session=…"
# (a Windows account's SID, "S-1-5-21-…", names an account and opens nothing)
_SESSION_KEY = re.compile(r"(?<![\w.-])(?:[A-Za-z]+[_.-]?)?(?:sess(?:ion)?[_.-]?id|sid|sess|session)(?![A-Za-z])\s*[=:]\s*[\"']?"
                          r"(?P<v>(?!S-1-)[^\s\"'<>{}$,;，。；]{16,})", _I)
_HEX_OR_UUID = re.compile(r"[0-9a-fA-F]{16,}|[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")

_LOGIN_WORD = r"(?:htpasswd|basic[- ]?auth|auth_basic|creds?|credentials?|log\s?ins?|sign[- ]?ins?|curl\s+(?:\S+\s+)*?-u|登录|登陆|账号密码)"
_USER_PASS = re.compile(rf"\b{_LOGIN_WORD}(?:\b|(?<=[\u4e00-\u9fff]))[^\n。！？]{{0,40}}?(?<![\w:/@.-])(?P<u>[\w.@-]{{2,40}}):(?P<v>[^\s:@/\"',;，。；]{{4,}})(?![\w:@/])", _I)

_ADDRESS_LINE = re.compile(r"^[ \t]*(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|1\d{10})[ \t]*\n[ \t]*(?P<v>[^\s]{6,40})[ \t]*$", re.M)
_MAIL_OR_LOGIN = re.compile(r"mail|login|log\s?in|sign\s?in|account|acct|邮箱|登录|登陆|账号|帐号|密码", _I)

_GROUP_CUE = re.compile(r"(?:pass(?:word|code)?|secret|(?:setup|totp|2fa|mfa|otp|license|licence|product|recovery)\s+key|"
                        r"key|code)\s*(?:is|was|:|=)?\s*|(?:密码|口令|密钥|秘钥|授权码|激活码|恢复码)\s*(?:是|为|：|:)?\s*", _I)
_GROUPS = re.compile(r"(?P<v>[A-Za-z0-9]{4}(?: [A-Za-z0-9]{4}){2,7})(?![A-Za-z0-9])")
_APP_PASSWORD = re.compile(r"\bapp(?:-specific)?\s+password|应用专用密码|授权码", _I)

_CORRECTION = re.compile(
    r"(?:\b(?:oops|sorry|scratch\s+that|correction|my\s+bad|typo|wait|no\s+wait|I\s+mean)\b[^.!?\n]{0,40}?"
    r"\b(?:the\s+(?:real|right|correct|actual|new)\s+one\s+is|it'?s\s+actually|actually\s+it'?s|it\s+should\s+be|should\s+be|"
    r"I\s+meant|it'?s|it\s+is|is)|"
    r"(?:不对|错了|打错了?|说错了?|写错了?|更正一下|纠正一下|搞错了)[^。！？\n]{0,20}?(?:应该是|其实是|实际是|正确的是|是|改成))"
    r"\s*[\"'“‘「]?(?P<v>[^\s\"'”’」，。；,;]{6,40})", _I)

# a bare code given as a correction, what it opens said before or never: "sorry, typo — it's 4417 not 4471", "wait no,
# it's 7 7 3 1", "不对，是 5830 不是 5380", "说错了，应该是 9 2 7 1" (nothing between the correction and its link: "sorry, the
# meeting is 1530" names what the number is; nor a number before it that a name says is no secret: "房租4500，啊不对，是5200")
_CODE = r"(?P<v>\d{4,8}(?![\d:.,/-]\d)|\d(?:[ -]\d){3,7}(?![\d]))"
_CORRECTED_CODE = re.compile(
    r"(?:\b(?:oops|sorry|typo|my\s+bad|correction|scratch\s+that|wait|no\s+wait)\b[\s,!.—–:-]*"
    r"(?:(?:no|sorry|typo|wait|oops|my\s+bad)\b[\s,!.—–:-]*)*"
    r"(?:it'?s|it\s+is|it\s+should\s+be|should\s+be|the\s+(?:real|right|correct|actual|new)\s+one\s+is|make\s+that|I\s+meant?)"
    r"\s+(?:actually\s+|really\s+)?|"
    r"(?:不对|错了|说错了?|打错了?|写错了?|记错了?|更正(?:一下)?|纠正(?:一下)?)[，,：:。\s]*(?:应该是|其实是|实际是|正确的是|是|改成)\s*)"
    + _CODE, _I)
_NOT_OTHER = re.compile(r"\s*[,，]?\s*(?:not|instead\s+of|不是)\s*\d")

_SPELLED = re.compile(r"(?<![\w-])(?P<v>[A-Za-z0-9](?P<sep>[- ])[A-Za-z0-9](?:(?P=sep)[A-Za-z0-9]){4,})(?![\w-])")
_SPELLED_CUE = re.compile(r"\b(?:pass(?:word|code|phrase)?|pwd|pw|pin|wi-?fi|key|secret|login)\b|密码|口令|无线|wifi", _I)
# a code read out with letters and digits after "code" ("the code they gave me is K 7 M 2 X 9"), unless the code is one
# that says which ("booking reference", "promo code", "postcode": anyone may read those out)
_CODE_CUE = re.compile(r"\bcodes?\b", _I)
_WHICH_CODE = re.compile(r"\b(?:promo|promotional|discount|voucher|coupon|booking|reference|ref|confirmation|post|zip|postal|"
                         r"area|country|product|tracking|order|error|status|exit|source|qr|bar|colou?r|dress|airport|airline|fare|"
                         r"class|tax|sort|swift|bic|iata|icao|course|module|station|stock|ticker|referral|invite|invitation)[\s-]*$", _I)
# after a value spelled with letters and digits, what it opens: "It's B-R-A-V-O-7-7 for the guest network"
_SPELLED_FOR = re.compile(r"\s+(?:is\s+)?(?:for|on|to)\s+(?:the\s+|my\s+|our\s+)?(?:[\w-]+\s+)?(?:network|wi-?fi|router|hotspot|"
                          r"login|account|vpn|laptop|phone|safe|alarm|door|gate)\b", _I)

# a network's key said after it changed: "our office wifi changed again, now it's wombat-lumber-62"
_NET_NOW = re.compile(r"\b(?:wi-?fi|wlan|hot\s?spot)\b[^.!?\n]{0,40}?\b(?:now\s+)?(?:it'?s|it\s+is)\s+[\"'“]?(?P<v>[^\s\"'”,;]{8,})", _I)

# a one-time-password seed in base32 beside its name: "TOTP seed (base32) for …: OBQXG43X…", "TOTP 种子：OBQX…"
_OTP_CUE = re.compile(r"\b(?:totp|hotp|otp|2fa|mfa|authenticator|two-factor)\b|验证器|两步验证|二次验证|动态口令", _I)
_BASE32 = re.compile(r"(?<![A-Za-z0-9])(?P<v>[A-Z2-7]{16,64}=*)(?![A-Za-z0-9])")

# a URL's query parameter named for a credential: "…/webhook/send?key=3f8a2c71-…", "robot/send?access_token=…"
_QUERY_SECRET = re.compile(r"[?&](?:key|token|access_?token|auth_?token|api_?key|apikey|secret|client_secret|sig|signature|sign|"
                           r"password|passwd|pwd|auth)=(?P<v>[^&\s#\"'<>，。；]{8,})", _I)

_DIGIT_COUNT = re.compile(r"\b(?P<n>[4-8]|four|five|six|seven|eight)[- ]digits?\b|(?P<z>[四五六七八4-8])\s*位(?:数字?|数)?", _I)
_CHOSE = re.compile(r"\b(?:went\s+with|picked|chose|set\s+it\s+to|made\s+it|used|typed)\s+(?P<v>\d{4,8})(?!\d)|"
                    r"(?:用了|设了|设成了?|选了|改成了?|输了)\s*(?P<w>\d{4,8})(?!\d)", _I)
_COUNT_WORDS = {"four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8}


def _typed_value(token: str, before: str = "") -> bool:
    """A value someone typed on purpose: shaped like a credential, not a product, a colour, a file or a link."""
    token = token.rstrip(".!?")
    if _product(token) or named_not_typed(token, before) or "://" in token or re.search(r"\.[A-Za-z]{2,4}$", token):
        return False
    key = re.fullmatch(r"[A-Z0-9]{3,6}(?:-[A-Z0-9]{3,6}){2,}", token)  # "QTR-4471-XKC7": a product key's groups
    return _strongly_shaped(token) or _looks_random(token) or bool(key and re.search(r"[A-Z]", token) and re.search(r"\d", token))


def _keyed(text: str) -> list[Finding]:
    out = []
    for m in _KEYED.finditer(text):
        v = m.group("v").rstrip(".!?")
        if _credential_shaped(v) or _HEX_OR_UUID.fullmatch(v) or _looks_random(v):
            out.append(Finding("credential", "secret", m.start("v"), m.start("v") + len(v), v))
    return out


def _session_cookies(text: str) -> list[Finding]:
    out = []
    for m in _SESSION_KEY.finditer(text):
        v = m.group("v").rstrip(".!?")
        worded = re.fullmatch(r"[a-z]+(?:[_-][a-z0-9]+)+", v, _I)  # "abandoned_cart_2024": a session's name, not its token
        if re.search(r"\d", v) and re.search(r"[A-Za-z]", v) and not worded and (
                _HEX_OR_UUID.fullmatch(v) or _looks_random(v) or _credential_shaped(v)):
            out.append(Finding("session cookie", "secret", m.start("v"), m.start("v") + len(v), v))
    return out


def _named_keys(text: str) -> list[Finding]:
    out = []
    for m in _NAMED_KEY.finditer(text):
        v = m.group("v").rstrip(".!?")
        mixed = re.search(r"[A-Z]", v) and re.search(r"[a-z]", v)  # "customer_id_2024_v2" names data
        grouped = re.fullmatch(r"[A-Z0-9]{4,6}(?:-[A-Z0-9]{4,6}){2,}", v)  # a licence key's groups
        if re.search(r"\d", v) and (_HEX_OR_UUID.fullmatch(v) or _looks_random(v) or mixed or grouped):
            out.append(Finding("credential", "secret", m.start("v"), m.start("v") + len(v), v))
    return out


def _user_pass(text: str) -> list[Finding]:
    out = []
    for m in _USER_PASS.finditer(text):
        v = m.group("v")
        if not v.isdigit() and (_credential_shaped(v) or v.startswith("$")):
            out.append(Finding("password", "secret", m.start("v"), m.end("v"), v))
    return out


def _address_lines(text: str) -> list[Finding]:
    out = []
    for m in _ADDRESS_LINE.finditer(text):
        v = m.group("v")
        if "@" in v or "://" in v or re.fullmatch(r"[\d\s()+-]+", v) and not (v.isdigit() and _MAIL_OR_LOGIN.search(text[:m.start()])):
            continue  # another address, a link or a phone number
        if v.isdigit() or _credential_shaped(v):
            out.append(Finding("password", "secret", m.start("v"), m.end("v"), v))
    return out


def _grouped(text: str) -> list[Finding]:
    out = []
    for cue in _GROUP_CUE.finditer(text):
        m = _GROUPS.match(text, cue.end())
        if not m:
            continue
        groups = m.group("v").split()
        marked = any(re.search(r"\d", g) for g in groups) or all(g.isupper() for g in groups)
        if marked or _APP_PASSWORD.search(text[max(0, cue.start() - 30):cue.end()]):
            out.append(Finding("credential", "secret", m.start("v"), m.end("v"), m.group("v")))
    return out


def _corrected(text: str) -> list[Finding]:
    out = []
    for m in _CORRECTION.finditer(text):
        v = m.group("v").rstrip(".!?")
        if _typed_value(v, text[max(0, m.start("v") - 30):m.start("v")]):
            out.append(Finding("password", "secret", m.start("v"), m.start("v") + len(v), v))
    return out


def _corrected_codes(text: str) -> list[Finding]:
    from .cued import _MEASURE_AFTER, names_secret  # cued builds on credentials, as this module does

    out = []
    for m in _CORRECTED_CODE.finditer(text):
        v, after = m.group("v"), text[m.end("v"):]
        if re.search(r"\d", text[:m.start()]) and not names_secret(text[:m.start()]):
            continue  # "房租4500，啊不对，是5200", "主库在 3306 端口——不对，是 3307": it corrects a number named before, no secret
        if _MEASURE_AFTER.match(after) or re.match(r"\s*(?:am|pm|o'?clock|点|号|楼|元|块)", after, _I):
            continue  # "不对，是 1200 元": a sum; "sorry, it's 1530 pm": a time
        if re.fullmatch(r"(?:19|20)\d\d", v) and not _NOT_OTHER.match(after):
            continue  # "sorry, I mean 2019": a year, unless set against another code
        other = _NOT_OTHER.match(after)
        if other and (_MEASURE_AFTER.match(after[other.end():].lstrip("0123456789 ")) or re.match(
                r"[\d ]*(?:a|per|each|every|/)\s*(?:month|year|week|day|mo|yr|hour)\b|[\d ]*(?:k\b|元|块|点|号|楼)", after[other.end():], _I)):
            continue  # "sorry, it's 1200 not 1500 a month": a sum set against another
        out.append(Finding("access code", "secret", m.start("v"), m.end("v"), v))
    return out


def _cued_in_sentence(text: str, value: re.Pattern[str], cue: re.Pattern[str], needs: str, kind: str) -> list[Finding]:
    """Each `value` match holding `needs` whose sentence names `cue` before it."""
    out = []
    for m in value.finditer(text):
        start = max(text.rfind(c, 0, m.start()) for c in ".!?。！？\n") + 1
        if cue.search(text, start, m.start()) and re.search(needs, m.group("v")):
            out.append(Finding(kind, "secret", m.start("v"), m.end("v"), m.group("v")))
    return out


def _spelled(text: str) -> list[Finding]:
    before = _cued_in_sentence(text, _SPELLED, _SPELLED_CUE, r"[A-Za-z]", "password")
    for m in _SPELLED.finditer(text):
        start = max(text.rfind(c, 0, m.start()) for c in ".!?。！？\n") + 1
        cues = [c for c in _CODE_CUE.finditer(text, start, m.start()) if not _WHICH_CODE.search(text, start, c.start())]
        if cues and re.search(r"[A-Za-z]", m.group("v")) and sum(c.isdigit() for c in m.group("v")) >= 2:
            before.append(Finding("access code", "secret", m.start("v"), m.end("v"), m.group("v")))
    after = [Finding("password", "secret", m.start("v"), m.end("v"), m.group("v")) for m in _SPELLED.finditer(text)
             if re.search(r"[A-Za-z]", m.group("v")) and re.search(r"\d", m.group("v")) and _SPELLED_FOR.match(text, m.end())]
    return [*before, *after]


def _net_now(text: str) -> list[Finding]:
    out = []
    for m in _NET_NOW.finditer(text):
        v = m.group("v").rstrip(".!?")
        if re.search(r"\d", v) and re.search(r"[A-Za-z]", v) and not _product(v) and (_credential_shaped(v) or _strongly_shaped(v)):
            out.append(Finding("wifi key", "secret", m.start("v"), m.start("v") + len(v), v))
    return out


def _otp_seeds(text: str) -> list[Finding]:
    return _cued_in_sentence(text, _BASE32, _OTP_CUE, r"[2-7]", "otp seed")


def _query_secrets(text: str) -> list[Finding]:
    out = []
    for m in _QUERY_SECRET.finditer(text):
        v = m.group("v")
        if re.search(r"\d", v) and (_credential_shaped(v) or _HEX_OR_UUID.fullmatch(v) or _looks_random(v)):
            out.append(Finding("credential", "secret", m.start("v"), m.end("v"), v))
    return out


# the code right after its count: "支付宝的那个六位数 3 8 1 9 0 2", "the six-digit one: 381902" (not a number that says
# which: "邮编是六位数 100080", "my order number is 8 digits: 11223344")
_RIGHT_AFTER = re.compile(r"\s*(?:(?:one|code|number|pin)\b|的?(?:码|数字|密码))?\s*(?:is|was|是|为|就是|[:：,，—–-])?\s*"
                          r"(?P<v>\d{4,8}(?![\d.:/-])|\d(?: \d){3,7}(?![\d]))", _I)
_WHICH_COUNTED = re.compile(r"邮编|邮政编码|区号|电话|手机|订单|单号|工号|学号|房号|车牌|快递|\b(?:zip|post\s*code|postcode|"
                            r"postal|area\s+code|phone|order|tracking|account|routing|employee|student|member|serial|invoice)\b", _I)


def _counted(text: str) -> list[Finding]:
    out = []
    for count in _DIGIT_COUNT.finditer(text):
        raw = (count.group("n") or count.group("z")).casefold()
        n = int(raw) if raw.isdigit() else _COUNT_WORDS[raw]
        start = max(text.rfind(c, 0, count.start()) for c in ".!?。！？\n") + 1
        after = _RIGHT_AFTER.match(text, count.end())
        if after and sum(c.isdigit() for c in after.group("v")) == n and not _WHICH_COUNTED.search(text, start, count.start()) \
                and not re.fullmatch(r"(?:19|20)\d\d", after.group("v")):
            out.append(Finding("pin", "secret", after.start("v"), after.end("v"), after.group("v")))
            continue
        for m in _CHOSE.finditer(text, count.end()):
            v = m.group("v") or m.group("w")
            if len(v) == n and not re.fullmatch(r"(?:19|20)\d\d", v):  # "4 digits of the year, we used 2024"
                g = "v" if m.group("v") else "w"
                out.append(Finding("pin", "secret", m.start(g), m.end(g), v))
    return out


def find_written(text: str) -> list[Finding]:
    """Secrets in `text` found by how they are written down (see the module's docstring).

    Example:
        >>> [f.value for f in find_written("//npm.acme.internal/:_authToken=7c1e9b44-2f0a-4d8e-b6a3-91d05c7e2f18")]
        ['7c1e9b44-2f0a-4d8e-b6a3-91d05c7e2f18']
        >>> [f.value for f in find_written("刚才那个不对，应该是 Xg93kLm 这个")]
        ['Xg93kLm']
        >>> find_written("the ticket is OPS-2291, about the password reset flow")
        []
    """
    if not isinstance(text, str) or not text:
        return []
    return [*_keyed(text), *_session_cookies(text), *_named_keys(text), *_user_pass(text), *_address_lines(text), *_grouped(text), *_corrected(text), *_corrected_codes(text),
            *_spelled(text), *_net_now(text), *_otp_seeds(text), *_query_secrets(text), *_counted(text)]
