"""The default embedder: MiniLM for English, multilingual-e5 for Chinese, in one vector space.

A text's script picks its encoder, and its vector sits in that encoder's half of a 768-dim row: text without
Chinese/Japanese/Korean characters → `[MiniLM(text), 0]`; text with any (Chinese, or Chinese mixed with
English such as "部署用 bash deploy.sh", which MiniLM would half read as [UNK]) → `[0, e5(text)]`. So an English query meets
English memories with MiniLM's cosines, a Chinese one meets Chinese memories with e5's, and a query never
matches a memory of the other language by meaning (cosine 0; words still match through BM25). English
reads and writes cost what MiniLM costs; e5 (slower: README "Performance") loads on the first Chinese text.

Example:
    >>> emb = BilingualEmbedder()
    >>> v = emb.embed(["User is allergic to peanuts", "用户对花生过敏"])
    >>> v.shape, bool(v[0, 384:].any()), bool(v[1, :384].any())
    ((2, 768), False, False)
    >>> q = emb.embed_query("我对什么过敏？")
    >>> bool(q @ v[1] > 0.5), float(q @ v[0])
    (True, 0.0)
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np

from .embeddings import CJK_TEXT, Embedder

#: Languages in the order of their halves in a vector.
LANGS = ("en", "zh")


class BilingualEmbedder(Embedder):
    """English through `english` (default: the packaged MiniLM), Chinese through `chinese` (default: e5).

    Both must return vectors of one dimension; each half of the result is one of them. The sub-embedders
    keep their own caches, so this one caches nothing itself.

    Args:
        english, chinese: the two embedders (loaded lazily by default: e5 on the first Chinese text).
    """

    name = "minilm+e5"
    reads_cjk = True
    #: `relevance.centering` centres each language's half on that language's anchors.
    routes_by_language = True

    def __init__(self, english: Embedder | None = None, chinese: Embedder | None = None, *, half: int = 384) -> None:
        super().__init__(cache_size=0)
        self._english, self._chinese = english, chinese
        self.half = half
        self.dim = 2 * half
        self._load_lock = threading.Lock()

    def sub(self, lang: str) -> Embedder:
        """The embedder of one language ("en" / "zh"), loaded on first use."""
        with self._load_lock:
            if lang == "zh":
                if self._chinese is None:
                    from .e5 import shared_e5

                    self._chinese = shared_e5()
                found = self._chinese
            else:
                if self._english is None:
                    from .embeddings import minilm_embedder

                    self._english = minilm_embedder()
                found = self._english
        if found.dim != self.half:
            raise ValueError(f"BilingualEmbedder needs {self.half}-dim halves, but {found.name} gives {found.dim}")
        return found

    @staticmethod
    def route(text: str) -> int:
        """Which half a text's vector occupies: 0 English (no CJK character), 1 Chinese (any)."""
        return 1 if CJK_TEXT.search(text) else 0

    def lang_of(self, text: str) -> str:
        """The language whose half `text` goes to ("en" / "zh")."""
        return LANGS[self.route(text)]

    @staticmethod
    def route_of_lang(lang: str) -> int:
        """The half of language `lang` ("en" / "zh"; anything else is English)."""
        return 1 if lang == "zh" else 0

    def _encode(self, texts: list[str]) -> np.ndarray:
        return self.embed(texts)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if isinstance(texts, str):
            raise TypeError("embed takes a sequence of texts; wrap a single text in a list")
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        routes = [self.route(t) for t in texts]
        for r, lang in enumerate(LANGS):
            rows = [i for i, x in enumerate(routes) if x == r]
            if rows:
                out[rows, r * self.half:(r + 1) * self.half] = self.sub(lang).embed([texts[i] for i in rows])
        return out

    def embed_query(self, text: str) -> np.ndarray:
        r = self.route(text)
        out = np.zeros(self.dim, dtype=np.float32)
        out[r * self.half:(r + 1) * self.half] = self.sub(LANGS[r]).embed_query(text)
        return out

    @property
    def cache_size(self) -> int:
        return sum(sub.cache_size for sub in (self._english, self._chinese) if sub is not None)

    def cached(self, text: str) -> bool:
        return any(sub is not None and sub.cached(text) for sub in (self._english, self._chinese))

    def forget_text(self, text: str) -> None:
        for sub in (self._english, self._chinese):
            if sub is not None:
                sub.forget_text(text)

    def clear_cache(self) -> None:
        for sub in (self._english, self._chinese):
            if sub is not None:
                sub.clear_cache()


__all__ = ["BilingualEmbedder", "LANGS"]
