"""The public API is curated: each package's `__all__` is exactly its public names (nothing imported in
passing leaks out, nothing listed is missing), every listed name imports, and the surface is pinned here so
that adding or dropping a name is a decision. Helpers stay importable from their own modules."""

from __future__ import annotations

import importlib
import types

import pytest

SURFACE = {
    "langmem_nodes": {
        # factories and the agent-side helpers
        "add_memory", "create_read_graph", "create_write_graph", "memory_messages", "warm_stable",
        # the store and what works on it
        "MemoryStore", "MemoryAdmin", "BatchWriter", "ExpirySweeper", "TTLPolicy", "MemoryNode",
        # context and record types
        "MemoryContext", "MemoryRecord", "Scope", "LedgerEntry", "LedgerOp", "Drift", "Kind", "Level", "Polarity",
        "Source", "Status", "Tier",
        # state types
        "MemoryState", "MemoryInput", "ReadState", "ReadInput", "WriteState", "WriteInput", "MemoryQuery",
        "ScoredMemory", "PendingWrite", "RunContext",
        # errors and warnings
        "MemoryUsageError", "MissingScopeError", "StoreClosedError", "ScopeConflictError", "ThreadOwnerError", "ThreadProjectError", "VersionConflict", "KeyConflict", "RecordGone", "ReadOnlyViolation",
        "LanguageCoverageWarning",
        # embedders
        "Embedder", "BilingualEmbedder", "HashingEmbedder", "MiniLMEmbedder", "E5Embedder",
    },
    "langmem_nodes.write": {
        "ExtractNode", "DedupNode", "VerifyNode", "ResolveNode", "ResolverNode", "PromoteNode", "CommitNode",
        "Extractor", "RuleExtractor", "LLMExtractor", "FunctionExtractor", "RecordExtractor",
        "ResolutionStrategy", "ExplicitCorrectionFirst", "ConfidenceWeighted", "LastWriteWins", "Majority",
        "STRATEGIES", "BatchWriter", "TTLPolicy", "UniformTTL", "ExpirySweeper", "choose_threshold",
        "create_write_graph",
    },
    "langmem_nodes.read": {
        "QueryNode", "RecallNode", "RerankNode", "ConflictNode", "SelectNode", "FreshnessNode", "RenderNode", "RecordUsageNode",
        "Selector", "RuleSelector", "LLMSelector", "FunctionSelector", "MAX_SELECTED", "create_read_graph",
        "warm_stable",
    },
    "langmem_nodes.store": {"MemoryStore", "Projection", "VersionConflict", "KeyConflict", "RecordGone",
                            "ReadOnlyViolation", "resolve_database_url"},
    "langmem_nodes.governance": {"MemoryAdmin", "ForgetRequestNode", "ForgetState"},
    "langmem_nodes.tools": {"create_search_memory_tool", "create_manage_memory_tool", "create_memory_file_tool",
                            "MemoryFiles", "MemoryPathError"},
    "langmem_nodes.safety": {
        "MAX_CLAUSES_PER_TURN", "MAX_TURN_CHARS", "PII_POLICIES", "QUOTED", "REDACTED", "Finding", "PiiPolicy",
        "TurnScreen", "check_text", "clean_turn_text", "cn_id_valid", "control_reason", "defuse", "fence_data", "find_injection",
        "find_pii", "find_secret", "find_secrets", "iban_valid", "instruction_target", "luhn_valid", "neutralize",
        "one_line", "prompt_text", "redact", "safe_id", "terminal_safe",
    },
}


def _public_names(package: types.ModuleType) -> set[str]:
    return {name for name, value in vars(package).items()
            if not name.startswith("_") and not isinstance(value, types.ModuleType) and name != "annotations"}


@pytest.mark.parametrize("name", sorted(SURFACE))
def test_all_is_exactly_the_public_names(name):
    package = importlib.import_module(name)
    assert len(package.__all__) == len(set(package.__all__)), "a name listed twice"
    assert set(package.__all__) == SURFACE[name]
    namespace: dict = {}
    exec(f"from {name} import *", namespace)  # every listed name imports (the top level loads them lazily)
    assert set(namespace) - {"__builtins__"} == SURFACE[name]
    assert set(package.__all__) == _public_names(package)


def test_every_package_with_an_init_is_covered():
    import pathlib

    root = pathlib.Path(importlib.import_module("langmem_nodes").__file__).parent
    packages = {"langmem_nodes"} | {f"langmem_nodes.{p.parent.name}" for p in root.glob("*/__init__.py")}
    assert packages == set(SURFACE)


def test_the_top_level_re_exports_the_same_objects():
    import langmem_nodes
    from langmem_nodes import read, store, write
    from langmem_nodes.governance import MemoryAdmin

    assert langmem_nodes.MemoryStore is store.MemoryStore and langmem_nodes.warm_stable is read.warm_stable
    assert langmem_nodes.BatchWriter is write.BatchWriter and langmem_nodes.MemoryAdmin is MemoryAdmin
    assert issubclass(langmem_nodes.ReadOnlyViolation, PermissionError)


def test_helpers_stay_importable_from_their_modules():
    from langmem_nodes.facts import same_fact
    from langmem_nodes.read.graph import read_stages
    from langmem_nodes.read.recall import fuse
    from langmem_nodes.store.memory_store import embed_text
    from langmem_nodes.write.graph import write_nodes

    assert all(callable(f) for f in (read_stages, fuse, embed_text, same_fact, write_nodes))


def test_the_cli_starts_without_langgraph():
    """`langmem-nodes --help` and the CLI's error paths must not pay for LangGraph's import (seconds when busy)."""
    import subprocess
    import sys

    code = "import sys, langmem_nodes.cli; print(sorted(m for m in sys.modules if m.split('.')[0] == 'langgraph'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
