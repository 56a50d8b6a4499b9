"""A question that names an attribute ("Which package manager does this project use?", "我们用什么数据库？")
recalls the memory holding it, though the memory names only the value («Project uses yarn»): yarn is a package
manager, Postgres a database, Helix an editor (issue 15). Memories of another category of value do not ride
along, a user with no memory of the attribute gets nothing, and scopes filter as always.

The sentences are written for this file (not taken from the abstain data sets)."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes import create_read_graph, create_write_graph
from langmem_nodes.records import Level, MemoryContext, MemoryRecord, Scope, Source

ANN = MemoryContext(user_id="ann", project_id="webshop")
BEN = MemoryContext(user_id="ben", project_id="webshop")
BEN_ELSEWHERE = MemoryContext(user_id="ben", project_id="other")


def _project(text: str, predicate: str, obj: str) -> MemoryRecord:
    return MemoryRecord(text=text, subject="project", predicate=predicate, object=obj, source=Source.EXPLICIT,
                        confidence=0.9, scope=Scope(user_id="ann", project_id="webshop", level=Level.PROJECT))


def _user(text: str, predicate: str, obj: str, user: str = "ann") -> MemoryRecord:
    return MemoryRecord(text=text, subject="user", predicate=predicate, object=obj, source=Source.EXPLICIT,
                        confidence=0.9, scope=Scope(user_id=user))


# the records the rule extractor writes for "This project uses yarn", "Our database is Postgres", ...
MEMORIES = {
    "en": [_project("Project uses yarn", "package_manager", "yarn"), _project("Project uses Fly.io", "uses", "Fly.io"),
           _project("Project uses Postgres", "uses", "Postgres"), _user("User uses Helix", "uses", "Helix"),
           _user("User lives in Oslo", "lives_in", "Oslo")],
    "zh": [_project("项目使用pnpm", "package_manager", "pnpm"), _project("项目使用MySQL", "uses", "MySQL"),
           _project("项目部署在 Fly.io", "uses", "Fly.io"), _user("用户使用Vim", "uses", "Vim"),
           _user("用户住在杭州", "lives_in", "杭州")],
}
QUESTIONS = {  # question → the one memory it asks for
    "en": {"Which package manager does this project use?": "Project uses yarn",
           "What database do we use?": "Project uses Postgres",
           "Which editor do I use?": "User uses Helix"},
    "zh": {"这个项目用哪个包管理器？": "项目使用pnpm", "我们用什么数据库？": "项目使用MySQL", "我的编辑器用的是什么？": "用户使用Vim"},
}
# what other users / projects see: project memories are shared in the project, user memories are not
FOR_BEN = {"en": ("Which package manager does this project use?", "Which editor do I use?"),
           "zh": ("这个项目用哪个包管理器？", "我的编辑器用的是什么？")}
NOTHING_ASKED = {"en": ["Write a haiku about autumn", "What is a package manager?"],
                 "zh": ["讲个笑话", "什么是数据库？"]}


@pytest.fixture
def default_store(tmp_path):
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "home") as store:  # the default embedder (minilm+e5): both languages
        yield store


def _selected(store, text: str, ctx: MemoryContext) -> list[str]:
    out = create_read_graph(store, record_usage=False).compile().invoke({"messages": [("user", text)]}, context=ctx)
    return [h.record.text for h in out["memory_selected"]]


@pytest.mark.parametrize(("text", "asked"), [
    ("Which package manager does this project use?", {"package_manager"}), ("What database do we use?", {"database"}),
    ("Which editor do I use?", {"editor"}), ("what IDE are you using", {"editor"}), ("这个项目用哪个包管理器？", {"package_manager"}),
    ("我们用什么数据库？", {"database"}), ("编辑器用的是哪个", {"editor"}), ("Where do I live?", {"residence"}),
    ("What tools do I use?", set()), ("我住在哪？", {"residence"}), ("Where is the nearest pharmacy?", set()),
])
def test_the_attribute_a_question_names(text, asked) -> None:
    from langmem_nodes.categories import asked_categories

    assert asked_categories(text) == asked


@pytest.mark.parametrize(("text", "cats"), [
    ("Project uses yarn", {"package_manager"}), ("项目使用pnpm", {"package_manager"}), ("Project uses Postgres", {"database"}),
    ("项目使用MySQL", {"database"}), ("User uses Helix", {"editor"}), ("用户使用Vim", {"editor"}),
    ("User lives in Oslo", set()), ("User prefers spaces over tabs", set()), ("User likes yarnbombing", set()),
])
def test_the_category_of_a_memory_value(text, cats) -> None:
    from langmem_nodes.categories import value_categories

    assert value_categories(text) == cats


@pytest.mark.integration
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_attribute_question_gets_the_memory_of_its_values(default_store, lang) -> None:
    default_store.commit(add=MEMORIES[lang])
    for question, wanted in QUESTIONS[lang].items():
        assert _selected(default_store, question, ANN) == [wanted], question


@pytest.mark.integration
def test_a_chinese_question_finds_an_english_memory(default_store) -> None:
    default_store.commit(add=MEMORIES["en"])
    assert _selected(default_store, "这个项目用哪个包管理器？", ANN) == ["Project uses yarn"]
    assert _selected(default_store, "我们用什么数据库？", ANN) == ["Project uses Postgres"]


@pytest.mark.integration
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_scopes_filter_attribute_questions(default_store, lang) -> None:
    default_store.commit(add=MEMORIES[lang])
    project_question, personal_question = FOR_BEN[lang]
    assert _selected(default_store, project_question, BEN) == [QUESTIONS[lang][project_question]]
    assert _selected(default_store, personal_question, BEN) == []  # ann's editor is hers
    assert _selected(default_store, project_question, BEN_ELSEWHERE) == []


@pytest.mark.integration
@pytest.mark.parametrize(("lang", "question"), [
    ("en", "Which editor do I use?"), ("en", "What database do we use?"),
    ("zh", "我的编辑器用的是什么？"), ("zh", "我们用什么数据库？"),
])
def test_no_memory_of_the_attribute_injects_nothing(default_store, lang, question) -> None:
    default_store.commit(add=[m for m in MEMORIES[lang] if m.predicate != "uses"])  # a package manager, a city
    assert _selected(default_store, question, ANN) == []


@pytest.mark.integration
@pytest.mark.parametrize(("said", "question"), [
    (["Team rule from now on: always squash before merging.", "Remember that I live in Lyon."],
     "Which package manager does this project use?"),
    (["团队规定，以后提交前都要先跑测试。", "记住：我住在成都。"], "这个项目用哪个包管理器？"),
])
def test_a_rule_not_naming_the_attribute_answers_no_value_question(default_store, said, question) -> None:
    """newcomer22 M5: "Which package manager does this project use?" got «Project rule: never commit to main»."""
    write = create_write_graph(default_store).compile()
    for text in said:
        write.invoke({"messages": [HumanMessage(text)]}, context=ANN)
    assert _selected(default_store, question, BEN) == []


@pytest.mark.integration
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_questions_naming_no_attribute_are_unchanged(default_store, lang) -> None:
    default_store.commit(add=MEMORIES[lang])
    for question in NOTHING_ASKED[lang]:
        assert _selected(default_store, question, ANN) == [], question


@pytest.mark.integration
def test_the_corrected_package_manager_is_recalled_in_a_chat(tmp_path) -> None:
    """newcomer4 s9: pnpm, then "Actually we use yarn, not pnpm.", then the question."""
    from langgraph.graph import END, START, StateGraph

    from langmem_nodes import MemoryState, MemoryStore, add_memory, memory_messages
    from langmem_nodes.testing import MemoryEchoChatModel

    llm = MemoryEchoChatModel()
    builder = StateGraph(MemoryState, context_schema=MemoryContext)
    builder.add_node("agent", lambda s: {"messages": [llm.invoke(memory_messages(s, system="You are helpful."))]})
    builder.add_edge(START, "agent").add_edge("agent", END)
    with MemoryStore(tmp_path / "home") as store:
        graph = add_memory(builder, store, agent="agent").compile()
        said = [("1", "This project uses pnpm."), ("1", "Remember that this project deploys to Fly.io."),
                ("2", "Actually we use yarn, not pnpm.")]
        for session, text in said:
            ctx = MemoryContext(user_id="ann", project_id="webshop", session_id=session)
            graph.invoke({"messages": [("user", text)]}, context=ctx)
        ask = MemoryContext(user_id="ann", project_id="webshop", session_id="2")
        out = graph.invoke({"messages": [("user", "Which package manager does this project use?")]}, context=ask)
        assert "«Project uses yarn»" in out["memory_injection"] and "Fly.io" not in out["memory_injection"]
        assert "yarn" in out["messages"][-1].content


CI = {"en": (_project("Project uses GitHub Actions", "uses", "GitHub Actions"),
             ["Where does our CI run?", "What CI do we use?", "Which CI system does this project use?"],
             "Which package manager does this project use?"),
      "zh": (_project("项目使用Jenkins", "uses", "Jenkins"), ["我们的 CI 用的是什么？", "我们用什么做持续集成？"],
             "这个项目用哪个包管理器？")}


@pytest.mark.integration
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_ci_is_an_attribute_and_answers_no_other(default_store, lang) -> None:
    """newcomer9 M3: "Where does our CI run?" found nothing, "Which package manager…?" got the CI memory."""
    memory, asked, other = CI[lang]
    default_store.commit(add=[memory])
    for question in asked:
        assert _selected(default_store, question, ANN) == [memory.text], question
    assert _selected(default_store, other, ANN) == []


@pytest.mark.parametrize(("text", "asked"), [("Where does our CI run?", {"ci"}), ("我们的 CI 用的是什么？", {"ci"}),
                                             ("What does the CIA do?", set()), ("这家公司的 CIO 是谁？", set())])
def test_ci_questions_are_named_by_word_not_by_letters(text, asked) -> None:
    from langmem_nodes.categories import asked_categories

    assert asked_categories(text) == asked
