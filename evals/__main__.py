"""`python -m evals <name> [args]` runs `evals/<name>.py:main(argv)`; `python -m evals all` builds the report."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def available() -> list[str]:
    """Eval names, without importing them (a broken eval must not take the others down)."""
    here = Path(__file__).parent
    return sorted(m.name for m in pkgutil.iter_modules([str(here)]) if not m.name.startswith("_"))


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m evals <name> [options]\n\navailable: " + ", ".join(available()))
        return 0
    name, rest = argv[0], argv[1:]
    if name not in available():
        print(f"unknown eval {name!r}; available: {', '.join(available())}", file=sys.stderr)
        return 2
    module = importlib.import_module(f"evals.{name}")
    if not hasattr(module, "main"):
        print(f"evals.{name} has no main(argv)", file=sys.stderr)
        return 2
    from evals._input import DataError

    try:
        return int(module.main(rest) or 0)
    except DataError as exc:  # a data file the eval cannot use: one line naming it, no traceback
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
