"""Check the harness against Debian's own xskat binary (package xskat 4.0-8).

    python compare_debian.py --seeds 1-300 [--xskat /usr/games/xskat]

For each seed S, Debian's xskat plays one all-computer game headless
(``xskat -auto 1 -game FILE -log LOG`` with FILE = ``random_seed S 0 D``,
D = S mod 3 + 1 the dealer; a fresh process per game) and writes its game
protocol; the driver plays the same game (``xseed S 0 D``: xskat's own
shuffle) under skat_core's referee.  Compared: the dealt skat, the skat put
away, the last bid, the soloist, the game, won/lost, the soloist's card
points and every card of every trick in every seat.
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict

import xbench

SUITS = {"diamond": "D", "heart": "H", "spade": "S", "club": "C"}
RANKS = {"A": "A", "10": "T", "K": "K", "Q": "Q", "J": "J", "9": "9", "8": "8", "7": "7"}
GAMES = {"diamond": "D", "heart": "H", "spade": "S", "club": "C", "grand": "G", "null": "N"}
CARD_RE = re.compile(r"([A-Za-z]+)[ _](10|[AKQJ987])")


def card(m: re.Match) -> str:
    return SUITS[m.group(1).lower()] + RANKS[m.group(2)]


def parse_log(text: str) -> dict:
    lines = text.splitlines()
    out: dict = {}
    seps = [k for k, line in enumerate(lines) if line.startswith("----")]
    # first block: one row per trick, one column per seat (Computer1..3)
    rows = lines[seps[0] + 1:seps[1]]
    out["tricks"] = [[card(m) for m in CARD_RE.finditer(r)] for r in rows]
    for line in lines[seps[2] + 1:]:
        if line.startswith("Skat is:"):
            out["skat"] = sorted(card(m) for m in CARD_RE.finditer(line))
        elif line.startswith("Skat was:"):
            out["dealtskat"] = sorted(card(m) for m in CARD_RE.finditer(line))
        elif line.startswith("Last bid:"):
            out["bid"] = int(line.split(":")[1])
        elif " played " in line:
            who, _, game = line.partition(" played ")
            out["soloist_seat"] = int(who.strip()[-1]) - 1
            out["game"] = GAMES[game.split()[0].lower()]
        elif line.startswith("Won") or line.startswith("Lost"):
            out["won"] = line.startswith("Won")
            m = re.search(r"(\d+) points", line)
            out["points"] = int(m.group(1)) if m else None
        elif line.startswith("===="):
            break
        elif "seed" not in line:
            out.setdefault("extra", []).append(line.strip())
    return out


def debian_game(xskat: str, seed: int, dealer: int, tmp: str) -> dict:
    game = os.path.join(tmp, "game")
    log = os.path.join(tmp, "log")
    with open(game, "w") as f:
        f.write(f"random_seed {seed} 0 {dealer}\n")
    if os.path.exists(log):
        os.remove(log)
    subprocess.run([xskat, "-auto", "1", "-game", game, "-log", log], check=True,
                   stdout=subprocess.DEVNULL, env={**os.environ, "HOME": tmp}, timeout=60)
    with open(log) as f:
        return parse_log(f.read())


def driver_game(seed: int, dealer: int) -> dict:
    times: dict = defaultdict(lambda: {"cpu": [], "wall": []})
    end: list[str] = []
    xbench.play_game(None, None, None, times, [], start=f"xseed {seed} 0 {dealer}", end=end)
    w = end[0].split()
    if w[1] == "passed":
        return {"passed": True}
    f = dict(itertools.pairwise(w[1:]))
    geber = dealer - 1
    k = w.index("tricks")
    tricks_pos = [t.split(":")[1].split(",") for t in w[k + 1:k + 11]]
    # positions (forehand, middlehand, rearhand) -> xskat seats (Computer1..3)
    seat_of = [(geber + 1 + p) % 3 for p in range(3)]
    tricks = []
    for t in tricks_pos:
        row = [""] * 3
        for p in range(3):
            row[seat_of[p]] = t[p]
        tricks.append(row)
    i = w.index("skat")
    j = w.index("dealtskat")
    return {"tricks": tricks, "skat": sorted(w[i + 1:i + 3]), "dealtskat": sorted(w[j + 1:j + 3]),
            "bid": int(f["bid"]), "soloist_seat": seat_of[int(f["soloist"])],
            "game": f["game"], "won": f["won"] == "1", "points": int(f["points"]),
            "hand": f["hand"] == "1", "ouvert": f["ouvert"] == "1"}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="1-300")
    ap.add_argument("--xskat", default="/usr/games/xskat")
    args = ap.parse_args()
    bad = 0
    n = 0
    games = defaultdict(int)
    with tempfile.TemporaryDirectory() as tmp:
        for seed in xbench.parse_range(args.seeds):
            dealer = seed % 3 + 1
            n += 1
            try:
                deb = debian_game(args.xskat, seed, dealer, tmp)
                ours = driver_game(seed, dealer)
            except xbench.Disagreement as err:
                bad += 1
                print(f"seed {seed}: referee: {err}", file=sys.stderr)
                continue
            if ours.get("passed"):
                same = "game" not in deb
                games["passed"] += 1
            else:
                games[ours["game"] + (" hand" if ours["hand"] else "")] += 1
                diffs = [key for key in ("tricks", "skat", "dealtskat", "bid", "soloist_seat",
                                         "game", "won") if deb.get(key) != ours[key]]
                if ours["game"] != "N" and deb.get("points") != ours["points"]:
                    diffs.append("points")
                if ours["hand"] != any("hand" in e.lower() for e in deb.get("extra", [])):
                    diffs.append("hand")
                same = not diffs
                if diffs:
                    print(f"seed {seed}: differs in {diffs}\n  debian {deb}\n  driver {ours}",
                          file=sys.stderr)
            if not same:
                bad += 1
    print(f"{n} games compared with Debian's xskat, {bad} differ; games: {dict(games)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
