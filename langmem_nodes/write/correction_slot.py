"""A corrected value put in the place of the old one, in an earlier sentence nothing was read from (zh + en).

"我每周二去健身房" … "哦不对，改成周四了"; "我老板叫王明" … "不对，他叫王亮"; "I drink my coffee black" … "sorry, I
got that wrong, I take my coffee with oat milk". The earlier sentence made no claim, so there is no attribute to
correct; what the correction means is that sentence said again with the new value. Parts:

- `in_place`: the new value takes the place of a span of the earlier clause: the old value the correction
  named ("not 9:30"), else the span after the frame word said before the value in both ("叫王亮" / "叫王明",
  "called Divya" / "called Priya"), else, in the turn just before, the one span of the value's kind (a weekday for
  a weekday, a time for a time, a number with its unit for one).
- `restated`: a first-person correcting clause that says an earlier first-person clause again, with other
  words (they share a content word): the clause itself is the new statement (the extractor uses it only within
  one message: "i'm doing keto rn — scratch that, i'm doing paleo now").

Example:
    >>> in_place("周四", "改成周四了", ["哦不对，改成周四了", "我每周二去健身房。"]), in_place("王亮", "他叫王亮", ["我老板叫王明。"])
    (('我每周四去健身房', '周二'), ('我老板叫王亮', '王明'))
    >>> of_kinds("周四下午三点"), of_kinds("Thursday at 3pm"), of_kinds("周四的会"), of_kinds("three kids")
    ('周四下午三点', 'Thursday at 3pm', '', '')
    >>> restated("我喝咖啡要加燕麦奶", ["我喝咖啡不加糖。"]), restated("I take my coffee with oat milk", ["I drink my coffee black."])
    (True, True)
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence

_I = re.IGNORECASE
_CJK = re.compile(r"[\u4e00-\u9fff]")
_FIRST = re.compile(r"^(?:(?:oh|so|and|but|well|btw|also|actually|really)[,\s]+)*(?:i\b|i'|my\b|we\b|we'|our\b)|^(?:其实|还有|另外|而且)?(?:我|咱)", _I)
_CLAUSES = re.compile(r"(?:[,，!！?？;；—–]|[.:](?!\d))+|[。：]+|\s+-\s+")  # not inside "9:30", "3.11"
_ZH_NUM = "一二两三四五六七八九十百千零半"
_ZH_UNIT = "个小时|个月|个|只|次|本|公斤|公里|里|岁|年|天|周|个月|小时|分钟|块|元"
# counted words ("two kids" … "three"); not "one", which is mostly a pronoun ("the blue one")
_EN_NUM = r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty)"
_DAYPART = r"(?:上午|下午|晚上|早上|中午|凌晨|傍晚|夜里)?"
_KINDS = (
    ("weekday", re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?|(?:周|星期|礼拜)[一二三四五六日天]", _I)),
    ("time", re.compile(rf"\d{{1,2}}(?::\d{{2}})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{{1,2}}:\d{{2}}|{_DAYPART}[\d{_ZH_NUM}]{{1,3}}\s?点(?:半|[一三]刻|[\d{_ZH_NUM}]{{1,3}}分?)?", _I)),
    ("month", re.compile(r"(?:january|february|march|april|may|june|july|august|september|october|november|december)(?:\s+\d{1,2}(?:st|nd|rd|th)?)?|"
                         r"\d{1,2}\s?月(?:\s?\d{1,2}\s?[号號日])?", _I)),  # "3 月 5 号", "9月10號"
    ("number", re.compile(rf"(?:(?<![A-Za-z])|(?=\d+(?:\.\d+)?(?![A-Za-z\d])))(?:[$¥€£]?\d+(?:\.\d+)?(?:%|st\b|nd\b|rd\b|th\b)?|[{_ZH_NUM}]+(?=[个只次本公里岁年天周月小分块元]))(?:{_ZH_UNIT})?|"
                          rf"[俩仨](?:{_ZH_UNIT})?|\b{_EN_NUM}\b", _I)),
)
# the word said before a name in both sentences: "叫", "called", "named"
_FRAME_ZH = re.compile(r"(叫|名叫|叫做|姓)$")
_FRAME_EN = re.compile(r"\b(called|named)\s+$", _I)


_WITHDRAWING = re.compile(r"(?:\bnot|\binstead of|\brather than|\bhad it (?:down )?as|\bi (?:said|told you|wrote|typed|mentioned)|不是|不叫|不在|(?:记|写|说|打|看|听)成了?)\s*(?:(?:the|my|our|a|an)\s+)?$", _I)
_NUMERIC = {"time", "number"}  # "10" for "9:30", "at 10" for "at 9:30"


def _whole_kind(value: str) -> str:
    """The kind `value` is as a whole ("周四", "8pm", "四次"), else ""."""
    return next((k for k, rx in _KINDS if rx.fullmatch(value.strip())), "")


def _kind(value: str) -> tuple[str, str]:
    """(kind, the span of that kind in `value`): the whole value when it is one, else the first span found."""
    value = value.strip()
    for k, rx in _KINDS:
        if rx.fullmatch(value):
            return k, value
    for k, rx in _KINDS:
        if m := rx.search(value):
            return k, m.group(0)
    return "", ""


def _first_person_clauses(texts: Sequence[str], *, anyone: bool = False) -> list[str]:
    """The short first-person clauses of `texts` (every short clause when `anyone`)."""
    out = []
    for text in texts:
        for clause in _CLAUSES.split(text):
            clause = clause.strip()
            if clause and (anyone or _FIRST.match(clause)) and len(clause) <= 60:
                out.append(clause)
    return out


_JOINERS = re.compile(r"(?:\s|[,，、]|\b(?:and|at|on|from|to|the)\b|和|到|的)+", _I)


def of_kinds(clause: str) -> str:
    """`clause` when it is only values of kinds, two or more ("周四下午三点", "Thursday at 3pm", "June 18"); else ""."""
    clause = clause.strip(" .,;:!?。，；：！？")
    spans = [m for _k, rx in _KINDS for m in rx.finditer(clause)]
    if len(spans) < 2 and not any(m.group(0) == clause for m in spans):
        return ""
    rest = clause
    for m in sorted(spans, key=lambda m: -len(m.group(0))):
        rest = rest.replace(m.group(0), " ")
    return clause if not _JOINERS.sub("", rest) else ""


def of_kind(old: str, text: str) -> str:
    """A value in `text` of the kind `old` is ("十点" in "站会改到十点了" for "九点半"), other than `old`; else ""."""
    kind, _ = _kind(old)
    rx = dict(_KINDS).get(kind)
    spans = [m.group(0) for m in rx.finditer(text) if m.group(0) != old and m.group(0) not in old] if rx else []
    return spans[0] if len(spans) == 1 else ""


def _any(_clause: str) -> bool:
    return True


def in_place(value: str, clause: str, earlier: Sequence[str], old: str = "",
             unread: Callable[[str], bool] = _any) -> tuple[str, str] | None:
    """(the earlier clause with `value` in the old value's place, the old value), or None. `clause`: where the
    correction said `value`; `earlier`: user texts, latest first (the message itself first); `old`: the old value the correction named;
    `unread`: whether an earlier clause made no claim (only such a clause is said again)."""
    value = value.strip()
    at = clause.find(value)
    if not value or at < 0:
        return None
    for _k, rx in _KINDS:  # "7" read out of "7:45": the whole time, date or amount the clause says
        if m := next((m for m in rx.finditer(clause) if m.start() <= at and at + len(value) <= m.end()), None):
            value, at = (m.group(0), m.start()) if len(m.group(0)) > len(value) else (value, at)
            break
    before = clause[:at]
    frame = (_FRAME_ZH.search(before.rstrip()) if _CJK.search(value) else _FRAME_EN.search(before)) if before.strip() else None
    kind, span = _kind(value)
    # a bare value of a kind ("周四", "8pm", "四年级") takes the place of that kind only in the turn just before (in
    # the same message the first value is often a plan or an aside: "the call's at 3 — no, 4")
    bare = kind and len(span) >= len(value) - 1 and set(_first_person_clauses(earlier[1:2]))
    # an old value named: whoever's clause held it, an earlier turn's before the message's own ("Oakfield is the
    # secondary" in "I said Oakfield, it's Oakridge Primary, Oakfield is the secondary")
    for old_clause in _first_person_clauses([*earlier[1:], *earlier[:1]] if old else earlier, anyone=bool(old)):
        if value.casefold() in old_clause.casefold() or not unread(old_clause):
            continue
        if old and old in old_clause and _WITHDRAWING.search(old_clause[: old_clause.find(old)]):
            continue  # "not Tuesday actually": the correction's own frame, not the sentence it corrects
        if old and old in old_clause:
            old_kind = _kind(old)[0]
            new = span if kind and (old_kind == kind or {old_kind, kind} <= _NUMERIC) else value
            at, end = old_clause.find(old), old_clause.find(old) + len(old)
            for tail in value.split()[1:]:  # "Oakridge Primary" for "Oakfield" in "goes to Oakfield Primary": once
                if (m := re.match(rf"\s+{re.escape(tail)}\b", old_clause[end:], _I)) and new == value:
                    end += m.end()
                else:
                    break
            return old_clause[:at] + new + old_clause[end:], old
        if old:
            continue
        if frame is not None:
            word = frame.group(1)
            if _CJK.search(value):
                m = re.search(rf"{re.escape(word)}(?P<o>[\u4e00-\u9fffA-Za-z0-9]{{{max(1, len(value) - 1)},{len(value) + 1}}})$", old_clause)
            else:
                n = len(value.split())
                m = re.search(rf"\b{re.escape(word)}\s+(?P<o>\S+(?:\s+\S+){{0,{n - 1}}})$", old_clause, _I)
            if m:
                return old_clause[: m.start("o")] + value + old_clause[m.end("o"):], m.group("o")
        if bare and old_clause in bare:
            spans = list(dict(_KINDS)[kind].finditer(old_clause))
            if len(spans) == 1:
                m = spans[0]
                return old_clause[: m.start()] + span + old_clause[m.end():], m.group(0)
    return None


def put_kind(old_text: str, value: str) -> str:
    """`old_text` with its one value of the kind `value` is as a whole put in its place ("我每周三练琴" + "周四" →
    "我每周四练琴"); "" when `value` is of no kind or `old_text` holds no single value of it."""
    kind = _whole_kind(value)
    spans = list(dict(_KINDS)[kind].finditer(old_text)) if kind else []
    if len(spans) != 1 or spans[0].group(0) == value.strip():
        return ""
    m = spans[0]
    return old_text[: m.start()] + value.strip() + old_text[m.end():]


def swap_kind(old_text: str, clause: str) -> tuple[str, str] | None:
    """(`old_text` with its one value of a kind replaced by the one value of that kind in `clause`, the old value),
    when the two share a content word besides ("我通勤大概四十分钟" + "通勤要一个小时左右" → "我通勤大概一个小时");
    else None."""
    for _k, rx in _KINDS:
        olds, news = list(rx.finditer(old_text)), list(rx.finditer(clause))
        if not news:
            continue
        if len(olds) != 1 or len(news) != 1 or olds[0].group(0) == news[0].group(0):
            return None  # the first kind the correction says decides
        o, n = olds[0], news[0].group(0)
        if _content(old_text.replace(o.group(0), " ")) & _content(clause.replace(n, " ")):
            return old_text[: o.start()] + n + old_text[o.end():], o.group(0)
        return None
    return None


def swapped(clause: str, before: Sequence[str], unread: Callable[[str], bool] = _any) -> tuple[str, str] | None:
    """`swap_kind` on an unread first-person clause of `before` (the turn just before): that clause said again with
    the value of `clause` ("我通勤大概四十分钟" … "说错了，通勤要一个小时左右" → "我通勤大概一个小时"); else None."""
    for old_clause in _first_person_clauses(before):
        if (put := swap_kind(old_clause, clause)) and unread(old_clause):
            return put
    return None


def said_over(clause: str, before: Sequence[str], unread: Callable[[str], bool] = _any) -> str:
    """The old value when `clause` says an unread first-person clause of `before` over with one value changed
    ("我领导叫张伟" … "我领导叫张薇": "张伟"); else "". The words around the value are the same in both, the two
    values short and of the same shape (`correction_swap.old_span`)."""
    from .correction_swap import old_span  # correction_swap reads this module's kinds

    clause = clause.strip(" .,;:!?。，；：！？")
    if not _FIRST.match(clause) or len(clause) > 60:
        return ""
    for old_clause in _first_person_clauses(before):
        old_clause = old_clause.strip(" .,;:!?。，；：！？")
        p = len(os.path.commonprefix([clause, old_clause]))
        s = len(os.path.commonprefix([clause[p:][::-1], old_clause[p:][::-1]]))
        if _CJK.search(clause):
            if p >= 2 and clause[p - 2] in "叫是为" and _CJK.fullmatch(clause[p - 1]):
                p -= 1  # a name after "叫" shares its first character ("张伟" / "张薇"): the value is the whole name
        else:
            while p and clause[p - 1].isalnum():
                p -= 1
        new, old = clause[p:len(clause) - s].strip(), old_clause[p:len(old_clause) - s].strip()
        if (new and old and len(clause[:p].strip()) >= 2 and len(new) <= 24 and len(old) <= 24 and len(new.split()) <= 3
                and old_span(new, old_clause) == old and unread(old_clause)):
            return old
    return ""


_STOP_EN = frozenset("i my me we our the a an and but so with for to of in on at is am are was it its that this".split())


def _content(text: str) -> set[str]:
    if _CJK.search(text):
        chars = re.sub(r"[^\u4e00-\u9fff]", "", re.sub(r"^(?:其实|还有|另外|而且)?(?:我们|我|咱们|咱)", "", text))
        return {chars[i:i + 2] for i in range(len(chars) - 1)} - {"喜欢", "一般", "每天", "平时", "现在", "其实", "是说"}
    return {w for w in re.findall(r"[a-z][a-z'-]{3,}", text.casefold()) if w not in _STOP_EN}


def restated(clause: str, earlier: Sequence[str], unread: Callable[[str], bool] = _any) -> bool:
    """`clause` is a first-person statement that says an earlier first-person clause (one `unread`: it made no
    claim) again with other words."""
    clause = clause.strip()
    if not _FIRST.match(clause) or len(clause) > 60:
        return False
    mine = _content(clause)
    return any(mine & _content(old) and unread(old) for old in _first_person_clauses(earlier) if old.casefold() != clause.casefold())


__all__ = ["in_place", "of_kind", "of_kinds", "put_kind", "restated", "said_over", "swap_kind", "swapped"]
