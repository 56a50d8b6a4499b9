"""LLMExtractor / LLMSelector give a model call `timeout` seconds; a call that takes longer degrades to the rule
fallback like any other failure (no second wait), sync and async, en + zh."""

from __future__ import annotations

import asyncio
import threading

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from langmem_nodes.degrade import ModelOutputError
from langmem_nodes.read.select import LLMSelector
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.state import ScoredMemory
from langmem_nodes.write.llm_extractor import LLMExtractor

RELEASE = threading.Event()  # set at the end of each test: the stuck calls then return


class StuckModel(BaseChatModel):
    """Answers only once RELEASE is set (a hung provider); counts its calls."""

    calls: int = 0

    @property
    def _llm_type(self) -> str:
        return "stuck"

    def _generate(self, messages, stop=None, run_manager=None, **kw) -> ChatResult:
        self.calls += 1
        RELEASE.wait(60)
        return ChatResult(generations=[ChatGeneration(message=AIMessage('{"facts": []}'))])

    async def _agenerate(self, messages, stop=None, run_manager=None, **kw) -> ChatResult:
        self.calls += 1
        await asyncio.sleep(60)
        return ChatResult(generations=[ChatGeneration(message=AIMessage('{"ids": []}'))])


@pytest.fixture(autouse=True)
def release():
    RELEASE.clear()
    yield
    RELEASE.set()


TURNS = {"en": "Remember that I prefer green tea.", "zh": "记住：我喜欢喝绿茶。"}


@pytest.mark.parametrize("lang", TURNS)
def test_a_hung_extractor_model_times_out_once_and_is_reported(lang):
    model = StuckModel()
    ex = LLMExtractor(model, structured=False, retries=2, timeout=0.2)
    with pytest.raises(ModelOutputError, match="did not answer within 0.2 s") as err:
        ex.extract([{"role": "user", "content": TURNS[lang]}], MemoryContext(user_id="ada"), None)
    assert model.calls == 1 and err.value.attempts == 1


def _hits():
    recs = [MemoryRecord(text=t, scope=Scope(user_id="ada")) for t in ("User prefers green tea", "用户喜欢喝绿茶")]
    return [ScoredMemory(record=r, score=0.9) for r in recs]


@pytest.mark.parametrize("query", ["What tea do I like?", "我喜欢什么茶？"])
def test_a_hung_selector_model_times_out_sync_and_async(query):
    model = StuckModel()
    sel = LLMSelector(model, timeout=0.2)
    with pytest.raises(ModelOutputError, match="did not answer within"):
        sel.select(_hits(), query_text=query)
    with pytest.raises(ModelOutputError, match="did not answer within"):
        asyncio.run(sel.aselect(_hits(), query_text=query))
    assert model.calls == 2  # one call each, no retry after a timeout


def test_the_timeout_defaults_and_checks():
    assert LLMExtractor(StuckModel()).timeout == 30.0 and LLMSelector(StuckModel()).timeout == 10.0
    assert LLMSelector(StuckModel(), timeout=None).timeout is None
    for bad in (0, -1, "5", True):
        with pytest.raises(ValueError, match="timeout"):
            LLMExtractor(StuckModel(), timeout=bad)


@pytest.mark.parametrize("lang", TURNS)
def test_a_model_still_hung_is_not_called_again_until_it_answers(lang):
    """newcomer14 L5: every turn waited out another timeout and left one more thread behind while the model hung."""
    import time

    model = StuckModel()
    ex = LLMExtractor(model, structured=False, retries=0, timeout=0.2)
    turn = [{"role": "user", "content": TURNS[lang]}]
    ctx = MemoryContext(user_id="ada")
    threads_before = sum(t.name == "langmem-model-call" for t in threading.enumerate())
    with pytest.raises(ModelOutputError, match="did not answer within"):
        ex.extract(turn, ctx, None)
    for _ in range(3):  # failed at once: the hung model was not called again (one call in all)
        with pytest.raises(ModelOutputError, match="has not answered yet"):
            ex.extract(turn, ctx, None)
    assert model.calls == 1
    assert sum(t.name == "langmem-model-call" for t in threading.enumerate()) <= threads_before + 1
    RELEASE.set()  # the provider recovers: its hung call returns, and the next turn calls it again
    deadline = time.monotonic() + 5
    while any(t.name == "langmem-model-call" and t.is_alive() for t in threading.enumerate()) and time.monotonic() < deadline:
        time.sleep(0.01)
    ex.extract(turn, ctx, None)
    assert model.calls == 2
