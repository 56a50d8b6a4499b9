"""The write gate: accept, reject, or downgrade to `candidate` — plus secret, injection and lineage checks.

Order per pending write: secrets → smuggled instructions → lineage (derived from memories injected this
turn) → confidence gate. The confidence threshold is best chosen by expected cost, not F1: a false write is
paid every time it is recalled, a miss only once (see `choose_threshold`).

Example:
    >>> choose_threshold([0.9, 0.8, 0.6, 0.4], [1, 1, 0, 0], cost_false_write=5, cost_miss=1)
    0.8
    >>> find_secret("my token is ghp_abcdefghijklmnopqrstuvwxyz0123456789")
    'github token'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ..node import MemoryNode
from ..records import MemoryContext, MemoryRecord, Source, Status, normalize_text
from ..state import PendingWrite

_SECRET_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("private key", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----")),
    ("aws access key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("github token", re.compile(r"\b(?:ghp|gho|ghs|ghu|ghr)_[A-Za-z0-9]{20,}\b|\bgithub_pat_[A-Za-z0-9_]{20,}")),
    ("api key", re.compile(r"\bsk-(?:ant-|proj-|live-|test-)?[A-Za-z0-9_-]{16,}")),
    ("slack token", re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}")),
    ("google api key", re.compile(r"\bAIza[0-9A-Za-z_-]{30,}")),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+")),
    ("bearer token", re.compile(r"\bbearer\s+[A-Za-z0-9._~+/=-]{16,}", re.I)),
    ("credential", re.compile(
        r"(?:password|passwd|passcode|pwd|passphrase|secret(?:[ _-]?key)?|api[ _-]?key|access[ _-]?key|"
        r"auth[ _-]?token|token|private[ _-]?key|credentials?|pin(?: code)?|"
        r"密码|口令|密钥|私钥|令牌|秘钥|验证码|token)"
        r"\s*(?:is|was|are|=|:|：|是|为|改成了?|设为|设置为)\s*\S+",
        re.I,
    )),
]
_INJECTION = re.compile(
    r"\b(?:ignore|disregard|forget|override|bypass)\b.{0,30}\b(?:previous|prior|above|earlier|all|your|system)\b.{0,20}"
    r"\b(?:instructions?|prompts?|rules?|messages?|guidelines?)\b|"
    r"\byou are now\b|\bsystem prompt\b|\bnew instructions?\b|\bjailbreak\b|\bdeveloper mode\b|\bact as (?:an? )?(?:dan|admin|root)\b|"
    r"(?:忽略|无视|忘记|忘掉|跳过)(?:掉)?.{0,6}(?:之前|以上|前面|上面|所有|原来|先前)的?.{0,6}(?:指令|指示|提示|规则|要求|设定)|"
    r"你现在是|系统提示|新的指令|越狱",
    re.I,
)


def find_secret(text: str) -> str | None:
    """The kind of credential found in `text` ("aws access key", "password", …), or None."""
    for kind, pattern in _SECRET_PATTERNS:
        if pattern.search(text):
            return kind
    return None


def redact(text: str, *values: str) -> str:
    """`text` with every credential-looking span and the given values replaced by `[redacted]`."""
    for v in values:
        if v:
            text = text.replace(v, "[redacted]")
    for _kind, pattern in _SECRET_PATTERNS:
        text = pattern.sub("[redacted]", text)
    return text


def find_injection(text: str) -> bool:
    """True when the text tries to pose as an instruction to the model."""
    return bool(_INJECTION.search(text))


def choose_threshold(
    scores: Sequence[float], labels: Sequence[int | bool], cost_false_write: float, cost_miss: float
) -> float:
    """The accept threshold (accept when score ≥ t) minimizing `cost_false_write·FP + cost_miss·FN`.

    Candidates are the observed scores plus one above the maximum (accept nothing). Ties go to the higher
    threshold (fewer writes). Raises ValueError on empty or mismatched input or negative costs.
    """
    if len(scores) == 0 or len(scores) != len(labels):
        raise ValueError(f"scores and labels must be non-empty and the same length ({len(scores)} vs {len(labels)})")
    if cost_false_write < 0 or cost_miss < 0:
        raise ValueError("cost_false_write and cost_miss must be >= 0")
    pairs = [(float(s), bool(y)) for s, y in zip(scores, labels, strict=True)]
    best_t, best_cost = float("inf"), float("inf")
    for t in sorted({s for s, _ in pairs} | {max(s for s, _ in pairs) + 1e-9}, reverse=True):
        fp = sum(1 for s, y in pairs if s >= t and not y)
        fn = sum(1 for s, y in pairs if s < t and y)
        cost = cost_false_write * fp + cost_miss * fn
        if cost < best_cost - 1e-12:
            best_t, best_cost = t, cost
    return best_t


def _same_fact(a: MemoryRecord, b: MemoryRecord) -> bool:
    return (
        a.subject.casefold() == b.subject.casefold()
        and a.predicate.casefold() == b.predicate.casefold()
        and a.polarity == b.polarity
        and (normalize_text(a.object) in normalize_text(b.object) or normalize_text(b.object) in normalize_text(a.object))
    )


class VerifyNode(MemoryNode):
    """Graph node: the gate. Rejected secrets never reach the store or the ledger's payload.

    Args:
        store: the MemoryStore (to read the memories injected this turn, for lineage).
        threshold: accept at confidence ≥ threshold (default 0.6).
        candidate_floor: between this and `threshold` a write is downgraded to `candidate` (hidden from
            recall until confirmed); below it, rejected (default 0.3).
        injected_key: state key with the ids of memories injected into this turn's prompt.
    """

    name = "verify"

    def __init__(
        self,
        store: Any = None,
        *,
        threshold: float = 0.6,
        candidate_floor: float = 0.3,
        injected_key: str = "memory_injected_ids",
        pending_key: str = "memory_pending",
        **kw: Any,
    ) -> None:
        super().__init__(**kw)
        if not 0.0 <= candidate_floor <= threshold <= 1.0:
            raise ValueError(f"need 0 <= candidate_floor <= threshold <= 1, got {candidate_floor}, {threshold}")
        self.store, self.threshold, self.candidate_floor = store, threshold, candidate_floor
        self.injected_key, self.pending_key = injected_key, pending_key

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime) -> dict[str, Any]:
        pending: list[PendingWrite] = list(state.get(self.pending_key) or [])
        injected = self.injected(state, ctx)
        for p in pending:
            if p.action == "reject":
                continue
            if p.action == "skip_duplicate":  # its text still reaches the ledger: the content gates apply
                self._content_gates(p)
                continue
            self.check(p, injected)
        return {self.pending_key: pending}

    def injected(self, state: dict[str, Any], ctx: MemoryContext) -> list[MemoryRecord]:
        """The memories injected this turn that this context may see: its visible partitions and the user's
        other sessions in the same project (what dedup compares with). An id from state naming any other
        memory (forged, or another user's or project's) is ignored: echoing it as lineage would confirm what
        that memory holds."""
        ids = [i for i in (state.get(self.injected_key) or []) if isinstance(i, str)]
        if self.store is None or not ids:
            return []
        visible, own_sessions = set(ctx.visible_partitions()), ctx.session_prefix()
        return [m for m in self.store.get_many(ids).values()
                if m.scope.partition in visible or m.scope.partition.startswith(own_sessions)]

    @staticmethod
    def _content_gates(p: PendingWrite) -> bool:
        """Reject `p` in place if it holds a credential or a smuggled instruction; True if it did."""
        r = p.record
        raw = " ".join([r.text, r.object, str(r.metadata.get("quote", ""))])
        secret = find_secret(raw)
        if secret:
            p.action, p.reason = "reject", f"secret: looks like a {secret}; credentials are never stored"
            p.trace = [redact(t, r.object) for t in p.trace]
            r.metadata = {k: v for k, v in r.metadata.items() if k != "quote"}
            p.note("verify", "reject (secret)")
            return True
        if find_injection(raw) or "injection" in r.metadata.get("flags", []):
            p.action, p.reason = "reject", "instruction smuggled into a memory"
            p.note("verify", "reject (injection)")
            return True
        return False

    def check(self, p: PendingWrite, injected: Sequence[MemoryRecord] = ()) -> PendingWrite:
        """Apply every gate to one pending write, in place; returns it."""
        if self._content_gates(p):
            return p
        r = p.record
        parents = [m.id for m in injected if _same_fact(r, m)]
        if parents and r.source not in (Source.EXPLICIT, Source.EXPLICIT_CORRECTION):
            r.source, r.source_memory_ids = Source.DERIVED, parents
            if p.action == "merge":
                p.action, p.reason = "skip_duplicate", "derived from a memory injected this turn: not new evidence"
                return p.note("verify", f"lineage: derived from {parents}, no recurrence")
            p.action, p.reason = "downgrade", "derived from a memory injected this turn: kept as candidate, not evidence"
            r.status = Status.CANDIDATE
            return p.note("verify", f"lineage: derived from {parents}, downgraded")
        if p.action == "merge":
            return p.note("verify", "accept (merge)")
        if r.confidence >= self.threshold:
            return p.note("verify", f"accept (confidence {r.confidence:.2f} >= {self.threshold:.2f})")
        if r.confidence >= self.candidate_floor:
            p.action, p.reason = "downgrade", f"confidence {r.confidence:.2f} below {self.threshold:.2f}: kept as candidate"
            r.status = Status.CANDIDATE
            return p.note("verify", "downgrade to candidate")
        p.action, p.reason = "reject", f"confidence {r.confidence:.2f} below floor {self.candidate_floor:.2f}"
        return p.note("verify", "reject (low confidence)")
