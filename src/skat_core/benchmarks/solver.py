"""Benchmark of the double-dummy solver on the solved full deals.

Solves every line of ``tests/data/reference/dds/full_game.txt`` (150 deals, ten cards
each, player 0 the soloist), checks each result against the file's score and
prints the time per solve (wall clock, and the process's CPU time, which a
busy machine disturbs less).  The speed goal is a median of at most 50 ms and
a 95th percentile of at most 500 ms.  Wired into the CLI as ``skat bench
solver``; benchmarks print numbers, the tests assert behaviour.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from ..cards import points_of
from ..solver import Solver

DATA_NAME = "full_game.txt"

# Variant numbers of the data files (0 grand, 1 clubs, 2 spades, 3 hearts,
# 4 diamonds) to :class:`skat_core.rules.GameType` numbers.
VARIANT_GAME = {0: 4, 1: 3, 2: 2, 3: 1, 4: 0}

Position = tuple[tuple[int, int, int], int, int, int, int]
"""hands, skat, to_move, game type, score (skat points included)."""


def _repo_root(start: Path) -> Path | None:
    for folder in (start, *start.parents):
        if (folder / "pyproject.toml").is_file():
            return folder
    return None


def find_data(name: str = DATA_NAME) -> Path | None:
    """Find ``dds/<name>``: first the repository's copy in
    ``tests/data/reference`` (the repository root is the folder with
    pyproject.toml, seen from the current directory or from this file), then
    ``shared/data`` beside or inside the current directory or the root."""
    roots: list[Path] = []
    for start in (Path.cwd(), Path(__file__).resolve().parent):
        root = _repo_root(start)
        if root is not None and root not in roots:
            roots.append(root)
    candidates = [root / "tests" / "data" / "reference" / "dds" / name for root in roots]
    for base in (Path.cwd(), *roots):
        for shared in (base.parent / "shared", base / "shared"):
            candidates.append(shared / "data" / "dds" / name)
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    return None


def load(path: str | Path) -> list[Position]:
    """Parse ``hand0,hand1,hand2,skat,to_move,variant,score`` lines."""
    out: list[Position] = []
    for line in Path(path).read_text().splitlines():
        if not line.strip():
            continue
        h0, h1, h2, skat, to_move, variant, score = (int(f) for f in line.split(","))
        out.append(((h0, h1, h2), skat, to_move, VARIANT_GAME[variant], score))
    return out


def _percentile(sorted_values: list[float], q: float) -> float:
    index = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[index]


def run(path: str | None = None) -> int:
    """Solve every position, print the figures; exit code 1 on a wrong
    result or a missing file."""
    data_path = Path(path) if path is not None else find_data()
    if data_path is None or not data_path.is_file():
        print(
            f"solver benchmark: {DATA_NAME} not found (looked in tests/data/reference/dds "
            "of the repository and in ../shared/data/dds); give its path"
        )
        return 1
    positions = load(data_path)
    times: list[float] = []
    cpu_times: list[float] = []
    mismatches = 0
    for line, (hands, skat, to_move, game, score) in enumerate(positions, start=1):
        solver = Solver(game, 0)  # a fresh table: each solve is timed alone
        start = time.perf_counter()
        cpu_start = time.process_time()
        value = solver.solve(hands, to_move) + points_of(skat)
        cpu_times.append(time.process_time() - cpu_start)
        times.append(time.perf_counter() - start)
        if value != score:
            mismatches += 1
            print(f"line {line}: solved {value}, expected {score}")
    print(f"positions: {len(positions)} from {data_path}")
    print(f"mismatches: {mismatches}")
    for label, values in (("per solve", times), ("CPU time", cpu_times)):
        if values:
            ms = sorted(t * 1000 for t in values)
            print(
                f"{label}: median {statistics.median(ms):.1f} ms, "
                f"p95 {_percentile(ms, 0.95):.1f} ms, max {ms[-1]:.1f} ms, "
                f"total {sum(ms) / 1000:.1f} s"
            )
    return 1 if mismatches else 0


if __name__ == "__main__":
    raise SystemExit(run())
