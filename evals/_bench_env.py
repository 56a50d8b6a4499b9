"""The isolated interpreter Mem0 is benchmarked in.

`mem0ai` pins `protobuf<7` while our venv has protobuf 7 (chromadb's opentelemetry and onnxruntime use
it): installing it into `.venv` would downgrade a shared dependency. So Mem0 gets its own venv inside
`.venv/` (`.venv/bench-mem0`) that *layers* on the main one: a `.pth` file adds the main site-packages
after its own, so it reuses torch, chromadb and sentence-transformers and only adds mem0ai and the
versions it pins. The main venv is never modified.

Usage (what `make bench` runs): `.venv/bin/python evals/_bench_env.py` → prints the interpreter path.

Example:
    >>> from evals._bench_env import bench_python
    >>> bench_python().name
    'python'
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from pathlib import Path

MEM0_SPEC = "mem0ai>=0.1"


def bench_dir() -> Path:
    return Path(sys.prefix) / "bench-mem0"


def bench_python() -> Path:
    return bench_dir() / "bin" / "python"


def has_mem0(python: Path) -> bool:
    if not python.exists():
        return False
    probe = subprocess.run([str(python), "-c", "import mem0"], capture_output=True)
    return probe.returncode == 0


def ensure_bench_env(quiet: bool = True) -> Path:
    """Create `.venv/bench-mem0` with mem0ai if missing; return its python. Raises RuntimeError on failure."""
    py = bench_python()
    if has_mem0(py):
        return py
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(bench_dir())], check=True)
    site = subprocess.run(
        [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    main_site = sysconfig.get_paths()["purelib"]
    # addsitedir also runs the main venv's own .pth files (e.g. the editable install of langmem_nodes).
    (Path(site) / "zz_langmem_main_venv.pth").write_text(f"import site; site.addsitedir({main_site!r})\n")
    cmd = [str(py), "-m", "pip", "install", *(["-q"] if quiet else []), MEM0_SPEC]
    if subprocess.run(cmd).returncode != 0 or not has_mem0(py):
        raise RuntimeError(f"could not install {MEM0_SPEC} into {bench_dir()}")
    return py


if __name__ == "__main__":
    print(ensure_bench_env(quiet="-v" not in sys.argv))
