"""The write side: extract → dedup → verify → resolve → promote → commit, every decision in the ledger.

Example:
    >>> from langmem_nodes.write import STRATEGIES, TTLPolicy
    >>> sorted(STRATEGIES), TTLPolicy().ttl_days("stable")
    (['confidence_weighted', 'explicit_correction_first', 'last_write_wins', 'majority'], 3650)
"""

from __future__ import annotations

from .batch import BatchWriter
from .commit import CommitNode
from .dedup import DedupNode, cluster, same_fact
from .extractor import ExtractNode, Extractor, RuleExtractor, messages_to_turns
from .function_extractor import FunctionExtractor
from .graph import create_write_graph, write_nodes
from .llm_extractor import ExtractedFact, Extraction, LLMExtractor
from .promoter import PromoteNode
from .resolver import (
    STRATEGIES,
    ConfidenceWeighted,
    ExplicitCorrectionFirst,
    LastWriteWins,
    Majority,
    ResolutionStrategy,
    ResolverNode,
)
from .rules import EXCLUSIVE, PREDICATES
from .ttl import ExpirySweeper, TTLPolicy, UniformTTL
from .verifier import VerifyNode, choose_threshold, find_injection, find_secret

__all__ = [
    "EXCLUSIVE",
    "PREDICATES",
    "STRATEGIES",
    "BatchWriter",
    "CommitNode",
    "ConfidenceWeighted",
    "DedupNode",
    "ExpirySweeper",
    "ExplicitCorrectionFirst",
    "ExtractNode",
    "ExtractedFact",
    "Extraction",
    "Extractor",
    "FunctionExtractor",
    "LLMExtractor",
    "LastWriteWins",
    "Majority",
    "PromoteNode",
    "ResolutionStrategy",
    "ResolverNode",
    "RuleExtractor",
    "TTLPolicy",
    "UniformTTL",
    "VerifyNode",
    "choose_threshold",
    "cluster",
    "create_write_graph",
    "find_injection",
    "find_secret",
    "messages_to_turns",
    "same_fact",
    "write_nodes",
]
