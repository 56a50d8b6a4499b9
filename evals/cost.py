"""Injection cost (read-side article §2 / §2.1): index-resident, summary-resident and on-demand modes,
with and without the prompt-cache discount α — from OUR renderer's real byte output on a generated store.

The article's formulas, for n memories, index line ℓ bytes, body m bytes, summary σ bytes, k items per
turn and t turns: index c = t·n·ℓ; summary c = t·σ; on-demand c = t·n·ℓ + t·k·m. With a cache, the part
that is identical every turn (index or summary) costs α of the normal price; the per-turn items do not.
n=400, ℓ=60 B, m=3 KB, k=3, t=20, σ=10 KB, α=0.1 → 480 / 200 / 660 KB, cached 48 / 20 / 228 KB (KB = 1000 B).

Ours: `n` memories (half English, half Chinese, ~m bytes each) are committed to a `MemoryStore`; each turn
a query recalls k of them by BM25 (`store.lexical_search`) and `render_items` renders them with
`per_item_bytes=m`; the stable part is `render_index(records)` or `render_summary(records, σ)`. We sum the
UTF-8 bytes actually produced over t turns. Our index caps itself at 200 lines / 25 KB (so it stops
growing with n) and our index lines are longer than 60 B (id + type + a 120-byte hook); both show.

Run: `python -m evals cost [--n 400] [--turns 20] [--k 3] [--alpha 0.1] [--json]`.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.read.render import render_index, render_items, render_summary
from langmem_nodes.records import Kind, MemoryRecord, Scope, Source
from langmem_nodes.state import ScoredMemory
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

KB = 1000
ARTICLE_PARAMS = {"n": 400, "line": 60, "body": 3 * KB, "k": 3, "turns": 20, "summary": 10 * KB, "alpha": 0.1}
ARTICLE = {"index": 480.0, "summary": 200.0, "on_demand": 660.0,
           "index_cached": 48.0, "summary_cached": 20.0, "on_demand_cached": 228.0}
MODES = ("index", "summary", "on_demand")
_TOPICS_EN = ["deploy", "migrations", "linting", "release", "database", "frontend", "testing", "billing"]
_TOPICS_ZH = ["部署", "迁移", "代码检查", "发布", "数据库", "前端", "测试", "计费"]


def formula(n: int, line: float, body: float, k: int, turns: int, summary: float, alpha: float) -> dict[str, float]:
    """The article's cost formulas, in KB."""
    index, items = turns * n * line, turns * k * body
    return {
        "index": index / KB, "summary": turns * summary / KB, "on_demand": (index + items) / KB,
        "index_cached": alpha * index / KB, "summary_cached": alpha * turns * summary / KB,
        "on_demand_cached": (alpha * index + items) / KB,
    }


def _body(i: int, target_bytes: int, rng: random.Random) -> tuple[str, str]:
    zh = i % 2 == 1
    topic = rng.choice(_TOPICS_ZH if zh else _TOPICS_EN)
    if zh:
        head = f"关于{topic}的记录 {i}:"
        unit = f"项目在{topic}环节要求先运行检查脚本,确认配置一致后再继续。"
    else:
        head = f"Note {i} on {topic}:"
        unit = f" Before {topic} the project runs the check script and confirms the config matches."
    text = head
    while len((text + unit).encode()) <= target_bytes:
        text += unit
    return topic, text


def _generate(state: EvalState) -> dict[str, Any]:
    p = state["params"]
    rng = random.Random(p["seed"])
    kinds = [Kind.FACT, Kind.PROCEDURE, Kind.PREFERENCE, Kind.WARNING, Kind.RULE]
    records, topics = [], []
    for i in range(p["n"]):
        topic, text = _body(i, p["body"], rng)
        topics.append(topic)
        records.append(MemoryRecord(text=text, object=topic, kind=kinds[i % len(kinds)], source=Source.EXPLICIT,
                                    confidence=round(rng.uniform(0.6, 1.0), 2), scope=Scope(user_id="cost")))
    queries = [rng.choice(topics) for _ in range(p["turns"])]
    return {"data": {"records": records, "queries": queries}}


def _run(state: EvalState) -> dict[str, Any]:
    p, data = state["params"], state["data"]
    with tempfile.TemporaryDirectory(prefix="cost-") as tmp:
        store = MemoryStore(Path(tmp) / "home", embedder=HashingEmbedder(dim=64))
        try:
            store.commit(add=data["records"])
            parts = ["user/default/cost"]
            records = store.find(parts)
            index = render_index(records)
            summary = render_summary(records, max_bytes=p["summary"])
            per_turn = []
            for q in data["queries"]:
                hits = store.lexical_search(parts, q, k=p["k"])
                got = store.get_many([i for i, _ in hits])
                scored = [ScoredMemory(record=got[i], score=s) for i, s in hits if i in got]
                block = render_items(scored, budget_bytes=p["k"] * p["body"] + 512, per_item_bytes=p["body"])
                per_turn.append(len(block.encode()))
        finally:
            store.close()
    lines = index.splitlines()
    return {"out": {"index_bytes": len(index.encode()), "index_lines": len(lines),
                    "index_line_bytes": sum(len(ln.encode()) + 1 for ln in lines) / max(len(lines), 1),
                    "summary_bytes": len(summary.encode()), "items_bytes": per_turn, "n_stored": len(records)}}


def _measure(state: EvalState) -> dict[str, Any]:
    p, o = state["params"], state["out"]
    t, a = p["turns"], p["alpha"]
    items = sum(o["items_bytes"])
    ours = {
        "index": t * o["index_bytes"] / KB, "summary": t * o["summary_bytes"] / KB,
        "on_demand": (t * o["index_bytes"] + items) / KB,
        "index_cached": a * t * o["index_bytes"] / KB, "summary_cached": a * t * o["summary_bytes"] / KB,
        "on_demand_cached": (a * t * o["index_bytes"] + items) / KB,
    }
    article_formula = formula(p["n"], ARTICLE_PARAMS["line"], p["body"], p["k"], t, p["summary"], a)
    # The same formula fed with OUR measured line length and item size (no index cap).
    per_item = items / max(t * p["k"], 1)
    measured_formula = formula(p["n"], o["index_line_bytes"], per_item, p["k"], t, o["summary_bytes"], a)
    return {"result": {"params": p, "article": ARTICLE, "article_formula": article_formula, "ours": ours,
                       "formula_with_our_sizes": measured_formula, "measured": o}}


def create_cost_graph() -> Any:
    """The uncompiled generate → run → measure graph (params: n, body, k, turns, summary, alpha, seed)."""
    return build_eval_graph(_generate, _run, _measure)


def table(r: dict[str, Any]) -> str:
    rows = []
    for mode in MODES:
        for suffix, label in (("", "no cache"), ("_cached", f"α={r['params']['alpha']}")):
            key = mode + suffix
            rows.append((mode, label, r["article"].get(key, float("nan")), r["article_formula"][key],
                         r["formula_with_our_sizes"][key], r["ours"][key]))
    return md_table(["mode", "cache", "article KB", "formula KB", "formula, our ℓ/m/σ KB", "ours rendered KB"], rows)


def headline(r: dict[str, Any]) -> str:
    o = r["ours"]
    return (f"index / summary / on-demand: {o['index']:.0f} / {o['summary']:.0f} / {o['on_demand']:.0f} KB, cached "
            f"{o['index_cached']:.0f} / {o['summary_cached']:.0f} / {o['on_demand_cached']:.0f} KB "
            "(article 480/200/660, cached 48/20/228)")


def explain(r: dict[str, Any]) -> str:
    m = r["measured"]
    capped = m["index_lines"] < r["params"]["n"]
    return (
        f"Our summary is bounded by σ exactly as the article assumes ({m['summary_bytes']:,} B ≤ {r['params']['summary']:,}), "
        f"and our per-turn items cost ~k·m ({sum(m['items_bytes']) / len(m['items_bytes']):,.0f} B a turn), so the summary and "
        "the on-demand item part match the formula. The index differs in two ways that roughly offset at n=400: our index "
        f"line is longer than 60 B (mean {m['index_line_bytes']:.0f} B: id, type and a 120-byte hook, so a line is "
        "useful for judging relevance), and "
        + ("the index caps itself at 200 lines / 25 KB (Claude Code's limit), listing "
           f"{m['index_lines'] - 1} memories and a count of the rest — so its cost stops growing with n, while the "
           "formula's keeps growing. " if capped else "it is below its 200-line / 25 KB cap here. ")
        + "Fed with our own sizes and no cap, the formula gives the 'formula, our ℓ/m/σ' column. The ordering under "
        "caching is the article's: summary < index < on-demand, because the items change every turn and are not discounted."
    )


def plot(r: dict[str, Any], path: Path) -> Path:
    fig, ax = axes()
    keys = [m + s for m in MODES for s in ("", "_cached")]
    xs = range(len(keys))
    ax.bar([x - 0.2 for x in xs], [r["article"][k] for k in keys], width=0.4, label="article formula")
    ax.bar([x + 0.2 for x in xs], [r["ours"][k] for k in keys], width=0.4, label="ours (rendered bytes)")
    ax.set_xticks(list(xs), [k.replace("_cached", "\ncached").replace("on_demand", "on-demand") for k in keys], fontsize=8)
    ax.set_ylabel(f"KB injected over {r['params']['turns']} turns")
    ax.set_title(f"Injection cost, n={r['params']['n']}, k={r['params']['k']}")
    ax.legend()
    return save_figure(fig, path)


def main(argv: list[str] | None = None) -> int:
    ap = parser("cost", __doc__.splitlines()[0])
    ap.add_argument("--n", type=positive(int), default=400, help="memories in the store (default 400)")
    ap.add_argument("--body", type=positive(int), default=3 * KB, help="bytes per memory body m (default 3000)")
    ap.add_argument("--k", type=positive(int), default=3, help="items recalled per turn (default 3)")
    ap.add_argument("--turns", type=positive(int), default=20, help="turns t (default 20)")
    ap.add_argument("--summary", type=positive(int), default=10 * KB, help="summary budget σ bytes (default 10000)")
    ap.add_argument("--alpha", type=fraction, default=0.1, help="cached price / normal price (default 0.1)")
    a = ap.parse_args(argv)
    if a.body > 3900:
        ap.error("--body must be <= 3900 bytes (a memory's text is capped at 4000 characters)")
    params = {"n": a.n, "body": a.body, "k": a.k, "turns": a.turns, "summary": a.summary, "alpha": a.alpha, "seed": a.seed}
    result = run_eval_graph(create_cost_graph(), params)
    if a.plot:
        plot(result, a.plot)
    m = result["measured"]
    note = (f"\nstored {m['n_stored']}; index {m['index_lines']} lines, {m['index_bytes']:,} B "
            f"(mean line {m['index_line_bytes']:.0f} B); summary {m['summary_bytes']:,} B; "
            f"per-turn items mean {sum(m['items_bytes']) / len(m['items_bytes']):,.0f} B")
    return finish(result, table(result) + note, a.json)
