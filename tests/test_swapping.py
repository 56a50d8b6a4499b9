"""Swapping without subclassing: plain functions as selector, rerank scoring and extractor (docs/integration.md's
example runs as written), and a TypeError naming what fits for anything else."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from langmem_nodes import (
    MemoryContext,
    MemoryRecord,
    MemoryStore,
    Scope,
    create_read_graph,
    create_write_graph,
)
from langmem_nodes.read import RerankNode, SelectNode
from langmem_nodes.state import ScoredMemory
from langmem_nodes.write import BatchWriter, ExtractNode, FunctionExtractor

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "integration.md"
ADA = MemoryContext(user_id="ada", session_id="s1")


def guide_swap_block() -> str:
    return next(b for b in re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.S) if "def my_selector" in b)


@pytest.fixture
def store(tmp_path):
    with MemoryStore(tmp_path, embedder="hashing") as s:
        yield s


@pytest.mark.parametrize("note, question, word", [
    ("note: deploy freeze on Fridays", "When is the deploy freeze?", "Fridays"),
    ("note: 周五禁止发布", "什么时候禁止发布？", "周五"),
], ids=["en", "zh"])
def test_guide_swap_example_runs(store, note, question, word):
    ns: dict = {"store": store, "create_read_graph": create_read_graph, "create_write_graph": create_write_graph}
    exec(compile(guide_swap_block(), "docs/integration.md", "exec"), ns)
    written = ns["remember"].invoke({"messages": [("user", note)]}, context=ADA)["memory_written"]
    assert [w["text"] for w in written] == [note.removeprefix("note:").strip()]
    assert written[0]["scope"]["user_id"] == "ada"
    assert ns["remember"].invoke({"messages": [("user", "just chatting")]}, context=ADA)["memory_written"] == []
    out = ns["recall"].invoke({"messages": [("user", question)]}, context=ADA)
    assert [h.record.text for h in out["memory_selected"]] == [written[0]["text"]] and word in out["memory_injection"]
    hit = out["memory_selected"][0]
    assert hit.score == pytest.approx(hit.breakdown["sim"] * hit.record.confidence)  # my_score ranked it


def test_extractor_function_goes_through_the_gate_and_cannot_set_scope(store, caplog):
    leak = create_write_graph(store, extractor=lambda text: [text]).compile()
    out = leak.invoke({"messages": [("user", "my api key is sk-abcdefghijklmnopqrstuvwx1234")]}, context=ADA)
    assert out["memory_written"] == []  # the gate still refuses secrets
    cross = create_write_graph(store, extractor=lambda text: [{"text": text, "scope": {"user_id": "bob"}}]).compile()
    out = cross.invoke({"messages": [("user", "User likes tea")]}, context=ADA)  # degrades: the turn goes on
    assert out["memory_written"] == [] and out["memory_skipped"] and store.find(["user/default/bob"]) == []
    assert "returned unknown field 'scope' (allowed:" in caplog.text
    typed = create_write_graph(store, extractor=lambda text: [{"text": "用户喜欢绿茶", "kind": "preference",
                                                                   "source": "explicit"}]).compile()
    [w] = typed.invoke({"messages": [("user", "记住我喜欢绿茶")]}, context=ADA)["memory_written"]
    assert (w["kind"], w["source"], w["scope"]["user_id"]) == ("preference", "explicit", "ada")


def test_batch_writer_takes_the_function_too(store):
    report = BatchWriter(store, extractor=lambda text: [text] if "tabs" in text else []).write(
        [{"messages": [("user", "User prefers tabs")], "context": ADA}])
    assert [w["text"] for w in report[0]["memory_written"]] == ["User prefers tabs"]


def test_anything_else_raises_a_type_error_naming_the_signature(store):
    with pytest.raises(TypeError, match=r"selector must be a Selector .* or a function \(hits: list\[ScoredMemory\], query_text: str\)"):
        create_read_graph(store, selector=5)
    with pytest.raises(TypeError, match=r"a selector function must have the signature \(hits"):
        create_read_graph(store, selector=lambda hits: hits)
    with pytest.raises(TypeError, match=r"rerank must be a RerankNode .* or a scoring function \(hit: ScoredMemory, now"):
        create_read_graph(store, rerank="fast")
    with pytest.raises(TypeError, match=r"scorer must be a function \(hit: ScoredMemory, now: datetime\) -> float"):
        create_read_graph(store, rerank=lambda hit: 1.0)
    with pytest.raises(TypeError, match=r"recall must be a RecallNode"):
        create_read_graph(store, recall=object())
    with pytest.raises(TypeError, match=r"extractor must be an Extractor .* or a function \(text: str\)"):
        create_write_graph(store, extractor="rules")
    with pytest.raises(TypeError, match=r"an extractor function must have the signature \(text: str\)"):
        ExtractNode(lambda: [])


def test_write_graph_given_something_else_than_a_memory_store():
    for not_a_store in ("./.langmem", Path("./.langmem"), object()):
        with pytest.raises(TypeError, match=r"the write graph needs a MemoryStore \(langmem_nodes.MemoryStore\(home\)\), got"):
            create_write_graph(not_a_store)


def test_bad_returns_name_the_function():
    rec = MemoryRecord(text="likes tea", scope=Scope(user_id="ada"))
    hit = ScoredMemory(record=rec, score=0.9, breakdown={"sim": 0.9})
    now = datetime(2026, 1, 1, tzinfo=UTC)
    with pytest.raises(TypeError, match=r"scorer 'half' must return a finite number"):
        def half(hit, now):  # noqa: ANN001, ANN202
            return "0.5"
        RerankNode(scorer=half).run({"memory_hits": [hit]}, ADA, now)
    with pytest.raises(TypeError, match=r"extractor 'one' must return a list of str or dict"):
        def one(text):  # noqa: ANN001, ANN202
            return "a memory"
        FunctionExtractor(one).extract([{"role": "user", "content": "x"}], ADA, now)
    # a selector returning something else degrades (the turn goes on, nothing injected, the failure recorded)
    out = SelectNode(lambda hits, query_text: ["not a hit"]).run({"memory_hits": [hit]}, ADA, now)
    assert out["memory_selected"] == [] and out["memory_select_error"]
    made_up = ScoredMemory(record=MemoryRecord(text="invented", scope=Scope(user_id="ada")), score=1.0)
    assert SelectNode(lambda hits, query_text: [made_up, *hits]).run({"memory_hits": [hit]}, ADA, now)[
        "memory_selected"] == [hit]  # nothing outside the candidates is injected


@pytest.mark.parametrize(("proposal", "told"), [
    ({"text": "User likes tea", "source": "guess"}, "source must be one of inferred, explicit, explicit_correction, got 'guess'"),
    ({"text": "用户喜欢茶", "confidence": "high"}, "returned a bad confidence: input should be a valid number"),
    ({"txt": "用户喜欢茶"}, "returned unknown field 'txt' (allowed: confidence,"),
])
def test_a_bad_extractor_result_is_told_in_the_turn_state(tmp_path, proposal, told):
    """newcomer7 F11: the reason names the field in one short line (was pydantic's "'guess' is not a valid Source")."""
    store = MemoryStore(tmp_path, embedder="hashing")
    graph = create_write_graph(store, extractor=lambda text: [proposal]).compile()
    out = graph.invoke({"messages": [("user", "I like tea")]}, context=ADA)
    assert out["memory_written"] == [] and told in out["memory_extract_error"]["reason"]
    store.close()
