"""`may_ask_to_forget` lets `is_forget_request` stop early only where its frames would answer False (en + zh)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import langmem_nodes.governance.forget_node as forget_node
from langmem_nodes.governance.forget_phrases import may_ask_to_forget

ROOT = Path(__file__).resolve().parents[1]
_SRC = "".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "langmem_nodes" / "governance").glob("*.py")))
_EN = sorted(set(re.findall(r"[A-Za-z']{1,15}", _SRC)))
_ZH = sorted({s[i:i + k] for s in re.findall(r"[\u4e00-\u9fff]{1,8}", _SRC) for k in (1, 2, 3, 4)
              for i in range(max(1, len(s) - k + 1))})
_TEXT = st.tuples(st.lists(st.one_of(st.sampled_from(_EN), st.sampled_from(_ZH)), min_size=1, max_size=9),
                  st.sampled_from([" ", ""]), st.sampled_from(["", ".", "!", "?", "。", "吧"])).map(
    lambda t: t[1].join(t[0]) + t[2])


def _without_cue(text: str) -> bool:
    """`is_forget_request` with the frames alone (the cue answering True for every text)."""
    cue = forget_node.may_ask_to_forget
    forget_node.may_ask_to_forget = lambda _t: True
    try:
        return forget_node.is_forget_request(text)
    finally:
        forget_node.may_ask_to_forget = cue


@settings(max_examples=800, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(_TEXT)
def test_the_cue_never_changes_the_answer_on_the_frames_own_words(text: str) -> None:
    assert forget_node.is_forget_request(text) == _without_cue(text)


def test_the_cue_never_changes_the_answer_on_the_forget_sets() -> None:
    rows = [json.loads(line) for p in sorted((ROOT / "evals" / "data" / "forget").glob("*.jsonl"))
            for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]
    texts = [r["turn"] for r in rows]
    asked = [t for t in texts if _without_cue(t)]
    assert len(texts) > 50 and asked and all(may_ask_to_forget(t) for t in asked)
    assert [t for t in texts if forget_node.is_forget_request(t) != _without_cue(t)] == []


def test_requests_said_every_way_keep_their_cue() -> None:
    for text in ("Please forget where I live.", "Stop remembering that I smoke.", "I want my address gone",
                 "Can you take my allergy out of your memory?", "Would you mind not storing my birthday?",
                 "忘掉我的地址", "把我老婆的事删了吧", "别再记着我的生日", "就当我没说过我有个弟弟", "我的地址你就别记了"):
        assert may_ask_to_forget(text) and forget_node.is_forget_request(text), text
    for text in ("Which editor do I use?", "用户平时喝什么咖啡？", "what does the user do for exercise? #31 ok"):
        assert not may_ask_to_forget(text), text
