"""Deprecated module path: `write/promoter.py` is now `write/promote.py` (this alias goes in the next release)."""

from typing import Any

from . import promote as _moved


def __getattr__(name: str) -> Any:
    return getattr(_moved, name)
