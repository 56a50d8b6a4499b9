"""More parts a correction is told by (zh + en), each general over the value it goes with.

- a slip noun: "brain fart", "senior moment", "slip of the tongue", "手滑了", "脑子短路了";
- a value said again in a restating frame: "I should say Kotlin", "Kotlin, I should say", "I should have said
  Porto", "我说的是 ThinkPad", "（现在）应该说是 Rust 了", "应该讲是…";
- what was said, put in the past: "that was true in college", "that was years ago", "那是以前了", "那都是老黄历了";
- an interjection and a "no" between two values: "I'm 34. ugh no, 35";
- a value the assistant read back wrong, set against the user's: "Korean, not Japanese" after "Japanese is fun!",
  "不是 MacBook，是 ThinkPad" after "你用 MacBook。".

`marks(message, assistant_before)` says the message is a correction; `restated(clause)` reads the frame away so the
value after it is read as a bare corrected value ("I should say Kotlin" → "Kotlin", "应该说是 Rust 了" → "是 Rust 了").

    >>> marks("sorry, brain fart, it's an iPhone 15 now"), marks("I should say Kotlin"), marks("现在应该说是 Rust 了")
    (True, True, True)
    >>> marks("that was true in college. these days it's Radiohead"), marks("I'm 34. ugh no, 35")
    (True, True)
    >>> marks("Korean, not Japanese 😅", "Great, Japanese is a fun language!"), marks("Korean, not Japanese", "Sure.")
    (True, False)
    >>> marks("I should say thanks for the help"), marks("oh no, my laptop died"), marks("那是以前的同事推荐的")
    (False, False, False)
    >>> restated("I should say Kotlin"), restated("Kotlin, I should say"), restated("我说的是 ThinkPad"), restated("现在应该说是 Rust 了")
    ('Kotlin', 'Kotlin', '是 ThinkPad', '是 Rust 了')
"""

from __future__ import annotations

import re

_I = re.IGNORECASE

_SLIP_NOUN = re.compile(r"\b(?:brain\s*fart|senior moment|slip of the (?:tongue|finger|keyboard)|fat[- ]fingered (?:it|that)|"
                        r"(?:my )?brain (?:is|'s) (?:fried|mush|not working))\b|手滑了?|脑子短路了?|脑子抽了|嘴瓢了?|秃噜嘴了?", _I)

# a pronoun or a word of thanks after the frame is no value ("I should say thanks", "I should say that I …")
_NOT_VALUE = r"(?!(?:thanks|thank|sorry|hi|hello|that|this|it|i|i'm|we|you|so|something|anything|no|yes|more)\b)"
_SHOULD_SAY_EN = re.compile(rf"^(?:(?:well|or|er+|um+|uh+|sorry|oops|ugh|ok(?:ay)?|no)[,\s]+)*i\s+(?:should|ought to|'d better|should've|"
                            rf"should have)\s+(?:say|said)\s+{_NOT_VALUE}(?P<v>\S.*)$", _I)
_SAY_AFTER_EN = re.compile(r"^(?P<v>[\w.+#-]+(?:\s+[\w.+#-]+){0,2}?)\s*,?\s+i\s+should(?:\s+have|'ve)?\s+(?:say|said)\s*[.!]?$", _I)
_SAID_ZH = re.compile(r"^(?:(?:哦|噢|啊|呃|额|嗯|不是)[，,\s]*)*(?:现在|其实|准确地?|严格地?)?(?:我(?:刚才|刚刚|前面|本来)?说的(?=是)|应该(?:说|讲)(?=是)|应该(?:说|讲)成)"
                      r"\s*(?P<v>\S.*)$")
_FRAMES = (_SHOULD_SAY_EN, _SAY_AFTER_EN, _SAID_ZH)

# what was said, put in the past: "that was true in college", "that's from years ago", "那是以前了"
_LAPSE = re.compile(r"\bthat(?:'s| was| is)\s+(?:(?:only|just)\s+)?(?:true|the case|right|so|how it was|my old \w+)?\s*(?:back\s+)?"
                    r"(?:in (?:college|school|uni|university|high school|my twenties|the past|\d{4})|when i was\b|years ago|ages ago|"
                    r"a while (?:ago|back)|a long time ago|before (?:the|my|i|we)\b|last year)|"
                    r"(?:^|[，,。！!\s])那(?:是|都是|已经是)(?:(?:好)?(?:几|多)?年前|以前|之前|老黄历|过去式|上学的时候|大学的时候)(?:的事)?了", _I)

_INTERJECTED_NO = re.compile(r"\w\s*[.!…]+\s*(?:ugh|argh|eh|er+|erm|um+|uh+|oops|whoops|hmm+|gah|dang|shoot)[,\s]+(?:no|nope|nah)\s*[,!—–]\s*\w", _I)

_VALUE = r"[\w.+#-]+(?:\s+[\w.+#-]+){0,2}"
_SET_AGAINST = (re.compile(rf"(?:^|[,;—–]\s*|^(?:no|nope|nah)[,\s]+)(?P<new>{_VALUE})\s*[,;—–]\s*not\s+(?P<old>{_VALUE})\b", _I),
                re.compile(rf"^(?:(?:no|nope|nah)[,\s]+)?not\s+(?P<old>{_VALUE})\s*[,;—–]\s*(?:it'?s\s+)?(?P<new>{_VALUE})", _I),
                re.compile(r"不是\s*(?P<old>[^，,。！？\s]{1,20}?)\s*(?:啦|呀|哦)?\s*[，,]\s*(?:而)?是\s*(?P<new>[^，,。！？]{1,20})"),
                re.compile(r"是\s*(?P<new>[^，,。！？]{1,20}?)\s*[，,]\s*不是\s*(?P<old>[^，,。！？\s]{1,20})"))


def _norm(text: str) -> str:
    return "".join(text.split()).casefold()


def misread(message: str, assistant_before: str) -> bool:
    """The message sets the user's value against one the assistant's turn just before said ("Korean, not Japanese")."""
    said = _norm(assistant_before)
    if not said:
        return False
    for rx in _SET_AGAINST:
        for m in rx.finditer(message.strip()):
            old = _norm(m.group("old"))
            if old and old in said and _norm(m.group("new")) != old:
                return True
    return False


def marks(message: str, assistant_before: str = "") -> bool:
    """The message is a correction by one of this module's parts (see the module doc)."""
    clauses = [c.strip() for c in re.split(r"[,，.。!！;；—–]+", message) if c.strip()]
    return bool(_SLIP_NOUN.search(message) or _LAPSE.search(message) or _INTERJECTED_NO.search(message)
                or any(rx.match(c) for c in clauses for rx in _FRAMES)
                or bool(re.search(r"[,—–]\s*i\s+should(?:\s+have|'ve)?\s+(?:say|said)\s*(?:[.!]|$)", message, _I))
                or misread(message, assistant_before))


def restated(clause: str) -> str:
    """`clause` with its restating frame read away ("I should say Kotlin" → "Kotlin"); `clause` when it has none."""
    for rx in _FRAMES:
        if m := rx.match(clause.strip()):
            return m.group("v").strip()
    return clause


__all__ = ["marks", "misread", "restated"]
