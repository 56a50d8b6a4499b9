"""Time bounds for the PostgreSQL store's connections, so a server that stops answering (a silent network
partition: packets dropped, no TCP reset; or a hung server) costs a turn seconds, not the OS TCP timeout.

- libpq parameters, each used only where the URL does not set it (`?connect_timeout=2&keepalives_idle=30`
  overrides): `connect_timeout`, TCP keepalives (an idle pooled connection to a vanished peer is found dead
  in about `keepalives_idle + keepalives_interval * keepalives_count` s) and, with libpq 12 or later,
  `tcp_user_timeout` (data sent but never acknowledged fails the connection);
- a statement timeout (`statement_timeout` seconds, default 5; `LANGMEM_PG_STATEMENT_TIMEOUT`, 0 turns it
  off): the server cancels a statement that runs longer (`options=-c statement_timeout=…`, unless the URL's
  options set one), and the client waits at most that long plus `REPLY_GRACE` for any reply. A server whose
  kernel still acknowledges packets but whose processes answer nothing (stopped, swapped out, deadlocked)
  is caught only by that client bound: the connection is closed and the query fails with
  `psycopg.OperationalError`, which the store reports as an unreachable server (store/pg_breaker.py).
"""

from __future__ import annotations

import os
from typing import Any

import psycopg
from psycopg import errors as pg_errors

STATEMENT_TIMEOUT = 5.0  # seconds a statement may run, and (plus REPLY_GRACE) the client waits for a reply
REPLY_GRACE = 1.0  # the server's own cancel arrives first when it is alive (a clean error, a usable connection)
STATEMENT_TIMEOUT_ENV = "LANGMEM_PG_STATEMENT_TIMEOUT"
TCP_DEFAULTS = {"keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 5, "keepalives_count": 3}
TCP_USER_TIMEOUT_MS = 15_000  # libpq >= 12 only
_WAIT_TIMEOUT: type[BaseException] | None = getattr(pg_errors, "_WaitTimeout", None)  # psycopg >= 3.2


def statement_timeout_from_env(default: float = STATEMENT_TIMEOUT) -> float:
    """`LANGMEM_PG_STATEMENT_TIMEOUT` in seconds (0: no bound), else `default`.

    >>> statement_timeout_from_env() if STATEMENT_TIMEOUT_ENV not in os.environ else 5.0
    5.0
    """
    raw = os.environ.get(STATEMENT_TIMEOUT_ENV, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"{STATEMENT_TIMEOUT_ENV} must be a number of seconds, got {raw!r}") from None
    if value < 0:
        raise ValueError(f"{STATEMENT_TIMEOUT_ENV} must be >= 0, got {raw!r}")
    return value


def connection_kwargs(url: str, connect_timeout: int, statement_timeout: float) -> dict[str, Any]:
    """The libpq parameters to pass beside `url`: the defaults above that `url` leaves unset.

    >>> kw = connection_kwargs("postgresql://db/app?keepalives_idle=30", 5, 5.0)
    >>> "keepalives_idle" in kw, kw["keepalives_interval"], kw["options"]
    (False, 5, '-c statement_timeout=5000')
    >>> connection_kwargs("postgresql://db/app?options=-csearch_path%3Dm", 5, 5.0)["options"]
    '-csearch_path=m -c statement_timeout=5000'
    """
    given = psycopg.conninfo.conninfo_to_dict(url)
    wanted: dict[str, Any] = {"connect_timeout": connect_timeout, **TCP_DEFAULTS}
    if psycopg.pq.version() >= 120000:
        wanted["tcp_user_timeout"] = TCP_USER_TIMEOUT_MS
    kwargs = {k: v for k, v in wanted.items() if k not in given}
    options = str(given.get("options") or "")
    if statement_timeout > 0 and "statement_timeout" not in options:
        kwargs["options"] = f"{options} -c statement_timeout={int(statement_timeout * 1000)}".strip()
    return kwargs


class BoundedConnection(psycopg.Connection):
    """A psycopg connection whose every wait for the server ends after `reply_timeout` seconds (None: no
    bound): the connection is then closed (its state is unknown, a query in flight) and the wait raises
    `psycopg.OperationalError`. A store makes a subclass with its own bound (`bounded_connection`)."""

    reply_timeout: float | None = None

    def wait(self, gen: Any, interval: float | None = None, timeout: float | None = None) -> Any:  # type: ignore[override]
        bound = self.reply_timeout if timeout is None else timeout
        kw: dict[str, Any] = {} if interval is None else {"interval": interval}
        if bound is None or _WAIT_TIMEOUT is None:
            return super().wait(gen, **kw) if timeout is None else super().wait(gen, timeout=timeout, **kw)
        try:
            return super().wait(gen, timeout=bound, **kw)
        except _WAIT_TIMEOUT:
            self.pgconn.finish()  # as psycopg does for a query a cancel did not end
            raise psycopg.OperationalError(f"no reply from the server within {bound:g} s") from None


def bounded_connection(statement_timeout: float) -> type[psycopg.Connection]:
    """The connection class for a store: replies awaited `statement_timeout + REPLY_GRACE` s (0: unbounded)."""
    if statement_timeout <= 0:
        return psycopg.Connection
    return type("BoundedConnection", (BoundedConnection,), {"reply_timeout": statement_timeout + REPLY_GRACE})
