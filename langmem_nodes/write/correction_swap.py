"""Where a corrected value goes, by its shape, and correction markers read by their parts (zh + en).

A correction often gives only the new value ("oops — Helix", "是深圳", "43码", "almond milk"), and the sentence it
corrects often made no claim the extractor could read ("I drink my coffee with oat milk", "我穿42码的鞋"). What the
correction means is that sentence said again with the new value where the old one stood. `old_span` finds the old
value by the new value's shape, whatever the sentence's syntax:

- a value of a kind (a weekday, a time, a date, a number with its unit): the one value of that kind;
- a noun phrase sharing its head with one of the sentence ("almond milk" / "oat milk", "杏仁奶" / "燕麦奶");
- a Chinese name sharing its first character ("王芬" / "王芳");
- a place for a place ("深圳" / "广州", "Montreal" / "Toronto");
- a name for a name: the last capitalised name in an English sentence, the last Latin name in a Chinese one.

`marks` tells a correction by the parts of its marker clause, not by a list of phrasings:

- a clause that points at what the user said (what I said, earlier, 前面说, 刚才讲) and gives a verdict or a fix on
  it (wrong, mistake, fix, correct, 不对, 有误, 错) — "quick fix to what I said", "前面说他六岁不对";
- a value withdrawn by a frame ("not X", "不是X") that the same message said before ("…13寸的笔记本，不是13寸，是15寸的");
- an apology between two values of the same shape ("My manager is Priya — sorry, Pooja").

Example:
    >>> old_span("almond milk", "I drink my coffee with oat milk"), old_span("43码", "我穿42码的鞋"), old_span("深圳", "我姐姐住在广州")
    ('oat milk', '42', '广州')
    >>> old_span("Neovim", "I edit everything in Vim"), old_span("王芬", "我领导叫王芳"), old_span("Cursor", "我写代码用VS Code")
    ('Vim', '王芳', 'VS Code')
    >>> [marks(m) for m in ("Quick fix to what I said: 3.12.", "前面说他六岁不对，是七岁。", "I said I like tea.")]
    [True, True, False]
"""

from __future__ import annotations

import re

from . import correction_slot, places

_I = re.IGNORECASE
_CJK = re.compile(r"[\u4e00-\u9fff]")
_CLAUSES = re.compile(r"(?:[,，!！?？;；—–]|[.:](?!\d))+|[。：]+|\s+-\s+")

# ---------------------------------------------------------------- the old value, by the new value's shape

_FUNCTION_ZH = set("的了是在我你他她它们个有和也都就还很吧呢啊吗把被给")
_STOP_EN = frozenset("i me my we our you your the a an and or but so to of in on at is am are was were be it its this that "
                     "with for from by as not no yes".split())
_CAP_RUN = re.compile(r"(?<![\w.])(?-i:[A-Z][\w.+#-]*|[a-z]+[A-Z][\w.+#-]*)(?:\s+(?-i:[A-Z0-9][\w.+#-]*))*")
_LATIN_RUN = re.compile(r"[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*)*")
_NOT_NAME = re.compile(r"^(?:i|i'm|i've|i'd|my|we|our|the|a|an|it|this|that|he|she|they|his|her|their|so|and|but|oh|ok|okay|"
                       r"also|btw|yes|no|hi|hey)$", _I)


def _kind_span(new: str, clause: str) -> str:
    """The one value of `clause` of the kind `new` is (a weekday, time, date or number), other than `new`; when `new`
    holds several ("Tuesday and Thursday"), the stretch of as many in `clause` ("Monday and Wednesday")."""
    kind = correction_slot._kind(new)[0]
    if not kind:
        return ""
    rx = dict(correction_slot._KINDS)[kind]
    found = [m for m in rx.finditer(clause) if m.group(0).casefold() not in new.casefold()]
    if len({m.group(0) for m in found}) == 1:
        return found[0].group(0)
    said = list(rx.finditer(new))
    if len(said) > 1 and len(found) == len(said):
        return clause[found[0].start():found[-1].end()]
    return ""


def _shared_head(new: str, clause: str) -> str:
    """The span of `clause` with the head of `new` and as many words (chars in Chinese) before it."""
    if _CJK.search(new):
        n = len(new)
        for k in range(min(n - 1, 3), 0, -1):  # a shared ending: "杏仁奶" / "燕麦奶", "苏州" / "杭州"
            tail = new[-k:]
            if any(ch in _FUNCTION_ZH for ch in tail) or not _CJK.fullmatch(tail[-1]):
                continue
            for m in re.finditer(re.escape(tail), clause):
                start = m.end() - n
                if start >= 0 and _CJK.fullmatch(clause[start:m.end()].replace(" ", "")[:1] or "x") and clause[start:m.end()] != new \
                        and not any(ch in _FUNCTION_ZH for ch in clause[start:m.start()]):
                    return clause[start:m.end()]
        if n >= 2 and new[0] not in _FUNCTION_ZH:  # a shared beginning: "王芬" / "王芳"
            for m in re.finditer(re.escape(new[0]), clause):
                span = clause[m.start():m.start() + n]
                if len(span) == n and _CJK.fullmatch(span[-1]) and span != new and not any(ch in _FUNCTION_ZH for ch in span):
                    return span
        return ""
    words = new.split()
    head = words[-1].strip(".,").casefold()
    if len(words) < 2 or len(head) < 3 or head in _STOP_EN:
        return ""
    toks = clause.split()
    for i, tok in enumerate(toks):
        if tok.strip(".,").casefold() == head and i >= len(words) - 1:
            toks_span = toks[i - len(words) + 1:i + 1]
            if not any(t.casefold() in _STOP_EN for t in toks_span[:-1]) and " ".join(toks_span).casefold() != new.casefold():
                return " ".join(toks_span).strip(".,")
    return ""


def name_in(clause: str) -> str:
    """The one name a clause gives (capitalised in English, not its first word; Latin in Chinese): the new value of
    a clause said right after a correction marker ("scratch that, we swapped to Pino last quarter", "啊不是，今年已经全转
    Go 了"); "" when it gives none or several."""
    if _CJK.search(clause):
        runs = [m.group(0) for m in _LATIN_RUN.finditer(clause)]
    else:
        runs = [m.group(0) for m in _CAP_RUN.finditer(clause) if not _NOT_NAME.match(m.group(0).split()[0]) and m.start() > 0]
    runs = [r.strip(".") for r in runs if correction_slot._kind(r)[0] == "" and r.casefold() not in _STOP_EN]
    return runs[0] if len(runs) == 1 else ""


def holds_value(clause: str) -> bool:
    """The clause says a value a correction could withdraw: a weekday, time, date or number, or a name ("每周二发版",
    "有 12 个 pod", "we log with Winston"); not "love that thing", "been here a while"."""
    if any(rx.search(clause) for _k, rx in correction_slot._KINDS):
        return True
    if _CJK.search(clause):
        return bool(_LATIN_RUN.search(clause))
    return any(not _NOT_NAME.match(m.group(0).split()[0]) and m.start() > 0 for m in _CAP_RUN.finditer(clause))


_POINTING_ZH = re.compile(r"[那这哪个的了是在我你他她它]|^(?:城市|地方|国家|省份|地区|小区|市区|郊区|老家|城区)$")  # "那个城市": pointed at, not named


def _place(new: str, clause: str) -> str:
    """A place of `clause` when `new` is one."""
    if not places.is_place(new):
        return ""
    if _CJK.search(new):
        for n in (4, 3, 2):
            for i in range(len(clause) - n + 1):
                span = clause[i:i + n]
                if (_CJK.fullmatch(span[0]) and _CJK.fullmatch(span[-1]) and span != new and not _POINTING_ZH.search(span)
                        and places.is_place(span)):
                    return span
        return ""
    found = [m.group(0) for m in _CAP_RUN.finditer(clause) if places.is_place(m.group(0)) and m.group(0) != new]
    return found[-1] if found else ""


# a place by its slot: where one works, lives or studies ("我每天开车去张江上班", "我在腾讯工作")
_PLACE_SLOT_ZH = re.compile(r"(?:去|在|到|住在)(?P<p>[\u4e00-\u9fff]{2,4}?)(?:上班|工作|住|读书|上学|办公|打工)")


_NO_PLACE_ZH = re.compile(r"工作|公司|单位|学校|家里|老家|这边|那边|附近|外地|本地|远程|线上|现场")  # "换工作了": no place


def _slot_place(new: str, clause: str) -> str:
    """The place in a where-slot of `clause` when `new` is a short Chinese name ("漕河泾" for "…去张江上班")."""
    if not re.fullmatch(r"[\u4e00-\u9fff]{2,4}", new) or _POINTING_ZH.search(new) or _NO_PLACE_ZH.search(new):
        return ""
    spans = [m.group("p") for m in _PLACE_SLOT_ZH.finditer(clause) if m.group("p") != new and not _POINTING_ZH.search(m.group("p"))]
    return spans[-1] if len(spans) == 1 else ""


def _name(new: str, clause: str) -> str:
    """The last name of `clause` when `new` is a name: capitalised in English, Latin in Chinese."""
    if _CJK.search(new) or not re.match(r"[A-Za-z]", new):
        return ""
    if _CJK.search(clause):
        runs = [m.group(0) for m in _LATIN_RUN.finditer(clause)]
    else:
        if not re.match(r"(?-i:[A-Z])|[a-z]+[A-Z]", new):
            return ""
        runs = [m.group(0) for m in _CAP_RUN.finditer(clause)
                if not _NOT_NAME.match(m.group(0).split()[0]) and m.start() > 0]
    runs = [r.strip(".") for r in runs if r.casefold() != new.casefold() and correction_slot._kind(r)[0] == ""]
    return runs[-1] if runs else ""


def old_span(new: str, clause: str) -> str:
    """The span of `clause` that the corrected value `new` takes the place of, found by `new`'s shape; "" when
    `clause` holds no span of that shape (or already says `new`)."""
    new, clause = new.strip(" .,;:!?。，；：！？"), clause.strip()
    if not new or not clause or new.casefold() in clause.casefold() or len(new) > 40:
        return ""
    return (_kind_span(new, clause) or _place(new, clause) or _shared_head(new, clause) or _name(new, clause)
            or _slot_place(new, clause) or ((m := _MODIFIED_NAME.match(new)) and _name(m.group("n"), clause)) or "")


# "plain JavaScript", "just Postgres": a name after a plain modifier takes a name's place
_MODIFIED_NAME = re.compile(r"^(?:plain|just|only|simply|regular|good old|pure)\s+(?P<n>(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*)?)$", _I)


_TAIL_NOW = re.compile(r"(?:\s+(?:now|these days|instead|actually|lol|haha|tbh|then)|了|啦)+$", _I)
_COPULA = re.compile(r"^(?P<s>.+?\s(?:is|are|was|'s)\s+)(?P<c>[^,;]{1,30})$|^(?P<sz>[^，,。]+?是)(?P<cz>[^，,。]{1,12})$", _I)


def widened(value: str, clause: str = "") -> str:
    """`value` without a trailing "now" / "了", and stretched over every value of its kind `clause` says ("Tuesday"
    read out of "make that Tuesday and Thursday" → "Tuesday and Thursday")."""
    value = _TAIL_NOW.sub("", value.strip(" .,;:!?。，；：！？")).strip()
    kind = correction_slot._kind(value)[0]
    if kind and clause and value in clause and len(spans := list(dict(correction_slot._KINDS)[kind].finditer(clause))) > 1:
        return clause[spans[0].start():spans[-1].end()]
    return value


def _lead_shared(before: str, new: str) -> str:
    """The longest end of `before` that `new` starts with ("3 月 " of "我的生日是 3 月 " for "3 月 6"), not ending
    inside a Latin word or a number; "" when none."""
    for k in range(min(len(before), len(new) - 1), 0, -1):
        if before.endswith(new[:k]) and not all(ch.isascii() and ch.isalnum() for ch in new[k - 1:k + 1]):
            return new[:k]
    return ""


def put(value: str, old_clause: str, clause: str = "") -> tuple[str, str] | None:
    """(`old_clause` said again with `value` in the old value's place, the old value), or None. The old value is
    the span of `value`'s shape; a number keeps the words said around it when `value` repeats them ("43码" for
    "42" in "我穿42码的鞋" → "我穿43码的鞋", "Redis 7" for "6.2" in "Redis 是 6.2" → "Redis 7"); else the one
    value of a kind that `clause` (the correcting clause) and `old_clause` each say ("it's 5 days now since …" for
    "i train 4 days a week"); else, for "it's X" / "是X", the complement of a copula ("… rotation is weekly")."""
    value = widened(value, clause)
    if value and (old := old_span(value, old_clause)):
        new = value
        at = old_clause.find(old)
        start = at
        kind, span = correction_slot._kind(value)
        if correction_slot._kind(old)[0] and kind and len(list(dict(correction_slot._KINDS)[kind].finditer(value))) == 1:
            rest = value.replace(span, " ").split()
            flat = "".join(old_clause.split()).casefold()
            if "".join(value.replace(span, old, 1).split()).casefold() in flat:
                new = span  # the words said next to the number already: "42码" → "43码"
            elif rest and (named := old_clause.casefold().rfind(rest[0].casefold(), max(0, at - 12), at)) >= 0:
                start = named  # the name said a few words before it: "Redis 是 6.2" → "Redis 7"
        if start == at:
            start -= len(_lead_shared(old_clause[:at], new))  # "3 月 5 号" for "3 月 6": its words already said before
        return old_clause[:start] + new + old_clause[at + len(old):], old
    for _k, rx in correction_slot._KINDS if clause else ():
        news, olds = list(rx.finditer(clause)), list(rx.finditer(old_clause))
        if news:
            if len(news) == 1 and len(olds) == 1 and news[0].group(0) != olds[0].group(0):
                o = olds[0]
                return old_clause[: o.start()] + news[0].group(0) + old_clause[o.end():], o.group(0)
            break
    if value and clause and re.match(r"^(?:it'?s|it is|it was|是|应该是)\s*", clause.strip(), _I) and (m := _COPULA.match(old_clause.strip())):
        head, comp = (m.group("s"), m.group("c")) if m.group("s") else (m.group("sz"), m.group("cz"))
        if value.casefold() not in old_clause.casefold() and len(value) <= 30:
            return head + value, comp.strip()
    return None


# "其实我每天不是走一万步，是八千步": the old value withdrawn inside the clause, the new one after it
_NOT_THEN_IS = re.compile(r"(?P<head>[^，,。！!？?；;]*?)不是(?P<x>[^，,。！!？?；;]{1,12})[，,]\s*(?:而)?是(?P<y>[^，,。！!？?；;]{1,12})")


def not_then_is(message: str) -> tuple[str, list[str]]:
    """(`message` with "…不是X，是Y" said as the sentence with Y in X's place, those sentences): "其实我每天不是走一万步，
    是八千步" → "其实我每天走八千步，不是一万步"; `message` itself when X holds no span of Y's shape."""
    said: list[str] = []

    def one(m: re.Match[str]) -> str:
        x, y = m.group("x").strip(), m.group("y").strip()
        old = old_span(y, x)
        head = re.sub(r"^(?:其实|实际上|不过|但是?|哦|噢|啊|嗯|额|呃)+", "", m.group("head").strip())
        if not old or not head or len(x) <= len(old):  # "其实不是杭州，是苏州": a bare value, read as it is
            return m.group(0)
        said.append(m.group("head") + x.replace(old, y, 1))
        return f"{said[-1]}，不是{old}"
    return _NOT_THEN_IS.sub(one, message), said


# ---------------------------------------------------------------- a marker, by its parts

_SAID_EN = re.compile(r"\bwhat i (?:just )?(?:said|wrote|typed|told you|mentioned)\b|\bi (?:said|told you|wrote|typed|mentioned|gave you|put)\b|"
                      r"\b(?:earlier|before|above|just now|a (?:sec|second|minute|moment) ago|my last message)\b|"
                      r"\bi (?:got|had) (?:that|it|this|the|my|her|his|their|its|our)\b", _I)
# a verdict on what was said, not a word of another sentence ("the wrong test", "my typo habit"): no noun after it
_AFTER_VERDICT = r"(?!\s+(?!(?:earlier|before|again|there|just|lol|sorry|haha|on|of|above)\b)[a-z])"
_VERDICT_EN = re.compile(rf"\b(?:(?:wrong|mistake|mistaken|misspoke|incorrect|inaccurate|typo|correction){_AFTER_VERDICT}|"
                         r"(?:a\s+)?fix (?:to|on|for) what|correct (?:that|myself|what)|mixed (?:it |that |them )?up|"
                         r"not (?:right|true|accurate|correct))\b", _I)
_NOT_A_VERDICT_EN = re.compile(r"\b(?:if|when|whenever|unless|please|tell me|let me know|catch|help|can you|could you|should)\b", _I)
# what the user said before, pointed at ("前面说", "我之前那条", "我刚才讲的"), and a verdict ending the clause
_SAID_ZH = re.compile(r"(?:刚才|刚刚|前面|之前|上面|方才|先前|一开始)\S{0,8}?(?:说|讲|提|写|打|记|那条|那句)|我(?:说|讲|写|打|记)的")
_VERDICT_ZH = re.compile(r"(?:不对|有误|是错的|错了|不准确|搞错了|说错了|记错了|弄错了|写错了|打错了|说反了|记混了|搞混了)[了啊呀哈]*$")
_NOT_A_VERDICT_ZH = re.compile(r"你|您|如果|要是|的话|的时候|就|别|请")
_QUESTION = re.compile(r"[?？]|\b(?:what|which|why|how|did|do|does|is|are|can|could)\b.*\?$|吗[。]?$", _I)


def _verdict_on_said(clause: str) -> bool:
    """A short clause that points at what the user said and judges or fixes it."""
    text = clause.strip()
    if not text or _QUESTION.search(text):
        return False
    if _CJK.search(text):
        return (len(re.sub(r"\s", "", text)) <= 18 and bool(_SAID_ZH.search(text) and _VERDICT_ZH.search(text))
                and not _NOT_A_VERDICT_ZH.search(text))
    return len(text.split()) <= 9 and bool(_SAID_EN.search(text) and _VERDICT_EN.search(text)) and not re.search(
        r"\b(?:you|your|the (?:code|answer|test|bug|build))\b", text, _I) and not _NOT_A_VERDICT_EN.search(text)


_NOT_X = re.compile(r"(?:^|[\s,，])(?:not|不是)\s*(?:the\s+|my\s+|our\s+)?(?P<x>[^,，。.!！?？;；]{1,24}?)\s*(?=\s+but\s|[,，。.!！;；]|$)", _I)


def _withdrawn_here(message: str) -> bool:
    """"…13寸的笔记本，不是13寸，是15寸的", "the 14-inch — sorry, not the 14-inch, the 16-inch", "learning Spanish,
    well, not Spanish but Portuguese": a frame withdraws a
    value the message said before it, and another value follows."""
    for m in _NOT_X.finditer(message):
        x, before, after = m.group("x").strip(), message[: m.start()], message[m.end():]
        end = r"(?![0-9.])" if x[-1].isdigit() else r"(?![A-Za-z0-9])"  # "the 56" said as "56cm"
        if len(x) >= 2 and re.search(rf"(?<![A-Za-z0-9.]){re.escape(x)}{end}", before, _I) and re.search(r"\w", after):
            return True
    return False


_APOLOGY = re.compile(r"^(?:sorry|oops|whoops|er+|erm|um+|uh+|i mean|不好意思|抱歉|呃|额|哦不|啊不)$", _I)


# "actually hang on", "wait", "哦等下": the speaker stops what they were saying
_INTERRUPT = re.compile(r"^(?:(?:oh|ah|um+|uh+|er+|erm|no|nope|actually|wait|hang on|hold on|sorry|oops|whoops|hmm+)[\s,!.]*)+$|"
                        r"^(?:哦|噢|啊|呃|额|嗯)?(?:等下|等一下|等等|不好意思|抱歉|哎呀)$", _I)


def interrupts(clause: str) -> bool:
    """The clause only stops what was being said ("actually hang on", "wait", "哦等下")."""
    return bool(_INTERRUPT.match(clause.strip(" \t.,;:!?。，；：！？—–-~～…")))


def _between_values(message: str) -> bool:
    """"My manager's name is Priya — sorry, Pooja", "my rate's $60/hr — actually hang on, …, it's $75 an hour now": an
    apology or an interruption between a value and one of the same shape (a bare one, or a value of a kind within the
    next two clauses)."""
    parts = [p.strip() for p in _CLAUSES.split(message) if p.strip()]
    for i in range(1, len(parts) - 1):
        if not (_APOLOGY.match(parts[i]) or _INTERRUPT.match(parts[i])):
            continue
        if len(parts[i + 1].split()) <= 3 and len(parts[i + 1]) <= 24 and old_span(parts[i + 1], parts[i - 1]):
            return True
        for later in parts[i + 1:i + 3]:
            if re.search(r"\b(?:also|too|as well|plus|another)\b|还有|也", later, _I):
                break  # "3.11, wait, also 3.12 in CI": one more, not another
            for _k, rx in correction_slot._KINDS:
                news, olds = list(rx.finditer(later)), list(rx.finditer(parts[i - 1]))
                if len(news) == 1 and len(olds) == 1 and news[0].group(0) != olds[0].group(0):
                    return True
    return False


# the words a marker clause is made of: an error noun or verdict, a pointer at what was said, fillers
_MARKER_WORDS_EN = frozenset(
    "typo typos mistake mistakes error oops whoops sorry my bad wrong misspoke mistyped autocorrect correction fix quick small "
    "on in of my part end there again that this was is it i i'm what said wrote typed just earlier before above lol haha ugh "
    "argh oh ah hm hmm um uh er erm no nope wait hang hold sec so ok okay yeah yep damn dang shoot whoopsie me message "
    "last the a to my own slip tongue one".split())
_ERROR_EN = re.compile(r"\b(?:typos?|mistakes?|error|my bad|wrong|misspoke|mistyped|autocorrect|correction|slip of the tongue)\b", _I)
_MARKER_ZH = re.compile(r"(?:我|那条|那句|那个|这条|这个|刚才|刚刚|前面|之前|上面|说|讲|写|打|记|得|的|了|字|哦|噢|啊|呃|额|哎|唉|呀|嗯|"
                        r"不对|有误|错|不准确?|抱歉|不好意思|sorry)+")
_ERROR_ZH = re.compile(r"不对|有误|错|不准")


def is_marker(clause: str) -> bool:
    """A clause made only of marker words — an error word with fillers and pointers at what was said ("typo on my
    part", "my mistake there", "我之前那条说得不对"): it withdraws what was said and holds no value."""
    text = clause.strip(" \t.,;:!?。，；：！？—–-~～…")
    if not text or _QUESTION.search(clause):
        return False
    if _CJK.search(text):
        return bool(_ERROR_ZH.search(text)) and len(text) <= 12 and _MARKER_ZH.fullmatch(text) is not None
    words = re.findall(r"[a-z']+", text.casefold())
    return (bool(_ERROR_EN.search(text)) and 0 < len(words) <= 8 and all(w in _MARKER_WORDS_EN for w in words)
            and not re.search(r"[\d]", text))


# "or rather 50", "well, 50 really", "准确说五十": a value said again in place of the one just said
_RATHER = re.compile(r"^(?:or\s+rather|rather|or\s+more\s+like|more\s+like|or\s+actually|i\s+mean)\s+(?P<v>\S.{0,30})$", _I)


def rather(clause: str) -> str:
    """The value of a clause that says a value again in place of the one before ("or rather 50" → "50"), else ""."""
    m = _RATHER.match(clause.strip(" .,;:!?"))
    return m.group("v").strip() if m else ""


def _said_instead(message: str) -> bool:
    """"My commute is 40 minutes, or rather 50": "or rather" and a value of the shape of one said before it."""
    parts = [p.strip() for p in _CLAUSES.split(message) if p.strip()]
    return any((v := rather(parts[i])) and old_span(v, parts[i - 1]) for i in range(1, len(parts)))


def _sorry_then_value(message: str, earlier: list[str] | tuple[str, ...]) -> bool:
    """"Sorry, Oak Street, Elm is where my office is" after "I live on Elm Street": an apology, then a bare value of
    the shape of one the user's last turn said."""
    parts = [p.strip() for p in _CLAUSES.split(message) if p.strip()]
    if len(parts) < 2 or not earlier or not _APOLOGY.match(parts[0]) or len(parts[1].split()) > 3 or len(parts[1]) > 24:
        return False
    if re.match(r"(?:i|i'm|we|you|it|it's|this|that|he|she|they|what|how|but|and|我|你|他|她|这|那)\b", parts[1], _I):
        return False
    return any(old_span(parts[1], c) for c in _CLAUSES.split(earlier[0]) if c.strip())


def marks(message: str, earlier: list[str] | tuple[str, ...] = ()) -> bool:
    """The message corrects what the user said, told by the parts of its marker (see the module doc). `earlier`:
    the user's earlier turns, latest first."""
    clauses = [p for p in _CLAUSES.split(message) if p.strip()]
    return (any(_verdict_on_said(c) or is_marker(c) for c in clauses) or _withdrawn_here(message)
            or _between_values(message) or _said_instead(message) or _sorry_then_value(message, earlier))


# ---------------------------------------------------------------- the new value, by the old value's place

def aligned(old: str, old_clause: str, clause: str) -> str:
    """The span of `clause` in the place `old` has in `old_clause`: after the same words that come before `old`
    ("我在阿里做后端" + "我在腾讯" → "腾讯", "I work at Stripe" + "I'm at Shopify now" → "Shopify"); "" when `clause`
    does not share them."""
    at = old_clause.find(old)
    if at < 0 or old in clause:
        return ""
    before, after = old_clause[:at], old_clause[at + len(old):]
    if _CJK.search(old_clause):
        for k in (3, 2, 1):
            lead = before[-k:]
            if len(lead) < k or not _CJK.search(lead) or lead in ("的", "了", "是"):
                continue
            if (i := clause.rfind(lead)) >= 0:
                rest = clause[i + k:]
                stop = re.search(rf"[，,。！!？?\s]|{re.escape(after[:1])}" if after[:1].strip() else r"[，,。！!？?\s]", rest)
                value = (rest[: stop.start()] if stop else rest).strip()
                return value if 1 <= len(value) <= 12 and value != old else ""
        return ""
    word_before = re.findall(r"[A-Za-z']+", before)[-1:] if before.strip() else []
    if not word_before or word_before[0].casefold() in ("i", "my", "we", "our", "is", "a", "the", "an"):
        return ""
    m = re.search(rf"\b{re.escape(word_before[0])}\s+(?P<v>[\w.+#-]+(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)*)", clause, _I)
    value = m.group("v") if m else ""
    return value if value and value.casefold() != old.casefold() and value.casefold() not in _STOP_EN else ""


_PROJECT_NOUN = re.compile(r"\b(?:server|servers|repo|repos|repository|project|codebase|backend|frontend|database|db|api|service|staging|"
                           r"production|prod|ci|pipeline|app|cluster|stack|team'?s? (?:convention|rule|style|standard)s?)\b|服务器|仓库|项目|后端|前端|数据库|接口|服务|测试环境|生产环境|"
                           r"线上|集群|代码库", _I)
_HOUSEHOLD = re.compile(r"^(?:we|we've|we have)\s+(?:got\s+)?(?:have\s+)?(?:\d+|a|an|one|two|three|four|five|six)\s+"
                        r"(?:kids?|children|child|sons?|daughters?|dogs?|cats?|pets?)\b", _I)
_FIRST = re.compile(r"^(?:i\b|i'|my\b|me\b)|^(?:我(?!们)|咱(?!们))", _I)
_WE = re.compile(r"^(?:we\b|we'|our\b|us\b)|^(?:我们|咱们)", _I)


# what one person works with: an editor, a keyboard, a machine ("写代码主力编辑器是 …", "my daily driver editor is …")
_OWN_TOOL = re.compile(r"编辑器|键盘|笔记本|电脑|手机|输入法|\b(?:editor|ide|keyboard|laptop|phone)\b", _I)
_LEAD_FILLER = re.compile(r"^(?:(?:so|and|well|ok(?:ay)?|btw|also|anyway|basically|honestly)\b[\s,]*)+", _I)
_WORK = re.compile(r"\b(?:deploy\w*|log|logs|logging|host\w*|monitor\w*|release\w*|ship\w*|sprints?|stand-?ups?|on-?call|rotation|retros?|code|tests?|lint\w*|builds?|"
                   r"pr|prs|merge\w*|branch\w*|team|clients?|customers?|users|stack|version|min(?:imum)?|support\w*|"
                   r"ticket\w*|review\w*|meeting\w*|office|handovers?|hand-offs?|ports?|weekly reports?|status reports?)\b|发版|上线|部署|迭代|站会|值班|代码|测试|团队|分支|评审|版本|客户|后端|前端|组|"
                   r"周报|日报|月报|周会|例会|交接|端口|主库|从库|缓存", _I)


def holder(statement: str) -> str:
    """Whose a statement said again is: the user's in the first person or a household's ("we have 4 kids", "our
    grocery budget is …"), the project's when a project noun holds it ("our staging server runs …", "测试服务器用的是
    …") or it is about work ("we deploy on Thursdays", "our on-call rotation is …", "每周三发版"), else the user's."""
    text = _LEAD_FILLER.sub("", statement.strip())
    if _FIRST.match(text) or _HOUSEHOLD.match(text) or household(text):
        return "user"
    if _OWN_TOOL.search(text) and not _WE.match(text):  # "写代码主力编辑器是 Helix": the user's own editor, not the team's
        return "user"
    if _PROJECT_NOUN.search(text) or _WORK.search(text):  # "we deploy on Thursdays", "the team is 7 people", "每周三发版"
        return "project"
    return "user"


_HOUSEHOLD_ZH = re.compile(r"^\s*(?:我们家|咱们家|咱家|我家)|(?:^|[，,。！!\s])(?:我们家|咱们家|咱家)(?:是|在|住)|"
                           r"(?:我们|咱们|我俩|我们俩)的?(?:结婚)?(?:纪念日|婚礼|孩子|宝宝|儿子|女儿|双胞胎)")
_HOUSEHOLD_EN = re.compile(r"\bour (?:house|home|place|apartment|flat|family|household|(?:wedding )?anniversary|wedding|"
                           r"honeymoon|kids?|children|baby|son|daughter|twins)\b", _I)


def household(message: str) -> bool:
    """The message is about the user's household ("我们家是二楼", "our apartment is on the 3rd floor", "our
    anniversary is …", "我们结婚纪念日是 …"), not a team."""
    return bool(_HOUSEHOLD_ZH.search(message) or _HOUSEHOLD_EN.search(message))


_NOT_BUT = re.compile(r"^(?P<head>.*?\S)\s+not\s+(?P<p>(?:on|in|at|with|using|to|from|into)\s+)?(?P<x>[\w.+#-]+(?:\s+[\w.+#-]+)?)"
                      r"\s*,?\s+but\s+(?:rather\s+|actually\s+)?(?:(?P<p2>on|in|at|with|using|to|from|into)\s+)?(?P<y>[^,;]+)$", _I)


def not_but(clause: str) -> str:
    """A correcting clause "we're not on MySQL but MariaDB" said as its new value "we're on MariaDB"; `clause` when
    it has no such frame."""
    m = _NOT_BUT.match(clause.strip())
    if not m:
        return clause
    prep = m.group("p") or (m.group("p2") + " " if m.group("p2") else "")
    return f"{m.group('head')} {prep}{m.group('y').strip()}"


_REQUEST_TAIL = re.compile(r"\s+(?:can|could|would|will)\s+you\b.*$|\s*[?？].*$|\s+please\b.*$|(?:，|,)?\s*(?:你|您)?(?:能不能|能否|可以|帮我).*$", _I)
_EMOJI = re.compile(r"[\U0001F300-\U0001FAFF\u2600-\u27BF]+")


def trimmed(statement: str) -> str:
    """A statement said again without a request glued to it or emoji ("moving on July 28 😩 can you make me a
    checklist" → "moving on July 28")."""
    out = _REQUEST_TAIL.sub("", _EMOJI.sub(" ", statement)).strip(" ,，")
    return re.sub(r"\s{2,}", " ", out) or statement


__all__ = ["aligned", "holder", "household", "holds_value", "interrupts", "is_marker", "marks", "name_in", "not_but", "not_then_is", "old_span", "put",
           "rather", "trimmed"]


