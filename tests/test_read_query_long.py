"""A long message: the encoders get a bounded query (the latest text), in Chinese as in English.

The dense query is what an encoder reads token by token (e5 reads every token of a query, so a 1,000-char
Chinese message cost seconds); the lexical query is what BM25 and the relevance gate score term by term.
Both are capped by an estimated token budget, keeping the end of the message (where the question is).
"""

from __future__ import annotations

import numpy as np
import pytest

from langmem_nodes import MemoryContext, MemoryStore
from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.read import QueryNode, create_read_graph
from langmem_nodes.read.query import DENSE_QUERY_TOKENS, LEXICAL_QUERY_TOKENS, estimated_tokens
from langmem_nodes.text import tokenize

CTX = MemoryContext(user_id="ada")
LONG = {
    "zh": ("我今天去公园散步，天气很好，看到很多人在放风筝。" * 200) + "我住在哪里？",
    "en": ("Today I walked in the park, the weather was lovely and many people flew kites. " * 200)
    + "Where do I live?",
}


def build(text):
    return QueryNode().run({"messages": [("user", text)]}, CTX, None)["memory_query"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_long_message_gives_a_bounded_query_that_keeps_its_end(lang):
    q = build(LONG[lang])
    assert estimated_tokens(q.dense) <= DENSE_QUERY_TOKENS
    assert q.dense.endswith(LONG[lang][-8:])  # the question at the end is kept
    assert len(tokenize(q.lexical)) <= 2 * LEXICAL_QUERY_TOKENS  # zh: unigrams + bigrams per character
    assert estimated_tokens(q.lexical) <= LEXICAL_QUERY_TOKENS
    assert q.text == LONG[lang][-len(q.text):]  # the full (2,000-char) text stays for the other nodes


@pytest.mark.parametrize("text", ["我住在哪里？", "Where do I live?", "我昨天和同事去吃了火锅，" * 8 + "我喜欢什么？",
                                  "I tried the new ramen place near the office with two colleagues yesterday. " * 4])
def test_a_short_or_ordinary_message_is_used_whole(text):
    q = build(text)
    assert q.dense == text and q.text == text


class RecordingEmbedder(HashingEmbedder):
    def __init__(self):
        super().__init__()
        self.queries: list[str] = []

    def embed_query(self, text: str) -> np.ndarray:
        self.queries.append(text)
        return super().embed_query(text)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_read_graph_hands_the_encoder_the_bounded_query(tmp_path, lang):
    emb = RecordingEmbedder()
    store = MemoryStore(tmp_path / "home", embedder=emb)
    try:
        graph = create_read_graph(store).compile()
        graph.invoke({"messages": [("user", LONG[lang])]}, context=CTX)
        assert emb.queries and all(estimated_tokens(q) <= DENSE_QUERY_TOKENS for q in emb.queries)
    finally:
        store.close()
