"""A habitual condition about the assistant's work for the user scopes a standing instruction: "when you give me
shell commands, assume zsh", "when I ask for SQL, use CTEs", "whenever you suggest recipes, keep them short".
The condition names a kind of thing the assistant produces, in general (a bare noun, "a regex", "my code");
one naming a single thing ("when you write the migration", "when you give me the final version") or a moment
("when you're done", "when you get a chance", "when I get home") scopes one answer and stores nothing lasting.

Example:
    >>> habitual("when you give me shell commands"), habitual("when I ask for SQL"), habitual("any time you give me a regex")
    (True, True, True)
    >>> habitual("when you write the migration"), habitual("when you're done"), habitual("when I ask my boss for a raise")
    (False, False, False)
"""

from __future__ import annotations

import re

_I = re.IGNORECASE
# what the assistant makes for the user: code, answers, plans, messages
_MAKES = (r"give|gives|write|writes|explain|explains|show|shows|suggest|suggests|recommend|recommends|answer|answers|"
          r"draft|drafts|review|reviews|send|sends|generate|generates|list|lists|format|formats|translate|translates|"
          r"summari[sz]e|summari[sz]es|describe|describes|plan|plans|make|makes|help|helps|walk|walks|reply|replies|"
          r"respond|responds|quiz|quizzes|teach|teaches")
_HABITUAL = re.compile(
    r"^(?:when|whenever|any\s*time|every\s+time|each\s+time)\s+"
    rf"(?:(?:you|u)\s+(?:(?:are|'re)\s+)?(?:(?:always|usually|ever)\s+)?(?:{_MAKES}|writing|giving|explaining|suggesting|answering|"
    r"reviewing|drafting|helping|showing)\b"
    r"|i\s+(?:ask|asks)\s+(?:you\s+|u\s+)?(?:for|about|to)\b)"
    r"(?P<rest>.*)$", _I)
# a single thing pointed at: the condition is about one answer
_ONE_THING = re.compile(r"\b(?:the|this|that|these|those|it|them|one|next|final|last)\b", _I)


def habitual(condition: str) -> bool:
    """True when `condition` scopes every answer of a kind the assistant gives the user ("when you give me code")."""
    m = _HABITUAL.match(condition.strip(" ,.;:"))
    return m is not None and _ONE_THING.search(m.group("rest")) is None
