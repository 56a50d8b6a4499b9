"""Abstain: does the default read graph inject nothing when nothing is relevant, and keep what is?

`evals/data/abstain.json`: 12 users (zh + en; chat, coding assistant, general knowledge), 8 memories each,
12 queries each — 6 with a relevant memory (worded differently from it) and 6 without (greetings,
arithmetic, general knowledge, another topic). Written before any tuning and split by user: the floors
in `langmem_nodes/read/relevance.py` were chosen on the `dev` users only; `heldout` users are only scored.
Each query runs the real read graph (default selector) in its user's home; reported per language:
`abstained` = share of unrelated queries that got no memory, `kept` = share of relevant queries whose
relevant memory (one of them) was injected, `injected` = memories injected per unrelated query,
`injected_relevant` = per relevant query (what a lower floor costs: more memories ride along).
`--ungated` runs the previous defaults (no evidence requirement, ungated freshness) for comparison.

Shape of a set (JSON): `{"users": [{"user": "u1", "lang": "en"|"zh", "split"?: "tune", "memories": [{"id": "m1",
"text": "User is vegetarian", "kind": "fact"|"preference"|"rule"|"task_state"|…, "days": 400}], "queries":
[{"text": "suggest a dinner", "gold": ["m1"]}, {"text": "what is 17*23?", "gold": []}]}]}` — `days` is the
memory's age, `gold` the memories a good answer needs (`[]`: inject nothing).

`--data FILE` scores another set of the same shape (e.g. `evals/data/abstain2.json`, written blind by another
engineer, split "heldout2": only scored, never tuned on).

Usage:
    python -m evals abstain [--embedder minilm+e5|minilm|e5] [--split dev|tune|heldout|heldout2|all]
        [--data FILE] [--ungated] [--json] [--failures]
"""

from __future__ import annotations

import argparse
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from evals._input import ID, NUMBER, DataError, Optional, need, need_each, read_json
from evals._retrieval_core import EMBEDDERS, MutableClock, load_store, make_embedder
from langmem_nodes.read import RerankNode, RuleSelector, create_read_graph
from langmem_nodes.read.query_need import query_need
from langmem_nodes.records import Kind, MemoryContext, MemoryRecord, Scope, Source
from langmem_nodes.state import ScoredMemory

DATA = Path(__file__).parent / "data" / "abstain.json"
NOW = datetime(2026, 6, 1, tzinfo=UTC)
KINDS = tuple(k.value for k in Kind)


def load(path: Path = DATA, split: str = "all") -> list[dict[str, Any]]:
    """The users of `split`; a query's text may be under "text" or "q" (abstain3.json's writer used "q")."""
    users = need(read_json(path), str(path), users=list)["users"]
    for i, u in enumerate(users):
        where = f"{path}: users[{i}]"
        need(u, where, user=str, lang=str, split=Optional(str), memories=list, queries=list)
        need_each(u["memories"], f"{where}.memories", id=ID, text=str, kind=str, days=NUMBER)
        for j, m in enumerate(u["memories"]):
            if m["kind"] not in KINDS:
                raise DataError(f"{where}.memories[{j}]: 'kind' must be one of {', '.join(KINDS)}, got {m['kind']!r:.40}")
        need_each(u["queries"], f"{where}.queries", gold=list, text=Optional(str))
        for n, q in enumerate(u["queries"]):
            if "text" not in q:
                if not isinstance(q.get("q"), str):
                    raise ValueError(f"user {u.get('user')!r} query {n}: no 'text' (or 'q') string")
                q["text"] = q["q"]
    return [u for u in users if split == "all" or u.get("split") == split]


def records(user: dict[str, Any]) -> list[MemoryRecord]:
    return [MemoryRecord(id=f"{user['user']}.{m['id']}", text=m["text"], kind=m["kind"],
                         scope=Scope(user_id=user["user"]), source=Source.EXPLICIT, confidence=0.9,
                         created_at=NOW - timedelta(days=m["days"])) for m in user["memories"]]


def _evidence(h: ScoredMemory) -> dict[str, Any]:
    """One recalled memory as a failure listing shows it: id, text and the scores the selector saw."""
    b = h.breakdown
    return {"id": h.record.id.split(".", 1)[1], "text": h.record.text, "score": round(h.score, 3),
            "dense": round(b.get("evidence_dense", 0.0), 3), "lexical": round(b.get("evidence_lexical", 0.0), 3),
            "relevant": b.get("relevant")}


def _failure(user: dict[str, Any], q: dict[str, Any], state: dict[str, Any]) -> dict[str, Any] | None:
    """The query as a failure (an unrelated one got memories, or a relevant one lost its gold), else None."""
    got = state["memory_selected"]
    ids = {h.record.id.split(".", 1)[1] for h in got}
    gold = set(q["gold"])
    if (gold and ids & gold) or (not gold and not ids):
        return None
    missed = [_evidence(h) for h in state.get("memory_hits") or [] if h.record.id.split(".", 1)[1] in gold]
    return {"user": user["user"], "lang": user["lang"], "query": q["text"], "need": query_need(q["text"]),
            "gold": sorted(gold), "injected": [_evidence(h) for h in got], "gold_recalled": missed}


def evaluate(users: list[dict[str, Any]], embedder: str, *, ungated: bool = False,
             failures: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Per-language figures; with a `failures` list, each failed query is appended to it (see `_failure`)."""
    store = load_store([r for u in users for r in records(u)], make_embedder(embedder))
    clock = MutableClock(NOW)
    kw: dict[str, Any] = {"selector": RuleSelector(require_evidence=False), "rerank": RerankNode(fresh_band=None)} \
        if ungated else {}
    graph = create_read_graph(store, clock=clock, **kw).compile()
    out: dict[str, dict[str, list[float]]] = {}
    try:
        for u in users:
            ctx = MemoryContext(user_id=u["user"])
            for q in u["queries"]:
                state = graph.invoke({"messages": [("user", q["text"])]}, context=ctx)
                got = state["memory_selected"]
                if failures is not None and (failed := _failure(u, q, state)) is not None:
                    failures.append(failed)
                ids = {h.record.id.split(".", 1)[1] for h in got}
                row = out.setdefault(u["lang"], {"kept": [], "abstained": [], "injected": [], "injected_relevant": []})
                if q["gold"]:
                    row["kept"].append(float(bool(ids & set(q["gold"]))))
                    row["injected_relevant"].append(float(len(ids)))
                else:
                    row["abstained"].append(float(not ids))
                    row["injected"].append(float(len(ids)))
    finally:
        store.close()
    return {lang: {k: round(100 * sum(v) / len(v), 1) if not k.startswith("injected") else round(sum(v) / len(v), 2)
                   for k, v in row.items()} | {"relevant": len(row["kept"]), "unrelated": len(row["abstained"])}
            for lang, row in sorted(out.items())}


def _describe(f: dict[str, Any]) -> str:
    def show(h: dict[str, Any]) -> str:
        return f"{h['id']} score={h['score']} dense={h['dense']} lex={h['lexical']} «{h['text']}»"

    kind = f"missed gold {','.join(f['gold'])}" if f["gold"] else "unrelated got memory"
    lines = [f"FAIL {f['lang']} {f['user']} [{f['need']}] {kind}: {f['query']}"]
    lines += [f"    injected {show(h)}" for h in f["injected"]]
    lines += [f"    gold recalled {show(h)}" for h in f["gold_recalled"]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals abstain", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--embedder", default="minilm+e5", choices=EMBEDDERS, help="default: the product default")
    ap.add_argument("--split", default="all", help="a split named in the data file, or all (default)")
    ap.add_argument("--data", type=Path, default=DATA, help=f"the labelled set (default {DATA.name})")
    ap.add_argument("--ungated", action="store_true", help="the previous defaults: no evidence, ungated freshness")
    ap.add_argument("--json", action="store_true", help="print a JSON summary as the last line")
    ap.add_argument("--failures", action="store_true",
                    help="list each failed query: an unrelated one that got memories, a relevant one that lost its "
                         "gold (what was injected, the gold's scores if recalled)")
    args = ap.parse_args(argv)
    try:
        users = load(args.data, args.split)
    except (OSError, ValueError, KeyError) as exc:
        ap.error(f"--data {args.data}: {exc}")
    if not users:
        ap.error(f"--split {args.split}: no user of {args.data} has that split")
    failures: list[dict[str, Any]] | None = [] if args.failures else None
    res = evaluate(users, args.embedder, ungated=args.ungated, failures=failures)
    for f in failures or []:
        print(_describe(f))
    for lang, r in res.items():
        print(f"abstain {args.split} {args.embedder}{' ungated' if args.ungated else ''} {lang}: unrelated "
              f"abstained {r['abstained']}% ({r['injected']} injected per query, n={r['unrelated']}); relevant kept "
              f"{r['kept']}% ({r['injected_relevant']} injected per query, n={r['relevant']})")
    if args.json:
        print(json.dumps({"embedder": args.embedder, "split": args.split, "ungated": args.ungated, **res},
                         ensure_ascii=False))
    return 0
