"""ForgetRequestNode: zh/en requests, candidates within the user's own scope, confirmation protocols."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.types import Command

from langmem_nodes.governance import ForgetRequestNode, ForgetState
from langmem_nodes.governance.forget_node import parse_confirmation, request_topic
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope


@pytest.fixture
def store(backend_store):
    """Every test here runs on SQLite and on PostgreSQL."""
    return backend_store

def rec(text: str, user: str = "alice", **kw) -> MemoryRecord:
    return MemoryRecord(text=text, scope=Scope(user_id=user, **kw))


@pytest.mark.parametrize(
    ("request_text", "topic"),
    [
        ("forget what I said about coffee", "coffee"),
        ("Please delete everything I told you about my sister.", "sister"),
        ("忘掉我说的那个咖啡的事", "咖啡"),
        ("请删除关于我妹妹的记忆。", "我妹妹"),
        ("别再记着我的生日了", "我的生日"),
        ("coffee", "coffee"),
    ],
)
def test_request_topic(request_text, topic):
    assert request_topic(request_text) == topic


def test_parse_confirmation():
    ids = ["m1", "m2", "m3"]
    assert parse_confirmation(True, ids) == ids and parse_confirmation("是", ids) == ids
    assert parse_confirmation("Yes.", ids) == ids and parse_confirmation("取消", ids) == []
    assert parse_confirmation([2, "m3"], ids) == ["m2", "m3"] and parse_confirmation("1，3", ids) == ["m1", "m3"]
    with pytest.raises(ValueError, match="not one of the candidates"):
        parse_confirmation(["m9"], ids)
    with pytest.raises(ValueError, match="outside"):
        parse_confirmation([4], ids)
    with pytest.raises(ValueError, match="cannot read"):
        parse_confirmation(3.5, ids)


@pytest.fixture
def seeded(store):
    mine = [rec("I drink coffee every morning"), rec("我每天早上喝咖啡"), rec("I live in Lyon"),
            rec("coffee gives me headaches after 4pm", level="session", session_id="s1")]
    theirs = [rec("I drink coffee every morning", user="bob"), rec("我也喝咖啡", user="bob")]
    store.commit(add=mine + theirs)
    return store, mine, theirs


def test_two_step_state_protocol_english(seeded):
    store, mine, theirs = seeded
    node, ctx = ForgetRequestNode(store), MemoryContext(user_id="alice", session_id="s2")
    ask = node.run({"memory_forget_request": "forget what I said about coffee"}, ctx, None)
    assert ask["memory_forget_status"] == "awaiting_confirmation"
    offered = [c["id"] for c in ask["memory_forget_candidates"]]
    # other session of the same user included, and what they said of coffee in Chinese (newcomer23 H4); never bob's
    assert set(offered) == {mine[0].id, mine[1].id, mine[3].id}
    assert all(store.get(i) is not None for i in offered)  # nothing deleted before confirmation
    done = node.run({**ask, "memory_forget_confirm": [mine[0].id]}, ctx, None)
    assert done["memory_forget_status"] == "forgotten" and [r["id"] for r in done["memory_forgotten"]] == [mine[0].id]
    assert all(store.verify_gone(mine[0].id).values()) and store.get(mine[3].id) is not None
    assert all(store.get(r.id) is not None for r in theirs)


def test_chinese_request_and_cancel(seeded):
    store, mine, _ = seeded
    node, ctx = ForgetRequestNode(store, reply=True), MemoryContext(user_id="alice")
    ask = node.run({"messages": [HumanMessage("忘掉我说的那个咖啡的事")]}, ctx, None)
    offered = [c["id"] for c in ask["memory_forget_candidates"]]
    assert offered[0] == mine[1].id and set(offered) == {mine[0].id, mine[1].id, mine[3].id}  # zh first, en too
    assert "要忘掉" in ask["messages"][0].content
    no = node.run({**ask, "memory_forget_confirm": "不"}, ctx, None)
    assert no["memory_forget_status"] == "cancelled" and store.get(mine[1].id) is not None
    yes = node.run({**ask, "memory_forget_confirm": "1"}, ctx, None)
    assert yes["memory_forget_status"] == "forgotten" and store.get(mine[1].id) is None
    assert store.get(mine[0].id) is not None


def test_confirmation_cannot_reach_other_users(seeded):
    store, _, theirs = seeded
    node, ctx = ForgetRequestNode(store), MemoryContext(user_id="alice")
    forged = [{"id": theirs[0].id, "text": "x"}]  # a client sends back a tampered candidate list
    out = node.run({"memory_forget_candidates": forged, "memory_forget_confirm": True}, ctx, None)
    assert out["memory_forget_status"] == "cancelled" and store.get(theirs[0].id) is not None



def test_a_forged_confirmation_keeps_only_the_users_own_records_in_the_runs_scope(store):
    """Red team 8 H4: ada in project Q sent back the ids of project P's shared facts and "yes": both were deleted."""
    shared = [rec("Project uses pnpm", level="project", project_id="P"), rec("项目使用pnpm", level="project", project_id="Q"),
              rec("Org uses Slack", level="org")]
    other_project_session = rec("我在P项目里用Vim", level="session", project_id="P", session_id="s1")
    mine = rec("I drink coffee every morning")
    store.commit(add=[*shared, other_project_session, mine])
    node, ctx = ForgetRequestNode(store), MemoryContext(user_id="alice", project_id="Q", session_id="s2")
    forged = [{"id": r.id, "text": "x"} for r in [*shared, other_project_session, mine]]
    out = node.run({"memory_forget_candidates": forged, "memory_forget_confirm": "是",
                    "memory_forget_status": "awaiting_confirmation"}, ctx, None)
    assert [r["id"] for r in out["memory_forgotten"]] == [mine.id]
    assert all(store.get(r.id) is not None for r in [*shared, other_project_session])
    alone = node.run({"memory_forget_candidates": forged[:1], "memory_forget_confirm": True}, ctx, None)
    assert alone["memory_forget_status"] == "cancelled" and store.get(shared[0].id) is not None

def test_nothing_found(seeded):
    store, _, _ = seeded
    out = ForgetRequestNode(store).run({"memory_forget_request": "forget what I said about skiing"}, MemoryContext(user_id="alice"), None)
    assert out["memory_forget_status"] == "nothing_found"
    with pytest.raises(ValueError, match="no forget request"):
        ForgetRequestNode(store).run({}, MemoryContext(user_id="alice"), None)


def test_langgraph_interrupt_flow(seeded):
    store, mine, theirs = seeded
    g = StateGraph(ForgetState, context_schema=MemoryContext)
    node = ForgetRequestNode(store, use_interrupt=True)
    g.add_node(node.name, node.as_node()).add_edge(START, node.name).add_edge(node.name, END)
    app = g.compile(checkpointer=InMemorySaver())
    cfg = {"configurable": {"thread_id": "t1"}}
    ctx = MemoryContext(user_id="alice")
    first = app.invoke({"messages": [HumanMessage("Forget what I said about coffee")]}, cfg, context=ctx)
    question = first["__interrupt__"][0].value
    assert {c["id"] for c in question["candidates"]} == {mine[0].id, mine[1].id, mine[3].id}
    assert store.get(mine[0].id) is not None
    final = app.invoke(Command(resume="yes"), cfg, context=ctx)
    assert final["memory_forget_status"] == "forgotten"
    assert store.get(mine[0].id) is None and store.get(mine[1].id) is None and store.get(mine[3].id) is None
    assert all(store.get(r.id) is not None for r in theirs)


def _interrupt_app(store, **kw):
    g = StateGraph(ForgetState, context_schema=MemoryContext)
    node = ForgetRequestNode(store, use_interrupt=True, **kw)
    g.add_node(node.name, node.as_node()).add_edge(START, node.name).add_edge(node.name, END)
    return g.compile(checkpointer=InMemorySaver())


@pytest.mark.parametrize(("request_text", "answer"), [
    ("Forget what I said about coffee", "yes"), ("Forget what I said about coffee", "1"),
    ("忘掉我说的那个咖啡的事", "是"), ("忘掉我说的那个咖啡的事", "1"),
])
def test_interrupt_resume_deletes_only_what_was_shown_even_if_a_match_arrives_meanwhile(seeded, request_text, answer):
    store, mine, theirs = seeded
    app, ctx = _interrupt_app(store), MemoryContext(user_id="alice")
    cfg = {"configurable": {"thread_id": f"race-{answer}"}}
    first = app.invoke({"messages": [HumanMessage(request_text)]}, cfg, context=ctx)
    payload = first["__interrupt__"][0].value
    shown = payload["candidate_ids"]
    assert shown == [c["id"] for c in payload["candidates"]] and shown
    # between the question and the answer, a memory matching the request is written, ranking first
    late = rec("coffee coffee: I drink coffee every morning" if request_text.isascii() else "我每天早上喝咖啡，咖啡")
    store.commit(add=[late])
    final = app.invoke(Command(resume=answer), cfg, context=ctx)
    assert store.get(late.id) is not None  # never shown, never deleted
    gone = [r["id"] for r in final["memory_forgotten"]]
    assert gone == (shown if answer in ("yes", "是") else shown[:1])
    assert all(store.get(i) is None for i in gone) and all(store.get(r.id) is not None for r in theirs)


@pytest.mark.parametrize("answer", ["7", "maybe", ["mem_not_shown"], "2, 9"])
def test_an_answer_naming_nothing_shown_deletes_nothing_and_says_so(seeded, answer):
    store, mine, _ = seeded
    app, ctx = _interrupt_app(store, reply=True), MemoryContext(user_id="alice")
    cfg = {"configurable": {"thread_id": "unmatched"}}
    app.invoke({"messages": [HumanMessage("Forget what I said about coffee")]}, cfg, context=ctx)
    before = store.count()
    final = app.invoke(Command(resume=answer), cfg, context=ctx)
    assert final["memory_forget_status"] == "unmatched" and final["memory_forgotten"] == []
    assert store.count() == before and final["messages"][-1].content.startswith("Nothing was forgotten")


def test_two_step_protocol_unmatched_answer_deletes_nothing(seeded):
    store, mine, _ = seeded
    node, ctx = ForgetRequestNode(store), MemoryContext(user_id="alice")
    ask = node.run({"memory_forget_request": "forget what I said about coffee"}, ctx, None)
    out = node.run({**ask, "memory_forget_confirm": "9"}, ctx, None)
    assert out["memory_forget_status"] == "unmatched" and all(store.get(c["id"]) for c in ask["memory_forget_candidates"])


def test_interrupt_flow_async(seeded):
    import asyncio

    store, mine, _ = seeded
    app, ctx = _interrupt_app(store), MemoryContext(user_id="alice")
    cfg = {"configurable": {"thread_id": "async"}}
    first = asyncio.run(app.ainvoke({"messages": [HumanMessage("Forget what I said about coffee")]}, cfg, context=ctx))
    shown = first["__interrupt__"][0].value["candidate_ids"]
    final = asyncio.run(app.ainvoke(Command(resume="1"), cfg, context=ctx))
    assert [r["id"] for r in final["memory_forgotten"]] == shown[:1] and store.get(shown[0]) is None
