"""Model calls that degrade instead of failing the turn: validate, retry a bounded number of times, fall back.

`ModelOutputError` is what an LLM component raises once its retries are spent; it names the problem
without quoting the model's reply (a reply may echo the user's words, secrets included). The nodes
(`ExtractNode`, `SelectNode`) catch it, run the rule fallback, log one warning, and record a
`ModelFailure` — as a ledger entry and as a state key — so the failure is visible, never silent.

Example:
    >>> err = ModelOutputError("model reply holds no JSON object (23 characters of prose)", attempts=2)
    >>> f = ModelFailure.of("extract", err, fallback="rule")
    >>> f.reason
    'extract: the model failed after 2 attempts (ModelOutputError: model reply holds no JSON object (23 characters of prose)); used the rule fallback'
    >>> ModelFailure.of("extract", RuntimeError("quota: user said 'my pin is 1234'"), fallback="rule",
    ...                 incognito=True).error
    'RuntimeError (details withheld: incognito turn)'
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from .records import LedgerEntry, LedgerOp, Level, MemoryContext
from .safety import redact

log = logging.getLogger("langmem_nodes")
_MAX_ERROR_CHARS = 160


class ModelOutputError(ValueError):
    """A chat model's reply did not validate (after `attempts` tries). The message never quotes the reply."""

    def __init__(self, message: str, *, attempts: int = 1) -> None:
        super().__init__(message)
        self.attempts = attempts


def check_retries(retries: int) -> int:
    if not isinstance(retries, int) or isinstance(retries, bool) or not 0 <= retries <= 5:
        raise ValueError(f"retries must be an integer between 0 and 5, got {retries!r}")
    return retries


class ModelTimeout(TimeoutError):
    """A model call did not answer within its `timeout` (the call may still finish in the background)."""


def check_timeout(timeout: float | None) -> float | None:
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, int | float)
                                or not 0 < timeout <= 3600):
        raise ValueError(f"timeout must be None or a number of seconds in (0, 3600], got {timeout!r}")
    return None if timeout is None else float(timeout)


#: The call of each model user (`owner`) that timed out and has not returned yet: id(owner) → its thread.
_HUNG: dict[int, threading.Thread] = {}
_HUNG_LOCK = threading.Lock()


def call_within(fn: Callable[[], Any], timeout: float | None, owner: object = None) -> Any:
    """`fn()`, or `ModelTimeout` once `timeout` seconds pass (None: wait as long as it takes). The call runs
    in a daemon thread with the caller's context variables (callbacks, tracing); a late answer is dropped.

    With `owner` (the extractor or selector calling), a model whose last call timed out and still has not
    answered is not called again until it does: the turn fails fast to its fallback instead of waiting out
    another timeout and leaving one more thread behind (a hung model cost every turn 30 s and a thread)."""
    if timeout is None:
        return fn()
    if owner is not None:
        with _HUNG_LOCK:
            hung = _HUNG.get(id(owner))
            if hung is not None and not hung.is_alive():
                del _HUNG[id(owner)]
                hung = None
        if hung is not None:
            raise ModelTimeout("the model's last call timed out and has not answered yet: not called again until it does")
    box: dict[str, Any] = {}
    ctx = contextvars.copy_context()

    def run() -> None:
        try:
            box["value"] = ctx.run(fn)
        except BaseException as e:  # noqa: BLE001 - handed to the caller below
            box["error"] = e

    worker = threading.Thread(target=run, name="langmem-model-call", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        if owner is not None:
            with _HUNG_LOCK:
                _HUNG[id(owner)] = worker
        raise ModelTimeout(f"the model did not answer within {timeout:g} s")
    if "error" in box:
        raise box["error"]
    return box["value"]


async def acall_within(make: Callable[[], Awaitable[Any]], timeout: float | None) -> Any:
    """`await make()`, or `ModelTimeout` once `timeout` seconds pass (the call is cancelled)."""
    if timeout is None:
        return await make()
    try:
        return await asyncio.wait_for(make(), timeout)
    except TimeoutError:
        raise ModelTimeout(f"the model did not answer within {timeout:g} s") from None


def json_object_text(text: str) -> str | None:
    """The reply from its first "{" to its last "}" (what `re.search(r"\\{.*\\}", text, re.S)` finds), or None.

    Found with `str.find` / `str.rfind`: linear in the reply, where the regex backtracks from every "{" of a
    reply with no closing brace ("{" × 60,000 took seconds, quadratic)."""
    start = text.find("{")
    end = text.rfind("}")
    return text[start:end + 1] if 0 <= start < end else None


def validation_problem(e: ValidationError) -> str:
    """`facts.0.subject: Input should be 'user' or 'project'; …` — locations and messages, never the input."""
    parts = [f"{'.'.join(str(x) for x in err['loc']) or 'reply'}: {err['msg']}" for err in e.errors(include_input=False)]
    return "; ".join(parts[:3]) + (f" (+{len(parts) - 3} more)" if len(parts) > 3 else "")


def describe(e: BaseException, *, incognito: bool = False) -> str:
    """The error's type and (unless the turn is incognito) its message: bounded, credentials redacted."""
    kind = type(e).__name__
    if incognito:
        return f"{kind} (details withheld: incognito turn)"
    text = validation_problem(e) if isinstance(e, ValidationError) else str(e)
    text = redact(" ".join(text.split()))
    if len(text) > _MAX_ERROR_CHARS:
        text = text[: _MAX_ERROR_CHARS - 1] + "…"
    return f"{kind}: {text}" if text else kind


def given_up(last: Exception | None, attempts: int) -> ModelOutputError:
    """The error a memory LLM raises after its last attempt: the last problem, with how many attempts were made."""
    if isinstance(last, ModelOutputError):
        return ModelOutputError(str(last), attempts=attempts)
    err = ModelOutputError(describe(last) if last else "no answer", attempts=attempts)
    err.__cause__ = last
    return err


@dataclass(frozen=True)
class ModelFailure:
    """One degraded model call: which stage, what went wrong, how many attempts, what ran instead."""

    stage: str
    error: str
    attempts: int
    fallback: str
    culprit: str = ""  # what raised when it was no model ("extractor 'notes'", a plain function); "": the model

    @classmethod
    def of(cls, stage: str, e: BaseException, *, fallback: str, incognito: bool = False,
           culprit: str = "") -> ModelFailure:
        root = e.__cause__ if isinstance(e, ModelOutputError) and isinstance(e.__cause__, Exception) else e
        return cls(stage, describe(root, incognito=incognito), getattr(e, "attempts", 1), fallback, culprit)

    @property
    def reason(self) -> str:
        if self.culprit:
            what = f"{self.stage}: {self.culprit} raised ({self.error})"
        else:
            tries = f"{self.attempts} attempt{'s' if self.attempts != 1 else ''}"
            what = f"{self.stage}: the model failed after {tries} ({self.error})"
        if self.fallback == "none":
            return f"{what}; nothing was extracted from this turn" if self.stage == "extract" else f"{what}; no fallback"
        return f"{what}; used the {self.fallback} fallback"

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ModelFailure:
        return cls(str(d["stage"]), str(d["error"]), int(d["attempts"]), str(d["fallback"]), str(d.get("culprit") or ""))

    def as_dict(self) -> dict[str, Any]:
        return {"stage": self.stage, "error": self.error, "attempts": self.attempts, "fallback": self.fallback,
                **({"culprit": self.culprit} if self.culprit else {}), "reason": self.reason}

    def ledger_entry(self, ctx: MemoryContext, now: datetime, turn_ids: list[str] | None = None) -> LedgerEntry:
        """A content-free ledger entry (no payload) in the user's partition."""
        return LedgerEntry(op=LedgerOp.MODEL_ERROR, ts=now, partition=ctx.scope(Level.USER).partition,
                           trigger=f"{self.stage}_model_error", reason=self.reason,
                           evidence_turn_ids=list(turn_ids or []), decision_trace=f"{self.stage}: {self.error}")

    def log(self) -> None:
        log.warning("memory degraded: %s", self.reason)
