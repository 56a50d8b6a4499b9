"""Conflict resolution: the article's 50,000 simulated scenarios, resolved by OUR resolver's strategies.

Scenarios come from `evals._sim_conflicts` (1–6 statements per fact, ~30% explicit corrections at
confidence 0.95, the rest extractor writes at 0.6 that are right ~15% of the time). Each scenario's
statements, as real `MemoryRecord`s in arrival order, go through `STRATEGIES[name].choose(...)` from
`langmem_nodes.write.resolver`; a strategy is right when its winner holds the true value.

Run: `python -m evals conflicts [--trials 50000] [--seed 0] [--json]`.
The JSON last line is `{"strategies": {name: accuracy}, "trials": n, ...}`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

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
from ._sim_conflicts import generate_scenarios, scenario_records

ARTICLE = {
    "explicit_correction_first": 1.0,
    "confidence_weighted": 0.9741,
    "last_write_wins": 0.6623,
    "majority": 0.5712,
}


def _strategies() -> dict[str, Any]:
    from langmem_nodes.write.resolve import STRATEGIES

    return STRATEGIES


def _generate(state: EvalState) -> dict[str, Any]:
    p = state["params"]
    sc = generate_scenarios(p["trials"], seed=p["seed"], wrong_values=p["wrong_values"], forced_at=p["forced_at"],
                            extractor_conf_sd=p["conf_sd"])
    return {"data": sc}


def _run(state: EvalState) -> dict[str, Any]:
    sc = state["data"]
    strategies = _strategies()
    correct = dict.fromkeys(strategies, 0)
    for i in range(len(sc.sizes)):
        records = scenario_records(sc, i)
        for name, strategy in strategies.items():
            correct[name] += strategy.choose(records).object == "v0"
    return {"out": correct}


def _measure(state: EvalState) -> dict[str, Any]:
    sc, correct = state["data"], state["out"]
    n = len(sc.sizes)
    return {
        "result": {
            "strategies": {k: v / n for k, v in correct.items()},
            "trials": n,
            "statements": int(sc.sizes.sum()),
            "explicit_share": float(sc.explicit.mean()),
            "extractor_right_share": float((sc.values[~sc.explicit] == 0).mean()) if (~sc.explicit).any() else 0.0,
            "params": {k: v for k, v in state["params"].items() if k != "trials"},
            "article": ARTICLE,
        }
    }


def create_conflicts_graph() -> Any:
    """The uncompiled generate → run → measure graph (params: trials, seed, wrong_values, forced_at)."""
    return build_eval_graph(_generate, _run, _measure)


def table(r: dict[str, Any]) -> str:
    rows = [(k, f"{ARTICLE.get(k, float('nan')):.2%}", f"{v:.2%}", f"{(v - ARTICLE.get(k, v)) * 100:+.2f} pp")
            for k, v in sorted(r["strategies"].items(), key=lambda kv: -kv[1])]
    return md_table(["strategy", "article", "ours", "difference"], rows)


def headline(r: dict[str, Any]) -> str:
    s = r["strategies"]
    order = " > ".join(k for k, _ in sorted(s.items(), key=lambda kv: -kv[1]))
    return ", ".join(f"{k} {v:.2%}" for k, v in s.items()) + f" ({order})"


def explain(r: dict[str, Any]) -> str:
    s, p = r["strategies"], r["params"]
    same_order = sorted(s, key=lambda k: -s[k]) == sorted(ARTICLE, key=lambda k: -ARTICLE[k])
    return (
        f"{'Same' if same_order else 'DIFFERENT'} ordering as the article; the winners come from our resolver's "
        "`choose`, unmodified. The article leaves three things open; our choices: (1) every scenario holds at least "
        "one explicit correction (the article's truth is what the user explicitly said, and its explicit-correction-"
        f"first scores 100%) — a scenario drawn without one gets one at its {p['forced_at']} statement, so "
        f"{r['explicit_share']:.1%} of statements are corrections; (2) an extractor's wrong write is one of "
        f"{p['wrong_values']} wrong value(s) (1 = the stale value it keeps re-writing), right by chance "
        f"{r['extractor_right_share']:.1%} of the time; (3) the extractor's confidence is N(0.6, {p['conf_sd']}) "
        "rather than exactly 0.6. Our `confidence_weighted` takes the single most confident statement, so with "
        "exactly 0.6 it always picks a 0.95 correction and ties explicit-correction-first at 100% "
        "(`--conf-sd 0`); it loses only when a wrong write is reported with confidence above the correction's — "
        "which is how confidence weighting fails in practice. Last-write-wins depends only on how often the last "
        "statement is a correction, so its gap to 66.23% measures the article's unstated placement of corrections "
        "(last-statement placement gives ≈70%, random placement ≈57%: `--forced-at random`). Majority lands near "
        "57% because repeated stale writes outvote a single correction."
    )


def plot(r: dict[str, Any], path: Path) -> Path:
    fig, ax = axes()
    names = list(ARTICLE)
    xs = range(len(names))
    ax.bar([x - 0.2 for x in xs], [ARTICLE[k] * 100 for k in names], width=0.4, label="article")
    ax.bar([x + 0.2 for x in xs], [r["strategies"].get(k, 0) * 100 for k in names], width=0.4, label="ours")
    ax.set_xticks(list(xs), [k.replace("_", "\n") for k in names], fontsize=8)
    ax.set_ylabel("accuracy (%)")
    ax.set_ylim(0, 105)
    ax.set_title(f"Conflict resolution, {r['trials']:,} scenarios")
    ax.legend()
    return save_figure(fig, path)


def main(argv: list[str] | None = None) -> int:
    ap = parser("conflicts", __doc__.splitlines()[0])
    ap.add_argument("--trials", type=positive(int), default=50_000, help="scenarios (default 50000)")
    ap.add_argument("--wrong-values", type=positive(int), default=1,
                    help="distinct wrong values an extractor can write (default 1: the stale value)")
    ap.add_argument("--conf-sd", type=fraction, default=0.15,
                    help="sd of the extractor's confidence around 0.6 (default 0.15; 0 = exactly 0.6)")
    ap.add_argument("--forced-at", choices=("last", "random"), default="last",
                    help="where a scenario without a correction gets one (default last)")
    a = ap.parse_args(argv)
    params = {"trials": a.trials, "seed": a.seed, "wrong_values": a.wrong_values, "forced_at": a.forced_at,
              "conf_sd": a.conf_sd}
    result = run_eval_graph(create_conflicts_graph(), params)
    if a.plot:
        plot(result, a.plot)
    return finish(result, table(result), a.json)
