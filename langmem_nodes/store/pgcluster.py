"""A throwaway local PostgreSQL cluster (tests, benchmarks): `initdb` in a temp dir, `pg_ctl` on a free
loopback port, stopped and deleted on exit. Uses the installed server binaries (Debian's
/usr/lib/postgresql/<version>/bin, $LANGMEM_PG_BIN, or PATH); as root it runs them as the `postgres` user
(PostgreSQL refuses to run as root).

    >>> from langmem_nodes.store.pgcluster import LocalPostgres
    >>> with LocalPostgres() as pg:   # doctest: +SKIP
    ...     store = MemoryStore(home, database_url=pg.new_schema())
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import uuid
from pathlib import Path

from .server import free_port

__all__ = ["LocalPostgres", "PostgresUnavailable", "find_pg_bin"]


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server binaries here, or the cluster did not start."""


def find_pg_bin() -> Path:
    """The directory holding `initdb` and `pg_ctl`: $LANGMEM_PG_BIN, the newest Debian install, or PATH."""
    candidates = [os.environ.get("LANGMEM_PG_BIN", "")]
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]) if p.split("/")[-2].isdigit() else 0, reverse=True)
    on_path = shutil.which("initdb")
    candidates += [str(Path(on_path).parent)] if on_path else []
    for c in candidates:
        if c and (Path(c) / "initdb").is_file() and (Path(c) / "pg_ctl").is_file():
            return Path(c)
    raise PostgresUnavailable("no PostgreSQL server binaries (initdb, pg_ctl) found: install postgresql "
                              "(Debian: /usr/lib/postgresql/<version>/bin) or set LANGMEM_PG_BIN")


class LocalPostgres:
    """A PostgreSQL cluster for this process's lifetime. `durable=False` (tests) turns fsync off;
    benchmarks keep the server's defaults. `url`: the superuser's URL; `new_schema()`: a URL whose
    search_path is a fresh schema (one empty store per call)."""

    def __init__(self, *, durable: bool = False, max_connections: int = 200) -> None:
        self.bin = find_pg_bin()
        self.durable = durable
        self.max_connections = max_connections
        self.port = free_port()
        self.dir: Path | None = None
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *cmd: str) -> subprocess.CompletedProcess:
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        return subprocess.run([*prefix, *cmd], capture_output=True, text=True, timeout=120, cwd="/")

    def start(self) -> LocalPostgres:
        if os.geteuid() == 0:
            try:
                pwd.getpwnam("postgres")
            except KeyError:
                raise PostgresUnavailable("running as root needs a `postgres` system user to run the server as "
                                          "(PostgreSQL refuses root)") from None
        self.dir = Path(tempfile.mkdtemp(prefix="langmem-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
        data = self.dir / "data"
        done = self._run(str(self.bin / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8",
                         "--locale=C", "--no-sync")
        if done.returncode != 0:
            self._cleanup()
            raise PostgresUnavailable(f"initdb failed: {done.stderr.strip() or done.stdout.strip()}")
        return self._start_server()

    def _start_server(self) -> LocalPostgres:
        assert self.dir is not None
        data, log = self.dir / "data", self.dir / "server.log"
        opts = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c max_connections={self.max_connections}"
                + ("" if self.durable else " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"))
        done = self._run(str(self.bin / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", opts, "-w", "-t", "60", "start")
        if done.returncode != 0:
            tail = log.read_text()[-2000:] if log.exists() else ""
            self._cleanup()
            raise PostgresUnavailable(f"pg_ctl start failed: {done.stderr.strip() or done.stdout.strip()} {tail}")
        return self

    def new_schema(self, prefix: str = "t") -> str:
        """Create an empty schema and return a URL that stores everything in it."""
        import psycopg

        name = f"{prefix}_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{name}"')
        return f"{self.url}?options=-csearch_path%3D{name}"

    def pause(self) -> None:
        """Stop the server (fast shutdown: clients are disconnected) but keep its data, for `resume()`:
        an outage in the middle of a test or benchmark."""
        assert self.dir is not None
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.dir / "data"), "-m", "fast", "-w", "stop")

    def resume(self) -> None:
        """Start the server `pause()` stopped, on the same port and data."""
        self._start_server()

    def server_pids(self) -> list[int]:
        """The postmaster's pid and its children's (backends, checkpointer, ...), from /proc (Linux)."""
        assert self.dir is not None
        main = int((self.dir / "data" / "postmaster.pid").read_text().split()[0])
        pids = [main]
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if ppid == main:
                pids.append(int(stat.parent.name))
        return pids

    def freeze(self) -> None:
        """Stop every server process (SIGSTOP) without closing a connection: the kernel still accepts and
        acknowledges packets but nothing answers, as with a hung server or a silent partition. `thaw()` ends it."""
        for pid in self.server_pids():
            os.kill(pid, signal.SIGSTOP)

    def thaw(self) -> None:
        """Continue the processes `freeze()` stopped (SIGCONT)."""
        for pid in self.server_pids():
            os.kill(pid, signal.SIGCONT)

    def stop(self) -> None:
        if self.dir is None:
            return
        if (self.dir / "data" / "postmaster.pid").exists():
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop")
        self._cleanup()

    def _cleanup(self) -> None:
        if self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    def __enter__(self) -> LocalPostgres:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
