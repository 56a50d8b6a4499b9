"""Abstain, zh + en: a how-to about the world ("how do I get candle wax off a tablecloth?", "我怎么把窗帘上的霉点洗掉？")
is read as a self-contained task (`world_howto.py`), so the nearest memory of the user's life no longer rides along;
a how-to about the user's stack or life ("how do I add a queue consumer to our service?", "倒夜班白天怎么睡好？") keeps
its memory, even without a shared word.

The sentences are written for this file; the check set `evals/data/abstain_own8.json` (split tune_own8) holds more,
scored with `python -m evals abstain`.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.read.world_howto import WORLD_MARGINS, asks_world_howto
from tests._default_home import read_graph_over, selected_numbers

NOW = datetime(2026, 6, 1, tzinfo=UTC)

HOME = ["User's backend is a Rails 7 app on Heroku, jobs run on Sidekiq", "User has a Labrador called Biscuit",
        "User works night shifts as an ICU nurse", "User is training for a half marathon in October",
        "User's daughter Zoe is 9 and plays the violin",
        "用户的后端是 Spring Boot 写的，消息队列用 RabbitMQ", "用户养了一只柯基叫豆豆", "用户在医院上夜班",
        "用户在备考法考，今年九月考客观题", "用户的儿子在上初一，数学比较吃力"]
WORLD = ["How do I get candle wax off a tablecloth?", "How do I stop my windows from steaming up in winter?",
         "How do I repot a cactus without getting pricked?",
         "我怎么把窗帘上的霉点洗掉？", "我怎么才能把羽毛球发球练好？", "我该怎么把冬天的被子收纳好？"]
# still injected: the nearest memory clears even the general floor («training for a half marathon» at 0.329 for "get
# better at"); kept here so that a fix shows
STILL_INJECTED = ["How can I get better at parallel parking?"]
OWN = [("How do I add a new background worker to our app?", 0), ("How can I sleep properly after a run of nights?", 2),
       ("How should I taper in the last weeks before race day?", 3),
       ("消息消费失败了我该怎么重试？", 5), ("我怎么帮孩子把数学补上来？", 9)]


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    yield from read_graph_over(tmp_path_factory.mktemp("world"), HOME, NOW)


@pytest.mark.parametrize("text", WORLD)
def test_a_how_to_about_the_world_gets_nothing(graph, text):
    assert selected_numbers(graph, text) == set()


@pytest.mark.xfail(strict=True, reason="MiniLM puts an unrelated memory above the general floor")
@pytest.mark.parametrize("text", STILL_INJECTED)
def test_known_gaps(graph, text):
    assert selected_numbers(graph, text) == set()


@pytest.mark.parametrize(("text", "memory"), OWN)
def test_a_how_to_about_the_users_stack_or_life_keeps_its_memory(graph, text, memory):
    assert memory in selected_numbers(graph, text)


def test_only_a_how_to_and_only_a_calibrated_embedder_decides():
    assert WORLD_MARGINS["minilm+e5"]["en"] > 0 and WORLD_MARGINS["minilm+e5"]["zh"] > 0
    emb = HashingEmbedder()
    text = "How do I get candle wax off a tablecloth?"
    assert not asks_world_howto(text, emb, "en", emb.embed_query(text))  # not calibrated: never decides
