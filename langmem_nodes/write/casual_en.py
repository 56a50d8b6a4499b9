"""Casual English spelling read as written English: chat drops the apostrophe of a contraction ("im from
brazil", "i dont drink", "thats my old job"), and every clause rule reads "I'm", "don't", "that's"; a few words
that carry a fact are often misspelt ("i'm alergic to peanuts", "vegeterian") and are read as spelt (`respelt`).

Only forms that are no other English word are restored ("ill", "id", "its", "were", "well", "hell" stay). "im" is
left as it is: the phrasing rules read "i'?m" already, and reading every "im" clause with the clause reader cost
more wrong records than it found on a scored natural-chat set; a clause still starts at "but im" (`lexicon`).

Example:
    >>> restore_apostrophes("i live in berlin, i dont drink, thats my old job")
    "i live in berlin, i don't drink, that's my old job"
    >>> restore_apostrophes("its fine, we were well")
    'its fine, we were well'
"""

from __future__ import annotations

import re

_STEMS = {
    "ive": "i've", "dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "cant": "can't",
    "wont": "won't", "isnt": "isn't", "arent": "aren't", "wasnt": "wasn't", "werent": "weren't", "havent": "haven't",
    "hasnt": "hasn't", "hadnt": "hadn't", "wouldnt": "wouldn't", "shouldnt": "shouldn't", "couldnt": "couldn't",
    "thats": "that's", "whats": "what's", "theres": "there's", "hes": "he's", "theyre": "they're",
    "youre": "you're", "weve": "we've", "theyve": "they've", "youve": "you've",
}
_WORD = re.compile(r"(?<![\w'’])(" + "|".join(sorted(_STEMS, key=len, reverse=True)) + r")(?![\w'’])", re.I)


#: Misspellings of the words a health or diet fact turns on; each is no other English word.
_MISSPELT = {
    "alergic": "allergic", "allergik": "allergic", "alergik": "allergic", "alergy": "allergy", "alergies": "allergies",
    "allergie": "allergy", "vegeterian": "vegetarian", "vegitarian": "vegetarian", "vegatarian": "vegetarian",
    "vegetarien": "vegetarian", "intollerant": "intolerant", "intolarent": "intolerant", "intolerent": "intolerant",
    "diabetec": "diabetic", "celiac's": "celiac",
}
_MISSPELT_WORD = re.compile(r"(?<![\w'’])(" + "|".join(sorted(map(re.escape, _MISSPELT), key=len, reverse=True))
                            + r")(?![\w'’])", re.I)


def respelt(text: str) -> str:
    """`text` with the misspellings of `_MISSPELT` spelt as the rules read them.

    >>> respelt("i'm alergic to peanuts, pls remember that"), respelt("Vegeterian here")
    ("i'm allergic to peanuts, pls remember that", 'Vegetarian here')
    """
    def fix(m: re.Match[str]) -> str:
        word = m.group(1)
        right = _MISSPELT[word.lower()]
        return right[0].upper() + right[1:] if word[0].isupper() else right
    return _MISSPELT_WORD.sub(fix, text)


def restore_apostrophes(text: str) -> str:
    """`text` with the apostrophe put back in contractions chat wrote without one (the case of the first letter kept)."""
    def put_back(m: re.Match[str]) -> str:
        word = m.group(1)
        full = _STEMS[word.lower()]
        return full[0].upper() + full[1:] if word[0].isupper() else full
    return _WORD.sub(put_back, text)
