"""`python -m evals all`: run every simulation eval (and the extraction / MADial evals when present) and
write `evals/report.md` with PNG plots under `evals/plots/`, our figure beside the article's.

The report and the plots directory are regenerated from scratch on each run, except sections whose heading
says "hand-written" or "hand-run" (measured by hand, dated in the heading): they are carried over as they were. Each simulation eval runs
in-process through its own `main([... "--json", "--plot", png])`; its last stdout line is parsed. An eval
whose node is missing or that fails is reported as NOT RUN with the error — never silently skipped.
The extraction and MADial evals belong to other modules; they run as subprocesses with a time limit.

Run: `python -m evals all [--quick] [--skip NAME ...] [--timeout 1800]`; `--only NAME ...` reruns just those
simulation evals and replaces their sections (and headline rows) in the existing report, keeping the rest.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import json
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ._report import EVALS_DIR, PLOTS_DIR, last_json_line, md_table

REPORT = EVALS_DIR / "report.md"
DATA = EVALS_DIR.parent.parent / "shared" / "data"
OWN_DATA = EVALS_DIR / "data"
# sections a person wrote or ran by hand: a full rebuild keeps them (they say when they were measured)
KEPT_MARKERS = ("hand-written", "hand-run")


@dataclass
class Sim:
    name: str
    title: str
    argv: list[str]
    quick_argv: list[str]
    article: str


SIMS = [
    Sim("conflicts", "Conflict resolution strategies", [], ["--trials", "5000"],
        "50,000 scenarios: LWW 66.23%, confidence-weighted 97.41%, explicit-correction-first 100%, majority 57.12%."),
    Sim("ttl", "Tiered vs uniform TTL", [], ["--n", "30"],
        "Uniform 365 d costs 2096.1 min, tiered 3650/180/21 d costs 1084.5 min: −48.3%."),
    Sim("dedup", "Dedup threshold sweep", [], [],
        "120 facts + 80 near-duplicates (cos ≈ 0.88): no true fact lost for thr 0.70–0.98; redundancy 6 → 76 clusters."),
    Sim("gate", "Write gate: F1 optimum vs cost optimum", [], [],
        "F1 peaks at thr 0.60 (0.7121) but 0.70 (F1 0.7091) writes 10 pp fewer false memories; "
        "choose the threshold by expected cost when a false write costs more than a miss."),
    Sim("pollution", "Pollution feedback loop", [], ["--trials", "300"],
        "p_w·r = 0.12: 93.05 polluted entries after 40 rounds; with the write gate 1.51."),
    Sim("fanout", "Deletion fan-out and ghost memories", [], ["--n", "40"],
        "11 places, 5% miss each → 43.12% of deletions leave a ghost."),
    Sim("cost", "Injection cost (read side §2/§2.1)", [], ["--n", "120"],
        "n=400, ℓ=60 B, m=3 KB, k=3, t=20, σ=10 KB: 480 / 200 / 660 KB; cached (α=0.1) 48 / 20 / 228 KB."),
    Sim("usage", "Is memory helping? The five retrieval measures, live (read side §11, §8)", [],
        ["--embedders", "hashing", "--users", "en_ada,zh_li"],
        "Rank the measures: restatements first (the user feels them), then hit rate, unused share of injected "
        "content (injected vs cited), injection latency, stale-citation rate; do not optimise injection volume. "
        "(No figures: the article gives none.)"),
]


@dataclass
class External:
    name: str
    title: str
    argv: list[str]
    quick_argv: list[str] = field(default_factory=list)
    key: str = ""

    @property
    def id(self) -> str:
        """Names one run (a module may run several times with other data or settings)."""
        return self.key or self.name


def _unseen_extraction() -> list[External]:
    """The blind-written extraction sets' held-out halves (only ever scored), one run each."""
    runs = []
    unseen = OWN_DATA / "extraction_unseen"
    finals = sorted(OWN_DATA.glob("final[0-9]*/*_final.jsonl"))  # blind final sets, one folder per batch
    for path in sorted([*unseen.glob("*_heldout.jsonl"), *unseen.glob("*_final.jsonl")]) + finals:
        argv = ["--cases", str(path)]
        runs.append(External("extraction", f"Extraction on the unseen set {path.stem} (written blind, only scored)",
                             argv, argv, key=f"extraction:{path.stem}"))
    return runs


def _blind_abstain() -> list[External]:
    """The blind-written abstain sets' held-out and final users, scored with the default embedder."""
    runs = []
    for path in sorted(OWN_DATA.glob("abstain[0-9]*.json")) + sorted(OWN_DATA.glob("final[0-9]*/abstain*_final.json")):
        users = json.loads(path.read_text(encoding="utf-8")).get("users", [])
        for split in sorted({u.get("split", "") for u in users if str(u.get("split", "")).startswith(("heldout", "final"))}):
            argv = ["--data", str(path), "--split", split]
            runs.append(External("abstain", f"Abstain, blind set {path.stem} split {split}, default embedder",
                                 argv, argv, key=f"abstain:{path.stem}:{split}"))
    return runs


EXTERNAL = [
    External("extraction", "Extraction (labelled zh/en dev set)", ["--cases", str(DATA / "extraction_dev.jsonl")],
             ["--cases", str(DATA / "extraction_dev.jsonl")]),
    *_unseen_extraction(),
    External("madial", "MADial-Bench recall (zh/en)", []),
    External("abstain", "Abstain when nothing is relevant, default embedder minilm+e5 (zh/en, dev and held-out users)",
             []),
    External("abstain", "Abstain when nothing is relevant, MiniLM (zh/en, dev and held-out users)",
             ["--embedder", "minilm"], key="abstain:minilm"),
    External("abstain", "Abstain when nothing is relevant, e5 (zh/en, dev and held-out users)", ["--embedder", "e5"],
             key="abstain:e5"),
    *_blind_abstain(),
    External("large_partition", "Large partitions: exact vs Chroma HNSW recall@5", [], ["--sizes", "5000", "--ef", "800"]),
]


def _run_sim(sim: Sim, quick: bool) -> dict[str, Any]:
    png = PLOTS_DIR / f"{sim.name}.png"
    argv = [*(sim.quick_argv if quick else sim.argv), "--json", "--plot", str(png)]
    buf = io.StringIO()
    t0 = time.perf_counter()
    try:
        module = importlib.import_module(f"evals.{sim.name}")
        with contextlib.redirect_stdout(buf):
            code = module.main(argv)
        if code:
            raise RuntimeError(f"exit code {code}")
        result = last_json_line(buf.getvalue())
    except Exception as exc:  # noqa: BLE001 - one failing eval must not hide the others
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}", "seconds": time.perf_counter() - t0}
    out = {"ok": True, "result": result, "seconds": time.perf_counter() - t0, "module": module,
           "png": png if png.exists() else None, "cmd": f"python -m evals {sim.name} {' '.join(argv[:-3])}".strip()}
    return out


def _run_external(ext: External, quick: bool, timeout: float) -> dict[str, Any]:
    if not (EVALS_DIR / f"{ext.name}.py").exists():
        return {"ok": False, "error": f"evals/{ext.name}.py does not exist yet"}
    argv = [*(ext.quick_argv if quick else ext.argv), "--json"]
    cmd = [sys.executable, "-m", "evals", ext.name, *argv]
    t0 = time.perf_counter()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=EVALS_DIR.parent, check=False)
    except subprocess.TimeoutExpired:
        return {"ok": False, "error": f"timed out after {timeout:.0f} s"}
    secs = time.perf_counter() - t0
    if proc.returncode:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        return {"ok": False, "error": f"exit code {proc.returncode}: {' / '.join(tail)}", "seconds": secs}
    try:
        result = last_json_line(proc.stdout)
    except ValueError as exc:
        return {"ok": False, "error": str(exc), "seconds": secs}
    return {"ok": True, "result": result, "seconds": secs,
            "cmd": "python -m evals " + ext.name + " " + " ".join(a.replace(str(DATA), "../shared/data").replace(str(OWN_DATA), "evals/data") for a in argv)}


def _flatten(d: Any, prefix: str = "") -> list[tuple[str, Any]]:
    if isinstance(d, dict):
        return [kv for k, v in d.items() for kv in _flatten(v, f"{prefix}{k}.")]
    if isinstance(d, bool) or not isinstance(d, int | float):
        return []
    return [(prefix.rstrip("."), d)]


def _sim_section(sim: Sim, run: dict[str, Any]) -> str:
    parts = [f"## {sim.title} (`{sim.name}`)", f"**Article:** {sim.article}"]
    if not run["ok"]:
        parts.append(f"**NOT RUN** — {run['error']}")
        return "\n\n".join(parts)
    module, result = run["module"], run["result"]
    parts.append(f"Command: `{run['cmd']}` ({run['seconds']:.1f} s)")
    parts.append(module.table(result))
    if hasattr(module, "explain"):
        parts.append(module.explain(result))
    if run["png"]:
        parts.append(f"![{sim.name}](plots/{run['png'].name})")
    return "\n\n".join(parts)


def _external_section(ext: External, run: dict[str, Any]) -> str:
    parts = [f"## {ext.title} (`{ext.name}`, owned by its own module)"]
    if not run["ok"]:
        parts.append(f"**NOT RUN** — {run['error']}")
        return "\n\n".join(parts)
    parts.append(f"Command: `{run['cmd']}` ({run['seconds']:.1f} s)")
    rows = _flatten(run["result"])[:40]
    parts.append(md_table(["metric", "value"], rows) if rows else "(no numeric metrics in its JSON line)")
    return "\n\n".join(parts)


def _external_headline(name: str, result: dict[str, Any]) -> str:
    """A one-line summary of another module's JSON: its F1s / recalls when present, else its first numbers."""
    flat = dict(_flatten(result))
    if name == "extraction":
        keys = [k for k in ("all.f1", "en.f1", "zh.f1", "source_accuracy", "tier_accuracy") if k in flat]
    else:
        keys = [k for k in flat if k.endswith("hybrid.recall@5") or k.endswith("hybrid.mrr")]
    keys = keys or list(flat)[:4]
    return ", ".join(f"{k} {flat[k]:.4g}" for k in keys) or "ran (no numeric metrics)"


def kept_sections(previous: str) -> list[str]:
    """The hand-written / hand-run sections of an earlier report (`KEPT_MARKERS` in their heading)."""
    parts = previous.split("\n\n## ")[1:]
    return ["## " + p.rstrip("\n") for p in parts if any(m in p.split("\n", 1)[0] for m in KEPT_MARKERS)]


def build_report(sim_runs: dict[str, dict[str, Any]], ext_runs: dict[str, dict[str, Any]], quick: bool,
                 previous: str = "") -> str:
    head = [
        "# langmem-nodes — evaluation report",
        "Generated by `python -m evals all`" + (" --quick (small sizes)" if quick else "") + f" on "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}. Every figure below is computed by this run; "
        "each simulation eval is a LangGraph graph (`generate → run → measure`) that drives the project's own "
        "nodes and store. Article figures are the seed articles' printed values.",
    ]
    summary = [(sim.name, sim_headline(sim, sim_runs[sim.name])) for sim in SIMS]
    for ext in EXTERNAL:
        r = ext_runs[ext.id]
        summary.append((ext.id, _external_headline(ext.name, r["result"]) if r["ok"] else "NOT RUN: " + r["error"][:120]))
    body = [*head, "## Headlines", md_table(["eval", "result"], summary)]
    body += [_sim_section(sim, sim_runs[sim.name]) for sim in SIMS]
    body += [_external_section(ext, ext_runs[ext.id]) for ext in EXTERNAL]
    body += kept_sections(previous)
    return "\n\n".join(body) + "\n"


def update_report(text: str, sim: Sim, run: dict[str, Any]) -> str:
    """`text` (a report) with `sim`'s section and headline row replaced by `run`'s (added when missing)."""
    head = f"## {sim.title} (`{sim.name}`)"
    section = _sim_section(sim, run)
    row = md_table(["eval", "result"], [(sim.name, sim_headline(sim, run))]).splitlines()[-1]
    parts = text.split("\n\n## ")
    parts = [parts[0]] + ["## " + p for p in parts[1:]]
    kept = [p for p in parts if not p.startswith(head)]
    at = next((i for i, p in enumerate(kept) if "owned by its own module)" in p.split("\n", 1)[0]), len(kept))
    kept.insert(at, section)
    lines = "\n\n".join(p.rstrip("\n") for p in kept).split("\n")
    mine = [i for i, ln in enumerate(lines) if ln.startswith(f"| {sim.name} |")]
    if mine:
        lines[mine[0]] = row
    elif "## Headlines" in lines:
        start = lines.index("## Headlines") + 2  # its table's header row
        end = next((i for i in range(start, len(lines)) if not lines[i].startswith("|")), len(lines))
        sims = {s.name for s in SIMS}
        last = max((i for i in range(start + 2, end) if lines[i].split("|")[1].strip() in sims), default=start + 1)
        lines.insert(last + 1, row)
    return "\n".join(lines) + "\n"


def sim_headline(sim: Sim, run: dict[str, Any]) -> str:
    if run["ok"] and hasattr(run["module"], "headline"):
        return run["module"].headline(run["result"])
    return "ran" if run["ok"] else "NOT RUN: " + run["error"][:120]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals all", description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes (a smoke run)")
    ap.add_argument("--skip", nargs="*", default=[], help="eval names to leave out (reported as skipped)")
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds allowed per external eval (default 1800)")
    ap.add_argument("--report", type=Path, default=REPORT, help="where to write the report (default evals/report.md)")
    ap.add_argument("--only", nargs="+", default=None, metavar="NAME",
                    help="rerun only these simulation evals, replacing their sections in the existing report")
    a = ap.parse_args(argv)
    known = {s.name for s in SIMS} | {e.name for e in EXTERNAL}
    unknown = set(a.skip) - known
    if unknown:
        ap.error(f"unknown eval(s) to skip: {sorted(unknown)}; known: {sorted(known)}")
    if a.only is not None:
        sims = {s.name: s for s in SIMS}
        bad = [n for n in a.only if n not in sims]
        if bad:
            ap.error(f"--only takes simulation evals: {bad} is not one of {sorted(sims)}")
        if not a.report.exists():
            ap.error(f"--only updates an existing report; {a.report} does not exist (run without --only first)")
        PLOTS_DIR.mkdir(parents=True, exist_ok=True)
        text = a.report.read_text(encoding="utf-8")
        for name in a.only:
            print(f"[evals all] {name} …", file=sys.stderr, flush=True)
            run = _run_sim(sims[name], a.quick)
            text = update_report(text, sims[name], run)
            if not run["ok"]:
                print(f"{name} NOT RUN: {run['error']}", file=sys.stderr)
        a.report.write_text(text, encoding="utf-8")
        print(f"updated {a.report}: {', '.join(a.only)}")
        return 0
    shutil.rmtree(PLOTS_DIR, ignore_errors=True)
    PLOTS_DIR.mkdir(parents=True)
    previous = a.report.read_text(encoding="utf-8") if a.report.exists() else ""
    a.report.unlink(missing_ok=True)
    sim_runs, ext_runs = {}, {}
    for sim in SIMS:
        if sim.name in a.skip:
            sim_runs[sim.name] = {"ok": False, "error": "skipped (--skip)"}
            continue
        print(f"[evals all] {sim.name} …", file=sys.stderr, flush=True)
        sim_runs[sim.name] = _run_sim(sim, a.quick)
    for ext in EXTERNAL:
        if ext.name in a.skip:
            ext_runs[ext.id] = {"ok": False, "error": "skipped (--skip)"}
            continue
        print(f"[evals all] {ext.id} …", file=sys.stderr, flush=True)
        ext_runs[ext.id] = _run_external(ext, a.quick, a.timeout)
    a.report.write_text(build_report(sim_runs, ext_runs, a.quick, previous), encoding="utf-8")
    failed = [n for n, r in {**sim_runs, **ext_runs}.items() if not r["ok"]]
    print(f"wrote {a.report} ({len(sim_runs) + len(ext_runs) - len(failed)} ran; not run: {', '.join(failed) or 'none'})")
    return 0
