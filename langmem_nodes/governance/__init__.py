"""Governance: see, edit, explain, forget (everywhere), export and import memories."""

from .admin import MemoryAdmin
from .forget_node import ForgetRequestNode, ForgetState

__all__ = ["ForgetRequestNode", "ForgetState", "MemoryAdmin"]
