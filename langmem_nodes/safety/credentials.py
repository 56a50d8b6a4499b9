"""Credentials by shape (cloud keys, tokens, private keys, URLs with a password) and by phrasing (en + zh)."""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Literal

from ..text import to_simplified
from .lookalike import latin_lookalikes

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
    ("mailchimp key", re.compile(rf"{_B}[0-9a-f]{{32}}-us\d{{1,2}}{_E}")),
    ("twilio key", re.compile(rf"{_B}SK[0-9a-f]{{32}}{_E}")),
    ("digitalocean token", re.compile(rf"{_B}do[opr]_v1_[a-f0-9]{{64}}")),
    ("telegram bot token", re.compile(rf"{_B}\d{{8,10}}:AA[A-Za-z0-9_-]{{30,}}")),
    ("databricks token", re.compile(rf"{_B}dapi[a-f0-9]{{32}}(?:-\d)?{_E}")),
    ("hubspot token", re.compile(rf"{_B}pat-(?:na|eu|ap)\d-[0-9a-f]{{8}}-[0-9a-f]{{4}}-[0-9a-f]{{4}}-[0-9a-f]{{4}}-[0-9a-f]{{12}}{_E}")),
    ("age secret key", re.compile(rf"{_B}AGE-SECRET-KEY-1[0-9A-Z]{{50,}}{_E}")),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+")),
    ("bearer token", re.compile(r"\bbearer\s+[A-Za-z0-9._~+/=-]{16,}", _I)),
    ("recovery key", re.compile(rf"{_B}\d{{6}}(?:-\d{{6}}){{7}}{_E}")),  # BitLocker: eight groups of six digits
    ("basic auth", re.compile(r"\bBasic\s+(?=[A-Za-z0-9+/]*[0-9+/=])[A-Za-z0-9+/]{12,}={0,2}(?![A-Za-z0-9+/=])")),  # user:password, base64
    ("connection string key", re.compile(r"\b(?:AccountKey|SharedAccessKey|SharedAccessSignature|sig|Password|Pwd)"
                                         r"=(?![/~])[^;&\s，。；！？、]{6,}", _I)),  # not "PWD=/home/ada": a path
]
# a URL carrying a password: scheme://user:PASSWORD@host (also redis://:PASSWORD@host)
_URL_PASSWORD = re.compile(r"\b[a-z][a-z0-9+.-]{1,20}://[^\s/:@]*:(?P<v>[^\s/@]{1,200})@[^\s/]+", _I)
# a URL whose user part is a key: "https://3f9c…@o1.ingest.sentry.io/7" (a DSN), "https://<token>@github.com/…"
_URL_KEY = re.compile(r"\b[a-z][a-z0-9+.-]{1,20}://(?P<v>[A-Za-z0-9_-]{20,200})@[^\s/]+", _I)
_CLI_PASSWORD = re.compile(r"(?:\bmysql\b|\bmysqldump\b|\bpsql\b|\bmongo(?:sh)?\b)[^\n]{0,80}?\s-p(?P<v>[^\s-][^\s]{3,})|"
                           r"--password[= ](?P<w>\S{4,})|"
                           # a client's password flag that takes the next word: "redis-cli -a X", "sshpass -p X"
                           r"(?:\bredis-cli\b[^\n]{0,80}?\s-a|\bsshpass\b[^\n]{0,20}?\s-p)\s+[\"']?(?P<x>[^\s\"']{4,})", _I)
_ENV_SECRET = re.compile(r"\b[A-Z0-9_]*(?:PASSWORD|PASSWD|_PWD(?![A-Z])|_PASS(?![A-Z])|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY)[A-Z0-9_]*"
                         r"(?:\s*[=:]|\s+is)\s*[\"']?(?P<v>[^\s\"'，。；！？、]{4,})")
# a snake_case credential field with a value: "private_key_id 9a8b…", "client_secret: x9…"
_FIELD_SECRET = re.compile(r"\b(?P<k>[a-z0-9]*_[a-z0-9_]*|[a-z]+[A-Z][A-Za-z]*)(?<=[a-z0-9_])\s*(?:[=:]|\s+is|\s)\s*[\"']?(?P<v>[^\s\"',;]{8,})")
# a PascalCase field named last for a secret, then its value: "AppSecret：Dt8kQw3Z…", "ClientToken = 9fKq…" (a
# value that looks random, not "PrimaryKey: user_id")
_PASCAL_FIELD = re.compile(r"(?<![A-Za-z0-9_])(?P<k>(?:[A-Z][a-z0-9]+){0,3}(?:Secret|Token|Key|Password|Passwd|Pwd)(?:Id)?)"
                           r"\s*[=:：]\s*[\"']?(?P<v>[^\s\"',;，。；！？、]{8,})")
_NOT_SECRET_FIELD = re.compile(r"^(?:Primary|Foreign|Sort|Partition|Public|Cache|Lookup|Index|Row|Unique|Composite|Hash|Map|Object)")
# a quoted key in JSON or a dict literal: {"secret": "b7d9…"}, {'appSecret': '…'}
_QUOTED_FIELD = re.compile(r"[\"'](?P<k>[A-Za-z0-9_.-]{2,40})[\"']\s*(?::|=>?)\s*[\"'](?P<v>[^\"'\s]{6,})[\"']")
# a lowercase compound key naming a secret last, set to a value: "corpsecret=1a2b…", "appsecret：wx_8f3a…" (not a page's
# cursor: "pagetoken=…")
_PLAIN_FIELD = re.compile(r"(?<![\w.-])(?P<k>[a-z][a-z0-9]{1,30}(?:secret|token|apikey|appkey|accesskey|secretkey|signkey|"
                          r"privatekey|password|passwd|pwd|passphrase))\s*[=:：]\s*[\"']?(?P<v>[^\s\"',;&]{6,})")
_NOT_SECRET_PLAIN_FIELD = re.compile(r"(?:page|next|prev|sync|continuation|cursor|resume)token$")
_FIELD_LAST_WORD = re.compile(r"(?:password|passwd|pwd|pass|secret|token|api_?key|apikey|access_?key|private_?key|"
                              r"credentials?|key)(?:_?id)?$", re.I)
_FIELD_WORDS = re.compile(r"password|passwd|secret|token|api_?key|apikey|access_?key|private_?key|credential", re.I)
_AWS_SECRET = re.compile(r"(?<![A-Za-z0-9/+=])(?P<v>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])")
_HIGH_ENTROPY = re.compile(r"(?<![A-Za-z0-9_+/=-])(?P<v>[A-Za-z0-9_+/=-]{28,})(?![A-Za-z0-9_+/=-])")
# A security-question answer is a credential: it resets an account. "mother's maiden name" / "娘家姓" always
# is one; any other question ("first pet's name") only when the text says it is a security question.
_SECURITY_ANSWER = re.compile(
    r"\b(?:(?:grand)?(?:mother|mom|mum|mommy|mama|ma)|nan|nana|granny|grandma)'?s\s+maiden\s+name\b(?:\s*,[^.!?\n,]{1,30},|\s*\([^()\n]{1,50}\))?(?:\s+(?:is|was)|\s*[:=,-]+)\s*(?:it'?s\s+)?(?P<v>[^\s.,;!?()]{2,40})|"
    r"\b(?:security|secret)\s+(?:question|answer)s?\b[^.\n]{0,80}?\b(?:answer(?:\s+is)?|is|was)\s*[:=]?\s*(?P<w>[^\s.,;!?()]{2,40})|"
    r"\bsecurity\s+answer\s*[:=]\s*(?P<x>[^\s.,;!?()]{2,40})|"
    r"(?:妈妈|母亲|老妈|我妈|外婆|姥姥|奶奶)(?:的)?(?:娘家姓|婚前姓|娘家的姓|未婚时的姓)(?:氏)?(?:\s*[(（][^()（）\n]{1,30}[)）])?\s*(?:是|为|：|:|叫)?\s*(?P<y>[\u4e00-\u9fffA-Za-z]{1,12})|"
    r"(?:密保|安全问题|安全提示问题|密码提示问题)[^。！？\n]{0,30}?答案\s*(?:是|为|：|:|叫)\s*(?P<z>[^\s，,。；;！!？?]{1,30})|"
    # what the user gave a named security question: "for the 'mother's maiden name' question I put Kowalczyk"
    r"\b(?:maiden\s+name|first\s+pet|pet'?s\s+name|(?:city|town)\s+(?:you\s+were|I\s+was)\s+born(?:\s+in)?|grew\s+up\s+on|"
    r"first\s+(?:school|car|job|teacher)|childhood\s+(?:friend|nickname|hero))['\"”’]?\s+(?:security\s+)?question\b[^.!?\n]{0,12}?"
    r"\bI\s+(?:put|used|wrote|typed|entered|gave|chose|answered|said)\s+(?P<u>[^\s.,;!?()]{2,40})",
    _I)
# a value said first and then named a security answer: "my first pet was Pickles and that's what I use for
# security questions", "我小学的名字是向阳小学，密保都用这个" — the sentence up to the cue holds the answer
_SECURITY_USE = re.compile(
    r"\b(?:use|used|using|it'?s|that'?s|is|was|as)\b[^.!?\n]{0,40}?\b(?:for|as)\s+(?:my\s+|the\s+|all\s+(?:my\s+)?|"
    r"every\s+|most\s+)?(?:account\s+)?security\s+(?:questions?|answers?)|"
    r"[，,]?\s*(?:(?:我|都|就|也)?(?:用来|用作|用于|拿来|当作?|作为)[^。！？\n]{0,6}?(?:密保|安全问题)|(?:密保|安全问题)(?:的答案)?(?:都|就|也)?(?:用|是|填|写)(?:的)?(?:这个|它|的这个))", _I)
_SECURITY_MENTION = re.compile(r"\bsecurity\s+(?:questions?|answers?)\b", _I)
_SEED = re.compile(r"\b(?:seed|recovery|mnemonic|backup)\s+(?:phrase|words|codes?)\b|助记词|恢复短语|备用码|恢复码", _I)
# what follows a seed's or backup code's name holds its value only with a code in it ("8412 0937", "4f7a-9c2e"),
# characters spaced out as a word list ("山 水 火 …") or 3+ short words that are not grammar ("助记词 orbit canvas
# medal"): "I wrote my seed phrase on paper", "助记词和私钥有什么区别" hold none
_SEED_VALUE = re.compile(
    r"(?<![\w.])(?!(?:19|20)\d\d(?![\w-]))(?=[A-Za-z0-9-]*\d)[A-Za-z0-9][A-Za-z0-9-]{3,}(?![\w.])"
    r"(?!\s*(?:words?|digits?|characters?|chars?|letters?|codes?|个|位|组))|[\u4e00-\u9fff]{1,4}(?:[\s、]+[\u4e00-\u9fff]{1,4}){3,}", _I)


def _word_run(rest: str) -> bool:
    """5+ short lowercase words in a row, none of them grammar: a seed's words, not a sentence about one."""
    from .presented import _GRAMMAR, _PROSE  # presented builds on this module
    for m in re.finditer(r"(?<![A-Za-z])[a-z]{3,8}(?:[\s,]+[a-z]{3,8}){4,}(?![A-Za-z])", rest):
        if not any(_GRAMMAR.match(w) or _PROSE.match(w) for w in re.split(r"[\s,]+", m.group(0))):
            return True
    return False


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
# what an access code opens: "the garage opener code", "my gym locker combo", "the front door code"
_ACCESS_NOUN = (r"(?:door|front\s+door|gate|garage|opener|alarm|entry|keypad|building|lock|locker|padlock|bike|safe|"
                r"vault|lockbox|key\s*box|mailbox|storage|security|unlock|verification|2fa|otp|one[- ]time|phone|sim|atm|check-?in|guard|sms|text(?:ed)?|parental)")
_EN_WORD = (
    r"pass(?:word|wd|code|phrase|key)s?|pa?s{1,2}w(?:o?r|ro)?ds?|pwd|pw|p/w|pin(?:\s+(?:code|number))?|puk(?:\s+code)?|"
    r"(?:setup|totp|2fa|mfa|otp|authenticator)\s+(?:key|secret|seed)|"  # "the setup key was JBSWY3DPEHPK3PXP"
    r"(?:pre-?shared|ipsec|wpa2?|wpa3|network)\s+(?:key|secret)|psk|"  # a VPN's or a network's shared key: "VPN pre-shared key = …"
    r"(?:client\s+|app\s+|api\s+|shared\s+)?secret(?:\s+(?:access\s+)?key)?|api\s*key|access\s*key(?:\s+(?:id|secret))?|"
    r"(?:auth|access|refresh|api|bot|personal\s+access|session)\s+token|token|private\s+key|credentials?|"
    rf"{_ACCESS_NOUN}(?:\s+[\w-]+)?\s+(?:code|combo)|(?:secret|safe|code|magic|pickup)\s+(?:word|phrase)|codeword|"
    r"memorable\s+(?:word|phrase|info(?:rmation)?)|"
    r"(?:bitwarden|1password|lastpass|keepass(?:xc)?|dashlane|nordpass|proton\s*pass|vault)\s+master|"
    r"key\s+(?:to|that\s+will|that\s+can)\s+(?:decrypt|unlock|open|unzip|extract)(?:\s+(?:the|my|our|this|that|it))?(?:\s+[\w.-]+){0,2}?(?=\s+is\b)|"  # "the key to decrypt the backup zip is …"  # "bitwarden master: …"  # what a UK bank asks for at login, beside the password

    r"combination|combo|cvv|cvc|otp|pass(?!\s*-)"
)
_EN_NOT_CREDENTIAL = (  # words that make the credential word a modifier of something else
    r"manager|managers|policy|policies|rules?|field|fields|reset|resets|hash(?:es|ing)?|strength|length|"
    r"requirements?|limits?|budget|counts?|usage|expiry|rotation|vault|generator|prompt|protected|based|"
    r"authentication|auth|cryptography|storage|hygiene|complexity|change|recovery\s+email|input|box|"
    r"window|page|screen|form|sharing|leak|breach|management|type|format|encoding|flow|endpoint|economy|examples?|hints?"
)
_EN_LINK = r"(?:\s+(?=\d{4,8}\b)|\s+(?=\d(?:[ -]\d){2,}\b)|'s|’s|\s+is|\s+was|\s+are|\s+is\s+now|\s+now\s+is|\s+reads|\s+=|\s*:|\s*=|\s+set\s+to|\s+changed\s+to|" \
           r"\s+updated\s+to|\s+became|\s+ended\s+up(?:\s+being|\s+as)?|\s+turned\s+out\s+to\s+be|\s+(?:got|was)\s+set\s+to|" \
           r"\s*,\s*(?:it'?s|it\s+is|which\s+is|is)|\s+-+>?|\s*→|\s*[—–]+|\?\s*(?:it'?s|it\s+is)|\s+as(?=\s+[\"'“‘]))"
_EN_PREP = r"(?:\s+(?:for|at|of|on|to|in|from)\s+(?:the\s+|my\s+|our\s+|this\s+|that\s+|your\s+|his\s+|her\s+)?[\w.'-]+(?:\s+[\w.'-]+){0,4}?)?"
_EN_NON_VALUE = frozenset(
    """a an the not required needed optional stored hashed encrypted managed kept saved written in on at too very
    strong weak long short secure insecure complex simple easy hard expired wrong same different changed reset
    case-sensitive mandatory supposed still always never usually also just what where when how which who why
    there here it this that these those mine yours ours something nothing anything empty blank missing valid
    invalid unknown known and or but with without ok fine good bad rotated set unset my your our their his her
    important sensitive private secret confidential for to of by from as if so like yes no true false null none
    min max minimum maximum see check ask refer below above attached inside under""".split()
)
_EN_PHRASE = re.compile(
    rf"\b(?P<w>{_EN_WORD})\b(?!\s+(?:{_EN_NOT_CREDENTIAL})\b)(?!-)"
    r"(?:\s*\([^()\n]{1,30}\))?"  # a note on it: "password (case sensitive): …"
    rf"{_EN_PREP}{_EN_LINK}(?:\s+(?:actually|really|literally|basically|simply|just|only)\b)?\s*[\"'“‘]?(?P<v>[^\s\"'”’,;]*[^\s\"'”’,;.!?](?:\s+[^\s\"'”’,;.!?]+){{0,11}})",
    _I,
)
# a credential word followed closely by a value that can only be a typed credential: "wifi key Mossy#Trail88"
# (glued to zh or not: "智谱的key是 9f3c….Lk2T…" — a CJK character is a word character, so no \b stands there)
_NEAR_VALUE = re.compile(rf"(?<![A-Za-z0-9_])(?:(?:app|client|corp|api|access|auth|bot|secret|private)[_-]?)?(?P<w>key|password|pa?s{{1,2}}w(?:o?r|ro)?ds?|passcode|pw|secret|token|auth)(?![A-Za-z0-9_])(?!\s+(?:{_EN_NOT_CREDENTIAL})\b)"
                         r"(?P<gap>[^.!?\n]{0,60}?)\s(?P<v>(?=[^\s,;]*\d)[^\s,;]{8,})", re.I)
# a cloud's key pair by its short names, glued to zh or not: "百度智能云的SK 8f2e7c…", "AK: 3f9a…, SK: …"
_AK_SK = re.compile(r"(?<![A-Za-z0-9_])(?-i:SK|AK|SecretKey|SecretId|AccessKey)(?![A-Za-z0-9_])[^\n。！？.!?]{0,12}?"
                    r"(?<![A-Za-z0-9/+=_-])(?P<v>[A-Za-z0-9/+=_-]{16,})")
# what a long hex string after "key" is when it is not a key: "key fingerprint …", "the commit hash"
# a key that names data, not access: "the cache key 8c2f…", "primary key"
_DATA_KEY = re.compile(r"\b(?:cache|primary|foreign|sort|partition|idempotency|object|lookup|dict|hash|row|composite|unique|"
                       r"index|s3|redis|map|registry)\s+$|(?:字典|主键|外键|缓存|索引|哈希|映射|排序|分区|键值|对象|json|dict|map)(?:里|中)?的?\s*$", re.I)
# a shorter hex value counts after "token / secret" and a link ("… we got back was 9c4e2b7a1f3d", "… 我写的是 a8f3…")
_SHORT_HEX = re.compile(r"(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{10,}|(?=[0-9A-F]*[A-F])(?=[0-9A-F]*\d)[0-9A-F]{10,}")
_LINK_END = re.compile(r"(?:\b(?:is|was|were|are)|[:=：]|是|为|贴(?:一下|出来)?|发(?:给)?你|给你|如下)\s*$", re.I)
_HEX_NOT_KEY = re.compile(r"\b(?:fingerprint|hash|checksum|sha\d*|md5|commit|digest|ids?)\b", re.I)
# a token's or secret's value written in hex ("auth token 9f8e7d6c…"): a commit hash has no such name before it
_LONG_HEX = re.compile(r"(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{20,}|(?=[0-9A-F]*[A-F])(?=[0-9A-F]*\d)[0-9A-F]{20,}")
_EN_AS_PASSWORD = re.compile(
    r"\b(?:use|used|using|with|have|set)\s+[\"'“]?(?P<v>\S{4,})[\"'”]?\s+as\s+(?:my|the|our|a|his|her)\s+"
    rf"(?:\w+\s+)?(?:password|passcode|passphrase|pin|pw)\b(?!\s+(?:{_EN_NOT_CREDENTIAL})\b)", _I)
# "I changed my password to X", "reset the wifi password to X"
_EN_CHANGED_TO = re.compile(
    r"\b(?:chang|set|reset|updat|switch|mov)(?:e|ed|ing|s)?\s+(?:my|the|our|his|her|its)\s+(?:[\w-]+\s+){0,2}"
    r"(?:password|passcode|passphrase|pin|pw)\s+(?:to|as|into)\s+[\"'“]?(?P<v>[^\s\"'”,;]*[^\s\"'”,;.!?])", _I)
# "my login is jdoe / Autumn!Leaves7", "credentials: admin, Adm1n!"
_EN_LOGIN_PAIR = re.compile(
    r"\b(?:log\s?in|sign[- ]?in|credentials?|creds?|account)\b[^.\n]{0,20}?(?:\s+is|\s+are|\s*:|\s+=|\s+with|\s+as)\s*\S+\s*(?:/|,|\band\b)\s*"
    r"[\"'“]?(?P<v>[^\s\"'”,;]*[^\s\"'”,;.!?])", _I)
_ZH_WORD = r"密码|口令|预留信息|预留口令|密钥|秘钥|私钥|令牌|验证码|助记词|安全码|授权码|动态码|提取码|分享码|解绑码|配对码|pin\s*码|puk\s*码|暗号|暗语|登录码"
_ZH_NOT_CREDENTIAL = r"学|管理|策略|规则|长度|强度|框|提示|生成|保护|器|箱|机|锁|本|条|体系|算法|规范|要求|复杂度|设计|重置|哈希|散列|字段"
_ZH_LINK = r"(?:\s*(?:就|也|都|还|则)?\s*(?:是|为|：|:|=|改成了?|改为|改到|换成了?|设成了?|设为|设置为|设置成|设定为|叫|是这个|如下)|\s*[，,]\s*(?:是|为)|\s+|(?=[A-Za-z0-9!@#$%^&*“「『]))"
# a zh word where a value would be that says what kind it is, or asks: "一样的", "怎么算的", "多少位"
_ZH_NOT_VALUE = r"(?:(?:详|参)?见(?:附件|下|上|邮件|群)|附件|待定|暂无|怎么|如何|什么|多少|几|哪|啥|咋|干嘛|干吗|一样|相同|同一|一致|不同|不一样|简单|复杂|太|很|越|" \
                r"没问题|没错|不对|不行|不用|没有|没设|不知道|对的|正确|错误|挺|蛮|还行|还可以|" \
                r"(?:老|旧|新|原来|之前|以前|上次)的|那个|这个)"  # "密码倒是没问题": what it is like; "还是老的那个": which one
# who set it, between a secret's name and its link: "口令我定的是 …", "密码我们当时设的是 …"
_ZH_SETTER = r"(?:我|我们|咱们?|他|她|他们|你|自己)?(?:当时|之前|原来|后来|现在|一般|平时|都|就|也)?(?:设|定|用|填|写|改|起|取|输|选|配)(?:置|成)?的"
# a secret said changed, then its new value: "口令换了，新的叫 晚风石桥", "密码改了，现在是 …"; or asked and answered: "开机密码？就是 mochi"
_ZH_RENEWED = r"(?:换|改|变|更新|重置)了?[，,]\s*(?:新的|现在的?|现在)|[？?]\s*(?=就是|是)"
_ZH_PHRASE = re.compile(
    rf"(?P<w>{_ZH_WORD})(?!{_ZH_NOT_CREDENTIAL})(?:(?P<gap>[\u4e00-\u9fff]{{0,2}}|{_ZH_SETTER}|{_ZH_RENEWED})(?P<link>{_ZH_LINK}))\s*[\"'“‘「]?"
    # a pass phrase of spaced zh words is one value ("口令是 月亮 湖边 三只 猫"), else a token and its ASCII words
    rf"(?P<v>[\u4e00-\u9fff]{{1,4}}(?:[ \u3000]+[\u4e00-\u9fff]{{1,4}}){{2,11}}(?:[ \u3000]+[A-Za-z0-9]+(?![\w\u4e00-\u9fff]))?(?![\u4e00-\u9fff])|"
    rf"[^\s，,。；;！？!?、」”（]{{2,}}(?:\s+[A-Za-z0-9][^\s，,。；;！？!?、」”（]*){{0,11}})",
    _I,
)
# a credential word in a list, its value after a space: "network 'TheBatcave', password iamvengeance"
_LISTED_PASSWORD = re.compile(r"(?:^|[,;:/|]\s*)(?:pass(?:word|code)?|pw|pwd)\s+[\"'“]?(?P<v>[^\s\"'”,;.!?]{4,})[\"'”]?\s*(?:$|[,;.!?])", _I)
# a thing's "pass" and a password-shaped value right after it: "VPN user jdoe, VPN pass Quasar-Lantern-6", "root pass
# Tulip=Frame44" (not a verb, "I pass Exit-42B", nor a ticket: "boarding pass", "season pass")
_MODIFIED_PASS = re.compile(r"(?<![\w-])(?!(?:I|we|you|they|he|she|it|to|will|can|could|would|should|must|might|may|did|do|"
                            r"don'?t|not|please|then|and|or|also|just|boarding|bus|season|day|ski|hall|gym|backstage|free|"
                            r"park|museum|transit|rail|travel|guest|press|weekly|monthly|annual|all-access|fast|first|"
                            r"always|never|often|sometimes|\w+ly)\b)"  # "I usually pass --retries=3": a verb
                            r"(?P<k>[A-Za-z][\w-]*)\s+pass\s+[\"'“]?(?P<v>[A-Za-z0-9][^\s\"'”,;]{5,})[\"'”]?"
                            # the value ends its clause: "our team pass CI-Build-42 every night" goes on, a verb's object
                            r"(?=\s*(?:$|[,;.!?)，。；]|\s(?:in\s+case|for|if|and|but|btw|thanks|please)\b))", _I)
# zh: the value first, then what it opens: "8866是小区大门的密码", "1024 就是我的开机密码"
_ZH_VALUE_FIRST = re.compile(r"(?<![A-Za-z0-9!@#$%^&*_+=~.-])(?P<v>[A-Za-z0-9!@#$%^&*_+=~.-]{4,})\s*(?:就|也|都)?(?:是|为|当)[\u4e00-\u9fffA-Za-z ]{0,12}?(?:的)?"
                             rf"(?:{_ZH_WORD})(?:[。！？，,]|$)", _I)
_ZH_MEASURE = re.compile(r"\d+\s*(?:天|个月|月|年|周|星期|小时|分钟|秒|次|位|个字符|字符|个|岁|元|块|倍|%)|"
                         r"[一二三四五六七八九十两几]+\s*(?:位数?|个字符|个数字|字符|天|个月|小时|分钟|秒|次)(?:字|数字)?$")  # "验证码是六位数": a length
_ZH_GENERIC = re.compile(r"最常见|常见的|最常用|最多人用|最弱|比如|例如|之类")
# zh: a security answer written down: "密保答案我一般都写“青岛”"; "都是1024" after two passwords named
_ZH_ANSWER = re.compile(r"(?:密保|安全问题)(?:的)?答案[^。！？\n]{0,10}?(?:写|填|是|用|为)\s*[\"'“‘「]?(?P<v>[^\s，,。；;！？!?、」”]{1,20})")
_ZH_SAME_AS = re.compile(rf"(?:(?:{_ZH_WORD})(?!{_ZH_NOT_CREDENTIAL})|密码锁)[^。！？\n]{{0,20}}?(?:都|就|也)?(?:是|为|：|:)\s*"
                         r"(?P<v>\d{1,3}(?:-\d{1,3}){2,3}|\d{4,8}|(?=[A-Za-z]*[0-9!@#$%^&*_+=~.-])[A-Za-z0-9!@#$%^&*_+=~.-]{6,})")
# a dial combination in zh: "保险柜密码：左 33 右 12 左 7"
_ZH_DIAL = re.compile(r"(?P<w>密码|组合|转盘)\s*(?:是|为|：|:)?\s*(?P<v>(?:[左右顺逆][转圈]?\s*\d+\s*[，,、]?\s*){2,}|"
                      r"\d{1,3}(?:\s*[，,、/-]\s*\d{1,3}){2,5}(?![\d.])(?!\s*(?:位|个|次|天|号|种)))")  # "保险柜的组合是 12、40、7": a dial's numbers
# a typed password a few words after the word: "密码开头是 Qx，结尾是 77，就是 QxMarble77"
_ZH_NEAR_VALUE = re.compile(rf"(?:{_ZH_WORD})(?!{_ZH_NOT_CREDENTIAL})[^。！？\n]{{0,40}}?(?P<v>[A-Za-z0-9!@#$%^&*_+=~.-]{{6,}})", _I)
_MIXED_PHRASE = re.compile(  # an English credential word with a Chinese link: "我的 token 是 X", "我的PIN是 X" (glued)
    r"(?<![A-Za-z0-9_])(?P<w>tokens?|pass(?:word|wd|code|phrase)|pa?s{1,2}w(?:o?r)?d|pwd|secret(?:\s*key)?|api\s*key|access\s*key(?:\s*(?:id|secret))?|"
    r"pin|cvv2?|cvc2?|cvn|otp)\s*(?:(?:就|也)?(?:是|为|：|改成了?|改为|设成了?|设为|设置为|设置成)|[，,](?=\s*\d{3,8}(?![\d.:/-])))"  # "PIN，2206"
    r"\s*[\"'“‘「]?(?P<v>\d{1,4}(?:[ -]\d{1,4})+(?![\w.:/-]|\s\d)|[^\s，,。；;！？!?、」”]{2,})",  # "cvv 是 7 3 1": every digit
    _I,
)


# a wireless network's key: "my wifi is HomeNet and the key is abc12345", "the key for the wifi: x9…",
# "家里wifi是 abc12345", "手机热点 hotspot2024" (a bare token after the network word is its key in zh)
_EN_NET = r"(?:wi-?fi|wlan|wireless|hot\s?spot|router)"
_EN_NET_KEY = r"(?:(?:network|security|wpa2?|wpa3)\s+)?(?:key|pass(?:word|phrase|code)?|psk|pw|code)"
_EN_NET_LINK = r"(?:\s+is|\s+was|\s*:|\s*=|\s*,\s*(?:it'?s|it\s+is|which\s+is)|\s+-+>?|\s+(?=\S*\d))"
_EN_WIFI_KEY = re.compile(
    rf"\b{_EN_NET}\b[^.!?\n]{{0,60}}?\b(?P<w>{_EN_NET_KEY})\b"
    rf"(?:\s+(?:for|of|to|at|on)\s+[\w' -]{{1,30}}?)?{_EN_NET_LINK}(?:\s+(?:actually|really|now|just)\b)?\s*[\"'“]?(?P<v>[^\s\"'”,;]+)|"
    rf"\b(?P<w2>key|pass(?:word|phrase|code)?)\s+(?:for|of|to|on)\s+(?:the\s+|my\s+|our\s+|this\s+)?(?:[\w-]+\s+)?"
    rf"{_EN_NET}\b(?:\s+[\w-]+)?{_EN_NET_LINK}\s*[\"'“]?(?P<v2>[^\s\"'”,;]+)|"
    rf"\b{_EN_NET}\b[^.!?\n,;]{{0,20}}?\b(?:just\s+)?(?:use|type|enter|try|put\s+in)\s+[\"'“]?(?P<v3>[^\s\"'”,;]+)|"
    # the network set equal to its key: "wifi at the cabin = PineCone2020!" (a ':' may give its name instead)
    rf"\b{_EN_NET}\b(?:\s+(?:at|in|for|of|on)\s+(?:the\s+|my\s+|our\s+)?[\w'-]+(?:\s+[\w'-]+)?)?\s*=\s*[\"'“]?(?P<v4>[^\s\"'”,;]+)", _I)
_ZH_NET = r"(?:wi-?fi|wlan|无线网?络?|热点|路由器?)"
_ZH_NET_NOT_KEY = r"名|叫|号|型|牌|速|信号|带宽|频|流量|套餐|账|用户|费|覆盖|范围|距离|速度|延迟"
_ZH_WIFI_KEY = re.compile(
    rf"{_ZH_NET}(?P<mid>[\u4e00-\u9fff]{{0,6}}?)\s*(?P<link>是|为|：|:|=|改成了?|改为|换成了?|设成了?|设为|设置为|设置成)?\s*"
    r"[\"'“‘「]?(?P<v>[A-Za-z0-9!@#$%^&*_+=~.-]{6,})(?![A-Za-z0-9])", _I)
_UNIT = re.compile(r"\d+(?:\.\d+)?(?:[kmg]bps|[kmgt]b|[kmg]hz|[kmg]|%|ms|dbm?)", _I)


# a network written down as a login pair: "the wifi at home: HomeNet / correcthorsebattery", "家里的wifi：HomeNet／k3y…"
_NET_PAIR = re.compile(
    rf"(?:\b{_EN_NET}\b|{_ZH_NET})[^.!?\n。！？:：]{{0,30}}?(?:\s*[:：=]|\s+is|是)\s*[\"'“]?[^\s/／,，;；\"'”]{{1,40}}[\"'”]?"
    r"\s*(?:/|／|,|，|\||\s+(?:pw|pwd|pass|password|key)\s*[:：]?)\s*[\"'“]?(?P<v>[^\s\"'”,，;；。]{8,})", _I)


def _pair_key_shaped(value: str) -> bool:
    """A WPA key is 8+ characters: one with a digit or symbol, or a long run of letters ("correcthorsebattery")."""
    value = value.rstrip(".!?")
    return len(value) >= 8 and (_credential_shaped(value) or len(value) >= 12)


def _wifi_keys(text: str) -> list[tuple[re.Match[str], str]]:
    """(match, value group) of every wireless-network key in `text` (never an address: "路由器管理页面 192.168.1.1")."""
    return [(m, g) for m, g in _wifi_key_matches(text) if not _IP.fullmatch(m.group(g).rstrip(".!?"))]


_IP = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?(?:/\S*)?")


def _wifi_key_matches(text: str) -> list[tuple[re.Match[str], str]]:
    out = [(m, "v") for m in _NET_PAIR.finditer(text) if _pair_key_shaped(m.group("v"))]
    for m in _EN_WIFI_KEY.finditer(text):
        group = next(g for g in ("v", "v2", "v3", "v4") if m.group(g) is not None)
        value = m.group(group).rstrip(".!?")
        if value.casefold() not in _EN_NON_VALUE and _credential_shaped(value):
            out.append((m, group))
    for m in _ZH_WIFI_KEY.finditer(text):
        value = m.group("v").rstrip(".")
        if re.search(_ZH_NET_NOT_KEY, m.group("mid")) or _UNIT.fullmatch(value) or not re.search(r"\d", value):
            continue
        if not m.group("link") and (_product(value) or re.fullmatch(r"(?:[A-Z]{1,4}-)?[A-Z]{1,5}\d{1,5}[A-Z]{0,2}", value)):
            # "这款路由器 AX3000 支持…", "路由器 TL-WR886N 信号不好": a model right after the device
            continue
        out.append((m, "v"))
    return out


_DIAL = re.compile(r"combination|combo", _I)
_DIAL_NUMBERS = re.compile(r"\d{1,3}(?:\s*[,，、/-]\s*\d{1,3}){2,5}(?![\d.])")


_PARTICIPLE_PLACE = re.compile(r"[a-z]+(?:ed|en|wn)\s+(?:on|in|at|under|by|inside|behind|into|onto|with|from|below|above|"
                               r"somewhere|there|here|down|up|out|away)\b")


# "the X" after a phrase's name that says what kind it is, not what it says: "the same", "the weakest part"
_THE_NOT_VALUE = frozenset("""one ones only same usual default weakest weak strongest strong best worst main first last
    hardest easiest problem issue thing part reason key point whole real""".split())


# a code said in pieces: "7 3 1", "44 71", "3-0-7-7" (not "12 characters": a measure is never spaced like this)
_SPACED_CODE = re.compile(r"\d{1,4}(?:[ -]\d{1,4})+(?![\w.:/-]|\s\d)")


# a number said in words, two or more of them: "nineteen fifty two", "four four seven one"
_NUMBER_WORD = (r"(?:(?:double|triple|treble)[\s-]+)?(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
                r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)")
NUMBER_WORDS = re.compile(rf"{_NUMBER_WORD}(?:[\s-]+{_NUMBER_WORD})+\b", _I)


def _en_value_ok(word: str, value: str) -> bool:
    first = value.split()[0].strip(".!?)").casefold() if value.split() else ""
    if first == "the" and re.search(r"\s(?:word|phrase)$|pass\s?phrase$", word, _I) and len(value.split()) >= 3:
        # "the secret phrase is the owl flies at midnight", "my pgp passphrase is the owl sleeps at noon" — not
        # "… is the same as my login", "… is the weakest part"
        return value.split()[1].strip(".,!?").casefold() not in _EN_NON_VALUE | _THE_NOT_VALUE
    if not first or first in _EN_NON_VALUE or is_measure(first):
        return False
    if re.fullmatch(r"~?(?:/[\w.-]+)+/?", first):  # "PWD=/home/ada": a path, where things are
        return False
    if re.match(rf"(?:{_NUMBER_WORD}[\s-]+)*{_NUMBER_WORD}\s+(?:characters?|chars?|digits?|letters?|words?|symbols?|long)\b", value, _I):
        return False  # "my password is twenty characters long": a length in words
    if first in ("right", "correct", "incorrect") and re.match(
            r"\S+\s*(?:$|[,;.!?—-]|(?:but|and|so|yet|though|although|because|i|it|the|still|now)\b)", value, _I):
        return False  # "even though my password is right", "my password is correct but it says …"
    if _PARTICIPLE_PLACE.match(value):  # "the wifi password is printed on the router": where it is, not what
        return False
    if _DIAL.search(word):  # a dial combination is said in turns: "left 33 right 12 left 7", or a code: "7734"
        head = " ".join(value.split()[:6])
        if len(re.findall(r"\d+", head)) == 1 and re.search(r"\b\d{1,2}\s+[a-z]{3,}", head):
            return False  # a count of things: "my favourite combo at the diner is 2 eggs and toast"
        return bool(re.search(r"\d", head))
    needs_digit = re.fullmatch(r"pin(?:\s+\w+)?|.*code|cvv|cvc|otp", word, _I)
    spaced = _SPACED_CODE.match(value)
    if re.fullmatch(r"pin(?:\s+\w+)?|puk(?:\s+code)?", word, _I) and re.fullmatch(r"\d{1,2}[.,!?)]?", first) \
            and not (spaced and re.fullmatch(r"\d(?:[ -]\d){3,7}", spaced.group(0))):  # "0 0 7 1": a PIN said digit by digit
        return False  # "the PIN on the GPIO header is 17": a board's pin number, not a PIN
    if needs_digit and not re.search(r"\d", value.split()[0]) and not NUMBER_WORDS.match(value):
        return False
    if word.casefold() in ("pw", "p/w", "token", "credentials", "credential") and len(first) < 6:
        return False  # "pw: ok", "the token is short" — a bare short word is not a credential
    if re.fullmatch(r"(?:\w+\s+)*(?:secret|token|pass|key|combination)", word, _I) and not _credential_shaped(first):
        return False  # "the secret to good coffee is fresh beans": a common noun needs a value that looks like one
    return True


# a number with its unit measures something, never a typed secret, beside a secret's name or not: "2.4GHz",
# "500Mbps", "16GB", "5000mAh", "1080p"
_MEASURE = re.compile(r"\d+(?:\.\d+)?\s?(?:[kmgt]?hz|[kmgt]i?b(?:ps|/s)?|[kmgt]?bps|mah|k?wh|[kmg]?w|v|dbi|dbm?|fps|mp|"
                      r"px|dpi|ppi|ms|ns|[mck]?m|kg|mg|g|lbs?|oz|in|ft|k|p|x|%|-(?:digits?|characters?|chars?|letters?|words?|bits?|bytes?))[.,!?]?", _I)


def is_measure(token: str) -> bool:
    """A number and its unit ("2.4GHz", "16GB", "1080p"): what a value never is."""
    return _MEASURE.fullmatch(token.strip("\"'“”‘’()（）[]")) is not None


def _strongly_shaped(value: str) -> bool:
    """Letters and digits and (a symbol or mixed case): "Mossy#Trail88", not "tomorrow" or "2026-12-01"."""
    if is_measure(value):
        return False
    letters, digits = any(c.isalpha() for c in value), any(c.isdigit() for c in value)
    symbol = bool(re.search(r"[!@#$%^&*_+=~|?]", value))
    mixed = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return letters and digits and (symbol or mixed) and not re.fullmatch(r"[0-9a-f-]+|https?://\S+", value)


def _credential_shaped(value: str) -> bool:
    """Holds a digit or a symbol, or is long and mixes cases: what a typed credential looks like."""
    return not is_measure(value) and bool(re.search(r"[\d!@#$%^&*_+=~|<>?/\\-]", value)) or (
        len(value) >= 12 and any(c.isupper() for c in value) and any(c.islower() for c in value))


# a token typed at a login: letters, digits and a symbol or mixed case, in a clause about getting in
_ACCESS = re.compile(
    r"\b(?:log(?:ging|ged|s)?\s?(?:in(?:to)?|on)|log(?:ging|ged|s)?\s+(?:me|us|you|him|her|them)\s+(?:out|in)|logged\s+out|logins?|sign(?:ing|ed|s)?[- ]?(?:in|on)(?:to)?|signin|unlock(?:s|ed|ing)?|"
    r"master|vault|credentials?|passphrase|passcode|admin\s+(?:account|user)|keychain|keepass|1password|bitwarden|"
    r"lastpass|keypad|opens?\s+with|my\s+usual\s+one|pay(?:ment)?\s+pin|admin|router|sign(?:ing|ed)?\s+up|register(?:ed|ing)?|"
    r"(?:online\s+)?banking|(?:locked|protected|encrypted|secured)(?:\s+(?:the|my|our|this|that|it|a|an))?(?:\s+[\w.-]+){0,2}?\s+(?:with|by|using)|"  # "the pdf is locked with 19880412"
    r"(?:boot|startup|lock[- ]?screen|screen|phone|laptop|sim|card|atm|bank|alarm|safe|bike\s+lock)\s+code|"
    r"(?:at|into)\s+the\s+(?:\w+\s+)?prompt)\b|"  # "it takes Saffron_Dune_8 at the prompt"
    r"(?:就能|才能|就可以|才可以)(?:进|登|连上|上去)|能进去|就进去了|"  # "输入 Tiao_Ban_99 就能进"
    r"登录|登陆|登进|登入|登上|开机|解锁|锁屏|进系统|账号|帐号|账户|帐户|主密|保险箱|支付|付款|网银|取款|银行卡|门禁|开门|注册|管理员|后台", _I)
# a 4-8 digit code right after the link of a clause about getting in: "unlocks with 739104", "支付那六位数是 090817"
_ACCESS_PIN = re.compile(r"(?:\bwith|\bis|\busing|[:=：]|用|是|为)\s*(?:那?[六四五八]位数?是?\s*)?(?P<v>\d{4,8}(?:[*#]\d*)?)(?!\d|\s?\d)", _I)
# "Blu3Heron!Gate" and "chenjie123! 注册…" hold one token each: an ASCII stop ends a clause before English only
_ID_BEFORE = re.compile(r"(?:工号|学号|房号|单号|编号|号码|卡号|会员号|\b(?:employee|staff|student|member|badge|order|"
                        r"tracking|room|locker|seat)\s+(?:id|number|no\.?|#))\s*(?:是|为|:|：|=|\bis|\bwas)?\s*$", _I)
# a number that says whose or which, named earlier in the clause, with no secret's name after it
_WHOSE_NUMBER = re.compile(r"(?:\b(?:employee|staff|student|member|membership|badge|order|tracking|room|locker|seat|customer|"
                           r"reference|case|ticket|phone|library\s+card|serial|imei|asset|part|model)\s+(?:id|number|no\.?|#)|\b(?:serial|imei|service\s+tag|mac\s+address)\b|工号|学号|会员号|订单号|单号|"
                           r"手机号|电话号码?)(?![^,，;；]*?\b(?:pass(?:word|code)?|pin|code)\b|[^,，;；]*?密码)", _I)
_CLAUSE_END = re.compile(r"[.!?;](?=\s+[^\s\u4e00-\u9fff]|\s*$)|[。！？；\n]")
_LINK_BEFORE = re.compile(r"(?:\b(?:with|is|using|as|use|are|was|takes|enter|type|input|set|and)|\bto|\bit'?s|\bit\s+is|\bpunch(?:ed|es)?(?:\s+in)?|\bpress(?:ed)?|\bdial(?:ed)?|\b(?:key|tap|type)(?:ed|s)?\s+in|(?:那|这)串(?:数字|号码)?|[:=：+/]|用|是|为|输|按|摁|拨|转|码|开门码|解锁)\s*$", _I)
_TOKEN = re.compile(r"[^\s,，。；;:：\"'“”‘’()（）「」/]{4,}")
# "pa55w0rd-Orchid", "P@ssw0rd1": a password spelled with digits or symbols for letters
_LEET_PASSWORD = re.compile(r"p[a@4][s5$]{2}w[o0]rd|p[a@4][s5$]{2}w(?=[^a-z])|p@ss", _I)


_PRODUCT_VERSION = re.compile(r"[A-Za-z]+[-.]?v?\d{1,2}(?:\.\d+)*[A-Za-z]?|[A-Za-z]+[-.]?\d+(?:\.\d+)+")  # OAuth2, React18, Vue3


_PRODUCTS = frozenset("1password keepass keepassxc lastpass bitwarden dashlane nordpass protonpass".split())


# what one gets into, unlocks or pays with (a clause naming one and a code-like value holds a credential)
_ACCESS_OBJECT = re.compile(
    r"\b(?:get(?:s|ting)?\s+into|disarms?|combo|combination|pin|locks?|padlock|gate|alarm|safe|keypad|laptop|tablet|ipad|"
    r"account|e-?mail|outlook|gmail|netflix|steam|portal|card|atm|door|gate\s+code|vault|locker|for\s+\w+\s*:)\b|"
    r"还有\S{0,8}的[:：]|登|进|输|解锁|门|锁|保险箱|保险柜|转盘|取钱|取款|刷卡|账号|帐号|邮箱|系统|平板|电脑|游戏|码|网银|(?:银行|\bbank(?:ing)?)\s*app\b", _I)
_NOT_CODE_BEFORE = re.compile(r"(?:\b(?:port|version|v|room|gate|flight|no\.?|number|order|tracking|username|user|id|"
                              r"handle|model|gen|series|iso|rfc|pep|issue|pr|ticket|build|release|floor|suite|apt|"
                              r"zip|postal|area|invoice|error|status|exit)|#|用户名|房间|端口|版本|航班|订单|单号|楼|号|室|号码|编号|编码|邮编|区号|发票|代码|错误码|状态码|"
                              r"\b(?:pr|mr|issue|ticket|port|version|room|flight|order|tracking|invoice)\s*(?:是|为|[:：=#])|"  # "我的 PR 是 4471"
                              r"(?:(?<!暗)号|型号|规格|号码)\s*(?:是|为|[:：=])|"  # "门牌号是 2580", "型号是 SD-2045": which, not what opens
                              r"\b(?:number|no\.?|id|order|tracking|username|user|invoice|ticket|room|flight|floor|suite|apt|zip|"
                              r"extension|ext|model|seat|branch|routing|sort\s+code)\s+(?:is|was|[:=#]))\s*$", _I)
_NOT_CODE_AFTER = re.compile(r"^\s*(?:端口|室|号|楼|层|年|月|日|元|块|点|分|岁|次|个|件|款|代|版|寸|英寸|台|部|张|本|port\b|am\b|pm\b|km\b|kg\b|ms\b|mb\b|gb\b)", _I)


# a lowercase product and its version ("python3", "ubuntu22", "iphone15"): a lowercase word of 4+ letters with
# digits is a product only with a known stem — "hunter22x" and "bluefinch42" are typed secrets
KNOWN_TECH = re.compile(
    r"(?:python|py|gpt|win|windows|office|iphone|ipad|pixel|galaxy|react|vue|node|java|jdk|ecma|ubuntu|debian|"
    r"centos|fedora|rhel|macos|ios|android|qwen|llama|claude|gemini|mistral|mysql|postgres|redis|mongo|kafka|spark|"
    r"php|html|css|ipv|http|utf|xbox|switch|note|mate|redmi|vista|dotnet|angular|rails|ruby|perl|lua|cuda|gtx|rtx|"
    r"oauth|wifi|usb|hdmi|ddr|lte|swift|kotlin|scala|unity|unreal|docker|macbook|thinkpad|surface|kindle|vision|"
    r"model|phone|watch|series|gen|level|phase|stage|sprint|week|day|room|team|group|chapter|part|season|episode|"
    r"vol|ver|rev|build|beta|alpha|release|top|web|base|sha|md|aes|rsa|ed|argon|pbkdf|blake|curve|secp|x|v|h|k|s|m|i|o|[a-z]{1,3})"
    r"[-.]?\d+[a-z]?(?:\.\d+)*[a-z]?|k8s|i18n|l10n|a11y", re.I)


# what a value after a name never is: a colour ("#FF5733"), a commit ("commit 4e8b1d2"), a ticket's key ("the
# ticket for the password bug is SEC-2291", "工单号是 SEC-2291")
_COLOUR = re.compile(r"#(?:[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})")
_COMMIT_BEFORE = re.compile(r"(?:\b(?:commit|sha|hash|revision|rev|tag|checksum|digest)|提交|版本|哈希值?|校验和)\s*(?:is|was|[:=#]|是|为|：)?\s*$", re.I)
_TICKET_KEY = re.compile(r"[A-Z][A-Z0-9]{1,9}-\d{1,6}")
_TICKET_BEFORE = re.compile(r"\b(?:ticket|issue|bug|jira|story|epic|task|pr|mr)\b|工单|问题单|缺陷|需求|任务", re.I)


def named_not_typed(token: str, before: str) -> bool:
    """A colour, a commit's id or a ticket's key: what `token` is by its shape and the words just before it."""
    token = token.rstrip(".,!?")
    return bool(_COLOUR.fullmatch(token) or (_COMMIT_BEFORE.search(before) and re.fullmatch(r"[0-9a-f]{7,40}", token))
                or (_TICKET_KEY.fullmatch(token) and _TICKET_BEFORE.search(before)))


# a cipher, a digest or an encoding and its size: "AES-256", "SHA-512", "RSA-4096", "UTF-16"
_CIPHER = re.compile(r"(?:aes|sha|rsa|des|3des|hmac|crc|md|ecdsa|ecc|ed|curve|blake|argon|pbkdf|utf|iso|chacha)[-_]?\d{1,5}", re.I)


def _product(token: str) -> bool:
    """A product and its version, not a secret: "OAuth2", "React18", "vue3", "python3", "UA857", "X1" — but
    "bluefinch42" and "hunter22x" (a lowercase word with digits, no known stem) are not one."""
    letters_run = re.match(r"[A-Za-z]+", token)
    if bool(re.fullmatch(r"[A-Z]{1,3}\d+[A-Z]?", token)) or _CIPHER.fullmatch(token):
        return True
    if not _PRODUCT_VERSION.fullmatch(token):
        return False
    if not letters_run or token[0].isupper() or len(letters_run.group(0)) <= 3:
        return True
    return len(letters_run.group(0)) <= 6 and KNOWN_TECH.fullmatch(token) is not None


# a package pinned to a version: "requests==2.31.0", "numpy>=1.26", "react@18.2.0" — what a build installs
# ("zhang@0617" is a typed secret: after '@' only a dotted version is one)
DEPENDENCY_SPEC = re.compile(r"[A-Za-z][\w.\[\]-]*(?:(?:===?|>=|<=|~=|!=)v?\d[\w.*+-]*|@[\^~]?v?\d+(?:\.[\dx*]+)+[\w.+-]*)")


def _code_like(token: str) -> bool:
    """What a typed secret looks like: a 4-8 digit code or digit groups, letters mixed with a run of digits,
    words joined by '_', or a pass phrase of 3+ words joined by '-'."""
    if re.fullmatch(r"\d{4,8}(?:[*#]\d*)?|\d{1,3}(?:-\d{1,3}){2,3}", token):
        return True
    if _product(token) or is_measure(token) or DEPENDENCY_SPEC.fullmatch(token):
        return False
    letters = sum(c.isascii() and c.isalpha() for c in token)  # "密码必须8到16位" is no typed code
    digits = sum(c.isdigit() for c in token)
    if letters >= 3 and digits >= 2 and len(token) >= 6:
        return True
    return bool(re.fullmatch(r"[a-z]+(?:[-_][a-z0-9]+){2,}", token) and len(token) >= 10) or bool(
        re.fullmatch(r"[a-z]+_\w+", token, _I) and digits)


def _access_token(raw: str, core: str, linked: bool) -> bool:
    """In a clause about getting in: a shaped token ("Tiger7Moon", "chenjie123!"), or a code-like one right
    after "with / is / 用 / 是" ("用 wangli1988") — never a product and version ("OAuth2", "React18")."""
    if _product(core) or re.fullmatch(r"[\d.:/-]+", core) or DEPENDENCY_SPEC.fullmatch(core):
        return False
    if re.fullmatch(r"(?:error|err|exit|status|http|fault)[-_ #]?\d+", core, _I):
        return False  # "提示 Error-4031，说账号被锁": what the screen shows, not what is typed
    return len(core) >= 6 and (_strongly_shaped(raw) or _strongly_shaped(core) or (linked and _code_like(core)))


def _four_classes(token: str) -> bool:
    """Upper and lower case, a digit and a symbol typed on purpose: "Blu3Heron!Gate", "Pp8#Mao2026"."""
    return (any(c.isupper() for c in token) and any(c.islower() for c in token) and any(c.isdigit() for c in token)
            and bool(re.search(r"[!@#$%^&*?~]", token)) and len(token) >= 8 and "://" not in token)


# a name's link right before a token: what follows is what a thing is called ("the SSID is", "名字是", "叫")
_NAME_BEFORE = re.compile(r"(?:\b(?:name|named|called|ssid|username|user\s*name|handle|nickname)(?:\s+(?:is|was))?\s*[:=]?|"
                          r"名字|名称|用户名|昵称|叫做?)\s*(?:是|为|[:：=])?\s*[\"'“‘「]?$", _I)


def _word_search(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """The first match of `pattern` that stands as a word, not inside a name joined by '/', '_' or '-'
    ("feature/login-form-v2", "reset_password_url") nor a slot ("<password>", "${PASSWORD}"): such a
    name names a thing, not a way in."""
    for m in pattern.finditer(text):
        if not (re.search(r"[/_<{$]$", text[:m.start()]) or re.match(r"[-_/][A-Za-z0-9]", text[m.end():])):
            return m
    return None


#: characters a token's reading looks at on each side within its clause: a cue that far off is not about it, and
#: a clause of thousands of tokens (a 20,000-character run with no stop) costs linear time, not quadratic
_LOOK = 300


def _typed_credentials(text: str) -> list[Finding]:
    """Tokens that can only be typed credentials: four character classes, a spelled-out password, or a
    strongly shaped token in a clause about logging in / unlocking (en + zh). Each token reads at most `_LOOK`
    characters of its clause on either side."""
    from .user_names import user_name  # user_names builds on this module
    found = []
    start = 0
    look = _LOOK
    for end in [m.start() for m in _CLAUSE_END.finditer(text)] + [len(text)]:
        clause = text[start:end]
        access = _word_search(_ACCESS, clause) is not None
        reaches = access or _word_search(_ACCESS_OBJECT, clause) is not None
        if access:
            for m in _ACCESS_PIN.finditer(clause):
                ahead, behind = clause[max(0, m.start("v") - look):m.start("v")], clause[m.end("v"):m.end("v") + look]
                if re.search(r"(?:://|@)[^\s]*:$", ahead):  # "jdbc:postgresql://localhost:5432/dev": a port
                    continue
                if _ID_BEFORE.search(ahead):  # "我的工号是 88213，门禁刷不开": whose number, not a PIN
                    continue
                if _NOT_CODE_AFTER.search(behind):  # "保险箱是 2019 年买的": a year, a floor, a sum
                    continue
                found.append(Finding("pin", "secret", start + m.start("v"), start + m.end("v"), m.group("v")))
        for m in _TOKEN.finditer(clause):
            ahead, behind = clause[max(0, m.start() - look):m.start()], clause[m.end():m.end() + look]
            raw = m.group(0).strip("[]{}<>")
            token = m.group(0).rstrip(".,!?")
            core = token.strip("[]{}<>")
            if core.casefold() in _PRODUCTS or core.startswith("@"):  # "@jess_t_99": a handle, not a password
                continue
            if re.search(r"(?:://|\bwww\.)\S*$", ahead):  # a link's path or query ("watch?v=dQw4w9WgXcQ&t=42"):
                continue  # a password in a link's userinfo or a key in its query is found by its own rule
            if named_not_typed(core, clause[max(0, m.start() - 40):m.start()]):  # "colour #FF5733 for the login button"
                continue
            if (core.isdigit() or not _four_classes(core)) and _WHOSE_NUMBER.search(re.split(r"[,，;；]", ahead)[-1]):
                continue  # "my student number is on the back of the card: 20451187": the number named before it
            leet = _LEET_PASSWORD.search(core)
            before = clause[max(0, m.start() - 12):m.start()]
            linked = _LINK_BEFORE.search(before) is not None and not _NOT_CODE_BEFORE.search(before)
            after = behind
            plain_code = (reaches and linked and _code_like(core) and not _NOT_CODE_BEFORE.search(before)
                          and not _ID_BEFORE.search(ahead)
                          and not _NOT_CODE_AFTER.search(after) and not re.match(r"\s?\d", after)  # "4111 1111 …" is a card number
                          and not re.search(r"@\S*$", ahead))  # a host's port after an address
            if (_NAME_BEFORE.search(ahead) or user_name(core, ahead, behind)) \
                    and not _four_classes(core):
                continue  # "wifi 名字是 CMCC-5G-Free，在上面用网银安全吗": a name, not what one types
            if plain_code or _four_classes(raw) or _four_classes(core) or (leet and re.search(r"[@4$50]", leet.group(0))) or (
                    access and _access_token(raw, core, linked)):
                found.append(Finding("password", "secret", start + m.start(), start + m.start() + len(token), token))
        start = end + 1
    return found


_STOPS = ".!?。！？\n"


def _sentence_span(text: str, begin: int, end: int) -> tuple[int, int]:
    """Start and end of the sentence holding `text[begin:end]` (its stop excluded)."""
    start = max(text.rfind(c, 0, begin) for c in _STOPS) + 1
    return start, min([i for i in (text.find(c, end) for c in _STOPS) if i >= 0] or [len(text)])


def _sentence(text: str, m: re.Match[str]) -> tuple[int, int]:
    """Start and end of the sentence holding match `m` (its stop excluded)."""
    return _sentence_span(text, m.start(), m.end())


def find_secrets(text: str) -> list[Finding]:
    """Every credential in `text`, by shape and by phrasing (en + zh), in order of position."""
    return screen_secrets(text)[0]


def screen_secrets(text: str) -> tuple[list[Finding], list[Finding]]:
    """The credentials in `text`, and the values it shows as placeholders or examples ("the AWS docs use
    AKIAIOSFODNN7EXAMPLE as the sample key"): what its own context says opens nothing."""
    if not isinstance(text, str) or not text:
        return [], []
    original, text = text, _slots_blank(halfwidth(latin_lookalikes(to_simplified(text).replace("\u2019", "'"))))  # "密碼", one char for one
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
    for m in _URL_KEY.finditer(text):
        if _LONG_HEX.fullmatch(m.group("v")) or _looks_random(m.group("v")):
            add("url with key", m, "v")
    for m in _CLI_PASSWORD.finditer(text):
        add("password", m, next(g for g in "vwx" if m.group(g)))
    for m in _ENV_SECRET.finditer(text):
        if not (m.group("v").casefold() in _EN_NON_VALUE and re.search(r"[=:]\s+$", text[m.start():m.start("v")])):
            add("credential", m, "v")  # not ".env.example has DB_PASSWORD= with no value": a word after "= "
    for m in _FIELD_SECRET.finditer(text):
        if _FIELD_WORDS.search(m.group("k")) and _credential_shaped(m.group("v")):
            add("credential", m, "v")
    for m in _PLAIN_FIELD.finditer(text):
        if not _NOT_SECRET_PLAIN_FIELD.search(m.group("k")) and _credential_shaped(m.group("v")):
            add("credential", m, "v")
    for m in _PASCAL_FIELD.finditer(text):
        value = m.group("v")
        if not _NOT_SECRET_FIELD.match(m.group("k")) and (_strongly_shaped(value) or _looks_random(value) or _LONG_HEX.fullmatch(value)):
            add("credential", m, "v")
    for m in _QUOTED_FIELD.finditer(text):  # the key names the secret last: "app_secret", not "password_policy"
        if _FIELD_LAST_WORD.search(m.group("k")) and _credential_shaped(m.group("v")):
            add("credential", m, "v")
    for m in _NEAR_VALUE.finditer(text):
        word, hexed = m.group("w").casefold(), _LONG_HEX.fullmatch(m.group("v").rstrip(".!?"))
        if not hexed and word in ("token", "secret") and _LINK_END.search(m.group("gap")):
            hexed = _SHORT_HEX.fullmatch(m.group("v").rstrip(".!?,"))  # "JWT secret I put in the config: a8f3e1c9b7d2"
        # a hex value after "token / secret / auth", or a 32+ one after "key" ("openweather key 8c2f…", "auth 5e8f…")
        hex_secret = hexed and not _HEX_NOT_KEY.search(m.group("gap")) and (word in ("token", "secret", "auth") or (
            word == "key" and len(hexed.group(0)) >= 32 and not _DATA_KEY.search(text, 0, m.start("w"))))
        data_key = word == "key" and _DATA_KEY.search(text, 0, m.start("w"))  # "字典的key是 user_name_2024"
        if m.group("gap").strip() and KNOWN_TECH.fullmatch(m.group("v").rstrip(".!?")):
            continue  # "my password doesn't work on Android12": a product a few words on, not the value
        if m.group("v").rstrip(".!?,").casefold() in _PRODUCTS:
            continue  # "the API key is in 1Password": where it is kept
        if word == "key" and re.match(r"\s*=\s*[\"'][A-Za-z][\w.:-]*[\"']", text[m.end("w"):]):
            continue  # '<add key="SmtpHost" value="…">': the key's name is given, its value is another field's
        if _HEX_NOT_KEY.search(m.group("gap")) or re.search(r"\b(?:public|publishable|pub)[\s_-]*$", text[max(0, m.start("w") - 14):m.start("w")], _I):
            continue  # "the public key fingerprint is SHA256:…", "the publishable key is pk_live_…": what anyone may see
        if hex_secret or (word != "auth" and not data_key and _strongly_shaped(m.group("v").rstrip(".!?"))):
            add("password" if m.group("w").casefold().startswith(("pas", "pss")) else m.group("w").casefold(), m, "v")
    for m in _AK_SK.finditer(text):
        value = m.group("v")
        if _LONG_HEX.fullmatch(value) or _strongly_shaped(value) or _looks_random(value):
            add("access key", m, "v")
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
        if value[:1].isdigit() and re.search(r"\b(?:from|in|since|until|till|by|before|after|around|circa|of|on|at)\s+$",
                                             text[m.start():m.start("v")], _I):
            continue  # "the PIN for my old phone from 2015": a year or a time after a preposition, no link to a value
        if re.search(r"s\s+are\s*$", text[m.start("w"):m.start("v")], _I) and not _credential_shaped(value.split()[0]):
            continue  # "3 of my passwords are reused": what they are like, not what they are
        if re.match(r"key\s", word, _I) and not (_credential_shaped(value.split()[0]) or text[m.start("v") - 1] in "\"'“‘"):
            continue  # "the key to unlock growth is better onboarding": a common noun needs a typed or quoted value
        if _en_value_ok(word, value):
            kind = "password" if word.casefold().startswith(("pass", "pw")) else re.sub(r"\s+", " ", word.casefold())
            spelled = NUMBER_WORDS.match(value)
            if spelled:  # "pin is nineteen fifty two": the words of the number, all of them
                found.append(Finding(kind, "secret", m.start("v"), m.start("v") + spelled.end(), spelled.group(0)))
            elif _DIAL.search(word) and (numbers := _DIAL_NUMBERS.match(text, m.start("v"))):  # "combination — 14, 32, 7"
                found.append(Finding(kind, "secret", numbers.start(), numbers.end(), numbers.group(0)))
            elif "phrase" in word.casefold() or _DIAL.search(word) or word.casefold().endswith("master"):  # spaces inside: the rest of the clause is its value
                add(kind, m, "v")
            else:
                start, first = m.start("v"), re.split(r"[，。；！？、]", value.split()[0])[0]  # "123456，是…": zh stops it
                spaced = _SPACED_CODE.match(value)
                if spaced and sum(c.isdigit() for c in spaced.group(0)) >= 3:  # "my cvv is 7 3 1": every digit of it
                    first = spaced.group(0)
                if first:
                    found.append(Finding(kind, "secret", start, start + len(first), first))
    for m in _EN_AS_PASSWORD.finditer(text):
        add("password", m, "v")
    for m in _EN_CHANGED_TO.finditer(text):
        if m.group("v").casefold() not in _EN_NON_VALUE:  # "I changed my PIN to something harder"
            add("password", m, "v")
    for m in _EN_LOGIN_PAIR.finditer(text):
        if _credential_shaped(m.group("v")):
            add("password", m, "v")
    for m in _ZH_PHRASE.finditer(text):
        if re.match(_ZH_NOT_VALUE, m.group("v")):  # "设置成一样的有风险吗": a comparison, not a value
            continue
        if re.search(r"[？?]", m.group("gap") or "") and not re.match(r"[A-Za-z0-9]", m.group("v")):
            continue  # "密码？是不是太简单": asked about, the answer no typed value
        if re.fullmatch(r"[\u4e00-\u9fff]{1,8}的", m.group("v")):  # "密码是重复的": what it is like, not what it is
            continue
        if re.match(r"[\u4e00-\u9fff]{1,12}(?:上|里|中|内|背面|底部|背后|后面|旁边|上面|下面|底下)的", m.group("v")):
            continue  # "密码是路由器底部标签上的 8 位数字": where it is, not what it is
        if m.group("v").casefold() in _PRODUCTS:  # "密码在 1Password 里": where they are kept
            continue
        if re.fullmatch(r"[\u4e00-\u9fff]+", m.group("v")) and (m.group("v").endswith(("吗", "么", "嘛"))
                                                           or text[m.end("v"):m.end("v") + 1] in ("?", "？")):
            continue  # "口令是公司年会时大家要对的那种暗号吗？": zh words asked about, not a pass phrase given
        if _ZH_MEASURE.match(m.group("v")):  # "API密钥每90天要轮换一次", "密钥长度 256 位": a period or a length
            continue
        # a pass phrase given in quotes ("接头暗号“月亮湾”"), not a button's label ("验证码“发送”按钮")
        quoted = m.group("w") in ("暗号", "暗语", "口令") and m.start("v") > 0 and text[m.start("v") - 1] in "\"'“‘「"
        linked = m.group("link").strip() or re.search(r"[是为叫]$", m.group("gap") or "")  # "预留信息是“桂花糕”"
        if not linked and not quoted and re.fullmatch(r"[\u4e00-\u9fff]{1,4}[？?！!。]?", m.group("v")):
            continue  # "会提示输入密码 对吧": a space and a few zh words after it (a tag, a verb), no link to a value
        if m.group("gap") and not re.search(r"[是为叫成到设改换]", m.group("gap")) and not m.group("link").strip() \
                and not _credential_shaped(m.group("v")):
            continue  # "把密码记在 Excel 里": a verb between, no link, a plain word after it ("密码是 sunshine" has one)
        add("密码" if m.group("w") in ("密码", "口令") else m.group("w"), m, "v")
    for m in _MIXED_PHRASE.finditer(text):
        if re.match(_ZH_NOT_VALUE, m.group("v")):  # "token 是怎么算的": a question about one
            continue
        if re.match(r"\s*(?:个|位|字|次|天|元|块|万|千|%)", text[m.end("v"):]):
            continue  # "我的 token 是 128 000 个": a count
        if m.group("w").casefold() == "pin" and re.fullmatch(r"\d{1,2}", m.group("v")):
            continue  # "GPIO 的 PIN 是 17": a board's pin number, not a PIN
        spelled = NUMBER_WORDS.match(text, m.start("v"))
        if spelled:  # "我的PIN是 nine one four seven": the words of the number, all of them
            found.append(Finding(m.group("w").casefold(), "secret", spelled.start(), spelled.end(), spelled.group(0)))
            continue
        add("password" if m.group("w").casefold().startswith("pass") else m.group("w").casefold(), m, "v")
    for m, group in _wifi_keys(text):
        add("wifi key", m, group)
    found += _typed_credentials(text)
    for m in _SECURITY_ANSWER.finditer(text):
        group = next(g for g in "vwxyzu" if m.group(g) is not None)
        if m.group(group).casefold() not in ("is", "was", "the", "my", "a", "an", "answer", "about", "like", "it", "that", "this", "down",
                                             "something", "nothing", "private", "secret", "confidential", "personal", "none", "never", "not") \
                and not re.match(r"(?:我|你|您|他|她|从来|从不|不|没|也|都|还|一直)", m.group(group)) \
                and not re.match(_ZH_NOT_VALUE, m.group(group)):  # "安全问题答案是什么来着？" asks
            add("security answer", m, group)
    for m in _SECURITY_USE.finditer(text):
        start, _ = _sentence(text, m)
        asked = re.match(r"[^.!?。！？\n]*[?？]", text[m.end():])  # "what should I use for security questions?"
        if text[start:m.start()].strip() and not asked:
            found.append(Finding("security answer", "secret", start, m.end(), text[start:m.end()]))
    for m in _MODIFIED_PASS.finditer(text):
        if _strongly_shaped(m.group("v").rstrip(".!?")) and not _product(m.group("v").rstrip(".!?")):
            add("password", m, "v")
    for m in _LISTED_PASSWORD.finditer(text):
        if m.group("v").casefold() not in _EN_NON_VALUE and not re.match(_EN_NOT_CREDENTIAL, m.group("v"), _I):
            add("password", m, "v")
    for m in _ZH_VALUE_FIRST.finditer(text):  # not "2580 是不是最常见的手机密码？": an example people use, nobody's
        if re.search(r"\d", m.group("v")) and not _product(m.group("v")) and not _ZH_GENERIC.search(m.group(0)):
            add("密码", m, "v")
    for pattern in (_ZH_ANSWER, _ZH_SAME_AS):
        for m in pattern.finditer(text):
            lead = text[m.start():m.start("v")]
            if re.match(_ZH_NOT_VALUE, m.group("v")) or _ID_BEFORE.search(lead) or named_not_typed(m.group("v"), lead):
                continue  # "密码那个 bug 的工单号是 SEC-2291": the number named right before it, not the password
            add("密码", m, "v")
    for m in _SECURITY_MENTION.finditer(text):  # "I use Rosebud as the answer … on all my security questions"
        start, end = _sentence(text, m)
        sentence = text[start:end]
        named = re.search(r"(?<=\s)(?!I\b|I'|Security\b)[A-Z][a-z]{2,}|[\"'“‘][^\"'”’]{2,40}[\"'”’]", sentence)
        if named and text[end:end + 1] not in ("?", "？") and re.search(r"\b(?:use|used|set|put|answer|answers)\b", sentence, _I):
            found.append(Finding("security answer", "secret", start, end, sentence))
    for m in _ZH_DIAL.finditer(text):
        if m.group("w") == "组合" and not re.search(r"[锁柜箱]", text[max(0, m.start() - 10):m.start()]):
            continue  # "这个组合是 1、2、3 号": a set of things, not a dial's
        add("密码", m, "v")
    for m in _ZH_NEAR_VALUE.finditer(text):
        if _strongly_shaped(m.group("v")) and m.group("v").casefold() not in _PRODUCTS:
            add("密码", m, "v")
    for m in _SEED.finditer(text):
        rest = re.match(r"[^。.!?！？\n]*", text[m.end():])
        span_end = m.end() + (rest.end() if rest else 0)
        if span_end > m.end() + 3 and (_SEED_VALUE.search(text, m.end(), span_end) or _word_run(text[m.end():span_end])):
            found.append(Finding("seed phrase", "secret", m.end(), span_end, text[m.end():span_end].strip()))
    from .carried import find_carried
    from .coded import find_coded
    from .counted import find_counted
    from .cued import find_cued  # cued and presented build on this module's helpers
    from .described import find_described
    from .drawn import find_drawn
    from .framed import find_framed
    from .hedged import find_hedged
    from .laidout import find_laid_out
    from .named_alone import find_named_alone
    from .noted import find_noted
    from .phrased import find_phrased
    from .presented import find_presented
    from .questioned import find_questioned
    from .replied import find_replied
    from .system_login import find_system_logins
    from .user_names import find_after_user_name
    from .written import find_written
    found += [f for f in find_cued(text) if f.category == "secret"]
    found += find_hedged(text)
    found += find_presented(text)
    found += find_framed(text)
    found += find_laid_out(text)
    found += find_coded(text)
    found += find_replied(text)
    found += find_written(text)
    found += find_noted(text)
    found += find_named_alone(text)
    found += find_system_logins(text)
    found += find_after_user_name(text)
    found += find_questioned(text)
    found += find_counted(text)
    found += find_carried(text)
    found += find_described(text)
    found += find_phrased(text)
    found += find_drawn(text)
    kept: list[Any] = []
    dismissed: list[Any] = []
    for f in _dedupe([_with_spaces(f, text) for f in found]):
        (dismissed if _placeholder(f, text) else kept).append(_as_written(f, text, original))
    return kept, dismissed


_OPEN_QUOTE = {"\"": "\"", "'": "'", "“": "”", "‘": "’", "「": "」", "『": "』"}
# the words after a first one that end a pass phrase typed with spaces: "blueberry muffin 99", "xiao mi 2024"
_MORE_WORDS = re.compile(r"(?:[ \t]+[A-Za-z0-9][\w!@#$%^&*+=~-]*){1,5}?[ \t]+(?=[A-Za-z]*\d)[A-Za-z0-9][\w!@#$%^&*+=~-]*(?=\s*(?:$|[,;.!?，。；！？\n]))")


def _with_spaces(f: Finding, text: str) -> Finding:
    """`f` widened to the whole pass phrase when its value is the first word of one: a quote that opens right before
    it closes after more words on the line (REDIS_PASSWORD: "Cobalt Sky 88"), or more words run to the clause's end
    and the last holds a digit ("my password is blueberry muffin 99, …"). Only what is redacted grows."""
    if f.category != "secret" or not f.value or " " in f.value or f.start == 0:
        return f
    close = _OPEN_QUOTE.get(text[f.start - 1])
    if close:
        end = text.find(close, f.end, f.end + 80)
        if end > f.end and "\n" not in text[f.end:end] and text[f.end] == " ":
            return Finding(f.kind, f.category, f.start, end, text[f.start:end])
        return f
    more = _MORE_WORDS.match(text, f.end)
    if more and f.kind in ("password", "密码", "passphrase", "credential"):
        return Finding(f.kind, f.category, f.start, more.end(), text[f.start:more.end()])
    return f


# a slot a value goes in, named by words: "<password>", "<你的密码>", "${DB_PASSWORD}", "{{api_key}}"
_SLOT = re.compile(r"(?<=<)[A-Za-z_\u4e00-\u9fff][\w\u4e00-\u9fff .-]{0,29}(?=>)|(?<=\$\{)[\w.-]{1,30}(?=\})|(?<=\{\{)\s*[\w.-]{1,30}\s*(?=\}\})")


def _slots_blank(text: str) -> str:
    """`text` with the words inside each slot ("<password>" -> "<xxxxxxxx>") blanked, one character for one: a
    credential word in a slot names where a value goes, so no rule takes it for a secret named nearby."""
    return _SLOT.sub(lambda m: "x" * len(m.group(0)), text) if ("<" in text or "{" in text) else text


def halfwidth(text: str) -> str:
    """`text` with full-width digits and letters ("２０１９０８", "ＰＩＮ") as ASCII, one character for one, so spans
    stay valid in the original. Full-width punctuation (，？：) stays: the zh rules read it as zh punctuation."""
    return text.translate(_HALFWIDTH) if _FULLWIDTH.search(text) else text


_HALFWIDTH = {c: c - 0xFEE0 for r in ((0xFF10, 0xFF1A), (0xFF21, 0xFF3B), (0xFF41, 0xFF5B)) for c in range(*r)}
_FULLWIDTH = re.compile("[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]")


def _as_written(f: Finding, text: str, original: str) -> Finding:
    """`f` with its value as the original text spells it (full-width digits stay full-width)."""
    if text is original or text[f.start:f.end] != f.value:
        return f
    return Finding(f.kind, f.category, f.start, f.end, original[f.start:f.end])


# a placeholder, not a credential: "password: xxxx", "<PASSWORD>", "your_password_here"; a well-known dummy
# ("password123", "test123") in a sentence about tests or examples; a length rule ("密码至少12位")
_PLACEHOLDER_VALUE = re.compile(r"x{3,}|\*{3,}|\.{3,}|[a-z]{1,6}[_-](?:[a-z]+[_-])?(?:x{6,}|X{6,}|\*{4,})|<[^<>]{1,30}>|\{\{?[^{}]{1,30}\}?\}|\$\{?[A-Z_]+\}?|"
                                r"your[_-]?[\w-]*?[_-]?here|(?:你|您)(?:自己)?的(?![\w-]*\d)[\w-]{1,16}|changeme|placeholder|redacted|(?:\d+\s*(?:到|至|-|~)\s*)?\d+\s*(?:位|个字符|字符|characters?|chars?|digits?)",
                                _I)
_DUMMY_VALUE = re.compile(r"(?:p[a@4][s5$]{2}w[o0]rd|test|admin|demo|dummy|example|sample|foo|secret|qwerty|abc)\d{0,4}!?|"
                          r"123456\d{0,3}|1234|0000|letmein", _I)
# "the test box", "测试服" is a machine the user logs in to, not tests: a weak value used there is still theirs
_TEST_MACHINE = r"(?:\s+(?:box(?:es)?|servers?|machines?|hosts?|vms?|env(?:ironment)?s?|accounts?|rigs?|instances?|db|database)\b)"
_ABOUT_TESTS = re.compile(rf"\b(?:(?:tests?|testing)(?!{_TEST_MACHINE})|unit\s+tests?|fixtures?|mocks?|fake|dummy|placeholders?|examples?|"
                          r"samples?|hard-?coded|common(?:est)?|weak|(?:the|in|from|per)\s+docs?|documentation|tutorials?)\b|"
                          # the docs a value comes from ("文档里写…"), not one the user writes ("帮我写个交接文档")
                          r"测试(?!服|环境|机|账号|数据库)|单元测试|假的?|示例|样例|例子|占位|弱密码|常见|文档(?:里|中|上|说|写)|(?:官方|开发|接口|示例)文档|教程", _I)
# a well-known weak value asked about, owned by nobody: "Is 'P@ssw0rd' really as bad as …?", "密码设成 123456 是不是很危险？"
_JUDGED = re.compile(r"\b(?:bad|safe|secure|strong|weak|good|ok|okay|dangerous|risky|guessable|crackable|terrible|awful|"
                     r"horrible|obvious|predictable|dumb|stupid|lame)\b|危险|安全|够强|太弱|容易被|强密码|弱密码|强不强|够不够|"
                     r"\b(?:meets?|valid|allowed|accepted|acceptable|enough)\b|满足|符合|合格|格式", _I)
# a secret's name before a quoted value presents it ("the wifi password is 'Trout#Lake77', is that safe?")
_NAMED_BEFORE = re.compile(rf"\b(?:{_EN_WORD})\b(?!\s+(?:{_EN_NOT_CREDENTIAL})\b)|(?:{_ZH_WORD})(?!{_ZH_NOT_CREDENTIAL})", _I)
_QUOTES = "\"'“‘「『"
_OWNER = re.compile(r"\b(?:my|mine|I|I'?ve|I'?m|our)\b|我", _I)
# people at large: a common value said of them is nobody's secret ("so many people still use qwerty123")
_OTHERS = re.compile(r"\b(?:(?:so\s+|too\s+)?many\s+people|(?:a\s+)?lots?\s+of\s+(?:people|users|folks)|most\s+(?:people|users)|"
                     r"everyone|everybody|half\s+(?:the|of\s+the)\s+\w+|people\s+(?:still\s+)?(?:use|pick|choose))\b|"
                     r"好多人|很多人|不少人|大多数人|多数人|大家|人们|一堆人|太多人")
# code that reads a secret from elsewhere, not the secret: "os.environ['DB_PASSWORD']", "os.getenv(…)",
# "process.env.API_KEY", "settings.SECRET_KEY"; and an environment variable's name ("DB_PASSWORD")
_LOOKUP = re.compile(r"\$\(|`|(?:[A-Za-z_]\w*\.)+[A-Za-z_]\w*\s*[\[(]|(?:process|import\.meta)\.env\b|"
                     r"(?:os\.environ|os\.getenv|System\.getenv|getenv|ENV)\b|"
                     r"(?:settings|config|secrets|env|ENV)\.(?-i:[A-Z][A-Z0-9_]+)\b", _I)
_ENV_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")


# a public key: the algorithm of an SSH key line and the base64 after it ("ssh-ed25519 AAAAC3Nza…") opens nothing
_PUBLIC_KEY = re.compile(r"(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)(?:\s+AAAA[A-Za-z0-9+/=]*)?")


# a URL whose password part names the slot: "https://user:password@host", "https://用户名:密码@主机"
_URL_TEMPLATE = re.compile(r"://[^\s/:@]*:(?:password|passwd|pass|pwd|secret|token|key|密码|口令|密钥)@[^\s/，。]*", _I)


def _public_key(f: Finding, text: str) -> bool:
    key = next((m for m in _PUBLIC_KEY.finditer(text, max(0, f.start - 40)) if m.start() <= f.start), None)
    return key is not None and f.end <= key.end() + 1


def _placeholder(f: Finding, text: str) -> bool:
    from .dismissed import dismissed_secret  # dismissed reads sentences the way this module does
    if f.category != "secret":
        return False
    if dismissed_secret(f.value, f.start, f.end, text):
        return True
    if _public_key(f, text):
        return True
    if re.search(r"\b(?:sha(?:1|224|256|384|512)?|md5)\s*:\s*$", text[max(0, f.start - 12):f.start], _I):
        return True  # "SHA256:nThbg6kX…", "sha256:4a5b…": a digest or a key's fingerprint, not what opens it
    if re.search(r"\*{4,}|•{4,}", f.value):
        return True  # "LTAI************": a mask
    if "EXAMPLE" in f.value and re.search(r"\b(?:examples?|samples?|docs?|documentation|tutorials?|guides?|readme|"
                                         r"courses?|books?|blog\s+posts?)\b|示例|样例|例子|文档|教程|课程",
                                         text[slice(*_sentence_span(text, f.start, f.end))], _I):
        return True  # "the AWS docs example key is AKIAIOSFODNN7EXAMPLE": the docs' own, labelled so
    if any(t.start() < f.end and f.start < t.end() for t in _URL_TEMPLATE.finditer(text)):
        return True  # "https://user:password@host/path": a URL's shape, its slots named
    value = re.sub(r"^\w+\s*=\s*", "", f.value).strip("'\"“”‘’`")  # "password='changeme'": its value
    value = re.sub(r"(?<=[*x•.])[（(][^（()）]*[)）]?$", "", value)  # "******（已隐藏）": a mask and a note on it
    if _PLACEHOLDER_VALUE.fullmatch(value) or re.match(r"[<{][^<>{}\n]{1,30}[>}](?![^\s\"',;.!?，。；！？)])", text[f.start:]):
        return True
    if re.search(r"(?:\bpublic|\bpub)[\s_-]?key[\"']?\s*[=:]\s*[\"']?$", text[max(0, f.start - 24):f.start], _I):
        return True  # "PublicKey = xTIBA5rb…=": a WireGuard peer's public key, what anyone may see
    tail = f.value.rsplit("=", 1)[-1] if "=" in f.value.rstrip("=") else ""
    if tail and (_LOOKUP.match(tail) or tail.startswith("$")):
        return True  # "password=os.environ['PGPASS']", "--from-literal=password=$(openssl …": read from elsewhere
    if _LOOKUP.match(text, f.start) or (_ENV_NAME.fullmatch(value) and _FIELD_WORDS.search(value)):
        return True  # "password = os.environ['DB_PASSWORD']": where the secret is read from
    if value.isdigit() and re.match(r"\s*(?:位|个字符|个字|字符|characters?|chars?|digits?|letters?|秒|分钟|小时|天|次|"
                                    r"seconds?|secs?|minutes?|mins?|hours?|days?|times?|tries)", text[f.end:], _I):
        return True  # "密码至少 12 位": a length
    quoted = f.value[:1] in _QUOTES or text[f.start - 1:f.start] in _QUOTES
    if _DUMMY_VALUE.fullmatch(value) or quoted:
        start, end = _sentence_span(text, f.start, f.end)
        sentence = text[start:end]
        question = re.match(r"[^.\n。！？?]*[?？]", text[f.end:])  # "Is 'Passw0rd!' really as weak as …?"
        asked = text[start:f.end + question.end()] if question else ""
        judged = asked and _JUDGED.search(asked) and not _OWNER.search(asked)
        if quoted and not _DUMMY_VALUE.fullmatch(value):  # any quoted value: judged, owned and named by nobody
            # named by a word or by a key in code: "define('DB_PASSWORD', 'Wp4$xRt7Kn'); safe?"
            return bool(judged) and not (_NAMED_BEFORE.search(text[start:f.start]) or _FIELD_WORDS.search(text[start:f.start]))
        others = _OTHERS.search(sentence) and not _OWNER.search(sentence)  # "好多人密码还在用 123456": nobody's own
        return bool(judged) or bool(others) or _ABOUT_TESTS.search(sentence) is not None
    return False


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
