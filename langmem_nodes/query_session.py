"""Which ONNX Runtime session a single query's encode runs on: the encoder's own or a two-thread twin.

Encoders keep one intra-op thread (an agent's other work shares the cores, and on a loaded machine a second
thread makes every op wait for a descheduled one). A query a caller waits for is the exception: where a core is
free (`core_gate.core_free`), two threads cut MiniLM's model run by ~35% and e5's by ~20% (measured on a quiet
machine, docs/performance.md). The twin is made when the gate first opens for a query — a process whose gate
never opens never pays its memory — in a background thread (that query, and any until it is ready, run on the
encoder's own session: loading takes ~0.3 s or more). It runs the same graph, so its vectors are the same
(bit-identical on the packaged models, tests/test_query_threads.py).

The setting, per encoder (`query_threads=`) or process-wide (`$LANGMEM_QUERY_THREADS`): "auto" (default: two
threads where the gate is open, else one), 1 (never the twin) or 2 (always, whatever the load). Batches (memory
writes) always run on the encoder's own session; an encoder made with two threads or more already gives queries
its threads, so it has no twin.

Example:
    >>> made = []
    >>> sessions = QuerySessions(lambda n: made.append(n) or f"session x{n}", base_threads=1, setting="auto",
    ...                          gate=lambda: True)
    >>> sessions.pick() is None  # the first query with a free core starts loading the twin
    True
    >>> sessions.wait(5), made, sessions.pick()
    (True, [2], 'session x2')
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from typing import Any

from . import core_gate

log = logging.getLogger(__name__)
#: The environment variable read when an encoder is given no `query_threads`.
ENV = "LANGMEM_QUERY_THREADS"
SETTINGS = ("auto", 1, 2)
#: Intra-op threads of the twin session.
TWIN_THREADS = 2


def query_threads_setting(value: str | int | None = None) -> str | int:
    """`value`, else `$LANGMEM_QUERY_THREADS`, else "auto"; one of "auto", 1, 2 (ints or their digits)."""
    source = "query_threads"
    if value is None:
        value, source = os.environ.get(ENV, "").strip() or "auto", f"${ENV}"
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or value not in SETTINGS:
        raise ValueError(f"{source} must be 'auto', 1 or 2, got {value!r}")
    return value


class QuerySessions:
    """Chooses, per single query, between an encoder's own session and its two-thread twin.

    Args:
        make: `make(threads)` → a new session of the encoder's graph with that many intra-op threads.
        base_threads: the intra-op threads of the encoder's own session.
        setting: "auto", 1 or 2, or None for `query_threads_setting()`.
        gate: whether a core is free now (default `core_gate.core_free`, looked up at each call).
    """

    def __init__(self, make: Callable[[int], Any], *, base_threads: int, setting: str | int | None = None,
                 gate: Callable[[], bool] | None = None) -> None:
        self.setting = query_threads_setting(setting)
        self._make, self._base_threads, self._gate = make, base_threads, gate
        self._twin: Any = None
        self._loading: threading.Thread | None = None
        self._lock = threading.Lock()

    @property
    def twin(self) -> Any:
        """The two-thread session, None until it is loaded."""
        return self._twin

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a twin being loaded; whether a twin is there."""
        loading = self._loading
        if loading is not None:
            loading.join(timeout)
        return self._twin is not None

    def wants_twin(self) -> bool:
        """Whether the next single query should run on two threads."""
        if self._base_threads >= TWIN_THREADS or self.setting == 1:
            return False
        return self.setting == TWIN_THREADS or (self._gate or core_gate.core_free)()

    def pick(self) -> Any:
        """The twin session when `wants_twin()` and it is loaded, else None (the encoder's own session). With the
        setting 2 the first query loads it and waits; with "auto" the load starts in the background."""
        if not self.wants_twin():
            return None
        if self._twin is None:
            with self._lock:
                if self._twin is None and self._loading is None:
                    if self.setting == TWIN_THREADS:
                        self._twin = self._make(TWIN_THREADS)
                    else:
                        self._loading = threading.Thread(target=self._load, name="langmem-query-twin", daemon=True)
                        self._loading.start()
                        return None  # this query does not wait for it
        return self._twin

    def _load(self) -> None:
        try:
            self._twin = self._make(TWIN_THREADS)
        except Exception as exc:  # noqa: BLE001 - queries stay on the encoder's own session
            log.warning("query encodes stay on one thread: their two-thread session did not load (%s: %s)",
                        type(exc).__name__, exc)
