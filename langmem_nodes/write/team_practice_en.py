"""A team's working practice said with "we": holder + standing marker + a verb of the team's work → the project's rule.

"We never deploy on Fridays", "our team always reviews migrations in pairs", "in our team we squash-merge
everything" are the project's rules (negative after never / don't, positive after always / only / must).
The verb decides whose "we" it is: the team's engineering work (deploy, merge, rebase, …) or a verb whose object is
the team's work ("run the linter", "skip code review", "touch prod"). The same frame around any other verb ("we
always go hiking on Sundays", "we never eat out on weekdays") is a household's or friends' habit: no rule for the
assistant, and never the user's own rule.

Example:
    >>> [(c.subject, c.predicate, c.object, c.polarity) for c in read("We never deploy on Fridays") or []]
    [('project', 'rule', 'deploy on Fridays', 'negative')]
    >>> read("We always go hiking on Sundays")
    []
    >>> read("We moved to Lyon") is None
    True
"""

from __future__ import annotations

import re

from .rules import Claim, clean_object

_I = re.IGNORECASE

_FRAME = r"(?:(?:in|on|at)\s+(?:our|my|the|this)\s+(?:team|company|shop|org|repo|codebase|project|workplace)\s*,?\s+)?"
_HOLDER = r"(?P<h>we|our team|the team|my team|our devs|our engineers)"
_ADV = r"(?:(?:all|also|still|generally|usually|basically|strictly|really|pretty much|literally)\s+)*"
_NEG = (r"never|(?:do not|don'?t|dont|does not|doesn'?t|doesnt)(?:\s+ever)?|must never|must not|mustn'?t|"
        r"(?:are|is)\s+(?:never|not)\s+allowed\s+to|aren'?t\s+allowed\s+to")
_POS = r"always|only|must(?:\s+always)?|should always|(?:always\s+)?have to|always need to"
_SHAPE = re.compile(rf"^{_FRAME}{_HOLDER}\s+{_ADV}(?:(?:(?P<neg>{_NEG})|(?P<pos>{_POS}))\s+)?{_ADV}(?P<rest>\S.*)$", _I)

# the team's own work whatever its object: "deploy on Fridays", "rebase shared branches"
_WORK = (r"deploy|release|ship|merge|squash(?:[- ]merge)?|rebase|commit|push|force[- ]push|cherry[- ]pick|hotfix|"
         r"self[- ]merge|backport|lint|vendor|pin|bump|roll\s+(?:back|out)|code[- ]review|pair[- ]program")
# work only with an object that is the team's work: "run the linter", "skip code review", "store passwords in plain text"
_ON_WORK = (r"run|review|approve|tag|version|format|test|log|store|write|touch|skip|bypass|disable|migrate|publish|"
            r"document|mock|hardcode|expose")
_VERB = re.compile(rf"^(?P<v>(?:{_WORK})(?:e?s|ed)?|(?P<c>(?:{_ON_WORK})(?:e?s)?))\b(?!-)", _I)
_WORK_OBJECT = re.compile(
    r"\b(?:main|master|trunk|prod|production|staging|branch(?:es)?|prs?|pull requests?|merge requests?|mrs?|builds?|"
    r"releases?|migrations?|tests?|test suite|ci|pipelines?|code|code review|reviews?|changelogs?|commits?|secrets?|"
    r"passwords?|credentials|tokens?|api keys?|pii|personal data|user data|logs?|timestamps|dependencies|deps|"
    r"packages?|images?|containers?|versions?|semver|tags?|hooks?|linters?|formatter|docs|documentation|schemas?|"
    r"database|db|tables?|config|env vars?|feature flags?|generated files|lockfiles?|endpoints?|apis?|services?|repo|"
    r"types|comments|commit messages|release notes|runbooks|postmortems|checks|pre-commit|e2e|benchmarks|"
    r"on commit|on save|on push)\b", _I)
# "commit to a plan", "push back", "push the kids": not the team's work
_NOT_WORK = re.compile(r"^(?:commit(?:s|ted)?\s+to\s+(?!main|master|trunk|the repo|develop|prod)|push(?:es|ed)?\s+"
                       r"(?:back|ourselves|him|her|them|me|you|the kids)\b)", _I)
# no marker: a practice said of everything ("we squash-merge everything")
_ALL = re.compile(r"\b(?:everything|every\s+\w+|all\s+(?:our\s+|the\s+)?\w+)\s*$", _I)
_TAIL = re.compile(r"\s+(?:here|lol|lmao|haha|tbh|honestly|at all|ever)$", _I)


def read(clause: str) -> list[Claim] | None:
    """The project's rule of a "we" practice clause; [] for a household's habit; None when the clause is neither."""
    m = _SHAPE.match(clause.strip(" \t.,;:!?"))
    if not m:
        return None
    rest = m.group("rest")
    verb = _VERB.match(rest)
    marked = bool(m.group("neg") or m.group("pos"))
    if not marked:  # "we deploy to k8s": a plain fact the clause reader takes; only "… everything" is a practice
        return _rule(rest, "positive") if verb and not verb.group("c") and _ALL.search(rest) else None
    if re.match(r"^use[sd]?\b", rest, _I):
        return None  # "we don't use Redux here": the tool a project does or does not use, read by clause_en
    if not verb or _NOT_WORK.match(rest) or (verb.group("c") and not _WORK_OBJECT.search(rest[verb.end():])):
        return [] if m.group("h").lower() == "we" else None  # "we always go hiking on Sundays": a household habit
    return _rule(rest, "negative" if m.group("neg") else "positive")


def _rule(rest: str, polarity: str) -> list[Claim]:
    obj = clean_object(_TAIL.sub("", rest.strip()))
    return [Claim("project", "rule", obj, polarity, "rule")] if obj else []
