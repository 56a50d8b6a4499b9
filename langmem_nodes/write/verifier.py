"""Deprecated module path: `write/verifier.py` is now `write/verify.py` (this alias goes in the next release)."""

from typing import Any

from . import verify as _moved


def __getattr__(name: str) -> Any:
    return getattr(_moved, name)
