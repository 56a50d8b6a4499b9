"""A Chinese (or English) query's encode on e5, q4 graph vs int8 graph: thread CPU time per query.

One process, one thread per graph, offline. Made-up user questions (not from any eval set) are encoded one at a
time as queries on both graphs, alternating per query and rotating who goes first, so a loaded machine slows both
alike; time is `time.thread_time` (CPU of this thread), which a busy machine inflates far less than wall time.
Printed: p50 / mean CPU ms per query and graph, int8's saving, and the cosine of each int8 query to its q4 vector.

Usage: python -m evals e5_query_cpu [--rounds 12] [--lang zh|en] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

QUESTIONS = {
    "zh": ("我下周去成都出差，住哪儿方便？", "上次说的那个报销流程还要哪些材料？", "帮我想想周末带孩子去哪玩",
           "我的猫最近不爱吃东西怎么办？", "数据库迁移脚本放在哪个目录？", "我妈的生日礼物买什么好？",
           "今晚做什么菜比较快？", "我那台旧笔记本还能装什么系统？", "跑步膝盖疼要停多久？",
           "我们组的代码评审规则是什么？", "给我推荐几本适合通勤听的有声书", "我对什么过敏来着？",
           "明天早上的会改到几点了？", "怎么跟房东说提前退租？", "我的签证什么时候到期？"),
    "en": ("Where should I stay for my Chengdu trip next week?", "What papers does the expense claim still need?",
           "Ideas for a weekend outing with the kids", "My cat stopped eating, what should I do?",
           "Which folder holds the database migration scripts?", "What should I get my mum for her birthday?",
           "Something quick to cook tonight?", "What can I still install on my old laptop?",
           "How long should I rest a sore knee from running?", "What are our team's code review rules?",
           "Recommend audiobooks for my commute", "What am I allergic to again?",
           "What time did tomorrow's meeting move to?", "How do I tell my landlord I'm leaving early?",
           "When does my visa expire?"),
}


def measure(rounds: int, lang: str) -> dict[str, object]:
    """CPU ms per query on each graph and the int8-to-q4 cosines."""
    from langmem_nodes.onnx_e5 import OnnxE5

    graphs = {p: OnnxE5(threads=1, query_threads=1, query_precision=p) for p in ("q4", "int8")}
    qs = QUESTIONS[lang]
    for enc in graphs.values():  # load / build both graphs before timing
        enc.encode([qs[0]], True, for_query=True)
    cpu: dict[str, list[float]] = {p: [] for p in graphs}
    vecs: dict[str, dict[str, np.ndarray]] = {p: {} for p in graphs}
    for r in range(rounds):
        order = list(graphs) if r % 2 == 0 else list(graphs)[::-1]
        for q in qs:
            for p in order:
                t0 = time.thread_time()
                v = graphs[p].encode([q], True, for_query=True)[0]
                cpu[p].append((time.thread_time() - t0) * 1000)
                vecs[p][q] = v
    cos = [float(vecs["int8"][q] @ vecs["q4"][q]) for q in qs]
    p50 = {p: statistics.median(v) for p, v in cpu.items()}
    return {"lang": lang, "queries": len(qs) * rounds,
            "cpu_ms": {p: {"p50": round(p50[p], 2), "mean": round(statistics.fmean(v), 2)} for p, v in cpu.items()},
            "int8_saving_pct": round(100 * (1 - p50["int8"] / p50["q4"]), 1),
            "cosine_int8_q4": {"min": round(min(cos), 4), "median": round(statistics.median(cos), 4)}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals e5_query_cpu", description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--lang", default="zh", choices=sorted(QUESTIONS))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    res = measure(args.rounds, args.lang)
    if args.json:
        print(json.dumps(res))
    else:
        c = res["cpu_ms"]
        print(f"e5 query encode, {res['lang']}, {res['queries']} per graph, thread CPU ms p50 / mean: "
              f"q4 {c['q4']['p50']} / {c['q4']['mean']}, int8 {c['int8']['p50']} / {c['int8']['mean']} "
              f"(int8 saves {res['int8_saving_pct']} % at p50); cosine int8 to q4 min {res['cosine_int8_q4']['min']}, "
              f"median {res['cosine_int8_q4']['median']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
