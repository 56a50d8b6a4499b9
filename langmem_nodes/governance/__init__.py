"""Governance: see, edit, explain, forget (everywhere), export and import memories.

`ForgetRequestNode` (a graph node, which needs LangGraph) is imported on first use, so that `MemoryAdmin` alone —
what the CLI's read-only commands use — does not load LangGraph.
"""

from typing import TYPE_CHECKING as _TYPE_CHECKING
from typing import Any as _Any

from .admin import MemoryAdmin

if _TYPE_CHECKING:
    from .forget_node import ForgetRequestNode, ForgetState


def __getattr__(name: str) -> _Any:
    if name in ("ForgetRequestNode", "ForgetState"):
        from . import forget_node

        globals()[name] = value = getattr(forget_node, name)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ForgetRequestNode", "ForgetState", "MemoryAdmin"]
