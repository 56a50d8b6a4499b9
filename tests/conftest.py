"""Shared fixtures: a memory home per test, the deterministic fake embedder, the real MiniLM once, and a
throwaway PostgreSQL cluster (once per run, only when a test asks for it) for the `backend` parameter."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
for _var in ("LANGMEM_DATABASE_URL", "DATABASE_URI", "POSTGRES_URI"):  # tests choose their backend themselves
    os.environ.pop(_var, None)

from langmem_nodes.embeddings import HashingEmbedder  # noqa: E402
from langmem_nodes.store import MemoryStore  # noqa: E402


@pytest.fixture
def fake_embedder() -> HashingEmbedder:
    return HashingEmbedder(dim=256)


@pytest.fixture
def store(tmp_path, fake_embedder):
    s = MemoryStore(tmp_path / "home", embedder=fake_embedder)
    yield s
    s.close()


@pytest.fixture(scope="session")
def minilm():
    from langmem_nodes.embeddings import minilm_embedder

    return minilm_embedder()


@pytest.fixture
def minilm_store(tmp_path, minilm):
    s = MemoryStore(tmp_path / "home", embedder=minilm)
    yield s
    s.close()


@pytest.fixture(scope="session")
def postgres():
    """A local PostgreSQL cluster for the whole run (langmem_nodes.store.pgcluster); skipped, with the
    reason, where no server binaries are installed."""
    from langmem_nodes.store.pgcluster import LocalPostgres, PostgresUnavailable

    try:
        cluster = LocalPostgres().start()
    except PostgresUnavailable as exc:
        pytest.skip(f"PostgreSQL cases skipped: {exc}")
    yield cluster
    cluster.stop()


class Backend:
    """Opens memory stores on one canonical backend: "sqlite" (the home's file) or "postgres" (one fresh
    schema per home, so reopening a home reopens its schema and two homes never share one)."""

    def __init__(self, name: str, cluster=None) -> None:
        self.name, self.cluster = name, cluster
        self.urls: dict[str, str] = {}

    def url(self, home) -> str | None:
        if self.cluster is None:
            return None
        return self.urls.setdefault(str(home), self.cluster.new_schema())

    def open(self, home, **kw) -> MemoryStore:
        return MemoryStore(home, database_url=self.url(home), **kw)

    def holding(self, store: MemoryStore, text: str) -> list[str]:
        """Where `store` keeps `text` (raw UTF-8 or JSON-escaped): files under its home, and on PostgreSQL
        also the tables of its schema with a live row holding it (the server's WAL and free space are out
        of reach: README "PostgreSQL")."""
        import json

        needles = {text.encode(), json.dumps(text).encode()[1:-1], json.dumps(text, ensure_ascii=False).encode()[1:-1]}
        found = [str(p) for p in Path(store.home).rglob("*") if p.is_file() and any(n in p.read_bytes() for n in needles)]
        if store.database_url is not None:
            import psycopg

            with psycopg.connect(store.database_url, autocommit=True) as conn:
                tables = [r[0] for r in conn.execute(
                    "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()").fetchall()]
                for t in tables:
                    hit = conn.execute(f'SELECT count(*) FROM "{t}" x WHERE ' + " OR ".join(
                        ["strpos(x::text, %s) > 0"] * len(needles)), [n.decode() for n in needles]).fetchone()[0]
                    if hit:
                        found.append(f"postgres table {t}")
        return found


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request) -> Backend:
    """The canonical store to test on; the postgres case starts (once) a throwaway cluster."""
    if request.param == "sqlite":
        return Backend("sqlite")
    return Backend("postgres", request.getfixturevalue("postgres"))


@pytest.fixture
def backend_store(backend, tmp_path, fake_embedder):
    """`store` on each canonical backend (files parametrized over backends alias it as their `store`)."""
    s = backend.open(tmp_path / "home", embedder=fake_embedder)
    yield s
    s.close()
