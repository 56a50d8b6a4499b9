"""`MemoryStore.warm()` takes a process's first turn ahead (newcomer14 M1: 3.3 s en / 5.4 s zh after warm()).

The read side's example vectors (~100 encodes) and the turn's rules were built on the first user turn; warm()
now runs one throwaway turn per language on a temporary home with the same embedder, leaving the user's home
as it was.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes import LanguageCoverageWarning, MemoryContext, MemoryStore
from langmem_nodes.embeddings import CallableEmbedder
from langmem_nodes.governance.admin import MemoryAdmin
from langmem_nodes.read import knowledge
from langmem_nodes.records import MemoryRecord, Scope
from langmem_nodes.turn import RecallTurn


@pytest.fixture(scope="module")
def warmed(tmp_path_factory):
    store = MemoryStore(tmp_path_factory.mktemp("home"))  # the default embedder (MiniLM + e5)
    store.commit(add=[MemoryRecord(text="User lives in Leeds", scope=Scope(user_id="ada")),
                      MemoryRecord(text="用户住在成都", scope=Scope(user_id="ada"))])
    store.warm()
    yield store
    store.close()


@pytest.mark.parametrize("question", ["Where do I live?", "What is the capital of Peru?", "我住在哪？", "秘鲁的首都是哪里？"])
def test_after_warm_a_first_turn_embeds_no_example_en_zh(warmed, monkeypatch, question):
    embedded: list[str] = []
    real = knowledge._embed
    monkeypatch.setattr(knowledge, "_embed", lambda emb, texts: (embedded.extend(texts), real(emb, texts))[1])
    RecallTurn(warmed, record_usage=False).run({"messages": [HumanMessage(question, id="q1")]},
                                              MemoryContext(user_id="ada"), None)
    assert embedded == []


def test_warm_leaves_the_users_home_as_it_was(warmed):
    texts = sorted(r["text"] for r in MemoryAdmin(warmed).list_all())
    assert texts == ["User lives in Leeds", "用户住在成都"]


def test_warm_does_not_use_up_the_cjk_warning_of_an_english_only_embedder(tmp_path):
    emb = CallableEmbedder(lambda texts: np.ones((len(texts), 4)), dim=4)
    emb.reads_cjk = False
    with MemoryStore(tmp_path / "home", embedder=emb) as store:
        with warnings.catch_warnings():
            warnings.simplefilter("error", LanguageCoverageWarning)
            store.warm()
        with pytest.warns(LanguageCoverageWarning, match="cannot read Chinese"):
            store.embedder.embed(["用户住在成都"])
