"""A secret named alone as its own sentence, then given as a plain word in the next (en): "The code word. It's
Pelican.", "My wifi password? It's 'bluebell'." — the name says what the word is, though the word has no digit.

The word must be capitalised inside its sentence or quoted, and end that sentence: "The password. It's long." and
"The password? It's on the fridge." give none; or be the whole next sentence ("The laptop password? marigold."), not
a remark ("The password? Forgotten.", "My PIN? Nope.").
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

# or a lone word is the whole next sentence: "The laptop password? marigold." (not a remark: "The password? Forgotten.")
_LONE = re.compile(r"[\"'“‘]?(?P<b>[A-Za-z][a-z]{3,29})[\"'”’]?\s*(?:[.!](?=\s|$)|$)")
_REMARK = re.compile(r"(?:forgot|forget|unknown|dunno|lost|gone|none|nothing|nope|yeah|yes|later|somewhere|anywhere|everywhere|"
                     r"whatever|ugh|lol|haha|help|please|thanks|sorry|hmm+|oops|again|also|maybe|probably|same|default|blank|"
                     r"empty|complicated|weak|strong|secure|classified|private|secret|sure|right|wrong|exactly|obviously|"
                     r"nah|idk|pass|next|there|here|mine|yours|ours|theirs|\w+(?:ed|ly|ing|en))$", _I)
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
        lone = _LONE.match(text, m.end())
        if not given and lone:
            value = lone.group("b")
            if value.casefold() not in _EN_NON_VALUE and not _WHEN.fullmatch(value) and not _REMARK.match(value):
                out.append(Finding("password", "secret", lone.start("b"), lone.end("b"), value))
            continue
        if not given:
            continue
        group = "v" if given.group("v") else "w"
        value = given.group(group)
        if value.casefold() not in _EN_NON_VALUE and not _WHEN.fullmatch(value):
            out.append(Finding("password", "secret", given.start(group), given.end(group), value))
    return out
