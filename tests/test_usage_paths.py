"""Usage events on every way into memory: the prebuilt-agent integrations cite too, a plain read graph records
its injection, and a bulk delete leaves no id of what it deleted in the usage ledger."""

from __future__ import annotations

import pytest
from langchain.agents import create_agent
from langgraph.checkpoint.memory import MemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.prebuilt import create_react_agent

from langmem_nodes import MemoryContext, MemoryState, add_memory, create_read_graph, memory_messages
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.hooks import memory_hooks
from langmem_nodes.middleware import MemoryMiddleware
from langmem_nodes.testing import MemoryCitingChatModel
from langmem_nodes.usage import CITE_INSTRUCTION, usage_log

CASES = [("en", "Remember that I prefer green tea.", "Which tea should I buy?"),
         ("zh", "记住我住在上海。", "上海今天天气怎么样？")]


def _ops(store, ctx):
    return [(e["op"], e["memory_id"]) for e in usage_log(store).events(ctx)]


def _agent(kind, store, model):
    if kind == "middleware":
        return create_agent(model, [], middleware=[MemoryMiddleware(store, cite=True)], context_schema=MemoryContext)
    return create_react_agent(model, [], **memory_hooks(store, prompt="Be brief.", cite=True),
                              context_schema=MemoryContext)


@pytest.mark.parametrize("kind", ["middleware", "hooks"])
@pytest.mark.parametrize(("lang", "fact", "question"), CASES)
def test_prebuilt_integrations_cite_strip_and_record(store, kind, lang, fact, question):
    ctx = MemoryContext(user_id=f"{kind}-{lang}")
    model = MemoryCitingChatModel(reply="好的。" if lang == "zh" else "OK.", forge=["mem_forged"])
    agent = _agent(kind, store, model)
    agent.invoke({"messages": [("user", fact)]}, context=ctx)
    out = agent.invoke({"messages": [("user", question)]}, context=ctx)
    injected = out["memory_injected_ids"]
    assert len(injected) == 1
    assert CITE_INSTRUCTION in model.prompts[-1][0].content  # asked for in the stable system block
    assert out["messages"][-1].content == model.reply  # the trailer is gone from what the user sees
    assert sum(m.type == "ai" for m in out["messages"]) == 1  # the cleaned reply replaced the raw one
    events = usage_log(store).events(ctx)
    used = [e["memory_id"] for e in events if e["op"] == "used"]
    assert used == injected  # the forged id is only counted
    assert [e["ignored"] for e in events if e["op"] == "citations"] == [1, 1]
    turn = next(e["turn"] for e in events if e["op"] == "used")
    assert turn == [e["turn"] for e in events if e["op"] == "inject"][-1]  # joined on this turn's inject event
    m = MemoryAdmin(store).metrics(ctx)
    assert m["hit_rate"] == 1.0 and m["counts"]["cited"]["items"] == 1


@pytest.mark.parametrize("kind", ["middleware", "hooks"])
def test_prebuilt_integrations_without_cite_ask_nothing_and_keep_used_unknown(store, kind):
    ctx = MemoryContext(user_id="nocite")
    model = MemoryCitingChatModel(cite=False)
    agent = (create_agent(model, [], middleware=[MemoryMiddleware(store)], context_schema=MemoryContext)
             if kind == "middleware" else
             create_react_agent(model, [], **memory_hooks(store), context_schema=MemoryContext))
    agent.invoke({"messages": [("user", "Remember that I prefer green tea.")]}, context=ctx)
    agent.invoke({"messages": [("user", "Which tea should I buy?")]}, context=ctx)
    assert all(CITE_INSTRUCTION not in str(p[0].content) for p in model.prompts)
    m = MemoryAdmin(store).metrics(ctx)
    assert m["hit_rate"] is None and m["counts"]["turns"] == 2


@pytest.mark.parametrize("fused", [False, True])
@pytest.mark.parametrize(("lang", "fact", "question"), CASES)
def test_a_plain_read_graph_records_its_injection(store, fused, lang, fact, question):
    ctx = MemoryContext(user_id=f"read-{lang}")
    store.commit(add=[_record(fact, ctx)])
    graph = create_read_graph(store, fused=fused).compile()
    out = graph.invoke({"messages": [("user", question)]}, context=ctx)
    [event] = [e for e in usage_log(store).events(ctx) if e["op"] == "inject"]
    assert out["memory_recall_id"] == event["turn"] and event["ids"] == out["memory_injected_ids"]
    assert event["ids"] and event["sizes"] == [len(store.get(i).text.encode()) for i in event["ids"]]
    assert event["bytes"] == len(out["memory_injection"].encode()) and event["latency_ms"] > 0
    if not fused:
        assert list(graph.get_graph().nodes)[-2:] == ["record_usage", "__end__"]
    off = create_read_graph(store, fused=fused, record_usage=False).compile()
    assert "memory_recall_id" not in off.invoke({"messages": [("user", question)]}, context=ctx)
    assert len(usage_log(store).events(ctx)) == 1


def test_add_memory_with_a_read_subgraph_joins_citations_to_its_injection(store):
    ctx = MemoryContext(user_id="sub")
    model = MemoryCitingChatModel()

    def agent(state):
        return {"messages": [model.invoke(memory_messages(state, system="Hi.", cite=True))]}

    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", agent).add_edge(START, "agent").add_edge("agent", END)
    graph = add_memory(b, store, agent="agent", read_graph=create_read_graph(store), cite=True).compile(
        checkpointer=MemorySaver())
    cfg = {"configurable": {"thread_id": "t"}}
    graph.invoke({"messages": [("user", "Remember that I prefer green tea.")]}, cfg, context=ctx)
    out = graph.invoke({"messages": [("user", "Which tea should I buy?")]}, cfg, context=ctx)
    m = MemoryAdmin(store).metrics(ctx)
    assert out["memory_injected_ids"] and m["counts"]["turns"] == 2 and m["hit_rate"] == 1.0
    assert m["counts"]["cited"]["items"] == 1 and m["injection_latency_ms"]["p50"] > 0


def _record(text, ctx):
    from langmem_nodes.records import MemoryRecord, Scope

    return MemoryRecord(text=text.removeprefix("Remember that I").removeprefix("记住"), kind="preference",
                        source="explicit", confidence=0.9, scope=Scope(user_id=ctx.user_id))


def test_delete_all_leaves_no_id_of_what_it_deleted_in_the_usage_ledger(store):
    ada, bob = MemoryContext(user_id="ada"), MemoryContext(user_id="bob")
    model = MemoryCitingChatModel()

    def agent(state):
        return {"messages": [model.invoke(memory_messages(state, system="Hi.", cite=True))]}

    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", agent).add_edge(START, "agent").add_edge("agent", END)
    graph = add_memory(b, store, agent="agent", cite=True).compile(checkpointer=MemorySaver())
    for ctx in (ada, bob):
        cfg = {"configurable": {"thread_id": ctx.user_id}}
        graph.invoke({"messages": [("user", "Remember that I prefer green tea.")]}, cfg, context=ctx)
        graph.invoke({"messages": [("user", "Which tea should I buy?")]}, cfg, context=ctx)
        graph.invoke({"messages": [("user", "记住我住在上海。")]}, {"configurable": {"thread_id": "2" + ctx.user_id}},
                     context=ctx)
        graph.invoke({"messages": [("user", "Remember that I prefer green tea.")]}, cfg, context=ctx)  # restated
    admin = MemoryAdmin(store)
    ada_ids = [r.id for r in store.find(None) if r.scope.user_id == "ada"]
    before = usage_log(store).events(ada)
    assert {"used", "restatement"} <= {e["op"] for e in before}
    assert any(set(e.get("ids", [])) & set(ada_ids) for e in before)
    bob_before = usage_log(store).events(bob)

    dry = admin.delete_all(org_id="*", project_id="*", user_id="ada", session_id="*", dry_run=True)
    assert dry["usage_events"] == 0 and usage_log(store).events(ada) == before
    out = admin.delete_all(org_id="*", project_id="*", user_id="ada", session_id="*")
    assert sorted(out["ids"]) == sorted(ada_ids) and out["usage_events"] > 0

    after = usage_log(store).events(ada)
    text = repr(after)
    assert not any(i in text for i in ada_ids)  # no id of a deleted memory survives
    assert after == []  # an erased account keeps no usage events at all (its turns included)
    assert usage_log(store).events(bob) == bob_before  # another user's events untouched
    # still append-only outside a purge
    import sqlite3

    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        usage_log(store)._conn.execute("DELETE FROM usage")
    assert admin.metrics(ada)["counts"]["cited"]["events"] == 0
