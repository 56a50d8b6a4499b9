"""PostgreSQL goes down mid-session: how long does each read + write turn take during the outage and after?

    python -m evals pg_outage [--outage-turns 3] [--after-turns 3]
    python -m evals pg_outage --hang 30     # a hung server instead (SIGSTOP): unbounded vs default bounds

Starts a throwaway cluster (store/pgcluster.py), runs a `MemoryEchoChatModel` graph with `add_memory` over
`MemoryStore(database_url=...)`, stops the server (`pg_ctl stop -m fast`), runs turns, restarts it, runs one turn at once and more
once the store's background probe (every `RETRY_EVERY` s) had time to see the server back.
Each line: the turn's wall time, whether recall / write failed (`memory_recall_error` /
`memory_write_error`) and whether the reply saw the stored memory.

`--hang S`: the server processes are stopped with SIGSTOP instead (`LocalPostgres.freeze`): connections stay
open and the kernel acknowledges packets, but nothing answers, as with a hung server or a silent partition.
Run twice: with the statement bound off (`statement_timeout=0`, the behaviour before store/pg_timeouts.py: a
turn waits until the server answers again; the run thaws it after S seconds) and with the defaults.
"""

from __future__ import annotations

import argparse
import logging
import os
import tempfile
import threading
import time

from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory, memory_messages
from langmem_nodes.store.pg_breaker import RETRY_EVERY
from langmem_nodes.store.pg_timeouts import STATEMENT_TIMEOUT_ENV
from langmem_nodes.store.pgcluster import LocalPostgres
from langmem_nodes.testing import MemoryEchoChatModel


def _graph(store: MemoryStore):
    llm = MemoryEchoChatModel()

    def agent(state: MemoryState) -> dict:
        return {"messages": [llm.invoke(memory_messages(state, system="You are helpful."))]}

    builder = StateGraph(MemoryState, context_schema=MemoryContext)
    builder.add_node("agent", agent).add_edge(START, "agent").add_edge("agent", END)
    return add_memory(builder, store, agent="agent").compile()


def _turn(graph, phase: str, text: str, needle: str | None = None) -> float:
    t0 = time.perf_counter()
    out = graph.invoke({"messages": [("user", text)]}, context=MemoryContext(user_id="outage"))
    took = time.perf_counter() - t0
    marks = [m for m, key in (("recall failed", "memory_recall_error"), ("write failed", "memory_write_error"))
             if out.get(key)]
    seen = "" if needle is None else f" recalled={needle in (out.get('memory_injection') or '') + (out.get('memory_stable') or '')}"
    print(f"{phase:8} {took:6.2f} s  {text!r:36} {', '.join(marks) or 'ok'}{seen}", flush=True)
    return took


def _capped_turn(graph, pg: LocalPostgres, text: str, cap: float) -> tuple[float, bool]:
    """One turn while the server is frozen; thaw it after `cap` s if the turn is still waiting.
    Returns (wall time, whether the turn needed the thaw to finish)."""
    took: list[float] = []
    worker = threading.Thread(target=lambda: took.append(_turn(graph, "hung", text)), daemon=True)
    t0 = time.perf_counter()
    worker.start()
    worker.join(cap)
    if worker.is_alive():
        pg.thaw()
        worker.join()
        return time.perf_counter() - t0, True
    return took[0], False


def _hang(pg: LocalPostgres, opts: argparse.Namespace) -> None:
    texts = ["What am I allergic to?", "Remember that I live in Quito.", "hello again"]
    figures = []
    for label, bound in (("statement_timeout=0 (before)", "0"), ("defaults", None)):
        print(f"-- {label}")
        if bound is None:
            os.environ.pop(STATEMENT_TIMEOUT_ENV, None)
        else:
            os.environ[STATEMENT_TIMEOUT_ENV] = bound
        with tempfile.TemporaryDirectory() as home:
            store = MemoryStore(home, embedder="hashing", database_url=pg.new_schema("hang"))
            graph = _graph(store)
            _turn(graph, "up", "Remember that I'm allergic to kiwi.")
            _turn(graph, "up", "What am I allergic to?", "kiwi")
            pg.freeze()
            during, thawed = [], False
            for i in range(opts.outage_turns):
                took, thawed = _capped_turn(graph, pg, texts[i % len(texts)], opts.hang)
                during.append(took)
                if thawed:
                    print(f"         the turn waited until the server was thawed after {opts.hang:g} s")
                    break
            if not thawed:
                pg.thaw()
            time.sleep(RETRY_EVERY + 0.5)
            after = [_turn(graph, "thawed", "Remember that I live in Quito." if i == 0 else "Where do I live?",
                           None if i == 0 else "Quito") for i in range(opts.after_turns)]
            store.close()
        figures.append(f"{label}: hung turns {', '.join(f'{t:.2f}' for t in during)} s"
                       f"{' (cut by the thaw)' if thawed else ''}; after the thaw max {max(after, default=0):.2f} s")
    os.environ.pop(STATEMENT_TIMEOUT_ENV, None)
    print("\n".join(figures))


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--outage-turns", type=int, default=3)
    args.add_argument("--after-turns", type=int, default=3)
    args.add_argument("--hang", type=float, default=0.0, metavar="S",
                      help="freeze the server (SIGSTOP) instead of stopping it; thaw a waiting turn after S s")
    opts = args.parse_args(argv)
    logging.disable(logging.WARNING)  # each failed turn logs a traceback; the table is the output here
    if opts.hang > 0:
        with LocalPostgres() as pg:
            _hang(pg, opts)
        return 0
    with LocalPostgres() as pg, tempfile.TemporaryDirectory() as home:
        store = MemoryStore(home, embedder="hashing", database_url=pg.new_schema("outage"))
        graph = _graph(store)
        _turn(graph, "up", "Remember that I'm allergic to kiwi.")
        _turn(graph, "up", "What am I allergic to?", "kiwi")
        pg.pause()
        texts = ["What am I allergic to?", "Remember that I live in Quito.", "hello again"]
        during = [_turn(graph, "outage", texts[i % len(texts)]) for i in range(opts.outage_turns)]
        pg.resume()
        first = _turn(graph, "restart", "hello, anyone there?")  # at once: the probe may not have run yet
        time.sleep(RETRY_EVERY + 0.5)
        after = [_turn(graph, "restored", "Remember that I live in Quito." if i == 0 else "Where do I live?",
                       None if i == 0 else "Quito") for i in range(opts.after_turns)]
        print(f"outage turns: max {max(during, default=0):.2f} s; turn at once after the restart {first:.2f} s; "
              f"after {RETRY_EVERY + 0.5:g} s: max {max(after, default=0):.2f} s")
        store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
