"""Letters of other scripts that look Latin, read as the Latin letter they imitate ("pаssword" with a Cyrillic а,
"ΡΙΝ" in Greek capitals, "Ꭺlder" with a Cherokee Ꭺ), one character for one, so spans stay valid in the original.

Only a word that already holds a Latin letter, or one made of look-alike letters (and digits) alone, is read so: a
Russian or Greek word with letters of its own ("пароль") stays as it is.
"""

from __future__ import annotations

import re

_PAIRS = {
    # Cyrillic
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s", "ԁ": "d",
    "һ": "h", "ӏ": "l", "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C",
    "Т": "T", "Х": "X", "І": "I", "Ј": "J", "Ѕ": "S", "Ү": "Y",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P",
    "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o", "ν": "v", "ι": "i", "κ": "k", "ρ": "p", "α": "a",
    # Cherokee capitals
    "Ꭺ": "A", "Ᏼ": "B", "Ꮯ": "C", "Ꭰ": "D", "Ꭼ": "E", "Ꮐ": "G", "Ꮋ": "H", "Ꭻ": "J", "Ꮶ": "K", "Ꮮ": "L", "Ꮇ": "M",
    "Ꮲ": "P", "Ꭱ": "R", "Ꮪ": "S", "Ꭲ": "T", "Ꮩ": "V", "Ꮃ": "W", "Ꮓ": "Z",
}
_TABLE = str.maketrans(_PAIRS)
_ANY = re.compile("[" + "".join(_PAIRS) + "]")
_WORD = re.compile(r"\w+")


def _latin_word(m: re.Match[str]) -> str:
    word = m.group(0)
    if not _ANY.search(word):
        return word
    if re.search(r"[A-Za-z]", word) or all(c in _PAIRS or c.isdigit() or c == "_" for c in word):
        return word.translate(_TABLE)
    return word


def latin_lookalikes(text: str) -> str:
    """`text` with look-alike letters read as Latin in the words that use them so.

    >>> latin_lookalikes("my pаssword is Ꭺlder-Brook, ΡΙΝ 4471, пароль")
    'my password is Alder-Brook, PIN 4471, пароль'
    """
    return _WORD.sub(_latin_word, text) if _ANY.search(text) else text


def _mixed_word(m: re.Match[str]) -> str:
    word = m.group(0)
    return word.translate(_TABLE) if _ANY.search(word) and re.search(r"[A-Za-z]", word) else word


def latin_in_mixed_words(text: str) -> str:
    """`text` with look-alike letters read as Latin only inside words that also hold a Latin letter ("Оslo" with
    a Cyrillic О is Oslo); words of other scripts, even short ones made of look-alikes alone ("а", "Ос"), stay.

    >>> latin_in_mixed_words("I live in Оslo, а ты?")
    'I live in Oslo, а ты?'
    """
    return _WORD.sub(_mixed_word, text) if _ANY.search(text) else text
