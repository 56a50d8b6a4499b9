"""A second verb phrase after "and", the user's subject dropped: "I use Vim and work at Google" is two clauses
(uses Vim; works at Google), never the tool "work at Google". The conjunct is read as the user's own clause
("I work at Google"); when that gives a claim of another relation, the object splits there. The project's clause
splits the same way, read with "we": "We test with pytest and deploy with Helm" is pytest, then Helm; a team verb or
a stance after "and" that reads as nothing ("we use Postgres and love it") ends the object, never a tool "love it".

Example:
    >>> from langmem_nodes.write import grammar
    >>> [(c.predicate, c.object) for c in grammar.parse("I use Vim and work at Google")]
    [('uses', 'Vim'), ('works_at', 'Google')]
    >>> [(c.predicate, c.object) for c in grammar.parse("I love hiking and like 2 trips a year")]
    [('prefers', 'hiking')]
    >>> [(c.predicate, c.object) for c in grammar.parse("We test with pytest and deploy with Helm")]
    [('test_command', 'pytest'), ('uses', 'Helm')]
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
# a verb of the team's work opening the conjunct: "(we test with pytest) and deploy with Helm"
_TEAM_VERB = re.compile(r"^(?:(?:also|then|just|usually|always)\s+)?(?:deploy|test|build|ship|host|run|lint|format|store|keep|write|"
                        r"track|monitor|manage|review|release|publish|serve|cache|queue|log|bundle|package|provision|"
                        r"containeri[sz]e|orchestrate|document|compile|transpile|type-?check|migrate|schedule|page|alert)\b",
                        re.IGNORECASE)
_BUT = re.compile(r"^(?P<a>.+?)\s+but\s+(?P<b>(?-i:[a-z])[a-z']+\b.*)$", re.IGNORECASE)


def split(c: Claim, parse: Callable[[str], list[Claim]]) -> list[Claim] | None:
    """[the claim without the verb phrase, the verb phrase's own claims], or None when the object holds none."""
    if c.subject == "project":
        return _project_split(c, parse)
    if c.subject != "user" or not (m := _CONJUNCT.match(c.object) or _BUT.match(c.object)):
        return None
    if _ABOUT.match(m.group("b")):
        return [Claim(c.subject, c.predicate, m.group("a").strip(), c.polarity, c.kind, list(c.replaces))]
    stance = bool(_STANCE.match(m.group("b")))  # a verb of liking: its own clause even under the same relation
    own = [x for x in parse("I " + m.group("b")) if x.subject == "user" and (x.predicate != c.predicate or stance)]
    if not own:
        return None
    return [Claim(c.subject, c.predicate, m.group("a").strip(), c.polarity, c.kind, list(c.replaces)), *own]


# "we monitor with Datadog and alert with PagerDuty": a team verb + a preposition, after "we" + a verb
_WE_CLAUSE = re.compile(r"^(?P<we>(?:so\s+|and\s+|also\s+)*(?:we|we're|our team|the team)\s+)(?P<a>\S.*?)\s+(?:and|&)\s+"
                        r"(?P<b>(?:(?:also|then|just|usually|always)\s+)?[a-z]+\s+(?:with|using|via|on|to|in|through)\s+\S.*)$",
                        re.IGNORECASE)


def team_clauses(clause: str) -> list[str]:
    """`clause` cut before "and" + a team verb and its preposition, the second part said with "we":
    "we monitor with Datadog and alert with PagerDuty" → "we monitor with Datadog", "we alert with PagerDuty"."""
    if not (m := _WE_CLAUSE.match(clause.strip())) or not _TEAM_VERB.match(m.group("b")) or len(m.group("a").split()) < 2:
        return [clause]
    return [f"{m.group('we')}{m.group('a')}", f"we {m.group('b')}"]


def _project_split(c: Claim, parse: Callable[[str], list[Claim]]) -> list[Claim] | None:
    """The project's object cut before "and" + a verb phrase of the team's own ("and deploy with Helm")."""
    if not (m := _CONJUNCT.match(c.object)) or not (_TEAM_VERB.match(m.group("b")) or _STANCE.match(m.group("b"))):
        return None
    head = Claim(c.subject, c.predicate, m.group("a").strip(), c.polarity, c.kind, list(c.replaces))
    return [head, *(x for x in parse("we " + m.group("b")) if x.subject == "project")]


__all__ = ["split", "team_clauses"]
