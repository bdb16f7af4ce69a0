"""``skat bench server`` at a small size: it runs, plays and prints its figures."""

from __future__ import annotations

import io
import json

from skat_net.bench import percentile, run


def test_the_server_benchmark_at_a_small_size() -> None:
    out = io.StringIO()
    assert run(tables=3, seconds=8, actions=60, think=0.01, bot="random", out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("tables 3 ")
    assert "actions/s" in lines[1] and "p95" in lines[2]
    summary = json.loads(lines[-1])
    assert summary["tables"] == 3 and summary["saved_tables"] == 3
    assert 0 < summary["actions"] <= 66  # the budget, and the actions already in flight
    ms = summary["latency_ms"]
    assert 0 < ms["p50"] <= ms["p95"] <= ms["p99"] <= ms["max"]


def test_percentiles() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) in (50.0, 51.0)
    assert percentile(values, 95) in (95.0, 96.0)
    assert percentile([], 95) == 0.0
