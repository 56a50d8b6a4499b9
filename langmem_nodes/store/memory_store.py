"""MemoryStore: the canonical SQLite store plus its projections behind one write and one delete path.

Example:
    >>> import tempfile
    >>> from langmem_nodes.embeddings import HashingEmbedder
    >>> from langmem_nodes.records import MemoryRecord, Scope
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder=HashingEmbedder())
    >>> rec = MemoryRecord(text="User prefers tea", object="tea", scope=Scope(user_id="u1"))
    >>> _ = store.commit(add=[rec])
    >>> [i for i, _ in store.lexical_search(["user/default/u1"], "tea", k=5)] == [rec.id]
    True
    >>> store.forget(rec.id)["places"]["chroma"]
    'gone'
    >>> store.close()
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import threading
import time
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from ..context import check_open
from ..embeddings import KNOWN_EMBEDDERS, LEGACY_EMBEDDER, Embedder, ensure_embedder
from ..records import (
    LedgerEntry,
    LedgerOp,
    MemoryRecord,
    Scope,
    Status,
    check_id,
    check_partition,
    normalize_text,
)
from .bm25 import BM25Projection
from .canonical import open_canonical, resolve_database_url
from .catch_up import CatchUp
from .chroma import ChromaProjection, make_client, open_embedded_client
from .dense import DenseRouter
from .embedding_cache import EmbeddingCache
from .erasure import ANY_ORG, SALT_KEY, erase_key, erased_since, mark_erased, pseudonymise
from .exact import MAX_PARTITION, ExactDense
from .layout import migrate as migrate_layout
from .projection import FanOut, Projection
from .rendered import RenderedCache
from .sqlite import (
    ChangeToken,
    KeyConflict,
    KeyRef,
    ReadOnlyViolation,
    RecordGone,
    RivalRead,
    VersionConflict,
    partition_list,
)

__all__ = ["EMBED_TEXT_KEY", "KeyConflict", "MemoryStore", "ReadOnlyViolation", "RecordGone", "VersionConflict",
           "default_home", "embed_text", "is_user_actor"]

log = logging.getLogger(__name__)

# A record whose metadata holds this key (a part of `text`) is embedded from that part alone, while BM25
# indexes the whole `text`: e.g. `text` = a conversation turn after the turns before it, embed_text = the turn.
EMBED_TEXT_KEY = "embed_text"


def embed_text(record: MemoryRecord) -> str:
    """The text the dense index embeds: `metadata["embed_text"]` when it is a non-blank part of `text`, else
    `text` (so an edit that drops that part re-embeds the whole text instead of keeping a stale view).

    Example:
        >>> from langmem_nodes.records import MemoryRecord, Scope
        >>> embed_text(MemoryRecord(text="Bob: tea? Ada: green", scope=Scope(user_id="a"),
        ...                         metadata={"embed_text": "Ada: green"}))
        'Ada: green'
    """
    alt = record.metadata.get(EMBED_TEXT_KEY)
    return alt if isinstance(alt, str) and alt.strip() and alt in record.text else record.text


class Writer(NamedTuple):
    """Who a turn's commit writes for and when the turn started (epoch seconds): `commit(writer=...)`."""

    org_id: str
    user_id: str
    started: float


class UserErased(RuntimeError):
    """The commit's user was erased after its turn started: nothing was written (content-free)."""


def is_user_actor(actor: str | None) -> bool:
    """True for an explicit user action ("user" or "user:<name>"), the only actor allowed to change read_only."""
    return isinstance(actor, str) and (actor == "user" or actor.startswith("user:"))


def _id_or_none(memory_id: Any) -> Any:
    """A memory id to look up: a string or None (nothing); TypeError for anything else (a list is no id)."""
    if memory_id is not None and not isinstance(memory_id, str):
        raise TypeError(f"memory_id must be a string, got {type(memory_id).__name__}")
    return memory_id


def default_home() -> Path:
    return Path(os.environ.get("LANGMEM_HOME") or "./.langmem")


def home_path(home: Any) -> Path:
    """The memory home a caller named (None: `default_home()`). An empty or blank name is refused rather than
    read as "." (which would put the memory files in the current directory), so is anything but a path, and a
    path SQLite cannot open (not valid UTF-8: the OS hands such bytes over as lone surrogates)."""
    if home is None:
        return default_home()
    if not isinstance(home, str | os.PathLike) or isinstance(home, bytes):
        raise TypeError(f"home must be a path (str or os.PathLike), got {type(home).__name__}")
    text = os.fspath(home)
    if not isinstance(text, str) or not text.strip():
        raise ValueError("home must not be empty or blank (leave it out for $LANGMEM_HOME or ./.langmem)")
    if re.search(r"[\ud800-\udfff]", text):
        raise ValueError(f"memory home {text.encode('utf-8', 'surrogateescape')!r} is not a UTF-8 path: "
                         "SQLite cannot open it; choose a home whose name is valid UTF-8")
    return Path(text)


WAL_SCRUB = "wal_scrub"  # intent op: a forget's WAL truncation still to do


def _on_event_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _fit_newest(sizes: Sequence[tuple[str, int]], room: int) -> set[str]:
    """The partitions (listed oldest first) that fit in `room` rows, taking the newest first."""
    chosen: set[str] = set()
    for partition, rows in reversed(sizes):
        if rows <= room:
            chosen.add(partition)
            room -= rows
    return chosen


class MemoryStore:
    """One memory home: `memory.sqlite3` (truth + ledger) and `chroma/` (dense projection).

    Args:
        home: directory of the memory home (created if missing; a file there is a ValueError). Default
            `$LANGMEM_HOME` or `./.langmem`.
        embedder: an `Embedder`, "minilm+e5" (default: MiniLM for English, e5 for Chinese), "minilm"
            (packaged model, English only), "minilm-int8", "e5" or "hashing"
            (deterministic fake). A home remembers its embedder: opened without one it reuses it, opened
            with a different one it raises ValueError (see `_home_embedder`).
        chroma_url: a Chroma server (`http://127.0.0.1:8000`) instead of the embedded PersistentClient.
        chroma_mirror: "large" (the embedded default) gives a partition a Chroma collection once it outgrows
            the in-process exact index (200,000 memories): an embedded Chroma upsert costs ~15 ms whatever its
            size, and no query reads a small partition from Chroma (it is searched exactly in process).
            "all" (the server default, and the only choice with a server) mirrors every partition.
        extra_projections: more projections to fan writes and forgets out to.
        exact_max_partition: the largest partition answered by the in-process exact index (default 200,000,
            `store.exact.MAX_PARTITION`: HNSW loses recall on large partitions, exact search does not);
            larger ones are mirrored to and answered by Chroma (`store.dense` routes each partition).
        database_url: a `postgresql://` URL: the canonical store (records, vectors, ledger) lives in that
            PostgreSQL database, shared by every process that opens it, instead of `home/memory.sqlite3`.
            Default: $LANGMEM_DATABASE_URL, else $DATABASE_URI / $POSTGRES_URI (set by LangGraph
            deployments), else SQLite. The home still holds the embedded Chroma (without `chroma_url`) and
            the usage log. Several app servers: give each the same `database_url` and `chroma_url`.

    `wal_scrub_wait` (seconds, default 10): how long a forget waits for other connections' read snapshots
    to end so it can truncate the WAL (see `forget_many`); `wal_scrub_retry` (seconds, default 600): how
    long a background thread then keeps retrying (see `_scrub_wal`).
    """

    wal_scrub_wait: float = 10.0
    wal_scrub_retry: float = 600.0
    intent_retry_every: float = 10.0  # seconds between catch-up passes over pending intents (store/catch_up.py)
    close_wait: float = 30.0  # seconds close() waits for the memory nodes running now (see `in_use`)

    def __init__(
        self,
        home: str | Path | None = None,
        *,
        embedder: Embedder | str | None = None,
        chroma_url: str | None = None,
        chroma_mirror: str | None = None,
        extra_projections: Sequence[Projection] = (),
        exact_max_partition: int = MAX_PARTITION,
        database_url: str | None = None,
    ) -> None:
        if isinstance(exact_max_partition, bool) or not isinstance(exact_max_partition, int) or exact_max_partition < 1:
            raise ValueError(f"exact_max_partition must be a positive integer, got {exact_max_partition!r}")
        chroma_mirror = chroma_mirror or ("all" if chroma_url else "large")
        if chroma_mirror not in ("all", "large"):
            raise ValueError(f"chroma_mirror must be 'all' or 'large', got {chroma_mirror!r}")
        if chroma_mirror == "large" and chroma_url:
            raise ValueError("chroma_mirror='large' needs the embedded client: with a Chroma server every "
                             "partition is read from the server, so every partition must be mirrored")
        self.home = home_path(home)
        if self.home.exists() and not self.home.is_dir():
            raise ValueError(f"memory home {self.home} is a file, not a memory home directory")
        self.home.mkdir(parents=True, exist_ok=True)
        self._wal_retry: threading.Thread | None = None  # see _retry_wal_scrub_in_background
        self._wal_retry_stop = threading.Event()
        self._usage_log: Any = None  # see usage_log()
        self._usage_lock = threading.Lock()
        self._running = 0  # memory nodes running on this store now (`in_use`)
        self._running_changed = threading.Condition()
        self._open_turns: dict[Hashable, list[float]] = {}  # turn -> deadlines of its pending writes (`open_turn`)
        self._closing = False
        self.database_url = resolve_database_url(database_url)
        self._canonical = open_canonical(self.home, self.database_url)
        try:
            self.embedder = self._home_embedder(embedder)
        except BaseException:
            self._canonical.close()
            raise
        self._external = self._canonical.changes().external
        self._reading = threading.local()  # .depth, .synced: this thread's `one_read` scope
        self._forgotten_mark = self._canonical.forgotten_since(None)[1]
        chroma_path = None if chroma_url else self.home / "chroma"
        # Embedded mode: small partitions are searched exactly in process (see store/exact.py). With a Chroma
        # server, other processes may write the collections, so reads keep going to the server.
        self.exact = None if chroma_url else ExactDense(self._canonical.partition_vectors,
                                                        max_partition=exact_max_partition)
        # a damaged embedded Chroma directory is moved aside (never deleted) and rebuilt below from SQLite
        client, self.chroma_set_aside = (make_client(url=chroma_url), None) if chroma_path is None \
            else open_embedded_client(chroma_path)
        self.chroma = ChromaProjection(
            client, path=chroma_path,
            min_rows=self.exact.max_partition if self.exact is not None and chroma_mirror == "large" else 0,
            size_of=self._canonical.partition_size, rows_of=self._canonical.partition_vectors,
        )
        self.dense = DenseRouter(self.exact, self.chroma, self._canonical.partition_vectors,
                                 self._canonical.partition_size, lambda ids, parts: self._canonical.vectors(ids, parts))
        self.bm25 = BM25Projection(loader=self._canonical.partition_texts)
        self.rendered = RenderedCache()
        self.embedding_cache = EmbeddingCache(self.embedder, embed_text)
        own = [self.chroma, self.bm25, *([self.exact] if self.exact is not None else []), self.rendered,
               self.embedding_cache]
        self.fanout = FanOut([*own, *extra_projections])
        # an older home's partitions are re-keyed, with intents for the projections (store/layout.py)
        migrate_layout(self._canonical, self.fanout.names, self.chroma)
        if self.chroma_set_aside is not None:  # the fresh directory holds no collection yet
            self.chroma.mark_many_broken([part for part, rows in self._canonical.partition_sizes()
                                          if rows > self.chroma.min_rows], "the Chroma directory was set aside")
        self.replay_intents()
        self.chroma.rebuild_broken()  # collections a read found damaged before a restart
        # what is left pending from now on (a Chroma outage) is retried while the process runs
        self.catch_up = CatchUp(self, every=self.intent_retry_every)

    def _home_embedder(self, embedder: Embedder | str | None) -> Embedder:
        """The embedder for this home. A home remembers which one made its vectors ("name/dim" in its meta
        table): opened without one, it uses that one again; opened with another, it refuses, because vectors
        of two models (or two precisions of one) are not comparable and recall would silently degrade."""
        stored = self._canonical.get_meta("embedder")
        if stored is None and embedder is None and self._canonical.count():
            embedder = LEGACY_EMBEDDER  # written before homes recorded their embedder: by the default of then
        if embedder is None and stored is not None and stored.rsplit("/", 1)[0] in KNOWN_EMBEDDERS:
            embedder = stored.rsplit("/", 1)[0]
        chosen = ensure_embedder(embedder)
        identity = self._canonical.set_meta_once("embedder", f"{chosen.name}/{chosen.dim}")
        if identity != f"{chosen.name}/{chosen.dim}":
            raise ValueError(
                f"memory home {self.home} holds vectors made by embedder {identity!r}, but it was opened with "
                f"{chosen.name}/{chosen.dim}: vectors of different models or precisions are not comparable. "
                + ("Open it with the same embedder (or without one, to reuse it)." if identity.rsplit("/", 1)[0] in KNOWN_EMBEDDERS
                   else "Open it with that same embedder object (embedder=…): a custom embedder cannot be rebuilt from "
                        "its name."))
        return chosen

    # -- writes -------------------------------------------------------------------------------
    def commit(
        self,
        *,
        add: Sequence[MemoryRecord] = (),
        update: Sequence[MemoryRecord] = (),
        ledger: Iterable[LedgerEntry] = (),
        actor: str | None = None,
        exclusive: Callable[[str], bool] | None = None,
        rivals: Mapping[str, RivalRead] | None = None,
        writer: Writer | None = None,
        rekeyed: Sequence[str] = (),
    ) -> list[MemoryRecord]:
        """Insert `add`, update `update` (each checked against its own `version`), append `ledger`:
        one SQLite transaction, then every projection. Returns the stored records (new versions).

        Raises `VersionConflict` if an updated record changed since it was read (`RecordGone`, also a
        KeyError, if it was forgotten), and `ReadOnlyViolation` if an update touches a stored read_only
        record and `actor` is not an explicit user ("user" or "user:<name>"); automatic nodes leave `actor`
        unset. With `exclusive` (predicate → holds one value at a time?), an added ACTIVE record must be
        the only active one of its fact key (partition, subject, predicate, normalised object, polarity)
        and, for an exclusive predicate, of its attribute (partition, subject, predicate): checked inside
        the write transaction, which every writer of every process takes in turn (`KeyConflict`
        otherwise). `rivals` (new record id → `RivalRead`) extends the attribute check beyond the record's
        partition to every partition its decision read: an active other value there that the decision did not
        see is a `KeyConflict` too (a writer in another session of the user stored it meanwhile). Whatever is
        raised, nothing is written. With `writer` (the turn's org, user and start time), a commit for a user
        erased since the turn started writes nothing and raises `UserErased` (the erase record counts it).
        `rekeyed`: ids of `update` records that may now state another attribute or fact (an edit's new text):
        with `exclusive`, each active one is checked like an added record."""
        return self._commit(add, update, ledger, actor, exclusive, rivals=rivals or {}, writer=writer,
                            rekeyed=rekeyed)

    def import_home(self, records: Sequence[MemoryRecord], ledger: Iterable[LedgerEntry] = (),
                    tombstones: Iterable[dict[str, str]] = ()) -> list[MemoryRecord]:
        """Load records (ids and versions as given), ledger entries and tombstones (`{memory_id, partition,
        ts, actor}`) into an EMPTY home in ONE transaction, then project the records. ValueError, with
        nothing written, if the home holds records or ledger entries (checked inside that transaction)."""
        from ..safety.fields import entry_secret, field_secret  # the store's other paths need no screen

        tombs, ledger = list(tombstones), list(ledger)
        for i, t in enumerate(tombs):
            if not isinstance(t, dict) or set(t) != {"memory_id", "partition", "ts", "actor"}:
                raise ValueError(f"bad tombstone {i}: needs exactly memory_id, partition, ts and actor")
            if field_secret([v for v in t.values() if isinstance(v, str)]):
                raise ValueError(f"tombstone {i} holds a credential: credentials are never stored")
            check_partition(t["partition"], f"tombstone {i} partition")
        if any(entry_secret(e) for e in ledger):
            raise ValueError("a ledger entry holds a credential: credentials are never stored")
        return self._commit(records, (), ledger, None, None, tombstones=tombs, into_empty=True)

    def _commit(self, add: Iterable[MemoryRecord], update: Iterable[MemoryRecord], ledger: Iterable[LedgerEntry],
                actor: str | None, exclusive: Callable[[str], bool] | None, *,
                tombstones: Sequence[dict[str, str]] = (), into_empty: bool = False,
                rivals: Mapping[str, RivalRead] | None = None, writer: Writer | None = None,
                rekeyed: Sequence[str] = ()) -> list[MemoryRecord]:
        add, update, ledger = list(add), list(update), list(ledger)
        changed_text = [r for r in update if self._text_changed(r)]
        need_vec = add + changed_text
        vecs = self.embedder.embed([embed_text(r) for r in need_vec]) if need_vec else np.zeros((0, self.embedder.dim))
        stored: list[MemoryRecord] = []
        add_ids = {id(r) for r in add}  # identity, not `r in add`: pydantic __eq__ made bulk commits O(n²)
        with self._canonical.transaction() as conn:
            erased = writer is not None and erased_since(conn, *writer)
            if erased:  # the counter on the erase record is all this transaction writes
                need_vec, update, ledger, tombstones, add_ids = [], [], [], (), set()
                exclusive = None
            if into_empty and (self._canonical.count() or self._canonical.ledger_count()):
                raise ValueError("import needs an empty memory home (it already holds records or ledger entries)")
            fresh = [r for r in need_vec if id(r) in add_ids]
            self._canonical.insert_many(conn, fresh)
            stored += fresh
            if need_vec:
                self._canonical.put_vectors(conn, [(r.id, v) for r, v in zip(need_vec, vecs, strict=True)])
            for r in update:
                stored.append(self._canonical.update(conn, r, r.version, allow_read_only=is_user_actor(actor)))
            if exclusive is not None:
                keyed = set(rekeyed)
                checked = [*add, *(r for r in update if r.id in keyed)]
                self._check_keys(conn, [r for r in checked if r.status is Status.ACTIVE], exclusive, rivals or {})
            self._canonical.append_ledger(conn, ledger)
            for t in tombstones:
                self._canonical.add_tombstone(conn, t["memory_id"], t["partition"], t["actor"], ts=t["ts"])
            seq = self._intent(conn, "upsert", [(r.id, r.scope.partition) for r in stored]) if stored else 0
        if erased:
            raise UserErased("the user's memories were erased after this turn started: nothing written")
        if stored:
            self._project(seq, stored, self.fanout.names)
        self._finish_wal_scrub()
        self.catch_up.poke()
        return stored

    def erased_since(self, writer: Writer) -> bool:
        """Whether `writer`'s user was erased at or after its turn started (a read, outside any transaction:
        for bookkeeping after the turn, e.g. its citations; a commit checks inside its own transaction)."""
        salt = self._canonical.get_meta(SALT_KEY)
        if salt is None:
            return False
        keys = [erase_key(salt, writer.org_id, writer.user_id), erase_key(salt, ANY_ORG, writer.user_id)]
        return any(at >= writer.started for at in self._canonical.erased_at(keys))

    def erase_user(self, org_id: str, user_id: str) -> dict[str, int]:
        """After a user's memories are forgotten (`MemoryAdmin.delete_all`): record the erasure (a keyed hash,
        `store.erasure`), so a write of a turn that started before it writes nothing; replace their id by a
        pseudonym in the ledger and tombstones; delete their usage events. `org_id="*"`: every org.
        Returns `{"ledger_entries", "tombstones", "usage_events"}` (how many were rewritten or deleted)."""
        with self._canonical.transaction() as conn:
            pseudonym = mark_erased(conn, org_id, user_id, time.time())
            counts = pseudonymise(conn, org_id, user_id, pseudonym)
        usage = self.usage_log().erase(org_id, user_id) if self.has_usage_log() else 0
        self._scrub_wal()
        return {**counts, "usage_events": usage}

    def _check_keys(self, conn: Any, added: Sequence[MemoryRecord], exclusive: Callable[[str], bool],
                    rivals: Mapping[str, RivalRead]) -> None:
        """`KeyConflict` if an added active record shares its attribute (exclusive predicates) or its fact
        key with another active record of its partition, or holds another value of its exclusive attribute
        than an active record its decision did not see in the partitions it read (`rivals`), read inside
        the transaction: an exclusive attribute costs one indexed lookup; a fact key reads the attribute's
        active values (~10 µs each)."""
        wide = {r.id: rivals[r.id] for r in added if r.id in rivals and exclusive(r.predicate)}
        # the org partition is written only on an explicit confirmation (no check): not locked, so the
        # writers of every user of the org do not queue on it
        self._canonical.lock_attributes(conn, [(part, r.subject, r.predicate) for r in added for part in (
            r.scope.partition, *(wide[r.id].partitions if r.id in wide else ())) if not part.startswith("org/")])
        clash = []
        for r in added:
            if r.id in wide and (theirs := self._unseen_rival(conn, r, wide[r.id])):
                clash.append((r.id, theirs))
                continue
            one_value, obj = exclusive(r.predicate), normalize_text(r.object)
            if not one_value and not obj:
                continue  # no object, several values allowed: no key to keep unique
            for other_id, other_obj, polarity in self._canonical.active_on_key(
                    conn, r.scope.partition, r.subject, r.predicate, r.id, values=not one_value):
                if one_value or (polarity == r.polarity.value and normalize_text(other_obj or "") == obj):
                    clash.append((r.id, other_id))
                    break
        if clash:
            raise KeyConflict(
                "another writer stored the same attribute or fact meanwhile: "
                + ", ".join(f"{mine} collides with active {theirs}" for mine, theirs in clash),
                [mine for mine, _ in clash])

    def _unseen_rival(self, conn: Any, r: MemoryRecord, read: RivalRead) -> str | None:
        """The id of an active record holding another value of `r`'s attribute (or the same one, negated) in
        the partitions `read` covers that the decision did not see; None if there is none."""
        obj = normalize_text(r.object)
        for other_id, other_obj, polarity in self._canonical.active_values(
                conn, read.partitions, read.prefix, r.subject, r.predicate, r.id):
            if other_id not in read.seen and (normalize_text(other_obj or "") != obj or polarity != r.polarity.value):
                return str(other_id)
        return None

    def modify(
        self,
        memory_id: str,
        change: Callable[[MemoryRecord], MemoryRecord],
        *,
        ledger: Callable[[MemoryRecord], Iterable[LedgerEntry]] | None = None,
        actor: str | None = None,
        retries: int = 5,
    ) -> MemoryRecord:
        """Read-modify-write with no lost update: re-read and re-apply `change` on `VersionConflict`.

        `change` gets the fresh record and returns the new one (same id, version untouched). Raises
        `VersionConflict` after `retries` failed attempts, `KeyError` if the memory does not exist."""
        for attempt in range(retries + 1):
            cur = self._canonical.get(memory_id)
            if cur is None:
                raise KeyError(f"no memory with id {memory_id!r}")
            new = change(cur.model_copy(deep=True))
            if not isinstance(new, MemoryRecord) or new.id != memory_id:
                got = new.id if isinstance(new, MemoryRecord) else type(new).__name__
                raise ValueError(f"modify: change must return the MemoryRecord {memory_id!r} itself, got {got!r}")
            new = new.model_copy(update={"version": cur.version})
            try:
                return self.commit(update=[new], ledger=list(ledger(new)) if ledger else (), actor=actor)[0]
            except VersionConflict:
                if attempt == retries:
                    raise
        raise AssertionError("unreachable")

    def _text_changed(self, r: MemoryRecord) -> bool:
        old = self._canonical.get(r.id)
        return old is None or old.text != r.text or embed_text(old) != embed_text(r)

    def _intent(self, conn: Any, op: str, items: list[tuple[str, str]]) -> int:
        return self._canonical.add_intent(conn, op, items, self.fanout.names)

    def _project(self, seq: int, records: Sequence[MemoryRecord], only: Sequence[str]) -> None:
        """Upsert committed records into the projections. A record forgotten by another writer since the
        commit is skipped, and one forgotten while it was being projected is taken out again (its forget's
        own fan-out may have run before this upsert)."""
        vec_by_id = self._canonical.vectors([r.id for r in records])
        live = [r for r in records if r.id in vec_by_id]
        failed = set(self.fanout.upsert(live, [vec_by_id[r.id] for r in live], only=only)) if live else set()
        gone = set(r.id for r in live) - set(self._canonical.get_many([r.id for r in live]))
        for r in live:
            if r.id in gone:
                failed |= {k for k, v in self.fanout.delete(r.id, r.scope.partition, only=only).items() if v != "gone"}
        self._canonical.set_intent_pending(seq, sorted(failed))

    def append_ledger(self, entries: Iterable[LedgerEntry]) -> None:
        with self._canonical.transaction() as conn:
            self._canonical.append_ledger(conn, entries)

    def replay_intents(self, seqs: Iterable[int] | None = None) -> int:
        """Finish projection work left by a crash or a failing projection (only the intents `seqs`, when
        given). Returns intents replayed."""
        n = 0
        only = None if seqs is None else set(seqs)
        for seq, op, items, pending in self._canonical.intents():
            if only is not None and seq not in only:
                continue
            n += 1
            if op == "upsert":
                recs = self._canonical.get_many([i for i, _ in items])
                by_id = self._canonical.vectors(list(recs))
                recs = {i: r for i, r in recs.items() if i in by_id}  # a forget may land between the two reads
                missing = [(i, p) for i, p in items if i not in recs]
                failed = (set(self.fanout.upsert(list(recs.values()), [by_id[i] for i in recs], only=pending))
                          if recs else set())
                for mid, part in missing:  # forgotten meanwhile: make sure no projection keeps it
                    failed |= {k for k, v in self.fanout.delete(mid, part, only=pending).items() if v != "gone"}
                self._canonical.set_intent_pending(seq, sorted(failed))
            elif op == "delete":
                failed = set()
                for mid, part in items:
                    failed |= {k for k, v in self.fanout.delete(mid, part, only=pending).items() if v != "gone"}
                for part in dict.fromkeys(p for _, p in items):
                    failed |= {k for k, v in self._compact(part, pending).items() if v != "gone"}
                self._canonical.set_intent_pending(seq, sorted(failed))
            elif op == WAL_SCRUB:
                self._finish_wal_scrub()
        return n

    def _finish_wal_scrub(self) -> bool:
        """Truncate the WAL if a forget could not (a reader's snapshot was in the way); True when none is
        left to do. One indexed lookup when nothing is pending."""
        seqs = self._canonical.intent_seqs(WAL_SCRUB)
        if not seqs:
            return True
        if not self._canonical.checkpoint():
            return False
        for seq in seqs:
            self._canonical.set_intent_pending(seq, [])
        self._canonical.checkpoint()  # the intent's own deletion, which holds no memory text
        return True

    # -- forget -------------------------------------------------------------------------------
    def forget(self, memory_id: str, *, actor: str = "user", reason: str = "user request") -> dict[str, Any]:
        """Delete a memory everywhere; the ledger keeps a content-free tombstone.

        Returns the fan-out report `{"id", "places": {name: "gone" | "pending: ..."}}`.
        Raises KeyError if no such memory exists (and it was never forgotten).
        """
        return self.forget_many([memory_id], actor=actor, reason=reason)[0]

    def forget_many(self, memory_ids: Sequence[str], *, actor: str = "user", reason: str = "user request") -> list[dict[str, Any]]:
        """Forget several memories in one transaction; each partition's projections are compacted once.

        Every id is validated (and must exist or be already forgotten) before anything is deleted; a
        read_only memory may be forgotten only by a user actor (`ReadOnlyViolation` otherwise).
        `reason` is stored in the tombstone's ledger entry: keep memory content out of it.
        """
        if isinstance(memory_ids, str):
            raise ValueError(f"memory_ids must be a list of ids, not the string {memory_ids!r}: pass [{memory_ids!r}]")
        for m in memory_ids:
            check_id(m, "memory_id", required=True)
        ids: list[str] = list(dict.fromkeys(memory_ids))
        reports: dict[str, dict[str, Any]] = {}
        with self._canonical.transaction() as conn:
            recs = self._canonical.get_many(ids)
            for mid in ids:
                if mid not in recs and not self._canonical.tombstone(mid):
                    raise KeyError(f"no memory with id {mid!r}")
                if mid in recs and recs[mid].read_only and not is_user_actor(actor):
                    raise ReadOnlyViolation(f"memory {mid!r} is read_only: only a user (actor='user') may forget it")
            items = []
            for mid in ids:
                rec = recs.get(mid)
                if rec is None:
                    reports[mid] = {"id": mid, "places": {self.backend: "gone", "already_forgotten": "gone"}}
                    continue
                part = rec.scope.partition
                texts, objects = self._own_content(mid)
                texts = list(dict.fromkeys([rec.text, embed_text(rec), *texts]))  # the dense view is a cache key too
                self._canonical.delete(conn, mid)
                scrubbed = self._canonical.scrub_ledger(conn, mid, texts, also=[rec.object, *objects])
                self._canonical.add_tombstone(conn, mid, part, actor)
                self._canonical.append_ledger(
                    conn, [LedgerEntry(op=LedgerOp.FORGET, memory_id=mid, partition=part, reason=reason, actor=actor)]
                )
                reports[mid] = {"id": mid, "places": {self.backend: "gone", "vectors": "gone", "ledger": f"scrubbed {scrubbed} entries"}}
                items.append((mid, part, texts))
            seq = self._intent(conn, "delete", [(m, p) for m, p, _ in items]) if items else 0
        self._canonical.forget_parsed(ids)  # after the commit: a read before it could cache the row again
        failed: set[str] = set()
        by_part: dict[str, list[str]] = {}
        for mid, part, texts in items:
            report = self.fanout.delete(mid, part)
            reports[mid]["places"].update(report)
            failed |= {k for k, v in report.items() if v != "gone"}
            # earlier texts (before an edit) are cached by text, under no id a projection knows
            for name, v in self.fanout.scrub_texts(texts).items():
                if v != "gone":
                    failed.add(name)
                    reports[mid]["places"][name] = v
            by_part.setdefault(part, []).append(mid)
        for part, mids in by_part.items():  # rewrite on-disk copies so no physical remnant stays
            for name, v in self._compact(part).items():
                if v != "gone":
                    failed.add(name)
                    for mid in mids:
                        reports[mid]["places"][name] = v
        if items:
            self._canonical.set_intent_pending(seq, sorted(failed))
            wal = self._scrub_wal()
            place = self._canonical.scrub_place
            for mid, _part, _texts in items:
                reports[mid]["places"][place] = wal
        self.catch_up.poke()
        return [reports[m] for m in ids]

    def _scrub_wal(self) -> str:
        """Truncate the WAL so the forgotten rows' old page images leave no copy on disk. Another
        connection's read snapshot blocks that: wait up to `wal_scrub_wait` seconds for it to end; if it
        does not, leave a `wal_scrub` intent that the next commit, forget, open or close of any store on
        this home finishes, retry it in the background meanwhile, and report it pending."""
        if self._canonical.checkpoint(wait=self.wal_scrub_wait):
            return "gone"
        if not self._canonical.intent_seqs(WAL_SCRUB):
            with self._canonical.transaction() as conn:
                self._canonical.add_intent(conn, WAL_SCRUB, [], ["wal"])
        if self._finish_wal_scrub():  # the snapshot ended meanwhile
            return "gone"
        self._retry_wal_scrub_in_background()
        return (f"pending: a reader's snapshot kept the WAL for {self.wal_scrub_wait:g} s; retried in the "
                f"background for up to {self.wal_scrub_retry:g} s, and the next write, forget, open or close "
                "truncates it")

    def _retry_wal_scrub_in_background(self) -> None:
        """Retry a pending WAL truncation from a daemon thread (every 0.2 s, backing off to 5 s) until it
        succeeds, `wal_scrub_retry` seconds pass or the store closes: a process that goes idle after the
        forget does not keep the text in the WAL until its next write. One such thread per store."""
        if self._wal_retry is not None and self._wal_retry.is_alive():
            return
        deadline, stop = time.monotonic() + self.wal_scrub_retry, self._wal_retry_stop

        def retry() -> None:
            pause = 0.2
            while not stop.wait(pause):
                try:
                    if self._finish_wal_scrub():
                        return
                except Exception:  # noqa: BLE001 - e.g. the store closed meanwhile: the intent stays for later
                    log.exception("retrying a pending WAL scrub failed")
                    return
                if time.monotonic() >= deadline:
                    log.warning("a reader's snapshot kept the WAL for %g s more; the next write, forget, open "
                                "or close of this home truncates it", self.wal_scrub_retry)
                    return
                pause = min(pause * 2, 5.0)

        self._wal_retry = threading.Thread(target=retry, name="langmem-wal-scrub", daemon=True)
        self._wal_retry.start()

    def forget_turns(self, match: Callable[[Scope], bool]) -> int:
        """Scrub the ledger entries quoting a turn whose scope `match`es (e.g. rejected turns, which no
        memory owns, so no forget reaches them), drop their texts from the embedding cache and truncate
        the WAL. Returns the number of entries scrubbed."""
        hits = [(seq, texts) for seq, scope, texts in self._canonical.turn_entries() if match(Scope.model_construct(**scope))]  # as stored, unvalidated
        if not hits:
            return 0
        with self._canonical.transaction() as conn:
            n = self._canonical.scrub_entries(conn, [seq for seq, _ in hits])
        for _, texts in hits:
            self.fanout.scrub_texts(texts)
        self._scrub_wal()
        return n

    def _own_content(self, memory_id: str) -> tuple[list[str], list[str]]:
        """Earlier texts and objects of a memory quoted in its own ledger payloads (e.g. before an edit).

        A `supersede` entry is filed under the replaced memory but quotes the replacing one: skipped."""
        texts: list[str] = []
        objects: list[str] = []
        for e in self._canonical.ledger(memory_id):
            if e.memory_id == memory_id and e.op is not LedgerOp.SUPERSEDE:
                for k, v in e.payload.items():
                    if isinstance(v, str):
                        (texts if "text" in k else objects if k == "object" else []).append(v)
        return texts, objects

    def _compact(self, partition: str, only: Sequence[str] | None = None) -> dict[str, str]:
        only = [p.name for p in self.fanout.projections if (only is None or p.name in only) and p.compacts(partition)]
        if not only:  # nothing on disk to rewrite (e.g. a partition Chroma does not mirror): no partition read
            return {}
        recs = self._canonical.find([partition], statuses=None)
        by_id = self._canonical.vectors([r.id for r in recs])
        recs = [r for r in recs if r.id in by_id]
        return self.fanout.compact(partition, recs, [by_id[r.id] for r in recs], only=only)

    def verify_gone(self, memory_id: str) -> dict[str, bool]:
        """Ask every place whether it still holds the memory: True means gone.

        `ledger` is True when every ledger entry of the memory except its `forget` tombstone is scrubbed."""
        self.sync_external_writes()
        tomb = self._canonical.tombstone(memory_id)
        rec = self._canonical.get(memory_id)
        part = tomb["partition"] if tomb else (rec.scope.partition if rec else None)
        out = {
            self.backend: rec is None,
            "vectors": not self._canonical.vectors([memory_id]),
            "ledger": rec is None and self._canonical.unscrubbed_entries(memory_id) == 0,
            "parsed": rec is None and not self._canonical.holds_parsed(memory_id),
        }
        if part is not None:
            out.update(self.fanout.verify_gone(memory_id, part))
        return out

    # -- reads --------------------------------------------------------------------------------
    def get(self, memory_id: str) -> MemoryRecord | None:
        return self._canonical.get(_id_or_none(memory_id))

    def get_many(self, ids: Sequence[str]) -> dict[str, MemoryRecord]:
        return self._canonical.get_many(ids)

    def find(self, partitions: Iterable[str] | None, **filters: Any) -> list[MemoryRecord]:
        return self._canonical.find(partitions, **filters)

    def find_refs(self, partitions: Iterable[str], **filters: Any) -> list[KeyRef]:
        """Id, object, polarity and created_at of one attribute's records, without parsing them (see
        `CanonicalStore.find_refs`)."""
        return self._canonical.find_refs(partitions, **filters)

    def history(self, memory_id: str) -> list[LedgerEntry]:
        """The ledger entries about one memory (filed under it or quoting its id), oldest first."""
        return self._canonical.ledger(_id_or_none(memory_id)) if memory_id is not None else []

    def ledger(self, *, partitions: Iterable[str] | None = None) -> list[LedgerEntry]:
        """Every ledger entry, oldest first; with `partitions`, only those filed under them (admin use)."""
        return self._canonical.ledger(partitions=partitions)

    def ledger_count(self) -> int:
        return self._canonical.ledger_count()

    def count(self) -> int:
        """Stored records of any status, in every partition."""
        return self._canonical.count()

    def partitions(self, prefix: str | None = None) -> list[str]:
        """Partitions holding records; with `prefix` only those starting with it (e.g. one user's sessions:
        `MemoryContext.session_prefix()`), an index range scan."""
        return self._canonical.partitions(prefix=prefix)

    def partition_sizes(self) -> list[tuple[str, int]]:
        """(partition, records of any status), the least recently written first."""
        return self._canonical.partition_sizes()

    def partition_size(self, partition: str) -> int:
        return self._canonical.partition_size(partition)

    def tombstone(self, memory_id: str) -> dict | None:
        """The content-free tombstone `{memory_id, partition, ts, actor}` of a forgotten memory, or None."""
        return self._canonical.tombstone(memory_id)

    def tombstones(self, partitions: Iterable[str] | None = None) -> list[dict]:
        return self._canonical.tombstones(partitions)

    def turn_entries(self) -> list[tuple[int, dict, list[str]]]:
        """(seq, scope as stored, texts) of the unscrubbed ledger entries that quote a conversation turn."""
        return self._canonical.turn_entries()

    def change_times(self, memory_ids: Sequence[str], ops: Sequence[str]) -> list[tuple[str, datetime]]:
        """(memory_id, ts) of the ledger entries of `ops` (e.g. "supersede", "forget") about `memory_ids`."""
        return self._canonical.change_times(memory_ids, ops)

    def vectors(self, ids: Sequence[str], partitions: Iterable[str] | None = None) -> dict[str, np.ndarray]:
        """{id: canonical vector} for those `ids` that have one (in `partitions`, when given)."""
        return self._canonical.vectors(ids, partitions)

    def meta(self, key: str) -> str | None:
        """A home-wide setting, e.g. "embedder" (the "name/dim" that made the stored vectors)."""
        return self._canonical.get_meta(key)

    def set_meta_once(self, key: str, value: str) -> str:
        """Record a home-wide setting unless one is there; returns the value that holds."""
        return self._canonical.set_meta_once(key, value)

    def pending_intents(self) -> list[tuple[int, str, list[tuple[str, str]], list[str]]]:
        """Projection work not yet confirmed: (seq, op, [(memory_id, partition), ...], projections still
        pending)."""
        return self._canonical.intents()

    def changes(self) -> ChangeToken:
        """The change token: equal tokens mean no commit landed in between, from this process or another.
        Inside `one_read`, other processes are asked once (the scope's first check), this process always."""
        if getattr(self._reading, "depth", 0):
            self._sync_for_read()
            return ChangeToken(self._canonical.local_commits, self._external)
        return self._canonical.changes()

    @contextmanager
    def one_read(self) -> Iterator[None]:
        """Serve the reads inside (this thread's) as one read: whether another process committed is checked
        once, by the first read (`sync_external_writes`), instead of before every call, since with
        PostgreSQL each check is a round trip to the server. A read node wraps its stage in it; a commit of
        another process landing during the scope is seen by the next scope, as if it landed after it.

        Example:
            >>> import tempfile
            >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
            >>> with store.one_read():
            ...     store.lexical_search(["user/default/ada"], "tea", 5)
            []
            >>> store.close()
        """
        r = self._reading
        depth = getattr(r, "depth", 0)
        if depth == 0:
            r.synced = False
        r.depth = depth + 1
        try:
            yield
        finally:
            r.depth = depth

    def _sync_for_read(self) -> None:
        r = self._reading
        if getattr(r, "depth", 0):
            if r.synced:
                return
            r.synced = True
        self.sync_external_writes()
        self.catch_up.poke()

    def live_versions_until(
        self, partitions: Iterable[str], now: datetime | None, limit: int | None = None
    ) -> tuple[list[tuple[str, int]], datetime | None]:
        """(id, version) of the active unexpired records in `partitions` (id order, no parsing), and the
        earliest expiry still ahead of `now`: a fingerprint of what a rendering of them shows, and until when.
        `limit`: of the first `limit` active records only (an expired one among them is left out, not replaced)."""
        return self._canonical.live_versions_until(partitions, now, limit)

    def touch(self, ids: Sequence[str], at: datetime, partitions: Sequence[str], prefix: str) -> int:
        """Set `accessed_at` on those `ids` stored in `partitions` or under the partition `prefix`, without
        a new version (usage is not a change of content). Returns how many were updated."""
        return self._canonical.touch(ids, at, partitions, prefix)

    @property
    def closed(self) -> bool:
        """Whether `close()` was called (memory nodes started from then on raise `StoreClosedError`)."""
        return self._closing or self._canonical.closed

    @contextmanager
    def in_use(self, turn: Hashable | None = None) -> Iterator[None]:
        """Hold the store open while a memory node runs: `close()` waits for it (up to `close_wait` seconds).
        `StoreClosedError` once `close()` was called, except for the write of a `turn` whose recall ran before
        (`open_turn`): a turn in flight when the app shuts down is still stored."""
        with self._running_changed:
            if not (turn is not None and self._open_turns.get(turn) and not self._canonical.closed):
                check_open(self)
            self._running += 1
        try:
            yield
        finally:
            with self._running_changed:
                self._running -= 1
                self._running_changed.notify_all()

    def open_turn(self, turn: Hashable) -> None:
        """A turn recalled and will write (`add_memory`, `MemoryTurn`): `close()` waits for its write (up to
        `close_wait` seconds after the recall)."""
        with self._running_changed:
            self._waiting_for()  # drops the turns whose write never came (the agent failed)
            self._open_turns.setdefault(turn, []).append(time.monotonic() + self.close_wait)

    def end_turn(self, turn: Hashable) -> None:
        """The write of an `open_turn` is over (stored, skipped or failed): `close()` no longer waits for it."""
        with self._running_changed:
            deadlines = self._open_turns.get(turn)
            if deadlines:
                deadlines.pop(0)
                if not deadlines:
                    del self._open_turns[turn]
            self._running_changed.notify_all()

    def turn_started(self, turn: Hashable) -> float | None:
        """When (epoch seconds) the earliest still-open `open_turn` of `turn` opened; None if none is open."""
        with self._running_changed:
            deadlines = self._open_turns.get(turn)
            if not deadlines:
                return None
            return time.time() - (time.monotonic() - (min(deadlines) - self.close_wait))

    def in_flight_turns(self) -> int:
        """How many turns recalled and still wait for their write (`open_turn`): what `close()` waits for,
        besides the nodes running now. A run that ended without its write (the agent raised, was cancelled or
        paused with `interrupt()`) is not counted once `add_memory` / `MemoryMiddleware` saw it end."""
        with self._running_changed:
            self._waiting_for()
            return sum(len(d) for d in self._open_turns.values())

    def _waiting_for(self) -> bool:
        """Whether a node still runs or a turn still waits for its write (expired turns are dropped)."""
        now = time.monotonic()
        for turn in list(self._open_turns):
            self._open_turns[turn] = [d for d in self._open_turns[turn] if d > now]
            if not self._open_turns[turn]:
                del self._open_turns[turn]
        return bool(self._running or self._open_turns)

    @property
    def backend(self) -> str:
        """The canonical store's kind, "sqlite" or "postgres": how forget reports and `verify_gone` name it."""
        return self._canonical.backend

    def usage_log(self) -> Any:
        """This home's usage log (`langmem_nodes.usage.UsageLog`, `usage.sqlite3` in the home), opened on
        first use and closed with the store."""
        with self._usage_lock:
            if self._usage_log is None:
                from ..usage import UsageLog

                self._usage_log = UsageLog(self.home / "usage.sqlite3")
            return self._usage_log

    def has_usage_log(self) -> bool:
        """Whether this home has a usage log yet (open, or on disk), without creating one."""
        return self._usage_log is not None or (self.home / "usage.sqlite3").exists()

    def sync_external_writes(self) -> bool:
        """Tell every projection (`Projection.invalidate`) if another process committed since we last looked:
        the in-process indexes (BM25, exact dense) drop what they hold, and the memories forgotten since
        (read from the tombstones) leave every in-process projection (rendered text, embedding cache).

        They rebuild lazily from SQLite, so a memory another process wrote or forgot is seen correctly here.
        Costs one `PRAGMA data_version` when nothing changed. Returns True if the indexes were dropped."""
        external = self._canonical.changes().external
        if external == self._external:
            return False
        self._external = external
        forgotten, self._forgotten_mark = self._canonical.forgotten_since(self._forgotten_mark)
        self._canonical.forget_parsed([mid for mid, _ in forgotten])
        self.fanout.invalidate(forgotten)
        return True

    def warm(self, partitions: Iterable[str] | None = None, *, turn: bool = True) -> dict[str, int]:
        """Load the embedder's models and build the in-process indexes of `partitions` (BM25; in embedded mode
        also the exact dense index) now instead of on their first query, so a server that calls this at
        start-up does not make a user's first turn pay for them (e5's load is seconds on a first Chinese turn) (`langmem_nodes.read.warm_stable` does the same for the rendered stable
        blocks). With `turn` (default), also one throwaway turn per language on a temporary home
        (`langmem_nodes.warmup.warm_turn`): what a first turn builds for itself (the read side's example
        vectors, the rules' patterns) is then built here. Default: every partition, the most recently written last, so they are
        the ones kept when not all fit. A partition is skipped once it would take an index past its memory
        bound (`BM25Projection.max_docs`, `ExactDense.max_vectors`), so warming never evicts.

        Returns {"partitions": warmed, "documents": BM25 documents now loaded, "vectors": vectors now loaded}.

        Example:
            >>> import tempfile
            >>> from langmem_nodes.records import MemoryRecord, Scope
            >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
            >>> _ = store.commit(add=[MemoryRecord(text="用户喜欢喝绿茶", scope=Scope(user_id="ada"))])
            >>> store.warm()
            {'partitions': 1, 'documents': 1, 'vectors': 1}
            >>> store.close()
        """
        self.embedder.warm()
        if turn:
            from ..warmup import warm_turn  # the turn's modules import the store: loaded here, not at import

            warm_turn(self.embedder)
        self.sync_external_writes()
        sizes = self._canonical.partition_sizes()
        if partitions is not None:
            wanted = set(partition_list(partitions))
            sizes = [(p, n) for p, n in sizes if p in wanted]
        lexical = _fit_newest(sizes, self.bm25.max_docs - self.bm25.loaded_docs)
        for partition, _ in sizes:  # oldest first, so the newest end up most recently used
            if partition in lexical:
                self.bm25.warm(partition)
        dense = self.dense.warm(sizes)
        return {"partitions": len(lexical | dense), "documents": self.bm25.loaded_docs,
                "vectors": self.exact.loaded_rows if self.exact is not None else 0}

    def dense_search(
        self, partitions: Sequence[str], vector: np.ndarray, k: int, statuses: Sequence[Status | str] = (Status.ACTIVE,)
    ) -> list[tuple[str, float]]:
        """(id, cosine) best first, each partition answered by the index that holds it (`DenseRouter`):
        exact in process for small partitions (embedded mode), Chroma for large ones, SQLite if Chroma fails."""
        partitions = partition_list(partitions)
        vector = self._query_vector(vector)
        self._sync_for_read()
        return self.dense.search(partitions, vector, k, statuses)

    def _query_vector(self, vector: np.ndarray) -> np.ndarray:
        """`vector` as float32, or a ValueError naming what is wrong with it for this home's embedder."""
        q = np.asarray(vector, dtype=np.float32)
        dim = self.embedder.dim
        if q.shape != (dim,):
            raise ValueError(f"query vector must have shape ({dim},) for this home's embedder "
                             f"{self.embedder.name}/{dim}, got shape {q.shape}")
        if not np.isfinite(q).all():
            raise ValueError("query vector holds NaN or infinite values")
        return q

    def cosines(self, partitions: Sequence[str], ids: Sequence[str], vector: np.ndarray) -> dict[str, float]:
        """{id: cosine of its stored vector to `vector`} for those `ids` that have one in `partitions` (others
        are absent): `DenseRouter.cosines` (the in-process exact index where it holds them, else the canonical
        vectors)."""
        partitions = partition_list(partitions)
        vector = self._query_vector(vector)
        self._sync_for_read()
        return self.dense.cosines(partitions, ids, vector)

    def lexical_search(
        self, partitions: Sequence[str], query: str | list[str], k: int, statuses: Sequence[Status | str] = (Status.ACTIVE,)
    ) -> list[tuple[str, float]]:
        partitions = partition_list(partitions)
        self._sync_for_read()
        return self.bm25.search(partitions, query, k, statuses)

    def close(self) -> None:
        """Refuse new memory turns, wait for the memory nodes running now to finish (up to `close_wait`
        seconds), finish pending projection work (a failed upsert, delete or compaction is retried from its
        intent, up to 3 passes), then close the projections and SQLite (whose close truncates the WAL).
        In async code, `await store.aclose()`: a `close()` on the event loop cannot wait for the nodes the
        loop runs."""
        if self._canonical.closed:
            return
        self._wait_for_running_nodes()
        self.catch_up.close()
        self._wal_retry_stop.set()
        if self._wal_retry is not None:
            self._wal_retry.join()
        for attempt in range(3):
            try:
                self.replay_intents()
            except Exception:  # noqa: BLE001 - closing must not fail because a projection still does
                log.exception("replaying projection intents at close failed")
            left = self._canonical.intents()
            if not left:
                break
            log.warning("%d projection intent(s) still pending at close (pass %d)", len(left), attempt + 1)
            time.sleep(0.05 * (attempt + 1))
        self.fanout.close()
        with self._usage_lock:
            if self._usage_log is not None:
                self._usage_log.close()
        self._canonical.close()

    async def aclose(self) -> None:
        """`close()` off the event loop, so the memory nodes this loop is running can finish first.

        Example:
            >>> import asyncio, tempfile
            >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
            >>> asyncio.run(store.aclose())
            >>> store.closed
            True
        """
        await asyncio.to_thread(self.close)

    def _wait_for_running_nodes(self) -> None:
        with self._running_changed:
            self._closing = True
            if self._running and _on_event_loop():
                log.warning("MemoryStore.close() was called on a running event loop while %d memory node(s) "
                            "run: they cannot finish while it waits, so it does not; use `await store.aclose()`",
                            self._running)
                return
            deadline = time.monotonic() + self.close_wait
            if self._waiting_for():
                log.warning("MemoryStore.close(): waiting up to %.1f s (close_wait) for %d turn(s) whose write has "
                            "not run yet and %d memory node(s) running", self.close_wait,
                            sum(len(d) for d in self._open_turns.values()), self._running)
            while self._waiting_for() and (left := deadline - time.monotonic()) > 0:
                self._running_changed.wait(min(left, 0.5))  # 0.5: open turns expire without a notify
            if self._running:
                log.warning("MemoryStore.close(): %d memory node(s) still running after %.0f s; closing anyway",
                            self._running, self.close_wait)

    def __enter__(self) -> MemoryStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
