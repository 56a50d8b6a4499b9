"""Two rules about one aspect of the work (indentation, quotes, naming, test framework, the language of answers,
comments or commit messages, …) are exclusive (newcomer21 H2): the newer explicit one supersedes the older, never
deleting it; an inferred one does not outrank an explicit one. Rules about different aspects, or about one aspect
of different things (naming of tables vs of variables), stand together. En + zh, through `add_memory`."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory
from langmem_nodes.records import MemoryRecord, Source, Status
from langmem_nodes.write.rule_aspect import aspect


@pytest.fixture
def chat(tmp_path, fake_embedder):
    store = MemoryStore(tmp_path / "home", embedder=fake_embedder)
    b = StateGraph(MemoryState, context_schema=MemoryContext)
    b.add_node("agent", lambda state: {"messages": [AIMessage("ok")]}).add_edge(START, "agent").add_edge("agent", END)
    graph = add_memory(b, store, agent="agent").compile()
    ctx = MemoryContext(user_id="dev", project_id="repoA", session_id="s1")

    def say(text: str) -> dict:
        return graph.invoke({"messages": [("user", text)]}, context=ctx)

    yield say, store
    store.close()


def _rules(store) -> list[str]:
    return [r.object for r in store.find(None) if r.predicate == "rule"]


PAIRS = [
    ("From now on, use 2-space indentation in this repo.", "In this repo we always use tabs, from now on.", "tab"),
    ("From now on, indent with 4 spaces in this repo.", "From now on, use 2-space indentation in this repo.", "2"),
    ("From now on, always use single quotes in this repo.", "From now on, use double quotes in this repo.", "double"),
    ("From now on, name variables in camelCase.", "From now on, always name variables in snake_case.", "snake"),
    ("From now on, always write tests with pytest.", "From now on, write tests with unittest.", "unittest"),
    ("From now on, write our tests with Jest.", "From now on, write our tests with Vitest.", "Vitest"),
    ("From now on, always answer in English.", "From now on, always answer me in Chinese.", "Chinese"),
    ("From now on, write code comments in English.", "From now on, write code comments in German.", "German"),
    ("From now on, keep lines under 80 characters in this repo.", "From now on, keep lines under 120 characters in this repo.", "120"),
    ("From now on, always use 2-space indentation.", "以后缩进都用 tab。", "tab"),
    ("以后这个仓库缩进都用两个空格。", "以后这个仓库缩进统一用四个空格。", "四"),
    ("以后字符串都用单引号。", "以后字符串全都用双引号。", "双引号"),
    ("以后变量名都用驼峰命名。", "以后变量名都用下划线命名。", "下划线"),
    ("以后代码注释都用中文写。", "以后代码注释都用英文写。", "英文"),
    ("以后回答我都用英文。", "以后回答我都用中文。", "中文"),
    ("以后这个仓库的提交信息都用英文写。", "以后这个仓库的提交信息都用中文写。", "中文"),
    ("以后测试都用 pytest 写。", "以后测试都用 unittest 写。", "unittest"),
    ("以后每行不超过 80 个字符。", "以后每行不超过 100 个字符。", "100"),
    ("以后回答我都用英文。", "From now on, always reply in Chinese.", "Chinese"),
    ("From now on, always reply in English.", "以后回答我都用中文。", "中文"),
    ("以後縮排都用兩個空格。", "以後縮排都用 tab。", "tab"),
]


@pytest.mark.parametrize("first, second, new", PAIRS)
def test_the_newer_rule_about_one_aspect_supersedes_the_older(chat, first, second, new):
    say, store = chat
    say(first)
    old = [r for r in store.find(None) if r.predicate == "rule"]
    assert len(old) == 1, _rules(store)
    say(second)
    active = _rules(store)
    assert len(active) == 1 and new.casefold() in active[0].casefold(), active
    held = store.get(old[0].id)
    assert held is not None and held.status is Status.SUPERSEDED  # kept for history


TOGETHER = [
    ("From now on, use 2-space indentation in this repo.", "From now on, always use single quotes in this repo."),
    ("From now on, always write tests with pytest.", "From now on, write the frontend tests with Jest."),
    ("From now on, always answer in English.", "From now on, write code comments in Chinese."),
    ("From now on, name variables in camelCase.", "From now on, name database tables in snake_case."),
    ("From now on, always use type hints.", "From now on, use tabs for indentation."),
    ("From now on, always use 2-space indentation.", "From now on, always use 2-space indentation in YAML files too."),
    ("以后回答我都用英文。", "以后代码注释都用中文写。"),
    ("以后变量名都用驼峰命名。", "以后数据库表名都用下划线命名。"),
    ("以后缩进都用两个空格。", "以后字符串都用单引号。"),
    ("以后提交信息都用英文写。", "以后回答我都用中文。"),
    ("以后测试都用 pytest 写。", "以后前端测试都用 Jest 写。"),
]


@pytest.mark.parametrize("first, second", TOGETHER)
def test_rules_about_other_aspects_stand_together(chat, first, second):
    say, store = chat
    say(first)
    say(second)
    assert len(_rules(store)) == 2, _rules(store)


@pytest.mark.parametrize("obj, key", [
    ("tabs", ("indentation", None)), ("2-space indentation", ("indentation", None)), ("缩进都用四个空格", ("indentation", None)),
    ("use tabs, not spaces", ("indentation", None)), ("回答我都用英文", ("language", "answer")),
    ("write code comments in English", ("language", "comment")), ("代码注释都用中文写", ("language", "comment")),
    ("name variables in camelCase", ("naming", "variable")), ("表名都用下划线", ("naming", "table")),
    ("write tests with pytest", ("test_framework", "python")), ("type hints", None), ("review every PR", None),
    ("use tabs and 4 spaces", None), ("explain in English and answer in Chinese", None),
])
def test_the_aspect_of_a_rule(obj, key):
    got = aspect(obj)
    assert (got[0][:2] if got else None) == key, got


def test_an_inferred_rule_does_not_outrank_an_explicit_one(store):
    from langmem_nodes.records import MemoryContext as Ctx
    from langmem_nodes.state import PendingWrite
    from langmem_nodes.write import create_write_graph
    from langmem_nodes.write.resolve import ResolveNode

    ctx = Ctx(user_id="dev", project_id="repoA")
    say = create_write_graph(store).compile()
    say.invoke({"messages": [("user", "From now on, use 2-space indentation in this repo.")]}, context=ctx)
    held = [r for r in store.find(None) if r.predicate == "rule"]
    guess = MemoryRecord(text="Project rule: tabs", predicate="rule", object="tabs", subject="project",
                         source=Source.INFERRED, scope=held[0].scope)
    out = ResolveNode(store).run({"memory_pending": [PendingWrite(record=guess)]}, ctx, guess.created_at)
    p = out["memory_pending"][0]
    assert p.record.status is Status.SUPERSEDED and p.record.superseded_by == held[0].id and not p.supersede
