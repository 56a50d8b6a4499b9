"""Replay the dense floors exactly: the real read graph on the tune splits, once per candidate floor set.

`abstain_floors` replays only `relevance.relevant` on the selector's candidates (one floor per need, no fact,
task, topic or standing routes), so it is a coarse search. This one runs every query of one language through
the default read graph per tune split (one home per split, as `python -m evals abstain` builds it) with
`DENSE_FLOORS[embedder][lang]` and the topic floors (`topic_request.TOPIC_FLOORS`) patched for each candidate,
memory and query vectors embedded once. Printed per candidate: relevant kept and unrelated abstained, summed
and per split. Held-out splits are refused (score them once with `python -m evals abstain`).

Usage:
    python -m evals abstain_floors_exact [--lang en|zh] [--embedder minilm+e5] [--splits tune3,tune4,…|all]
        '{"personal": 0.215}' '{"general": 0.32, "recommend": 0.29}' …
A candidate names any of "personal", "implied", "general" (the language's `DENSE_FLOORS`), the topic forms
("how", "recommend") and the knowledge margins ("knowledge", "request": `knowledge.KNOWLEDGE_MARGINS`,
`REQUEST_MARGINS`); what it leaves out keeps its shipped value; no candidate = the shipped floors alone.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from evals._retrieval_core import EMBEDDERS, MutableClock, load_store, make_embedder
from evals.abstain import DATA, NOW, load, records
from langmem_nodes.read import create_read_graph, knowledge, relevance, topic_request
from langmem_nodes.records import MemoryContext

#: The own tune set of the topic floors (`topic_request.py`), besides the abstain sets' tune splits.
OWN = Path(__file__).parent.parent / "tests" / "data" / "abstain_howto_taste.json"
NEEDS = ("personal", "implied", "general")
FORMS = ("how", "recommend")
MARGINS = {"knowledge": knowledge.KNOWLEDGE_MARGINS, "request": knowledge.REQUEST_MARGINS}


def tune_sets(splits: str) -> list[tuple[Path, str]]:
    """(file, split) of every tune split (`all`: "tune*" in `evals/data/abstain*.json`, and own6) or those named."""
    paths = sorted(Path(DATA).parent.glob("abstain*.json")) + ([OWN] if OWN.exists() else [])
    found = sorted({(p, u["split"]) for p in paths for u in load(p, "all") if u.get("split")}, key=lambda t: t[1])
    if splits == "all":
        return [(p, s) for p, s in found if s.startswith("tune") or s in ("dev", "own6")]
    wanted = set(splits.split(","))
    return [(p, s) for p, s in found if s in wanted]


def score(homes: list[tuple[str, list[dict[str, Any]], Any]]) -> dict[str, tuple[int, int, int, int]]:
    """Per split: (relevant kept, relevant, unrelated abstained, unrelated) with the floors as patched now."""
    out = {}
    for split, users, store in homes:
        graph = create_read_graph(store, clock=MutableClock(NOW)).compile()
        kept = rel = abst = unrel = 0
        for u in users:
            for q in u["queries"]:
                state = graph.invoke({"messages": [("user", q["text"])]}, context=MemoryContext(user_id=u["user"]))
                ids = {h.record.id.split(".", 1)[1] for h in state["memory_selected"]}
                if q["gold"]:
                    rel, kept = rel + 1, kept + bool(ids & set(q["gold"]))
                else:
                    unrel, abst = unrel + 1, abst + (not ids)
        out[split] = (kept, rel, abst, unrel)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals abstain_floors_exact", description=__doc__.splitlines()[0])
    ap.add_argument("candidates", nargs="*", help='JSON floor sets, e.g. \'{"personal": 0.215}\'')
    ap.add_argument("--embedder", default="minilm+e5", choices=EMBEDDERS)
    ap.add_argument("--lang", default="en", choices=("en", "zh"))
    ap.add_argument("--splits", default="all", help="comma-separated tune splits (default: all of them)")
    args = ap.parse_args(argv)
    if any(s.startswith("heldout") for s in args.splits.split(",")):
        ap.error("--splits: held-out splits are only scored (python -m evals abstain), never searched on")
    try:
        cands = [json.loads(c) for c in args.candidates] or [{}]
    except json.JSONDecodeError as exc:
        ap.error(f"a candidate is not JSON: {exc}")
    for c in cands:
        if not isinstance(c, dict) or not set(c) <= set(NEEDS + FORMS) | set(MARGINS):
            ap.error(f"a candidate names only {', '.join(NEEDS + FORMS + tuple(MARGINS))}: {c!r}")
    floors = relevance.DENSE_FLOORS.get(args.embedder)
    if not isinstance(floors, dict) or args.lang not in floors:
        ap.error(f"--embedder {args.embedder}: no floor per language to replay")
    base = {n: relevance.dense_floor_for(floors, args.lang, n) for n in NEEDS} | dict(
        topic_request.TOPIC_FLOORS.get(args.embedder, {}).get(args.lang, {})) | {
        m: table[args.embedder][args.lang] for m, table in MARGINS.items() if args.lang in table.get(args.embedder, {})}
    emb = make_embedder(args.embedder)
    cache: dict[str, Any] = {}
    embed_query = emb.embed_query
    emb.embed_query = lambda t: cache[t] if t in cache else cache.setdefault(t, embed_query(t))  # type: ignore[method-assign]
    homes = []
    for path, split in tune_sets(args.splits):
        users = [u for u in load(path, split) if u["lang"] == args.lang]
        if users:
            homes.append((split, users, load_store([r for u in users for r in records(u)], emb)))
    if not homes:
        ap.error(f"--splits {args.splits}: no {args.lang} user in these tune splits")
    saved_dense, topics = floors[args.lang], topic_request.TOPIC_FLOORS.setdefault(args.embedder, {})
    saved_topic = topics.get(args.lang)
    try:
        for c in cands:
            cfg = base | c
            floors[args.lang] = {n: cfg[n] for n in NEEDS}
            topics[args.lang] = {f: cfg[f] for f in FORMS if f in cfg}
            for m, table in MARGINS.items():
                if m in cfg:
                    table.setdefault(args.embedder, {})[args.lang] = cfg[m]
            res = score(homes)
            tot = [sum(v[i] for v in res.values()) for i in range(4)]
            print(f"{json.dumps(c)}: kept {tot[0]}/{tot[1]} abstained {tot[2]}/{tot[3]} | "
                  + " ".join(f"{s} {v[0]}/{v[2]}" for s, v in res.items()), flush=True)
    finally:
        floors[args.lang] = saved_dense
        if saved_topic is None:
            topics.pop(args.lang, None)
        else:
            topics[args.lang] = saved_topic
        for m, table in MARGINS.items():
            if m in base:
                table[args.embedder][args.lang] = base[m]
        for _, _, store in homes:
            store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
