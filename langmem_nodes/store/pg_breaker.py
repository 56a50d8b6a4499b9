"""A circuit breaker for the PostgreSQL store: after a connection failure, memory is skipped at once (a
`ConnectionError`, which the read and write nodes record as `memory_recall_error` / `memory_write_error`)
instead of every query of every turn waiting for the pool again. While the server is down, a background
thread probes it every `retry_every` seconds; when it answers, `on_back` runs (the store reopens its pool)
and queries go through again. No turn ever waits for a probe."""

from __future__ import annotations

import threading
from collections.abc import Callable

RETRY_EVERY = 1.0  # seconds between probes of a server that was unreachable


class Outage:
    """Whether the server is known to be unreachable, and why. Thread-safe.

    `probe()` returns None when the server answers, else why not; `on_back()` runs once it answered."""

    def __init__(self, where: str, probe: Callable[[], str | None], on_back: Callable[[], None],
                 retry_every: float = RETRY_EVERY) -> None:
        self.where = where
        self.retry_every = retry_every
        self._probe, self._on_back = probe, on_back
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._prober: threading.Thread | None = None
        self.reason: str | None = None

    @property
    def down(self) -> bool:
        return self.reason is not None

    def check(self) -> None:
        """Raise the outage's `ConnectionError` while the server is known to be down."""
        reason = self.reason
        if reason is not None:
            raise ConnectionError(f"PostgreSQL at {self.where} is unreachable ({reason}); memory is skipped "
                                  f"until it answers again (checked every {self.retry_every:g} s)")

    def trip(self, reason: str) -> None:
        """Mark the server down and start probing it in the background (once)."""
        with self._lock:
            self.reason = reason
            if self._prober is None and not self._stop.is_set():
                self._prober = threading.Thread(target=self._probe_until_back, daemon=True,
                                                name=f"langmem probe {self.where}")
                self._prober.start()

    def _probe_until_back(self) -> None:
        while not self._stop.wait(self.retry_every):
            reason = self._probe()
            if reason is None:
                try:
                    self._on_back()
                finally:
                    with self._lock:
                        self.reason, self._prober = None, None
                return
            self.reason = reason

    def close(self) -> None:
        """Stop probing (the store is closing)."""
        self._stop.set()
