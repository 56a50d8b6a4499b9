"""The parts of an English stack object, whatever rule read it.

An object ends where a new clause begins: "and / but / so" + a subject and its verb ("our CI runs on CircleCI and
tests must pass before merge" → CircleCI; "we use Slack and everyone hates it" stores no "everyone hates it"). A
project's tool attached to another is a part of its own: "X on / through / via / behind / over / talking to Y"
("Postgres 15 on RDS", "fly.io through github actions"), "X for a job and Y for another" ("Sentry for error tracking
and Datadog for metrics"). An attached part counts only when it looks like a tool ("Prettier with single quotes",
"Python on Linux servers" add nothing that is not one).

    >>> [c.object for c in parts(Claim("project", "uses", "Sentry for error tracking and Datadog for metrics"))]
    ['Sentry', 'Datadog']
    >>> [c.object for c in parts(Claim("project", "uses", "CircleCI and tests must pass before merge"))]
    ['CircleCI']
    >>> [c.object for c in parts(Claim("project", "uses", "GCP in asia-northeast1"))]
    ['GCP', 'asia-northeast1']
"""

from __future__ import annotations

import re
from dataclasses import replace

from .clause_en import is_tool_name
from .rules import Claim

_I = re.IGNORECASE
_STACK = ("uses", "package_manager")
# a finite verb or modal: what makes the words after "and" a clause of their own
_FINITE = re.compile(
    r"^(?:is|are|was|were|'s|'re|has|have|had|must|should|can|can't|cannot|could|will|won't|would|need|needs|needed|"
    r"takes?|took|keeps?|kept|gets?|got|goes|went|runs|ran|breaks?|broke|fails?|failed|dies|died|seems?|looks?|"
    r"feels?|makes?|made|hates?|loves?|likes?|wants?|read|reads|works|does|do|did|don't|doesn't|didn't|isn't|"
    r"aren't|wasn't|sucks?|lives|talks|sits|lags|crashes|crashed|costs?|eats|handles|deploys|ships|uses|used|use|"
    r"keep|call|calls|called|stays?|lets?|gives?|gave|says?|said|think|thinks|know|knows|swears?|complains?|"
    r"requires?|mean|means|tends?|pays?|wrote|write|writes|maintains?|owns?|hosts|builds|built|cover|covers)$", _I)
_ADVERB = re.compile(r"^(?:actually|really|just|never|always|also|still|all|basically|honestly|literally|now|then|"
                     r"already|mostly|usually|sometimes|even|only|kinda|kind|of|sort)$", _I)
_JOINS = re.compile(r"\s*,?\s+(?:and|but|so|because|though|although|plus)\s+", _I)
_ATTACHED = re.compile(r"\s+(?:on|through|via|behind|over|talking to|backed by|in front of|on top of|"
                       r"in(?=\s+(?:the\s+)?(?:[a-z]{2,12}-[a-z]{2,12}-?\d|(?-i:[A-Z])[a-z]+ (?-i:[A-Z])[a-z]+ region)))\s+(?:an?\s+|the\s+)?", _I)
# a cloud region: "asia-northeast1", "us-east-1", "West Europe region"
_REGION = re.compile(r"^(?:[a-z]{2,12}-[a-z]{2,12}-?\d{1,2}|(?-i:[A-Z])[a-z]+ (?-i:[A-Z])[a-z]+ region)$", _I)
_JOB_THEN_AND = re.compile(r"\s+for\s+(?:the\s+|our\s+|all\s+)?[\w-]+(?:\s+[\w-]+){0,2}\s+and\s+", _I)
_PURPOSE = re.compile(r"\s+(?:for|as|between|in (?:prod|production|staging|ci|dev))\b.*$", _I)
_ENV = re.compile(r"\s+(?:locally|in (?:prod|production|staging|ci|dev|development|local dev))$", _I)
_KIND = re.compile(r"\s+(?:database|db|boxes|box|servers?|instances?|cluster|workspaces?|backend|setup)$", _I)


def is_clause(text: str) -> bool:
    """`text` opens with a subject of one to three words and its finite verb: "tests must pass", "everyone hates
    it", "every deploy takes 9 minutes"; never a name list ("Jest and Playwright")."""
    words = [w for w in re.findall(r"[\w'.+#/-]+", text)[:6] if not _ADVERB.match(w)]
    for i, w in enumerate(words[:4]):
        if _FINITE.match(w):
            return 1 <= i <= 3 and not is_tool_name(words[0])
    return False


def _cut(obj: str) -> str:
    """The object before "and / but / so" + a clause."""
    for m in _JOINS.finditer(obj):
        if is_clause(obj[m.end():]):
            return obj[: m.start()].strip(" ,;")
    return obj


def _toolish(part: str) -> bool:
    return bool(part) and len(part.split()) <= 3 and (is_tool_name(part) or part[:1].isupper() or bool(_REGION.match(part)))


def _tidy(part: str) -> str:
    return _KIND.sub("", _PURPOSE.sub("", part.strip(" ,;"))).strip()


def _split(obj: str) -> list[str]:
    """The tools of a project's stack object, the first as said (tidied only when another part follows)."""
    pieces, start = [], 0
    for m in _JOB_THEN_AND.finditer(obj):  # "… for metrics and dashboards": a job's words, no next tool
        if _toolish(obj[m.end():].split(" ", 1)[0]):
            pieces.append(obj[start: m.start()])
            start = m.end()
    pieces.append(obj[start:])
    out: list[str] = []
    for piece in pieces:
        head, *rest = _ATTACHED.split(piece, maxsplit=1)
        tail = _tidy(rest[0]) if rest else ""
        if tail and _toolish(tail) and _tidy(head):
            out += [_tidy(head), tail]
        else:
            out.append(_tidy(piece) if len(pieces) > 1 else piece)
    return out


def parts(claim: Claim) -> list[Claim]:
    """`claim` with its object cut before a new clause; a project's stack object as one claim per tool. A claim
    whose whole object is a clause ("everyone hates it") is no claim."""
    if claim.predicate not in _STACK and not (claim.subject == "project" and claim.predicate.startswith("attr:")):
        return [claim]
    if re.search(r"[^\x00-\u024f]", claim.object):  # another script: read by its own grammar
        return [claim]
    if is_clause(claim.object):
        return []
    obj = _ENV.sub("", _cut(claim.object)) or claim.object  # "docker compose locally": where it runs is no part of the name
    if claim.subject != "project":
        return [replace(claim, object=obj)] if obj != claim.object else [claim]
    tools = _split(obj)
    first = replace(claim, object=tools[0]) if tools[0] != claim.object else claim
    return [first] + [Claim("project", "uses", t, claim.polarity, "fact") for t in tools[1:]]


def expand(found: list[tuple[Claim, str, object, bool]]) -> list[tuple[Claim, str, object, bool]]:
    """Every found claim as its parts, in order; a part already found in the message is not repeated."""
    out: list[tuple[Claim, str, object, bool]] = []
    seen: set[tuple[str, str, str, str]] = set()
    for c, clause, source, hedged in found:
        for p in parts(c):
            key = (p.subject, p.predicate, p.object.casefold(), p.polarity)
            if p is not c and key in seen:
                continue
            seen.add(key)
            out.append((p, clause, source, hedged))
    return out


__all__ = ["expand", "is_clause", "parts"]
