"""An instruction about the manner of every answer, said as a plain imperative, is a standing one: "Please answer in
British English", "format dates as DD/MM/YYYY for me", "give me code examples first and the explanation after",
"use metric units", "keep explanations short". Its verb is one of answering or formatting, and it names a manner
(a language, a unit or currency, a format, an order, a length) of answers in general. One pointing at a single
thing ("answer this in French", "format the table as CSV", "use metric for this recipe") asks once and stores
nothing lasting.

Example:
    >>> standing("Please answer in British English"), standing("format dates as DD/MM/YYYY for me")
    (True, True)
    >>> standing("no tables please"), standing("give me the code first")
    (True, True)
    >>> standing("answer this in French"), standing("use metric for this recipe"), standing("give me three ideas")
    (False, False, False)
    >>> standing("write the summary in British English")
    False
    >>> said("Kindly format dates as DD/MM/YYYY for me"), said("no tables please")
    ('format dates as DD/MM/YYYY', "don't use tables")
"""

from __future__ import annotations

import re

_I = re.IGNORECASE
_LEAD = r"^(?:(?:please|pls|plz|kindly|just|also|and|so|always|generally|in general|ideally)[,\s]+)*"
_VERBS = (r"answer|reply|respond|write|explain|format|give|keep|use|put|show|list|express|convert|quote|cite|round|"
          r"spell|talk|stick to|default to|do")
_LANGUAGE = (r"(?:(?:british|american|australian|plain|simple|formal|informal|brazilian|european|canadian|"
             r"simplified|traditional)\s+)?(?:english|korean|japanese|chinese|mandarin|cantonese|spanish|french|"
             r"german|italian|portuguese|russian|arabic|hindi|dutch|swedish|norwegian|danish|finnish|polish|czech|"
             r"greek|turkish|hebrew|thai|vietnamese|indonesian|ukrainian)")
_UNIT = (r"(?:metric|imperial|celsius|fahrenheit|kilometres|kilometers|miles|kg|kilos|pounds|euros?|dollars|"
         r"(?:swiss\s+)?francs|rupees|yuan|pesos|reais|rand|kronor|krona|won|"
         r"(?:us|uk|australian|canadian)\s+dollars|sterling|gbp|usd|eur|chf|yen|24h|24-hour|24 hour|12-hour|utc|"
         r"[\w-]+\s+(?:units|time|clock|format|style|spelling|case|notation|English))")
_FORMAT = (r"(?:bullet points|bullets|numbered (?:lists|steps)|short paragraphs|paragraphs|prose|plain text|markdown|"
           r"plain sentences|full sentences|short sentences|lowercase|uppercase|dd/mm/yyyy|mm/dd/yyyy|yyyy-mm-dd|iso[- ]?8601|"
           r"[A-Z]{2,5}(?:/[A-Z]{2,5})+)")
# the manner named: a language, a unit, a format ("in euros", "as DD/MM/YYYY"), a unit said after "use"
_MANNER = re.compile(rf"\b(?:in|as|into|using|with)\s+(?:a\s+|the\s+)?(?:{_LANGUAGE}|{_UNIT}|{_FORMAT})\b|"
                     rf"^(?:use|stick to|default to)\s+(?:the\s+)?(?:{_UNIT}|{_FORMAT})\b", _I)
# a part every answer has: "give me the code first", "put the conclusion at the top"
_PART = r"(?:explanation|code|answer|conclusion|summary|tl;?dr|result|bottom line|short version)"
# an order or a length of answers in general: "code examples first", "keep explanations short"
_ORDER = re.compile(r"^(?:give|put|show|list|write)\s+(?:me\s+)?(?:the\s+)?(?P<o>[\w-]+(?:\s+[\w-]+)?)\s+(?:first|last|up front|at the top)\b", _I)
_LENGTH = re.compile(r"^keep\s+(?:your\s+|all\s+|the\s+)?(?:answers|replies|responses|explanations|examples|summaries)\s+"
                     r"(?:(?:very|fairly|pretty|really|nice and)\s+)?(?:short|brief|concise|simple|tight|under\s+\d+\s+\w+)\b", _I)
# a single thing pointed at: this answer, this recipe, the table
_ONE_THING = re.compile(r"\b(?:this|that|these|those|it|them|the following|below|above|here|today|now|tonight|once)\b", _I)
_THE_THING = re.compile(rf"^(?:{_VERBS})\s+(?:me\s+)?the\s+(?!(?:{_UNIT}|{_FORMAT})\b)", _I)
# a form the user never wants: "no tables please", "don't use emojis", "avoid ASCII diagrams"
_NEVER = re.compile(r"^(?:don'?t|do not|never|no|avoid|stop|skip)\s+(?:(?:use|using|give me|giving me|put|putting|add|adding|"
                    r"include|including)\s+)?(?:any\s+|wide\s+|big\s+|long\s+)?(?:tables|emojis?|bullet points|bullets|markdown|headers|"
                    r"headings|jargon|ascii (?:art|diagrams)|diagrams|exclamation marks|code blocks|footnotes|em dashes)\b", _I)


def standing(clause: str) -> bool:
    """True when `clause` is an imperative about how every answer is made (its language, units, format, order)."""
    text = re.sub(_LEAD, "", clause.strip(" .!,;:"), flags=_I)
    if _ONE_THING.search(text):
        return False
    if _NEVER.match(text):
        return True
    if not re.match(rf"^(?:{_VERBS})\b", text, _I):
        return False
    order = _ORDER.match(text)  # of a kind said in the plural ("code examples first") or a part of every answer
    part_first = bool(order and re.fullmatch(_PART, order.group("o"), _I))
    if _THE_THING.match(text) and not part_first:
        return False  # "write the summary in British English": one thing
    return bool(_MANNER.search(text) or _LENGTH.match(text) or order and (order.group("o").endswith("s") or part_first))


_POLITE_TAIL = re.compile(r"[,\s]+(?:please|pls|plz|thanks|thank you|for me)\s*$", _I)
_NO = re.compile(r"^no\s+(?!more\b)", _I)


def said(clause: str) -> str:
    """The instruction without its politeness ("kindly …", "… please"), a bare "no X" said as "don't use X"."""
    text = re.sub(_LEAD, "", clause.strip(" .!,;:"), flags=_I)
    text = _POLITE_TAIL.sub("", _POLITE_TAIL.sub("", text))
    return _NO.sub("don't use ", text)
