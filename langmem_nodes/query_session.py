"""Which ONNX Runtime session a single query's encode runs on: the encoder's own or a two-thread twin.

Encoders keep one intra-op thread (an agent's other work shares the cores, and on a loaded machine a second
thread makes every op wait for a descheduled one). A query a caller waits for is the exception: where a core is
free (`core_gate.core_free`), two threads cut MiniLM's model run by ~35% and e5's by ~20% (measured on a quiet
machine, docs/performance.md). The twin is made on the first query that gets it — a process whose gate never
opens never pays its memory — and it runs the same graph file, so its vectors are the same up to float rounding
(the two split the sums between threads in a different order).

The setting, per encoder (`query_threads=`) or process-wide (`$LANGMEM_QUERY_THREADS`): "auto" (default: two
threads where the gate is open, else one), 1 (never the twin) or 2 (always, whatever the load). Batches (memory
writes) always run on the encoder's own session; an encoder made with two threads or more already gives queries
its threads, so it has no twin.

Example:
    >>> made = []
    >>> sessions = QuerySessions(lambda n: made.append(n) or f"session x{n}", base_threads=1, setting="auto",
    ...                          gate=lambda: True)
    >>> made, sessions.pick(), made
    ([], 'session x2', [2])
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

from . import core_gate

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
        self._lock = threading.Lock()

    @property
    def twin(self) -> Any:
        """The two-thread session, None until a query first ran on it."""
        return self._twin

    def wants_twin(self) -> bool:
        """Whether the next single query should run on two threads."""
        if self._base_threads >= TWIN_THREADS or self.setting == 1:
            return False
        return self.setting == TWIN_THREADS or (self._gate or core_gate.core_free)()

    def pick(self) -> Any:
        """The twin session (made now if this is its first query) when `wants_twin()`, else None: the encoder's
        own session."""
        if not self.wants_twin():
            return None
        if self._twin is None:
            with self._lock:
                if self._twin is None:
                    self._twin = self._make(TWIN_THREADS)
        return self._twin
