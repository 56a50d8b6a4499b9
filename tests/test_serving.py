"""Served graphs: settings from the environment, one store per process, no blocking call on the event loop."""

from __future__ import annotations

import asyncio
import importlib

import pytest
from blockbuster import blockbuster_ctx

from langmem_nodes.serving import ServeSettings, close_shared_stores, graph_factory, shared_store


@pytest.fixture(autouse=True)
def _fresh_process_state():
    close_shared_stores()
    yield
    close_shared_stores()


def test_settings_come_from_the_environment_and_bad_values_name_the_variable(tmp_path):
    env = {"LANGMEM_HOME": str(tmp_path), "LANGMEM_EMBEDDER": "hashing", "LANGMEM_WARM": "1",
           "LANGMEM_CHROMA_URL": "http://127.0.0.1:8000", "LANGMEM_MODEL": "openai:gpt-4o-mini"}
    assert ServeSettings.from_env(env) == ServeSettings(str(tmp_path), "hashing", "http://127.0.0.1:8000", True,
                                                        "openai:gpt-4o-mini")
    assert ServeSettings.from_env({}) == ServeSettings("./.langmem", None, None, False, None)
    with pytest.raises(ValueError, match="LANGMEM_EMBEDDER must be one of .*got 'bert'"):
        ServeSettings.from_env({"LANGMEM_EMBEDDER": "bert"})
    with pytest.raises(ValueError, match="LANGMEM_WARM must be 1 or 0"):
        ServeSettings.from_env({"LANGMEM_WARM": "often"})


@pytest.mark.parametrize("module", ["graphs.memory_agent", "graphs.read", "graphs.write"])
def test_ready_graph_factories_never_block_the_event_loop_and_share_one_store(tmp_path, monkeypatch, module):
    monkeypatch.setenv("LANGMEM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LANGMEM_EMBEDDER", "hashing")
    make_graph = importlib.import_module(module).make_graph  # importing opens nothing
    assert not (tmp_path / "home").exists()

    async def requests() -> list:
        return [await make_graph() for _ in range(3)]

    with blockbuster_ctx():  # what langgraph dev runs: any blocking call on the loop raises BlockingError
        graphs = asyncio.run(requests())
    assert graphs[0] is graphs[1] is graphs[2]
    assert shared_store().home == tmp_path / "home" and (tmp_path / "home" / "memory.sqlite3").exists()


def test_one_store_per_settings_closed_by_close_shared_stores(tmp_path):
    settings = ServeSettings(home=str(tmp_path), embedder="hashing", warm=True)
    store = shared_store(settings)
    assert shared_store(settings) is store
    built = []
    make_graph = graph_factory(lambda s, cfg: built.append(s) or _compiled(s), environ={
        "LANGMEM_HOME": str(tmp_path), "LANGMEM_EMBEDDER": "hashing", "LANGMEM_WARM": "1"})
    asyncio.run(make_graph())
    asyncio.run(make_graph())
    assert built == [store]  # built once, on the process's store
    close_shared_stores()
    assert store.closed
    assert shared_store(settings) is not store  # a new store after closing


def _compiled(store):  # noqa: ANN001, ANN202
    from langmem_nodes import create_read_graph

    return create_read_graph(store).compile()
