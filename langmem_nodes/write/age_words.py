"""An age said as a number or in words, in English ("7", "seven", "twelve"), for the readers of an age a correction
replaces or gives (`kin_age`); plain extraction keeps digits only (the labelled sets store "my son is 9" by digits).

    >>> import re
    >>> [bool(re.fullmatch(AGE_EN, w, re.I)) for w in ("7", "seven", "Twelve", "twenty", "0", "one hundred")]
    [True, True, True, True, False, False]
"""

from __future__ import annotations

_WORDS = ("two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|"
          "eighteen|nineteen|twenty")
#: an age as digits or a word; "one" is left out (she's one of …), as are words that end a longer number
AGE_EN = rf"(?:[1-9]\d?|(?:{_WORDS})(?![\w-]))"

__all__ = ["AGE_EN"]
