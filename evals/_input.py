"""Eval data files, read or refused with one line naming the file, the line or entry, and the field.

A data file is written by hand (often by someone who never ran the eval): a truncated line, a field with
another name or type, a file that is not UTF-8 must end in `error: …` and exit status 2 (`python -m evals`
prints a `DataError` that way), never in a traceback from deep inside the scoring.

Example:
    >>> need({"id": 1, "turns": "hi"}, "cases.jsonl:3", id=ID, turns=list)
    Traceback (most recent call last):
    DataError: cases.jsonl:3: 'turns' must be a list, got str
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from langmem_nodes.json_input import parse_json

ID = (str, int)  # an id may be written as a string or a number
NUMBER = (int, float)
_NAMES = {str: "a string", int: "an integer", float: "a number", bool: "true or false", list: "a list",
          dict: "an object"}


class DataError(ValueError):
    """A data file an eval cannot use; the message names the file and where in it."""


class Optional:
    """A field that may be left out (or null)."""

    def __init__(self, spec: Any) -> None:
        self.spec = spec


def read_text(path: str | Path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise DataError(f"{path}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    except OSError as e:
        raise DataError(f"{path}: cannot read it ({e.strerror or e})") from None


def read_json(path: str | Path) -> Any:
    """One JSON document."""
    try:
        return parse_json(read_text(path), str(path))
    except DataError:
        raise
    except ValueError as e:
        raise DataError(str(e)) from None


def read_jsonl(path: str | Path) -> list[tuple[str, Any]]:
    """(`file:line`, value) for each non-blank line of a JSON Lines file."""
    rows = []
    for n, line in enumerate(read_text(path).splitlines(), 1):
        if line.strip():
            try:
                rows.append((f"{path}:{n}", parse_json(line, f"{path}:{n}")))
            except ValueError as e:
                raise DataError(str(e)) from None
    return rows


def _types(spec: Any) -> tuple[type, ...]:
    return spec if isinstance(spec, tuple) else (spec,)


def _is(value: Any, spec: Any) -> bool:
    types = _types(spec)
    if isinstance(value, bool) and bool not in types:
        return False  # true/false is not a number or an id
    return isinstance(value, types)


def need(row: Any, where: str, **fields: Any) -> Mapping[str, Any]:
    """`row` if it is an object whose `fields` have the given types (a type, a tuple of types, or `Optional(...)`)."""
    if not isinstance(row, Mapping):
        raise DataError(f"{where}: expected a JSON object, got {type(row).__name__}")
    for name, spec in fields.items():
        optional = isinstance(spec, Optional)
        spec = spec.spec if optional else spec
        if name not in row or row[name] is None:
            if optional:
                continue
            raise DataError(f"{where}: missing {name!r}")
        if not _is(row[name], spec):
            want = " or ".join(_NAMES.get(t, t.__name__) for t in _types(spec))
            raise DataError(f"{where}: {name!r} must be {want}, got {type(row[name]).__name__}")
    return row


def need_each(items: Iterable[Any], where: str, **fields: Any) -> None:
    """`need` for every item of a list, naming each by its position (`where[2]`)."""
    for i, item in enumerate(items):
        need(item, f"{where}[{i}]", **fields)


__all__ = ["ID", "NUMBER", "DataError", "Optional", "need", "need_each", "read_json", "read_jsonl", "read_text"]
