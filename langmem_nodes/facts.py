"""Fact identity and precedence, in one place: when two statements are the same fact, which attributes hold
one value at a time, how much each source counts, and which of two contradicting statements wins.

One rule picks the winner everywhere: the write strategy's default (`ExplicitCorrectionFirst`), the per-turn
block (`ConflictNode`) and the stable block (`RenderNode`). The higher source authority wins: the user's
explicit intent (a correction, an edit, a request to remember, a statement marking its value as the current
one: "… now", "moved to", "现在", "搬到") over an imported or inferred statement, over a derived one. Among
statements of equal authority the newer wins, so a newer "remember that I live in Berlin" replaces an older
"actually I moved to Lyon", while a plain later "I live in Berlin" does not outrank that correction.

Example:
    >>> from datetime import UTC, datetime
    >>> from langmem_nodes.records import MemoryRecord, Scope
    >>> old = MemoryRecord(text="用户住在北京", predicate="lives_in", object="北京", source="explicit",
    ...                    scope=Scope(user_id="u"), created_at=datetime(2026, 1, 1, tzinfo=UTC))
    >>> new = MemoryRecord(text="用户住在上海", predicate="lives_in", object="上海", source="inferred",
    ...                    scope=Scope(user_id="u"), created_at=datetime(2026, 2, 1, tzinfo=UTC))
    >>> winner([old, new]).object, is_exclusive("lives_in"), attribute_key(old) == attribute_key(new)
    ('北京', True, True)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .equivalents import family_name
from .records import MemoryRecord, Source, as_utc, normalize_text
from .text import tokenize

#: Canonical predicates. Open attributes use the namespaced form `attr:<name>` ("my shell is zsh").
PREDICATES = frozenset(
    "name role lives_in works_in works_at from allergy diet prefers uses working_on package_manager "
    "deploy_command build_command test_command run_command release_command rule states trait has learning "
    "memory_file family".split()  # memory_file: one per path (the object), so two files never contradict
    # family: what holds for one of the user's family ("wife is allergic to tree nuts"), many at once
)
#: One value at a time: a new value for the same (subject, predicate) contradicts the old one.
EXCLUSIVE = frozenset(
    "name role lives_in works_in works_at from package_manager deploy_command build_command test_command "
    "run_command release_command".split()
)
#: Free text: a record with one of these predicates (or no object) never conflicts with another.
GENERIC_PREDICATES = frozenset({"states", "said", "says", "mentions", ""})

#: Source authority: what the user said outright (a correction, an edit, an explicit statement) outranks
#: what was read from elsewhere or guessed; the newest of the user's explicit statements holds.
AUTHORITY = {Source.EXPLICIT_CORRECTION: 3, Source.USER_EDITED: 3, Source.EXPLICIT: 3, Source.IMPORTED: 1,
             Source.INFERRED: 1, Source.DERIVED: 0}

#: What the user said outright: stored beyond the session at once (the promoter), and so, as one value at a
#: time must hold in every session, superseding the values it contradicts in the user's other sessions.
EXPLICIT_SOURCES = frozenset({Source.EXPLICIT, Source.EXPLICIT_CORRECTION, Source.USER_EDITED})


def authority(source: Source | str) -> int:
    """How much a statement from `source` counts (`AUTHORITY`; an unknown source counts as inferred)."""
    try:
        return AUTHORITY.get(Source(source), 1)
    except ValueError:
        return 1


def is_exclusive(predicate: str) -> bool:
    """Does the predicate hold one value at a time (name, lives_in, deploy_command, any `attr:` key, any
    predicate outside the vocabulary)? The one rule the write strategy and both read blocks use.

    >>> is_exclusive("lives_in"), is_exclusive("attr:shell"), is_exclusive("favourite_editor"), is_exclusive("prefers")
    (True, True, True, False)
    """
    pred = predicate.strip().casefold()
    return pred in EXCLUSIVE or pred.startswith("attr:") or (pred not in PREDICATES and pred not in GENERIC_PREDICATES)


def identity(rec: MemoryRecord) -> tuple[str, str, str, str]:
    """(subject, predicate, object, polarity), normalised: two records with the same identity state one fact."""
    return (rec.subject.casefold(), rec.predicate.casefold(), normalize_text(rec.object), rec.polarity.value)


def same_fact(a: MemoryRecord, b: MemoryRecord, *, min_overlap: float = 0.5) -> bool:
    """Same subject, predicate and polarity, and objects naming the same thing: equal terms, or (for a
    multi-valued predicate) one object's content terms inside the other's with high overlap.

    >>> from langmem_nodes.records import MemoryRecord, Scope
    >>> r = lambda o, p="prefers": MemoryRecord(text=o, predicate=p, object=o, scope=Scope(user_id="u"))
    >>> same_fact(r("dark mode for my editor"), r("dark mode in the editor")), same_fact(r("dark mode"), r("light mode"))
    (True, False)
    >>> same_fact(r("just test", "test_command"), r("make test", "test_command"))
    False
    """
    ia, ib = identity(a), identity(b)
    if (ia[0], ia[1], ia[3]) != (ib[0], ib[1], ib[3]):
        return False
    oa, ob = ia[2], ib[2]
    if oa == ob:
        return True
    if is_exclusive(a.predicate):
        # one value at a time: a different value is a conflict, never a duplicate ("just test" ≠ "make test")
        return bool(_terms(oa)) and _terms(oa) == _terms(ob)
    ta, tb = _content_terms(oa), _content_terms(ob)
    if not ta or not tb:
        return False
    # one object's content terms inside the other's: "dark mode for my editor" ~ "dark mode in the editor",
    # but "dark mode" vs "light mode" differ in a term on each side and stay apart
    return (ta <= tb or tb <= ta) and len(ta & tb) / len(ta | tb) >= min_overlap


def _content_terms(text: str) -> set[str]:
    return {t.rstrip("s") if t.isalpha() and len(t) > 3 else t for t in tokenize(text, stem=False, bigrams=False)}


_ARTICLES = frozenset("a an the my its of this that".split())


def _terms(text: str) -> set[str]:
    # every word (stop words included: "just test" ≠ "make test"), plural "s" dropped, CJK per character
    words = re.findall(r"[a-z0-9][a-z0-9._+#-]*|[\u3400-\u9fff]", text.casefold())
    return {w.rstrip("s") if w.isalpha() and len(w) > 3 else w for w in words if w not in _ARTICLES}


def attribute_key(rec: MemoryRecord) -> tuple[str, ...] | None:
    """What a claim can contradict, or None for free text that cannot conflict.

    An exclusive attribute (one value at a time: `lives_in`, `attr:shell`, any predicate the write side does
    not know) is keyed by (subject, predicate), so another value contradicts it. A parallel one the write side
    knows (`uses`, `prefers`, `diet`, ...: a user uses Vim and Python at once) is keyed by its object too, so
    only the same object with the other polarity contradicts it ("likes tea" vs "dislikes tea").
    """
    pred = rec.predicate.strip().casefold()
    if pred in GENERIC_PREDICATES or not rec.object.strip():
        return None
    subject = rec.subject.strip().casefold()
    if not is_exclusive(pred):
        return (subject, pred, normalize_text(rec.object))
    return (subject, family_name(pred))  # "attr:血型" is "attr:blood_type": one attribute in either language


def value_key(rec: MemoryRecord) -> tuple[str, str]:
    """The value a claim holds for its attribute: two claims with the same attribute and another value contradict."""
    return (normalize_text(rec.object), rec.polarity.value)


def winner_index(statements: Sequence[MemoryRecord]) -> int:
    """The position of the statement that wins (see `winner`)."""
    if not statements:
        raise ValueError("statements must not be empty")
    return max(range(len(statements)),
               key=lambda i: (authority(statements[i].source), as_utc(statements[i].created_at), i))


def winner(statements: Sequence[MemoryRecord]) -> MemoryRecord:
    """Which of contradicting statements holds: the highest source authority, then the newest (`created_at`),
    then the latest given."""
    return statements[winner_index(statements)]


__all__ = [
    "AUTHORITY", "EXCLUSIVE", "EXPLICIT_SOURCES", "GENERIC_PREDICATES", "PREDICATES", "attribute_key", "authority", "identity",
    "is_exclusive", "same_fact", "value_key", "winner", "winner_index",
]
