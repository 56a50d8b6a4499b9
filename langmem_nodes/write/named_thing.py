"""A correction that gives a thing's value ("不对，我手机是 iPhone", "no wait, my phone is an iPhone") replaces the
user's last statement whose value named that thing ("我用安卓手机", "I use an Android phone"): both say what
the phone is, under two attributes (`attr:手机` and `uses`).

Read only for a correction: a plain "我手机是 iPhone" after "我用安卓手机" may be a second phone.

    >>> from langmem_nodes.write.rules import Claim
    >>> names(Claim("user", "attr:手机", "iPhone"), Claim("user", "uses", "安卓手机"))
    True
    >>> names(Claim("user", "attr:phone", "an iPhone"), Claim("user", "uses", "an Android phone"))
    True
    >>> names(Claim("user", "attr:phone", "an iPhone"), Claim("user", "uses", "Android Studio"))
    False
"""

from __future__ import annotations

import re

from ..records import normalize_text
from .rules import Claim


def names(new: Claim, last: Claim) -> bool:
    """`new` gives the value of a thing (`attr:<thing>`) whose value `last`, the user's, named with the thing."""
    if not new.predicate.startswith("attr:") or new.subject != last.subject or last.predicate not in ("uses", "has"):
        return False
    if new.polarity != last.polarity or normalize_text(new.object) == normalize_text(last.object):
        return False
    thing = new.predicate[5:].replace("_", " ").strip()
    if not thing:
        return False
    if re.search(r"[\u4e00-\u9fff]", thing):
        return last.object.rstrip().endswith(thing) and len(last.object.strip()) > len(thing)
    return bool(re.search(rf"\S\s+{re.escape(thing)}s?$", last.object.strip(), re.I))


__all__ = ["names"]
