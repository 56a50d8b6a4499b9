"""ONNX Runtime backend of MiniLMEmbedder: same vectors as torch, cached export, corrupt cache re-exported."""

from __future__ import annotations

import os
import shutil

import numpy as np
import pytest

from langmem_nodes import onnx_minilm
from langmem_nodes.embeddings import MiniLMEmbedder

pytestmark = pytest.mark.integration

TEXTS = [
    "The user prefers dark mode and tabs of width 4.",
    "I like tea",
    "用户喜欢喝绿茶，不喜欢咖啡。",
    "项目使用 PostgreSQL 16 and deploys on Fridays",
    "",
    "a very long note " * 200,  # longer than max_seq_length: truncated like sentence-transformers
]


@pytest.fixture(scope="session")
def onnx_cache(tmp_path_factory):
    """One real export per test session, through the LANGMEM_CACHE_DIR env var."""
    directory = tmp_path_factory.mktemp("langmem_cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("LANGMEM_CACHE_DIR", str(directory))
        emb = MiniLMEmbedder(backend="onnx", cache_size=0)
    return directory, emb


@pytest.fixture(scope="session")
def torch_minilm():
    return MiniLMEmbedder(backend="torch", cache_size=0)


def _cosines(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return (a * b).sum(axis=1) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))


def test_env_cache_dir_is_honoured_and_export_happens_once(onnx_cache):
    directory, emb = onnx_cache
    assert emb.backend == "onnx" and emb.name == "minilm" and emb.dim == 384
    assert emb.onnx.exported and emb.onnx.path.parent == directory and emb.onnx.path.exists()
    assert [p.name for p in directory.iterdir()] == [emb.onnx.path.name]  # no temp file left behind


def test_onnx_matches_torch_on_english_and_chinese(onnx_cache, torch_minilm):
    _, emb = onnx_cache
    got = np.vstack([emb.embed([t]) for t in TEXTS])  # one text per call: no padding
    ref = torch_minilm.embed(TEXTS)
    assert got.shape == ref.shape == (len(TEXTS), 384)
    assert _cosines(got, ref).min() >= 0.9999
    np.testing.assert_allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)


def test_padding_in_a_mixed_length_batch_does_not_change_vectors(onnx_cache):
    _, emb = onnx_cache
    alone = np.vstack([emb.onnx.encode([t]) for t in TEXTS])
    batched = emb.onnx.encode(TEXTS, batch_size=4)  # sorted by length: both batches hold padding
    assert _cosines(alone, batched).min() >= 0.9999
    unrelated = _cosines(alone[:1], alone[1:2])[0]
    assert unrelated < 0.9  # the check above can fail: different texts are not near-identical


def test_second_embedder_reuses_the_cached_file(onnx_cache, monkeypatch):
    directory, first = onnx_cache
    before = first.onnx.path.stat().st_mtime_ns
    monkeypatch.setenv("LANGMEM_CACHE_DIR", str(directory))
    second = MiniLMEmbedder(backend="onnx", threads=2, cache_size=0)
    assert not second.onnx.exported
    assert second.onnx.path == first.onnx.path and second.onnx.path.stat().st_mtime_ns == before
    np.testing.assert_allclose(second.embed(TEXTS[:3]), first.embed(TEXTS[:3]), atol=1e-5)


def test_truncated_cache_file_is_re_exported(onnx_cache, tmp_path, monkeypatch):
    _, good = onnx_cache
    broken = tmp_path / good.onnx.path.name
    data = good.onnx.path.read_bytes()
    broken.write_bytes(data[: len(data) // 3])
    monkeypatch.setenv("LANGMEM_CACHE_DIR", str(tmp_path))
    emb = MiniLMEmbedder(backend="onnx", cache_size=0)
    assert emb.onnx.exported and emb.onnx.path == broken
    assert broken.stat().st_size > len(data) // 2
    assert _cosines(emb.embed(TEXTS[:3]), good.embed(TEXTS[:3])).min() >= 0.9999


def test_auto_backend_falls_back_to_torch_when_cache_dir_is_unusable(tmp_path, monkeypatch):
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("x")
    monkeypatch.setenv("LANGMEM_CACHE_DIR", str(not_a_dir / "cache"))
    assert MiniLMEmbedder(cache_size=0).backend == "torch"
    with pytest.raises(OSError):
        MiniLMEmbedder(backend="onnx", cache_size=0)


def test_failed_export_leaves_no_partial_file(tmp_path, monkeypatch):
    import torch

    def broken_export(model, args, path, **kw):
        with open(path, "wb") as fh:
            fh.write(b"half a model")
        raise RuntimeError("exporter crashed")

    monkeypatch.setattr(torch.onnx, "export", broken_export)
    dest = tmp_path / "m.onnx"
    with pytest.raises(RuntimeError, match="exporter crashed"):
        onnx_minilm.export_onnx(onnx_minilm.packaged_model_dir(), dest)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [({"backend": "bogus"}, "bogus"), ({"threads": 0}, "threads"), ({"batch_size": 0}, "batch_size"),
     ({"precision": "fp16"}, "precision"), ({"precision": "int8", "backend": "torch"}, "onnx backend")],
)
def test_bad_arguments_raise_value_error_naming_them(kwargs, needle):
    with pytest.raises(ValueError, match=needle):
        MiniLMEmbedder(**kwargs)


def test_cache_key_follows_the_weights_and_config(tmp_path, monkeypatch):
    src = onnx_minilm.packaged_model_dir()
    for name in ("config.json", "sentence_bert_config.json"):
        shutil.copy(src / name, tmp_path / name)
    weights = tmp_path / "model.safetensors"
    weights.write_bytes(b"0" * 10)
    monkeypatch.setenv("LANGMEM_CACHE_DIR", str(tmp_path / "c"))
    first = onnx_minilm.cached_onnx_path(tmp_path)
    assert first.parent == tmp_path / "c" and first == onnx_minilm.cached_onnx_path(tmp_path)
    os.utime(weights, ns=(1, 1))
    second = onnx_minilm.cached_onnx_path(tmp_path)
    assert second != first
    (tmp_path / "config.json").write_text((tmp_path / "config.json").read_text().replace("384", "385"))
    assert onnx_minilm.cached_onnx_path(tmp_path) not in (first, second)
    assert onnx_minilm.max_seq_length(tmp_path) == 256


def test_cache_dir_defaults_to_home_cache(monkeypatch, tmp_path):
    monkeypatch.delenv("LANGMEM_CACHE_DIR", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert onnx_minilm.cache_dir() == tmp_path / ".cache" / "langmem_nodes"


def test_auto_backend_is_torch_without_onnx_packages(monkeypatch):
    monkeypatch.setattr(onnx_minilm, "onnx_available", lambda: False)
    emb = MiniLMEmbedder(cache_size=0)
    assert emb.backend == "torch" and emb.onnx is None


def test_onnx_threads_default_comes_from_the_environment(monkeypatch):
    from langmem_nodes.embeddings import _env_threads

    monkeypatch.setenv("LANGMEM_ONNX_THREADS", "2")
    assert _env_threads() == 2
    monkeypatch.setenv("LANGMEM_ONNX_THREADS", "0")
    with pytest.raises(ValueError, match="LANGMEM_ONNX_THREADS"):
        _env_threads()


def test_int8_is_derived_from_the_cached_export_and_stays_close_to_fp32(onnx_cache, monkeypatch):
    directory, fp32 = onnx_cache
    before = fp32.onnx.path.stat().st_mtime_ns
    monkeypatch.setenv("LANGMEM_CACHE_DIR", str(directory))
    q = MiniLMEmbedder(precision="int8", cache_size=0)
    assert q.name == "minilm-int8" and q.onnx.exported and q.onnx.path.name.endswith("-int8.onnx")
    assert fp32.onnx.path.stat().st_mtime_ns == before  # the fp32 export was reused, not redone
    # MatMul weights take 1 byte instead of 4 (the 47 MB word-embedding table stays fp32)
    assert q.onnx.path.stat().st_size < 0.75 * fp32.onnx.path.stat().st_size
    got, ref = q.embed(TEXTS), fp32.embed(TEXTS)
    cos = _cosines(got, ref)
    assert cos.min() >= 0.95, cos
    assert cos.min() < 0.99999  # it really is another graph
    # retrieval order survives quantization: each English/Chinese text is still nearest to itself
    assert (np.argmax(got[:4] @ ref[:4].T, axis=1) == np.arange(4)).all()
    assert not MiniLMEmbedder(precision="int8", cache_size=0).onnx.exported  # cached for the next process


def test_int8_rebuilds_a_missing_fp32_export(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGMEM_CACHE_DIR", str(tmp_path))
    q = MiniLMEmbedder(precision="int8", cache_size=0)
    assert q.onnx.fp32_path.exists() and q.onnx.path.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([q.onnx.fp32_path.name, q.onnx.path.name])


def test_quantizing_leaves_an_unconfigured_root_logger_alone(onnx_cache, tmp_path, monkeypatch):
    import logging

    _, fp32 = onnx_cache
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [])
    onnx_minilm.quantize_onnx(fp32.onnx.path, tmp_path / "q.onnx")
    assert root.handlers == [] and root.filters == []  # no basicConfig side effect, nothing left behind
    assert (tmp_path / "q.onnx").stat().st_size > 0 and [p.name for p in tmp_path.iterdir()] == ["q.onnx"]


def test_int8_queries_against_fp32_memories(onnx_cache, monkeypatch):
    directory, fp32 = onnx_cache
    monkeypatch.setenv("LANGMEM_CACHE_DIR", str(directory))
    emb = MiniLMEmbedder(query_precision="int8")
    int8 = MiniLMEmbedder(precision="int8", cache_size=0)
    assert emb.name == "minilm" and emb.precision == "fp32" and emb.query_precision == "int8"
    memories = emb.embed(TEXTS[:4])
    assert _cosines(memories, fp32.embed(TEXTS[:4])).min() >= 0.99999  # memories stay fp32
    queries = np.vstack([emb.embed_query(t) for t in TEXTS[:4]])
    alone = np.vstack([int8.embed([t]) for t in TEXTS[:4]])  # one per call: int8 scales follow the batch
    assert _cosines(queries, alone).min() >= 0.99999  # queries go through the int8 graph
    assert 0.95 <= _cosines(queries, memories).min() < 0.99999
    # one text as memory and as query: two cache entries, neither overwrites the other
    again = emb.embed(TEXTS[:1])[0]
    assert float(again @ memories[0]) >= 0.99999 and float(emb.embed_query(TEXTS[0]) @ queries[0]) >= 0.99999
    # each English query still finds its own fp32 memory first
    assert (np.argmax(queries[:2] @ memories[:2].T, axis=1) == np.arange(2)).all()


def test_queries_default_to_int8_and_warm_loads_their_graph(onnx_cache, monkeypatch):
    directory, _ = onnx_cache
    monkeypatch.setenv("LANGMEM_CACHE_DIR", str(directory))
    emb = MiniLMEmbedder()
    assert emb.precision == "fp32" and emb.query_precision == "int8" and emb._query_onnx is None
    emb.warm()  # a user's first English question must not wait for the int8 graph
    assert emb._query_onnx is not None and emb._query_onnx.precision == "int8"
    assert MiniLMEmbedder(precision="int8").query_precision == "int8"


def test_same_query_precision_needs_no_second_graph(onnx_cache, monkeypatch):
    directory, _ = onnx_cache
    monkeypatch.setenv("LANGMEM_CACHE_DIR", str(directory))
    emb = MiniLMEmbedder(query_precision="fp32", cache_size=0)
    np.testing.assert_allclose(emb.embed_query(TEXTS[1]), emb.embed(TEXTS[1:2])[0], atol=1e-6)
    assert emb._query_onnx is None


@pytest.mark.parametrize("kwargs, message", [
    ({"query_precision": "int4"}, "query_precision must be 'fp32' or 'int8'"),
    ({"backend": "torch", "query_precision": "int8"}, "query_precision other than precision needs the onnx"),
])
def test_bad_query_precision_is_named(kwargs, message):
    with pytest.raises(ValueError, match=message):
        MiniLMEmbedder(**kwargs)
