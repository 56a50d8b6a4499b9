"""The read side: build a scoped query, recall (BM25 + dense), rerank, resolve conflicts, select ≤ 5,
note freshness, render a fenced, budgeted block. See `create_read_graph`.

The nodes and selectors are here; helpers (`fuse`, `render_index`, `relative_age`, …) are in their modules.
"""

from .conflicts import ConflictNode
from .freshness import FreshnessNode
from .graph import create_read_graph
from .query import QueryNode
from .recall import RecallNode
from .record_usage import RecordUsageNode
from .render import RenderNode, warm_stable
from .rerank import RerankNode
from .select import MAX_SELECTED, FunctionSelector, LLMSelector, RuleSelector, SelectNode, Selector

__all__ = [
    "MAX_SELECTED",
    "ConflictNode",
    "FreshnessNode",
    "FunctionSelector",
    "LLMSelector",
    "QueryNode",
    "RecallNode",
    "RecordUsageNode",
    "RenderNode",
    "RerankNode",
    "RuleSelector",
    "SelectNode",
    "Selector",
    "create_read_graph",
    "warm_stable",
]
