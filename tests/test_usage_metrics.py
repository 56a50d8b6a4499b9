"""Citations of used memories and the five retrieval metrics, checked against hand-computed values.

A scripted conversation (en and zh, three threads) goes through `add_memory(cite=True)` with a citing fake
model on a fixed clock; every metric is then compared with what the script implies.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import timedelta

import pytest
from langchain_core.messages import AIMessage
from langgraph.checkpoint.memory import MemorySaver
from langgraph.graph import END, START, StateGraph

from graphs.memory_agent import create_memory_agent
from langmem_nodes import MemoryContext, MemoryState, add_memory, memory_messages
from langmem_nodes.cite import CiteNode
from langmem_nodes.cli import main as cli_main
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.read.select import SelectNode
from langmem_nodes.records import utcnow
from langmem_nodes.testing import MemoryCitingChatModel
from langmem_nodes.turn import RecallTurn
from langmem_nodes.usage import CITE_INSTRUCTION, strip_citations, usage_log

T0 = utcnow() - timedelta(days=10)


def _needs(question: str, text: str) -> bool:
    """The fake model uses a memory when it shares the question's topic."""
    return ("tea" in question and "tea" in text) or ("上海" in question and "上海" in text)


class Conversation:
    def __init__(self, store, *, cite: bool = True) -> None:
        self.now = T0
        self.model = MemoryCitingChatModel(needs=_needs, cite=cite)

        def agent(state):
            return {"messages": [self.model.invoke(memory_messages(state, system="Be helpful.", cite=cite))]}

        b = StateGraph(MemoryState, context_schema=MemoryContext)
        b.add_node("agent", agent).add_edge(START, "agent").add_edge("agent", END)
        # an app that keeps earlier blocks in its history: a memory shown in the thread is not shown again,
        # so turn 3's restatement is one the turn did not inject
        recall = RecallTurn(store, clock=lambda: self.now, select=SelectNode(store=store, skip_shown=True))
        self.graph = add_memory(b, store, agent="agent", clock=lambda: self.now, cite=cite, read_graph=recall).compile(
            checkpointer=MemorySaver())

    def turn(self, ctx, day, thread, text, forge=()):
        self.now = T0 + timedelta(days=day)
        self.model.forge = list(forge)
        return self.graph.invoke({"messages": [("user", text)]}, {"configurable": {"thread_id": thread}}, context=ctx)


def test_strip_citations_trailer_and_inline_forms():
    assert strip_citations("Tea.\n<memory-used>mem_a, mem_b</memory-used>") == ("Tea.", ["mem_a", "mem_b"])
    assert strip_citations("绿茶。<memory-used>mem_a，mem_a、mem_c</memory-used>") == ("绿茶。", ["mem_a", "mem_c"])
    assert strip_citations("no citation") == ("no citation", [])
    assert strip_citations("Tea <memory-used></memory-used>") == ("Tea", [])


def test_scripted_conversation_metrics_match_hand_computed(store):
    ada, bob = MemoryContext(user_id="ada"), MemoryContext(user_id="bob")
    conv = Conversation(store)
    out = [
        conv.turn(ada, 0, "a", "Remember that I prefer green tea."),             # writes A; nothing to inject
        conv.turn(ada, 1, "a", "Which tea should I buy?", forge=["mem_forged"]),  # injects A, cites A + forged
        conv.turn(ada, 2, "a", "Remember that I prefer green tea."),             # A shown in thread: restated, missed
        conv.turn(ada, 3, "b", "记住我住在上海。"),                                    # writes B; A injected, unused
        conv.turn(ada, 4, "b", "上海今天天气怎么样？"),                                # injects B, cites B
        conv.turn(ada, 5, "c", "What should I cook tonight?"),                  # injects B, A; cites none
    ]
    conv.turn(bob, 1, "x", "Which tea should I buy?", forge=["mem_forged"])      # another user's events
    a = out[0]["memory_written"][0]["id"]
    b = out[3]["memory_written"][0]["id"]
    assert [o["memory_injected_ids"] for o in out] == [[], [a], [], [a], [b], [b, a]]
    assert all("<memory-used>" not in o["messages"][-1].content for o in out)  # stripped from the reply
    assert CITE_INSTRUCTION in conv.model.prompts[1][0].content  # asked for in the stable system block

    admin = MemoryAdmin(store)
    size_a, size_b = (len(store.get(i).text.encode()) for i in (a, b))
    m = admin.metrics(ada)
    # restatements: turn 3 restated A, which that turn did not inject
    assert m["restatements"] == {"total": 1, "missed": 1, "injected": 0}
    # needed memory: turn 2 (cited A), turn 5 (cited B), turn 3 (restated A, not injected) -> 2 hits of 3
    assert m["counts"]["needed"] == 3 and m["counts"]["hits"] == 2
    assert m["hit_rate"] == round(2 / 3, 4)
    # injected 5 items (A, A, B, B, A), cited 2 (A at turn 2, B at turn 5); the forged id is ignored
    assert m["counts"]["injected"] == {"items": 5, "bytes": 3 * size_a + 2 * size_b}
    assert m["counts"]["cited"] == {"items": 2, "bytes": size_a + size_b, "events": 2}
    assert m["counts"]["ignored_citations"] == 1
    assert m["unused_injection_ratio"] == {
        "items": round(3 / 5, 4), "bytes": round((2 * size_a + size_b) / (3 * size_a + 2 * size_b), 4)}
    assert m["counts"]["turns"] == 6 and m["counts"]["turns_with_citations"] == 6
    latencies = sorted(e["latency_ms"] for e in usage_log(store).events(ada) if e["op"] == "inject")
    assert m["injection_latency_ms"] == {"p50": latencies[2], "p95": latencies[5]}  # nearest rank of 6
    assert 0 < latencies[0]
    assert m["stale_citation_rate"] == 0.0
    assert not any(e["memory_id"] == "mem_forged" for e in usage_log(store).events(ada))
    # accessed_at follows the citations (not the forged id, not a new version)
    assert store.get(a).accessed_at == T0 + timedelta(days=1) and store.get(a).version == 1
    assert store.get(b).accessed_at == T0 + timedelta(days=4)

    # a window holds only its events: days 3-5 hold turns 4-6
    w = admin.metrics(ada, since=T0 + timedelta(days=3), until=T0 + timedelta(days=6))
    assert w["counts"]["turns"] == 3 and w["restatements"]["total"] == 0 and w["hit_rate"] == 1.0

    # stale citations: A (cited day 1) edited and B (cited day 4) forgotten now, i.e. ~9 and ~6 days later
    admin.edit(a, "User prefers black tea")
    admin.forget(b)
    assert admin.metrics(ada)["stale_citation_rate"] == 1.0
    assert admin.metrics(ada, stale_days=7)["stale_citation_rate"] == 0.5
    assert admin.metrics(ada, stale_days=5)["stale_citation_rate"] == 0.0

    # scoped: bob's metrics hold only his one turn, ada's did not count it
    mb = admin.metrics({"user_id": "bob"})
    assert mb["counts"]["turns"] == 1 and mb["counts"]["ignored_citations"] == 1
    assert admin.metrics(MemoryContext(user_id="ada", project_id="p1"))["counts"]["turns"] == 0


def test_without_citations_used_is_unknown_not_zero(store):
    cy = MemoryContext(user_id="cy")
    conv = Conversation(store, cite=False)
    conv.turn(cy, 0, "a", "Remember that I prefer green tea.")
    conv.turn(cy, 1, "a", "Which tea should I buy?")
    conv.turn(cy, 2, "a", "Remember that I prefer green tea.")
    m = MemoryAdmin(store).metrics(cy)
    assert m["hit_rate"] is None and m["stale_citation_rate"] is None
    assert m["unused_injection_ratio"] == {"items": None, "bytes": None}
    assert m["counts"]["turns"] == 3 and m["counts"]["turns_with_citations"] == 0
    assert m["injection_latency_ms"]["p50"] is not None
    assert m["restatements"]["total"] == 1  # the write side knows restatements without citations


def test_memory_agent_cites_and_strips(store):
    ctx = MemoryContext(user_id="ada")
    model = MemoryCitingChatModel(reply="You like green tea.")
    graph = create_memory_agent(store, model).compile()
    graph.invoke({"messages": [("user", "Remember that I prefer green tea.")]}, context=ctx)
    out = graph.invoke({"messages": [("user", "Which tea should I buy?")]}, context=ctx)
    assert out["messages"][-1].content == "You like green tea."
    assert CITE_INSTRUCTION in model.prompts[-1][0].content
    used = [e["memory_id"] for e in usage_log(store).events(ctx) if e["op"] == "used"]
    assert used == out["memory_injected_ids"] and used


def test_cite_node_list_content_and_failure_isolated(store, caplog):
    ctx = MemoryContext(user_id="ada")
    msg = AIMessage([{"type": "text", "text": "Tea.\n<memory-used>mem_a</memory-used>"}], id="r1")
    node = CiteNode(store)
    out = node.run({"messages": [msg], "memory_injected_ids": ["mem_a"], "memory_recall_id": "t"}, ctx, None)
    assert out["messages"][0].content == "Tea." and out["messages"][0].id == "r1"
    usage_log(store).close()  # recording now fails: the reply is still cleaned, the failure logged
    out = node.run({"messages": [msg], "memory_injected_ids": ["mem_a"]}, ctx, None)
    assert out["messages"][0].content == "Tea." and "recording citations failed" in caplog.text
    store._usage_log = None  # noqa: SLF001 - the closed log is dropped so the fixture closes cleanly


def test_metrics_bad_input_names_the_field(store):
    admin = MemoryAdmin(store)
    with pytest.raises(ValueError, match="user_id"):
        admin.metrics({"org_id": "default"})
    with pytest.raises(ValueError, match="stale_days"):
        admin.metrics({"user_id": "ada"}, stale_days=0)
    for huge in (float("inf"), float("nan"), 1e10):  # once an OverflowError deep in timedelta
        with pytest.raises(ValueError, match="stale_days must be a number of days above 0 and at most 36500"):
            admin.metrics({"user_id": "ada"}, stale_days=huge)
    with pytest.raises(ValueError, match="unknown metrics scope"):
        admin.metrics({"user_id": "ada", "level": "org"})


def test_cli_stats_json_is_one_document(tmp_path, capsys):
    home = tmp_path / "stats-home"
    from langmem_nodes.store import MemoryStore

    with MemoryStore(home, embedder="hashing") as s:
        conv = Conversation(s)
        conv.turn(MemoryContext(user_id="ada"), 0, "a", "Remember that I prefer green tea.")
        conv.turn(MemoryContext(user_id="ada"), 1, "a", "Which tea should I buy?")
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    stats = subprocess.run([sys.executable, "-m", "langmem_nodes.cli", "--home", str(home), "stats", "--user", "ada",
                            "--json"], capture_output=True, text=True, env=env, check=True)
    tool = subprocess.run([sys.executable, "-m", "json.tool"], input=stats.stdout, capture_output=True, text=True,
                          check=True)
    doc = json.loads(tool.stdout)
    assert set(doc) >= {"restatements", "hit_rate", "unused_injection_ratio", "injection_latency_ms",
                        "stale_citation_rate", "counts"}
    assert doc["counts"]["turns"] == 2 and doc["hit_rate"] == 1.0
    assert cli_main(["--home", str(home), "stats", "--user", "ada", "--since", "30"]) == 0
    table = capsys.readouterr().out
    assert "hit rate" in table and "100.0%" in table
    with pytest.raises(SystemExit) as refused:  # refused by the argument parser
        cli_main(["--home", str(home), "stats", "--user", "ada", "--stale-days", "0"])
    assert refused.value.code == 2
    assert "--stale-days" in capsys.readouterr().err


def _needs_home(question: str, text: str) -> bool:
    return ("Where" in question and ("lives in" in text or "based in" in text)) or ("哪里" in question and "住在" in text)


@pytest.mark.parametrize(("lang", "fact", "ask", "moved"), [
    ("en", "I live in Lyon.", "Where do I live? I live in Lyon.", "I now live in Berlin."),
    ("zh", "我住在上海。", "我住在哪里？我住在上海。", "我搬到北京了。"),
])
def test_restated_while_injected_and_a_superseded_citation_is_stale(store, lang, fact, ask, moved):
    ctx = MemoryContext(user_id=f"mover-{lang}")
    conv = Conversation(store)
    conv.model.needs = _needs_home
    first = conv.turn(ctx, 0, "a", fact)
    home = first["memory_written"][0]["id"]
    out = conv.turn(ctx, 1, "b", ask)  # injected, cited, and restated in the same message
    assert out["memory_injected_ids"] == [home]
    m = MemoryAdmin(store).metrics(ctx)
    assert m["restatements"] == {"total": 1, "missed": 0, "injected": 1}
    assert m["hit_rate"] == 1.0 and m["stale_citation_rate"] == 0.0
    conv.turn(ctx, 5, "c", moved)  # supersedes the cited memory 4 days after the citation
    assert store.get(home).superseded_by
    assert MemoryAdmin(store).metrics(ctx)["stale_citation_rate"] == 1.0
    assert MemoryAdmin(store).metrics(ctx, stale_days=3)["stale_citation_rate"] == 0.0
