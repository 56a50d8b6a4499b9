"""The read side: build a scoped query, recall (BM25 + dense), rerank, resolve conflicts, select ≤ 5,
annotate freshness, render a fenced, budgeted block. See `create_read_graph`."""

from .conflicts import ConflictNode, resolve_conflicts
from .freshness import FreshnessNode, freshness_note, relative_age
from .graph import create_read_graph, read_stages
from .query import QueryNode, lexical_form
from .recall import RecallNode, fuse
from .record_usage import RecordUsageNode
from .render import (
    RenderNode,
    check_index,
    fence_data,
    neutralize,
    render_index,
    render_items,
    render_summary,
    truncate_keep_conclusion,
    warm_stable,
)
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
    "check_index",
    "create_read_graph",
    "fence_data",
    "freshness_note",
    "fuse",
    "lexical_form",
    "neutralize",
    "read_stages",
    "relative_age",
    "render_index",
    "render_items",
    "render_summary",
    "resolve_conflicts",
    "truncate_keep_conclusion",
    "warm_stable",
]
