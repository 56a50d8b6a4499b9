"""JSON someone hands in (an export, a transcript, an eval's data file): parsed, or refused with one ValueError
line naming where and what is wrong — never a RecursionError from a deeply nested file, a conversion error from an
integer of thousands of digits, or a NaN that no field can hold.

Example:
    >>> parse_json('{"a": [1, 2]}', "export.json")
    {'a': [1, 2]}
    >>> parse_json("[" * 100 + "]" * 100, "export.json")
    Traceback (most recent call last):
    ValueError: export.json is nested deeper than 64 levels
    >>> parse_json('{"confidence": NaN}', "line 3")
    Traceback (most recent call last):
    ValueError: line 3 is not valid JSON: NaN is not a JSON number
"""

from __future__ import annotations

import json
from typing import Any

#: deeper than any export, transcript or data file this project writes (an export record is ~5 levels)
MAX_DEPTH = 64


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: str, where: str) -> Any:
    """`text` parsed as strict JSON (no NaN / Infinity), at most `MAX_DEPTH` levels deep; ValueError naming `where`."""
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{where} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise ValueError(f"{where} is nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:  # NaN / Infinity, or an integer longer than Python converts
        raise ValueError(f"{where} is not valid JSON: {exc}") from None
    if too_deep(value):
        raise ValueError(f"{where} is nested deeper than {MAX_DEPTH} levels")
    return value


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether lists and objects nest more than `limit` levels in `value` (checked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


__all__ = ["MAX_DEPTH", "parse_json", "too_deep"]
