"""Code-switched clauses (中英夹杂): read a mixed clause in one language's frame.

"My dog 叫 Biscuit", "我 live in Berlin", "My 猫 is called Tofu": the content words stay as said; only the
function words (holder, copula, naming, living, using) are put in one language, so the existing grammar reads
the clause. `frames` gives the candidate readings, English frame first; `said_in` checks that a value read
from one was said in the original clause. A mixed clause no frame reads stays unread (precision first).
"""

from __future__ import annotations

import re

_CJK = re.compile(r"[\u3400-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]")
_CJK_RUN = re.compile(r"[\u3400-\u9fff]+")

# Chinese function-word runs read in an English frame; a run that is not one of these carries content
_ZH_RUNS = {
    "我": "I", "我现在": "I", "我目前": "I", "我最近": "I", "我的": "my", "我们": "we", "我们的": "our",
    "我是": "I am", "我现在是": "I am", "我目前是": "I am",
    "我住在": "I live in", "我现在住在": "I live in", "我用": "I use", "我在用": "I use", "我叫": "my name is",
    "叫": "is called", "是": "is", "住在": "live in", "用": "use", "在用": "use",
}
_EN_RUNS = [  # English function words read in a Chinese frame; other Latin words are content and stay
    (r"^(?:i'm|i am)\b", "我是"), (r"^my\b", "我的"), (r"^our\b", "我们的"), (r"^we\b", "我们"), (r"^i\b", "我"),
    (r"'s\s+name\s+is\b|\bname\s+is\b|\bis\s+(?:called|named)\b|\b(?:called|named)\b", "叫"),
    (r"\b(?:live|lives|living)\s+in\b|\bbased\s+in\b", "住在"),
    (r"\b(?:is|am|are)\b", "是"), (r"\b(?:use|uses|using)\b", "用"), (r"\bswitch(?:ed)?\b", "换"),
    (r"\b(?:a|an)\b", ""),
]


def mixed(clause: str) -> bool:
    return bool(_CJK.search(clause) and _LATIN.search(clause))


def _tidy(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    return re.sub(r"\s*([\u3400-\u9fff])\s*", r"\1", text)


def in_english(clause: str) -> list[str]:
    """The clause with each Chinese run put in English, when every run is a function word; else []."""
    runs = _CJK_RUN.findall(clause)
    if not runs or any(r not in _ZH_RUNS for r in runs):
        return []
    text = re.sub(r"\s+", " ", _CJK_RUN.sub(lambda m: f" {_ZH_RUNS[m.group(0)]} ", clause)).strip()
    out = [text]
    if (copula := re.match(r"^I am (?!a\b|an\b|the\b)(?=[A-Za-z])", text)):
        out.insert(0, "I'm a " + text[copula.end():])  # Chinese has no article: "我是 backend engineer"
    elif re.match(r"^I (?!live\b|use\b|am\b)[a-z]+ed\b", text) or re.match(r"^I (?:allergic|into)\b", text):
        out.append("I'm " + text[2:])  # "我现在 based in Berlin": the copula Chinese leaves out
    return out


def in_chinese(clause: str, *, dropped_i: bool = False) -> list[str]:
    """The clause with its English function words put in Chinese; with `dropped_i`, a clause that opens on
    the verb put in ("最近 switch 到 Arch 了") has the first person chat dropped."""
    text = clause
    for pattern, zh in _EN_RUNS:
        text = re.sub(pattern, f" {zh} ", text, flags=re.I)
    text = _tidy(text.replace("我是住在", "我住在"))
    if text == _tidy(clause):
        return []
    if dropped_i and _OPENS_ON_VERB.match(text):
        text = "我" + text
    return [text]


_OPENS_ON_VERB = re.compile(r"^(?:最近|现在|目前|刚刚?|已经|也)*(?:换|用|住在)")


def frames(clause: str, *, dropped_i: bool = False) -> list[str]:
    """Candidate one-frame readings of a mixed clause, English frame first."""
    return in_english(clause) + in_chinese(clause, dropped_i=dropped_i) if mixed(clause) else []


def said_in(value: str, clause: str) -> bool:
    """The value read from a reframed clause was said in the original (no word of the frame became a value)."""
    norm = lambda s: "".join(s.split()).casefold()  # noqa: E731
    return bool(norm(value)) and norm(value) in norm(clause)
