"""`reads_plain` may skip the query's secret screen only where the full screen finds nothing (en + zh)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from langmem_nodes.read.plain_query import reads_plain
from langmem_nodes.read.unsecret import without_secrets
from langmem_nodes.safety import TurnScreen

ROOT = Path(__file__).resolve().parents[1]
_SAFETY = "".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "langmem_nodes" / "safety").glob("*.py")))
# the screen's own vocabulary: the words and CJK runs its patterns and finders are written with
_EN = sorted({w for w in re.findall(r"[A-Za-z]{2,15}", _SAFETY)})
_ZH = sorted({s[i:i + k] for s in re.findall(r"[\u4e00-\u9fff]{1,8}", _SAFETY) for k in (1, 2, 3, 4)
              for i in range(max(1, len(s) - k + 1))})
_TOKEN = st.one_of(
    st.sampled_from(_EN), st.sampled_from(_EN).map(str.lower), st.sampled_from(_EN).map(str.capitalize),
    st.sampled_from(_ZH), st.integers(0, 999).map(lambda n: f"#{n}"),
    st.sampled_from(["?", ".", ",", "!", "？", "。", "，", "！", "、"]))
_TEXT = st.lists(st.tuples(_TOKEN, st.booleans()), min_size=1, max_size=14).map(
    lambda parts: "".join(t if glued else f" {t}" for t, glued in parts).strip())


def _screened_clean(text: str) -> bool:
    return not TurnScreen(text).findings


@settings(max_examples=600, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(_TEXT)
def test_plain_texts_from_the_screens_own_words_hold_no_finding(text: str) -> None:
    if reads_plain(text):
        assert _screened_clean(text), text


def _corpus() -> list[str]:
    texts: set[str] = set()
    for path in sorted((ROOT / "evals" / "data").glob("secrets_blind*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            text = json.loads(line)["text"]
            texts.add(text)
            texts.update(p.strip() for p in re.split(r"(?<=[.!?。！？，,])\s*|\n", text) if p.strip())
    return sorted(texts)


def test_secret_corpora_plain_parts_hold_no_finding() -> None:
    corpus = _corpus()
    plain = [t for t in corpus if reads_plain(t)] + [f"{t} #{i % 1000}" for i, t in enumerate(corpus) if reads_plain(f"{t} #{i}")]
    assert len(plain) > 100  # the check covers something
    assert [t for t in plain if not _screened_clean(t)] == []


def test_plain_questions_in_both_languages() -> None:
    for text in ("what coffee does the user usually order? #39", "Where did Maria go hiking last summer?",
                 "用户平时喝什么咖啡？ #44", "我周末常去哪里爬山？", "Which restaurant in Lisbon did I like?"):
        assert reads_plain(text), text


def test_anything_the_screen_could_take_goes_to_the_full_screen() -> None:
    for text in ("my password is sunshine", "the wifi at the cabin is moosetracks", "我的密码是 739120",
                 "I use hunter2 for everything", "The code word. It's Pelican.", "口令换了，是 Dahai",
                 "orbit velvet lumber crane pottery sudden fiscal ginger meadow toast ripple agent",
                 "门禁是 #560", "保险箱是陆柒捌玖", "for the first pet question I used Biscuit", "email me at a@b.co",
                 "sk_live_51Hx9KqLmN2vR8tY4wP0zA6cE3dBf7", "my number is 415 555 0100", "Xg93kLm", "AKIAIOSFODNNEXAMPLE",
                 "Which café did I like?", "x" * 201):
        assert not reads_plain(text), text


def test_without_secrets_answers_as_the_full_screen_does() -> None:
    for text in ("what coffee does the user usually order? #39", "用户现在住在哪个城市？",
                 "here's my stripe key sk_live_51Hx9KqLmN2vR8tY4wP0zA6cE3dBf7, is the webhook config right?",
                 "我的支付宝支付密码是 739120，你能帮我记一下吗？"):
        findings = TurnScreen(text).findings
        assert (without_secrets(text) == text) == (not findings), text
