"""A value given after a label, as chat says it: "Our CI: GitHub Actions.", "My editor? Neovim, obviously.", "my
phone? it's a Pixel 7". The label is the user's or the project's noun phrase ("my X", "our X"), and a ":" or a
question the user answers at once joins it to the value; the pair reads as "<label> is <value>", and the usual
rules decide what it is. Only a short noun phrase is a value: a clause ("My problem: the build fails"), a
question ("My laptop? What should I buy?") or a label that announces talk ("My question: …", "our plan: …")
stays as written, and so what the rules make of it is unchanged.

    >>> inline("Our CI: GitHub Actions.")
    'Our CI is GitHub Actions.'
    >>> inline("my phone? it's a Pixel 7")
    'my phone is a Pixel 7'
    >>> inline("My question: how do I rebase?")
    'My question: how do I rebase?'
"""

from __future__ import annotations

import re

from .stack_parts_en import is_clause

_I = re.IGNORECASE
# "my X" / "our X" / "the team's X", up to three words, at the start of a sentence or line
_LABELLED = re.compile(r"(?P<pre>^|[.!?;]\s+|\n\s*)(?P<h>(?:my|our|the team'?s|the repo'?s|the project'?s)\s+"
                       r"(?:[\w.+#'-]+\s+){0,2}?[\w.+#'-]+)\s*(?P<m>:|\?+)[ \t]+(?P<v>[^\n]+?)(?=$|[.!?;]\s|[.!?;]$|\n)", _I)
# a label that announces what follows, not a thing the user or project has
_TALK = re.compile(r"(?:question|questions|problem|problems|issue|issues|point|thing|things|worry|concern|guess|plan|plans|goal|"
                   r"idea|ideas|take|bad|update|note|notes|context|situation|reason|answer|request|ask|bet|excuse|advice|tip|"
                   r"theory|opinion|view|thought|thoughts|feeling|feelings|experience|story|point|concern|fault|mistake|"
                   r"favou?rite part|dilemma|predicament|options?|choice|priority|priorities|task|todo|agenda|mood|"
                   r"answer|response|reply|suggestion|proposal|understanding|assumption|rule|rules|convention|conventions|"
                   r"policy|situation|life|day|week|weekend|morning|deal)$", _I)
# how an answer to one's own question opens: "it's", "that'd be", "easy:"
_ANSWER_LEAD = re.compile(r"^(?:(?:oh|well|um+|hmm+|easy|simple|honestly|definitely|obviously|always)\s*[,:!-]*\s+)*"
                          r"(?:(?:it's|its|it is|that's|that'd be|that would be|they're|they are|currently|still)\s+)?", _I)
# a value that opens a question, a request or a clause of its own
_NOT_VALUE = re.compile(r"^(?:what|how|why|which|when|where|who|whom|whose|is|are|do|does|did|can|could|should|would|will|"
                        r"any|please|pls|i|i'm|i've|we|we're|you|your|he|she|they|it|this|that|there|no idea|not sure|"
                        r"idk|dunno|don't|doesn't|didn't|long story|same|yes|yeah|no|nope|because|so|if|to)\b", _I)


def _value(text: str) -> str:
    """The value the answer names, "" when it is no short noun phrase."""
    text = _ANSWER_LEAD.sub("", text.strip(), count=1)
    head = re.split(r"\s*[,—–(]\s*|\s+-\s+", text, maxsplit=1)[0].strip()
    words = head.split()
    if not head or len(words) > 6 or _NOT_VALUE.match(head) or is_clause(head) or "?" in head:
        return ""
    return text


def _joined(m: re.Match[str]) -> str:
    label = m.group("h")
    if _TALK.search(label) or not (value := _value(m.group("v"))):
        return m.group(0)
    return f"{m.group('pre')}{label} is {value}"


def inline(message: str) -> str:
    """`message` with each labelled value said as "<label> is <value>"."""
    if ":" not in message and "?" not in message:
        return message
    return _LABELLED.sub(_joined, message)


__all__ = ["inline"]
