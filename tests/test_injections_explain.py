"""newcomer22 M4: "why did the agent see X on that turn" answered after the fact. Each `inject` event keeps the
score parts of every injected id; `MemoryAdmin.injections` / `langmem-nodes injections` read them back per recall
id; `recall --explain` gives the parts and the best candidates not used, with the reason."""

from __future__ import annotations

import json

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.cli import main
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.read import create_read_graph
from langmem_nodes.records import MemoryContext
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import create_write_graph

CASES = [("en", ["Remember that I'm allergic to peanuts.", "Remember that I live in Oslo."], "what am I allergic to?",
          "peanuts"),
         ("zh", ["记住：我对花生过敏。", "记住：我住在杭州。"], "我对什么过敏？", "花生")]


def _home(tmp_path, said):
    home = tmp_path / "home"
    store = MemoryStore(home, embedder="hashing")
    ctx = MemoryContext(user_id="ada")
    g = create_write_graph(store).compile()
    for text in said:
        g.invoke({"messages": [HumanMessage(content=text)]}, context=ctx)
    return home, store, ctx


def cli(capsys, home, *argv):
    try:
        code = main(["--home", str(home), "--embedder", "hashing", *argv])
    except SystemExit as exc:  # a usage mistake caught by the parser
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(("lang", "said", "question", "value"), CASES)
def test_injections_name_each_injected_memory_with_its_score_parts(tmp_path, capsys, lang, said, question, value):
    home, store, ctx = _home(tmp_path, said)
    out = create_read_graph(store).compile().invoke({"messages": [HumanMessage(content=question)]}, context=ctx)
    recall_id, injected = out["memory_recall_id"], out["memory_injected_ids"]
    assert recall_id and injected
    (turn,) = MemoryAdmin(store).injections({"user_id": "ada"}, recall_id=recall_id)
    assert [m["id"] for m in turn["memories"]] == injected
    first = turn["memories"][0]
    assert value in first["text"] and {"sim", "fresh", "src", "confidence", "final"} <= set(first["scores"])
    store.close()
    code, stdout, _ = cli(capsys, home, "injections", "--user", "ada", "--recall-id", recall_id, "--json")
    assert code == 0
    (shown,) = json.loads(stdout)["injections"]
    assert shown["recall_id"] == recall_id and shown["memories"][0]["scores"] == first["scores"]
    code, stdout, _ = cli(capsys, home, "injections", "--user", "ada")
    assert code == 0 and recall_id in stdout and "sim " in stdout and value in stdout


def test_injections_cli_mistakes_are_one_error_line(tmp_path, capsys):
    home, store, _ = _home(tmp_path, ["Remember that I live in Oslo."])
    store.close()
    for argv in (["injections", "--user", "ada", "--recall-id", "rcl_nope"], ["injections", "--user", "ada", "--last", "0"],
                 ["injections", "--user", "ada", "--recall-id", "bad id\n"], ["injections"]):
        code, stdout, err = cli(capsys, home, *argv)
        assert code == 2 and err.startswith("error:") and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    code, stdout, _ = cli(capsys, home, "injections", "--user", "bob")
    assert code == 0 and "no injections recorded" in stdout


@pytest.mark.parametrize(("lang", "said", "question", "value"), CASES)
def test_recall_explain_gives_parts_and_the_candidates_not_used(tmp_path, capsys, lang, said, question, value):
    home, store, _ = _home(tmp_path, said)
    store.close()
    code, stdout, _ = cli(capsys, home, "recall", question, "--user", "ada", "--explain", "--json")
    assert code == 0
    data = json.loads(stdout)
    (used,) = data["memories"]
    assert value in used["text"] and {"sim", "final"} <= set(used["scores"])
    assert data["rejected"], data
    assert all(r["reason"] and r["id"] != used["id"] for r in data["rejected"])
    code, stdout, _ = cli(capsys, home, "recall", question, "--user", "ada", "--explain")
    assert code == 0 and "not used [" in stdout
    code, stdout, _ = cli(capsys, home, "recall", question, "--user", "ada", "--json")
    assert "rejected" not in json.loads(stdout)  # without --explain the document is as before


def test_an_add_memory_turn_records_why_each_memory_was_injected(store):
    """The one-node recall of `add_memory` (`RecallTurn`) records the score parts too: its recall id finds them."""
    from langchain_core.messages import AIMessage
    from langgraph.graph import END, START, StateGraph

    from langmem_nodes import MemoryState, add_memory

    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda s: {"messages": [AIMessage("ok")]}).add_edge(START, "agent").add_edge("agent", END)
    g = add_memory(b, store, agent="agent").compile()
    ctx = MemoryContext(user_id="ada")
    g.invoke({"messages": [HumanMessage(content="Remember that I'm allergic to peanuts.")]}, context=ctx)
    out = g.invoke({"messages": [HumanMessage(content="我对什么过敏？")]}, context=ctx)
    assert out["memory_injected_ids"]
    (turn,) = MemoryAdmin(store).injections(ctx, recall_id=out["memory_recall_id"])
    assert [m["id"] for m in turn["memories"]] == out["memory_injected_ids"]
    assert all({"sim", "final"} <= set(m["scores"]) for m in turn["memories"])
