"""``skat bench server``: many tables on one server process, on loopback.

The server runs as its own process (``skat serve`` on 127.0.0.1, any free
port, a temporary data directory, every table saved after every action as
always, with fsync unless ``fsync`` is False), so the simulated people do
not run on its event loop; they share the machine's cores with it, though.
This process opens the tables, each with two simulated people and one bot:
each person waits ``think`` seconds (±50%) after a state that asks them,
then sends a random legal action.  The round trip of an action is the time
from sending it to the server's ``ack`` (the action applied and saved).

The figures are meant to be honest: every acknowledged action counts
(nearest-rank percentiles, never averages of slices), actions still
unanswered at the end are counted, the server reports its own time per
action (from the message to the ack and the states written) and its CPU
time, this process reports how late its own event loop ran, and the load
average before and after is printed beside them.  The run is bounded by
``seconds`` and by ``actions`` in all.
"""

from __future__ import annotations

import asyncio
import json
import math
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
    """A simulated person: after a state that asks them, a random legal
    action after a think time.  It is a lean client: it reads the states
    (every frame is parsed as JSON) but not the views, and sends one of the
    view's ``legal`` actions as the server wrote it, so that the machine's
    cores go to the server under test rather than to rebuilding views that
    nobody looks at (the app does that for one seat, not for 400)."""

    def __init__(self, client: TableClient, rng: random.Random, think: float,
                 latencies: list[float], budget: list[int]) -> None:
        self.client = client
        self.rng = rng
        self.think = think
        self.latencies = latencies
        self.budget = budget
        self.busy = False
        self.sent = False
        self.done_for: Any = None
        self.task: asyncio.Future[None] | None = None
        client.lazy_views = True  # never read here: the raw view's legal actions are used
        client.on_state = lambda c: self.poke()

    def poke(self) -> None:
        if self.busy or self.budget[0] <= 0:
            return
        state = self.client.state
        if state is None or state["version"] == self.done_for:
            return
        action: Any = None
        me = state["player"]
        if state["question"] and me in state["question"]["asked"]:
            action = "refuse"
        elif state["status"] == "between" and me in state["waiting_for"]:
            action = "next"
        elif me in state["waiting_for"] and not state["question"]:
            view = state.get("view")
            if view is not None and view["legal"]:
                action = self.rng.choice(view["legal"])
        if action is None:
            return
        self.busy = True
        self.done_for = state["version"]
        self.task = asyncio.ensure_future(self._act(action))

    async def _act(self, action: Any) -> None:
        await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
        start = time.perf_counter()
        self.budget[0] -= 1
        self.sent = True
        await self.client.act(action)
        self.latencies.append(time.perf_counter() - start)
        self.busy = self.sent = False
        self.poke()


def _start_server(data: Path, fsync: bool, stats: Path) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", "from skat_tui.cli import main; main()", "serve",
         "--port", "0", "--data", str(data), "--bot-delay", "0", "--max-tables", "100000",
         "--max-connections", "100000", "--max-per-address", "100000",
         "--stats", str(stats), *(() if fsync else ("--no-fsync",))],
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
    """The nearest-rank percentile: at least ``p`` per cent of the values are
    at most this one (never an average that hides the slow ones)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = max(0, math.ceil(p / 100 * len(ordered)) - 1)
    return ordered[min(k, len(ordered) - 1)]


async def _lag(samples: list[float], stop: asyncio.Event) -> None:
    """How late this process's own event loop wakes up: the part of a round
    trip that is the simulated players' process, not the server."""
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(0.02)
        samples.append(time.perf_counter() - start - 0.02)


def _cpu_seconds(pid: int) -> float:
    """CPU seconds (user and system, every thread) of a running process, from
    Linux's /proc (0 elsewhere or once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started (the server's bot workers)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return out


def _cpu_now(server: int) -> tuple[float, float, float]:
    """CPU seconds so far: this process, the server, its bot workers."""
    return (time.process_time(), _cpu_seconds(server),
            sum(_cpu_seconds(c) for c in _children(server)))


async def _run(url: str, server: int, tables: int, seconds: float, actions: int, think: float,
               bot: str, seed: str) -> dict[str, Any]:
    rng = random.Random(seed)
    latencies: list[float] = []
    budget = [actions]
    clients: list[TableClient] = []
    sims: list[_Sim] = []
    seats = parse_seats(f"?,?,:{bot}")
    for t in range(tables):
        created = await create_table(url, create_message(seats, 99, f"{seed}:{t}", "sf", None))
        for name in ("Sim A", "Sim B"):
            c = TableClient(url, code=created["code"], name=name)
            sims.append(_Sim(c, random.Random(rng.random()), think, latencies, budget))
            clients.append(c)
    for c in clients:
        c.start()
    for c in clients:  # every table playing before the measured time begins
        await c.wait_welcome(60)
    await asyncio.sleep(min(2.0, 2 * think))
    latencies.clear()
    budget[0] = actions
    lags: list[float] = []
    stop = asyncio.Event()
    lag_task = asyncio.ensure_future(_lag(lags, stop))
    start, window_start = time.perf_counter(), time.monotonic()
    cpu = _cpu_now(server)
    deadline = start + seconds
    while time.perf_counter() < deadline and budget[0] > 0:
        await asyncio.sleep(0.1)
    elapsed = time.perf_counter() - start
    cpu_end = _cpu_now(server)
    window = (window_start, time.monotonic())
    measured = list(latencies)
    stop.set()
    await lag_task
    connected = sum(1 for c in clients if c.connected)
    unanswered = sum(1 for s in sims if s.busy and s.sent)
    for c in clients:
        await c.close()
    return {"tables": tables, "clients": len(clients), "connected": connected,
            "actions": len(measured), "unanswered": unanswered, "seconds": elapsed,
            "latencies": measured, "client_lag": lags, "window": window,
            "client_cpu_seconds": cpu_end[0] - cpu[0],
            "server_cpu_seconds": cpu_end[1] - cpu[1],
            "bot_cpu_seconds": cpu_end[2] - cpu[2]}


def _ms(values: list[float]) -> dict[str, float]:
    ms = [v * 1000 for v in values]
    return {
        "p50": round(percentile(ms, 50), 2),
        "p95": round(percentile(ms, 95), 2),
        "p99": round(percentile(ms, 99), 2),
        "max": round(max(ms, default=0.0), 2),
        "mean": round(statistics.fmean(ms), 2) if ms else 0.0,
    }


def run(tables: int = 200, seconds: float = 30.0, actions: int = 200_000, think: float = 0.5,
        bot: str = "easy", seed: str = "bench", out: Any = None, fsync: bool = True) -> int:
    """Print the figures; exit status 0."""
    out = out or sys.stdout
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="skat-bench-") as tmp:
        stats_file = Path(tmp, "stats.json")
        proc, url = _start_server(Path(tmp, "server"), fsync, stats_file)
        try:
            result = asyncio.run(_run(url, proc.pid, tables, seconds, actions, think, bot,
                                      seed))
        finally:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
        saved = len(list(Path(tmp, "server", "tables").glob("*.json")))
        server = json.loads(stats_file.read_text()) if stats_file.exists() else {}
    load_after = os.getloadavg()
    low, high = result["window"]
    # the server's figures over the measured time only (the clocks are the same:
    # time.monotonic() is the machine's monotonic clock in both processes)
    handled = [d for d, at in zip(server.get("handled", []), server.get("handled_at", []),
                                  strict=False) if low <= at <= high]
    by_bots = sum(1 for at in server.get("bots_at", []) if low <= at <= high)
    applied = len(handled) + by_bots
    elapsed = result["seconds"]
    summary = {
        **{k: v for k, v in result.items() if k not in ("latencies", "client_lag", "window")},
        "saved_tables": saved,
        "actions_per_second": round(len(result["latencies"]) / result["seconds"], 1),
        "server_actions": applied,
        "server_actions_by_bots": by_bots,
        "server_actions_per_second": round(applied / result["seconds"], 1),
        "think_seconds": think,
        "fsync": fsync,
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in load_after],
        "cores": os.cpu_count(),
        "bot": bot,
        "latency_ms": _ms(result["latencies"]),
        "server_ms": _ms(handled),
        "client_lag_ms": _ms(result["client_lag"]),
        "server_cpu_ms_per_action": round(1000 * result["server_cpu_seconds"]
                                          / max(1, applied), 3),
        "bot_cpu_ms_per_bot_action": round(1000 * result["bot_cpu_seconds"]
                                           / max(1, by_bots), 3),
        "client_cpu_ms_per_action": round(1000 * result["client_cpu_seconds"]
                                          / max(1, len(result["latencies"])), 3),
        "server_cores": round(result["server_cpu_seconds"] / elapsed, 3),
        "bot_cores": round(result["bot_cpu_seconds"] / elapsed, 3),
        "client_cores": round(result["client_cpu_seconds"] / elapsed, 3),
    }
    summary["seconds"] = round(summary["seconds"], 2)
    for key in ("client_cpu_seconds", "server_cpu_seconds", "bot_cpu_seconds"):
        summary[key] = round(summary[key], 2)
    print(f"tables {summary['tables']} · clients {summary['clients']} "
          f"({summary['connected']} connected at the end) · bot {bot} · think {think:g} s · "
          f"{'fsync' if fsync else 'no fsync'}", file=out)
    print(f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after "
          f"({summary['cores']} cores)", file=out)
    print(f"actions {summary['actions']} by the simulated people in {summary['seconds']} s: "
          f"{summary['actions_per_second']} actions/s; {applied} applied by the server with "
          f"the bots' ({summary['server_actions_per_second']}/s); "
          f"{summary['unanswered']} unanswered at the end", file=out)
    for label, key in (("round trip ms", "latency_ms"), ("in the server ms", "server_ms"),
                       ("players' own loop late ms", "client_lag_ms")):
        ms = summary[key]
        print(f"{label}: p50 {ms['p50']} · p95 {ms['p95']} · p99 {ms['p99']} · "
              f"max {ms['max']}", file=out)
    print(f"CPU per action: server {summary['server_cpu_ms_per_action']} ms (every action "
          f"it applied), bots {summary['bot_cpu_ms_per_bot_action']} ms per bot action, "
          f"simulated players (this load generator) {summary['client_cpu_ms_per_action']} ms "
          f"per action of theirs", file=out)
    print(f"cores used: server {summary['server_cores']}, bots {summary['bot_cores']}, "
          f"simulated players {summary['client_cores']} (of {summary['cores']})", file=out)
    print(json.dumps(summary), file=out)
    return 0


__all__ = ["percentile", "run"]
