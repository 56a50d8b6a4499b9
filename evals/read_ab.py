"""`python -m evals read_ab`: the read path of a base revision vs this tree, in one process: same outputs? how fast?

The base revision's `langmem_nodes` is extracted with `git archive` into a temp dir as the package
`langmem_nodes_base` (every import inside the package is relative), so both versions run side by side on
their own copy of one memory home (each writes its own usage ledger). Two parts:

- check: `--check` queries (zh + en, bench users; plus history questions and a task type) through both read
  graphs with one fixed clock; every output key is compared exactly (query, hits and selected memories with
  scores, breakdowns, flags, ages and notes, the injected ids, both rendered blocks); only the turn's random
  recall id and its start time differ by design. Prints the number of differing turns (0 = identical).
- timing: `--turns` later turns (a user already seen, new text), each run by both versions alternately
  (which goes first alternates), so both see the same machine load. Per version and query language, p50 of:
  the later turn through the default read graph, the query encode alone, the graph on a cached encode, the
  7 stages alone on it. The load average is printed: absolute times on a shared machine are noisy, the
  new/old ratio less so.

Usage:
    python -m evals read_ab --base main [--home DIR | --n 10000] [--turns 300] [--check 400]
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ._bench_common import OUT_DIR, percentiles, quiet_env
from ._bench_data import timing_queries

ROOT = Path(__file__).resolve().parent.parent
PARTS = (("turn", "later turn"), ("encode", "encode alone"), ("cached", "graph, encode cached"),
         ("stages", "7 stages alone"))
FIXED_NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
#: output keys that differ between any two runs by design
UNCOMPARED = ("memory_recall_id", "memory_read_started")


def base_package(rev: str, into: Path) -> str:
    """Extract `rev`'s langmem_nodes into `into/langmem_nodes_base`; the importable name."""
    blob = subprocess.run(["git", "archive", rev, "langmem_nodes"], cwd=ROOT, check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(blob)) as tar:
        tar.extractall(into, filter="data")
    (into / "langmem_nodes").rename(into / "langmem_nodes_base")
    sys.path.insert(0, str(into))
    return "langmem_nodes_base"


class Version:
    """One version's store, default read graph, a fixed-clock graph and the stages, on its own home copy."""

    def __init__(self, pkg: str, home: Path) -> None:
        m = {name: importlib.import_module(f"{pkg}.{name}") for name in
             ("store", "records", "node", "read.graph", "embeddings")}
        self.ctx = m["records"].MemoryContext
        self.store = m["store"].MemoryStore(home)
        graph = m["read.graph"]
        self.graph = graph.create_read_graph(self.store).compile()
        self.fixed = graph.create_read_graph(self.store, clock=lambda: FIXED_NOW).compile()
        self.stages = graph.read_stages(self.store)
        self.run_in_order = m["node"].run_in_order
        self.cjk = m["embeddings"].CJK_TEXT

    def invoke(self, graph: Any, user: str, text: str) -> dict[str, Any]:
        from langchain_core.messages import HumanMessage

        return graph.invoke({"messages": [HumanMessage(text)]}, context=self.ctx(user_id=user))

    def stages_alone(self, user: str, text: str) -> dict[str, Any]:
        from langchain_core.messages import HumanMessage

        return self.run_in_order(self.stages, {"messages": [HumanMessage(text)]}, self.ctx(user_id=user))


def comparable(out: dict[str, Any]) -> dict[str, Any]:
    """The output as plain data (pydantic models dumped), without the keys that differ by design."""
    def plain(v: Any) -> Any:
        if hasattr(v, "model_dump"):
            return v.model_dump(mode="json")
        if isinstance(v, list):
            return [plain(x) for x in v]
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items()}
        return v
    return {k: plain(v) for k, v in out.items() if k not in UNCOMPARED and k != "messages"}


def check_queries(n: int, seed: int = 7) -> list[tuple[str, str]]:
    """Bench queries for bench users, a fifth of them asking about the past ("before", "以前")."""
    pairs = timing_queries(1000, n, seed=seed)
    return [(u, (q.replace("?", " before?") if i % 5 == 4 and "?" in q else
                 q.replace("？", "以前？") if i % 5 == 4 else q)) for i, (u, q) in enumerate(pairs)]


def check(old: Version, new: Version, n: int) -> tuple[int, int, list[str]]:
    """(turns compared, turns differing, the first few differences)."""
    diffs: list[str] = []
    bad = 0
    for u, q in check_queries(n):
        a, b = comparable(old.invoke(old.fixed, u, q)), comparable(new.invoke(new.fixed, u, q))
        if json.dumps(a, sort_keys=True) != json.dumps(b, sort_keys=True):  # also tells 1 from 1.0
            bad += 1
            if len(diffs) < 5:
                keys = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
                diffs.append(f"{u} {q!r}: {keys}")
    return n, bad, diffs


def timing(versions: dict[str, Version], turns: int, seed: int = 0) -> dict[str, Any]:
    def ms(fn: Any) -> float:
        t = time.perf_counter()
        fn()
        return (time.perf_counter() - t) * 1000.0

    pairs = timing_queries(1000, turns + 20, seed=seed + 2)
    for name, v in versions.items():  # each user's first turn, both encoders loaded
        for u, q in pairs:
            v.invoke(v.graph, u, f"{q} ({name})")
    times = {name: {p: {"en": [], "zh": []} for p, _ in PARTS} for name in versions}
    names = list(versions)
    load_before = os.getloadavg()[0]
    for i, (u, q) in enumerate(pairs[20:]):
        for name in (names if i % 2 else names[::-1]):
            v, t = versions[name], times[name]
            lang = "zh" if v.cjk.search(q) else "en"
            text = f"{q} please #{i}"
            t["turn"][lang].append(ms(lambda v=v, u=u, text=text: v.invoke(v.graph, u, text)))
            t["encode"][lang].append(ms(lambda v=v, text=text: v.store.embedder.embed_query(text + " [e]")))
            t["cached"][lang].append(ms(lambda v=v, u=u, text=text: v.invoke(v.graph, u, text)))
            t["stages"][lang].append(ms(lambda v=v, u=u, text=text: v.stages_alone(u, text)))
    out: dict[str, Any] = {name: {p: {**{lang: percentiles(x)["p50_ms"] for lang, x in d.items() if x},
                                      "all": percentiles(d["en"] + d["zh"])["p50_ms"]}
                                  for p, d in times[name].items()} for name in versions}
    out["load"] = (round(load_before, 2), round(os.getloadavg()[0], 2))
    return out


def table(res: dict[str, Any]) -> str:
    rows = ["| version | " + " | ".join(f"{lbl} p50 all / en / zh" for _, lbl in PARTS) + " |",
            "|---|" + "---:|" * len(PARTS)]
    for name in ("old", "new"):
        cells = [" / ".join(f"{res[name][p][lang]:.2f}" for lang in ("all", "en", "zh") if lang in res[name][p])
                 for p, _ in PARTS]
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    cells = [" / ".join(f"{res['new'][p][lang] / res['old'][p][lang]:.2f}" for lang in ("all", "en", "zh")
                        if lang in res["new"][p]) for p, _ in PARTS]
    rows.append("| new / old | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    quiet_env()
    ap = argparse.ArgumentParser(prog="python -m evals read_ab", description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="main", help="git revision of the old version (default main)")
    ap.add_argument("--home", help="memory home (default evals/out/latency/N, made by `python -m evals latency`)")
    ap.add_argument("--n", type=int, default=10_000, help="memories in the default home")
    ap.add_argument("--turns", type=int, default=300, help="timed later turns per version (0: no timing)")
    ap.add_argument("--check", type=int, default=400, help="turns compared for identical outputs (0: none)")
    a = ap.parse_args(list(sys.argv[1:] if argv is None else argv))
    home = Path(a.home) if a.home else OUT_DIR.parent / "latency" / str(a.n)
    if not (home / "memory.sqlite3").exists():
        print(f"no memory home at {home}: run `python -m evals latency --n {a.n}` first", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="read_ab_") as tmp:
        work = Path(tmp)
        pkg = base_package(a.base, work / "pkg")
        homes = {name: shutil.copytree(home, work / name) for name in ("old", "new")}
        versions = {"old": Version(pkg, homes["old"]), "new": Version("langmem_nodes", homes["new"])}
        if a.check:
            n, bad, diffs = check(versions["old"], versions["new"], a.check)
            print(f"check: {bad} of {n} turns differ (base {a.base} vs this tree, fixed clock)")
            for d in diffs:
                print("  " + d)
        if a.turns:
            res = timing(versions, a.turns)
            print(f"{a.turns} later turns per version, {home} (load average {res['load'][0]} → {res['load'][1]} "
                  f"on {os.cpu_count()} cores; old = {a.base}, new = this tree, interleaved)")
            print(table(res))
        for v in versions.values():
            v.store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
