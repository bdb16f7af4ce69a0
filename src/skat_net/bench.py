"""``skat bench server``: many tables on one server process, on loopback.

The server runs as its own process (``skat serve`` on 127.0.0.1, any free
port, a temporary data directory, every table saved after every action as
always).  This process opens the tables, each with two simulated people and
one bot, and plays (saving with fsync after every action, as the server
does by default, unless ``fsync`` is False): each simulated person waits ``think`` seconds (±50%)
before a random legal action.  The round trip of an action is the time from
sending it to the server's ``ack`` (the action applied and saved).  The run
is bounded by ``seconds`` and by ``actions`` in all.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .client import TableClient, create_table
from .host import create_message, parse_seats


class _Sim:
    """A simulated person: random legal actions after a think time."""

    def __init__(self, client: TableClient, rng: random.Random, think: float,
                 latencies: list[float], budget: list[int]) -> None:
        self.client = client
        self.rng = rng
        self.think = think
        self.latencies = latencies
        self.budget = budget
        self.busy = False
        self.done_for: Any = None
        self.task: asyncio.Future[None] | None = None
        client.on_state = lambda c: self.poke()

    def poke(self) -> None:
        if self.busy or self.budget[0] <= 0:
            return
        state = self.client.state
        if state is None or state["version"] == self.done_for:
            return
        action: Any = None
        view = self.client.view
        if state["question"] and state["player"] in state["question"]["asked"]:
            action = "refuse"
        elif state["status"] == "between" and state["player"] in state["waiting_for"]:
            action = "next"
        elif view is not None and view.legal and not state["question"]:
            action = self.rng.choice(view.legal)
        if action is None:
            return
        self.busy = True
        self.done_for = state["version"]
        self.task = asyncio.ensure_future(self._act(action))

    async def _act(self, action: Any) -> None:
        await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
        start = time.perf_counter()
        self.budget[0] -= 1
        await self.client.act(action)
        self.latencies.append(time.perf_counter() - start)
        self.busy = False
        self.poke()


def _start_server(data: Path, fsync: bool) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", "from skat_tui.cli import main; main()", "serve",
         "--port", "0", "--data", str(data), "--bot-delay", "0", "--max-tables", "100000",
         "--max-connections", "100000", "--max-per-address", "100000",
         *(() if fsync else ("--no-fsync",))],
        stdout=subprocess.PIPE, text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"ws://127\.0\.0\.1:(\d+)", line)
    if not found:
        proc.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return proc, f"ws://127.0.0.1:{found.group(1)}"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


async def _run(url: str, tables: int, seconds: float, actions: int, think: float,
               bot: str, seed: str) -> dict[str, Any]:
    rng = random.Random(seed)
    latencies: list[float] = []
    budget = [actions]
    clients: list[TableClient] = []
    seats = parse_seats(f"?,?,:{bot}")
    for t in range(tables):
        created = await create_table(url, create_message(seats, 99, f"{seed}:{t}", "sf", None))
        for name in ("Sim A", "Sim B"):
            c = TableClient(url, code=created["code"], name=name)
            _Sim(c, random.Random(rng.random()), think, latencies, budget)
            clients.append(c)
    start = time.perf_counter()
    for c in clients:
        c.start()
    deadline = start + seconds
    while time.perf_counter() < deadline and budget[0] > 0:
        await asyncio.sleep(0.1)
    elapsed = time.perf_counter() - start
    connected = sum(1 for c in clients if c.connected)
    for c in clients:
        await c.close()
    return {"tables": tables, "clients": len(clients), "connected": connected,
            "actions": len(latencies), "seconds": elapsed, "latencies": latencies}


def run(tables: int = 200, seconds: float = 30.0, actions: int = 200_000, think: float = 0.5,
        bot: str = "easy", seed: str = "bench", out: Any = None, fsync: bool = True) -> int:
    """Print the figures; exit status 0."""
    out = out or sys.stdout
    with tempfile.TemporaryDirectory(prefix="skat-bench-") as tmp:
        proc, url = _start_server(Path(tmp), fsync)
        try:
            result = asyncio.run(_run(url, tables, seconds, actions, think, bot, seed))
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        saved = len(list(Path(tmp, "tables").glob("*.json")))
    lat = [x * 1000 for x in result.pop("latencies")]
    summary = {
        **result,
        "saved_tables": saved,
        "actions_per_second": round(len(lat) / result["seconds"], 1),
        "think_seconds": think,
        "fsync": fsync,
        "load_average": [round(x, 1) for x in os.getloadavg()],
        "bot": bot,
        "latency_ms": {
            "p50": round(percentile(lat, 50), 2),
            "p95": round(percentile(lat, 95), 2),
            "p99": round(percentile(lat, 99), 2),
            "max": round(max(lat, default=0.0), 2),
            "mean": round(statistics.fmean(lat), 2) if lat else 0.0,
        },
    }
    summary["seconds"] = round(summary["seconds"], 2)
    print(f"tables {summary['tables']} · clients {summary['clients']} "
          f"({summary['connected']} connected at the end) · bot {bot} · think {think:g} s · "
          f"{'fsync' if fsync else 'no fsync'} · load {summary['load_average'][0]}",
          file=out)
    print(f"actions {summary['actions']} in {summary['seconds']} s: "
          f"{summary['actions_per_second']} actions/s", file=out)
    ms = summary["latency_ms"]
    print(f"round trip ms: p50 {ms['p50']} · p95 {ms['p95']} · p99 {ms['p99']} · "
          f"max {ms['max']}", file=out)
    print(json.dumps(summary), file=out)
    return 0


__all__ = ["percentile", "run"]
