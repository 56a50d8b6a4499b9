"""Deletion fan-out: the article's ghost-memory probability, and the MEASURED ghosts of our own forget.

The article (write side, §8) counts 11 places a memory write touches; if each place independently misses
a delete with probability p, a forget leaves a ghost with probability `1 − (1 − p)^11` (5% → 43.12%).
This eval reports that curve, then measures our store:

1. clean run — `n` memories (English and Chinese, several partitions) are committed and forgotten through
   `MemoryStore.forget`; each is checked with `verify_gone` in every place and by a raw byte search of every
   file in the memory home for its text. Ghosts must be 0.
2. fault run — the same with `extra` downstream projections (cache, panel, CRM, backup… stand-ins) whose
   delete fails with probability p. Ghosts right after forget follow the article's formula; after
   `replay_intents()` (what every store open does) they must be back to 0.

Run: `python -m evals fanout [--n 200] [--miss 0.05] [--extra 9] [--json]`.
"""

from __future__ import annotations

import logging
import random
import secrets
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.records import MemoryRecord, Scope
from langmem_nodes.store import MemoryStore
from langmem_nodes.store.projection import Projection

from ._report import (
    EvalState,
    axes,
    build_eval_graph,
    finish,
    md_table,
    parser,
    positive,
    run_eval_graph,
    save_figure,
)

ARTICLE_PLACES = 11
ARTICLE = {0.02: 0.1993, 0.05: 0.4312, 0.10: 0.6862}
MAX_REPLAYS = 50


def ghost_probability(miss_rate: float, places: int = ARTICLE_PLACES) -> float:
    """P(at least one of `places` independent deletes is missed) = 1 − (1 − p)^places."""
    if not 0.0 <= miss_rate <= 1.0:
        raise ValueError(f"miss_rate must be in [0, 1], got {miss_rate}")
    if places < 1:
        raise ValueError(f"places must be >= 1, got {places}")
    return 1.0 - (1.0 - miss_rate) ** places


class FlakyProjection(Projection):
    """An in-memory downstream copy whose delete fails with probability `miss_rate` (fault injection)."""

    def __init__(self, name: str, miss_rate: float, rng: random.Random) -> None:
        self.name = name
        self.miss_rate = miss_rate
        self.rng = rng
        self.rows: dict[str, str] = {}

    def upsert(self, records: Sequence[MemoryRecord], vectors: Sequence[np.ndarray]) -> None:
        for r in records:
            self.rows[r.id] = r.text

    def delete(self, memory_id: str, partition: str) -> None:
        if self.rng.random() < self.miss_rate:
            raise ConnectionError(f"{self.name} unreachable")
        self.rows.pop(memory_id, None)

    def contains(self, memory_id: str, partition: str) -> bool:
        return memory_id in self.rows


def _records(n: int, seed: int) -> list[MemoryRecord]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        token = f"gh{secrets.token_hex(6)}"
        scope = Scope(user_id=f"u{i % 3}", project_id="p1", level=["user", "project"][i % 2])
        text = f"User prefers {token} for builds" if i % 2 else f"用户偏好 {token} 作为构建工具"
        out.append(MemoryRecord(text=text, object=token, scope=scope, confidence=rng.uniform(0.5, 1.0)))
    return out


def _bytes_found(home: Path, needles: list[bytes]) -> set[bytes]:
    found: set[bytes] = set()
    for f in home.rglob("*"):
        if f.is_file():
            blob = f.read_bytes()
            found |= {nd for nd in needles if nd in blob}
    return found


def _forget_all(records: list[MemoryRecord], extra: int, miss: float, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    proj_log = logging.getLogger("langmem_nodes.store.projection")
    level = proj_log.level
    if extra:  # the injected failures are expected: keep their tracebacks out of the eval's output
        proj_log.setLevel(logging.CRITICAL)
    try:
        return _forget_all_logged(records, extra, miss, rng)
    finally:
        proj_log.setLevel(level)


def _forget_all_logged(records: list[MemoryRecord], extra: int, miss: float, rng: random.Random) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="fanout-") as tmp:
        home = Path(tmp) / "home"
        flaky = [FlakyProjection(f"downstream_{j}", miss, rng) for j in range(extra)]
        store = MemoryStore(home, embedder=HashingEmbedder(dim=64), extra_projections=flaky)
        try:
            store.commit(add=records)
            places: list[str] = []
            for r in records:
                report = store.forget(r.id)
                places = list(report["places"])
            after_forget = [r.id for r in records if not all(store.verify_gone(r.id).values())]
            replays = 0
            while replays < MAX_REPLAYS and any(not all(store.verify_gone(r.id).values()) for r in records):
                store.replay_intents()
                replays += 1
            after_replay = [r.id for r in records if not all(store.verify_gone(r.id).values())]
            cached = sum(1 for r in records if store.embedder.cached(r.text))  # a ghost check
        finally:
            store.close()
        needles = [r.text.encode() for r in records] + [r.object.encode() for r in records]
        on_disk = _bytes_found(home, needles)
    return {
        "places": places,
        "ghosts_after_forget": len(after_forget),
        "ghosts_after_replay": len(after_replay),
        "replays": replays,
        "bytes_on_disk": len(on_disk),
        "embedding_cache": cached,
    }


def _generate(state: EvalState) -> dict[str, Any]:
    p = state["params"]
    return {"data": _records(p["n"], p["seed"])}


def _run(state: EvalState) -> dict[str, Any]:
    p, recs = state["params"], state["data"]
    clean = _forget_all(recs, 0, 0.0, p["seed"])
    faulty = _forget_all(_records(p["n"], p["seed"] + 1), p["extra"], p["miss"], p["seed"])
    return {"out": {"clean": clean, "faulty": faulty}}


def _measure(state: EvalState) -> dict[str, Any]:
    p, out = state["params"], state["out"]
    clean, faulty = out["clean"], out["faulty"]
    our_places = len(clean["places"])
    curve = {f"{m:.2f}": ghost_probability(m) for m in (0.01, 0.02, 0.05, 0.10, 0.20)}
    ghosts = clean["ghosts_after_forget"] + clean["bytes_on_disk"] + clean["embedding_cache"]
    # In the fault run only the `extra` flaky places can miss, so the expected ghost rate is 1-(1-p)^extra.
    return {
        "result": {
            "article_places": ARTICLE_PLACES,
            "article": {f"{k:.2f}": v for k, v in ARTICLE.items()},
            "formula": curve,
            "our_places": clean["places"],
            "our_places_formula_at_miss": ghost_probability(p["miss"], our_places),
            "n": p["n"],
            "measured_ghosts": ghosts,
            "clean": clean,
            "fault": {
                **faulty,
                "extra_places": p["extra"],
                "miss": p["miss"],
                "ghost_rate_after_forget": faulty["ghosts_after_forget"] / p["n"],
                "expected_rate": ghost_probability(p["miss"], p["extra"]) if p["extra"] else 0.0,
            },
        }
    }


def create_fanout_graph() -> Any:
    """The uncompiled generate → run → measure graph (params: n, miss, extra, seed)."""
    return build_eval_graph(_generate, _run, _measure)


def plot(result: dict[str, Any], path: Path) -> Path:
    fig, ax = axes()
    ps = np.linspace(0, 0.2, 81)
    ax.plot(ps * 100, [ghost_probability(p) * 100 for p in ps], label="article: 11 places, 1-(1-p)^11")
    ax.scatter([k * 100 for k in ARTICLE], [v * 100 for v in ARTICLE.values()], marker="x", color="k",
               label="article's printed points")
    f = result["fault"]
    if f["extra_places"]:
        ax.plot(ps * 100, [ghost_probability(p, f["extra_places"]) * 100 for p in ps], "--", color="tab:red", lw=0.8,
                label=f"formula for our {f['extra_places']} flaky places")
    ax.scatter([f["miss"] * 100], [f["ghost_rate_after_forget"] * 100], color="tab:red", zorder=3,
               label=f"ours, {f['extra_places']} flaky places, before replay")
    ax.scatter([f["miss"] * 100], [f["ghosts_after_replay"] / result["n"] * 100], color="tab:green", zorder=3,
               label="ours after intent replay")
    ax.set_xlabel("per-place miss rate (%)")
    ax.set_ylabel("ghost probability per deletion (%)")
    ax.set_title("Deletion fan-out: ghost memories")
    ax.legend(fontsize=8)
    return save_figure(fig, path)


def summary(r: dict[str, Any]) -> str:
    f = r["fault"]
    lines = ["ghost probability, 11 places (article → ours):"]
    for k, v in r["article"].items():
        lines.append(f"  miss {float(k):.0%}: article {v:.2%}  formula {ghost_probability(float(k)):.2%}")
    lines.append(f"our forget reaches {len(r['our_places'])} places: {', '.join(r['our_places'])}")
    lines.append(f"clean run, {r['n']} forgets: ghosts {r['measured_ghosts']} "
                 f"(verify_gone misses {r['clean']['ghosts_after_forget']}, text bytes on disk "
                 f"{r['clean']['bytes_on_disk']}, embedding cache {r['clean']['embedding_cache']})")
    lines.append(f"fault run, +{f['extra_places']} places missing {f['miss']:.0%}: ghosts after forget "
                 f"{f['ghosts_after_forget']}/{r['n']} = {f['ghost_rate_after_forget']:.2%} "
                 f"(formula {f['expected_rate']:.2%}); after {f['replays']} intent replays: {f['ghosts_after_replay']}")
    return "\n".join(lines)


def table(r: dict[str, Any]) -> str:
    f = r["fault"]
    rows = [(f"{float(k):.0%}", f"{v:.2%}", f"{ghost_probability(float(k)):.2%}") for k, v in r["article"].items()]
    measured = [
        ("clean: forgets", r["n"]), ("clean: verify_gone misses", r["clean"]["ghosts_after_forget"]),
        ("clean: memory text found in home's bytes", r["clean"]["bytes_on_disk"]),
        ("clean: left in embedding cache", r["clean"]["embedding_cache"]),
        (f"fault: +{f['extra_places']} places at {f['miss']:.0%} miss, ghost rate after forget",
         f"{f['ghost_rate_after_forget']:.2%} (formula 1-(1-p)^{f['extra_places']} = {f['expected_rate']:.2%})"),
        (f"fault: ghosts after {f['replays']} intent replays", f["ghosts_after_replay"]),
    ]
    return "\n\n".join([md_table(["miss per place", "article ghost rate (11 places)", "formula"], rows),
                        f"Our forget reaches: {', '.join(r['our_places'])}.",
                        md_table(["measured (our store)", "value"], measured)])


def headline(r: dict[str, Any]) -> str:
    return (f"{r['measured_ghosts']} ghosts in {r['n']} forgets (article: 43.12% at 5% miss over 11 places); "
            f"with {r['fault']['extra_places']} injected flaky places {r['fault']['ghost_rate_after_forget']:.1%} "
            f"→ {r['fault']['ghosts_after_replay']} after intent replay")


def explain(r: dict[str, Any]) -> str:
    return ("The article's curve is a formula; we reproduce it exactly. What we add is the measurement: our forget "
            "goes through one fan-out registry, so in the clean run no place keeps the memory (`verify_gone` in every "
            "projection and a raw byte search of the memory home for the text). With flaky downstream places the "
            "ghost rate right after forget follows the article's formula for those places (sampling noise at this "
            "n); the difference is what happens next: the pending delete intent is retried (`replay_intents`, run at "
            "every store open) until every place confirms, so ghosts return to 0 instead of persisting.")


def main(argv: list[str] | None = None) -> int:
    ap = parser("fanout", __doc__.splitlines()[0])
    ap.add_argument("--n", type=positive(int), default=200, help="memories to write and forget (default 200)")
    ap.add_argument("--miss", type=float, default=0.05, help="per-place miss rate of the flaky places")
    ap.add_argument("--extra", type=int, default=9, help="flaky downstream places added (default 9)")
    a = ap.parse_args(argv)
    if not 0.0 <= a.miss < 1.0:
        ap.error(f"--miss must be in [0, 1), got {a.miss}")
    if a.extra < 0:
        ap.error(f"--extra must be >= 0, got {a.extra}")
    result = run_eval_graph(create_fanout_graph(), {"n": a.n, "miss": a.miss, "extra": a.extra, "seed": a.seed})
    if a.plot:
        plot(result, a.plot)
    return finish(result, summary(result), a.json)
