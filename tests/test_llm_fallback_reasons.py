"""A failing `LLMExtractor` keeps the rule fallback's own reasons (newcomer17 L7), runs the same after-steps as a
normal turn ("I moved." flags the stored value), and small talk is not sent to the model, en + zh."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes import MemoryContext, MemoryStore, create_write_graph
from langmem_nodes.records import Status
from langmem_nodes.write import LLMExtractor

CTX = MemoryContext(user_id="ada", project_id="p")


class CountingModel(FakeListChatModel):
    """Replies prose (never valid JSON) and counts its calls."""

    calls: int = 0

    def _call(self, *args: Any, **kwargs: Any) -> str:
        self.calls += 1
        return super()._call(*args, **kwargs)


def _model() -> CountingModel:
    return CountingModel(responses=["sure! nothing to note"] * 50)


def _run(home: Path, turns: list[str], extractor: Any, assistant: str = "Noted.") -> tuple[list[dict], list]:
    """Every turn's `memory_skipped` on one thread, and (status, predicate, object, needs confirmation) at the end."""
    skipped, messages = [], []
    with MemoryStore(home, embedder="hashing") as store:
        write = create_write_graph(store, extractor=extractor).compile()
        for text in turns:
            messages = [*messages, HumanMessage(text)]
            skipped.append(write.invoke({"messages": messages}, context=CTX).get("memory_skipped", []))
            messages = [*messages, AIMessage(assistant)]
        records = sorted((r.status.value, r.predicate, r.object, bool(r.metadata.get("needs_confirmation")))
                         for r in store.find(CTX.visible_partitions(), statuses=tuple(Status)))
    return skipped, records


@pytest.mark.parametrize(("text", "reason"), [
    ("What am I allergic to?", "question"),
    ("我对什么过敏？", "question"),
    ("btw the staging db pw is hunter2-XY, save it", "secret"),
    ("测试库的密码是 tiger-88Q，记一下", "secret"),
])
def test_a_failed_model_keeps_the_rules_reasons(tmp_path, text, reason):
    skipped, records = _run(tmp_path / "h", [text], LLMExtractor(_model()))
    actions = [(s.get("action"), s.get("reason")) for s in skipped[0]]
    assert any(a == "model_error" for a, _ in actions), actions
    assert any(r == reason for a, r in actions if a != "model_error"), actions
    assert records == []


@pytest.mark.parametrize(("turns", "predicate"), [
    (["I live in Boston.", "I moved."], "lives_in"),
    (["我住在上海。", "我搬家了。"], "lives_in"),
])
def test_a_failed_model_still_flags_a_change_without_its_value(tmp_path, turns, predicate):
    _, records = _run(tmp_path / "h", turns, LLMExtractor(_model()))
    assert [(p, flag) for status, p, _, flag in records if status == "active"] == [(predicate, True)], records


@pytest.mark.parametrize("text", ["thanks!", "ok", "好的谢谢", "hi there"])
def test_small_talk_is_not_sent_to_the_model(tmp_path, text):
    model = _model()
    skipped, records = _run(tmp_path / "h", [text], LLMExtractor(model))
    assert model.calls == 0
    assert [s.get("reason") for s in skipped[0]] == ["small talk"], skipped
    assert records == []


@pytest.mark.parametrize(("text", "assistant"), [
    ("What am I allergic to?", "Noted."),  # a question may carry a fact the rules miss: the model reads it
    ("yes", "Shall I remember that you prefer tabs?"),  # an answer to the assistant's question
    ("对", "要我记住你不吃香菜吗？"),
])
def test_questions_and_answers_still_go_to_the_model(tmp_path, text, assistant):
    model = _model()
    _run(tmp_path / "h", ["hello", text], LLMExtractor(model), assistant=assistant)
    assert model.calls > 0
