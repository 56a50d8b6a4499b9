"""A message of several questions keeps the memory one of them needs when another asks for an attribute nothing
holds (newcomer18 M1: "What do I eat? Where do I live?" injected nothing though the diet was stored), en + zh,
with the default embedder; each question asking for a value still keeps other attributes out."""

from __future__ import annotations

import pytest

from langmem_nodes import MemoryContext, MemoryStore, create_read_graph, create_write_graph
from langmem_nodes.read.attribute_route import AttributeRoute

CTX = MemoryContext(user_id="ada")


@pytest.fixture(scope="module")
def recall(tmp_path_factory):
    store = MemoryStore(tmp_path_factory.mktemp("home"))
    write = create_write_graph(store).compile()
    for text in ("I'm vegetarian.", "我对花生过敏。"):
        write.invoke({"messages": [("user", text)]}, context=CTX)
    read = create_read_graph(store).compile()
    yield lambda q: " ".join(s.record.text for s in read.invoke({"messages": [("user", q)]}, context=CTX)["memory_selected"])
    store.close()


@pytest.mark.integration
@pytest.mark.parametrize(("question", "kept"), [
    ("What do I eat? Where do I live?", "vegetarian"),
    ("Where do I live? What do I eat?", "vegetarian"),
    ("我对什么过敏？我住在哪？", "花生"),
    ("我住哪儿？另外我对什么过敏？", "花生"),
])
def test_the_other_question_keeps_its_memory(recall, question, kept):
    assert kept in recall(question)


@pytest.mark.parametrize(("text", "lookup"), [
    ("Where do I live?", {"residence"}),
    ("What do I eat? Where do I live?", {"diet", "residence"}),  # each names its attribute (diet: stop 41)
    ("What should I cook tonight? Where do I live?", set()),  # one names none: it may need any memory
    ("我的猫叫什么？我住在哪？", {"cat_name", "residence"}),
    ("Which package manager do we use? And which CI?", {"package_manager", "ci"}),
])
def test_each_question_is_routed(text, lookup):
    route = AttributeRoute.of(text)
    assert route is not None and set(route.lookup) == lookup
