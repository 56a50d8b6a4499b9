"""`python -m evals bench`: our read/write graphs vs LangGraph InMemoryStore vs Mem0 OSS, same data, one run.

For each size N (memories spread over 1,000 users, zh and en mixed, deterministic — `_bench_data.py`) and
each system, one subprocess loads the same corpus with the same precomputed MiniLM vectors, then measures
with real encodes: read latency (p50/p95, query embedding included; our read paths also per query
language), write throughput, recall@5 on labelled queries, peak RSS and disk. Our system runs once per
`--embedder` (default: the product default minilm+e5, then minilm, side by side); `--backend postgres` adds
ours with PostgreSQL as the canonical store beside SQLite. The load average is printed beside the figures. Mem0 runs under `.venv/bench-mem0` (see `_bench_env.py`: installing mem0ai into
our venv would downgrade protobuf). Results go to `evals/out/bench/results.json`; `--json` prints them as
the last line.

Example:
    >>> main(["--sizes", "0"])  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ValueError: --sizes must be positive integers, got '0'
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ._bench_common import OUT_DIR, bench_bilingual, bench_minilm, corpus_vectors, quiet_env
from ._bench_data import make_corpus

SYSTEMS = ("ours", "ours_pg", "inmemory", "mem0")  # ours_pg: ours with PostgreSQL as the canonical store
EMBEDDERS = ("minilm+e5", "minilm")  # ours: the product default first
ROOT = Path(__file__).resolve().parent.parent


def _sizes(text: str) -> list[int]:
    try:
        sizes = [int(s) for s in text.split(",") if s.strip()]
    except ValueError:
        sizes = []
    if not sizes or any(s <= 0 for s in sizes):
        raise ValueError(f"--sizes must be positive integers, got {text!r}")
    return sizes


def _systems(text: str) -> list[str]:
    names = [s.strip() for s in text.split(",") if s.strip()]
    bad = [s for s in names if s not in SYSTEMS or s == "ours_pg"]  # ours_pg comes from --backend postgres
    if not names or bad:
        raise ValueError(f"--systems must be a subset of {','.join(s for s in SYSTEMS if s != 'ours_pg')}, got {text!r}")
    return names


def _embedders(text: str) -> list[str]:
    names = list(dict.fromkeys(s.strip() for s in text.split(",") if s.strip()))
    if not names or any(s not in EMBEDDERS for s in names):
        raise ValueError(f"--embedder must be a subset of {','.join(EMBEDDERS)}, got {text!r}")
    return names


def parse_args(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m evals bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1000,10000", help="comma-separated corpus sizes (default 1000,10000)")
    ap.add_argument("--systems", default="ours,inmemory,mem0")
    ap.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite",
                    help="postgres: also run ours with PostgreSQL as the canonical store (ours_pg), beside ours on "
                         "SQLite in the same run, on a throwaway local cluster with the server's default durability")
    ap.add_argument("--users", type=int, default=1000)
    ap.add_argument("--queries", type=int, default=200, help="timed queries per system and size")
    ap.add_argument("--recall", type=int, default=200, help="labelled recall queries")
    ap.add_argument("--writes", type=int, default=1000, help="measured fresh writes")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true", help="print the summary JSON as the last line")
    ap.add_argument("--keep", action="store_true", help="keep the memory homes under evals/out/bench/")
    ap.add_argument("--embedder", default=os.environ.get("BENCH_EMBEDDER", ",".join(EMBEDDERS)),
                    help="OUR system's embedders, comma-separated, each run side by side: minilm+e5 (the product "
                         "default: MiniLM for English, e5 for Chinese) and/or minilm (the one every system shares; "
                         "the other systems always use it); default minilm+e5,minilm")
    ap.add_argument("--precision", choices=("fp32", "int8"), default=os.environ.get("BENCH_PRECISION", "fp32"),
                    help="MiniLM precision for EVERY system (MiniLMEmbedder(precision=...)); default fp32")
    a = ap.parse_args(argv)
    try:
        a.sizes, a.systems, a.embedders = _sizes(a.sizes), _systems(a.systems), _embedders(a.embedder)
        if a.backend == "postgres":
            if "ours" not in a.systems:
                raise ValueError("--backend postgres compares ours on PostgreSQL with ours on SQLite: keep ours in --systems")
            a.systems.insert(a.systems.index("ours") + 1, "ours_pg")
        for name in ("users", "queries", "recall", "writes"):
            if getattr(a, name) <= 0:
                raise ValueError(f"--{name} must be positive, got {getattr(a, name)}")
    except ValueError as exc:  # one usage line naming the option, exit 2 (argparse's way), no traceback
        ap.error(str(exc))
    return a


def _python_for(system: str) -> str:
    if system != "mem0":
        return sys.executable
    from ._bench_env import ensure_bench_env

    return str(ensure_bench_env())


def run_one(system: str, n: int, vectors: Path, a: argparse.Namespace, home: Path,
            database_url: str | None = None, embedder: str | None = None) -> dict[str, Any]:
    """One system at one size; ours is loaded by one process and served by a fresh one (persistent home)."""
    if system not in ("ours", "ours_pg"):
        return _run_worker(system, n, vectors, a, home, "serve")
    env = {"BENCH_EMBEDDER": embedder or "minilm"}
    load = _run_worker(system, n, vectors, a, home, "load", database_url, env)
    if "error" in load:
        return {**load, "embedder": env["BENCH_EMBEDDER"]}
    res = _run_worker(system, n, vectors, a, home, "serve", database_url, env)
    res["embedder"] = env["BENCH_EMBEDDER"]
    if "error" not in res:
        res["load_s_precomputed_vectors"] = load["load_s_precomputed_vectors"]
        res["load_peak_rss_mb"] = load["peak_rss_mb"]
        res["load_wall_s"] = load["wall_s"]
    return res


def _run_worker(system: str, n: int, vectors: Path, a: argparse.Namespace, home: Path, phase: str,
                database_url: str | None = None, env: dict[str, str] | None = None) -> dict[str, Any]:
    cmd = [_python_for(system), "-m", "evals._bench_worker", "--system", system, "--n", str(n), "--phase", phase,
           "--vectors", str(vectors), "--home", str(home), "--users", str(a.users), "--seed", str(a.seed),
           "--queries", str(a.queries), "--recall", str(a.recall), "--writes", str(a.writes)]
    cmd += ["--database-url", database_url] if database_url else []
    t = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, **(env or {}), "PYTHONPATH": str(ROOT)})
    wall = time.perf_counter() - t
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        return {"system": system, "n": n, "error": (proc.stderr or proc.stdout)[-1500:], "wall_s": round(wall, 1)}
    res = json.loads(lines[-1])
    res["wall_s"] = round(wall, 1)
    return res


def label(r: dict[str, Any]) -> str:
    """A result's row name: the system, and for ours the embedder it ran with ("ours [minilm+e5]")."""
    return r["system"] + (f" [{r['embedder']}]" if r.get("embedder") else "")


def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The `--json` shape: read / write / rss_mb / disk_mb / recall keyed by system then N."""
    out: dict[str, Any] = {"read": {}, "write": {}, "rss_mb": {}, "disk_mb": {}, "recall_at_5": {}, "errors": {}}
    for r in results:
        s, n = label(r), str(r["n"])
        if "error" in r:
            out["errors"].setdefault(s, {})[n] = r["error"]
            continue
        out["read"].setdefault(s, {})[n] = {"p50_ms": r["read"]["p50_ms"], "p95_ms": r["read"]["p95_ms"]}
        out["write"].setdefault(s, {})[n] = r["write"]
        out["rss_mb"].setdefault(s, {})[n] = r["peak_rss_mb"]
        out["disk_mb"].setdefault(s, {})[n] = r["disk_mb"]
        out["recall_at_5"].setdefault(s, {})[n] = r["recall"]["recall_at_5"]
    if not out["errors"]:
        del out["errors"]
    return out


def _fmt_write(r: dict[str, Any]) -> str:
    w = r.get("write", {})
    parts = [f"{k.replace('_per_s', '')} {v:.0f}/s" for k, v in w.items() if k.endswith("_per_s")]
    return ", ".join(parts)


def _order(r: dict[str, Any]) -> tuple:
    emb = r.get("embedder")
    return (r["n"], EMBEDDERS.index(emb) if emb in EMBEDDERS else -1, SYSTEMS.index(r["system"]))


def table(results: list[dict[str, Any]]) -> str:
    head = ("| system | N | read p50 ms | read p95 ms | recall@5 (en/zh) | writes | load s* | peak RSS MB "
            "| disk MB |\n|---|---:|---:|---:|---|---|---:|---:|---:|")
    rows = [head]
    for r in sorted(results, key=_order):
        if "error" in r:
            rows.append(f"| {label(r)} | {r['n']} | error: {r['error'].strip().splitlines()[-1][:80]} |||||||")
            continue
        rc = r["recall"]
        name = label(r) + (f" ({r['read_mode']})" if "read_mode" in r else "")
        rows.append(
            f"| {name} | {r['n']:,} | {r['read']['p50_ms']:.1f} | {r['read']['p95_ms']:.1f} | "
            f"{rc['recall_at_5']:.2f} ({rc.get('recall_at_5_en', 0):.2f}/{rc.get('recall_at_5_zh', 0):.2f}) | "
            f"{_fmt_write(r)} | {r['load_s_precomputed_vectors']:.0f} | {r['peak_rss_mb']:.0f}"
            + (f" (load {r['load_peak_rss_mb']:.0f})" if "load_peak_rss_mb" in r else "") + f" | {r['disk_mb']:.0f} |"
        )
    return "\n".join(rows)


READ_PATHS = (("read", "graph, user's first query"), ("read_warm_user", "graph, later turn"),
              ("read_after_warm", "graph, first query after warm()"),
              ("read_fused", "fused, first query after warm()"), ("read_fused_warm_user", "fused, later turn"),
              ("read_turn_warm_user", "add_memory's recall node (default), later turn"),
              ("embed_only", "query encode alone"), ("read_cached_embedding", "graph, encode cached"),
              ("stages_alone", "7 stages alone, encode cached"), ("graph_runtime_alone", "LangGraph runtime alone"))
BY_LANG = (("read", "first query"), ("read_warm_user", "later turn"),
           ("read_turn_warm_user", "later turn, add_memory's recall node"), ("embed_only", "encode alone"))


def _ours(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted((r for r in results if r["system"] in ("ours", "ours_pg") and "error" not in r), key=_order)


def _row_name(r: dict[str, Any]) -> str:
    return (f"{r['n']:,} {'PostgreSQL' if r['system'] == 'ours_pg' else 'SQLite'}"
            + (f" [{r['embedder']}]" if r.get("embedder") else ""))


def read_paths(results: list[dict[str, Any]]) -> str:
    """Our read latency by path (p50 / p95 ms): where the time goes and what a conversation's turns cost."""
    rows = ["| ours, N | " + " | ".join(lbl for _, lbl in READ_PATHS) + " |",
            "|---|" + "---:|" * len(READ_PATHS)]
    for r in _ours(results):
        cells = [f"{r[k]['p50_ms']:.1f} / {r[k]['p95_ms']:.1f}" if k in r else "–" for k, _ in READ_PATHS]
        rows.append(f"| {_row_name(r)} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def read_by_language(results: list[dict[str, Any]]) -> str:
    """Our read p50 / p95 ms per query language (English queries / Chinese queries of the same run)."""
    rows = ["| ours, N | " + " | ".join(f"{lbl} en | {lbl} zh" for _, lbl in BY_LANG) + " |",
            "|---|" + "---:|" * (2 * len(BY_LANG))]
    for r in _ours(results):
        cells = []
        for k, _ in BY_LANG:
            for lang in ("en", "zh"):
                p = r.get(k, {}).get(lang)
                cells.append(f"{p['p50_ms']:.1f} / {p['p95_ms']:.1f} (n={p['n']})" if p else "–")
        rows.append(f"| {_row_name(r)} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def growth(results: list[dict[str, Any]]) -> list[str]:
    """How p50 latency grows from the smallest to the largest N, per system."""
    lines = []
    for s in dict.fromkeys(label(r) for r in sorted(results, key=_order)):
        rs = sorted((r for r in results if label(r) == s and "error" not in r), key=lambda r: r["n"])
        if len(rs) >= 2:
            lo, hi = rs[0], rs[-1]
            lines.append(f"{s}: N ×{hi['n'] / lo['n']:.0f} → read p50 ×{hi['read']['p50_ms'] / lo['read']['p50_ms']:.2f}, "
                         f"RSS ×{hi['peak_rss_mb'] / lo['peak_rss_mb']:.2f}")
    return lines


def backend_ratios(results: list[dict[str, Any]]) -> list[str]:
    """PostgreSQL vs SQLite as the canonical store, same run: read p50 ratio per N and embedder."""
    by = {(r["system"], r["n"], r.get("embedder")): r for r in results if "error" not in r}
    lines = []
    for (s, n, emb), pg in sorted(by.items(), key=lambda kv: (kv[0][1], str(kv[0][2]))):
        lite = by.get(("ours", n, emb))
        if s != "ours_pg" or lite is None:
            continue
        for key, what in (("read", "read p50"), ("read_warm_user", "later-turn p50")):
            if key in pg and key in lite:
                lines.append(f"N={n:,} [{emb}]: {what} PostgreSQL {pg[key]['p50_ms']:.1f} ms vs SQLite "
                             f"{lite[key]['p50_ms']:.1f} ms (×{pg[key]['p50_ms'] / lite[key]['p50_ms']:.2f})")
    return lines


def loadavg() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def main(argv: list[str] | None = None) -> int:
    quiet_env()
    a = parse_args(list(sys.argv[1:] if argv is None else argv))
    biggest = max(a.sizes)
    corpus = make_corpus(biggest, n_users=a.users, seed=a.seed)
    os.environ["BENCH_PRECISION"] = a.precision  # the workers inherit it: one encoder for every system
    print(f"[{time.strftime('%H:%M:%S')}] start, {loadavg()}", file=sys.stderr, flush=True)
    t = time.perf_counter()
    vectors = corpus_vectors([m.text for m in corpus], a.seed, bench_minilm(cache_size=0)._encode)
    print(f"corpus vectors: {vectors} ({time.perf_counter() - t:.0f}s)", file=sys.stderr)
    if "minilm+e5" in a.embedders and "ours" in a.systems:  # ours reads its own vectors (cached on disk)
        t = time.perf_counter()
        os.environ["BENCH_OUR_VECTORS"] = str(corpus_vectors(
            [m.text for m in corpus], a.seed, bench_bilingual().embed, embedder="minilm+e5"))
        print(f"our corpus vectors: {os.environ['BENCH_OUR_VECTORS']} ({time.perf_counter() - t:.0f}s)", file=sys.stderr)
    results: list[dict[str, Any]] = []
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="bench_", dir=OUT_DIR))
    pg = None
    if "ours_pg" in a.systems:
        from langmem_nodes.store.pgcluster import LocalPostgres

        pg = LocalPostgres(durable=True).start()
    try:
        for n in sorted(a.sizes):
            for s in a.systems:
                for emb in (a.embedders if s in ("ours", "ours_pg") else [None]):
                    tag = f"{s}_{n}" + (f"_{emb.replace('+', '_')}" if emb else "")
                    print(f"[{time.strftime('%H:%M:%S')}] {s} N={n} {emb or ''} ({loadavg()}) ...",
                          file=sys.stderr, flush=True)
                    url = pg.new_schema(f"bench{n}") if s == "ours_pg" and pg is not None else None
                    r = run_one(s, n, vectors, a, work / tag, url, emb)
                    r["loadavg_1m"] = round(os.getloadavg()[0], 2)
                    results.append(r)
                    print(f"    {json.dumps(r)[:400]}", file=sys.stderr, flush=True)
    finally:
        if pg is not None:
            pg.stop()
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)
    summary = summarise(results)
    summary["encoder"] = {"precision": a.precision, "threads": int(os.environ.get("LANGMEM_ONNX_THREADS", "1")),
                          "ours": a.embedders}
    summary["loadavg"] = loadavg()
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    (OUT_DIR / "results.json").write_text(json.dumps({"results": results, "summary": summary}, indent=1))
    print(f"encoder for every system: packaged all-MiniLM-L6-v2 on ONNX Runtime, {a.precision}, "
          f"{summary['encoder']['threads']} thread(s)"
          + f"; ours: {', '.join(a.embedders)} (minilm+e5: Chinese through e5, one thread)")
    print(f"{loadavg()} at the end (per row: loadavg_1m in results.json)")
    print(table(results))
    print("\n* load s: bulk load with the precomputed corpus vectors (measured writes embed for real). "
          "RSS: peak of the measuring process; ours is loaded by a separate process (its peak in brackets).")
    for line in growth(results):
        print(line)
    for line in backend_ratios(results):
        print(line)
    print(read_paths(results))
    print("\nour read p50 / p95 ms by query language:")
    print(read_by_language(results))
    if a.json:
        print(json.dumps(summary))
    return 0
