"""Search the dense floors of `langmem_nodes/read/relevance.py` on the abstain sets' tune users (how to refit).

Each tune query runs once through the default read graph; the selector's candidates are kept with their
evidence (`evidence_dense`, `evidence_lexical`), then the relevance rule (`relevance.relevant`, what the
query needs from `query_need`) and the `RuleSelector`'s relative cut and cap are replayed for every
(personal, general) floor pair on a grid. Printed per language: the pairs with the most relevant queries
kept among those abstaining on ≥ `--bar` % of the unrelated ones, with memories injected per relevant query.
Only tune splits are read by default (never the held-out ones). To refit: run it per shipped embedder, copy
a pair into `DENSE_FLOORS` (prefer one away from the edge of the grid, and one that keeps the product tests
in tests/test_read_relevance.py green), then score the held-out splits once with `python -m evals abstain`.
`abstain_floors_exact` checks candidates exactly (every route of the read graph, one language).

Usage:
    python -m evals abstain_floors [--embedder minilm+e5|minilm|e5] [--splits dev,tune,tune3,tune4,tune5,tune7] [--bar 90]
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import numpy as np

from evals._retrieval_core import EMBEDDERS, MutableClock, load_store, make_embedder
from evals.abstain import DATA, NOW, load, records
from langmem_nodes.read import RuleSelector, create_read_graph
from langmem_nodes.read.query_need import query_need
from langmem_nodes.read.relevance import LEXICAL_FLOOR, RELATIVE_EVIDENCE, relevant
from langmem_nodes.records import MemoryContext

TUNE_SPLITS = ("dev", "tune", "tune3", "tune4", "tune5", "tune7")


def candidates(users: list[dict[str, Any]], embedder: str) -> list[dict[str, Any]]:
    """One row per query: its language, need, gold ids and the select stage's candidates with their evidence."""
    store = load_store([r for u in users for r in records(u)], make_embedder(embedder))
    seen: list[Any] = []

    def keep_all(hits: list[Any], query_text: str) -> list[Any]:
        seen[:] = hits
        return RuleSelector().select(hits, query_text=query_text)

    graph = create_read_graph(store, clock=MutableClock(NOW), selector=keep_all).compile()
    rows = []
    try:
        for u in users:
            for q in u["queries"]:
                seen.clear()
                graph.invoke({"messages": [("user", q["text"])]}, context=MemoryContext(user_id=u["user"]))
                rows.append({"lang": u["lang"], "need": query_need(q["text"]), "gold": set(q["gold"]), "hits": [
                    {"id": h.record.id.split(".", 1)[1], "score": h.score, "sim": float(h.breakdown.get("sim", h.score)),
                     "dense": h.breakdown.get("evidence_dense"), "lexical": h.breakdown.get("evidence_lexical", 0.0)}
                    for h in seen]})
    finally:
        store.close()
    return rows


def replay(rows: list[dict[str, Any]], personal: float, general: float) -> tuple[float, float, float]:
    """(abstained %, kept %, injected per relevant query) with these floors."""
    abstained, kept, injected = [], [], []
    for r in rows:
        floor = personal if r["need"] == "personal" else general
        dense = {h["id"]: h["dense"] for h in r["hits"] if h["dense"] is not None}
        lexical = {h["id"]: h["lexical"] for h in r["hits"]}
        ok = relevant(r["need"], dense, lexical, floor=floor, lexical_floor=LEXICAL_FLOOR, relative=RELATIVE_EVIDENCE,
                      dense_read=bool(dense))
        hits = [h for h in r["hits"] if h["id"] in ok]
        if hits:
            best = max(h["sim"] for h in hits)
            hits = [h for h in sorted(hits, key=lambda h: -h["score"]) if h["sim"] >= 0.2 * best][:5]
        ids = {h["id"] for h in hits}
        if r["gold"]:
            kept.append(bool(ids & r["gold"]))
            injected.append(len(ids))
        else:
            abstained.append(not ids)
    pct = lambda v: 100 * sum(v) / max(1, len(v))  # noqa: E731
    return pct(abstained), pct(kept), sum(injected) / max(1, len(injected))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals abstain_floors", description=__doc__.splitlines()[0])
    ap.add_argument("--embedder", default="minilm+e5", choices=EMBEDDERS)
    ap.add_argument("--splits", default=",".join(TUNE_SPLITS), help="comma-separated tune splits (default: all)")
    ap.add_argument("--bar", type=float, default=90.0, help="least share of unrelated queries abstained on, %%")
    ap.add_argument("--top", type=int, default=5)
    args = ap.parse_args(argv)
    splits = set(args.splits.split(","))
    if any(s.startswith("heldout") for s in splits):
        ap.error("--splits: held-out splits are only scored (python -m evals abstain), never searched on")
    users = [u for path in sorted(Path(DATA).parent.glob("abstain*.json")) for u in load(path, "all")
             if u["split"] in splits]
    if not users:
        ap.error(f"--splits {args.splits}: no user has these splits")
    rows = candidates(users, args.embedder)
    for lang in sorted({r["lang"] for r in rows}):
        part = [r for r in rows if r["lang"] == lang]
        values = [h["dense"] for r in part for h in r["hits"] if h["dense"] is not None]
        if not values:
            a, k, n = replay(part, 0.0, 0.0)
            print(f"{args.embedder} {lang}: no dense evidence (not read, or no calibrated floor): by words only "
                  f"abstained {a:.0f} % kept {k:.0f} %")
            continue
        top = float(np.percentile(values, 99))
        grid = [round(x, 4) for x in np.linspace(0.0, top, 41)]
        found = [(k, a, n, p, g) for p in grid for g in grid if g >= p for a, k, n in [replay(part, p, g)]]
        passing = sorted((f for f in found if f[1] >= args.bar), reverse=True) or sorted(found, key=lambda f: -f[1])
        for k, a, n, p, g in passing[: args.top]:
            print(f"{args.embedder} {lang}: personal {p} general {g}: abstained {a:.0f} % kept {k:.0f} % "
                  f"({n:.2f} injected per relevant query, {len(part)} queries)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
