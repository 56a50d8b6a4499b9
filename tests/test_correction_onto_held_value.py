"""A correction whose new value is already held still takes back the value it names (extract-en6's open case:
"we killed the Heroku apps" with Fly.io held left Heroku active — dedup merged the new value, resolve skipped merges)."""

from __future__ import annotations

import pytest

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import MemoryContext
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import create_write_graph

CTX = MemoryContext(user_id="ivo", project_id="shop")


@pytest.mark.parametrize(("turns", "kept", "gone"), [
    (["We host the API on Render and the blog on Netlify.", "Actually the API is on Netlify now too, not Render."],
     "Netlify", "Render"),
    (["我们 API 部署在阿里云，文档站在腾讯云。", "更正一下：API 现在也在腾讯云了，不是阿里云。"], "腾讯云", "阿里云"),
])
def test_a_correction_onto_a_held_value_supersedes_the_named_one(tmp_path, turns, kept, gone):
    store = MemoryStore(tmp_path / "home", embedder=HashingEmbedder())
    graph, history = create_write_graph(store).compile(), []
    for text in turns:
        history += [("user", text)]
        graph.invoke({"messages": history}, context=CTX)
        history += [("assistant", "ok")]
    active = [r["object"] for r in MemoryAdmin(store).list({"user_id": "ivo", "project_id": "shop"})]
    assert any(kept in o for o in active) and not any(gone in o for o in active), active
    store.close()
