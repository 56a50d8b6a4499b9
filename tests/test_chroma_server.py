"""Server mode: the whole store suite (tests/test_store.py) again, against a real `chroma run` server.

One server per module (started here, on a free loopback port, stopped at the end). Every MemoryStore built
during these tests — by the `store` fixture or by a test itself — gets `chroma_url=<server>`, and each test
starts from an empty server.
"""

from __future__ import annotations

import pytest
import test_store  # the suite we re-run; tests/ is on sys.path (pytest rootdir-relative import)
from conftest import Backend

from langmem_nodes.records import MemoryRecord, Scope
from langmem_nodes.store import MemoryStore, memory_store
from langmem_nodes.store.chroma import make_client
from langmem_nodes.store.server import ChromaServer, ChromaServerError, free_port

pytestmark = pytest.mark.integration

# Re-export every test function of the store suite so pytest collects it here, with this module's fixtures.
for _name in dir(test_store):
    if _name.startswith("test_") and callable(getattr(test_store, _name)) and _name not in test_store.EMBEDDED_ONLY:
        globals()[_name] = getattr(test_store, _name)
FlakyProjection = test_store.FlakyProjection
store = test_store.store
rec = test_store.rec


@pytest.fixture
def backend():
    """The store suite runs on both canonical backends in test_store.py; against the server, on SQLite only."""
    return Backend("sqlite")


@pytest.fixture(scope="module")
def chroma_server(tmp_path_factory):
    with ChromaServer(tmp_path_factory.mktemp("chroma_server") / "data") as server:
        yield server
    assert not server.alive()


@pytest.fixture(autouse=True)
def server_backed(chroma_server, monkeypatch):
    """Every MemoryStore built in these tests gets `chroma_url=<server>`; the server is wiped after each test."""
    calls: list[str] = []
    real_init = memory_store.MemoryStore.__init__

    def server_init(self, home=None, **kw):
        kw.setdefault("chroma_url", chroma_server.url)
        calls.append(kw["chroma_url"])
        real_init(self, home, **kw)

    monkeypatch.setattr(memory_store.MemoryStore, "__init__", server_init)
    yield calls
    admin = make_client(url=chroma_server.url)
    for col in admin.list_collections():
        admin.delete_collection(col.name if hasattr(col, "name") else col)


def test_store_really_talks_to_the_server(store, server_backed, chroma_server):
    assert server_backed == [chroma_server.url]
    a = rec("prefers oolong tea")
    store.commit(add=[a])
    assert not (store.home / "chroma").exists()  # no embedded Chroma next to the SQLite file
    admin = make_client(url=chroma_server.url)
    cols = admin.list_collections()
    assert len(cols) == 1
    col = admin.get_collection(cols[0].name if hasattr(cols[0], "name") else cols[0])
    got = col.get(ids=[a.id], include=["documents", "metadatas"])
    assert got["ids"] == [a.id] and got["documents"] in ([None], None)  # ids and status only, never the text


def test_two_stores_share_one_server(tmp_path, fake_embedder):
    """Two processes' worth of stores (separate homes) see each other's vectors through the server."""
    a = MemoryRecord(text="team uses pnpm", object="pnpm", scope=Scope(project_id="shop", level="project"))
    s1 = MemoryStore(tmp_path / "h1", embedder=fake_embedder)
    s1.commit(add=[a])
    s2 = MemoryStore(tmp_path / "h2", embedder=fake_embedder)
    hits = s2.dense_search([a.scope.partition], fake_embedder.embed_query("pnpm"), 3)
    assert [i for i, _ in hits] == [a.id]
    s1.close()
    s2.close()


def test_server_rejects_bad_settings(tmp_path):
    with pytest.raises(ValueError, match="loopback"):
        ChromaServer(tmp_path, host="0.0.0.0")
    with pytest.raises(ValueError, match="port"):
        ChromaServer(tmp_path, port=70000)
    with pytest.raises(ValueError, match="host"):
        make_client(url="http://:8000")


def test_server_that_cannot_start_is_reported(tmp_path):
    port = free_port()
    with ChromaServer(tmp_path / "a", port=port):
        clash = ChromaServer(tmp_path / "b", port=port, startup_timeout=15)
        with pytest.raises(ChromaServerError, match="in use"):
            clash.start()
        assert clash.process is None


def test_missing_partition_lookup_is_cached_briefly_then_rechecked(tmp_path, fake_embedder):
    """A query over a partition with no collection does not hit the server every time, yet a collection
    created meanwhile by another process sharing the server shows up once `miss_ttl` has passed."""
    reader = MemoryStore(tmp_path / "r", embedder=fake_embedder)
    lookups = []
    real_get = reader.chroma.client.get_collection
    reader.chroma.client.get_collection = lambda *a, **k: (lookups.append(a[0]), real_get(*a, **k))[1]
    part = "project/default/shop"
    vec = fake_embedder.embed_query("pnpm")
    assert reader.dense_search([part], vec, 3) == [] and reader.dense_search([part], vec, 3) == []
    assert len(lookups) == 1
    writer = MemoryStore(tmp_path / "w", embedder=fake_embedder)
    a = MemoryRecord(text="team uses pnpm", object="pnpm", scope=Scope(project_id="shop", level="project"))
    writer.commit(add=[a])
    reader.chroma.miss_ttl = 0.0
    assert [i for i, _ in reader.dense_search([part], vec, 3)] == [a.id] and len(lookups) == 2
    reader.close()
    writer.close()
