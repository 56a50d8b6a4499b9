"""The canonical store's two implementations behind one choice: SQLite (embedded default) or PostgreSQL.

`open_canonical(home, database_url)` returns the SQLite store of a memory home, or, for a
`postgresql://` URL, a `PostgresCanonicalStore` (store/postgres.py; needs the `postgres` extra). Both offer
the same methods (`CanonicalStore` in store/sqlite.py is the reference): records, vectors, the append-only
ledger, intents, tombstones, meta, optimistic versions and one transaction per write. `resolve_database_url`
reads the URL from the environment when none is given.

    >>> resolve_database_url(None, environ={"POSTGRES_URI": "postgresql://db:5432/app"})
    'postgresql://db:5432/app'
    >>> resolve_database_url(None, environ={}) is None
    True
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

# read in this order when no URL is given: ours first, then the two that LangGraph deployments set
DATABASE_URL_ENV = ("LANGMEM_DATABASE_URL", "DATABASE_URI", "POSTGRES_URI")
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def resolve_database_url(database_url: str | None, environ: Mapping[str, str] | None = None) -> str | None:
    """`database_url`, else $LANGMEM_DATABASE_URL, else $DATABASE_URI / $POSTGRES_URI when they hold a
    PostgreSQL URL (LangGraph's own server sets DATABASE_URI to other things too, e.g. ":memory:" under
    `langgraph dev`: those are not ours and are ignored), else None (the memory home's SQLite file).
    A given or $LANGMEM_DATABASE_URL value that is not PostgreSQL's is a ValueError.

    >>> resolve_database_url(None, environ={"DATABASE_URI": ":memory:"}) is None
    True
    """
    env = os.environ if environ is None else environ
    url = (database_url or "").strip() or (env.get(DATABASE_URL_ENV[0]) or "").strip() or None
    if url is None:
        shared = ((env.get(k) or "").strip() for k in DATABASE_URL_ENV[1:])
        return next((u for u in shared if u.startswith(POSTGRES_SCHEMES)), None)
    if not url.startswith(POSTGRES_SCHEMES):
        raise ValueError(f"database_url must be a postgresql:// URL (or unset for the home's SQLite file), got "
                         f"{url.split('://', 1)[0] + '://…' if '://' in url else repr(url[:40])}")
    return url


def open_canonical(home: Path, database_url: str | None) -> Any:
    """The canonical store: `home/memory.sqlite3`, or the PostgreSQL database at `database_url`."""
    if database_url is None:
        from .sqlite import CanonicalStore

        refuse_emptied(home / "memory.sqlite3")
        return CanonicalStore(home / "memory.sqlite3")
    try:
        from .postgres import PostgresCanonicalStore
    except ImportError as exc:
        raise ImportError(f"a postgresql:// database_url needs psycopg 3 and psycopg-pool: "
                          f"pip install 'langmem-nodes[postgres]' ({exc})", name=exc.name) from exc
    return PostgresCanonicalStore(database_url)


# files a memory home gets once it has been opened; the canonical file is written first of all
_USED_HOME_FILES = ("chroma", "usage.sqlite3")


def refuse_emptied(db: Path) -> None:
    """ValueError for a canonical file of 0 bytes in a home that was used (it holds `chroma/` or
    `usage.sqlite3`): SQLite would read it as a new empty home, and every memory would silently be gone.
    An opened SQLite file is never empty (its header is written at once), so this is damage (a truncation,
    a bad copy), not a fresh home. A 0-byte file alone in its directory (a home being created) passes."""
    try:
        if db.stat().st_size:
            return
    except FileNotFoundError:
        return
    used = [name for name in _USED_HOME_FILES if (db.parent / name).exists()]
    if used:
        raise ValueError(
            f"memory home {db.parent}: {db.name} is empty (0 bytes) although the home was used (it holds "
            f"{' and '.join(used)}): its memories are not there. Restore {db.name} from a backup, or delete it "
            f"to start this home empty.")
