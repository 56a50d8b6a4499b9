"""The `langmem-nodes` command: remember, recall, list, show, edit, forget, export, import.

Every command runs the same graphs and admin API a Python user gets. With `--json` the LAST line of output
is one JSON object (earlier lines are human-readable), so scripts can `tail -n1`.

    langmem-nodes [--home DIR] [--embedder minilm|minilm-int8|e5|hashing] remember "Remember that I prefer tea" --user ada
    langmem-nodes recall "what do I drink?" --user ada --json
    langmem-nodes forget mem_0123 --json
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .records import MemoryContext, MemoryRecord
from .safety import terminal_safe

# what a terminal may act on: C0/C1 controls (escape sequences), bidi and zero-width formats, separators
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ud800-\udfff]")
# arguments that are names or text (paths may be any bytes the OS allows)
_TEXT_ARGS = ("user", "project", "org", "session", "text", "query", "id", "kind")

RECORD_FIELDS = (
    "id", "text", "subject", "predicate", "object", "polarity", "kind", "source", "tier", "status", "scope",
    "confidence", "created_at", "verified_at", "expires_at", "supersedes", "superseded_by", "version",
    "recurrence", "read_only", "drift",
)


def record_json(rec: MemoryRecord) -> dict[str, Any]:
    data = rec.model_dump(mode="json")
    return {k: data[k] for k in RECORD_FIELDS}


def _home(args: argparse.Namespace) -> Path:
    return Path(args.home or os.environ.get("LANGMEM_HOME") or "./.langmem")


def open_store(home: Path, embedder: str | None) -> Any:
    """Open a memory home; the home itself remembers which embedder made its vectors and refuses another
    (`MemoryStore`). Homes made by older CLIs name theirs in `embedder.json`."""
    from .store import MemoryStore

    legacy = home / "embedder.json"
    name = embedder or (json.loads(legacy.read_text()).get("embedder") if legacy.exists() else None) \
        or os.environ.get("LANGMEM_EMBEDDER") or None
    try:
        return MemoryStore(home, embedder=name)
    except ValueError as exc:
        raise SystemExit(f"error: {exc}") from None


def _context(args: argparse.Namespace) -> MemoryContext:
    try:
        return MemoryContext(
            user_id=args.user, project_id=args.project, org_id=args.org or "default", session_id=args.session
        )
    except ValueError as exc:
        raise SystemExit(f"error: {exc}") from exc


def _json_line(payload: Any) -> str:
    """One JSON line that is also safe on a terminal: control, format and separator characters (and lone
    surrogates) inside strings are written as \\uXXXX escapes."""
    text = json.dumps(payload, ensure_ascii=False, default=str)
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)


def _emit(args: argparse.Namespace, human: str, payload: dict[str, Any]) -> None:
    if human:
        print(terminal_safe(human))
    if args.json:
        print(_json_line(payload))


def cmd_remember(args: argparse.Namespace, store: Any) -> int:
    from .write.graph import create_write_graph

    ctx = _context(args)
    graph = create_write_graph(store).compile()
    out = graph.invoke({"messages": [("user", args.text)]}, context=ctx)
    written = out.get("memory_written", [])
    skipped = out.get("memory_skipped", [])
    superseded = out.get("memory_superseded", [])
    lines = [f"remembered [{w['id']}] {w['text']}" for w in written]
    lines += [f"skipped ({s.get('action')}): {s.get('reason')}" for s in skipped]
    lines += [f"superseded {i}" for i in superseded]
    _emit(args, "\n".join(lines) or "nothing to remember", {"written": written, "skipped": skipped, "superseded": superseded})
    return 0


def cmd_recall(args: argparse.Namespace, store: Any) -> int:
    from .read.graph import create_read_graph

    ctx = _context(args)
    graph = create_read_graph(store).compile()
    state: dict[str, Any] = {"messages": [("user", args.query)]}
    if args.k is not None:
        state["memory_k"] = args.k
    out = graph.invoke(state, context=ctx)
    memories = [
        {**record_json(s.record), "score": round(s.score, 4), "age": s.age, "note": s.note, "flags": s.flags}
        for s in out.get("memory_selected", [])
    ]
    human = "\n".join(f"{m['score']:.3f}  {m['age'] or ''}  {m['text']}" for m in memories) or "no memories"
    _emit(args, human, {"memories": memories, "injection": out.get("memory_injection", "")})
    return 0


def _admin(store: Any) -> Any:
    from .governance import MemoryAdmin

    return MemoryAdmin(store)


def cmd_list(args: argparse.Namespace, store: Any) -> int:
    ctx = _context(args)
    records = _admin(store).list(ctx, all_statuses=args.all_statuses, kind=args.kind, text=args.text)
    records = [r if isinstance(r, dict) else record_json(r) for r in records]
    human = "\n".join(f"[{r['id']}] ({r['status']}, {r['scope']['level']}) {r['text']}" for r in records)
    _emit(args, human or "no memories", {"memories": records})
    return 0


def cmd_show(args: argparse.Namespace, store: Any) -> int:
    shown = _admin(store).show(args.id)
    _emit(args, json.dumps(shown, ensure_ascii=False, indent=2, default=str) if not args.json else "", shown)
    return 0


def cmd_edit(args: argparse.Namespace, store: Any) -> int:
    rec = _admin(store).edit(args.id, args.text)
    data = rec if isinstance(rec, dict) else record_json(rec)
    _emit(args, f"edited [{data['id']}] -> {data['text']}", {"memory": data})
    return 0


def cmd_forget(args: argparse.Namespace, store: Any) -> int:
    report = _admin(store).forget(args.id)
    human = "\n".join(f"{k}: {v}" for k, v in report["places"].items())
    _emit(args, f"forgot {args.id}\n{human}", report)
    return 0


def cmd_export(args: argparse.Namespace, store: Any) -> int:
    data = _admin(store).export(args.user, org_id=args.org or "default")
    text = json.dumps(data, ensure_ascii=False, default=str)
    if args.out:
        Path(args.out).write_text(text)
        print(f"exported to {args.out}")
    else:
        print(_json_line(data))
    return 0


def cmd_import(args: argparse.Namespace, store: Any) -> int:
    data = json.loads(Path(args.file).read_text())
    result = _admin(store).import_(data)
    _emit(args, f"imported {result}", result if isinstance(result, dict) else {"imported": result})
    return 0


def _scope_args(p: argparse.ArgumentParser, *, user_required: bool = True) -> None:
    p.add_argument("--user", required=user_required, help="user id (required: memory is always scoped)")
    p.add_argument("--project")
    p.add_argument("--org")
    p.add_argument("--session")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="langmem-nodes", description="Long-term memory for LangGraph agents.")
    parser.add_argument("--home", help="memory home (default $LANGMEM_HOME or ./.langmem)")
    parser.add_argument("--embedder", choices=["minilm", "minilm-int8", "e5", "hashing"],
                        help="fixed per memory home; default: the home's, else minilm (English); e5 is multilingual")
    sub = parser.add_subparsers(dest="command", required=True)

    def add(name: str, fn: Any, help_: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_)
        p.add_argument("--json", action="store_true", help="last line is a JSON object")
        p.set_defaults(fn=fn)
        return p

    p = add("remember", cmd_remember, "run the write graph on one user turn")
    p.add_argument("text")
    _scope_args(p)
    p = add("recall", cmd_recall, "run the read graph for a query")
    p.add_argument("query")
    p.add_argument("--k", type=int)
    _scope_args(p)
    p = add("list", cmd_list, "list a user's memories")
    _scope_args(p)
    p.add_argument("--all-statuses", action="store_true")
    p.add_argument("--kind")
    p.add_argument("--text")
    p = add("show", cmd_show, "a memory, its supersede chain and ledger history")
    p.add_argument("id")
    p = add("edit", cmd_edit, "replace a memory's text (source user_edited)")
    p.add_argument("id")
    p.add_argument("text")
    p = add("forget", cmd_forget, "delete a memory everywhere")
    p.add_argument("id")
    p = add("export", cmd_export, "all of a user's records and ledger as JSON")
    _scope_args(p)
    p.add_argument("--out")
    p = add("import", cmd_import, "import an export file")
    p.add_argument("file")
    return parser


def _check_args(args: argparse.Namespace) -> None:
    """A name or text argument that is not valid UTF-8 (the OS hands such bytes over as lone surrogates)
    is refused here, by name, before anything is opened."""
    for name in _TEXT_ARGS:
        value = getattr(args, name, None)
        if isinstance(value, str) and re.search(r"[\ud800-\udfff]", value):
            flag = f"--{name}" if name in ("user", "project", "org", "session", "kind") else name
            raise SystemExit(f"error: {flag} is not valid UTF-8: {terminal_safe(value)}")


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    _check_args(args)
    store = open_store(_home(args), args.embedder)
    try:
        return int(args.fn(args, store))
    except (KeyError, ValueError) as exc:
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        print(f"error: {terminal_safe(str(msg))}", file=sys.stderr)
        return 2
    finally:
        store.close()


if __name__ == "__main__":
    sys.exit(main())
