"""Write time of one long user message by shape and length, en and zh (chars → ms).

Each shape is a message people paste or type: one sentence said over and over, a chat transcript with speaker
names, a log, a long list of distinct lines, plain prose — in English and in Chinese. Each is made as long as
each length allows (whole units) and written once through the default write graph (a fresh user per message,
so nothing is a duplicate of a stored memory). A row shows wall and CPU ms (CPU time is what a quiet machine
takes; wall time also counts a loaded machine's other work), CPU ms per 1,000 characters (flat when the cost
is linear in the length), what was written and how many clauses were skipped. The write graph reads a message
up to `safety.MAX_TURN_CHARS` characters (docs/safety.md, "Hostile input"); a length above it shows the cut.

Usage:
    python -m evals long_messages [--lengths 2000,5000,10000,20000] [--shapes en-repeat,zh-chat] [--embedder hashing]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from langmem_nodes import MemoryContext, MemoryStore, create_write_graph


def _repeat(unit: str) -> Callable[[int], str]:
    return lambda i: unit


SHAPES: dict[str, Callable[[int], str]] = {
    "en-remember": _repeat("Remember that I prefer tabs. "),
    "en-repeat": _repeat("I like tea. "),
    "en-chat": _repeat("Alice: I think we should ship on Friday. Bob: I prefer Monday, I use Jira for tracking.\n"),
    "en-log": lambda i: f"2026-12-06 10:{i % 60:02d}:00 ERROR worker-{i % 7} connection refused to db:5432\n",
    "en-list": lambda i: f"- I use tool{i} for task{i}\n",
    "en-prose": _repeat("The quick brown fox jumps over the lazy dog near the river bank. "),
    "zh-remember": _repeat("记住我喜欢用 tab 缩进。"),
    "zh-repeat": _repeat("我喜欢喝茶。"),
    "zh-chat": _repeat("小王：我觉得周五发布比较好。小李：我更喜欢周一，我用飞书管理任务。\n"),
    "zh-log": lambda i: f"2026-12-06 10:{i % 60:02d}:00 错误 工作进程{i % 7} 连接数据库 5432 端口被拒绝\n",
    "zh-list": lambda i: f"- 我用工具{i}做任务{i}\n",
    "zh-prose": _repeat("今天我们去公园散步，天气很好，风也很舒服。"),
}
HEADS = {"en-log": "Here is my log, I use Postgres:\n", "zh-log": "这是我的日志，我用 Postgres：\n"}


def message(shape: str, chars: int) -> str:
    """`shape`'s units, as many whole ones as fit in `chars` characters."""
    parts, n, i = [HEADS.get(shape, "")], len(HEADS.get(shape, "")), 0
    while n + len(unit := SHAPES[shape](i)) <= chars:
        parts.append(unit)
        n += len(unit)
        i += 1
    return "".join(parts)


def measure(shapes: Sequence[str], lengths: Sequence[int], embedder: str | None = "hashing") -> Iterator[dict[str, Any]]:
    """One row per (shape, length), as each is measured: ms, what was written, how many skips were reported."""
    with tempfile.TemporaryDirectory() as home, MemoryStore(home, embedder=embedder) as store:
        graph = create_write_graph(store).compile()
        for warm in ("I like coffee.", "我喜欢咖啡。"):
            graph.invoke({"messages": [("user", warm)]}, context=MemoryContext(user_id="warm"))
        for shape in shapes:
            for n in lengths:
                text = message(shape, n)
                ctx = MemoryContext(user_id=f"{shape}-{n}", session_id="s")
                t0, c0 = time.perf_counter(), time.process_time()
                out = graph.invoke({"messages": [("user", text)]}, context=ctx)
                ms, cpu = (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000
                yield {"shape": shape, "chars": len(text), "ms": round(ms), "cpu_ms": round(cpu),
                       "cpu_per_k": round(cpu * 1000 / len(text), 1),
                       "written": [w["text"] for w in out.get("memory_written") or []],
                       "skipped": len(out.get("memory_skipped") or [])}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals long_messages", description=__doc__.splitlines()[0])
    ap.add_argument("--lengths", default="2000,5000,10000,20000", help="message lengths in characters")
    ap.add_argument("--shapes", default=",".join(SHAPES), help=f"comma-separated, of: {', '.join(SHAPES)}")
    ap.add_argument("--embedder", default="hashing", help="the store's embedder ('default' for the home's own)")
    args = ap.parse_args(argv)
    shapes = [s for s in args.shapes.split(",") if s]
    unknown = [s for s in shapes if s not in SHAPES]
    if unknown:
        ap.error(f"unknown shape(s) {unknown}; known: {', '.join(SHAPES)}")
    lengths = [int(x) for x in args.lengths.split(",") if x]
    for row in measure(shapes, lengths, None if args.embedder == "default" else args.embedder):
        written = ", ".join(row["written"][:3]) + (f" (+{len(row['written']) - 3})" if len(row["written"]) > 3 else "")
        print(f"{row['shape']:12s} {row['chars']:6d} chars: {row['ms']:6d} ms wall, {row['cpu_ms']:6d} ms cpu "
              f"({row['cpu_per_k']:5.1f} per 1,000 chars)  "
              f"written {len(row['written'])} [{written}]  skipped {row['skipped']}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
