"""Why SQLite cannot use a memory home, said in plain words: a full disk, a read-only place, a lock — or damage.

SQLite reports a full disk as "database or disk is full" (or, while opening, "disk I/O error") and a read-only
home as "unable to open database file". Only a damaged file should be answered with "restore it from a backup":
said after a full disk, that advice would throw away every memory written since the backup.

Example:
    >>> import sqlite3
    >>> cause(sqlite3.OperationalError("database or disk is full"), "/nowhere")
    'the disk holding it is full: free some space and run the command again (nothing stored was changed)'
    >>> is_damage(sqlite3.DatabaseError("file is not a database"))
    True
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

FULL = "the disk holding it is full: free some space and run the command again (nothing stored was changed)"
READ_ONLY = ("it is on a read-only file system or in a directory this user cannot write: SQLite needs to write "
             "next to memory.sqlite3 even to read it; use a writable --home (a copy of this one)")
LOCKED = "another process holds it locked: run the command again when that process is done"
NO_DISK = "it is on a virtual file system with no disk behind it (such as /proc or /sys): use another --home"
_DAMAGE = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
_FULL = ("SQLITE_FULL",)
_READ_ONLY = ("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM")
_LOCKED = ("SQLITE_BUSY", "SQLITE_LOCKED")


def _existing(path: Path) -> Path | None:
    for p in (path, *path.parents):
        if p.exists():
            return p
    return None


def _place(home: str | os.PathLike[str]) -> str | None:
    """FULL, READ_ONLY or NO_DISK when the file system under `home` is full, mounted read-only (or `home` is not
    writable), or virtual."""
    place = _existing(Path(home))
    if place is None:
        return None
    try:
        st = os.statvfs(place)
    except OSError:
        return None
    if st.f_blocks == 0:  # /proc, /sys: no blocks at all, so "no free block" is no full disk
        return NO_DISK
    if st.f_flag & os.ST_RDONLY or not os.access(place, os.W_OK):
        return READ_ONLY
    if st.f_bavail == 0:
        return FULL
    return None


def cause(exc: BaseException, home: str | os.PathLike[str]) -> str | None:
    """A plain reason `exc` (a SQLite or OS error met using `home`) happened, or None when it is not one of these."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc).lower()
    if name in _FULL or "disk is full" in text or getattr(exc, "errno", None) == errno.ENOSPC:
        return FULL
    if name in _LOCKED or "database is locked" in text:
        return LOCKED
    if isinstance(exc, sqlite3.OperationalError | OSError) and (place := _place(home)):
        return place  # "disk I/O error", "unable to open database file": the place says which
    if name in _READ_ONLY[:1] or "readonly database" in text:
        return READ_ONLY
    return None


def is_damage(exc: BaseException) -> bool:
    """Whether `exc` says the file itself is damaged (not a full disk, a lock or a read-only place)."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    if name:
        return name in _DAMAGE or name.startswith("SQLITE_CORRUPT")
    text = str(exc).lower()
    return not isinstance(exc, sqlite3.OperationalError) or "malformed" in text or "not a database" in text


__all__ = ["FULL", "LOCKED", "NO_DISK", "READ_ONLY", "cause", "is_damage"]
