"""Deprecated module path: `write/resolver.py` is now `write/resolve.py` (this alias goes in the next release)."""

from typing import Any

from . import resolve as _moved


def __getattr__(name: str) -> Any:
    return getattr(_moved, name)
