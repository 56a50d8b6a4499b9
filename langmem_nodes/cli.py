"""The `langmem-nodes` command: remember, recall, list, show, edit, forget, forget-all, export, import, stats,
injections.

Every command runs the same graphs and admin API a Python user gets. With `--json` stdout is exactly one
JSON document (human lines go to stderr), so `langmem-nodes list --user ada --json | python -m json.tool`
works. Only `remember` and `import` create a memory home; every other command on a missing home, and every
user mistake, ends in one `error: ...` line on stderr and exit status 2 (never a traceback). Progress with
counts goes to stderr when it is a terminal or with `--progress`.

    langmem-nodes [--home DIR] [--embedder minilm+e5|minilm|minilm-int8|e5|hashing] remember "Remember that I prefer tea" --user ada
    cat turn.txt | langmem-nodes remember - --user ada      # the turn from stdin
    langmem-nodes recall "what do I drink?" --user ada --json
    langmem-nodes forget mem_0123 --json
    langmem-nodes --database-url postgresql://app@db/mem recall "what do I drink?" --user ada   # shared store
    langmem-nodes stats --user ada --since 7 --json     # exactly one JSON document
    langmem-nodes injections --user ada --last 3        # which memories reached ada's last 3 turns, and why
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sqlite3
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from .records import MAX_DAYS, Kind, MemoryContext, MemoryRecord, check_id
from .safety import terminal_safe
from .store import resolve_database_url
from .store.home_trouble import cause, is_damage

# what a terminal may act on: C0/C1 controls (escape sequences), bidi and zero-width formats, separators
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ud800-\udfff]")
# arguments that are names or text (paths may be any bytes the OS allows)
_TEXT_ARGS = ("user", "project", "org", "session", "text", "query", "id", "kind", "recall_id")
# the only commands that may create a memory home; every other one needs an existing home
CREATES_HOME = ("remember", "import", "import-conversation")
# optional embedders -> the extra that installs them
EXTRAS = {"e5": "multilingual"}
SCOPE_FLAGS = ("user", "project", "org", "session")
EXIT_ERROR = 2
EXIT_BROKEN_PIPE = 128 + 13  # what a shell reports for a writer killed by SIGPIPE


class CLIError(Exception):
    """A user mistake: printed as one `error: ...` line, exit status 2."""

RECORD_FIELDS = (
    "id", "text", "subject", "predicate", "object", "polarity", "kind", "source", "tier", "status", "scope",
    "confidence", "created_at", "verified_at", "expires_at", "supersedes", "superseded_by", "version",
    "recurrence", "read_only", "drift",
)


def record_json(rec: MemoryRecord) -> dict[str, Any]:
    data = rec.model_dump(mode="json")
    return {k: data[k] for k in RECORD_FIELDS}


def _home(args: argparse.Namespace) -> Path:
    if args.home is not None and not args.home.strip():
        raise CLIError("--home must not be empty (leave it out for $LANGMEM_HOME or ./.langmem)")
    return Path(args.home or os.environ.get("LANGMEM_HOME") or "./.langmem")


def check_home(home: Path, command: str, database_url: str | None = None) -> None:
    """Refuse a `--home` that is a file, and a missing home for every command that only reads or changes
    what is stored (a mistyped `--home` must not answer "no memories"). With a database URL the memories
    live in that database, and the home holds only local files (embedded Chroma, usage log)."""
    if home.exists() and not home.is_dir():
        raise CLIError(f"--home {home} is a file, not a memory home directory")
    if database_url is None and command not in CREATES_HOME and not (home / "memory.sqlite3").is_file():
        raise CLIError(f"no memory home at {home} (only remember and import create one; check --home / $LANGMEM_HOME)")


def open_store(home: Path, embedder: str | None, database_url: str | None = None) -> Any:
    """Open a memory home; the home itself remembers which embedder made its vectors and refuses another
    (`MemoryStore`). Homes made by older CLIs name theirs in `embedder.json`."""
    from .store import MemoryStore

    legacy = home / "embedder.json"
    try:
        name = embedder or (json.loads(legacy.read_text()).get("embedder") if legacy.exists() else None) \
            or os.environ.get("LANGMEM_EMBEDDER") or None
    except (OSError, ValueError, AttributeError) as exc:
        raise CLIError(f"{legacy} is unreadable: {exc}") from None
    try:
        return MemoryStore(home, embedder=name, database_url=database_url)
    except ImportError as exc:
        if database_url is not None and exc.name in ("psycopg", "psycopg_pool"):
            raise CLIError(f"--database-url needs the optional package {exc.name} "
                           "(install the extra: pip install 'langmem-nodes[postgres]')") from None
        extra = EXTRAS.get(str(name))
        hint = f" (install the extra: pip install 'langmem-nodes[{extra}]')" if extra else ""
        raise CLIError(f"--embedder {name} needs the optional package {exc.name or exc}{hint}") from None
    except (ValueError, TypeError) as exc:
        raise CLIError(str(exc)) from None
    except ConnectionError as exc:  # PostgreSQL unreachable: the message names the host, never the password
        raise CLIError(str(exc)) from None
    except (OSError, sqlite3.Error) as exc:
        why = cause(exc, home)
        raise CLIError(f"cannot open memory home {home}: {why} ({exc})" if why else
                       f"cannot open memory home {home}: {exc}") from None


def _context(args: argparse.Namespace) -> MemoryContext:
    try:
        return MemoryContext(
            user_id=args.user, project_id=args.project, org_id=args.org or "default", session_id=args.session
        )
    except ValueError as exc:
        raise CLIError(str(exc)) from None


def _json_line(payload: Any) -> str:
    """One JSON line that is also safe on a terminal: control, format and separator characters (and lone
    surrogates) inside strings are written as \\uXXXX escapes."""
    text = json.dumps(payload, ensure_ascii=False, default=str)
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)


def _emit(args: argparse.Namespace, human: str, payload: dict[str, Any]) -> None:
    """Human text on stdout; with `--json` the payload is stdout's only content and the text goes to stderr."""
    if human:
        print(terminal_safe(human), file=sys.stderr if args.json else sys.stdout)
    if args.json:
        print(_json_line(payload))


def progress(args: argparse.Namespace, *, total: int, desc: str, unit: str = "record") -> Any:
    """A progress bar with counts and ETA on stderr, shown when stderr is a terminal or with `--progress`
    (never on stdout, so `--json` output stays one document)."""
    from tqdm import tqdm

    shown = bool(getattr(args, "progress", False)) or sys.stderr.isatty()
    return tqdm(total=total, desc=desc, unit=unit, file=sys.stderr, disable=not shown, leave=shown)


def cmd_remember(args: argparse.Namespace, store: Any) -> int:
    from .write.graph import create_write_graph

    ctx = _context(args)
    graph = create_write_graph(store).compile()
    out = graph.invoke({"messages": [("user", args.text)]}, context=ctx)
    written = out.get("memory_written", [])
    skipped = out.get("memory_skipped", [])
    superseded = out.get("memory_superseded", [])
    promoted = _promotions(store, written, superseded)  # {new id: old id}: a fact seen again one level up
    lines = [f"promoted [{promoted[w['id']]}] to {w['scope']['level']} level as [{w['id']}] {w['text']}: the same fact, "
             f"said again in a new session" if w["id"] in promoted else
             f"remembered [{w['id']}] {w['text']}" if w.get("status") in (None, "active") else
             f"stored but not active ({w['status']}) [{w['id']}] {w['text']}: an earlier correction or edit of the same "
             f"attribute wins; `show {w['id']}` explains, `edit` changes it" for w in written]
    lines += [f"skipped ({s.get('action')}): {s.get('reason')}" for s in skipped
              if not (s.get("action") == "merge" and any(old in str(s.get("reason")) for old in promoted.values()))]
    lines += [f"superseded {i}" for i in superseded if i not in promoted.values()]
    _emit(args, "\n".join(lines) or "nothing to remember", {"written": written, "skipped": skipped, "superseded": superseded})
    return 0


def _promotions(store: Any, written: list[dict[str, Any]], superseded: list[str]) -> dict[str, str]:
    """{new id: old id} for each written record that holds a superseded one's fact one level up (a session memory
    seen again in another session): a promotion, reported once — not as a new memory, a merge and a replacement."""
    from .records import normalize_text

    out: dict[str, str] = {}
    for old_id in superseded:
        old = store.get(old_id)
        for w in written:
            if old is not None and old_id in (w.get("supersedes") or []) and normalize_text(w["text"]) == \
                    normalize_text(old.text) and w["scope"]["level"] != old.scope.level.value:
                out[w["id"]] = old_id
    return out


def cmd_recall(args: argparse.Namespace, store: Any) -> int:
    from .read.graph import create_read_graph
    from .read.select import MAX_SELECTED, RuleSelector

    ctx = _context(args)
    state: dict[str, Any] = {"messages": [("user", args.query)]}
    selector = None
    if args.k is not None:  # 0 and negatives are refused by the parser
        state["memory_k"] = args.k  # recall's candidate budget
        selector = RuleSelector(cap=min(args.k, MAX_SELECTED))  # and at most k selected
    graph = create_read_graph(store, selector=selector, record_usage=False).compile()
    out = graph.invoke(state, context=ctx)
    selected = out.get("memory_selected", [])
    memories = [
        {**record_json(s.record), "score": round(s.score, 4), "age": s.age, "note": s.note, "flags": s.flags}
        for s in selected
    ]
    human = "\n".join(f"{m['score']:.3f}  {m['age'] or ''}  {m['text']}" + (f"  ({m['note']})" if m["note"] else "")
                      for m in memories) or "no memories"  # the note: "earlier: …" on a past question, staleness
    payload: dict[str, Any] = {"memories": memories, "injection": out.get("memory_injection", "")}
    if args.explain:
        from .read.explain import rejected, score_parts

        hits = out.get("memory_hits", [])
        beaten = [f.removeprefix("beat:") for h in hits for f in h.flags if f.startswith("beat:")]
        for m, s in zip(memories, selected, strict=True):
            m["scores"] = score_parts(s)
        payload["rejected"] = rejected(hits, selected, store.get_many(beaten) if beaten else {})
        human += "".join(f"\n  {_parts(m['scores'])}  [{m['id']}]" for m in memories)
        human += "".join(f"\nnot used [{r['id']}] {r['text']}: {r['reason']}" for r in payload["rejected"])
    _emit(args, human, payload)
    return 0


def _parts(scores: dict[str, float] | None) -> str:
    """ "sim 0.71 · fresh 1.00 · src 0.90 · confidence 0.95 · final 0.86" """
    return " · ".join(f"{k} {v:.2f}" for k, v in (scores or {}).items()) or "no score parts recorded"


def cmd_injections(args: argparse.Namespace, store: Any) -> int:
    turns = _admin(store).injections(_context(args), recall_id=args.recall_id, last=args.last)
    lines = []
    for t in turns:
        lines.append(f"{t['ts'][:19].replace('T', ' ')} {t['recall_id']}: {len(t['memories'])} injected")
        for m in t["memories"]:
            what = "(forgotten since)" if m["forgotten"] else m["text"]
            lines.append(f"  [{m['id']}] {what}\n    {_parts(m['scores'])}")
    _emit(args, "\n".join(lines) or "no injections recorded", {"injections": turns})
    return 0


def _admin(store: Any) -> Any:
    from .governance import MemoryAdmin

    return MemoryAdmin(store)


def _level(scope: dict[str, Any]) -> str:
    """'user', 'project', or 'session s1' (with its project when it has one: 'session s1 in shop')."""
    if scope["level"] != "session":
        return scope["level"]
    return f"session {scope['session_id']}" + (f" in {scope['project_id']}" if scope.get("project_id") else "")


def cmd_list(args: argparse.Namespace, store: Any) -> int:
    ctx = _context(args)
    records = _admin(store).list(ctx, all_statuses=args.all_statuses, kind=args.kind, text=args.text)
    records = [r if isinstance(r, dict) else record_json(r) for r in records]
    human = "\n".join(f"[{r['id']}] ({r['status']}, {_level(r['scope'])}) {r['text']}" for r in records)
    _emit(args, human or "no memories", {"memories": records})
    return 0


def cmd_show(args: argparse.Namespace, store: Any) -> int:
    shown = _admin(store).show(args.id)
    _emit(args, _show_human(shown) if not args.json else "", shown)
    return 0


def _show_human(shown: dict[str, Any]) -> str:
    """A memory, why it is believed, its supersede chain and its ledger history, for a terminal (`--json` has it all)."""
    rec = shown.get("record")
    if not isinstance(rec, dict):  # a forgotten memory: its content-free tombstone and scrubbed history
        gone = shown.get("forgotten") or {}
        lines = [f"[{shown.get('id', '')}] forgotten {str(gone.get('ts', ''))[:19].replace('T', ' ')} by "
                 f"{gone.get('actor', '?')} in {gone.get('partition', '?')}: its text is gone from every copy"]
    else:
        lines = [f"[{rec['id']}] ({rec['status']}, {_level(rec['scope'])}) {rec['text']}", f"why: {shown.get('why', '')}"]
        chain = shown.get("chain") or {}
        for label, key in (("replaced", "older"), ("replaced by", "newer")):
            lines += [f"{label}: [{r['id']}] ({r['status']}) {r['text']}" for r in chain.get(key) or []]
        lines += [f"from: [{r['id']}] " + (f"({_level(r['scope'])}) {r['text']}" if "text" in r else "(forgotten)")
                  for r in shown.get("sources") or []]
    lines.append("history:")
    printed: set[str] = set()
    for e in shown.get("history") or []:
        trace = str(e.get("decision_trace") or "")
        if trace and trace in printed:  # the promote entry of a turn whose write entry was shown: its trace says it
            continue
        printed.add(trace)
        lines.append(f"  {str(e.get('ts', ''))[:19].replace('T', ' ')} {e.get('op')}: {e.get('reason') or ''}".rstrip())
        lines += [f"    {step}" for step in trace.splitlines()]
    return "\n".join(lines)


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


def cmd_forget_all(args: argparse.Namespace, store: Any) -> int:
    report = _admin(store).delete_all(org_id=args.org, project_id=args.project, user_id=args.user,
                                      session_id=args.session, dry_run=args.dry_run, actor="operator")
    where = ", ".join(f"{k.removesuffix('_id')} {v}" for k, v in report["filters"].items())
    verb = "would forget" if args.dry_run else "forgot"
    human = f"{verb} {report['count']} {'memory' if report['count'] == 1 else 'memories'} ({where})" + ("" if args.dry_run else
                                                              f"; {report['scrubbed_entries']} ledger turns scrubbed")
    _emit(args, human, {k: v for k, v in report.items() if k != "reports"})
    return 0


def _counts(data: dict[str, Any]) -> dict[str, int]:
    return {k: len(data[k]) for k in ("records", "ledger", "tombstones")}


def _write_export(args: argparse.Namespace, data: dict[str, Any], out: Path) -> None:
    """Write the export record by record (progress counts them). A file is written to a temp file renamed into
    place, so a failure never leaves half an export at `out` (nor a stray temp file); a link to a file replaces
    the file it points to and stays a link. Anything else that exists — a device, a pipe (`/dev/stdout`,
    `/dev/fd/N`) — is written into directly: renaming over it would replace the device or link itself."""
    if out.exists() and not out.is_file():
        with out.open("w", encoding="utf-8") as f:
            _dump_export(args, data, f)
        return
    target = out.resolve() if out.is_symlink() else out
    tmp = target.with_name(target.name + ".part")
    try:
        with tmp.open("w", encoding="utf-8") as f:
            _dump_export(args, data, f)
        tmp.replace(target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _dump_export(args: argparse.Namespace, data: dict[str, Any], f: Any) -> None:
    records = data["records"]
    head = json.dumps({k: v for k, v in data.items() if k != "records"}, ensure_ascii=False, default=str)
    with progress(args, total=len(records), desc="export") as bar:
        f.write(head[:-1] + ', "records": [')
        for i, rec in enumerate(records):
            f.write((", " if i else "") + json.dumps(rec, ensure_ascii=False, default=str))
            bar.update(1)
        f.write("]}\n")


def cmd_export(args: argparse.Namespace, store: Any) -> int:
    for flag in ("project", "session"):
        if getattr(args, flag):
            raise CLIError(f"export --{flag} is not supported: an export holds everything the user owns in "
                           "every project and session (filter the file afterwards)")
    if args.user == "*" and args.org:
        raise CLIError("export --user '*' is the whole home (every user and org): drop --org")
    # --user '*': every user, org, record, ledger entry and tombstone, to move the home (another embedder, a new disk)
    data = _admin(store).export_home() if args.user == "*" else _admin(store).export(args.user, org_id=args.org or "default")
    counts = _counts(data)
    summary = ", ".join(f"{n} {k}" for k, n in counts.items())
    if args.out:
        out = Path(args.out)
        if out.is_dir():
            raise CLIError(f"--out {out} is a directory")
        try:
            _write_export(args, data, out)
        except OSError as exc:
            raise CLIError(f"cannot write --out {out}: {exc.strerror or exc}") from None
        _emit(args, f"exported {summary} to {out}", {"out": str(out), **counts})
    else:  # the export itself is the one JSON document on stdout
        print(_json_line(data))
        if args.progress or sys.stderr.isatty():
            print(f"exported {summary}", file=sys.stderr)
    return 0


def read_text_file(path: str, what: str) -> str:
    """The UTF-8 text of a file the user named, or a one-line `CLIError` saying what is wrong with it."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CLIError(f"{what} {path} does not exist") from None
    except IsADirectoryError:
        raise CLIError(f"{what} {path} is a directory") from None
    except UnicodeDecodeError as exc:
        raise CLIError(f"{what} {path} is not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    except OSError as exc:
        raise CLIError(f"cannot read {what} {path}: {exc.strerror or exc}") from None


def load_import_file(path: str) -> dict[str, Any]:
    """Read and parse an export file before any home is opened or created."""
    from .json_input import parse_json

    text = read_text_file(path, "import file")
    try:
        data = parse_json(text, f"import file {path}")
    except ValueError as exc:
        raise CLIError(str(exc)) from None
    from .governance.admin import EXPORT_FORMAT, EXPORT_VERSION

    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise CLIError(f"import file {path} is not a langmem-nodes export (format must be {EXPORT_FORMAT!r})")
    if data.get("version") != EXPORT_VERSION:
        raise CLIError(f"import file {path} has unsupported export version {data.get('version')!r} (expected {EXPORT_VERSION})")
    return data


def load_transcript_file(path: str) -> list[Any]:
    """Read a transcript before any home is opened: JSON Lines or a JSON list of turn objects ("speaker",
    "text", optional "session", "at"), else plain text (`Speaker: text` lines, a blank line between sessions)."""
    from .conversation import as_turn, parse_transcript
    from .json_input import parse_json

    text = read_text_file(path, "transcript")
    stripped = text.lstrip()
    try:
        if stripped.startswith("["):
            rows = parse_json(text, "the file")
            turns = [as_turn(r, f"turn {i + 1}") for i, r in enumerate(rows)]
        elif stripped.startswith("{"):
            turns = []
            for n, line in enumerate(text.splitlines(), 1):
                if not line.strip():
                    continue
                turns.append(as_turn(parse_json(line, f"line {n}"), f"line {n}"))
        else:
            turns = parse_transcript(text)
    except ValueError as exc:
        raise CLIError(f"transcript {path}: {exc}") from None
    if not turns:
        raise CLIError(f"transcript {path} holds no turn")
    return turns


def cmd_import_conversation(args: argparse.Namespace, store: Any) -> int:
    from .conversation import import_conversation

    before = store.count()
    ids = import_conversation(store, args.turns, user_id=args.user, project_id=args.project, org_id=args.org,
                              conversation=args.conversation or Path(args.file).stem)
    new = store.count() - before
    sessions = len({t.session for t in args.turns})
    again = f" ({len(ids) - new} already imported)" if new < len(ids) else ""
    _emit(args, f"imported {new} turns{again} in {sessions} session(s) from {args.file}",
          {"imported": new, "already_imported": len(ids) - new, "sessions": sessions, "ids": ids})
    return 0


def _warm_vectors(args: argparse.Namespace, store: Any, data: dict[str, Any], batch: int = 256) -> None:
    """Embed the records to import in batches, counting them on the progress bar: the embedder's cache
    keeps the vectors, so the single import commit that follows does not embed them again."""
    from .store.memory_store import embed_text

    records = data.get("records")
    if not isinstance(records, list) or store.count():
        return  # import_ refuses it with its own message
    try:
        texts = [embed_text(MemoryRecord.model_validate(r)) for r in records]
    except (ValueError, TypeError):
        return  # import_ names the bad record
    with progress(args, total=len(texts), desc="import: embedding") as bar:
        for i in range(0, len(texts), batch):
            store.embedder.embed(texts[i : i + batch])
            bar.update(len(texts[i : i + batch]))


def cmd_import(args: argparse.Namespace, store: Any) -> int:
    data = args.import_data
    _warm_vectors(args, store, data)
    result = _admin(store).import_(data)
    summary = ", ".join(f"{n} {k}" for k, n in result.items())
    _emit(args, f"imported {summary} from {args.file} (the ledger adds one entry recording the import)", result)
    return 0


def cmd_users(args: argparse.Namespace, store: Any) -> int:
    """Operator view: who has memories in the home, per project and level, with active / all counts."""
    rows: dict[tuple[str, str, str, str], list[int]] = {}
    for r in _admin(store).list_all(all_statuses=True):
        scope = r["scope"]
        key = (scope.get("org_id") or "default", scope.get("user_id") or "-", scope.get("project_id") or "-",
               scope["level"])
        counts = rows.setdefault(key, [0, 0])
        counts[0] += r["status"] == "active"
        counts[1] += 1
    table = [{"org": o, "user": u, "project": p, "level": lv, "active": a, "all": n}
             for (o, u, p, lv), (a, n) in sorted(rows.items())]
    human = "\n".join(f"{t['user']}  project {t['project']}  {t['level']}  {t['active']} active of {t['all']}"
                      + (f"  (org {t['org']})" if t["org"] != "default" else "") for t in table) or "no memories"
    _emit(args, human, {"users": table})
    return 0


def cmd_stats(args: argparse.Namespace, store: Any) -> int:
    from datetime import timedelta

    from .records import utcnow

    ctx = _context(args)
    since = utcnow() - timedelta(days=args.since) if args.since is not None else None
    m = _admin(store).metrics(ctx, since=since, stale_days=args.stale_days)
    if args.json:  # exactly one JSON document on stdout
        print(_json_line(m))
        return 0
    c = m["counts"]

    def show(v: Any, pct: bool = True) -> str:
        return "unknown" if v is None else (f"{v:.1%}" if pct else f"{v:.2f}")

    rows = [
        ("restatements", f"{m['restatements']['total']} ({m['restatements']['missed']} not injected, "
                         f"{m['restatements']['injected']} injected)"),
        ("hit rate", f"{show(m['hit_rate'])} ({c['hits']} of {c['needed']} turns that needed memory)"),
        ("unused injection", f"{show(m['unused_injection_ratio']['items'])} of items, "
                             f"{show(m['unused_injection_ratio']['bytes'])} of bytes "
                             f"({c['turns_with_citations']} of {c['turns']} turns with citations)"),
        ("injection latency", f"p50 {show(m['injection_latency_ms']['p50'], False)} ms, "
                              f"p95 {show(m['injection_latency_ms']['p95'], False)} ms"),
        ("stale citations", f"{show(m['stale_citation_rate'])} ({c['stale_citations']} of {c['cited']['events']} "
                            f"citations, within {m['stale_days']:g} days)"),
    ]
    print(terminal_safe("\n".join(f"{k:<18} {v}" for k, v in rows)))
    return 0


def _scope_args(p: argparse.ArgumentParser, *, user_required: bool = True) -> None:
    p.add_argument("--user", required=user_required, help="user id (required: memory is always scoped)")
    p.add_argument("--project")
    p.add_argument("--org")
    p.add_argument("--session")


def _recall_k(value: str) -> int:
    """1..MAX_SELECTED: the read graph never selects more than that, so a larger K would be silently ignored."""
    from .read.select import MAX_SELECTED

    try:
        k = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {value!r}") from None
    if k < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {k}")
    if k > MAX_SELECTED:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SELECTED} (recall selects at most "
                                         f"{MAX_SELECTED} memories), got {value if len(value) <= 24 else value[:24] + '…'}")
    return k


def _count(value: str) -> int:
    """A positive whole number."""
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {value!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value!r}")
    return n


def _days(value: str) -> float:
    """A finite number of days in (0, MAX_DAYS]."""
    try:
        days = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of days, got {value!r}") from None
    if not (math.isfinite(days) and 0 < days <= MAX_DAYS):
        raise argparse.ArgumentTypeError(f"must be a number of days above 0 and at most {MAX_DAYS}, got {value!r}")
    return days


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one `error: ...` line (status 2) naming where to find help."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_ERROR, f"error: {message} (see {self.prog} --help)\n")


def _global_args(p: argparse.ArgumentParser, *, after_command: bool = False) -> None:
    """--home, --database-url and --embedder, accepted before the subcommand and after it (same meaning).
    After it they default to SUPPRESS, so a subcommand that does not repeat them keeps the value given before."""
    extra: dict[str, Any] = {"default": argparse.SUPPRESS} if after_command else {}
    p.add_argument("--home", help="memory home (default $LANGMEM_HOME or ./.langmem)", **extra)
    p.add_argument("--database-url", help="a postgresql:// URL: the memories live in that database, shared "
                   "by every process (default $LANGMEM_DATABASE_URL, $DATABASE_URI or $POSTGRES_URI; else "
                   "the home's SQLite file)", **extra)
    p.add_argument("--embedder", choices=["minilm+e5", "minilm", "minilm-int8", "e5", "hashing"],
                   help="fixed per memory home; default: the home's, else minilm+e5 (MiniLM for English, "
                        "e5 for Chinese); minilm is English-only, e5 multilingual", **extra)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="langmem-nodes", description="Long-term memory for LangGraph agents.")
    _global_args(parser)
    sub = parser.add_subparsers(dest="command", required=True)

    def add(name: str, fn: Any, help_: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_)
        _global_args(p, after_command=True)
        p.add_argument("--json", action="store_true", help="stdout is one JSON document (human text on stderr)")
        p.add_argument("--progress", action="store_true", help="progress on stderr even when it is not a terminal")
        p.set_defaults(fn=fn)
        return p

    p = add("remember", cmd_remember, "run the write graph on one user turn")
    p.add_argument("text", help="the user turn; - reads it from stdin")
    _scope_args(p)
    p = add("recall", cmd_recall, "run the read graph for a query")
    p.add_argument("query")
    p.add_argument("--k", type=_recall_k, help="at most K memories (1-5; recall gathers candidates for K)")
    p.add_argument("--explain", action="store_true", help="each memory's score parts, and the best candidates "
                   "not used with the reason (relevance floor, another attribute, a conflict, the same fact)")
    _scope_args(p)
    p = add("injections", cmd_injections, "which memories were injected into a user's turns, with their score parts")
    _scope_args(p)
    p.add_argument("--recall-id", help="only the turn with this recall id (memory_recall_id)")
    p.add_argument("--last", type=_count, default=20, help="the last N turns (default 20)")
    p = add("list", cmd_list, "list a user's memories")
    _scope_args(p)
    p.add_argument("--all-statuses", action="store_true")
    p.add_argument("--kind", choices=[k.value for k in Kind], help="only memories of this kind")
    p.add_argument("--text")
    p = add("show", cmd_show, "a memory, its supersede chain and ledger history")
    p.add_argument("id")
    p = add("edit", cmd_edit, "replace a memory's text (source user_edited)")
    p.add_argument("id")
    p.add_argument("text")
    p = add("forget", cmd_forget, "delete a memory everywhere")
    p.add_argument("id")
    p = add("forget-all", cmd_forget_all, "delete every memory of a scope everywhere (each dimension named, '*' for any)")
    p.add_argument("--user", required=True, help="user id, or '*' for every user")
    p.add_argument("--project", required=True, help="project id (its project facts and sessions), or '*'")
    p.add_argument("--org", default="default", help="org id (default 'default'), or '*'")
    p.add_argument("--session", default="*", help="session id, or '*' (default)")
    p.add_argument("--dry-run", action="store_true", help="count what would be forgotten, forget nothing")
    p = add("export", cmd_export, "all of a user's records and ledger as JSON (every project and session); "
                                  "--user '*': the whole home, to import into a new one")
    _scope_args(p)
    p.add_argument("--out", help="write the export here (default: stdout)")
    add("users", cmd_users, "who has memories in the home: user, project, level, active / all counts (operator)")
    p = add("stats", cmd_stats, "retrieval metrics of a user: restatements, hit rate, unused share, latency")
    _scope_args(p)
    p.add_argument("--since", type=_days, help=f"only the last DAYS days (0 < DAYS <= {MAX_DAYS})")
    p.add_argument("--stale-days", type=_days, default=30.0, help="a citation is stale if its memory is "
                   f"superseded/edited/forgotten within this many days (default 30, at most {MAX_DAYS})")
    p = add("import", cmd_import, "import an export file")
    p.add_argument("file")
    p = add("import-conversation", cmd_import_conversation,
            "store a chat transcript, one memory per turn (speaker as subject, session as thread)")
    p.add_argument("file", help="JSON Lines / JSON list of {speaker, text, session?, at?}, or 'Speaker: text' lines")
    p.add_argument("--user", required=True, help="user id (required: memory is always scoped)")
    p.add_argument("--project")
    p.add_argument("--org")
    p.add_argument("--conversation", help="the conversation's name (default: the file name without extension)")
    return parser


def _check_args(args: argparse.Namespace) -> None:
    """A name or text argument that is not valid UTF-8 (the OS hands such bytes over as lone surrogates)
    is refused here, by name, before anything is opened."""
    for name in _TEXT_ARGS:
        value = getattr(args, name, None)
        if isinstance(value, str) and re.search(r"[\ud800-\udfff]", value):
            flag = f"--{name}" if name in ("user", "project", "org", "session", "kind") else name
            raise CLIError(f"{flag} is not valid UTF-8: {terminal_safe(value)}")
    for name, commands in (("text", ("remember", "edit")), ("query", ("recall",))):
        value = getattr(args, name, None)
        if getattr(args, "command", None) in commands and isinstance(value, str) and not value.strip():
            what = {"remember": "user turn", "edit": "memory's new text", "recall": "question"}[args.command]
            raise CLIError(f"{name} is empty: give the {what} in quotes")
    for name in SCOPE_FLAGS:  # named by flag, not by the pydantic field it becomes
        value = getattr(args, name, None)
        star_ok = getattr(args, "command", None) == "forget-all" or (getattr(args, "command", None) == "export" and name == "user")
        if value is not None and not (value == "*" and star_ok):  # '*': any (export --user '*': the whole home)
            try:
                check_id(value, f"--{name}", required=True)
            except ValueError as exc:
                raise CLIError(str(exc)) from None


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file: Any = None, line: str | None = None) -> None:
    print(f"warning: {terminal_safe(str(message))}", file=sys.stderr)


def _error(exc: BaseException) -> str:
    msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
    return " ".join(terminal_safe(str(msg)).split()) or type(exc).__name__  # one line


def _read_stdin_text(args: argparse.Namespace) -> None:
    """`remember -` reads the user turn from stdin (a turn too long for the command line, or piped)."""
    if getattr(args, "command", None) != "remember" or args.text != "-":
        return
    data = sys.stdin.buffer.read()
    try:
        args.text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CLIError(f"stdin is not valid UTF-8 (byte {exc.start}): give the user turn as UTF-8 text") from None


def _run(args: argparse.Namespace) -> int:
    _read_stdin_text(args)
    _check_args(args)
    home = _home(args)
    try:
        database_url = resolve_database_url(args.database_url)
    except ValueError as exc:
        raise CLIError(f"--database-url: {exc}") from None
    check_home(home, args.command, database_url)
    if args.command == "import":
        args.import_data = load_import_file(args.file)
    if args.command == "import-conversation":
        args.turns = load_transcript_file(args.file)
    store = open_store(home, args.embedder, database_url)
    try:
        code = int(args.fn(args, store))
        sys.stdout.flush()  # a closed pipe shows up here, while the handler below can still catch it
        return code
    finally:
        store.close()


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit status (0 ok, 2 a user mistake, 141 stdout closed early)."""
    args = build_parser().parse_args(argv)
    from .store.sqlite import DamagedFile, VersionConflict  # after parsing: `--help` stays fast

    try:
        with warnings.catch_warnings():
            warnings.showwarning = _show_warning  # one "warning: …" line, not Python's file:line + source
            return _run(args)
    except BrokenPipeError:
        # `langmem-nodes show ID | head`: the reader left. Point stdout at devnull so the interpreter's
        # final flush does not fail again, and exit quietly like any Unix filter.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return EXIT_BROKEN_PIPE
    except (CLIError, KeyError, ValueError, VersionConflict, OSError) as exc:  # ReadOnlyViolation is an OSError
        print(f"error: {_error(exc)}", file=sys.stderr)
        return EXIT_ERROR
    except DamagedFile as exc:  # a secondary file (usage.sqlite3): the message names it and says what to do
        print(f"error: {_error(exc)}", file=sys.stderr)
        return EXIT_ERROR
    except sqlite3.DatabaseError as exc:  # met after the home opened: a full disk, a lock, or a damaged file
        home = _error(Exception(str(_home(args))))
        why = cause(exc, _home(args))
        if why is not None:  # never "restore from a backup" for a full disk: that would lose what came since
            print(f"error: memory home {home} cannot be written now: {why} ({_error(exc)})", file=sys.stderr)
        elif is_damage(exc):
            print(f"error: memory home {home} is damaged ({_error(exc)}); restore its memory.sqlite3 from a backup",
                  file=sys.stderr)
        else:
            print(f"error: memory home {home}: {_error(exc)}", file=sys.stderr)
        return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())
