"""Secrets whose value is one step away from its link (en + zh).

- a hedge between the link and the value: "my paypal pasword is just Sunflower88", "the pin is basically
  4471", "wifi password is simply bluefish77" — the word after the hedge is the value when it looks typed
  (a digit or a symbol), so "my password is just too long" holds none;
- a value spelled out after its recipe: "laptop login is just my cat's name plus 99, so Mochi99",
  "…密码是猫的名字加99，也就是 mochi99" — in a sentence naming a credential, the token after "so / i.e. /
  which makes it / 也就是 / 即" that ends the clause, typed (letters with a digit or a symbol), never a
  product and its version ("so Python3").
"""

from __future__ import annotations

import re

from .credentials import (
    _EN_LINK,
    _EN_NOT_CREDENTIAL,
    _EN_PREP,
    _EN_WORD,
    KNOWN_TECH,
    Finding,
    _credential_shaped,
    is_measure,
)

_I = re.IGNORECASE
_HEDGE = (r"(?:just|simply|basically|literally|only|still|actually|really|always|currently|probably|now|"
          r"usually|normally|apparently|honestly|literally\s+just|just\s+plain)")
_TOKEN = r"(?P<v>[^\s\"'”’,;()]*[^\s\"'”’,;.!?()])"
_HEDGED = re.compile(
    rf"\b(?P<w>{_EN_WORD})\b(?!\s+(?:{_EN_NOT_CREDENTIAL})\b)(?!-){_EN_PREP}{_EN_LINK}\s*{_HEDGE}\s+[\"'“‘]?{_TOKEN}", _I)

# a credential (what one logs in or unlocks with) said to be something: "laptop login is …", "密码是 …"
_CREDENTIAL_IS = re.compile(rf"(?:\b(?:{_EN_WORD}|log\s?in|sign[- ]?in)\b(?!\s+(?:{_EN_NOT_CREDENTIAL})\b)|"
                            r"密码|口令|登录|登陆|解锁)[^.!?。！？\n]{0,40}?(?:\s(?:is|was)\b|'s\b|[:=：]|是|为)", _I)
# the value spelled out after what it is made of, ending its clause
_SPELLED_OUT = re.compile(
    r"(?:[,，:：]\s*|\s)(?:so|i\.?e\.?|aka|that\s+is|so\s+it'?s|which\s+(?:makes|gives)\s+(?:it\s+)?|making\s+it|giving|"
    r"也就是(?:说)?|就是说|即|所以(?:就)?是)\s*[:：,，]?\s*[\"'“‘「]?"
    r"(?P<v>[A-Za-z0-9][A-Za-z0-9!@#$%^&*_+=~.-]{3,39})[\"'”’」]?\s*(?=$|[.,;!?。，；！？]|\s+(?:right|ok)\b)", _I)
_SENTENCE = re.compile(r"(?:[^.!?。！？\n]|[.!?](?!\s|$)|(?<=\b[iIeE]\.[eEgG])\.)+")  # "i.e. X" is one sentence


def _known_product(value: str) -> bool:
    """A known product stem of 4+ letters and its version ("python3", "Windows11"); "rex2019" is no product."""
    stem = re.match(r"[A-Za-z]+", value)
    return bool(stem and len(stem.group(0)) >= 4 and KNOWN_TECH.fullmatch(value))


def _typed(value: str) -> bool:
    value = value.rstrip(".-")
    return (bool(re.search(r"[A-Za-z]", value)) and bool(re.search(r"[\d!@#$%^&*_+=~]", value)) and len(value) >= 4
            and not _known_product(value) and not is_measure(value) and not re.fullmatch(r"[vV]?\d+(?:\.\d+)+", value))


def find_hedged(text: str) -> list[Finding]:
    """Values after a hedged link or spelled out after their recipe.

    Example:
        >>> [f.value for f in find_hedged("is it ok that my paypal pasword is just Sunflower88?")]
        ['Sunflower88']
        >>> [f.value for f in find_hedged("laptop login is just my cat's name plus 99, so Mochi99. is that bad?")]
        ['Mochi99']
        >>> find_hedged("my password is just too long, so I use python3 to generate one")
        []
    """
    if not isinstance(text, str) or not text:
        return []
    found = []
    for m in _HEDGED.finditer(text):
        value = m.group("v").rstrip(".-")
        if _credential_shaped(value) and not is_measure(value) and not re.match(
                r"\s*(?:characters?|chars?|digits?|letters?|symbols?|long)\b", text[m.end():], _I):
            found.append(Finding("password", "secret", m.start("v"), m.start("v") + len(value), value))
    for s in _SENTENCE.finditer(text):
        for m in _SPELLED_OUT.finditer(s.group(0)):
            value = m.group("v").rstrip(".-")
            if _typed(value) and _CREDENTIAL_IS.search(s.group(0), 0, m.start()):
                start = s.start() + m.start("v")
                found.append(Finding("password", "secret", start, start + len(value), value))
    return found
