"""Test helpers for one user turn: what the rule extractor reads in it, and whether a secret said in it left
any trace (the memory home's bytes, the turn's state, the log)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from langchain_core.messages import HumanMessage

from langmem_nodes.records import MemoryContext
from langmem_nodes.state import PendingWrite
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import create_write_graph
from langmem_nodes.write.extractor import RuleExtractor


def extracted(said: str) -> list[PendingWrite]:
    """The default rule extractor's candidate memories for one user turn."""
    return RuleExtractor().extract([{"role": "user", "content": said}], MemoryContext(user_id="a"), datetime.now(UTC))


def holds(data: bytes, value: str) -> bool:
    """Does `data` hold `value`? A value of digits (a PIN, "4321") only where it stands alone: inside a hex id or a
    uuid ("…e4321a…", "-4321-") it turns up by chance, and a test failing on that proves nothing."""
    needle = value.encode()
    if not value.isdigit():
        return needle in data
    return re.search(rb"(?<![0-9A-Za-z_-])" + re.escape(needle) + rb"(?![0-9A-Za-z_-])", data) is not None


def secret_traces(home: Path, embedder: Any, said: str, value: str) -> list[str]:
    """Say `said` through the default write graph in a new home; where `value` is still found afterwards:
    "state" (written or skipped, redactions aside) or the home's files (a value under 4 characters could be
    in an id or a timestamp by chance, so only the state is searched for it)."""
    with MemoryStore(home, embedder=embedder) as store:
        out = create_write_graph(store).compile().invoke(
            {"messages": [HumanMessage(said)]}, context=MemoryContext(user_id="ada", session_id="s1"))
    state = json.dumps([out.get("memory_written"), out.get("memory_skipped")], ensure_ascii=False, default=str)
    found = ["state"] if value in state.replace("[redacted]", "") else []
    if len(value) >= 4:
        found += [str(p) for p in home.rglob("*") if p.is_file() and holds(p.read_bytes(), value)]
    return found
