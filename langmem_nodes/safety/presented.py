"""Values a sentence presents as a secret even when they look like plain words (en + zh).

The other passes need a value that looks typed ("Tiger7Moon", "7264"). This one reads the sentence's structure
instead, so "bananabread" or "zoo zone zero" counts when the sentence says it is the secret:

- a part of a secret is a secret: "my PIN ends in 42", "the last 3 words of my wallet seed are zoo zone zero",
  "密码后两位是 42", "助记词最后三个是 …";
- what the user logs in with: "I log into the work laptop with the word pancakes", "I use hunter2 for everything", "hunter2 is what I log in with", "is 'qwerty!2345'
  what I used for the tax site?", "我所有账号都用hunter2", "报税网站我用的是不是 qwerty!2345" (a value with a digit or symbol, never a product or version: "python3", "Win11");
- a value quoted or pointed at beside a secret's name: "the same password everywhere, 'bananabread'",
  "用 sunshine 这个密码";
- a wallet seed's words: a run of 3+ lowercase words in a sentence naming a seed (or right after one).
"""

from __future__ import annotations

import re

from .credentials import _ABOUT_TESTS, _EN_NON_VALUE, _EN_NOT_CREDENTIAL, _PRODUCTS, KNOWN_TECH, Finding

_I = re.IGNORECASE

# an access secret named by a word (en + zh); "password manager", "密码学" are not one
_SECRET_WORD = re.compile(
    rf"\b(?:pass(?:word|wd|code|phrase)s?|pwd|pw|(?:(?:my|the|your|our|his|her|card|debit|credit|bank|atm|sim|phone|new|old|unlock|payment)\s+)pins?(?:\s+(?:code|number))?|pin\s+(?:code|number)|master\s+key|"
    rf"(?:door|gate|alarm|safe|lock|locker|garage|keypad|vault|lock\s*box|key\s*box|padlock|entry|building|storage)\s+(?:code|combo|combination)|"
    rf"(?:jwt|session|client|app|api|shared|signing|webhook|encryption|cookie)\s+secret|secret\s+key)\b(?!\s+(?:{_EN_NOT_CREDENTIAL})\b)|"
    r"密码(?!学|管理|策略|规则|长度|强度|框|提示|生成|保护|器|箱|机|本)|口令|暗号|pin\s*码", _I)
# a wallet seed: "seed phrase", "my crypto seed", "recovery words", "mnemonic", "助记词"
_SEED_WORD = re.compile(
    r"\b(?:seed\s+(?:phrase|words?)|recovery\s+(?:phrase|words?|seed)|mnemonic(?:\s+phrase)?|secret\s+recovery|"
    r"(?:crypto|wallet|bitcoin|btc|ethereum|eth|metamask|ledger|trezor|phantom|exodus|coinbase)\s+(?:seed|words)|"
    r"(?:my|the|our)\s+seed(?!\s+(?:round|funding|money|investors?|stage|capital|data|value|number|of|for)\b))|"
    r"助记词|恢复短语|种子短语|钱包种子|恢复词|"
    # a wallet and the words it is restored with: "restoring my wallet with these words: …", "导入钱包的单词"
    r"\b(?:wallet|metamask|ledger|trezor|electrum|phantom|exodus)\b[^.!?\n]{0,40}?\b(?:words|phrase)\b|"
    r"钱包[^。！？\n]{0,12}?(?:单词|英文词|词)", _I)
_SENTENCE = re.compile(r"(?:[^.!?。！？\n;；]|[.!?;](?!\s|$))+(?:[.!?;]+(?=\s|$)|[。！？\n；]+|$)")
_VALUE_CHARS = r"[A-Za-z0-9!@#$%^&*_+=~.\-]"

# ---- a part of a secret -----------------------------------------------------------------------------------
_COUNT = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|few|couple(?:\s+of)?)"
_PART_EN = re.compile(
    rf"\b(?:ends?|ending|ended|starts?|starting|started|begins?|beginning|began)\s+(?:with|in|on)\s+|"
    rf"\b(?:last|first|final|initial|second|other)\s+(?:{_COUNT}\s+)?(?:digits?|numbers?|letters?|characters?|chars?|words?|"
    r"half|halves|part|bit|piece)?"  # "the first half is Marigold and the second half is Tunnel58"
    rf"(?:\s+of\s+[^.!?;:]{{0,40}}?)?\s*(?:are|is|were|was|:|=|->)\s*", _I)
_PART_ZH = re.compile(
    r"(?:后|前|最后|开头|结尾|末尾|头|尾|上|下)(?:\s*[\d一二三四五六七八九十两几半]+\s*)?(?:位|个(?:字母|数字|字|词|单词)?|段|截|部分)?(?:数字|字母)?"
    r"(?:\s*(?:就|都)?(?:是|为|：|:|=)|\s+)\s*")
_PART_VALUE = re.compile(rf"[\"'“‘「]?(?P<v>{_VALUE_CHARS}+(?:\s+[a-z]{{3,8}}(?![A-Za-z0-9])){{0,11}})")


def _parts(sentence: str, offset: int, seed: bool) -> list[Finding]:
    out = []
    for marker in (*_PART_EN.finditer(sentence), *_PART_ZH.finditer(sentence)):
        m = _PART_VALUE.match(sentence, marker.end())
        if not m:
            continue
        value = m.group("v").rstrip(".-")
        if not value.strip():  # only punctuation after the marker ("种子短语 … ."): nothing presented
            continue
        first = value.split()[0]
        if first.casefold() in _EN_NON_VALUE or _measure_after(sentence[m.end():]):
            continue
        if not seed:
            value = first
        elif not re.fullmatch(r"[a-z]{3,8}(?:\s+[a-z]{3,8})*", value):
            continue
        start = offset + m.start("v")
        out.append(Finding("seed phrase" if seed else "part of a secret", "secret", start, start + len(value), value))
    return out


def _measure_after(after: str) -> bool:
    return re.match(r"\s*(?:characters?|chars?|digits?|letters?|words?|symbols?|位|个字|个字符)", after, _I) is not None


# ---- what the user logs in with -----------------------------------------------------------------------------
_TOKEN = rf"(?P<v>{_VALUE_CHARS}{{4,40}})"
_LOGIN_USE = [
    re.compile(rf"\b(?:use|uses|using|used|type|types|typing|typed)\s+[\"'“]?{_TOKEN}[\"'”]?\s+(?:for|on|as|at|in)\s+"
               r"(?:basically\s+|pretty\s+much\s+|literally\s+|almost\s+|nearly\s+|just\s+about\s+)?"
               r"(?:everything|every\s*(?:thing|one|where|account|site|app|login)|all\s+(?:of\s+)?(?:my\s+|the\s+)?"
               r"(?:accounts?|logins?|sites|websites|apps|passwords|stuff)|(?:each|any)\s+(?:account|site|login))", _I),
    re.compile(rf"\b(?:use|using|used)\s+[\"'“]?{_TOKEN}[\"'”]?\s+everywhere\b", _I),
    re.compile(rf"\b(?:log(?:s|ged|ging)?|sign(?:s|ed|ing)?)\s*(?:in|on)(?:to\s+[\w.-]+)?\s+(?:with|using)\s+[\"'“]?{_TOKEN}", _I),
    re.compile(rf"[\"'“]?{_TOKEN}[\"'”]?\s+(?:gets|got)\s+me\s+into\b", _I),
    re.compile(rf"\b(?:use|using|used|type|typing|typed|enter|entering|entered)\s+[\"'“]?{_TOKEN}[\"'”]?\s+(?:to\s+(?:log|sign)\s*(?:in|on)|"
               r"to\s+unlock|(?:at|on|in|into)\s+(?:the\s+|my\s+)?(?:login|log-?in|sign-?in|lock\s*screen|password\s+(?:box|field|prompt)))", _I),
    re.compile(rf"\b(?:for|on)\s+(?:everything|all\s+(?:of\s+)?my\s+(?:accounts?|logins?|sites|apps)|every\s+(?:account|site|login)),?\s+"
               rf"(?:I|we)\s+(?:just\s+|always\s+|usually\s+)?(?:use|type)\s+[\"'“]?{_TOKEN}", _I),
    re.compile(rf"用\s*[\"'“‘「]?{_TOKEN}[\"'”’」]?\s*(?:来|去)?(?:登录|登陆|登入|解锁)", _I),
    re.compile(r"(?:所有|全部|每个|各个|各种|好多|很多)(?:的)?(?:账号|帐号|账户|帐户|网站|app|平台|软件)[^。！？，,\n]{0,6}?"
               rf"(?:都|也|一律|统一)?(?:用|是|设成|设的|设置成)(?:的是|的都是|的)?\s*[\"'“‘「]?{_TOKEN}", _I),
    re.compile(rf"(?:登录|登陆|登入|解锁)(?:的时候|时)?[^。！？，,\n]{{0,4}}?(?:都|就|一般|一直)?(?:用|输|输入|打)(?:的是)?\s*[\"'“‘「]?{_TOKEN}", _I),
]
# a plain word named as the word one logs in with: "I log into the work laptop with the word pancakes", "the laptop
# unlocks with the password 'marigold'" (the name "the word / password / phrase" says it is typed)
_PLAIN_LOGIN = re.compile(
    r"\b(?:(?:log(?:s|ged|ging)?|sign(?:s|ed|ing)?)\s*(?:in|on)(?:to\s+(?:the\s+|my\s+|our\s+)?(?:[\w'-]+\s+){0,2}?[\w'-]+)?|"
    r"unlock(?:s|ed|ing)?(?:\s+(?:it|the\s+[\w'-]+|my\s+[\w'-]+))?|get(?:s|ting)?\s+in(?:to\s+[\w'-]+)?)\s+"
    r"(?:as\s+[\w.@-]{2,30}\s+)?(?:with|using)\s+(?:just\s+)?(?:the\s+(?:pass)?(?:word|phrase)\s+[\"'“‘]?(?P<v>[A-Za-z]{3,30})(?![\w-])|"
    # quoted ("the kids' tablet unlocks with 'rainbow'"), or after the user it logs in as ("log in as admin with bluebird")
    r"[\"'“‘](?P<q>[A-Za-z]{3,30})[\"'”’]|(?<=\s)(?P<u>[a-z]{4,30})(?=\s*(?:$|[,;.!?])))", _I)
# how one signs in, not what one types: "log in as admin with ssh", "… with google"
_METHOD = re.compile(r"(?:ssh|sudo|sso|saml|ldap|kerberos|okta|google|apple|github|microsoft|facebook|email|e-mail|phone|"
                     r"fingerprint|face|faceid|touchid|biometrics?|passkeys?|yubikey|keys?|tokens?|certificates?|certs?|"
                     r"difficulty|ease|trouble|problems?|errors?|success|care|permission|permissions|privileges|rights)$", _I)
_COMPOUND = re.compile(rf"processors?|processing|counts?|limits?|lists?|games?|clouds?|documents?|docs?|files?|art|(?:{_EN_NOT_CREDENTIAL})", _I)
# the value and "what I use(d)" joined by a copula, said or asked, any tense: "hunter2 is what I use", "is
# 'qwerty!2345' what I used for the tax site?", "sunny#88 was the one I typed for the HR portal"
_WHAT_I_USE = (r"(?:what|the\s+one|the\s+(?:password|pw|pin|code|passcode)|one)\s+(?:that\s+)?(?:I|we)(?:'ve|\s+have|'d|\s+had)?\s+"
               r"(?:always\s+|usually\s+|normally\s+|typically\s+|originally\s+|last\s+)?"
               r"(?:use|type|log|sign|set|pick|chose|put\s+in|enter)")
# zh: what an account or a login "用的是" — "报税网站用的是不是 qwerty!2345", "qwerty!2345 是不是我报税网站用的那个"
_ZH_USED_FOR = r"(?:账号|帐号|账户|帐户|登录|登陆|网银|邮箱|网站|官网|app|APP|系统|平台|后台)"
_USED_RELATION = [
    re.compile(rf"[\"'“]?{_TOKEN}[\"'”]?\s+(?:is|was|'s)\s+{_WHAT_I_USE}", _I),
    re.compile(rf"\b(?:is|was)\s+(?:it\s+)?[\"'“]?{_TOKEN}[\"'”]?\s+{_WHAT_I_USE}", _I),
    re.compile(rf"{_ZH_USED_FOR}[^。！？，,\n]{{0,6}}?用的(?:是不是|是|就是|应该是|好像是|大概是)\s*[\"'“‘「]?{_TOKEN}", _I),
    re.compile(rf"(?<![A-Za-z0-9!@#$%^&*_+=~.\-]){_TOKEN}[\"'”’」]?\s*(?:是不是|就是|应该是|好像是|是)[^。！？\n]{{0,12}}?{_ZH_USED_FOR}"
               r"[^。！？，,\n]{0,4}?用的", _I),
]


def _typed_value(token: str) -> bool:
    """A login value with a symbol or 2+ digits ("qwerty!2345", "hunter22"), not "bootstrap5"."""
    return _login_value(token) and (re.search(r"[!@#$%^&*_+=~]", token) is not None or sum(c.isdigit() for c in token) >= 2)


def _login_value(token: str) -> bool:
    """Typed to log in: letters with a digit or a symbol ("hunter2", "hunter22x", "qwe123!"), not an address, a
    product and its version ("python3", "Win11") or a plain number; or a quoted plain word."""
    token = token.rstrip(".-")
    if "@" in token and "." in token.split("@")[-1] or KNOWN_TECH.fullmatch(token) or not re.search(r"[A-Za-z]", token) \
            or token.casefold() in _PRODUCTS \
            or re.fullmatch(r"\d+(?:\.\d+)?[A-Za-z]{1,4}", token):  # "2.4GHz", "5G", "500mb": a measure
        return False
    return bool(re.search(r"[\d!@#$%^&*_+=~]", token)) and len(token) >= 4


# a secret's name and right after it a typed value that ends the clause: "email pw hunter22x", "PIN 4471."
_NAMED_VALUE = re.compile(rf"(?:{_SECRET_WORD.pattern})\s*[\"'“‘「]?{_TOKEN}[\"'”’」]?\s*(?=$|[,;.!?，。；！？、])", _I)


def _logins(sentence: str, offset: int) -> list[Finding]:
    out = []
    for m in _PLAIN_LOGIN.finditer(sentence):
        g = next(g for g in "vqu" if m.group(g) is not None)
        if g == "u" and not re.match(r"\S+\s+as\s", sentence[m.start():]) and not re.search(r"\bas\s+[\w.@-]+\s+(?:with|using)\s+$",
                                                                                           sentence[:m.start(g)], _I):
            continue  # a bare word only after the user it logs in as
        value = m.group(g)
        if value.casefold() not in _EN_NON_VALUE and not _SECRET_WORD.fullmatch(value) and not _METHOD.match(value) \
                and not _COMPOUND.fullmatch(value):  # "the word processor", "the password manager": a thing
            out.append(Finding("password", "secret", offset + m.start(g), offset + m.end(g), value))
    for pattern in (*_LOGIN_USE, *_USED_RELATION, _NAMED_VALUE):
        for m in pattern.finditer(sentence):
            value = m.group("v").rstrip(".-")
            if _typed_value(value) if pattern in _USED_RELATION else _login_value(value):
                start = offset + m.start("v")
                out.append(Finding("password", "secret", start, start + len(value), value))
    return out


# ---- a value quoted or pointed at beside a secret's name ----------------------------------------------------
_QUOTED = re.compile(r"(?<![A-Za-z0-9])[\"'“‘「](?P<v>[^\"'“”‘’「」\s]{4,40}(?:\s[^\"'“”‘’「」\s]{1,20}){0,7})[\"'”’」](?![A-Za-z0-9])")
_ZH_THIS = re.compile(rf"(?:用|是|设成?|设置成|改成)\s*[\"'“‘「]?(?P<v>{_VALUE_CHARS}{{4,40}})[\"'”’」]?\s*(?:这个|这串|当|作为|做)\s*(?:密码|口令)")


def _presented(sentence: str, offset: int) -> list[Finding]:
    """A quoted value within a few words after the secret's name, or "用 X 这个密码"; not in talk about tests."""
    if _ABOUT_TESTS.search(sentence):
        return []
    words = [w.end() for w in _SECRET_WORD.finditer(sentence)]
    near = [m for m in _QUOTED.finditer(sentence) if any(0 <= m.start() - w <= 30 for w in words)
            and not re.match(r"\s*[:=]", sentence[m.end():])]  # '"user": …': a field's name, not a value
    out = []
    for m in (*near, *_ZH_THIS.finditer(sentence)):
        value = m.group("v")
        if value.casefold() in _EN_NON_VALUE or _SECRET_WORD.search(value) or not re.search(r"[A-Za-z0-9]", value):
            continue
        if re.search(r"\b(?:under|named|called|labell?ed|titled|entry|folder|item|note)\s*$|(?:下面|条目|名为|叫做?)\s*$", sentence[:m.start()], re.I):
            continue  # "the signing secret is in 1Password under 'Slack app'": where it is kept, by name
        out.append(Finding("password", "secret", offset + m.start("v"), offset + m.end("v"), value))
    return out


# ---- a wallet seed's words ---------------------------------------------------------------------------------
# a run of 3+ short lowercase words after a link or inside quotes: "it's like 'orbit velvet timber …'",
# "my recovery words are apple river stone …", "助记词是 apple river stone …"
_SEED_RUN = re.compile(
    r"(?:\b(?:is|are|was|were|like|reads?|goes)\s*:?|[:=：]|是|为|如下)\s*[\"'“‘「]?"
    r"(?P<v>[a-z]{3,8}(?:[\s,]+[a-z]{3,8}){2,23})(?![A-Za-z])|"
    r"[\"'“‘「](?P<q>[a-z]{3,8}(?:[\s,]+[a-z]{3,8}){2,23})[\"'”’」]")
_GRAMMAR = re.compile(r"^(?:the|and|for|with|you|they|this|that|these|those|how|what|where|should|would|could|can|"
                      r"does|did|store|keep|save|write|written|stored|kept|saved|safe|safely|somewhere|best|way|"
                      r"paper|offline|online|there|here|not|also|just|still|only|very|really|"
                      r"seed|seeds|phrase|phrases|recovery|words?|mnemonic|wallets?|backup|used|use|crypto)$")


# a seed by its shape alone: 12+ short lowercase words in a row with at most one word of grammar (prose of 12
# words of 3-8 letters always holds "the", "and", "that", … or a word of 1-2 letters)
_BARE_SEED = re.compile(r"(?<![A-Za-z'’-])[a-z]{3,8}(?:\s+[a-z]{3,8}){11,23}(?![A-Za-z'’-])")
_PROSE = re.compile(r"^(?:are|was|were|have|has|had|will|but|from|into|about|your|our|their|his|her|its|who|when|why|"
                    r"which|then|than|them|some|any|all|not|get|got|just|want|need|like|make|made|one|out|off|over|"
                    r"after|before|because|while|still|more|most|much|many|here|there|yes|now|too|did|does|let|lets)$")


def _bare_seed(text: str) -> list[Finding]:
    out = []
    for m in _BARE_SEED.finditer(text):
        words = m.group(0).split()
        if sum(bool(_GRAMMAR.match(w) or _PROSE.match(w)) for w in words) <= 1:
            out.append(Finding("seed phrase", "secret", m.start(), m.end(), m.group(0)))
    return out


def _seed_words(sentence: str, offset: int) -> list[Finding]:
    """Runs of 3+ lowercase words presented as the seed, not the sentence's own grammar ("is stored on paper")."""
    out = []
    for m in _SEED_RUN.finditer(sentence):
        group = "v" if m.group("v") is not None else "q"
        words = re.split(r"[\s,]+", m.group(group))
        if sum(bool(_GRAMMAR.match(w)) for w in words) * 4 > len(words):
            continue
        out.append(Finding("seed phrase", "secret", offset + m.start(group), offset + m.end(group), m.group(group)))
    return out


_POINTS_BACK = re.compile(r"^\s*(?:it'?s|it\s+is|its|mine|ours|that'?s|this\s+is|which\s+is|they'?re|=|:|->|是|就是)", _I)
_RULE = re.compile(r"\b(?:must|needs?\s+to|has\s+to|have\s+to|should|required?|requires?|can'?t|cannot)\b|"
                   r"必须|需要|要求|应该|不能", _I)


def find_presented(text: str) -> list[Finding]:
    """Secrets a sentence presents as such even in plain words.

    Example:
        >>> [f.value for f in find_presented("I use hunter2 for everything")]
        ['hunter2']
        >>> [f.value for f in find_presented("my seed phrase ends with zoo zone zero")]
        ['zoo zone zero']
        >>> [f.value for f in find_presented("我的银行卡密码后两位是 42")]
        ['42']
        >>> find_presented("I use python3 for everything, and my password must start with a letter")
        []
    """
    if not isinstance(text, str) or not text:
        return []
    found: list[Finding] = []
    seed_before = False
    for m in _SENTENCE.finditer(text):
        sentence, offset = m.group(0), m.start()
        secret, seed = _SECRET_WORD.search(sentence), _SEED_WORD.search(sentence)
        cue = secret or seed
        if cue and not _RULE.search(sentence):
            found += _parts(sentence, offset, seed=bool(seed and not secret))
        if secret:
            found += _presented(sentence, offset)
        if seed or (seed_before and _POINTS_BACK.match(sentence)):
            found += _seed_words(sentence, offset)
        found += _logins(sentence, offset)
        seed_before = bool(seed)
    return found + _bare_seed(text)
