"""The pollution feedback loop (write-side article §7), with and without OUR write gate's lineage rule.

A polluted memory injected into an answer (probability r) gets restated, and the restatement is written
back as a new memory (probability p_w): polluted entries grow as (1 + p_w·r)^t. Our gate (`VerifyNode`)
refuses to count a statement derived from a memory injected this turn as new evidence — it is downgraded
to `candidate`, never an active memory. It can only do that for restatements it can trace: the same
subject / predicate / polarity / object as an injected memory. A restatement the extractor words
differently (share `--paraphrase`) passes as a new observation.

Measured: a batch of restatements (English and Chinese, `--paraphrase` of them reworded) of memories in a
real store goes through `VerifyNode.run` with those memories as `memory_injected_ids`; the share still
written is the gate's leak, so the gated write probability is p_w × leak. The growth is then drawn as a
branching process (`evals._sim_pollution`) beside the closed form. Article at 40 rounds, p_w=0.30, r=0.40:
93.05 polluted entries without the gate, 1.51 with it (p_w 0.30 → 0.05).

Run: `python -m evals pollution [--paraphrase 0.1667] [--rounds 40] [--trials 2000] [--json]`.
"""

from __future__ import annotations

import random
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope, Source
from langmem_nodes.state import PendingWrite
from langmem_nodes.store import MemoryStore

from ._report import (
    EvalState,
    axes,
    build_eval_graph,
    finish,
    fraction,
    md_table,
    parser,
    positive,
    run_eval_graph,
    save_figure,
)
from ._sim_pollution import expected, simulate

ARTICLE = {"no_gate_40": 93.051, "gate_40": 1.51, "no_gate_5": 1.762, "gate_5": 1.104, "supercritical_40": 700037.697}
P_W, R, P_W_SUPER = 0.30, 0.40, 1.0
NOW = datetime(2026, 11, 30, tzinfo=UTC)
CTX = MemoryContext(user_id="pol")
_TOOLS = [("TypeScript", "TS 语言"), ("Rust", "锈语言 Rust 生态"), ("pnpm", "p-n-p-m"), ("Vim", "vi editor"),
          ("PostgreSQL", "Postgres DB"), ("Kubernetes", "k8s")]


def _verifier() -> Any:
    from langmem_nodes.write.verify import VerifyNode

    return VerifyNode


def _generate(state: EvalState) -> dict[str, Any]:
    p = state["params"]
    rng = random.Random(p["seed"])
    scope = Scope(user_id="pol")
    polluted, batch, reworded = [], [], []
    total = p["memories"] * p["restatements"]
    n_rw = round(p["paraphrase"] * total)
    flags = [True] * n_rw + [False] * (total - n_rw)  # exactly the requested share, in random places
    rng.shuffle(flags)
    for i in range(p["memories"]):
        obj, alt = _TOOLS[i % len(_TOOLS)]
        obj, alt = f"{obj} {i}", f"{alt} {i}"
        zh = i % 2 == 1
        text = f"用户偏好 {obj}" if zh else f"User prefers {obj}"
        polluted.append(MemoryRecord(text=text, predicate="prefers", object=obj, scope=scope, source=Source.INFERRED))
        for _ in range(p["restatements"]):
            rw = flags[len(batch)]
            o = alt if rw else obj
            rec = MemoryRecord(text=(f"用户喜欢用 {o}" if zh else f"As you prefer {o}, …"), predicate="prefers", object=o,
                               scope=scope, source=Source.INFERRED, confidence=0.75)
            batch.append(PendingWrite(record=rec))
            reworded.append(rw)
    return {"data": {"polluted": polluted, "batch": batch, "reworded": reworded}}


def _run(state: EvalState) -> dict[str, Any]:
    VerifyNode = _verifier()
    d = state["data"]
    with tempfile.TemporaryDirectory(prefix="pollution-") as tmp:
        store = MemoryStore(Path(tmp) / "home", embedder=HashingEmbedder(dim=32))
        try:
            store.commit(add=d["polluted"])
            state_in = {"memory_pending": d["batch"], "memory_injected_ids": [r.id for r in d["polluted"]]}
            out = VerifyNode(store).run(state_in, CTX, NOW)["memory_pending"]
        finally:
            store.close()
    written = [pw.action == "write" for pw in out]
    return {"out": {"written": written, "actions": [pw.action for pw in out]}}


def _measure(state: EvalState) -> dict[str, Any]:
    p, d, o = state["params"], state["data"], state["out"]
    written, reworded = o["written"], d["reworded"]
    leak = sum(written) / len(written)
    traced = [w for w, rw in zip(written, reworded, strict=True) if not rw]
    p_w_gate = P_W * leak
    rounds, trials, seed = p["rounds"], p["trials"], p["seed"]
    curves = {
        "no_gate": simulate(P_W, R, rounds, trials=trials, seed=seed).tolist(),
        "gate": simulate(p_w_gate, R, rounds, trials=trials, seed=seed + 1).tolist(),
        "supercritical_no_gate": simulate(P_W_SUPER, R, rounds, trials=max(trials // 10, 50), seed=seed + 2).tolist(),
        "supercritical_gate": simulate(P_W_SUPER * leak, R, rounds, trials=trials, seed=seed + 3).tolist(),
    }
    closed = {"no_gate": expected(P_W, R, rounds), "gate": expected(p_w_gate, R, rounds),
              "supercritical_no_gate": expected(P_W_SUPER, R, rounds), "supercritical_gate": expected(P_W_SUPER * leak, R, rounds)}
    return {"result": {
        "leak": leak, "traced_restatements_written": sum(traced), "traced_restatements": len(traced),
        "reworded_share": sum(reworded) / len(reworded), "batch": len(written),
        "p_w": P_W, "r": R, "p_w_gate": p_w_gate, "rounds": rounds, "trials": trials,
        "at_rounds": {k: v[-1] for k, v in curves.items()}, "at_5": {k: v[min(5, rounds)] for k, v in curves.items()},
        "closed_form": closed, "curves": curves, "article": ARTICLE,
    }}


def create_pollution_graph() -> Any:
    """The uncompiled generate → run → measure graph (params: memories, restatements, paraphrase, rounds, trials, seed)."""
    return build_eval_graph(_generate, _run, _measure)


def table(r: dict[str, Any]) -> str:
    a, m, c, f = r["article"], r["at_rounds"], r["closed_form"], r["at_5"]
    t = r["rounds"]
    rows = [
        (f"no gate, p_w·r = {r['p_w'] * r['r']:.2f}", a["no_gate_5"], f["no_gate"], a["no_gate_40"] if t == 40 else "—", c["no_gate"], m["no_gate"]),
        (f"our gate, p_w·r = {r['p_w_gate'] * r['r']:.4f}", a["gate_5"], f["gate"], a["gate_40"] if t == 40 else "—", c["gate"], m["gate"]),
        (f"no gate, p_w·r = {P_W_SUPER * r['r']:.2f}", "—", f["supercritical_no_gate"], a["supercritical_40"] if t == 40 else "—",
         c["supercritical_no_gate"], m["supercritical_no_gate"]),
        (f"our gate, p_w·r = {P_W_SUPER * r['leak'] * r['r']:.4f}", "—", f["supercritical_gate"], "—", c["supercritical_gate"],
         m["supercritical_gate"]),
    ]
    gate_line = (f"Gate measured on {r['batch']} restatements ({r['reworded_share']:.1%} reworded): leak {r['leak']:.2%}; "
                 f"traceable restatements written: {r['traced_restatements_written']}/{r['traced_restatements']}.")
    return gate_line + "\n\n" + md_table(["loop", "article @5", "ours @5 (simulated)", f"article @{t}", f"closed form @{t}",
                                          f"ours @{t} (simulated mean)"], rows)


def headline(r: dict[str, Any]) -> str:
    m = r["at_rounds"]
    return (f"after {r['rounds']} rounds: {m['no_gate']:.2f} polluted without gate vs {m['gate']:.2f} with our lineage "
            f"gate (leak {r['leak']:.1%}; article 93.05 vs 1.51)")


def explain(r: dict[str, Any]) -> str:
    return (
        "Without a gate our simulated mean follows the article's closed form (1 + p_w·r)^t. With our gate, every "
        f"restatement the verifier can trace to an injected memory was kept out ({r['traced_restatements_written']} of "
        f"{r['traced_restatements']} written), so the leak is at most the share the extractor rewords "
        f"({r['leak']:.1%} of {r['reworded_share']:.1%} here: a rewording that still names the injected object is "
        f"traced too; p_w falls 0.30 → {r['p_w_gate']:.3f}). The "
        "article's gated 40-round figure (1.51) is inconsistent with its own 5-round figure: 1.104 = 1.02^5 implies "
        "1.02^40 = 2.21 at 40 rounds; 1.51 would need p_w·r ≈ 0.0104. We report the closed form and our simulation; "
        "the conclusion stands either way — the gate turns a 93× blow-up into a near-flat line. Rewording is the "
        "gate's blind spot: if the extractor paraphrases more, the leak grows in proportion (`--paraphrase`)."
    )


def plot(r: dict[str, Any], path: Path) -> Path:
    fig, ax = axes()
    xs = range(r["rounds"] + 1)
    for key, label, style in (("no_gate", "no gate, p_w=0.3, r=0.4", "C0-"), ("gate", "our gate, p_w=0.3, r=0.4", "C1-"),
                              ("supercritical_no_gate", "no gate, p_w=1.0, r=0.4", "C3-"),
                              ("supercritical_gate", "our gate, p_w=1.0, r=0.4", "C2-")):
        ax.plot(xs, r["curves"][key], style, label=label)
    if r["rounds"] >= 40:
        ax.plot([40, 40], [ARTICLE["no_gate_40"], ARTICLE["gate_40"]], "kx", label="article @40")
    ax.set_yscale("log")
    ax.set_xlabel("round")
    ax.set_ylabel("polluted entries (mean)")
    ax.set_title("Pollution feedback loop")
    ax.legend(fontsize=8)
    return save_figure(fig, path)


def main(argv: list[str] | None = None) -> int:
    ap = parser("pollution", __doc__.splitlines()[0])
    ap.add_argument("--memories", type=positive(int), default=60, help="polluted memories in the store (default 60)")
    ap.add_argument("--restatements", type=positive(int), default=10, help="restatements per memory (default 10)")
    ap.add_argument("--paraphrase", type=fraction, default=1 / 6, help="share of restatements reworded (default 1/6)")
    ap.add_argument("--rounds", type=positive(int), default=40, help="rounds (default 40)")
    ap.add_argument("--trials", type=positive(int), default=2000, help="branching-process draws (default 2000)")
    a = ap.parse_args(argv)
    params = {"memories": a.memories, "restatements": a.restatements, "paraphrase": a.paraphrase,
              "rounds": a.rounds, "trials": a.trials, "seed": a.seed}
    result = run_eval_graph(create_pollution_graph(), params)
    if a.plot:
        plot(result, a.plot)
    return finish(result, table(result), a.json)
