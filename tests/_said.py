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


def _needles(text: str) -> set[bytes]:
    return {text.encode(), json.dumps(text).encode()[1:-1], json.dumps(text, ensure_ascii=False).encode()[1:-1]}


def assert_no_trace(home: Path, embedder: Any, text: str, value: str) -> None:
    """Say `text` (holding the secret `value`) through the default write graph in a new home: neither the value
    nor the redacted turn is in the written or skipped state, the ledger, or the home's bytes (raw or JSON-escaped).
    A value of under 6 digits is not byte-searched ("8316" may turn up in an id or a timing by chance)."""
    from langmem_nodes.safety import TurnScreen

    with MemoryStore(home, embedder=embedder) as store:
        out = create_write_graph(store).compile().invoke(
            {"messages": [HumanMessage(text)]}, context=MemoryContext(user_id="ada", session_id="s1"))
        assert all(value not in json.dumps(w, ensure_ascii=False, default=str) for w in out["memory_written"])
        assert value not in json.dumps(out.get("memory_skipped"), ensure_ascii=False)  # the state is checkpointed
        assert value not in " ".join(e.model_dump_json() for e in store.ledger())
    redacted = TurnScreen(text).redact(text)
    assert redacted != text
    files = [p for p in home.rglob("*") if p.is_file()]
    if not (len(value) < 6 and value.isdigit()):
        assert not [p for p in files if any(n in p.read_bytes() for n in _needles(value))]
    assert not [p for p in files if any(n in p.read_bytes() for n in _needles(redacted))]


def secret_refusals(store: Any, text: str) -> list[dict[str, Any]]:
    """The skips of one written turn (user ada, a session) that refuse it as a secret or a credential."""
    from langchain_core.messages import HumanMessage

    from langmem_nodes.records import MemoryContext
    from langmem_nodes.write import create_write_graph

    out = create_write_graph(store).compile().invoke(
        {"messages": [HumanMessage(text)]}, context=MemoryContext(user_id="ada", session_id="s1"))
    return [s for s in out.get("memory_skipped") or []
            if "secret" in (s.get("reason") or "") or "credential" in (s.get("reason") or "")]
