"""The project's own name is a fact of the project (newcomer21 L6: "Our project uses pnpm and the repo is called
Zucchini." stored only pnpm; the name was "no parse"). Variants written for this test."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes import MemoryContext, create_write_graph

CTX = MemoryContext(user_id="ada", session_id="s1", project_id="p1")


def _written(store, text: str) -> list[str]:
    out = create_write_graph(store).compile().invoke({"messages": [HumanMessage(text)]}, context=CTX)
    return [w["text"] for w in out["memory_written"]]


@pytest.mark.parametrize(("text", "stored"), [
    ("We ship with Docker and the repo is called Marigold.", "Project's name: Marigold"),
    ("Our service is named billing-core.", "Project's name: billing-core"),
    ("我们这个仓库名字叫 lighthouse", "项目的名字：lighthouse"),
    ("咱们项目叫北极星", "项目的名字：北极星"),
])
def test_the_projects_own_name_is_stored(text, stored, store) -> None:
    assert stored in _written(store, text)


@pytest.mark.parametrize("text", ["The service is called twice per request.", "这个项目叫我头疼", "咱们的服务叫什么来着"])
def test_a_call_count_a_complaint_or_a_question_is_no_project_name(text, store) -> None:
    assert not any("name" in w or "名字" in w for w in _written(store, text))
