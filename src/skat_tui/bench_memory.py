"""``skat bench memory``: the app's memory over a long session.

An all-bot hotseat match at the instant speed, run headless through
Textual's pilot with a temporary data directory: after every deal the
result and the score sheet are confirmed as a player would.  Prints the
resident memory and the live Python objects every ``--every`` deals, and the
growth per deal once warm (after ``--warm`` deals).  A long session must
stay flat (a few MB over 100 deals).
"""

from __future__ import annotations

import asyncio
import gc
import os
import sys
import tempfile
import time
from pathlib import Path


def rss_mb() -> float:
    """Resident memory of this process in MB (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


async def _session(deals: int, level: str, warm: int, every: int, home: Path) -> int:
    from .app import SkatApp
    from .controller import PlayerSpec
    from .screens.result import DealResultScreen, ScoreSheetScreen
    from .settings import Settings
    from .storage import Storage

    players = [PlayerSpec(n, level) for n in ("Anna", "Ben", "Cem")]
    app = SkatApp(Settings(speed="instant", deals=3 * (deals // 3 + 2)), seed="bench-memory",
                  hint_level="random", storage=Storage(home, sync=False),
                  start="hotseat", players=players)
    figures: dict[int, float] = {}
    start = time.perf_counter()
    async with app.run_test(size=(120, 40)) as pilot:
        done = -1
        while done < deals:
            await pilot.pause(0.005)
            if isinstance(app.screen, DealResultScreen | ScoreSheetScreen):
                await pilot.press("enter")
            table = app.table
            if table is None:
                continue
            n = len(table.controller.match.outcomes)
            if n == done:
                continue
            done = n
            if n in (warm, deals) or n % every == 0:
                gc.collect()
                figures[n] = rss_mb()
                print(f"deal {n:4d}: {figures[n]:7.1f} MB resident, {len(gc.get_objects()):8d} "
                      f"objects, {time.perf_counter() - start:6.1f} s", flush=True)
    if warm in figures and deals in figures and deals > warm:
        grow = figures[deals] - figures[warm]
        print(f"memory: {level} bots, deals {warm}..{deals}: {grow:+.1f} MB, "
              f"{1024 * grow / (deals - warm):+.0f} KB per deal once warm")
    return 0


def run(deals: int = 100, level: str = "random", warm: int = 10, every: int = 10) -> int:
    if deals <= warm:
        print("--deals must be more than --warm", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="skat-bench-memory-") as home:
        os.environ.setdefault("SKAT_CONFIG_DIR", str(Path(home) / "config"))
        return asyncio.run(_session(deals, level, warm, every, Path(home)))


__all__ = ["rss_mb", "run"]
