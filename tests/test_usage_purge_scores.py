"""red team 7 M2: after `delete_all` took some memories out of a turn's `inject` event, the score parts of the
memories left were those of the deleted ones (ids and sizes were rewritten, the scores list was not)."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.read import create_read_graph
from langmem_nodes.records import MemoryContext
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import create_write_graph

CASES = {"en": (["Remember that I live in Oslo.", "Remember that I'm allergic to peanuts."], "Where do I live and what am I allergic to?"),
         "zh": (["记住：我住在杭州。", "记住：我对花生过敏。"], "我住在哪里？我对什么过敏？")}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_score_parts_stay_with_their_memory_after_delete_all(tmp_path, lang):
    said, asked = CASES[lang]
    with MemoryStore(tmp_path, embedder="hashing") as store:
        write = create_write_graph(store).compile()
        ada, ada_work = MemoryContext(user_id="ada"), MemoryContext(user_id="ada", project_id="work")
        write.invoke({"messages": [HumanMessage(said[0])]}, context=ada)  # user level: stays
        write.invoke({"messages": [HumanMessage(said[1])]}, context=ada_work)
        project_fact = "Project uses pnpm." if lang == "en" else "项目用 pnpm。"
        write.invoke({"messages": [HumanMessage(f"Remember: {project_fact}" if lang == "en" else f"记住：{project_fact}")]},
                     context=ada_work)
        create_read_graph(store).compile().invoke({"messages": [HumanMessage(asked + " pnpm?")]}, context=ada_work)
        admin = MemoryAdmin(store)
        before = {m["id"]: m["scores"] for m in admin.injections(ada_work, last=1)[0]["memories"]}
        assert len(before) >= 2 and all(before.values()), before
        gone = admin.delete_all(org_id="*", project_id="work", user_id="ada", session_id="*", written_in_project=True)["ids"]
        assert set(gone) & set(before) and set(before) - set(gone), (gone, before)
        after = {m["id"]: m["scores"] for m in admin.injections(ada_work, last=1)[0]["memories"]}
        assert set(after) == set(before) - set(gone)
        assert after == {i: before[i] for i in after}  # each memory keeps its own score parts


def test_every_list_of_an_inject_event_loses_the_same_entries(tmp_path):
    from datetime import UTC, datetime

    from langmem_nodes.usage import purge_usage, record_injection

    with MemoryStore(tmp_path, embedder="hashing") as store:
        ctx = MemoryContext(user_id="ada")
        record_injection(store, ctx, datetime.now(UTC), ids=["m1", "m2", "m3"], sizes=[10, 20, 30], block_bytes=60,
                         latency_ms=1.0, scores=[{"final": 0.1}, {"final": 0.2}, {"final": 0.3}])
        assert purge_usage(store, ["m1", "m3"]) == 1
        turn = MemoryAdmin(store).injections(ctx, last=1)[0]
        assert [(m["id"], m["scores"]) for m in turn["memories"]] == [("m2", {"final": 0.2})]
