"""`evals.fusion_sweep` re-ranks captured pools as the read graph does: its default setting gives the same
rankings as `python -m evals retrieval` on a small generated LoCoMo-like set (one English and one Chinese
conversation, hashing embedder), and a single route's replay is that route alone."""

from __future__ import annotations

import json
import random

from evals import fusion_sweep
from evals._locomo_like import conversation, to_jsonl
from evals.fusion_sweep import Setting, capture, replay
from evals.retrieval import main as retrieval


def test_default_replay_equals_the_retrieval_eval(tmp_path):
    data = [conversation(lang, n, random.Random(3 + n), sessions=3) for n, lang in enumerate(("en", "zh"))]
    mem, qs = to_jsonl(data, tmp_path)
    out = tmp_path / "pred.json"
    assert retrieval(["--memories", str(mem), "--queries", str(qs), "--k", "25", "--out", str(out),
                      "--embedder", "hashing"]) == 0
    pred = json.loads(out.read_text())
    caps, external = capture(str(mem), str(qs), "hashing", 300)
    fusion_sweep._order.update({ext: i for i, ext in external.items()})
    assert len(caps) == len(pred) >= 10 and {c.qid for c in caps} == set(pred)
    assert all(replay(c, Setting("default"))[:25] == pred[c.qid] for c in caps if not c.routed)
    for c in caps:
        assert set(replay(c, Setting("default"), "bm25")) == {i for i, _ in c.lex[:75]}
        assert set(replay(c, Setting("default"), "dense")) == {i for i, _ in c.dense[:75]}
