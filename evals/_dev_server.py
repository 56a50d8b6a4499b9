"""Start and stop a real `langgraph dev` on this repository's graphs (shared by tests/test_langgraph_dev.py and
`python -m evals serve_files`).

`dev_server(tmp)` copies langgraph.json and graphs/ into `tmp/app` (the server writes `.langgraph_api` into
its working directory), points `LANGMEM_HOME` at `tmp/home`, starts `langgraph dev --no-browser` on a free
loopback port in its own process group, waits (bounded) until `/ok` answers, and on exit stops the whole
group (SIGTERM, then SIGKILL after 20 s).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
READY_TIMEOUT_S = 60


@dataclass
class DevServer:
    url: str
    proc: subprocess.Popen
    home: Path
    log: Path

    def worker_pid(self) -> int:
        """The process of the group that holds the memory home open (the worker, under the reloader)."""
        db = str(self.home / "memory.sqlite3")
        for pid in (int(p) for p in os.listdir("/proc") if p.isdigit()):
            try:
                if os.getpgid(pid) == self.proc.pid and db in _links(pid):
                    return pid
            except OSError:
                continue
        raise RuntimeError(f"no process of group {self.proc.pid} has {db} open")

    def open_files(self) -> tuple[int, int]:
        """(open fds, fds on the memory home) of the worker."""
        links = _links(self.worker_pid())
        return len(links), sum(link.startswith(str(self.home)) for link in links)


def _links(pid: int) -> list[str]:
    out = []
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            out.append(os.readlink(f"/proc/{pid}/fd/{fd}"))
        except OSError:
            continue
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def stop(proc: subprocess.Popen) -> None:
    """SIGTERM the server's process group (reloader and worker), SIGKILL whatever is left after 20 s."""
    pgid = proc.pid
    if group_alive(pgid):
        os.killpg(pgid, signal.SIGTERM)
    deadline = time.monotonic() + 20
    while group_alive(pgid) and time.monotonic() < deadline:
        proc.poll()  # reap the leader, so the group can empty
        time.sleep(0.1)
    if group_alive(pgid):
        os.killpg(pgid, signal.SIGKILL)
    proc.wait(timeout=10)


def _wait_ready(url: str, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + READY_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"langgraph dev exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/ok", timeout=2) as resp:
                if resp.status == 200:
                    return
        except OSError:
            time.sleep(0.25)
    raise RuntimeError(f"langgraph dev not ready after {READY_TIMEOUT_S} s:\n{log.read_text()[-3000:]}")


@contextmanager
def dev_server(tmp: Path, *, extra_args: Sequence[str] = (), auth: str | None = None) -> Iterator[DevServer]:
    """`auth`: the source of an `auth.py` defining `auth` (a `langgraph_sdk.Auth`), wired in as langgraph.json's
    custom auth (`"auth": {"path": "./auth.py:auth"}`)."""
    app, home, log = tmp / "app", tmp / "home", tmp / "server.log"
    app.mkdir(parents=True)
    config = json.loads((ROOT / "langgraph.json").read_text())
    if auth is not None:
        (app / "auth.py").write_text(auth)
        config["auth"] = {"path": "./auth.py:auth"}
    (app / "langgraph.json").write_text(json.dumps(config, indent=2))
    shutil.copytree(ROOT / "graphs", app / "graphs", ignore=shutil.ignore_patterns("__pycache__"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LANGGRAPH_", "LANGSMITH_", "LANGCHAIN_"))}
    env.pop("LANGMEM_EMBEDDER", None)  # the default embedder, as a user gets it
    env.update(PYTHONPATH=os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]), LANGMEM_HOME=str(home),
               LANGGRAPH_CLI_NO_ANALYTICS="1", LANGSMITH_TRACING="false")
    port = free_port()
    langgraph = Path(sys.executable).parent / "langgraph"
    with log.open("w") as out:
        proc = subprocess.Popen([str(langgraph), "dev", "--no-browser", "--port", str(port), *extra_args], cwd=app,
                                env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_ready(f"http://127.0.0.1:{port}", proc, log)
        yield DevServer(f"http://127.0.0.1:{port}", proc, home, log)
    finally:
        stop(proc)
