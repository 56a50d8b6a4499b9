"""Storage: the canonical store (SQLite, or PostgreSQL by URL) and its projections (Chroma, BM25) behind one
fan-out.

`MemoryStore` is the one way in; `Projection` is the extension point for a projection of your own. The
backends (`sqlite`, `postgres`, `canonical`, `chroma`, `bm25`, `exact`, `dense`, `server`) stay importable
from their modules.
"""

from .memory_store import MemoryStore
from .projection import Projection
from .sqlite import KeyConflict, ReadOnlyViolation, RecordGone, VersionConflict

__all__ = ["KeyConflict", "MemoryStore", "Projection", "ReadOnlyViolation", "RecordGone", "VersionConflict"]
