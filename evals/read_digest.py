"""What the read path returns, recorded per query, so a speed change can show it changed no result.

`python -m evals read_digest --out FILE [--sets abstain,locomo_like,extraction]` runs, with the product defaults:
- every query of every `evals/data/abstain*.json` (all splits) through the read graph and through `add_memory`'s
  recall node (`RecallTurn`): the recalled hits (id, score, every breakdown part, exact floats), the selected ids and
  the injected text;
- every question of the generated LoCoMo-like set (`_locomo_like.generate()`, seed 7, turns imported as
  `import_conversation` stores them): the same, at the eval's k;
- every case of `evals/data/extraction_unseen/*.jsonl` through the write graph (`extraction.run_case`): the committed
  records' fields (the write path shares text helpers with the read path).

Each line of FILE is one query's (or case's) record as JSON, keyed by set and position only.
`--compare BEFORE AFTER` prints, per set, how many records differ and where (set and position, never the text:
held-out sentences are only scored), and exits 1 when any differs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
SETS = ("abstain", "locomo_like", "extraction")


def _hits(state: dict[str, Any], key: str) -> list[list[Any]]:
    return [[h.record.id, repr(h.score), sorted((k, repr(v)) for k, v in h.breakdown.items())]
            for h in state.get(key) or []]


def abstain_rows() -> list[dict[str, Any]]:
    from evals._retrieval_core import MutableClock, load_store, make_embedder
    from evals.abstain import NOW, load, records
    from langmem_nodes.read import create_read_graph
    from langmem_nodes.records import MemoryContext
    from langmem_nodes.turn import RecallTurn

    rows = []
    for path in sorted(DATA.glob("abstain*.json")):
        users = load(path, "all")
        store = load_store([r for u in users for r in records(u)], make_embedder("minilm+e5"))
        clock = MutableClock(NOW)
        graph = create_read_graph(store, clock=clock).compile()
        turn = RecallTurn(store, clock=clock, record_usage=False)
        try:
            for u in users:
                ctx = MemoryContext(user_id=u["user"])
                for n, q in enumerate(u["queries"]):
                    state = graph.invoke({"messages": [("user", q["text"])]}, context=ctx)
                    out = turn.run({"messages": [("user", q["text"])]}, ctx, NOW)
                    rows.append({"set": f"{path.name}/{u['user']}/{n}", "hits": _hits(state, "memory_hits"),
                                 "selected": [h.record.id for h in state.get("memory_selected") or []],
                                 "injection": state.get("memory_injection", ""),
                                 "turn": [out.get("memory_injected_ids"), out.get("memory_injection"),
                                          out.get("memory_stable")]})
        finally:
            store.close()
    return rows


def locomo_like_rows() -> list[dict[str, Any]]:
    import tempfile

    from evals._locomo_like import generate
    from evals._retrieval_core import MutableClock, build_graph, load_store, make_embedder
    from evals.locomo import KS, as_imported, load_locomo
    from langmem_nodes.records import MemoryContext, as_utc

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "locomo_like.json"
        path.write_text(json.dumps(generate()), encoding="utf-8")
        convs = load_locomo(path)
    store = load_store([m for c in convs for m in as_imported(c)], make_embedder("minilm+e5"))
    clock = MutableClock()
    graph = build_graph(store, clock, candidates=max(60, max(KS)), subject_boost="auto", thread_weight="auto")
    rows = []
    try:
        for c in convs:
            ctx = MemoryContext(user_id=c.memories[0].scope.user_id)
            clock.now = as_utc(max(m.created_at for m in c.memories) + timedelta(days=1))
            for n, q in enumerate(c.questions):
                state = graph.invoke({"messages": [("user", q["question"])], "memory_k": max(KS)}, context=ctx)
                rows.append({"set": f"locomo_like/{c.sample_id}/{n}", "hits": _hits(state, "memory_hits"),
                             "selected": [h.record.id for h in state.get("memory_selected") or []],
                             "injection": state.get("memory_injection", "")})
    finally:
        store.close()
    return rows


def extraction_rows(path: Path | None = None) -> list[dict[str, Any]]:
    """Every case file in its own process (a process that opened thousands of stores runs out of threads)."""
    if path is None:
        import subprocess
        import tempfile

        rows = []
        for f in sorted((DATA / "extraction_unseen").glob("*.jsonl")):
            with tempfile.NamedTemporaryFile(suffix=".jsonl") as out:
                subprocess.run([sys.executable, "-m", "evals", "read_digest", "--sets", "extraction", "--file", str(f),
                                "--out", out.name], check=True, cwd=Path(__file__).parent.parent)
                rows += [json.loads(line) for line in Path(out.name).read_text(encoding="utf-8").splitlines()]
        return rows
    from evals.extraction import load_cases, make_extractor, run_case

    extractor = make_extractor("rule")
    rows = []
    for n, case in enumerate(load_cases(path)):
        committed, skipped = run_case(case, extractor)
        rows.append({"set": f"{path.name}/{n}", "committed": committed,
                     "skipped": sorted(json.dumps(s, sort_keys=True, default=str) for s in skipped)})
    return rows


def compare(before: Path, after: Path) -> int:
    a = {r["set"]: r for r in map(json.loads, before.read_text().splitlines())}
    b = {r["set"]: r for r in map(json.loads, after.read_text().splitlines())}
    total, differ = Counter(), Counter()
    where: list[str] = []
    for key in sorted(a.keys() | b.keys()):
        group = key.split("/", 1)[0]
        total[group] += 1
        if a.get(key) != b.get(key):
            differ[group] += 1
            parts = [] if key not in a or key not in b else [p for p in a[key] if a[key][p] != b[key].get(p)]
            where.append(f"  {key}: {', '.join(parts) or 'missing on one side'}")
    for group in sorted(total):
        print(f"{group}: {total[group]} records, {differ[group]} differ")
    print("\n".join(where[:50]))
    print(f"ALL IDENTICAL ({sum(total.values())} records)" if not where else f"{len(where)} records DIFFER")
    return 1 if where else 0


def main(argv: list[str] | None = None) -> int:
    from evals._bench_common import quiet_env

    quiet_env()
    ap = argparse.ArgumentParser(prog="python -m evals read_digest", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", help="write the records here (JSON lines)")
    ap.add_argument("--sets", default=",".join(SETS), help=f"comma-separated subset of {','.join(SETS)}")
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    ap.add_argument("--file", type=Path, help="extraction: this case file only")
    a = ap.parse_args(argv)
    if a.compare:
        return compare(Path(a.compare[0]), Path(a.compare[1]))
    if not a.out:
        ap.error("--out is required (or --compare)")
    sets = [s.strip() for s in a.sets.split(",") if s.strip()]
    if any(s not in SETS for s in sets):
        ap.error(f"--sets must be a subset of {','.join(SETS)}")
    make = {"abstain": abstain_rows, "locomo_like": locomo_like_rows, "extraction": lambda: extraction_rows(a.file)}
    with open(a.out, "w", encoding="utf-8") as f:
        for s in sets:
            rows = make[s]()
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False, sort_keys=True, default=str) + "\n")
            if not a.file:
                print(f"{s}: {len(rows)} records", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
