"""A light English stemmer for BM25 and overlap checks: inflections only, one stem per word family.

What it folds (after Porter2's English steps 1a/1b and its final "e" rule, without its derivational steps):
plurals and third persons ("classes" → "class", "studies" / "study" → "studi"), "-ed" / "-ing" with the "e" or doubled
consonant they dropped ("making" / "makes" / "make" → "make", "stopped" → "stop", "dancing" / "dance" → "danc"),
common irregular forms ("went" → "go", "bought" → "buy", "children" → "child"), British spellings ("colour" →
"color", "organise" / "organize" → "organis"). A short word keeps its "e" ("time" stays "time", so "times" does not
meet the name "Tim"); "-er", "-ment", "-tion", "-ly" stay (they change the meaning more often than the form).

Example:
    >>> [english_stem(w) for w in ("making", "made", "makes", "called", "hiking", "went", "colours", "times")]
    ['make', 'make', 'make', 'call', 'hike', 'go', 'color', 'time']
"""

from __future__ import annotations

from functools import lru_cache

_VOWELS = frozenset("aeiouy")
_DOUBLES = ("bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt")

_IRREGULAR_FORMS = {
    "go": "went gone goes", "make": "made", "buy": "bought", "take": "took taken", "see": "saw seen", "run": "ran",
    "get": "got gotten", "give": "gave given", "feel": "felt", "keep": "kept", "meet": "met", "tell": "told",
    "think": "thought", "find": "found", "bring": "brought", "begin": "began begun", "win": "won", "eat": "ate eaten",
    "write": "wrote written", "drive": "drove driven", "fly": "flew flown", "grow": "grew grown", "know": "knew known",
    "sing": "sang sung", "swim": "swam swum", "teach": "taught", "catch": "caught", "build": "built", "send": "sent",
    "spend": "spent", "lose": "lost", "sell": "sold", "hold": "held", "hear": "heard", "pay": "paid", "say": "said says",
    "fall": "fell fallen", "become": "became", "choose": "chose chosen", "draw": "drew drawn",
    "forget": "forgot forgotten", "ride": "rode ridden", "stand": "stood", "wake": "woke woken", "wear": "wore worn",
    "break": "broke broken", "speak": "spoke spoken", "steal": "stole stolen", "leave": "left", "lead": "led",
    "feed": "fed", "sleep": "slept", "throw": "threw thrown", "show": "shown", "blow": "blew blown",
    "shake": "shook shaken", "hide": "hid hidden", "fight": "fought", "seek": "sought", "dig": "dug",
    "hang": "hung", "child": "children", "woman": "women", "man": "men", "foot": "feet", "tooth": "teeth",
    "mouse": "mice", "person": "people", "die": "dying", "lie": "lying", "tie": "tying",
}
#: inflected form → base form
IRREGULAR = {form: base for base, forms in _IRREGULAR_FORMS.items() for form in forms.split()}
#: British spelling → American (both sides of a search meet at the American one)
BRITISH = {
    "colour": "color", "favour": "favor", "favourite": "favorite", "honour": "honor", "neighbour": "neighbor",
    "behaviour": "behavior", "flavour": "flavor", "humour": "humor", "labour": "labor", "harbour": "harbor",
    "rumour": "rumor", "centre": "center", "theatre": "theater", "metre": "meter", "litre": "liter", "fibre": "fiber",
    "grey": "gray", "mum": "mom", "programme": "program", "catalogue": "catalog", "dialogue": "dialog",
    "jewellery": "jewelry", "cheque": "check", "tyre": "tire", "pyjamas": "pajamas", "aeroplane": "airplane",
    "practise": "practice", "defence": "defense", "licence": "license", "offence": "offense", "mould": "mold",
    "sceptical": "skeptical", "travelling": "traveling", "travelled": "traveled", "traveller": "traveler",
    "cancelled": "canceled", "cancelling": "canceling", "jewelled": "jeweled", "modelling": "modeling",
}


def _region1(word: str, start: int = 0) -> int:
    """Porter's R1: the index after the first non-vowel that follows a vowel from `start` on (len(word) if
    none); R2 is R1 from R1."""
    for i in range(start + 1, len(word)):
        if word[i] not in _VOWELS and word[i - 1] in _VOWELS:
            return i + 1
    return len(word)


def _ends_short_syllable(word: str) -> bool:
    """Porter's short syllable at the end: non-vowel, vowel, non-vowel other than w / x / y ("hop", "mak");
    or a two-letter word vowel + non-vowel ("us")."""
    if len(word) == 2:
        return word[0] in _VOWELS and word[1] not in _VOWELS
    return (len(word) >= 3 and word[-3] not in _VOWELS and word[-2] in _VOWELS
            and word[-1] not in _VOWELS and word[-1] not in "wxy")


def _is_short(word: str) -> bool:
    return _ends_short_syllable(word) and _region1(word) == len(word)


def _plural(w: str) -> str:
    if w.endswith("sses"):
        return w[:-2]
    if w.endswith(("ies", "ied")):
        return w[:-3] + ("i" if len(w) > 4 else "ie")  # "studies" → "studi" (as "study"), "ties" → "tie"
    if w.endswith(("us", "ss", "is")) or not w.endswith("s"):
        return w
    return w[:-1] if any(ch in _VOWELS for ch in w[:-2]) else w  # "gas", "bus" stay


def _past_or_progressive(w: str) -> str:
    if w.endswith("eed"):
        return w[:-1] if len(w) - 3 >= _region1(w) else w  # "agreed" → "agree"; "need", "speed" stay
    for suffix in ("ing", "ed"):
        if w.endswith(suffix):
            stem = w[: -len(suffix)]
            if not any(ch in _VOWELS for ch in stem):
                return w  # "thing", "bring", "red"
            if stem.endswith(("at", "bl", "iz", "is")):
                return stem + "e"  # "created" → "create", "organized" → "organize"
            if stem.endswith(_DOUBLES):
                return stem[:-1]  # "stopped" → "stop" ("called", "missed" keep ll / ss)
            if _is_short(stem):
                return stem + "e"  # "making" → "make", "hoped" → "hope"
            return stem
    return w


def _final_e(w: str) -> str:
    """Porter's rule: drop a final "e" in R2, or in R1 unless a short syllable comes before it ("dance" →
    "danc", "inspire" → "inspir"; "make", "time" stay), so "dancing" and "dance" meet."""
    if not w.endswith("e") or w.endswith("ee"):
        return w
    r1 = _region1(w)
    if _region1(w, r1) <= len(w) - 1 or (r1 <= len(w) - 1 and not _ends_short_syllable(w[:-1])):
        return w[:-1]
    return w


@lru_cache(maxsize=50_000)
def english_stem(word: str) -> str:
    """The stem of a lower-case English word (a word with digits or other characters is returned as is)."""
    if not word.isalpha() or not word.isascii():
        return word
    w = BRITISH.get(word, word)
    w = IRREGULAR.get(w, w)
    if len(w) <= 2:
        return w
    w = BRITISH.get(_plural(w), _plural(w))
    w = _past_or_progressive(w)
    i = max(w.rfind("iz"), w.rfind("yz"))
    if i >= 3 and i >= len(w) - 5:  # "organize(d)" / "organise(d)" meet at "organis", "analyze" / "analyse" at "analys"
        w = w[:i + 1] + "s" + w[i + 2:]
    if len(w) > 2 and w[-1] == "y" and w[-2] not in _VOWELS:
        w = w[:-1] + "i"  # "study", "studies", "studied" meet at "studi"; "movie(s)" at "movi"
    return _final_e(w)


@lru_cache(maxsize=20_000)
def suffix_stem(word: str) -> str:
    """The stemmer `tokenize` had before stop 43: one suffix off ("ies", "ing", "ed", "es", "s", "ly"), no "e" put
    back ("making" → "mak", "make" stays). The abstain evidence (`read/relevance.py`) keeps it: its lexical floor
    was calibrated with it, and folding more forms lets a query meet an unrelated memory by a common verb alone
    ("how do I write a for loop" and «User is writing a thesis»)."""
    if len(word) <= 3 or not word.isalpha():
        return word
    for suffix, repl in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", ""), ("ly", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: -len(suffix)] + repl
            if suffix in ("ing", "ed") and len(stem) > 3 and stem[-1] == stem[-2]:
                stem = stem[:-1]
            return stem
    return word


__all__ = ["BRITISH", "IRREGULAR", "english_stem", "suffix_stem"]
