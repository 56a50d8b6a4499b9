"""Governance: see, edit, explain, forget (everywhere), export and import memories."""

from .admin import EXPORT_FORMAT, MemoryAdmin
from .forget_node import ForgetRequestNode, ForgetState, parse_confirmation, request_topic

__all__ = ["EXPORT_FORMAT", "ForgetRequestNode", "ForgetState", "MemoryAdmin", "parse_confirmation", "request_topic"]
