"""A second verb phrase after "and", the user's subject dropped: "I use Vim and work at Google" is two clauses
(uses Vim; works at Google), never the tool "work at Google". The conjunct is read as the user's own clause
("I work at Google"); when that gives a claim of another relation, the object splits there.

Example:
    >>> from langmem_nodes.write import grammar
    >>> [(c.predicate, c.object) for c in grammar.parse("I use Vim and work at Google")]
    [('uses', 'Vim'), ('works_at', 'Google')]
    >>> [(c.predicate, c.object) for c in grammar.parse("I love hiking and like 2 trips a year")]
    [('prefers', 'hiking')]
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .rules import Claim

_CONJUNCT = re.compile(r"^(?P<a>.+?)\s+(?:and|&)\s+(?P<b>(?-i:[a-z])[a-z']+\b.*)$", re.IGNORECASE)
# a stance verb opening the conjunct: "(I love art) and hate crowds", "(I enjoy running) but hate the gym"
_STANCE = re.compile(r"^(?:(?:really|also|totally|absolutely|kinda|just)\s+)?(?:hate|love|like|dislike|loathe|adore|enjoy|prefer|"
                     r"detest|can'?t stand|cannot stand|don'?t (?:like|love|enjoy|mind)|do not (?:like|love|enjoy)|never liked)\b", re.IGNORECASE)
# "like" before an amount is "about", no verb: "(I use VS Code with) like 40 other plugins", "and like 2 trips a year"
_ABOUT = re.compile(r"^like\s+(?:\d|~|a few\b|a couple\b|about\b|around\b|half\b|(?:one|two|three|four|five|six|seven|eight|nine|ten|"
                    r"twenty|thirty|forty|fifty|a hundred|hundreds|dozens?)\b)", re.IGNORECASE)
_BUT = re.compile(r"^(?P<a>.+?)\s+but\s+(?P<b>(?-i:[a-z])[a-z']+\b.*)$", re.IGNORECASE)


def split(c: Claim, parse: Callable[[str], list[Claim]]) -> list[Claim] | None:
    """[the claim without the verb phrase, the verb phrase's own claims], or None when the object holds none."""
    if c.subject != "user" or not (m := _CONJUNCT.match(c.object) or _BUT.match(c.object)):
        return None
    if _ABOUT.match(m.group("b")):
        return [Claim(c.subject, c.predicate, m.group("a").strip(), c.polarity, c.kind, list(c.replaces))]
    stance = bool(_STANCE.match(m.group("b")))  # a verb of liking: its own clause even under the same relation
    own = [x for x in parse("I " + m.group("b")) if x.subject == "user" and (x.predicate != c.predicate or stance)]
    if not own:
        return None
    return [Claim(c.subject, c.predicate, m.group("a").strip(), c.polarity, c.kind, list(c.replaces)), *own]


__all__ = ["split"]
