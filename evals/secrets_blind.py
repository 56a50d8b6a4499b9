"""Access secrets of the blind set `evals/data/secrets_blind.jsonl` through the default write graph (hashing
embedder): is a secret's value in the turn's state or in any byte of the home (short digit-only values in the
state only: ids and timings could hold them by chance), and is a harmless line refused as a secret?

Run: `python evals/secrets_blind.py tune|heldout|all [--show] [--data evals/data/secrets_blind2.jsonl]` (`--show` lists the misses: never on heldout).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import tempfile
from collections import Counter

from langchain_core.messages import HumanMessage

if __package__ in (None, ""):  # run as a file (python evals/secrets_blind.py): the repository root on the path
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from evals._input import DataError, need, read_jsonl  # noqa: E402
from langmem_nodes.embeddings import HashingEmbedder  # noqa: E402
from langmem_nodes.records import MemoryContext  # noqa: E402
from langmem_nodes.store import MemoryStore  # noqa: E402
from langmem_nodes.write import create_write_graph  # noqa: E402

DATA = pathlib.Path(__file__).parent / "data" / "secrets_blind.jsonl"


def _leaked(row: dict, out: dict, home: pathlib.Path) -> bool:
    """A secret given in pieces ("starts with Tiger and ends with 99!": `parts`) leaks when any piece is kept."""
    state = json.dumps([out.get("memory_written"), out.get("memory_skipped")], ensure_ascii=False, default=str)
    files = [p.read_bytes() for p in home.rglob("*") if p.is_file()]
    for value in row.get("parts") or [row["value"]]:
        short_digits = len(value) < 6 and value.replace("-", "").isdigit()
        if value in state or (not short_digits and any(value.encode() in data for data in files)):
            return True
    return False


def _refused(out: dict) -> bool:
    return any("secret" in (s.get("reason") or "") or "credential" in (s.get("reason") or "")
               for s in out.get("memory_skipped") or [])


def load_rows(path: pathlib.Path) -> list[dict]:
    """The rows of a JSONL set; a `DataError` naming file, line and field otherwise."""
    rows = []
    for where, row in read_jsonl(path):
        need(row, where, text=str, lang=str, secret=bool, split=str)
        if row["secret"]:
            need(row, where, value=str)
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m evals secrets_blind", description=__doc__.splitlines()[0])
    ap.add_argument("split", choices=("tune", "heldout", "all"))
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--data", type=pathlib.Path, default=DATA, help="a JSONL set (default: %(default)s)")
    args = ap.parse_args(argv)
    rows = load_rows(args.data)
    counts: Counter[tuple[str, str]] = Counter()
    for row in (r for r in rows if args.split in ("all", r["split"])):
        home = pathlib.Path(tempfile.mkdtemp()) / "home"
        with MemoryStore(home, embedder=HashingEmbedder()) as store:
            out = create_write_graph(store).compile().invoke(
                {"messages": [HumanMessage(row["text"])]}, context=MemoryContext(user_id="u", session_id="s"))
        kind = "pos" if row["secret"] else "neg"
        counts[(row["lang"], kind)] += 1
        miss = _leaked(row, out, home) if row["secret"] else _refused(out)
        counts[(row["lang"], kind + " miss")] += miss
        if miss and args.show:
            print("STORED" if row["secret"] else "REFUSED", row["text"])
    for lang in ("en", "zh"):
        print(f"[{args.split}] {lang}: secrets stored {counts[(lang, 'pos miss')]}/{counts[(lang, 'pos')]}, "
              f"harmless refused {counts[(lang, 'neg miss')]}/{counts[(lang, 'neg')]}")


if __name__ == "__main__":
    try:
        main()
    except DataError as exc:  # a set the eval cannot use: one line naming it
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)
