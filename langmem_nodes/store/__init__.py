"""Storage: the canonical store (SQLite, or PostgreSQL by URL) and its projections (Chroma, exact dense, BM25,
rendered text, embedding cache) behind one fan-out."""

from .bm25 import BM25Projection
from .canonical import resolve_database_url
from .chroma import ChromaProjection
from .embedding_cache import EmbeddingCache
from .memory_store import EMBED_TEXT_KEY, MemoryStore, default_home, embed_text, is_user_actor
from .projection import FanOut, Projection
from .rendered import RenderedCache
from .sqlite import CanonicalStore, KeyConflict, KeyRef, ReadOnlyViolation, RecordGone, VersionConflict

__all__ = [
    "EMBED_TEXT_KEY",
    "BM25Projection",
    "CanonicalStore",
    "ChromaProjection",
    "EmbeddingCache",
    "FanOut",
    "KeyConflict",
    "KeyRef",
    "MemoryStore",
    "Projection",
    "ReadOnlyViolation",
    "RecordGone",
    "RenderedCache",
    "VersionConflict",
    "default_home",
    "embed_text",
    "is_user_actor",
    "resolve_database_url",
]
