"""The write side: extract → dedup → verify → resolve → promote → commit, every decision in the ledger.

The nodes, extractors and resolution strategies are here; fact identity and precedence (`same_fact`, `winner`)
in `langmem_nodes.facts`; helpers (`cluster`, the phrasing rules, the LLM output schema, …) in their modules.

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
from .promote import PromoteNode
from .record_extractor import RecordExtractor
from .resolve import (
    STRATEGIES,
    ConfidenceWeighted,
    ExplicitCorrectionFirst,
    LastWriteWins,
    Majority,
    ResolutionStrategy,
    ResolveNode,
    ResolverNode,
)
from .ttl import ExpirySweeper, TTLPolicy, UniformTTL
from .verify import VerifyNode, choose_threshold

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
    "RecordExtractor",
    "ResolutionStrategy",
    "ResolveNode",
    "ResolverNode",
    "RuleExtractor",
    "TTLPolicy",
    "UniformTTL",
    "VerifyNode",
    "choose_threshold",
    "create_write_graph",
]
