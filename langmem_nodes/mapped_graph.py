"""A copy of an ONNX graph whose large tensors sit in a side file, which ONNX Runtime maps instead of copying.

A session loaded from a single-file graph copies every weight into its own memory; a session of this copy maps
the side file, so a table it reads only rows of (MiniLM's 47 MB word embeddings) stays in the page cache, shared
with every other session and process that maps it, and only its touched pages count in RSS. Weights a kernel
repacks (MatMul) are still copied by each session. Measured (MiniLM fp32, a second session of the graph beside
the first): +94 to +121 MB RSS from the single file, +40 MB from this copy (docs/performance.md).

The copy (`<graph>-mapped.onnx` and `<graph>-mapped.onnx.data`, in the graph's directory) is written once, side
file first, each through a temp file and `os.replace`, so a reader never sees a half-written one.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

#: Tensors of at least this many bytes go to the side file.
MIN_BYTES = 1 << 20


def mapped_copy(path: Path) -> Path:
    """The mapped copy of the graph at `path`, written now if it is missing (OSError where it cannot be)."""
    dest = path.with_name(path.stem + "-mapped.onnx")
    data = dest.with_name(dest.name + ".data")
    if dest.exists() and data.exists():
        return dest
    import onnx

    model = onnx.load(str(path))
    tmp = Path(tempfile.mkdtemp(prefix=dest.name + ".", dir=path.parent))
    try:
        onnx.save(model, str(tmp / dest.name), save_as_external_data=True, all_tensors_to_one_file=True,
                  location=data.name, size_threshold=MIN_BYTES)
        for written in (tmp / data.name, tmp / dest.name):  # the side file first: a graph never points at nothing
            os.chmod(written, 0o644)
            os.replace(written, path.parent / written.name)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return dest
