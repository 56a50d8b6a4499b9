"""Forget requests said in chat, through the default agent graph (`add_memory`): does a request forget exactly
the memories it names, and does a look-alike ("I forgot my keys", "别忘了提醒我开会") forget and store nothing?

Each JSONL line: {"id", "lang", "memories": [{"id", "said", "text"}], "turn", "forget": [memory ids]}; an empty
`forget` marks a look-alike. Per case, in a fresh home: every memory is said by the user (session s1) through the
graph; one the extractor does not store is seeded with its "text" by the store API (the counts say how many each
way). Another user gets the same memories (store API) and must keep them. Then `turn` is said in session s2.

Run: `python -m evals forget_requests --data F.jsonl [--show]` (`--show` lists the misses: never on held-out data).
"""

from __future__ import annotations

import argparse
import pathlib
import tempfile
from collections import Counter, defaultdict
from typing import Any

from langgraph.graph import END, START, StateGraph

from evals._input import ID, need, need_each, read_jsonl
from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory
from langmem_nodes.governance.forget_node import is_forget_request
from langmem_nodes.records import MemoryRecord, Scope

USER, OTHER = "ada", "bob"


def _graph(store: MemoryStore) -> Any:
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda s: {"messages": [("ai", "ok")]}).add_edge(START, "agent").add_edge("agent", END)
    return add_memory(b, store, agent="agent").compile()


def _by_api(store: MemoryStore, text: str, user: str) -> str:
    from langmem_nodes.governance.admin import derived_fields

    bare = MemoryRecord(text=text, scope=Scope(user_id=user))
    rec = MemoryRecord(text=text, scope=Scope(user_id=user), source="explicit", **derived_fields(bare, text))
    store.commit(add=[rec])
    return rec.id


def load_cases(path: pathlib.Path) -> list[dict[str, Any]]:
    """The cases of a JSONL file; a `DataError` naming file, line and field otherwise."""
    cases = []
    for where, case in read_jsonl(path):
        need(case, where, id=ID, lang=str, turn=str, memories=list, forget=list)
        need_each(case["memories"], f"{where}: memories", id=ID, said=str, text=str)
        cases.append(case)
    return cases


def run_case(case: dict, embedder: Any, home: pathlib.Path) -> dict[str, Any]:
    """Seed, say the turn, and return what happened (memory ids forgotten, texts stored by the turn, …)."""
    store = MemoryStore(home, embedder=embedder)
    try:
        g = _graph(store)
        s1, s2 = MemoryContext(user_id=USER, session_id="s1"), MemoryContext(user_id=USER, session_id="s2")
        owned: dict[str, list[str]] = {}
        seeded = Counter()
        for m in case["memories"]:
            out = g.invoke({"messages": [("user", m["said"])]}, context=s1)
            ids = [w["id"] for w in out.get("memory_written") or []]
            if ids:
                seeded["said"] += 1
            else:
                ids = [_by_api(store, m["text"], USER)]
                seeded["api"] += 1
            owned[m["id"]] = ids
        others = [_by_api(store, m["text"], OTHER) for m in case["memories"]]
        before = {r.id for r in store.find(None)}
        out = g.invoke({"messages": [("user", case["turn"])]}, context=s2)
        after = {r.id for r in store.find(None)}
        live = {r.id for r in store.find(None, statuses=("candidate", "active"))}
        gone = {mid for mid, ids in owned.items() if any(i not in after for i in ids)}
        stored = [w["text"] for w in out.get("memory_written") or []]
        recognised = is_forget_request(case["turn"])
        return {"recognised": recognised, "gone": gone, "stored": stored, "seeded": seeded, "other_gone": sum(i not in after for i in others),
                "live_left": {mid for mid, ids in owned.items() if any(i in live for i in ids)},
                "notice": "<memory-forgotten>" in (out.get("memory_injection") or ""), "new": len(after - before)}
    finally:
        store.close()


def score(cases: list[dict], embedder: Any, show: bool) -> dict[str, Counter]:
    per: dict[str, Counter] = defaultdict(Counter)
    with tempfile.TemporaryDirectory() as tmp:
        for n, case in enumerate(cases):
            r = run_case(case, embedder, pathlib.Path(tmp) / f"h{n}")
            c, want = per[case["lang"]], set(case["forget"])
            c.update({f"seeded_{k}": v for k, v in r["seeded"].items()})
            c["other_user_forgotten"] += r["other_gone"]
            c["req_recognised" if want else "look_recognised"] += r["recognised"]
            if want:
                c["requests"] += 1
                verdict = ("exact" if r["gone"] == want else "nothing" if not r["gone"]
                           else "too_much" if r["gone"] - want else "partial")
                c[f"req_{verdict}"] += 1
                c["req_stored"] += bool(r["stored"])
                c["req_notice"] += r["notice"]
                bad = verdict != "exact" or r["stored"]
            else:
                c["lookalikes"] += 1
                c["look_forgot"] += bool(r["gone"])
                c["look_stored"] += bool(r["stored"])
                verdict = "forgot" if r["gone"] else "stored" if r["stored"] else "ok"
                bad = verdict != "ok"
            if show and bad:
                print(f"  MISS {case['id']} [{verdict}] {case['turn']!r} want={sorted(want)} gone={sorted(r['gone'])} "
                      f"stored={r['stored']}")
    return per


def report(per: dict[str, Counter]) -> None:
    for lang, c in sorted(per.items()):
        req, look = c["requests"], c["lookalikes"]
        print(f"{lang}: requests {req} (read as requests {c['req_recognised']}): exact {c['req_exact']}, too much {c['req_too_much']}, partial "
              f"{c['req_partial']}, nothing {c['req_nothing']}, request stored {c['req_stored']} | look-alikes "
              f"{look} (read as requests {c['look_recognised']}): forgot something {c['look_forgot']}, stored something {c['look_stored']} | other user's "
              f"forgotten {c['other_user_forgotten']} | seeded said {c['seeded_said']}, by API {c['seeded_api']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--data", required=True, type=pathlib.Path, help="a JSONL file of cases")
    ap.add_argument("--embedder", default=None, help="default: the product default")
    ap.add_argument("--show", action="store_true", help="list the misses (never on held-out data)")
    args = ap.parse_args(argv)
    if args.show and "heldout" in args.data.name:
        ap.error("--show is not allowed on held-out data")
    cases = load_cases(args.data)
    with tempfile.TemporaryDirectory() as tmp:  # load the embedder once, share it across the fresh homes
        probe = MemoryStore(pathlib.Path(tmp) / "probe", embedder=args.embedder)
        embedder = probe.embedder
        probe.close()
    report(score(cases, embedder, args.show))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
