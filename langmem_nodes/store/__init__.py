"""Storage: the canonical store (SQLite, or PostgreSQL by URL) and its projections (Chroma, exact dense, BM25,
rendered text, embedding cache) behind one fan-out.

`MemoryStore` is the one way in (`resolve_database_url`: which canonical store a URL or the environment
selects); `Projection` is the extension point for a projection of your own. The
backends (`sqlite`, `postgres`, `canonical`, `chroma`, `bm25`, `exact`, `dense`, `server`) stay importable
from their modules.
"""

from .canonical import resolve_database_url
from .memory_store import MemoryStore
from .projection import Projection
from .sqlite import KeyConflict, ReadOnlyViolation, RecordGone, VersionConflict

__all__ = [
    "KeyConflict", "MemoryStore", "Projection", "ReadOnlyViolation", "RecordGone", "VersionConflict",
    "resolve_database_url",
]
