"""The Examples in the eval helpers' docstrings run (evals/ is outside the doctest-collected paths)."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["_report", "_sim_conflicts", "_sim_gate", "_sim_pollution", "_sim_ttl", "_sim_vectors"])
def test_docstring_examples(name):
    module = importlib.import_module(f"evals.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
