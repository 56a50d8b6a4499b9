"""Storage: the canonical SQLite store and its projections (Chroma, BM25) behind one fan-out."""

from .bm25 import BM25Projection
from .chroma import ChromaProjection
from .memory_store import MemoryStore, default_home
from .projection import FanOut, Projection
from .sqlite import CanonicalStore, VersionConflict

__all__ = [
    "BM25Projection",
    "CanonicalStore",
    "ChromaProjection",
    "FanOut",
    "MemoryStore",
    "Projection",
    "VersionConflict",
    "default_home",
]
