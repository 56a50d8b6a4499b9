"""Secrets given as the answer to someone asking for one (en + zh), with no credential word beside the value.

- a pasted chat: a line asks for a secret ("Lena: pw?", "小李：wifi 多少") and the next line answers with one typed
  token ("Me: Otter-Glass-12", "我：Lu-Jia-Zui-66");
- reported speech: "Ana asked for the guest wifi, I told her Fable-Inn-207", "同事问我测试机密码，我说 Jing-Hua-55";
- an answer given in its own turn to a turn asking for a secret ("What's the door code for the building?" →
  "4471", "wifi 密码多少？" → "是 Lan-Mao-66"): `answered`, for a transcript read turn by turn;
- a question and its answer written as Q/A in a text about a login or a security question:
  "Q: favourite teacher? A: Okafor (that's for the credit union login)", "密保：Q 出生城市？A 洛阳".
"""

from __future__ import annotations

import re

from .credentials import _EN_NON_VALUE, Finding, _credential_shaped, _product, is_measure

_I = re.IGNORECASE
# what is asked for: a secret, or what one gets in with ("the wifi", "the login", "the code for the gate")
_ASKED_FOR = (r"\b(?:pass(?:word|wd|code|phrase)?s?|pwd|pw|pin|wi-?fi|wifi\s+password|login|log-?in|credentials?|creds|"
              r"memorable\s+(?:word|phrase|info(?:rmation)?)|security\s+answer|code\s*word|"
              r"code|combo|combination|key|token|secret)\b|密码|口令|wifi|无线|验证码|密钥|账号密码|登录|暗号")
# a secret that is a word, asked for by its name: the answer may be a plain word ("I gave them cardamom")
_SECRET_WORD_ASKED = re.compile(r"\b(?:pass(?:word|phrase)|memorable\s+(?:word|phrase|info(?:rmation)?)|secret\s+(?:word|answer)|"
                                r"security\s+answer|code\s*word|safe\s*word)\b|密码|口令|暗号|密保答案|预留信息", _I)
_SPEAKER = r"^[ \t]*(?:\[[^\]\n]{1,20}\][ \t]*)?(?:[A-Za-z][\w .'-]{0,20}|[\u4e00-\u9fff]{1,6}|me|我)[ \t]*[:：][ \t]*"
# both read one short line at a time (a chat line, not a 20,000-character paste)
_ASKING_LINE = re.compile(_SPEAKER + rf"(?P<q>.*?(?:{_ASKED_FOR}).*?)(?:[?？]|多少|是啥|是什么|啥|呢)[ \t]*$", _I)
_REPLY_LINE = re.compile(_SPEAKER + r"[\"'“‘「]?(?P<v>\d(?: \d){3,7}|[^\s\"'”’」]{4,60})[\"'”’」]?[ \t]*[.!。！]?[ \t]*$", _I)
_SHORT_LINE = 160

# reported speech: asked for it, then told / gave / sent it
_REPORTED = re.compile(
    rf"\b(?:asked|asks|asking)\b[^.!?\n]{{0,30}}?(?:{_ASKED_FOR})[^.!?\n]{{0,30}}?[,;]?\s*(?:and\s+)?(?:so\s+)?"
    r"(?:I|we)\s+(?:just\s+)?(?:told|gave|sent|texted|messaged|said)(?:\s+(?:him|her|them|it|the\s+\w+))?(?:\s+(?:it'?s|it\s+was|that\s+it'?s))?"
    r"\s*[:,]?\s*[\"'“‘]?(?P<v>[^\s\"'”’,;]{4,60})|"
    rf"问(?:我|了我)?[^。！？\n]{{0,16}}?(?:{_ASKED_FOR})[^。！？\n]{{0,8}}?[，,]\s*(?:我)?(?:就)?(?:说|告诉(?:他|她|他们)|发了?|回了?|给了?)(?:他|她)?(?:是|了)?"
    r"\s*[:：]?\s*[\"'“‘「]?(?P<w>[A-Za-z0-9!@#$%^&*_+=~.-]{4,60})", _I)

# a question that asks where, which or when, or about data and keys one presses: its answer is no secret
_NOT_SECRET_ASKED = re.compile(r"\b(?:which|where|when|how|why|who|whose|coverage|review|branch|repo|file|format|map|dict|column|"
                               r"field|table|index|cache|shortcut|hotkey|keyboard|press|style|language)\b|"
                               r"哪|怎么|为什么|谁|什么时候|几点|格式|接口|文件|分支|仓库|快捷键|字段|表", _I)
_NAME_ASKED = re.compile(r"\b(?:name|ssid|called|user\s*name|username|handle|address|version|number)\b|名字|名称|叫什么|用户名|账号(?!密码)|型号|版本", _I)

_REPLIES = frozenset("sorry nothing later never maybe nope okay sure thanks please again wrong dunno whatever".split())

# Q/A: "Q: favourite teacher? A: Okafor"
_QA = re.compile(r"(?<![A-Za-z])Q\s*[:：.]?\s*(?P<q>[^?？\n]{2,60})[?？]\s*A\s*[:：.]?\s*"
                 r"(?P<v>[^\s,，。;；(（\n][^,，。;；(（\n]{0,39}?)\s*(?=$|[,，。.;；(（\n!！])")
_QA_CONTEXT = re.compile(r"\b(?:security|secret)\s+(?:questions?|answers?|q)\b|\blog-?in\b|\bsign-?in\b|\baccount\b|"
                         r"\bpassword\b|\bbank\b|\bcredit\s+union\b|\breset\b|密保|安全问题|验证问题|登录|账号|帐号|密码|找回", _I)


def _typed(value: str) -> bool:
    value = value.rstrip(".!?")
    return (len(value) >= 4 and _credential_shaped(value) and "@" not in value and "://" not in value
            and not _product(value) and not is_measure(value) and not re.fullmatch(r"[\d.:/,-]+[A-Za-z]?", value)
            or re.fullmatch(r"\d{4,8}|\d(?: \d){3,7}", value) is not None)


def _path_like(value: str) -> bool:
    """A path, a route or a file ("src/parse_v2.py", "/api/v2/login", "feat/login-2"), not a typed secret."""
    return "/" in value or re.search(r"\.[a-z]{1,4}$", value) is not None


def answered(question: str, answer: str) -> list[Finding]:
    """The typed values of `answer` (a short turn) when the turn before it, `question`, asks for a secret.

    Example:
        >>> [f.value for f in answered("And the wifi?", "It's Bluebell_Meadow_77, all lowercase except the B.")]
        ['Bluebell_Meadow_77']
        >>> answered("Which version are you on?", "3.12.1") + answered("Nice weather?", "Yes, 2024 was worse")
        []
    """
    if not question or not answer or len(answer) > _SHORT_LINE or len(question) > _SHORT_LINE:
        return []
    ask = _ASKING_LINE.match("Q: " + question.strip())
    if not ask or _NAME_ASKED.search(ask.group("q")):
        return []
    which_secret = re.match(r"\s*(?:and\s+)?which\b", ask.group("q"), _I) and _SECRET_WORD_ASKED.search(ask.group("q"))
    if _NOT_SECRET_ASKED.search(ask.group("q")) and not which_secret:  # "which passphrase did you set?" asks for one
        return []
    found = []
    for m in re.finditer(r"[^\s,，。;；:：!！?？\"'“”‘’「」()（）]+", answer):
        value = m.group().rstrip(".")
        if _typed(value) and not _path_like(value):
            found.append(Finding("password", "secret", m.start(), m.start() + len(value), value))
    return found


def find_replied(text: str) -> list[Finding]:
    """Secrets given as the answer to a request for one.

    Example:
        >>> [f.value for f in find_replied("Lena: pw?\\nMe: Otter-Glass-12\\nLena: ty")]
        ['Otter-Glass-12']
        >>> [f.value for f in find_replied("Ana asked for the guest wifi, I told her Fable-Inn-207")]
        ['Fable-Inn-207']
        >>> [f.value for f in find_replied("密保：Q 出生城市？A 洛阳")]
        ['洛阳']
        >>> find_replied("Tom: which version?\\nMe: 3.12.1") + find_replied("Q: best pizza in town? A: Luigi's")
        []
    """
    if not isinstance(text, str) or not text:
        return []
    found: list[Finding] = []
    lines, at = [], 0
    for line in text.split("\n"):
        lines.append((at, line))
        at += len(line) + 1
    for (_, line), (at, nxt) in zip(lines, lines[1:], strict=False):
        ask = _ASKING_LINE.match(line) if len(line) <= _SHORT_LINE and len(nxt) <= _SHORT_LINE else None
        reply = _REPLY_LINE.match(nxt) if ask else None
        if ask and reply and _typed(reply.group("v")) and not _NAME_ASKED.search(ask.group("q")) \
                and not _NOT_SECRET_ASKED.search(ask.group("q")) and not _path_like(reply.group("v")):
            value = reply.group("v").rstrip(".!?")
            found.append(Finding("password", "secret", at + reply.start("v"), at + reply.start("v") + len(value), value))
    for m in _REPORTED.finditer(text):
        group = "v" if m.group("v") is not None else "w"
        if _NAME_ASKED.search(text, m.start(), m.start(group)) or _NOT_SECRET_ASKED.search(text, m.start(), m.start(group)) \
                or _path_like(m.group(group).rstrip(".!?")):
            continue  # "asked for the wifi name, I told her HomeNet-5G": what it is called, not what opens it
        value = m.group(group).rstrip(".!?")
        word = (_SECRET_WORD_ASKED.search(text, m.start(), m.start(group)) and re.fullmatch(r"[A-Za-z]{4,30}", value)
                and re.search(r"\b(?:told|gave)\b", text[m.start():m.start(group)], _I)  # not "I said sorry"
                and value.casefold() not in _EN_NON_VALUE | _REPLIES and not _NAME_ASKED.search(text, m.start(), m.start(group)))
        if _typed(value) or word:
            found.append(Finding("password", "secret", m.start(group), m.start(group) + len(value), value))
    if _QA_CONTEXT.search(text):
        for m in _QA.finditer(text):
            value = m.group("v").strip()
            if value and not re.match(r"(?:I|we|you|yes|no|not|idk|none|n/a)\b", value, _I):
                found.append(Finding("security answer", "secret", m.start("v"), m.start("v") + len(value), value))
    return found
