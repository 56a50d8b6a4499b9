"""Extraction eval: run the REAL write graph on labelled cases and score what it committed.

    python -m evals extraction --cases ../shared/data/extraction_dev.jsonl --out pred.json [--extractor rule] [--json]

Each case runs in a fresh memory home and scope; its user turns are replayed one at a time through the
write graph (so a later correction supersedes an earlier value, as in a real conversation). The store uses
the deterministic HashingEmbedder for speed: extraction, gating and resolution do not depend on the
embedder, only semantic dedup does. Predictions are the committed ACTIVE records.

Matching (../shared/DESIGN.md): a prediction matches an expected item when the subject class and polarity
agree and the expected object term is contained, case/space-insensitively, in the predicted object;
`expect: []` means nothing should be stored. Each prediction matches at most one expected item.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

from evals._input import ID, DataError, Optional, need, need_each, read_jsonl  # noqa: E402
from langmem_nodes.embeddings import HashingEmbedder  # noqa: E402
from langmem_nodes.records import MemoryContext, Status  # noqa: E402
from langmem_nodes.store import MemoryStore  # noqa: E402
from langmem_nodes.write import RuleExtractor, create_write_graph  # noqa: E402

FIELDS = ("subject", "predicate", "object", "polarity", "source", "tier", "text")


def load_cases(path: str | Path) -> list[dict[str, Any]]:
    """The cases of a JSONL file; a `DataError` (a ValueError) naming file, line and field otherwise."""
    cases, seen = [], {}
    for where, case in read_jsonl(path):
        need(case, where, id=ID, turns=list, expect=list, lang=Optional(str))
        if str(case["id"]) in seen:  # predictions are kept by id: a repeated id would score one case twice
            raise DataError(f"{where}: id {case['id']!r} is already used on {seen[str(case['id'])]}")
        seen[str(case["id"])] = where
        for i, turn in enumerate(case["turns"]):
            if not isinstance(turn, dict) or not isinstance(turn.get("content"), str) or "role" not in turn:
                raise DataError(f"{where}: turn {i} needs 'role' and a string 'content' (got {turn!r:.80})")
        need_each(case["expect"], f"{where}: expect", subject=str, object=str, polarity=Optional(str),
                  source=Optional(str), tier=Optional(str))
        cases.append(case)
    return cases


def make_extractor(name: str) -> Any:
    if name == "rule":
        return RuleExtractor()
    raise ValueError(f"unknown extractor {name!r} (only 'rule' runs offline)")


def run_case(case: dict[str, Any], extractor: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(committed active records, skipped decisions) for one case, in a throwaway home."""
    ctx = MemoryContext(user_id="eval-user", project_id="eval-project", session_id=f"s-{case['id']}")
    with tempfile.TemporaryDirectory() as home:
        store = MemoryStore(home, embedder=HashingEmbedder(dim=128))
        try:
            graph = create_write_graph(store, extractor=extractor).compile()
            messages: list[tuple[str, str]] = []
            skipped: list[dict[str, Any]] = []
            for i, turn in enumerate(case["turns"]):
                role = "user" if turn.get("role", "user") in ("user", "human") else "ai"
                messages.append((role, turn.get("content", "")))
                if role == "user" and (i + 1 == len(case["turns"]) or case["turns"][i + 1].get("role") != "user"):
                    out = graph.invoke({"messages": list(messages)}, context=ctx)
                    skipped += out.get("memory_skipped", [])
            records = store.find(ctx.visible_partitions(), statuses=(Status.ACTIVE,))
            return [{k: _plain(getattr(r, k)) for k in FIELDS} for r in records], skipped
        finally:
            store.close()


def _plain(v: Any) -> Any:
    return getattr(v, "value", v)


def _norm(s: str) -> str:
    return "".join(str(s).split()).casefold()


def match(expected: list[dict[str, Any]], predicted: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Greedy one-to-one pairs (expected, predicted) under the DESIGN.md rule."""
    used: set[int] = set()
    pairs = []
    for e in expected:
        for i, p in enumerate(predicted):
            if i in used:
                continue
            if (p["subject"] == e["subject"] and p["polarity"] == e.get("polarity", "positive")
                    and _norm(e["object"]) in _norm(p["object"])):
                used.add(i)
                pairs.append((e, p))
                break
    return pairs


def score(cases: list[dict[str, Any]], preds: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    per: dict[str, dict[str, int]] = defaultdict(lambda: {"tp": 0, "pred": 0, "gold": 0})
    src, tier, corr = [0, 0], [0, 0], [0, 0]
    for case in cases:
        lang = case.get("lang", "en")
        pairs = match(case["expect"], preds[case["id"]])
        for bucket in (per[lang], per["all"]):
            bucket["tp"] += len(pairs)
            bucket["pred"] += len(preds[case["id"]])
            bucket["gold"] += len(case["expect"])
        for e in case["expect"]:  # a correction counts as landed only when matched AND marked as one
            if e.get("source") == "explicit_correction":
                corr[1] += 1
                corr[0] += any(p["source"] == "explicit_correction" for e2, p in pairs if e2 is e)
        for e, p in pairs:
            if "source" in e:
                src[0] += p["source"] == e["source"]
                src[1] += 1
            if "tier" in e:
                tier[0] += p["tier"] == e["tier"]
                tier[1] += 1
    out: dict[str, Any] = {}
    for lang, c in sorted(per.items()):
        p = c["tp"] / c["pred"] if c["pred"] else 1.0
        r = c["tp"] / c["gold"] if c["gold"] else 1.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        out[lang] = {"precision": round(p, 4), "recall": round(r, 4), "f1": round(f, 4), **c}
    out["source_accuracy"] = round(src[0] / src[1], 4) if src[1] else None
    out["source_n"] = src[1]
    out["corrections_landed"] = round(corr[0] / corr[1], 4) if corr[1] else None
    out["corrections_n"] = corr[1]
    out["tier_accuracy"] = round(tier[0] / tier[1], 4) if tier[1] else None
    out["tier_n"] = tier[1]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m evals extraction",
        description="Run the real write graph on labelled extraction cases (fresh scope and home per case; "
                    "HashingEmbedder for speed) and print precision/recall/F1 per language.",
        epilog='Case format, one JSON object per line: {"id": "c1", "lang": "en"|"zh", "turns": [{"role": "user"|'
               '"assistant", "content": "..."}, ...], "expect": [{"subject": "user"|"project", "object": "Helix", '
               '"polarity": "positive"|"negative", "source": "explicit_correction" (optional)}]}. A stored memory '
               "matches an expected item when subject and polarity agree and the expected object is contained in "
               "its object (case/space-insensitive; ../shared/DESIGN.md); the predicate is not compared. "
               '"expect": [] means nothing should be stored. "corrections landed" counts the expected items with '
               'source "explicit_correction" that were stored as one.',
    )
    ap.add_argument("--cases", "--data", required=True, help="JSONL file of cases: {id, lang, turns, expect}")
    ap.add_argument("--out", help="write {case_id: [committed active records]} here")
    ap.add_argument("--extractor", default="rule", help="extractor to use (default: rule)")
    ap.add_argument("--show-errors", action="store_true", help="list cases whose predictions do not match exactly")
    ap.add_argument("--json", action="store_true", help="print a JSON summary as the last line")
    args = ap.parse_args(argv)
    try:
        extractor = make_extractor(args.extractor)
        cases = load_cases(args.cases)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    preds: dict[str, list[dict[str, Any]]] = {}
    secrets = 0
    for case in cases:
        preds[case["id"]], skipped = run_case(case, extractor)
        secrets += sum(1 for s in skipped if s["action"] == "reject" and s["reason"].startswith("secret"))
    if args.out:
        Path(args.out).write_text(json.dumps(preds, ensure_ascii=False, indent=1), encoding="utf-8")
    if args.show_errors:
        for case in cases:
            got, pairs = preds[case["id"]], match(case["expect"], preds[case["id"]])
            if len(pairs) != len(got) or len(pairs) != len(case["expect"]):
                print(f"MISMATCH {case['id']}: expected {[(e['subject'], e['object'], e.get('polarity')) for e in case['expect']]}"
                      f" got {[(p['subject'], p['predicate'], p['object'], p['polarity']) for p in got]}")
    summary = score(cases, preds)
    summary["secrets_refused"] = secrets
    summary["cases"] = len(cases)
    for lang in [k for k in summary if isinstance(summary[k], dict)]:
        s = summary[lang]
        print(f"{lang:>4}: precision={s['precision']:.3f} recall={s['recall']:.3f} f1={s['f1']:.3f} "
              f"(tp={s['tp']} pred={s['pred']} gold={s['gold']})")
    print(f"source accuracy={summary['source_accuracy']} (n={summary['source_n']})  "
          f"tier accuracy={summary['tier_accuracy']} (n={summary['tier_n']})  secrets refused={secrets}")
    print(f"corrections landed (matched with source explicit_correction)={summary['corrections_landed']} "
          f"(n={summary['corrections_n']})")
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
