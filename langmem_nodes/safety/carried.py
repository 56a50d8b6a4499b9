"""A value typed to get in, where the words that say so are not beside it (en + zh).

- carried over: a sentence about getting in ("I'm trying to log into the NAS.", "The login screen wants a code;")
  lends its context to the next two sentences, where a password-shaped value that is typed, tried, rejected or
  "mine is …" is a secret ("It keeps rejecting Marble-Fox-19", "我的是 662901");
- said by what it does: "moss-lantern-71 gets you on the guest wifi", "you get on with raspberry-jam-44",
  "moss-lantern-71 就能连上访客 WiFi";
- a pair after the place it opens: "guest network: Lodge_Guest / moss-lantern-71", "Netflix: jo@mail.com // pumpkin-4".

Versions, error codes and names are never values ("It keeps asking me to install DSM-7.2", "error 0x80070005").

Example:
    >>> [f.value for f in find_carried("Can't sign in to the portal. I keep typing Pebble_Moon4 and it says no.")]
    ['Pebble_Moon4']
    >>> find_carried("Can't sign in to the portal. I keep getting error 0x80070005.")
    []
"""

from __future__ import annotations

import re

from .credentials import _ACCESS, Finding, _access_token, _product, _word_search, named_not_typed

_I = re.IGNORECASE
_SENTENCE = re.compile(r"[^.!?;。！？；\n]+(?:[.!?;。！？；]+|\n|$)")
# not yet in `_ACCESS`: a login that fails ("登不上", "can't get in"), a screen asking for a code
_FAILED_LOGIN = re.compile(r"登不上|登录不了|登陆不了|进不去|连不上|\b(?:can'?t|cannot|won'?t\s+let\s+me)\s+get\s+in(?:to)?\b", _I)
# a token in the next sentence typed at that login: right after a verb of typing, trying or refusing, or "mine is"
_TYPED = re.compile(r"(?:\b(?:reject(?:s|ed|ing)?|accept(?:s|ed|ing)?|typ(?:e|es|ed|ing)|enter(?:s|ed|ing)?|tr(?:y|ies|ied|ying)|"
                    r"put(?:ting)?\s+in|past(?:e|es|ed|ing)|refus(?:e|es|ed|ing)|won'?t\s+(?:take|accept)|doesn'?t\s+(?:take|accept)|"
                    r"(?:mine|my\s+(?:one|code|pin))\s+(?:is|was))\s+(?:(?:it|in|with|the\s+password|my\s+password)\s+)?|"
                    r"(?:说|提示|输入?了?|试了|填了?|我的是|我用的是)\s*)[\"'“‘]?(?P<v>[^\s\"'”’,;，。；]{4,40})", _I)
_CODE_AFTER_MINE = re.compile(r"(?:\b(?:mine|my\s+(?:one|code|pin))\s+(?:is|was)|我的是|我用的是)\s*[:：]?\s*(?P<v>\d{4,8})(?![\d.:/-])", _I)
# where a typed token goes that is not a login: "typed ReportQ3-2024 in the search box"
_ELSEWHERE = re.compile(r"^\s*(?:in|into)\s+(?:the\s+)?(?:search|address|url|browser|terminal|console|shell|chat|filter)", _I)
# a token that names an error, a build or a version: "Error-4031", "build-2291"
_NAMED_THING = re.compile(r"(?:error|err|code|build|http|exit|status|ticket|case|issue|pr|mr|version|ver|release|report|job|run)[-_ #]?\w*\d", _I)
_TOKEN = r"[\"'“‘]?(?P<v>[A-Za-z0-9!@#$%^&*_+=~.\-]{4,40}?)[\"'”’]?"
_TOKENS = re.compile(r"(?<![\w@/.:-])[\"'“‘]?[A-Za-z0-9!@#$%^&*_+=~.\-]{6,40}")
# a value said by what it does for a network or a place
_NETWORK = r"(?:wi-?fi|wlan|wireless|network|hot\s?spot|router|guest\s+(?:wi-?fi|network)|热点|网络|无线|路由器|WiFi|wifi)"
_DOES = [
    re.compile(rf"(?<![\w@/.:-]){_TOKEN}\s+(?:gets?|got|will\s+get|should\s+get)\s+(?:you|me|us|people|guests|them|anyone|everyone)\s+"
               rf"(?:on(?:to)?|in(?:to)?|connected|online)\b", _I),
    re.compile(rf"\b(?:get|gets|got|getting|connect|connects|connected|log|logs|logged|sign|signs|signed)\s+(?:on|in|online|connected)\s+"
               rf"(?:(?:to|the)\s+[\w-]+\s+)?(?:with|using)\s+{_TOKEN}(?=$|[\s,;.!?，。；！？])", _I),
    re.compile(rf"(?<![\w@/.:-]){_TOKEN}\s*(?:就能|就可以|才能|便能)\s*(?:连上|连|登上|登录|进去|上网)", _I),
]
# a pair after what it opens: "guest network: Lodge_Guest / moss-lantern-71", "Netflix: jo@mail.com // pumpkin-4"
_PAIRS = [re.compile(rf"(?:{_NETWORK}|\bssid)[^\n/:：]{{0,30}}[:：]\s*[^\s/]{{2,40}}\s*/{{1,2}}\s*{_TOKEN}(?=$|[\s,;.!?，。；！？])", _I),
          re.compile(rf"[\w.+-]{{1,64}}@[\w-]+(?:\.[\w-]+)+\s*(?:/{{1,2}}|\|)\s*{_TOKEN}(?=$|[\s,;.!?，。；！？])", _I)]


def _value(token: str) -> bool:
    """Typed to get in: letters with a digit or a symbol, no address, version, product or plain number."""
    from .presented import _login_value  # presented builds on credentials, as this module does

    token = token.rstrip(".-")
    return not token.startswith("@") and _login_value(token) and not _product(token) and not re.search(r"\d\.\d", token)


def _carried(text: str) -> list[Finding]:
    sentences = [(m.start(), m.group(0)) for m in _SENTENCE.finditer(text) if m.group(0).strip()]
    out = []
    for i, (_, sentence) in enumerate(sentences):
        if not (_word_search(_ACCESS, sentence) or _FAILED_LOGIN.search(sentence)):
            continue
        for start, later in sentences[i + 1:i + 3]:
            for m in _CODE_AFTER_MINE.finditer(later):
                out.append(Finding("pin", "secret", start + m.start("v"), start + m.end("v"), m.group("v")))
            for m in _TYPED.finditer(later):
                core = m.group("v").rstrip(".,!?")
                if named_not_typed(core, later[:m.start("v")]) or _NAMED_THING.match(core) or _ELSEWHERE.match(later[m.end("v"):]):
                    continue
                if _access_token(core, core, False) and _value(core):
                    out.append(Finding("password", "secret", start + m.start("v"), start + m.start("v") + len(core), core))
    return out


def find_carried(text: str) -> list[Finding]:
    """Values `text` gives for getting in, the words that say so a sentence before or said by what the value does."""
    out = _carried(text or "")
    for pattern in (*_DOES, *_PAIRS):
        for m in pattern.finditer(text or ""):
            value = m.group("v").rstrip(".-")
            if _value(value):
                out.append(Finding("password", "secret", m.start("v"), m.start("v") + len(value), value))
    return out


__all__ = ["find_carried"]
