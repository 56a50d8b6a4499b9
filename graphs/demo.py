"""`make demo`: an agent remembers, is corrected, and recalls with ages — offline, on Chroma + SQLite + MiniLM.

A scripted conversation over several sessions on a simulated clock:
  1. day 0, session 1: Ada states a preference ("Remember that I prefer tabs ..."); it is written.
  2. day 3, session 2: Ada corrects it; the old memory is superseded, and the ledger says why.
  3. day 15, session 3: a new session recalls the corrected preference, annotated "12 days ago".
  4. Bob, another user, asks the same question and sees none of Ada's memories.

Run: `make demo` (or `python graphs/demo.py [--home DIR] [--embedder hashing]`).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402

from graphs.memory_agent import create_memory_agent  # noqa: E402
from langmem_nodes import MemoryContext, MemoryStore, ScoredMemory  # noqa: E402
from langmem_nodes.read.freshness import FreshnessNode  # noqa: E402


class SimClock:
    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, days: int) -> None:
        self.now += timedelta(days=days)


def recalled(store: MemoryStore, out: dict, now: datetime) -> list[ScoredMemory]:
    """The memories this turn injected (`memory_injected_ids`), with their ages as the model saw them."""
    annotate = FreshnessNode()
    return [annotate.annotate(ScoredMemory(record=r), now) for r in store.get_many(out.get("memory_injected_ids", [])).values()]


def banner(text: str) -> None:
    print(f"\n=== {text} ===")


def run(home: Path, embedder: str | None = None) -> dict[str, object]:
    """Run the scripted conversation; returns what it observed (used by the demo's test)."""
    clock = SimClock(datetime(2026, 10, 1, 9, 0, tzinfo=UTC))
    store = MemoryStore(home, embedder=embedder)
    agent = create_memory_agent(store, clock=clock).compile(checkpointer=InMemorySaver())
    seen: dict[str, object] = {}

    def turn(user: str, session: str, text: str) -> dict:
        ctx = MemoryContext(user_id=user, session_id=session, project_id="webshop")
        cfg = {"configurable": {"thread_id": f"{user}-{session}"}}
        out = agent.invoke({"messages": [("user", text)]}, config=cfg, context=ctx)
        print(f"[{clock.now:%Y-%m-%d}] {user}: {text}")
        print(f"             agent: {out['messages'][-1].content}")
        return out

    try:
        banner("Session 1, day 0: a preference is remembered")
        out = turn("ada", "s1", "Remember that I prefer tabs for indentation.")
        written = out.get("memory_written", [])
        for w in written:
            print(f"  written: [{w['id']}] {w['text']}  (source={w['source']}, tier={w['tier']}, level={w['scope']['level']})")
        seen["written"] = written

        clock.advance(3)
        banner("Session 2, day 3: the user corrects it")
        out = turn("ada", "s2", "Actually, correction: I prefer spaces for indentation, not tabs.")
        superseded = out.get("memory_superseded", [])
        seen["superseded"] = superseded
        for old_id in superseded:
            old = store.get(old_id)
            print(f"  superseded: [{old_id}] {old.text if old else '?'} -> status={old.status.value if old else '?'}")
            for entry in store.history(old_id):
                if entry.op.value == "supersede":
                    print(f"  ledger: {entry.op.value} {entry.memory_id} because {entry.reason or entry.trigger}")
                    seen["ledger_reason"] = entry.reason or entry.trigger

        clock.advance(12)
        banner("Session 3, day 15: a new session recalls it, with its age")
        out = turn("ada", "s3", "How should you indent my code?")
        selected = recalled(store, out, clock.now)
        for s in selected:
            print(f"  recalled: {s.record.text}  — {s.age}")
        print("  injected block:\n" + "\n".join("    " + line for line in (out.get("memory_injection") or "").splitlines()))
        seen["recalled"] = [(s.record.text, s.age) for s in selected]

        banner("Another user: nothing crosses users")
        out = turn("bob", "s1", "How should you indent my code?")
        seen["bob_recalled"] = [s.record.text for s in recalled(store, out, clock.now)]
        print(f"  bob recalled {len(seen['bob_recalled'])} memories")
    finally:
        store.close()
    return seen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", help="memory home (default: a fresh temporary directory)")
    parser.add_argument("--embedder", choices=["minilm", "hashing"], default=None)
    args = parser.parse_args(argv)
    home = Path(args.home) if args.home else Path(tempfile.mkdtemp(prefix="langmem-demo-"))
    seen = run(home, args.embedder)
    ok = (
        bool(seen.get("written"))
        and bool(seen.get("superseded"))
        and any("spaces" in t and age and "12 days ago" in age for t, age in seen.get("recalled", []))  # type: ignore[union-attr]
        and not seen.get("bob_recalled")
    )
    print("\ndemo " + ("OK: remembered, corrected, recalled with age, isolated per user" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
