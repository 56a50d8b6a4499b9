"""Eval graphs and benchmarks: `python -m evals <name> [options]` (see `python -m evals --help`)."""
