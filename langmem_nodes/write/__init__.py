"""The write side: extract → dedup → verify → resolve → promote → commit, every decision in the ledger.

The nodes, extractors and resolution strategies are here; helpers (`same_fact`, `cluster`, the phrasing
rules, the LLM output schema, …) are in their modules.

Example:
    >>> from langmem_nodes.write import STRATEGIES, TTLPolicy
    >>> sorted(STRATEGIES), TTLPolicy().ttl_days("stable")
    (['confidence_weighted', 'explicit_correction_first', 'last_write_wins', 'majority'], 3650)
"""

from .batch import BatchWriter
from .commit import CommitNode
from .dedup import DedupNode
from .extract import ExtractNode
from .extractor import Extractor, RuleExtractor
from .function_extractor import FunctionExtractor
from .graph import create_write_graph
from .llm_extractor import LLMExtractor
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
from .ttl import ExpirySweeper, TTLPolicy, UniformTTL
from .verifier import VerifyNode, choose_threshold

__all__ = [
    "STRATEGIES",
    "BatchWriter",
    "CommitNode",
    "ConfidenceWeighted",
    "DedupNode",
    "ExpirySweeper",
    "ExplicitCorrectionFirst",
    "ExtractNode",
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
    "create_write_graph",
]
