"""Shared plumbing for the simulation evals: argument parsing, the eval graph, output, tables and plots.

Every simulation eval is a small LangGraph `StateGraph` — `generate → run → measure` — so a user can
read it, swap a stage and rerun. `build_eval_graph` wires the three stage functions; `finish` prints a
human summary and, with `--json`, one JSON object as the LAST line of stdout (what `evals all` parses).

Example:
    >>> g = build_eval_graph(lambda s: {"data": [1, 2]}, lambda s: {"out": sum(s["data"])},
    ...                      lambda s: {"result": {"total": s["out"]}})
    >>> g.compile().invoke({"params": {}})["result"]
    {'total': 3}
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

EVALS_DIR = Path(__file__).parent
PLOTS_DIR = EVALS_DIR / "plots"


class EvalState(TypedDict, total=False):
    """State of a simulation eval graph: parameters in, generated data, raw outputs, the result dict."""

    params: dict[str, Any]
    data: Any
    out: Any
    result: dict[str, Any]


Stage = Callable[[EvalState], dict[str, Any]]


def build_eval_graph(generate: Stage, run: Stage, measure: Stage) -> StateGraph:
    """An uncompiled `generate → run → measure` graph over `EvalState`."""
    g = StateGraph(EvalState)
    g.add_node("generate", generate)
    g.add_node("run", run)
    g.add_node("measure", measure)
    g.add_edge(START, "generate")
    g.add_edge("generate", "run")
    g.add_edge("run", "measure")
    g.add_edge("measure", END)
    return g


def run_eval_graph(graph: StateGraph, params: dict[str, Any]) -> dict[str, Any]:
    """Compile and invoke an eval graph; returns its `result`."""
    return graph.compile().invoke({"params": params})["result"]


def parser(name: str, description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=f"python -m evals {name}", description=description)
    p.add_argument("--json", action="store_true", help="print the result as JSON on the last line")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--plot", type=Path, default=None, help="also write a PNG plot to this path")
    return p


def positive(kind: type = int) -> Callable[[str], Any]:
    """argparse type: a strictly positive int/float, with a clear error otherwise."""

    def check(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a positive {kind.__name__}, got {text!r}") from None
        if not value > 0 or (isinstance(value, float) and not math.isfinite(value)):
            raise argparse.ArgumentTypeError(f"expected a positive {kind.__name__}, got {text!r}")
        return value

    return check


def finish(result: dict[str, Any], summary: str, as_json: bool) -> int:
    """Print the summary; with `as_json` the last stdout line is the result as JSON."""
    print(summary)
    if as_json:
        print(json.dumps(result, ensure_ascii=False, default=_jsonable))
    return 0


def _jsonable(x: Any) -> Any:
    if hasattr(x, "item"):
        return x.item()
    if hasattr(x, "tolist"):
        return x.tolist()
    raise TypeError(f"not JSON serialisable: {type(x).__name__}")


def last_json_line(stdout: str) -> dict[str, Any]:
    """Parse the last non-empty line of an eval's stdout as JSON (ValueError if it is not)."""
    lines = [ln for ln in stdout.splitlines() if ln.strip()]
    if not lines:
        raise ValueError("eval printed nothing")
    try:
        return json.loads(lines[-1])
    except json.JSONDecodeError as exc:
        raise ValueError(f"last line of eval output is not JSON: {lines[-1][:200]!r}") from exc


def md_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A GitHub markdown table; floats are printed with 4 significant decimals."""

    def cell(v: Any) -> str:
        if isinstance(v, float):
            return f"{v:.4g}" if abs(v) < 1e4 else f"{v:,.0f}"
        return str(v)

    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(cell(v) for v in r) + " |" for r in rows]
    return "\n".join(out)


def fraction(text: str) -> float:
    """argparse type: a number in [0, 1], with a clear error otherwise."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number in [0, 1], got {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a number in [0, 1], got {text!r}")
    return value


def axes(width: float = 6.4, height: float = 4.0) -> tuple[Any, Any]:
    """(figure, its single axes) on the Agg backend."""
    fig = figure(width, height)
    return fig, fig.add_subplot(1, 1, 1)


def figure(width: float = 6.4, height: float = 4.0) -> Any:
    """A matplotlib figure on the Agg backend (no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt.figure(figsize=(width, height))


def save_figure(fig: Any, path: Path) -> Path:
    import matplotlib.pyplot as plt

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
