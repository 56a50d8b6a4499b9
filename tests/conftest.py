"""Shared fixtures: a memory home per test, the deterministic fake embedder, the real MiniLM once."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

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
