"""A name in brackets right after a noun phrase names that thing: "I use a split keyboard (a ZSA Moonlander)"
reads as "I use a ZSA Moonlander split keyboard", so the clause keeps its holder and relation and the value is
the specific thing, not the generic noun ("我用一个分体键盘（ZSA Moonlander）" the same, as "分体键盘 ZSA Moonlander").
A person's or pet's name ("my partner (Sam)") stays as it was: the name is the person's, not a thing's. A bracket that is no name ("(lol)", "(I think)", "(which is weird)",
"(for now)") and a credential's value ("the master password (X)", "密码（X）") are left as they were: the clause splitter still cuts there.

    >>> inline("I've got a 3D printer (Prusa MK4) at home")
    "I've got a Prusa MK4 3D printer at home"
    >>> inline("I use a screen reader (NVDA on Windows 11)")
    'I use a NVDA screen reader'
"""

from __future__ import annotations

import re

from ..safety.credentials import find_secrets

_FUNCTION = (r"(?:a|an|the|my|our|this|that|on|in|at|with|for|to|of|from|by|and|or|but|is|are|was|were|be|been|"
             r"i|we|it|you|he|she|they|me|us|so|just|really|very|some|any)")
# one word of the noun phrase: no function word, no verb-like "-ing" of a new clause after "and"
_NP_WORD = rf"(?!{_FUNCTION}\b)[A-Za-z0-9][\w.+#-]*"
# a name: capitalised or model-number words ("ZSA Moonlander", "Prusa MK4", "Pixel 8", "iPhone 15", "M2")
_NAME_WORD = r"(?:(?-i:[A-Z])[\w.+#-]*|(?-i:[a-z])+(?-i:[A-Z])[\w.+#-]*|\d[\w.+#-]*)"
_ASIDE = re.compile(
    rf"\b(?P<det>a|an|the|my|our|this)\s+(?P<np>(?:{_NP_WORD}\s+){{0,3}}{_NP_WORD})\s*\(\s*(?:an?\s+|the\s+)?"
    rf"(?P<name>{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,3}})"
    r"(?:\s+(?:on|running|with|in|via|over|under|from)\s+[^()]{1,40}?)?\s*\)", re.I)  # "(NVDA on Windows 11)": the name, then where it runs
# a Latin-letter name in brackets after a Chinese noun
_ASIDE_ZH = re.compile(r"(?<=[\u4e00-\u9fff])\s*[（(]\s*(?P<name>[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*){0,3})\s*[)）]")
# people and pets: a name in brackets after these is theirs ("my partner (Sam)"), read elsewhere
_KIN = re.compile(r"\b(?:partner|wife|husband|girlfriend|boyfriend|spouse|fianc[eé]e?|son|daughter|kid|child|baby|brother|sister|"
                  r"mom|mum|mother|dad|father|friend|boss|manager|colleague|coworker|roommate|neighbou?r|cat|dog|puppy|kitten|"
                  r"pet|bird|parrot|rabbit|bunny|hamster)s?$", re.I)
# a credential's noun: its bracket is a secret's value, and the secret screen reads "password (X)" as written
_CREDENTIAL = re.compile(r"\b(?:password|passphrase|passcode|passwd|pin|key|token|secret|code|login|credentials?|pw|pwd)s?$", re.I)
# bracketed words that are talk, not a name
_NOT_A_NAME = re.compile(r"^(?:i|lol|lmao|imo|imho|tbh|btw|fyi|ngl|iirc|afaik|ok|okay|yes|yeah|no|nope|sorry|sigh|ugh|"
                         r"thanks|seriously|really|maybe|probably|again|still|mostly|also|yet|now|rip|jk|smh|edit|update|"
                         r"long story|don'?t ask)$", re.I)


def inline(text: str) -> str:
    """The text with each "det noun (Name)" read as "det Name noun"; any other bracket unchanged."""
    def put(m: re.Match[str]) -> str:
        name = m.group("name")
        if (_NOT_A_NAME.match(name) or name.lower() == m.group("np").lower() or _KIN.search(m.group("np"))
                or _CREDENTIAL.search(m.group("np")) or find_secrets(m.group(0))):
            return m.group(0)
        det = m.group("det")
        if det.lower() in ("a", "an"):  # "an old hatchback (a Honda Fit)" → "a Honda Fit old hatchback"
            det = ("An" if det[0].isupper() else "an") if name[0].lower() in "aeiou" else ("A" if det[0].isupper() else "a")
        return f"{det} {name} {m.group('np')}"
    text = _ASIDE.sub(put, text)
    return _ASIDE_ZH.sub(lambda m: m.group(0) if _NOT_A_NAME.match(m.group("name")) or find_secrets(m.group(0))
                         or re.search(r"(?:密码|口令|密钥|令牌|验证码)$", m.string[: m.start()]) else f" {m.group('name')}", text)
