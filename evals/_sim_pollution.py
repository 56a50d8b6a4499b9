"""The pollution feedback loop (write-side article §7) as a branching process.

Each round every polluted memory is injected into an answer with probability r; the answer restates it;
the write path stores that restatement as a new memory with probability p_w. So the expected polluted
count grows as (1 + p_w·r)^t — the article's figures: p_w·r = 0.12 → 93.05 after 40 rounds, 0.40 →
700,037.7. `simulate` draws the process (binomial per round, vectorised over trials) so the measured
mean can be set beside the closed form.

Example:
    >>> round(expected(0.3, 0.4, 40), 2)
    93.05
    >>> m = simulate(0.3, 0.4, 5, trials=4000, seed=1)
    >>> bool(abs(m[-1] - expected(0.3, 0.4, 5)) < 0.1)
    True
"""

from __future__ import annotations

import numpy as np


def _check(p_w: float, r: float, rounds: int) -> None:
    for name, v in (("p_w", p_w), ("r", r)):
        if not 0.0 <= v <= 1.0:
            raise ValueError(f"{name} must be a probability in [0, 1], got {v}")
    if rounds < 0:
        raise ValueError(f"rounds must be >= 0, got {rounds}")


def expected(p_w: float, r: float, rounds: int, start: float = 1.0) -> float:
    """Closed-form expected polluted entries after `rounds`: start · (1 + p_w·r)^rounds."""
    _check(p_w, r, rounds)
    return start * (1.0 + p_w * r) ** rounds


def simulate(p_w: float, r: float, rounds: int, *, trials: int = 2000, start: int = 1, seed: int = 0) -> np.ndarray:
    """Mean polluted entries after each round 0..rounds over `trials` draws of the branching process."""
    _check(p_w, r, rounds)
    if trials < 1:
        raise ValueError(f"trials must be >= 1, got {trials}")
    rng = np.random.default_rng(seed)
    n = np.full(trials, start, dtype=np.int64)
    means = [float(n.mean())]
    for _ in range(rounds):
        n = n + rng.binomial(n, p_w * r)
        means.append(float(n.mean()))
    return np.asarray(means)
