"""The query without the credentials and identifiers its turn pastes (en + zh).

A turn that pastes a key or a password ("here's my stripe key sk_live_51Hx…, is the webhook config right?")
made the read match memories against the secret's characters: a long random token weighs on the dense form and
recalls whatever is nearest to noise. Recall reads the turn with each value dropped — not masked: a "[redacted]"
would match memories stored with a redacted number. The screen is `TurnScreen.of`, the one the write stages of
the same turn reuse, so the turn is screened once per process.

Example:
    >>> without_secrets("here's my stripe key sk_live_51Hx9KqLmN2vR8tY4wP0zA6cE3dBf7, is the webhook config right?")
    "here's my stripe key, is the webhook config right?"
    >>> without_secrets("我的支付宝支付密码是 739120，你能帮我记一下吗？")
    '我的支付宝支付密码是，你能帮我记一下吗？'
    >>> without_secrets("How do I fix the flaky login test?")
    'How do I fix the flaky login test?'
"""

from __future__ import annotations

import re

from ..safety import TurnScreen
from .plain_query import reads_plain


def without_secrets(text: str) -> str:
    """`text` with the value of every credential and identifier in it dropped (`text` itself when it holds none)."""
    if reads_plain(text):  # provably nothing to drop: the full screen runs later, if the write needs it
        return text
    findings = TurnScreen.of(text).findings
    if not findings:
        return text
    kept, pos = [], 0
    for f in sorted(findings, key=lambda f: f.start):
        if f.start >= pos:
            kept.append(text[pos:f.start])
        pos = max(pos, f.end)
    kept.append(text[pos:])
    joined = re.sub(r"[ \t]{2,}", " ", "".join(kept))
    return re.sub(r"[ \t]+(?=[,.;:!?，。；：！？\n]|$)", "", joined).strip()
