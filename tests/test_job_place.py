"""A job change said through the job ("My new job is at …", "我新工作在…") or a stay of months ("I've been at …
since October") is the user's employer: it replaces the one held before and is what "Where do I work?" /
"我在哪上班？" finds (newcomer25 H3). Sentences written for this file."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.read import create_read_graph
from langmem_nodes.records import MemoryContext
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import create_write_graph
from langmem_nodes.write.job_place import restated

CTX = MemoryContext(user_id="rui", project_id="inbox")


@pytest.mark.parametrize(("first", "change", "new", "old", "question"), [
    ("I work at Shopify.", "My new job is at Canva.", "Canva", "Shopify", "Where do I work?"),
    ("I work for Atlassian.", "I've been at Datadog since March.", "Datadog", "Atlassian", "Who do I work for?"),
    ("我在华为上班。", "我新工作在小米。", "小米", "华为", "我在哪上班？"),
    ("我在美团工作。", "我现在的工作在京东。", "京东", "美团", "Where do I work now?"),
])
def test_a_job_change_replaces_the_employer_and_is_recalled(tmp_path, first, change, new, old, question):
    store = MemoryStore(tmp_path / "home", embedder=HashingEmbedder())
    write = create_write_graph(store).compile()
    for said in (first, change):
        write.invoke({"messages": [("user", said)]}, context=CTX)
    rows = MemoryAdmin(store).list({"user_id": "rui", "project_id": "inbox"}, all_statuses=True)
    status = {(r["predicate"], r["object"]): r["status"] for r in rows}
    assert status.get(("works_at", new)) == "active" and status.get(("works_at", old)) == "superseded", status
    out = create_read_graph(store).compile().invoke({"messages": [HumanMessage(content=question)]}, context=CTX)
    assert [h.record.object for h in out["memory_selected"]][:1] == [new], out["memory_selected"]
    store.close()


@pytest.mark.parametrize("said", [
    "I've been at Starbucks since 9am.", "I've been at home since Monday.", "My new job is at a startup.",
    "我新工作在找。", "My new job is great.", "我现在的工作在家也能做。",
])
def test_a_visit_or_an_unnamed_place_is_no_employer(said):
    assert restated(said) is None
