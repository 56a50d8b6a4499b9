"""Concurrent writers on one memory home: threads sharing a store plus processes with their own, in rounds.

Every worker runs the real write graph (rule extractor, deterministic hashing embedder) on English and
Chinese statements about a few exclusive attributes ("my shell is zsh", "我住在北京") and plain facts
("I like green tea"), in a few sessions of ONE user, and now and then forgets one of that user's memories.
After each round all workers meet at a barrier and the checker reads SQLite directly:

- duplicate exclusive values: more than one ACTIVE record for one (partition, subject, predicate) whose
  predicate holds one value at a time (`write.rules.EXCLUSIVE` or an `attr:` predicate);
- duplicate facts: more than one ACTIVE record for one fact key (partition, subject, predicate,
  normalised object, polarity);
- duplicate visible values: more than one ACTIVE value of an exclusive attribute among the partitions one
  session reads (the user's level and that session), e.g. a plain "I live in Berlin" left in s1 beside an
  outright "I moved to Paris" said meanwhile in s2 (docs/write.md: no session sees two values).

Between the barriers a sampler reads the same figures from SQLite every few milliseconds, while the
writers run: each committed state must hold them, not only the state a round ends in (a later write may
heal a duplicate before the barrier).

Every exception a worker's call raises is an escaped exception (it would reach the user's turn). After
the last round every worker closes its store; projection intents still pending are counted.

Run: `python -m evals concurrency [--threads 4] [--processes 2] [--seconds 30] [--rounds 25] [--json]`.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import random
import sqlite3
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.records import MemoryContext, Status, normalize_text
from langmem_nodes.store import MemoryStore
from langmem_nodes.write.graph import create_write_graph
from langmem_nodes.write.rules import EXCLUSIVE

USER = "u"
SESSIONS = ("s1", "s2", "s3")
# exclusive attributes, several values each, en and zh; explicit ("remember") ones go straight to the user level
STATEMENTS = [
    *(f"My shell is {v}." for v in ("zsh", "bash", "tcsh", "fish")),
    *(f"Remember that my editor is {v}." for v in ("vim", "emacs", "helix")),
    *(f"I live in {v}." for v in ("Berlin", "Paris", "Lisbon")),
    *(f"我住在{v}。" for v in ("北京", "上海", "深圳")),
    # said outright: stored at the user level, racing the plain session values above
    "I moved to Lisbon.", "I live in Paris now.", "我搬到深圳了。", "我现在住在北京。",
    *(f"我叫{v}。" for v in ("小明", "小红")),
    *(f"记住我的包管理器是{v}。" for v in ("pnpm", "yarn", "npm")),
    # plain facts: the same statement from several writers must stay one active record
    "I like green tea.", "I like jazz.", "Remember that I prefer dark mode.",
    "我喜欢喝绿茶。", "我喜欢下围棋。", "记住我喜欢深色模式。",
]


def _dim() -> HashingEmbedder:
    return HashingEmbedder(dim=64)


def violations(db: str | Path) -> dict[str, int]:
    """Extra ACTIVE records beyond one, per exclusive attribute and per fact key, read from SQLite."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        rows = conn.execute(
            "SELECT partition, subject, predicate, json_extract(body,'$.object'), json_extract(body,'$.polarity') "
            "FROM records WHERE status=?", (Status.ACTIVE.value,)).fetchall()
    finally:
        conn.close()
    attrs: Counter[tuple[str, str, str]] = Counter()
    facts: Counter[tuple[str, str, str, str, str]] = Counter()
    seen: dict[tuple[str, str, str], set[tuple[str, str]]] = {}  # (session, subject, predicate) → values
    views = {s: MemoryContext(user_id=USER, session_id=s).visible_partitions() for s in SESSIONS}
    for part, subj, pred, obj, pol in rows:
        if pred in EXCLUSIVE or pred.startswith("attr:"):
            attrs[(part, subj, pred)] += 1
            for s in (s for s, view in views.items() if part in view):
                seen.setdefault((s, subj, pred), set()).add((normalize_text(obj or ""), pol))
        if normalize_text(obj or ""):
            facts[(part, subj, pred, normalize_text(obj), pol)] += 1
    return {"exclusive": sum(n - 1 for n in attrs.values() if n > 1),
            "facts": sum(n - 1 for n in facts.values() if n > 1),
            "visible": sum(len(v) - 1 for v in seen.values() if len(v) > 1)}


def duplicate_detail(db: str | Path) -> list[dict[str, Any]]:
    """The ACTIVE records behind a violation (every value of an attribute some session sees twice, or of a
    duplicated fact key), each with its ledger trail: what a failing run prints so the race can be read."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        rows = conn.execute(
            "SELECT id, partition, subject, predicate, json_extract(body,'$.object'), json_extract(body,'$.source'), "
            "json_extract(body,'$.created_at') FROM records WHERE status=?", (Status.ACTIVE.value,)).fetchall()
        views = {s: set(MemoryContext(user_id=USER, session_id=s).visible_partitions()) for s in SESSIONS}
        groups: dict[tuple[str, ...], list[tuple[Any, ...]]] = {}
        for row in rows:
            mid, part, subj, pred, obj = row[:5]
            if pred in EXCLUSIVE or pred.startswith("attr:"):
                for s, view in views.items():
                    if part in view:
                        groups.setdefault((s, subj, pred), []).append(row)
            groups.setdefault((part, subj, pred, normalize_text(obj or "")), []).append(row)
        bad = [g for k, g in groups.items() if len(k) == 3 and len({normalize_text(r[4] or "") for r in g}) > 1
               or len(k) == 4 and k[3] and len(g) > 1]
        out = []
        for row in {r[0]: r for g in bad for r in g}.values():
            trail = conn.execute("SELECT seq, op, json_extract(body,'$.decision_trace'), json_extract(body,'$.reason') "
                                 "FROM ledger WHERE memory_id=? OR body LIKE ? ORDER BY seq", (row[0], f"%{row[0]}%")).fetchall()
            out.append({"id": row[0], "partition": row[1], "predicate": row[3], "object": row[4], "source": row[5],
                        "created_at": row[6], "ledger": [list(t) for t in trail]})
        return out
    finally:
        conn.close()


def _one_op(store: MemoryStore, graph: Any, rng: random.Random) -> str:
    if rng.random() < 0.1:
        live = store.find([p for s in SESSIONS for p in MemoryContext(user_id=USER, session_id=s).visible_partitions()])
        if live:
            store.forget(rng.choice(live).id)
        return "forget"
    ctx = MemoryContext(user_id=USER, session_id=rng.choice(SESSIONS))
    out = graph.invoke({"messages": [("user", rng.choice(STATEMENTS))]}, context=ctx)
    return "gave_up" if any(s["action"] == "conflict" for s in out["memory_skipped"]) else "write"


def _work(store: MemoryStore, graph: Any, seed: int, rounds: int, round_s: float, barrier: Any,
          out: dict[str, Any]) -> None:
    """One worker: ops until the round's end, then the two barriers (end of round, checker done)."""
    rng = random.Random(seed)
    ops, errors = Counter(), Counter()
    examples: list[str] = []
    for _ in range(rounds):
        end = time.monotonic() + round_s
        while time.monotonic() < end:
            try:
                ops[_one_op(store, graph, rng)] += 1
            except Exception as exc:  # noqa: BLE001 - every escaped exception is counted, with its traceback
                errors[type(exc).__name__] += 1
                if len(examples) < 3:
                    examples.append(traceback.format_exc())
        barrier.wait()
        barrier.wait()
    out.update(ops=dict(ops), errors=dict(errors), examples=examples)


def _process_main(home: str, seed: int, rounds: int, round_s: float, barrier: Any, queue: Any) -> None:
    out: dict[str, Any] = {}
    try:
        store = MemoryStore(home, embedder=_dim())
        try:
            _work(store, create_write_graph(store).compile(), seed, rounds, round_s, barrier, out)
        finally:
            store.close()
    except Exception:  # noqa: BLE001 - reported to the parent, which counts it
        out.setdefault("errors", {})["process"] = 1
        out.setdefault("examples", []).append(traceback.format_exc())
        barrier.abort()
    queue.put(out)


def run(home: str | Path | None = None, *, threads: int = 4, processes: int = 2, seconds: float = 5.0,
        rounds: int = 5, seed: int = 0) -> dict[str, Any]:
    """Run the workload; returns the figures (see the module docstring)."""
    home = Path(home or tempfile.mkdtemp(prefix="langmem-concurrency-"))
    MemoryStore(home, embedder=_dim()).close()  # create the home once, before anyone races to
    round_s = seconds / rounds
    ctx = mp.get_context("spawn")
    barrier = ctx.Barrier(threads + processes + 1)
    queue = ctx.Queue()
    procs = [ctx.Process(target=_process_main, args=(str(home), seed + 100 + i, rounds, round_s, barrier, queue))
             for i in range(processes)]
    for p in procs:
        p.start()
    store = MemoryStore(home, embedder=_dim())
    graph = create_write_graph(store).compile()
    outs: list[dict[str, Any]] = [{} for _ in range(threads)]
    workers = [threading.Thread(target=_work, args=(store, graph, seed + i, rounds, round_s, barrier, outs[i]))
               for i in range(threads)]
    for w in workers:
        w.start()
    per_round: list[dict[str, int]] = []
    samples: list[dict[str, int]] = []
    first_duplicate: list[dict[str, Any]] = []
    stop = threading.Event()

    def sample() -> None:
        while not stop.is_set():
            samples.append(violations(home / "memory.sqlite3"))
            if any(samples[-1].values()) and not first_duplicate:
                first_duplicate.extend(duplicate_detail(home / "memory.sqlite3") or [{"healed before it was read": 1}])
            stop.wait(0.005)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        for _ in range(rounds):
            barrier.wait(timeout=600)
            per_round.append(violations(home / "memory.sqlite3"))
            barrier.wait(timeout=600)
    finally:
        stop.set()
        sampler.join()
        for w in workers:
            w.join()
        store.close()
        results = [queue.get(timeout=600) for _ in procs]
        for p in procs:
            p.join(120)
    outs += results
    ops, errors = Counter(), Counter()
    for o in outs:
        ops.update(o.get("ops", {}))
        errors.update(o.get("errors", {}))
    conn = sqlite3.connect(home / "memory.sqlite3")
    try:
        pending = conn.execute("SELECT COUNT(*) FROM intents").fetchone()[0]
    finally:
        conn.close()
    return {
        "threads": threads, "processes": processes, "seconds": seconds, "rounds": len(per_round),
        "ops": sum(ops.values()), "ops_by_kind": dict(ops),
        "turns_given_up": ops.get("gave_up", 0),  # reported in memory_skipped as "conflict", not raised
        "rounds_with_duplicate_exclusive": sum(1 for v in per_round if v["exclusive"]),
        "rounds_with_duplicate_fact": sum(1 for v in per_round if v["facts"]),
        "rounds_with_duplicate_visible": sum(1 for v in per_round if v["visible"]),
        "duplicate_active_values": sum(v["exclusive"] + v["facts"] for v in per_round),
        "duplicate_visible_values": sum(v["visible"] for v in per_round),
        "samples": len(samples),  # read while the writers ran
        "samples_with_a_duplicate": sum(1 for v in samples if any(v.values())),
        "first_duplicate": first_duplicate,  # its records and their ledger trail, when a sample saw one
        "escaped_exceptions": sum(errors.values()), "escaped_by_type": dict(errors),
        "pending_intents": pending, "process_exitcodes": [p.exitcode for p in procs],
        "examples": [e for o in outs for e in o.get("examples", [])][:3],
    }


def check_cost(values: int, n: int = 400) -> dict[str, float]:
    """Median ms per one-record commit with and without the invariant check (`commit(exclusive=...)`),
    alternating, when the new record's attribute already holds `values` ACTIVE values in its partition
    (the check reads each of them; an exclusive attribute holds one)."""
    from langmem_nodes.records import MemoryRecord, Scope
    from langmem_nodes.write.resolve import is_exclusive

    store = MemoryStore(tempfile.mkdtemp(prefix="langmem-check-cost-"), embedder=_dim())
    scope = Scope(user_id=USER)
    store.commit(add=[MemoryRecord(text=f"likes thing {i}", predicate="prefers", object=f"thing {i}", scope=scope)
                      for i in range(values)])
    times: dict[str, list[float]] = {"without": [], "with": []}
    for i in range(n):
        mode = "with" if i % 2 else "without"
        rec = MemoryRecord(text=f"likes new thing {i}", predicate="prefers", object=f"new thing {i}", scope=scope)
        t0 = time.perf_counter()
        store.commit(add=[rec], exclusive=is_exclusive if mode == "with" else None)
        times[mode].append((time.perf_counter() - t0) * 1000)
        store.commit(update=[store.get(rec.id).model_copy(update={"status": Status.SUPERSEDED})])  # keep `values`
    store.close()
    med = {k: sorted(v)[len(v) // 2] for k, v in times.items()}
    return {"active_values_on_key": values, "ms_without_check": round(med["without"], 3),
            "ms_with_check": round(med["with"], 3), "ms_check": round(med["with"] - med["without"], 3)}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals concurrency", description=__doc__.split("\n")[0])
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--rounds", type=int, default=25)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--cost", action="store_true", help="measure the invariant check's cost per commit instead")
    args = ap.parse_args(argv)
    if args.cost:
        for values in (1, 100, 1000):
            print(json.dumps(check_cost(values)))
        return 0
    fig = run(threads=args.threads, processes=args.processes, seconds=args.seconds, rounds=args.rounds, seed=args.seed)
    if args.json:
        print(json.dumps(fig, indent=2, ensure_ascii=False))
    else:
        for k, v in fig.items():
            if k not in ("examples", "first_duplicate"):
                print(f"{k}: {v}")
        for e in fig["examples"]:
            print(e)
        if fig["first_duplicate"]:
            print(json.dumps(fig["first_duplicate"], indent=1, ensure_ascii=False))
    bad = (fig["duplicate_active_values"] or fig["duplicate_visible_values"] or fig["samples_with_a_duplicate"]
           or fig["escaped_exceptions"])
    return 0 if not (bad or fig["pending_intents"]) else 1


if __name__ == "__main__":
    raise SystemExit(main())
