"""Seconds one huge user message (default 10 MB) costs the memory nodes alone (recall, then write; no model),
by shape, en + zh, and whether any credential in it (inside or past the `MAX_TURN_CHARS` cut) was stored.

Usage:
    python -m evals huge_message [--chars 10000000] [--embedder hashing]
"""

from __future__ import annotations

import argparse
import tempfile
import time

from langmem_nodes import MemoryContext, MemoryStore, create_read_graph, create_write_graph

SHAPES = {  # each repeated to the length; a PIN is said at the very end, past the cut
    "en sentences": "I like tea and my password is hunter2secret. ",
    "zh sentences": "我喜欢喝茶，我的密码是hunter2secret。",
    "one run": "abcd1234efgh5678",
    "digit groups": "1234 5678 9012 3456 ",
}
SECRETS = ("hunter2secret", "4482", "1234")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, default=10_000_000)
    parser.add_argument("--embedder", default="hashing")
    args = parser.parse_args(argv)
    with MemoryStore(tempfile.mkdtemp(), embedder=args.embedder) as store:
        write, read = create_write_graph(store).compile(), create_read_graph(store).compile()
        ctx = MemoryContext(user_id="ada")
        write.invoke({"messages": [("user", "I live in Oslo.")]}, context=ctx)  # warm: imports, indexes
        for name, unit in SHAPES.items():
            body = (unit * (args.chars // len(unit) + 1))[:args.chars] + " My bank PIN is 4482, remember it."
            t = time.perf_counter()
            read.invoke({"messages": [("user", body)]}, context=ctx)
            recall = time.perf_counter() - t
            t = time.perf_counter()
            out = write.invoke({"messages": [("user", body)]}, context=ctx)
            took = time.perf_counter() - t
            stored = [r.text for r in store.find(None) if any(s in r.text for s in SECRETS)]
            print(f"{name:13s} {args.chars:,} chars: recall {recall:5.2f} s, write {took:5.2f} s, "
                  f"written {len(out.get('memory_written', []))}, credentials stored: {stored or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
