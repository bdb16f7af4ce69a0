"""The figures the benchmarks print: a mean with its 95% confidence interval
(normal approximation) and a quantile of measured times."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def interval(xs: Sequence[float]) -> tuple[float, float]:
    """The mean of ``xs`` and the half-width of its 95% confidence interval
    (normal approximation; 0.0 for a single value).

    >>> mean, half = interval([1.0, 3.0])
    >>> mean, round(half, 2)
    (2.0, 1.96)
    >>> interval([5.0])
    (5.0, 0.0)
    """
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return mean, half


def quantile(values: Sequence[float], q: float) -> float:
    """The value at fraction ``q`` of ``values`` in sorted order (``q`` 0.95:
    the 95th percentile).

    >>> quantile([3.0, 1.0, 2.0], 0.5)
    2.0
    """
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


__all__ = ["interval", "quantile"]
