"""Secrets marked by a note on how they are typed, or given as a wireless network's value (en + zh):

- a value followed by a note on its letters ("all lowercase", "no spaces", "capital G", "全小写", "大写M") after a
  secret's name, in its sentence or the two before it: "The Wi-Fi at the cabin is 'moosetracks' all lowercase",
  "The code word. It's Pelican. Capital P.", "口令。是 Dahai。大写D。" — nobody spells out a word nobody types;
- a wireless network said to *be* a quoted value: "the wifi at grandma's is 'bluebell'", "家里的wifi是 'xiaoyu'", or
  an unquoted pass phrase of lowercase words and digits: "wifi for the cabin is pinecone_lodge_2024"
  (a network *called* something, or its name, SSID or speed, is not its key).

A note alone ("my username is 'riverbend' all lowercase", "the project name is 'moonshot' all lowercase") marks nothing:
the value must come after a secret's or a network's name.
"""

from __future__ import annotations

import re

from .credentials import _EN_NON_VALUE, _NAME_BEFORE, Finding, is_measure

_I = re.IGNORECASE

# how a value's letters are typed: "all lowercase", "no caps", "one word", "capital G", "全小写", "大写M", "没有空格"
_NOTE = re.compile(
    r"(?:\b(?:all\s+(?:in\s+)?(?:lower|upper|small|capital)[\s-]?case|all\s+(?:caps|capitals|lower|small\s+letters)|"
    r"(?:in\s+)?(?:lower|upper)[\s-]?case|no\s+(?:caps|capitals|capital\s+letters|spaces?)|(?:all\s+)?one\s+word|"
    r"case[\s-]sensitive|(?:with\s+an?\s+)?(?:capital|(?:lower|upper|small)(?:[\s-]?case)?)\s+[A-Za-z](?![A-Za-z])|(?:with\s+)?(?:a\s+)?(?:zero|0)\s+(?:not|instead\s+of)\s+(?:an?\s+)?o\b)|"
    r"全(?:部|都)?(?:小写|大写)|首字母大写|大写\s*[A-Za-z](?![A-Za-z])|小写\s*[A-Za-z](?![A-Za-z])|(?:没有|不带|无)空格|区分大小写)"
    # the note ends its clause ("all lowercase letters look blurry" describes something else)
    r"(?=\s*(?:[,.;:!?，。；：！？)）]|$|\b(?:and|but|so|though|please|thanks)\b|[\u4e00-\u9fff]))", _I)
# what names a secret or a network whose value the note is about
_CUE = re.compile(
    r"\b(?:pass(?:word|wd|code|phrase|key)s?|pwd|pw|pin|code\s*word|secret(?:\s+word)?|safe\s*word|codes?|combo|combination|"
    r"key|wi-?fi|wlan|hot\s?spot|wireless|router)\b|密码|口令|暗号|暗语|密钥|秘钥|wifi|无线|热点|路由器", _I)
# a link, then the value (quoted or not): "is 'moosetracks'", "It's Pelican", "是 Dahai", ": bluemoon"
_LINKED = re.compile(
    r"(?:\b(?:is|was|it'?s|its|that'?s|to|as)\b|[:=：]|就是|是|为|改成了?|设成了?|换成了?)\s*(?:(?:just|simply|only)\s+)?[\"'“‘「]?"
    r"(?P<v>[A-Za-z0-9][A-Za-z0-9!@#$%^&*_+=~.\-]{2,39}(?<![.\-])|[\u4e00-\u9fff]{2,12})(?P<q>[\"'”’」]?)", _I)
_STOPS = ".!?。！？\n"
# words the note may follow after the value: "bluemoon. Two words joined, no space."; never another link or number
_GAP = re.compile(r"[\s\"'”’」,.;:，。；：!！—–(（-]*(?:(?:two\s+words\s+joined|and|but|it'?s|its|that'?s|都是|是|都)[\s,，.。]*)?$", _I)
# a wireless network said to be a quoted value: "the Wi-Fi at the cabin is 'moosetracks'", "家里的wifi是“huanying”"
_NET_IS = re.compile(
    r"\b(?:wi-?fi|wlan|hot\s?spot)\b(?:\s+(?:at|in|for|of|on)\s+(?:the\s+|my\s+|our\s+)?[\w'-]+(?:\s+[\w'-]+)?)?"
    r"\s+(?:is|was|is\s+now)\s+[\"'“‘](?P<v>[^\s\"'“”‘’]{4,40})[\"'”’]"
    # the value ends the sentence ("… is 'spotty' at best", "… was 'free', they said" judge the network)
    r"(?=\s*(?:,?\s*(?:btw|by\s+the\s+way|fyi|lol|now|these\s+days))?\s*(?:[.!;]|$))|"
    r"(?:wi-?fi|wlan|无线网?络?|热点)\s*(?:密码)?\s*(?:是|为|[:：]|改成了?)\s*[\"'“‘「](?P<w>[^\s\"'“”‘’「」]{4,40})[\"'”’」]"
    r"(?=\s*(?:[。！；!;]|$|[，,]?\s*(?:记一下|记住|帮我记|别忘)))", _I)

# a network said to be a pass phrase of lowercase words and digits, unquoted: "wifi for the cabin is pinecone_lodge_2024"
# (a network's name has capitals, a band or a guest's mark: "the wifi at the office is CorpGuest_5G")
_NET_IS_BARE = re.compile(
    r"\b(?:wi-?fi|wlan|hot\s?spot)\b(?:\s+(?:at|in|for|of|on)\s+(?:the\s+|my\s+|our\s+)?[\w'-]+(?:\s+[\w'-]+)?)?"
    r"\s+(?:is|was|is\s+now)\s+(?P<v>[a-z][a-z0-9]*(?:[_.-][a-z0-9]+){1,5})(?=\s*(?:[,;!?]|\.(?:\s|$)|$|\s(?:btw|fyi|if|so|and|but)\b))")
_SSID_MARK = re.compile(r"guest|public|free|open|visitor|\dg(?:hz)?\b|ghz|ssid|wifi|wlan|mesh|ext\b|5g|2g", _I)


def _window_start(text: str, at: int, sentences: int = 3) -> int:
    """Where the text `sentences` sentences back from `at` (its own included) starts, at most 200 characters back."""
    start = at
    for _ in range(sentences):
        start = max(text.rfind(c, 0, max(0, start - 1)) for c in _STOPS) + 1
        if start == 0:
            break
    return max(start, at - 200)


def _plain_value(value: str, before: str) -> bool:
    """A value a note can be about: not a grammar word, a measure, or a name (after "called", "SSID is")."""
    return (value.casefold() not in _EN_NON_VALUE and not is_measure(value) and not _NAME_BEFORE.search(before)
            and not re.search(r"\b(?:called|named)\s*$|叫\s*$|名(?:字|称)?(?:是|为|[:：])\s*$", before, _I))


def _noted(text: str) -> list[Finding]:
    out = []
    for note in _NOTE.finditer(text):
        start = _window_start(text, note.start())
        before_note = text[start:note.start()]
        last = None
        for m in _LINKED.finditer(before_note):
            if _GAP.match(before_note, m.end()):
                last = m
        if last is None:
            continue
        v_start = start + last.start("v")
        lead = text[start:v_start]
        if _CUE.search(lead) and _plain_value(last.group("v"), lead):
            out.append(Finding("password", "secret", v_start, v_start + len(last.group("v")), last.group("v")))
    return out


def _net_is(text: str) -> list[Finding]:
    out = []
    for m in _NET_IS_BARE.finditer(text):
        v = m.group("v")
        if re.search(r"\d", v) and len(re.findall(r"[a-z]{3,}", v)) >= 2 and not _SSID_MARK.search(v) and not is_measure(v):
            out.append(Finding("wifi key", "secret", m.start("v"), m.end("v"), v))
    for m in _NET_IS.finditer(text):
        g = "v" if m.group("v") is not None else "w"
        if _plain_value(m.group(g), text[m.start():m.start(g)]):
            out.append(Finding("wifi key", "secret", m.start(g), m.end(g), m.group(g)))
    return out


def find_noted(text: str) -> list[Finding]:
    """Secrets in `text` marked by a note on how they are typed, or given as a network's quoted value.

    Example:
        >>> [f.value for f in find_noted("The Wi-Fi at the cabin is 'moosetracks' all lowercase")]
        ['moosetracks']
        >>> [f.value for f in find_noted("the wifi at my parents' is 'hummingbird'")]
        ['hummingbird']
        >>> [f.value for f in find_noted("口令。是 Dahai。大写D。")]
        ['Dahai']
        >>> find_noted("my username is 'riverbend' all lowercase")
        []
    """
    if not isinstance(text, str) or not text:
        return []
    return [*_noted(text), *_net_is(text)]
