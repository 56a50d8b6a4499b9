"""Run a local Chroma server (`chroma run`) for server mode: tests, benchmarks, a team's shared memory.

`MemoryStore(home, chroma_url=server.url)` then keeps SQLite (truth, ledger) in `home` and sends the dense
projection to the server. Only loopback hosts are accepted here: a helper that starts a server is for this
machine; a remote team server is started by its own deployment and reached with `chroma_url`.

Example:
    >>> import tempfile
    >>> from langmem_nodes.store import MemoryStore
    >>> from langmem_nodes.store.server import ChromaServer
    >>> with ChromaServer(tempfile.mkdtemp()) as server:   # doctest: +SKIP
    ...     store = MemoryStore(tempfile.mkdtemp(), chroma_url=server.url)
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

__all__ = ["ChromaServer", "ChromaServerError", "find_chroma_cli", "free_port"]

_LOOPBACK = {"127.0.0.1", "localhost", "::1"}


class ChromaServerError(RuntimeError):
    """The `chroma run` server could not be found, started, or did not answer in time."""


def find_chroma_cli() -> str:
    """The `chroma` executable next to the running interpreter (the venv), else the one on PATH."""
    beside = Path(sys.executable).parent / "chroma"
    if beside.exists():
        return str(beside)
    found = shutil.which("chroma")
    if found is None:
        raise ChromaServerError("no `chroma` CLI found beside the interpreter or on PATH (pip install chromadb)")
    return found


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port free on `host` right now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def _port_free(host: str, port: int) -> bool:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


class ChromaServer:
    """A `chroma run --path DIR --host HOST --port PORT` child process, stopped on `stop()` / exit.

    Args:
        path: the server's persistence directory (created if missing).
        host: a loopback address (default 127.0.0.1).
        port: a port, or None for a free one.
        startup_timeout: seconds to wait for the heartbeat before giving up.
    """

    def __init__(self, path: str | Path, *, host: str = "127.0.0.1", port: int | None = None,
                 startup_timeout: float = 30.0) -> None:
        if host not in _LOOPBACK:
            raise ValueError(f"ChromaServer only starts loopback servers, got host {host!r}")
        if port is not None and not 0 < int(port) < 65536:
            raise ValueError(f"port must be in 1..65535, got {port!r}")
        if startup_timeout <= 0:
            raise ValueError(f"startup_timeout must be positive, got {startup_timeout!r}")
        self.path = Path(path)
        self.host = host
        self.port = int(port) if port is not None else free_port(host)
        self.startup_timeout = startup_timeout
        self.process: subprocess.Popen[bytes] | None = None
        self._log_path = self.path.parent / f"{self.path.name}.chroma.log"

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    def start(self) -> ChromaServer:
        if self.process is not None:
            return self
        self.path.mkdir(parents=True, exist_ok=True)
        if not _port_free(self.host, self.port):  # else another server's heartbeat would pass for ours
            raise ChromaServerError(f"port {self.port} on {self.host} is already in use")
        cmd = [find_chroma_cli(), "run", "--path", str(self.path), "--host", self.host, "--port", str(self.port)]
        env = {**os.environ, "ANONYMIZED_TELEMETRY": "False"}
        with open(self._log_path, "wb") as log:
            self.process = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env,
                                            stdin=subprocess.DEVNULL)
        self._wait_ready()
        return self

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                self.process = None
                raise ChromaServerError(f"`chroma run` exited early; log: {self._tail_log()}")
            if self.alive():
                return
            time.sleep(0.1)
        self.stop()
        raise ChromaServerError(f"`chroma run` did not answer on {self.url} within {self.startup_timeout}s; "
                                f"log: {self._tail_log()}")

    def alive(self) -> bool:
        """True if the server answers its heartbeat."""
        for route in ("/api/v2/heartbeat", "/api/v1/heartbeat"):
            try:
                with urllib.request.urlopen(self.url + route, timeout=1.0) as resp:  # noqa: S310 - loopback only
                    if resp.status == 200:
                        return True
            except (urllib.error.URLError, OSError, ValueError):
                continue
        return False

    def stop(self, timeout: float = 10.0) -> None:
        proc, self.process = self.process, None
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=timeout)

    def _tail_log(self, n: int = 2000) -> str:
        try:
            return self._log_path.read_text(errors="replace")[-n:]
        except OSError:
            return "(no log)"

    def __enter__(self) -> ChromaServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
