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
    assert lines[1].startswith("load average ")
    assert "actions/s" in lines[2] and "p95" in lines[3] and "p95" in lines[4]
    assert lines[6].startswith("CPU per action: server ")
    summary = json.loads(lines[-1])
    assert summary["tables"] == 3 and summary["saved_tables"] == 3
    assert 0 < summary["actions"] <= 66  # the budget, and the actions already in flight
    # the server counted them too, with the bots' (one bot a table)
    assert summary["server_actions"] > summary["server_actions_by_bots"] > 0
    # (each client may have had one action in flight when the measured time began)
    assert summary["server_actions"] >= summary["actions"] - summary["clients"]
    assert lines[7].startswith("cores used: server ")
    for key in ("server_cores", "bot_cores", "client_cores"):
        assert 0 < summary[key] < 2 * (summary["cores"] or 1)
    for key in ("latency_ms", "server_ms"):
        ms = summary[key]
        assert 0 < ms["p50"] <= ms["p95"] <= ms["p99"] <= ms["max"]
    # the time inside the server is part of the round trip
    assert summary["server_ms"]["p50"] <= summary["latency_ms"]["p50"]
    assert summary["server_cpu_ms_per_action"] > 0
    assert len(summary["load_average_before"]) == 3


def test_percentiles() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50.0
    assert percentile(values, 95) == 95.0
    assert percentile(values, 100) == 100.0
    # nearest rank: of 10 values the p95 is the slowest, never an average
    assert percentile([1.0] * 9 + [500.0], 95) == 500.0
    assert percentile([], 95) == 0.0
