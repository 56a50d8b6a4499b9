"""Cost of one reader's stable-block rebuild while another member floods a shared project (red team 7 H2).

A project holds `--flood` memories written by one member; the reader (another member) has 20 of their own. The
flooder writes one more memory before each rebuild, so every rebuild is a cache miss: the time printed is what
each turn of every other member of the project pays.

Usage:
    python -m evals project_flood [--flood 1000,5000,20000] [--rounds 20]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

from langmem_nodes import MemoryContext, MemoryStore
from langmem_nodes.read.render import RenderNode
from langmem_nodes.records import Level, MemoryRecord, Scope, new_id


def _rec(text: str, scope: Scope) -> MemoryRecord:
    return MemoryRecord(id=new_id(), text=text, scope=scope, kind="fact")


def run(flood: int, rounds: int) -> tuple[float, float]:
    with MemoryStore(tempfile.mkdtemp(), embedder="hashing") as store:
        project = Scope(level=Level.PROJECT, project_id="shop", user_id="mallory")
        for start in range(0, flood, 1000):
            store.commit(add=[_rec(f"Shop note number {i} about widget {i % 97}", project)
                              for i in range(start, min(flood, start + 1000))])
        store.commit(add=[_rec(f"Personal note number {i} about gadget {i}", Scope(user_id="ada")) for i in range(20)])
        reader = MemoryContext(user_id="ada", project_id="shop")
        node = RenderNode(store)
        times = []
        for i in range(rounds):
            store.commit(add=[_rec(f"Another shop note {i}", project)])
            t = time.perf_counter()
            node.stable_part(reader, None)
            times.append((time.perf_counter() - t) * 1000)
        return statistics.median(times), max(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flood", default="1000,5000,20000")
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args(argv)
    for flood in (int(n) for n in args.flood.split(",")):
        p50, worst = run(flood, args.rounds)
        print(f"project memories {flood:6,d}: reader's stable block after each flood write p50 {p50:7.1f} ms, "
              f"max {worst:7.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
