"""Storage: the canonical SQLite store and its projections (Chroma, BM25) behind one fan-out."""

from .bm25 import BM25Projection
from .chroma import ChromaProjection
from .memory_store import MemoryStore, default_home, is_user_actor
from .projection import FanOut, Projection
from .rendered import RenderedCache
from .sqlite import CanonicalStore, KeyRef, ReadOnlyViolation, VersionConflict

__all__ = [
    "BM25Projection",
    "CanonicalStore",
    "ChromaProjection",
    "FanOut",
    "KeyRef",
    "MemoryStore",
    "Projection",
    "ReadOnlyViolation",
    "RenderedCache",
    "VersionConflict",
    "default_home",
    "is_user_actor",
]
