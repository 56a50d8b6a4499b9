"""Catch-up: projection work left pending (e.g. during a Chroma outage) is retried while the process runs.

Without it a pending intent is replayed only when a store opens or closes, so a long-running replica keeps a
forgotten vector on the Chroma server (or misses a written one) until it is redeployed. `CatchUp.poke` is
called on every read and write; at most every `every` seconds it starts one background pass that

- replays the intents that were already pending at the previous pass (so at least `every` seconds old):
  an intent a writer is still working on is never touched, which would race its own clearing of it;
- rebuilds the Chroma collections marked broken (a read or write that failed while Chroma was away).

`run()` does one pass now (tests, admin). Every step is idempotent: several replicas may catch up at once.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

log = logging.getLogger(__name__)


class CatchUp:
    def __init__(self, store: Any, every: float = 5.0) -> None:
        self.store, self.every = store, every
        self._seen: set[int] = set()  # intents pending at the previous pass
        self._last = time.monotonic()  # of the latest pass started (or of the store's open)
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def poke(self) -> None:
        """Start a background pass if `every` seconds went by since the last one (one clock read otherwise)."""
        if self._stop.is_set() or time.monotonic() < self._last + self.every:
            return
        with self._lock:
            if time.monotonic() < self._last + self.every or (self._thread is not None and self._thread.is_alive()):
                return
            self._last = time.monotonic()
            self._thread = threading.Thread(target=self._background, name="langmem-catch-up", daemon=True)
            self._thread.start()

    def _background(self) -> None:
        try:
            self.run()
        except Exception:  # noqa: BLE001 - e.g. the canonical store went away: the next pass tries again
            log.exception("catching up pending projection work failed")

    def run(self, *, all_pending: bool = False) -> dict[str, Any]:
        """One pass: replay the intents pending since the previous pass (`all_pending`: every pending one),
        rebuild broken Chroma collections. Returns {"replayed": n, "rebuilt": {partition: outcome}}."""
        pending = {seq for seq, *_ in self.store.pending_intents()}
        due = pending if all_pending else pending & self._seen
        replayed = self.store.replay_intents(seqs=due) if due else 0
        self._seen = pending - due | {seq for seq, *_ in self.store.pending_intents()} & due
        rebuilt = self.store.chroma.rebuild_broken() if self.store.chroma.broken else {}
        if replayed or rebuilt:
            log.info("caught up: %d pending intent(s) replayed, collections rebuilt: %s", replayed, rebuilt)
        return {"replayed": replayed, "rebuilt": rebuilt}

    def close(self) -> None:
        self._stop.set()
        thread = self._thread
        if thread is not None:
            thread.join()
