"""Every declared dependency earns its place: a runtime dependency is imported by the library, an extra's by
the library module it serves (or, for `bench`, by the eval that runs it), and a `dev` one is imported by the
tests / evals / graphs (or by the library, for an extra the tests exercise) or run as a command by the Makefile or
the tests."""

from __future__ import annotations

import ast
import re
import tomllib
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _name(requirement: str) -> str:
    return re.match(r"[A-Za-z0-9._-]+", requirement).group(0).lower().replace("_", "-")


def _top_level_modules(dist_name: str) -> set[str]:
    """The importable top-level names a distribution installs (from its RECORD)."""
    try:
        files = distribution(dist_name).files or []
    except PackageNotFoundError:  # an extra not installed here (e.g. bench's mem0ai lives in its own venv)
        return {dist_name.replace("-", "_").removesuffix("ai")}
    tops = set()
    for f in files:
        parts = Path(str(f)).parts
        if parts and not parts[0].endswith((".dist-info", ".data")) and parts[0] not in ("..", "__pycache__"):
            tops.add(parts[0].removesuffix(".py"))
    return tops


def _imports(*dirs: str) -> set[str]:
    """Top-level module names imported anywhere (module level or inside functions) under `dirs`, or looked
    up by name (`importlib.util.find_spec("onnx")`: a module another library imports for us, checked first)."""
    found = set()
    for d in dirs:
        for path in (ROOT / d).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    found |= {a.name.split(".")[0] for a in node.names}
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    found.add(node.module.split(".")[0])
                elif isinstance(node, ast.Call) and "find_spec(" in ast.unparse(node):
                    found |= {c.value.split(".")[0] for c in ast.walk(node)
                              if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return found


def _commands() -> str:
    """The Makefile and the tests' text, where dev tools appear as commands (`ruff check`, `langgraph dev`)."""
    return "\n".join([(ROOT / "Makefile").read_text(), *(p.read_text() for p in (ROOT / "tests").glob("*.py"))])


def _scripts(dist_name: str) -> set[str]:
    """The commands a distribution installs: console-script entry points and binaries in its RECORD."""
    try:
        dist = distribution(dist_name)
    except PackageNotFoundError:
        return set()
    binaries = {Path(str(f)).name for f in dist.files or [] if "bin" in Path(str(f)).parts[:-1]}
    return {ep.name for ep in dist.entry_points if ep.group == "console_scripts"} | binaries


@pytest.mark.parametrize("requirement", PROJECT["dependencies"])
def test_every_runtime_dependency_is_imported_by_the_library(requirement):
    name = _name(requirement)
    assert _top_level_modules(name) & _imports("langmem_nodes"), f"{name} is declared but langmem_nodes never imports it"


@pytest.mark.parametrize("extra, requirement", [(e, r) for e, reqs in PROJECT["optional-dependencies"].items()
                                                 if e != "dev" for r in reqs])
def test_every_extra_is_imported_where_it_is_used(extra, requirement):
    where = ("evals",) if extra == "bench" else ("langmem_nodes",)
    name = _name(requirement)
    assert _top_level_modules(name) & _imports(*where), f"extra {extra!r}: {name} is never imported in {where}"


@pytest.mark.parametrize("requirement", PROJECT["optional-dependencies"]["dev"])
def test_every_dev_dependency_is_imported_or_run(requirement):
    name = _name(requirement)
    imported = _top_level_modules(name) & _imports("tests", "evals", "graphs", "langmem_nodes")  # tests need the extras
    commands = _commands()
    run = {s for s in _scripts(name) if re.search(rf"(?<![\w-]){re.escape(s)} ", commands)}
    assert imported or run, f"dev dependency {name} is neither imported by tests/evals/graphs nor run as a command"


def test_the_check_would_catch_an_unused_runtime_dependency():
    # both are installed here and never imported by the library: declared as runtime dependencies (as they
    # were), the first test would fail for them
    for name in ("jieba", "rank-bm25"):
        assert _top_level_modules(name) and not _top_level_modules(name) & _imports("langmem_nodes"), name
        assert name not in {_name(r) for r in PROJECT["dependencies"]}
