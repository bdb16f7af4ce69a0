"""Paired comparison of a bot variant: replay xbench.py rows up to the first
decision where the variant acts differently, play live from there.

    PYTHONPATH=<worktree>/src python replay.py ROWS --out NEW \\
        [--check bid,skat,declare,card] [--select all|soloist|defended|null] [--jobs N]

ROWS are xbench.py rows with action logs (``log`` in each game's summary).
For every deal and seating, the game is walked again through a fresh driver
(same deal, same xskat seed as xbench.py) with the bot of the same level and
seed (``make_bot(level, "<seed>:<deal>:<seat>")``) from whatever skat_core is
imported.  xskat's actions must reproduce the log (else a disagreement, as in
xbench.py).  At each of our seat's decisions whose kind is in ``--check`` the
variant is asked; while it agrees with the log the game goes on, at its first
different action the game is played live from there (the variant takes all our
seat's decisions of every kind, xskat plays on in the driver, skat_core
referees: xbench.play_game's loop).  Decisions of other kinds before that take
the logged action without asking.  ``--select`` replays only the seat-plays
where our seat was the soloist (``soloist``), another seat was (``defended``)
or our seat played a null (``null``) in ROWS; the others are copied.

NEW is in xbench.py's row format (the reference copied from ROWS) with
``diverged`` per seating: ``analyze.py NEW ROWS`` gives the paired difference
(variant minus ROWS).  ``times`` has the decisions the variant was asked.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time

import analyze
import xbench

from skat_core.bots import make_bot
from skat_core.deal import deal_from_seed

KINDS = ("bid", "skat", "declare", "card")
SELECT = ("all", "soloist", "defended", "null")


class Follow(xbench.ReplayBot):
    """Our seat: the logged actions while the variant agrees on the checked
    kinds, the variant alone from its first different action on."""

    def __init__(self, actions: list, variant, check: set[str], times) -> None:
        super().__init__(actions)
        self.variant, self.check, self.times = variant, check, times
        self.diverged = False

    def choose(self, view):
        if self.diverged:
            return xbench.timed_choice(self.variant, view, self.times)
        logged = super().choose(view)
        if xbench.KIND[view.phase] not in self.check:
            return logged
        action = xbench.timed_choice(self.variant, view, self.times)
        self.diverged = action != logged
        return action


def selected(seating: dict, select: str) -> bool:
    seat, ours = seating["seat"], seating["ours"]
    if select == "all":
        return True
    if select == "soloist":
        return ours["soloist"] == seat
    if select == "defended":
        return ours["soloist"] is not None and ours["soloist"] != seat
    return any(e.startswith(f"{seat} declare N") for e in ours["log"])  # null


def replay_row(row: dict, check: set[str], select: str) -> dict:
    new = {k: v for k, v in row.items() if k not in ("seatings", "times")}
    new["errors"] = list(row.get("errors", []))
    if "seatings" not in row:  # the reference game failed in ROWS
        return new
    i, level, ref = row["deal"], row["level"], row["reference"]
    deal = deal_from_seed(row["seed"], i)
    times = xbench.new_times()
    seatings = []
    for old in row["seatings"]:
        seat = old["seat"]
        if not selected(old, select):
            seatings.append({**old, "diverged": False})
            continue
        logged = old["ours"]["log"]
        bot = Follow([a for p, a in xbench.normalized(logged) if p == seat],
                     make_bot(level, f"{row['seed']}:{i}:{seat}"), check, times)
        log: list[str] = []
        try:
            state = xbench.play_game(deal, seat, bot, xbench.new_times(), log, expected=logged)
        except xbench.Disagreement as err:
            xbench._failed(new, f"seat {seat}", err, log)
            continue
        seatings.append({**xbench.seating(seat, state, log, ref), "diverged": bot.diverged,
                         "replayed": True})
    new["seatings"] = seatings
    new["times"] = dict(times)
    return new


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rows", help="xbench.py rows with logs")
    ap.add_argument("--out", required=True)
    ap.add_argument("--check", default=",".join(KINDS),
                    help="kinds of decision the variant is asked before it diverges")
    ap.add_argument("--select", choices=SELECT, default="all")
    ap.add_argument("--jobs", type=int, default=1,
                    help="deals replayed in this many processes at once (rows in deal order)")
    args = ap.parse_args(argv)
    check = {k for k in args.check.split(",") if k}
    if not check <= set(KINDS):
        ap.error(f"--check: kinds are {','.join(KINDS)}")
    rows = list(analyze.load(args.rows).values())
    if any("log" not in s["ours"] for r in rows for s in r.get("seatings", [])):
        ap.error(f"{args.rows}: rows without action logs (written by an xbench.py from "
                 "before the logs: run it again)")
    if any(r.get("level") in (None, "replay") for r in rows):
        ap.error(f"{args.rows}: not a benchmark of a bot level")
    from skat_core.bots import pimc, play_rules, players  # noqa: F401  (warm up)
    start = time.time()
    work = functools.partial(replay_row, check=check, select=args.select)
    total = replayed = diverged = better = worse = same = 0
    with open(args.out, "w", encoding="utf-8") as f:
        for old, new in zip(rows, xbench.in_order(work, rows, args.jobs), strict=True):
            total += new["disagreements"] - old["disagreements"]
            before = {s["seat"]: s["ours_sf"] for s in old.get("seatings", [])}
            for s in new.get("seatings", []):
                if s.pop("replayed", False):
                    replayed += 1
                    diverged += s["diverged"]
                    d = s["ours_sf"] - before[s["seat"]]
                    better += d > 0
                    worse += d < 0
                    same += d == 0
            f.write(json.dumps(new) + "\n")
            f.flush()
    print(f"{len(rows)} deals, {replayed} seat-plays replayed, {diverged} diverged: "
          f"{better} better, {worse} worse, {same} same; {total} disagreements, "
          f"{time.time() - start:.0f} s", file=sys.stderr)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
