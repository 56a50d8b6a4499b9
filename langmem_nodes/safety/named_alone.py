"""A secret named alone as its own sentence, then given as a plain word in the next (en): "The code word. It's
Pelican.", "My wifi password? It's 'bluebell'." — the name says what the word is, though the word has no digit.

The word must be capitalised inside its sentence or quoted, and end that sentence: "The password. It's long." and
"The password? It's on the fridge." give none.
"""

from __future__ import annotations

import re

from .credentials import _EN_NON_VALUE, Finding

_I = re.IGNORECASE

# a sentence that is a secret's name and nothing else: "The code word.", "my wifi password?", "Passphrase:"
_NAME_ALONE = re.compile(
    r"(?:^|(?<=[.!?\n])\s*)(?:(?:the|my|our|his|her|your)\s+)?(?:[\w'-]+\s+){0,2}?"
    r"(?:pass(?:word|phrase|code)|code\s*word|safe\s*word|secret\s+(?:word|phrase)|pw)\s*[.?!:]+[ \t]+", _I)
# the next sentence gives it: "It's Pelican.", "it is 'bluebell'"
_GIVEN = re.compile(r"(?:it'?s|it\s+is|that'?s)\s+(?:just\s+)?(?:(?P<q>[\"'“‘])(?P<v>[A-Za-z]{3,30})[\"'”’]|"
                    r"(?-i:(?P<w>[A-Z][a-z]{2,30})))\s*(?:[.!]+\s*|$)(?=$|\n|[A-Z])", _I)

# a day or a month answers "when", not "what": "The password? It's Monday." (it expires then)
_WHEN = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|august|"
                   r"september|october|november|december|today|tomorrow|yesterday|tonight", _I)


def find_named_alone(text: str) -> list[Finding]:
    """Plain words given right after a sentence that names a secret alone.

    Example:
        >>> [f.value for f in find_named_alone("The code word. It's Pelican.")]
        ['Pelican']
        >>> find_named_alone("The password. It's long.")
        []
    """
    if not isinstance(text, str) or not text:
        return []
    out = []
    for m in _NAME_ALONE.finditer(text):
        given = _GIVEN.match(text, m.end())
        if not given:
            continue
        group = "v" if given.group("v") else "w"
        value = given.group(group)
        if value.casefold() not in _EN_NON_VALUE and not _WHEN.fullmatch(value):
            out.append(Finding("password", "secret", given.start(group), given.end(group), value))
    return out
