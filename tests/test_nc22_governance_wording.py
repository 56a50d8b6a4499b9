"""newcomer22 L1/L2/L8: what governance says must match what happened.

L1: `show` prints a decision trace once (the write and promote entries of one turn share it); `remember` calls a
session memory moved to the user level "promoted", not "superseded". L2: a member asking in chat to forget a shared
team rule is told it is a shared team memory an admin can remove, not that nothing matched. L8: an admin lists the
org's memories with a filter dict naming only the org (or `level: "org"`); `user_id: "*"` is a clear ValueError."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from langchain_core.messages import HumanMessage
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, add_memory, memory_messages
from langmem_nodes.cli import main
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.governance.forget_in_chat import carry_out, forget_notice
from langmem_nodes.testing import MemoryEchoChatModel
from langmem_nodes.write import PromoteNode, create_write_graph

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def cli(capsys, home, *argv):
    code = main(["--home", str(home), "--embedder", "hashing", *argv])
    return code, capsys.readouterr().out


@pytest.mark.parametrize("said", ["Remember that I live in Bergen.", "记住：我住在卑尔根。"])
def test_show_prints_a_shared_decision_trace_once(tmp_path, capsys, said):
    home = tmp_path / "home"
    code, out = cli(capsys, home, "remember", said, "--user", "ada", "--session", "s1", "--json")
    mid = json.loads(out)["written"][0]["id"]
    code, out = cli(capsys, home, "show", mid)
    assert code == 0 and out.count("extract: ") == 1, out
    assert "promote:" in out  # the promote entry is still listed


@pytest.mark.parametrize("said", ["I use Vim.", "我用 Vim。"])
def test_remember_calls_a_promotion_a_promotion(tmp_path, capsys, said):
    home = tmp_path / "home"
    cli(capsys, home, "remember", said, "--user", "ada", "--session", "s1")
    code, out = cli(capsys, home, "remember", said, "--user", "ada", "--session", "s2")
    assert code == 0 and "superseded" not in out, out
    assert "promoted" in out and "user level" in out, out


def _team(store, said):
    g = create_write_graph(store).compile()
    for user, project in (("ana", "web"), ("cai", "api")):
        g.invoke({"messages": [HumanMessage(content=said)]},
                 context=MemoryContext(user_id=user, project_id=project, session_id="s1", org_id="acme"))


@pytest.mark.parametrize(("said", "forget", "shared_words"), [
    ("Team rule from now on: never commit to main.", "Forget the rule about committing to main.", "shared team memory"),
    ("团队规定：以后不要直接提交到 main。", "忘掉关于提交到 main 的规则", "团队共享"),
])
def test_member_forgetting_a_team_rule_is_told_it_is_shared(store, said, forget, shared_words):
    _team(store, said)
    ben = MemoryContext(user_id="ben", project_id="web", org_id="acme")
    out = carry_out(store, forget, ben)
    assert not out.forgotten and out.shared, out
    notice = forget_notice(out)
    assert shared_words in notice and ("admin" in notice or "管理员" in notice), notice
    assert len(MemoryAdmin(store).list(ben)) == 1  # nothing deleted

    llm = MemoryEchoChatModel()
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda s: {"messages": [llm.invoke(memory_messages(s, system="x"))]})
    b.add_edge(START, "agent").add_edge("agent", END)
    reply = add_memory(b, store, agent="agent").compile().invoke(
        {"messages": [HumanMessage(content=forget)]}, context=ben)["messages"][-1].content
    assert "Nothing stored matched" not in reply and "没有找到相关的记忆" not in reply, reply
    assert "admin" in reply or "管理员" in reply, reply


def test_an_admin_lists_the_org_memories(store):
    _team(store, "Team rule from now on: never commit to main.")
    web = MemoryAdmin(store).list_all()
    node = PromoteNode(store)
    org = node.promote_to_org(next(m["id"] for m in web if m["scope"]["project_id"] == "web"), confirmed_by="cto", now=T0)
    adm = MemoryAdmin(store)
    assert [m["id"] for m in adm.list({"org_id": "acme"})] == [org.id]
    assert [m["id"] for m in adm.list({"org_id": "acme", "level": "org"})] == [org.id]
    with pytest.raises(ValueError, match="level"):
        adm.list({"org_id": "acme", "user_id": "*"})


@pytest.mark.parametrize("forget", ["Please forget where I live.", "忘掉我的地址", "Forget that I like tea."])
def test_an_unrelated_forget_request_does_not_name_the_team_rule(store, forget):
    _team(store, "Team rule from now on: never commit to main.")
    out = carry_out(store, forget, MemoryContext(user_id="ben", project_id="web", org_id="acme"))
    assert not out.shared and "commit" not in forget_notice(out)
