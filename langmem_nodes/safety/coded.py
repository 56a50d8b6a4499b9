"""Secrets in code and commands, found by the slot they fill, not by a sentence about them (en + zh alike).

- an environment name ending in _AUTH with a typed value: `REDIS_AUTH: Hq93nVx2Lm7`;
- a value passed beside a key naming a secret: `os.Setenv("SMTP_PASSWORD", "…")`, `props.put("mail.smtp.password", "…")`;
- the password of an auth pair in a call or a tuple: `auth=("ada", "…")`, `smtp.PlainAuth("", "me@x.com", "…", host)`,
  `HTTPBasicAuth('u', '…')` — the literal after the user that is no address, host or URL;
- SQL that sets a password: `CREATE USER app IDENTIFIED BY '…'`, `… WITH PASSWORD '…'`;
- a command-line flag named for a secret (`-storepass …`, `--api-token=…`, `-passin pass:…`) or one a tool reads as a
  password (`openssl … -k …`, `zip -P …`, `7z -p…`, `curl -u user:…`, `smbclient -U user%…`, `htpasswd -b file user …`);
- a value echoed into a file or a command named for a secret: `echo "…" > ~/.vault_pass`, `echo … | docker login --password-stdin`.
"""

from __future__ import annotations

import re

from .credentials import _FIELD_LAST_WORD, Finding, _credential_shaped

_I = re.IGNORECASE
_LIT = r"[\"'`](?P<{}>[^\"'`\n]{{4,200}})[\"'`]"

# ---- a value beside a key naming a secret ------------------------------------------------------------------
# a key that names data, not access: "cache_key", "partition-key", "s3.object_key"
_DATA_KEY_NAME = re.compile(r"(?:cache|primary|foreign|sort|partition|idempotency|object|lookup|dict|hash|row|composite|unique|"
                            r"index|s3|redis|map|registry|public|routing|shard|group|order|dedup|file|bucket|sort|range)[_.-]?key$", _I)
_KEY_THEN_VALUE = re.compile(r"(?:[(\[{]|,)\s*[\"'](?P<k>[A-Za-z0-9_.:-]{2,60})[\"']\s*,\s*" + _LIT.format("v"))

# an environment name ending in _AUTH ("REDIS_AUTH: Hq93…", "SMTP_AUTH=…"): a typed value only, not "off" or "true"
_ENV_AUTH = re.compile(r"\b[A-Z][A-Z0-9]*_AUTH\s*[=:]\s*[\"']?(?P<v>[^\s\"']{4,200})")

# ---- an auth pair -----------------------------------------------------------------------------------------
_AUTH_OPENER = re.compile(
    r"\b(?:auth|basic_?auth|http_?auth|digest_?auth|credentials?|creds|login|log_in|sign_?in|authenticate|"
    r"(?:Plain|CRAMMD5|Basic|Digest|HTTPBasic|HTTPDigest|HTTPProxy|SetBasic|Simple)Auth|UsernamePasswordCredentials?|"
    r"PasswordAuthentication|NetworkCredential)\s*(?:=|:|\()\s*(?:[\w.]+\s*\(\s*)?[(\[]?", _I)
_LITERAL = re.compile(r"[\"'`](?P<v>[^\"'`\n]{0,200})[\"'`]")
_HOST = re.compile(r"[\w-]+(?:\.[\w-]+)+(?::\d+)?|(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?|localhost(?::\d+)?", _I)

# ---- SQL ----------------------------------------------------------------------------------------------------
_SQL_PASSWORD = re.compile(
    r"\bIDENTIFIED\s+(?:WITH\s+\w+\s+)?BY\s+(?:PASSWORD\s+)?" + _LIT.format("v") + "|"
    r"\b(?:WITH|LOGIN|SET)\s+(?:ENCRYPTED\s+)?PASSWORD\s*(?:=\s*)?(?:PASSWORD\s*\(\s*)?" + _LIT.format("w"), _I)

# ---- flags --------------------------------------------------------------------------------------------------
_FLAG = re.compile(
    r"(?<![\w-])-{1,2}(?P<k>[A-Za-z][\w-]{0,40})(?:=|\s+)(?:pass:|env:(?=\w))?[\"']?(?!-)(?P<v>[^\s\"'|;&]{4,200})", _I)
# the flag's name holds a secret's name as a whole part ("--api-token", "-storepass"), not inside a word ("--tokenizer")
_FLAG_SECRET = re.compile(r"(?:^|[-_])(?:pass(?:word|wd|phrase)?|secret|token|api-?key|api_key|auth-?key|storepass|keypass|"
                          r"srcstorepass|deststorepass|passin|passout|access-?key|client-?secret)(?:$|[-_])", _I)
_FLAG_NOT_VALUE = re.compile(r"(?:-|_)(?:stdin|file|env|prompt|fd|cmd|command|path|length|policy|len|min|max|hash|id|name|"
                             r"type|url|expires?|ttl|rotation|manager)$", _I)
# a tool's own password flags: openssl enc -k, zip/unzip -P, 7z -p (glued), curl -u user:pw, smbclient -U user%pw, htpasswd -b
_TOOL_PASSWORD = re.compile(
    r"\bopenssl\b[^\n|;]*?\s-k\s+[\"']?(?P<a>[^\s\"']{4,})|"
    r"\b(?:zip|unzip|zipcloak)\b[^\n|;]*?\s-P\s+[\"']?(?P<b>[^\s\"']{4,})|"
    r"\b7za?\b[^\n|;]*?\s-p(?P<c>[^\s\"']{4,})|"
    r"\bcurl\b[^\n|;]*?\s(?:-u|--user|-U|--proxy-user)\s+[\"']?[^\s:\"']{1,60}:(?P<d>[^\s\"']{4,})|"
    r"\bsmbclient\b[^\n|;]*?\s-U\s+[\"']?[^\s%\"']{1,60}%(?P<e>[^\s\"']{4,})|"
    r"\bhtpasswd\s+(?:-[A-Za-z]*b[A-Za-z]*\s+)(?:-\S+\s+)*\S+\s+\S+\s+[\"']?(?P<f>[^\s\"']{4,})", _I)

# ---- echoed into a secret's file or a command reading a password ---------------------------------------------
_ECHOED = re.compile(
    r"\b(?:echo|printf)\s+(?:-[neE]+\s+)?[\"']?(?P<v>[^\s\"'|>]{4,200})[\"']?\s*(?P<op>>>?|\|)\s*(?P<t>[^\n;&]{1,120})")
_SECRET_SINK = re.compile(r"pass|secret|token|cred|api[_-]?key|\.key\b|--password-stdin|chpasswd|\bpasswd\b|"
                          r"\bsudo\s+(?:-\w+\s+)*-\w*S", _I)  # sudo -S reads the password from stdin


def _value_ok(value: str) -> bool:
    """A value in a secret's slot: typed (a digit or a symbol, or long mixed case), never a variable, a path or a URL."""
    value = value.strip()
    return (len(value) >= 4 and _credential_shaped(value) and not value.startswith(("$", "%", "{", "<", "/", "~", "@"))
            and "://" not in value and not re.fullmatch(r"[\d.]+|v?\d+(?:\.\d+)+(?:[-+][\w.]+)?", value)  # a version
            and not re.search(r"\.(?:json|ya?ml|txt|pem|key|crt|cer|p12|env|ini|toml|cfg|conf|gpg)$", value, _I))  # a file


def _auth_pairs(text: str) -> list[Finding]:
    out = []
    for m in _AUTH_OPENER.finditer(text):
        stops = [i for i in (text.find(")", m.end()), text.find("\n", m.end())) if i >= 0]
        end = min([*stops, m.end() + 240, len(text)])
        literals = list(_LITERAL.finditer(text, m.end(), end))
        if len(literals) < 2:
            continue
        for lit in literals[1:]:
            value = lit.group("v")
            if "@" in value or _HOST.fullmatch(value) or not _value_ok(value):
                continue
            out.append(Finding("password", "secret", lit.start("v"), lit.end("v"), value))
            break
    return out


def find_coded(text: str) -> list[Finding]:
    """Secrets in the slot a line of code or a command gives them.

    Example:
        >>> [f.value for f in find_coded('os.Setenv("SMTP_PASSWORD", "Quartz+Hill61")')]
        ['Quartz+Hill61']
        >>> [f.value for f in find_coded('r = requests.get(url, auth=("ada", "Brisk-Otter-19"))')]
        ['Brisk-Otter-19']
        >>> [f.value for f in find_coded("CREATE USER app IDENTIFIED BY 'Frost_Gale_73';")]
        ['Frost_Gale_73']
        >>> [f.value for f in find_coded('echo "Thistle-Key-90" > ~/.vault_pass')]
        ['Thistle-Key-90']
        >>> find_coded('docker login -u ada --password-stdin registry.example.com; os.getenv("API_TOKEN", "")')
        []
    """
    if not isinstance(text, str) or not text:
        return []
    found: list[Finding] = []
    for m in _KEY_THEN_VALUE.finditer(text):
        if _FIELD_LAST_WORD.search(m.group("k")) and not _DATA_KEY_NAME.search(m.group("k")) and _value_ok(m.group("v")):
            found.append(Finding("credential", "secret", m.start("v"), m.end("v"), m.group("v")))
    for m in _ENV_AUTH.finditer(text):
        if _value_ok(m.group("v")):
            found.append(Finding("credential", "secret", m.start("v"), m.end("v"), m.group("v")))
    found += _auth_pairs(text)
    for m in _SQL_PASSWORD.finditer(text):
        group = "v" if m.group("v") is not None else "w"
        if _value_ok(m.group(group)) or len(m.group(group)) >= 6:
            found.append(Finding("password", "secret", m.start(group), m.end(group), m.group(group)))
    for m in _FLAG.finditer(text):
        key, value = m.group("k"), m.group("v")
        if _FLAG_SECRET.search(key) and not _FLAG_NOT_VALUE.search(key) and not value.startswith("-") and _value_ok(value) \
                and not re.match(r"(?:file|fd|stdin|env):", value, _I):
            found.append(Finding("credential", "secret", m.start("v"), m.end("v"), value))
    for m in _TOOL_PASSWORD.finditer(text):
        group = next(g for g in "abcdef" if m.group(g) is not None)
        if _value_ok(m.group(group)):
            found.append(Finding("password", "secret", m.start(group), m.end(group), m.group(group)))
    for m in _ECHOED.finditer(text):
        if _SECRET_SINK.search(m.group("t")) and _value_ok(m.group("v")):
            found.append(Finding("credential", "secret", m.start("v"), m.end("v"), m.group("v")))
    return found
