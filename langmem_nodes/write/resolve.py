"""Conflict resolution: which of several statements about one attribute wins, by a selectable strategy.

A new statement conflicts with stored active ones when they share (subject, predicate) in the scopes the
user can see and either the predicate holds one value at a time (name, role, deploy_command, …), the
polarity flips for the same object ("likes X" → "does not like X"), or the new statement is an explicit
correction (of the value it names after "not …", else of the latest value). A value stored beyond its
session (said outright, `facts.EXPLICIT_SOURCES`, or with no session) also supersedes the values it
contradicts in this user's other sessions of the same project (or of none), the partitions dedup compares
with — never another user's or project's — so "I moved to Seattle" in one session leaves no active "lives
in Boston" in an earlier one. A plain value said in a session stays in it and touches no other session. The loser is superseded:
`status=superseded`, pointers both ways, a ledger reason — never deleted. `read_only` records are never
superseded automatically: the challenger is kept as a `candidate` instead.

Example:
    >>> from langmem_nodes.records import MemoryRecord, Scope
    >>> s = Scope(user_id="u")
    >>> old = MemoryRecord(text="User uses TypeScript", predicate="uses", object="TypeScript", scope=s, confidence=0.6)
    >>> fix = MemoryRecord(text="User uses Python", predicate="uses", object="Python", scope=s,
    ...                    source="explicit_correction", confidence=0.95)
    >>> later = MemoryRecord(text="User uses TypeScript", predicate="uses", object="TypeScript", scope=s, confidence=0.6)
    >>> STRATEGIES["explicit_correction_first"].choose([old, fix, later]).object
    'Python'
    >>> STRATEGIES["last_write_wins"].choose([old, fix, later]).object
    'TypeScript'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from ..categories import CATEGORIES, value_categories
from ..equivalents import family_name, predicate_family, same_value
from ..facts import EXPLICIT_SOURCES, is_exclusive, winner
from ..node import MemoryNode
from ..records import MemoryContext, MemoryRecord, Source, Status, normalize_text
from ..slots import SLOT_KEY, in_slot, replaced_values
from ..state import PendingWrite
from ..store.sqlite import KeyRef, RivalRead
from . import rule_aspect, switch_kind, withdrawal
from .extract import SKIPS_KEY
from .same_value import same_value as same_value_across


@runtime_checkable
class ResolutionStrategy(Protocol):
    """Picks the winner among statements about one key, given in arrival order."""

    name: str

    def choose(self, statements: Sequence[MemoryRecord]) -> MemoryRecord: ...


def _check(statements: Sequence[MemoryRecord]) -> None:
    if not statements:
        raise ValueError("statements must not be empty")


class ExplicitCorrectionFirst:
    """The user's explicit intent beats inference: `facts.winner` (highest source authority, newest among
    equals), the rule the read side's conflict blocks use too."""

    name = "explicit_correction_first"

    def choose(self, statements: Sequence[MemoryRecord]) -> MemoryRecord:
        return winner(statements)


class ConfidenceWeighted:
    """Highest confidence wins; the latest among equal confidences."""

    name = "confidence_weighted"

    def choose(self, statements: Sequence[MemoryRecord]) -> MemoryRecord:
        _check(statements)
        best = max(s.confidence for s in statements)
        return [s for s in statements if s.confidence == best][-1]


class LastWriteWins:
    """The most recent statement wins, whatever its source."""

    name = "last_write_wins"

    def choose(self, statements: Sequence[MemoryRecord]) -> MemoryRecord:
        _check(statements)
        return statements[-1]


class Majority:
    """The value stated most often (recurrence counts) wins; ties go to the latest."""

    name = "majority"

    def choose(self, statements: Sequence[MemoryRecord]) -> MemoryRecord:
        _check(statements)
        votes: Counter[tuple[str, str]] = Counter()
        for s in statements:
            votes[(normalize_text(s.object), s.polarity.value)] += max(1, s.recurrence)
        top = max(votes.values())
        return [s for s in statements if votes[(normalize_text(s.object), s.polarity.value)] == top][-1]


STRATEGIES: dict[str, ResolutionStrategy] = {
    s.name: s for s in (ExplicitCorrectionFirst(), ConfidenceWeighted(), LastWriteWins(), Majority())
}


def get_strategy(strategy: str | ResolutionStrategy) -> ResolutionStrategy:
    if isinstance(strategy, str):
        if strategy not in STRATEGIES:
            raise ValueError(f"unknown resolution strategy {strategy!r}; choose from {sorted(STRATEGIES)}")
        return STRATEGIES[strategy]
    if not isinstance(strategy, ResolutionStrategy):
        raise TypeError(f"strategy must be a name or a ResolutionStrategy, got {type(strategy).__name__}")
    return strategy


def conflicts_with(new: MemoryRecord, old: MemoryRecord | KeyRef, *, replaces: Sequence[str] = ()) -> bool:
    """Does `new` contradict `old` (same subject and predicate assumed; only its object and polarity are read)?

    An exclusive predicate's other values all conflict, even when a correction names the one it replaces
    ("I live in Paris, not Berlin" also replaces Lisbon): one value at a time. Otherwise `old` conflicts
    when it holds a value the correction `replaces` (`PendingWrite.replaces`)."""
    same_obj = same_value(new.object, old.object)  # "素食者" is "vegetarian"
    if same_obj:
        return new.polarity != old.polarity
    if new.predicate == "rule" and _polarity(new) == _polarity(old) == "positive" and rule_aspect.contradicts(new.object, old.object):
        return True  # "we always use tabs" after "use 2-space indentation": one value per aspect of the work
    if is_exclusive(new.predicate) and _polarity(new) != "negative":
        return True  # (a negative takes back only the value it names: "not a student anymore" leaves "teacher")
    if _polarity(new) == "negative" and _polarity(old) == "positive" and withdrawal.names(new.object, old.object):
        return True  # "I no longer have dogs" takes back "has two dogs"
    replaces = [normalize_text(x) for x in replaces or [] if x]
    if replaces:  # the named old value, in either language ("not coffee" names «用户喜欢咖啡»)
        return any(x in normalize_text(old.object) or normalize_text(old.object) in x or same_value_across(x, old.object)
                   for x in replaces)
    return False


def _polarity(r: MemoryRecord | KeyRef) -> str:
    return str(getattr(r.polarity, "value", r.polarity))


#: Categories a holder has one value of at a time: "I use Helix now" after "I use Vim" is a switch, while
#: databases or hosts are often several at once (`categories.CATEGORIES`); a backend moved to FastAPI leaves Django,
#: "靠过道的座位" after "window seats", "light mode" after "dark mode", fish after zsh, Fedora after Ubuntu and an
#: iPhone after an Android phone are switches too.
ONE_AT_A_TIME = frozenset({"editor", "shell", "package_manager", "backend_framework", "seat", "ui_theme", "browser",
                           "linux_distro", "phone"})


def _one_at_a_time(obj: str) -> set[str]:
    return value_categories(obj) & ONE_AT_A_TIME


def _of_kind(obj: str, kinds: set[str]) -> bool:
    """Whether a held value `obj` is one of the switched `kinds` (of a several-at-once kind: with no role of its own)."""
    return bool(kinds & _one_at_a_time(obj)) or switch_kind.holds_kind(obj, kinds & switch_kind.SEVERAL_AT_ONCE)


def reaches_other_sessions(record: MemoryRecord, ctx: MemoryContext) -> bool:
    """Is `record` stored beyond its session (said outright, or written with no session), so that it
    contradicts the values held in the user's other sessions of this project (`ctx.session_prefix()`)?"""
    return record.source in EXPLICIT_SOURCES or not ctx.session_id


def rival_read(p: PendingWrite, ctx: MemoryContext) -> RivalRead | None:
    """Where the resolver looked for other values of `p`'s one-value attribute and what it saw there, for
    the commit to re-check in its transaction; None when it did not look (or the predicate holds several)."""
    if p.rivals_seen is None or not is_exclusive(p.record.predicate):
        return None
    prefix = ctx.session_prefix() if reaches_other_sessions(p.record, ctx) else None
    return RivalRead(tuple(ctx.visible_partitions()), prefix, frozenset(p.rivals_seen))


def siblings_settled(pending: list[PendingWrite]) -> list[PendingWrite]:
    """Two values of one one-value attribute in the same turn (a model's "lives_in Berlin … lives_in Paris"):
    the later stands, the earlier is rejected with the reason, so the turn's other facts are stored (the
    commit would otherwise see them collide on every attempt and store nothing)."""
    last: dict[tuple[str, str, str], PendingWrite] = {}
    for p in pending:
        r = p.record
        if p.action in ("write", "downgrade") and r.status is Status.ACTIVE and is_exclusive(r.predicate):
            last[(r.scope.partition, r.subject, family_name(r.predicate))] = p
    for p in pending:
        r = p.record
        if p.action not in ("write", "downgrade") or r.status is not Status.ACTIVE or not is_exclusive(r.predicate):
            continue
        later = last[(r.scope.partition, r.subject, family_name(r.predicate))]
        if later is not p and not (same_value(later.record.object, r.object) and later.record.polarity == r.polarity):
            p.action = "reject"
            p.reason = f"another value of the same attribute later in this turn stands: {later.record.text}"
            p.note("resolve", p.reason)
    return pending


class ResolveNode(MemoryNode):
    """Graph node: for each pending write, find contradicted active memories and let the strategy decide.

    Sets `pending.supersede` (ids the new record replaces) or, when an existing memory wins, marks the new
    record `superseded` by it (it is still kept, for history).

    Args:
        store: the MemoryStore.
        strategy: a name in `STRATEGIES` or any `ResolutionStrategy` (default "explicit_correction_first").
    """

    name = "resolve"

    def __init__(
        self,
        store: Any,
        *,
        strategy: str | ResolutionStrategy = "explicit_correction_first",
        pending_key: str = "memory_pending",
        **kw: Any,
    ) -> None:
        super().__init__(**kw)
        self.store, self.strategy, self.pending_key = store, get_strategy(strategy), pending_key

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        pending = siblings_settled([p.model_copy(deep=True) for p in state.get(self.pending_key) or []])  # never the input's
        visible = ctx.visible_partitions()
        sessions: list[str] | None = None  # this user's other sessions, listed once
        doubts: list[dict[str, Any]] = []  # held values a withdrawal could not match: to confirm
        for p in pending:
            if p.action == "merge" and p.merge_into and p.replaces and p.record.status is Status.ACTIVE:
                # a correction whose new value is held already: it still takes back the value it names
                p.supersede = [m.id for m in self._rival_refs(p, visible) if m.id != p.merge_into]
                continue
            if p.action not in ("write", "downgrade") or p.record.status is not Status.ACTIVE:
                continue
            r = p.record
            p.rivals_seen = []
            refs = self._rival_refs(p, visible)
            if not refs and p.rivals_seen and (doubt := withdrawal.doubt_unheld(p, list(self.store.get_many(p.rivals_seen).values()))):
                doubts += doubt
                continue
            elsewhere: list[KeyRef] = []
            if reaches_other_sessions(r, ctx):
                # stored beyond this session, so seen from the user's other sessions too: it supersedes what it
                # contradicts there (one value at a time in every session), and a correction may find its target
                if sessions is None:
                    sessions = [s for s in self.store.partitions(prefix=ctx.session_prefix()) if s not in visible]
                correction = r.source is Source.EXPLICIT_CORRECTION
                elsewhere = self._rival_refs(p, sessions, fallback=correction and not refs) if sessions else []
            loaded = self.store.get_many([m.id for m in (*refs, *elsewhere)]) if refs or elsewhere else {}
            rivals = [loaded[m.id] for m in refs if m.id in loaded]
            other = [loaded[m.id] for m in elsewhere if m.id in loaded]
            if rivals or other:
                self._resolve(p, rivals, other)
        return {self.pending_key: pending, **({SKIPS_KEY: [*(state.get(SKIPS_KEY) or []), *doubts]} if doubts else {})}

    def _rival_refs(self, p: PendingWrite, partitions: list[str], *, fallback: bool = True) -> list[KeyRef]:
        """The active values in `partitions` that `p.record` contradicts, oldest first; values are compared
        on KeyRefs (no body parsing), only the rivals are loaded."""
        r = p.record
        same_key = sorted((m for pred in predicate_family(r.predicate)  # "attr:妈妈名字" is "attr:mom_name"
                           for m in self.store.find_refs(partitions, subject=r.subject, predicate=pred)),
                          key=lambda m: m.created_at)
        p.rivals_seen = [*(p.rivals_seen or []), *(m.id for m in same_key)]  # what the commit re-checks
        switched = _one_at_a_time(r.object) if r.source in EXPLICIT_SOURCES else set()  # kinds said outright
        switched |= switch_kind.switched_kinds(r.object, switch_kind.SWITCH_FLAG in p.flags or switch_kind.marked_switch(p.quote))
        refs = [m for m in same_key if conflicts_with(r, m, replaces=p.replaces)
                or (switched and m.polarity == r.polarity.value and _of_kind(m.object, switched))]
        if switched:  # "I use Helix now" after "My editor is Vim": the kind's value under another predicate
            refs += [m for m in self._held_as_kind(r, switched, partitions, skip={m.id for m in same_key})
                     if m.polarity == r.polarity.value]
        if not is_exclusive(r.predicate):
            refs += self._chain_rivals(r, [m for m in same_key if m not in refs])
        if not refs and fallback and r.source is Source.EXPLICIT_CORRECTION and not p.replaces:
            # an unqualified correction ("no wait, I mainly write Python now") replaces the latest value
            refs = [m for m in same_key if normalize_text(m.object) != normalize_text(r.object)][-1:]
        if not refs and fallback and p.replaces:
            refs = self._named_elsewhere(p, partitions)
        return refs

    def _held_as_kind(self, r: MemoryRecord, kinds: set[str], partitions: list[str], *,
                      skip: set[str]) -> list[KeyRef]:
        """Active values of `kinds` (one-at-a-time categories) that `r`'s subject holds under the kind's own
        predicates or a plain "uses"/"prefers", other than `r`'s predicate family (its rivals already)."""
        own = set(predicate_family(r.predicate))
        preds = {"uses", "prefers", *(q for kind in kinds for p in CATEGORIES[kind].predicates
                                      for q in predicate_family(p))} - own
        return [m for pred in sorted(preds) for m in self.store.find_refs(partitions, subject=r.subject, predicate=pred)
                if m.id not in skip and _of_kind(m.object, kinds)]

    def _chain_rivals(self, r: MemoryRecord, refs: list[KeyRef]) -> list[KeyRef]:
        """Active values of a parallel predicate whose supersede chain holds `r`'s value (`slots.SLOT_KEY`): going
        back to a value ("I switched back to Vim" after "Actually Helix, not Vim") contradicts the one that replaced it."""
        own = normalize_text(r.object)
        cands = [m for m in refs if _polarity(m) == r.polarity.value and not same_value(m.object, r.object)]
        if not cands or not own:
            return []
        loaded = self.store.get_many([m.id for m in cands])
        return [m for m in cands if m.id in loaded and in_slot(r.object, loaded[m.id].metadata.get(SLOT_KEY) or [])]

    def _named_elsewhere(self, p: PendingWrite, partitions: list[str]) -> list[KeyRef]:
        """A correction naming the old value ("Actually Helix, not Vim") whose old value was stored under another
        attribute ("My favourite editor is Vim"): the same holder's active memories holding exactly a named
        value, with the same polarity. Read only when the attribute itself holds no rival."""
        r = p.record
        named = {normalize_text(x) for x in p.replaces if x}
        named.discard(normalize_text(r.object))
        if not named:
            return []
        held = self.store.find(partitions, statuses=(Status.ACTIVE,), shared=True)
        return [KeyRef(m.id, m.object, m.polarity.value if hasattr(m.polarity, "value") else str(m.polarity),
                       m.created_at)
                for m in sorted(held, key=lambda m: m.created_at)
                if m.subject == r.subject and m.predicate != r.predicate and m.polarity == r.polarity
                and normalize_text(m.object) in named]

    def _resolve(self, p: PendingWrite, rivals: list[MemoryRecord], other: Sequence[MemoryRecord] = ()) -> None:
        """`rivals`: contradicted values the user sees here; `other`: those held in the user's other sessions
        of this project. Those never make the new value lose (a value this session cannot see does not
        overrule what the user just said). Of a one-value attribute, every one is replaced, whatever its
        authority or age: the new value is stored beyond this session, so each would sit beside it in its
        session (a concurrent writer may even have stamped one later than this turn); of other predicates,
        those the new value beats."""
        r = p.record
        locked = [m for m in (*rivals, *other) if m.read_only]
        if locked:
            p.action = "downgrade"
            p.reason = f"contradicts read-only memory {locked[0].id}: kept as candidate for the user to confirm"
            r.status = Status.CANDIDATE
            p.note("resolve", p.reason)
            return
        winner = self.strategy.choose([*rivals, r])
        if winner is r:
            one_value = is_exclusive(r.predicate)
            losers = [*rivals, *(m for m in other if one_value or self.strategy.choose([m, r]) is r)]
            if not losers:
                return
            p.supersede = [m.id for m in losers]
            r.supersedes = list(p.supersede)
            if (slot := replaced_values(losers, r.object)):
                r.metadata = {**r.metadata, SLOT_KEY: slot}
            p.reason = p.reason or f"{self.strategy.name}: replaces {', '.join(p.supersede)}"
            p.note("resolve", f"{self.strategy.name}: new value wins over {p.supersede}")
        else:
            r.status, r.superseded_by = Status.SUPERSEDED, winner.id
            p.reason = f"{self.strategy.name}: existing {winner.id} ({winner.source.value}) wins"
            p.note("resolve", p.reason)


ResolverNode = ResolveNode  # the old name, kept for a release
