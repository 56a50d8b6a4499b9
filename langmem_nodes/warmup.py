"""A process's first turn, taken ahead: one throwaway write and read turn per language on a temporary home.

`MemoryStore.warm()` loads the encoders and builds the indexes, but a first turn also paid for what the turn
itself builds on first use: the read side's example vectors (the knowledge-question and request examples the
abstain decision compares a query with: ~100 encodes), the rule extractor's and the secret screen's
patterns, and modules imported on first use. A newcomer measured 3.3 s (English) and 5.4 s (Chinese) on the
first turns after `warm()`, 0.02–0.08 s after. Running the default turn once per language on a temporary
home with the same embedder object builds all of it where it is kept (per embedder, per process), without
touching the user's home.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
from typing import Any

from langchain_core.messages import AIMessage, HumanMessage

from .records import MemoryContext

log = logging.getLogger(__name__)

#: A statement then a question per language: the write side's rules and the read side's every stage run.
SAMPLE_TURNS = {
    "en": ("I live in Paris and I don't eat pork.", "Where do I live, and what should I cook tonight?"),
    "zh": ("我住在北京，不吃香菜。", "我住在哪？今晚做什么菜好？"),
}


def warm_turn(embedder: Any, languages: tuple[str, ...] = ("en", "zh")) -> None:
    """Run one write turn and one read turn per language on a temporary home that shares `embedder`.

    Best effort: a failure here is logged, never raised (the user's turn would pay the same cost, not fail).

    Example:
        >>> from langmem_nodes.embeddings import HashingEmbedder
        >>> warm_turn(HashingEmbedder())
    """
    from .store import MemoryStore
    from .turn import RecallTurn, WriteTurn

    home = tempfile.mkdtemp(prefix="langmem-warm-")
    warned = getattr(embedder, "_warned_cjk", False)  # the sample turns must not use up the user's one warning
    embedder._warned_cjk = True
    try:
        store = MemoryStore(home, embedder=embedder)
        try:
            recall, write = RecallTurn(store, record_usage=False), WriteTurn(store)
            ctx = MemoryContext(user_id="warm-up")
            for lang in languages:
                statement, question = SAMPLE_TURNS[lang]
                said = [HumanMessage(statement, id=f"warm-{lang}-1"), AIMessage("ok", id=f"warm-{lang}-2")]
                write.run({"messages": said}, ctx, None)
                recall.run({"messages": [*said, HumanMessage(question, id=f"warm-{lang}-3")]}, ctx, None)
        finally:
            store.close()
    except Exception:  # noqa: BLE001 - warming is an optimisation
        log.warning("warm-up turn failed; the first user turn will build what it needs", exc_info=True)
    finally:
        embedder._warned_cjk = warned
        shutil.rmtree(home, ignore_errors=True)


__all__ = ["SAMPLE_TURNS", "warm_turn"]
