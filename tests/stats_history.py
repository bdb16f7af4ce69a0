"""A crafted history for the statistics tests: every figure in them is worked
out by hand from the deals below (see tests/test_stats.py for the sums).

Matches (You against bots unless said otherwise):

* A, random, vs normal/normal, 2026-11-20: You win Clubs 48 (95 card points,
  8 tricks); Lena loses Grand 72 (50, 4 tricks), You defend; passed in.
* B, seeded, vs easy/strong, 2026-11-25: You lose Hearts overbid at 40 (70, 6);
  You win Null 23; Rolf wins Spades 33 schwarz (120, 10), You defend.
* C, the daily of 2026-11-29 (scored), vs normal/normal: You win Grand 96 (61, 5);
  You lose Diamonds 18 (25, 2).
* D, random hotseat, 2026-11-30: Anna and the hostile name MALLORY (people), Rolf
  (normal): Anna wins Clubs 24 (70, 6).
* E, an older entry without seats (and no leaderboard row): You win Spades 22 (80, 7).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

MALLORY = "[bold red]Mallory[/] $x {y}"
"""A player's name that is Rich markup and Textual template text."""

NORMAL = {"You": "human", "Lena": "normal", "Rolf": "normal"}


def record(players: tuple[str, str, str], soloist: int | None, game: str = "C",
           won: bool = True, value: int = 0, points: int = 0, tricks: int = 0, *,
           overbid: bool = False, **meta: Any) -> dict[str, Any]:
    """A history line: only what the history and the statistics read."""
    score = 0 if soloist is None else (value if won else -2 * value)
    result: dict[str, Any] = {
        "soloist": soloist, "game": game if soloist is not None else None,
        "hand": False, "schneider_announced": False, "schwarz_announced": False,
        "ouvert": False, "bid": 18, "matadors": 1, "soloist_points": points,
        "defender_points": 120 - points, "soloist_tricks": tricks, "won": won,
        "schneider": points >= 90 or points <= 30, "schwarz": tricks in (0, 10),
        "overbid": overbid, "value": value, "multiplier": 2, "score": score,
        "conceded": None, "aborted": None,
    }
    return {"format": "skat-record", "version": 1, "players": list(players), "meta": meta,
            "deal": {}, "actions": [], "result": result}


def deals() -> list[dict[str, Any]]:
    you = ("You", "Lena", "Rolf")
    a = {"match": "A", "kind": "random", "seats": NORMAL, "seed": "x"}
    b = {"match": "B", "kind": "seeded", "seed": "Eichel",
         "seats": {"You": "human", "Lena": "easy", "Rolf": "strong"}}
    c = {"match": "C", "kind": "daily", "seed": "daily:2026-11-29", "seats": NORMAL,
         "scored": True}
    d = {"match": "D", "kind": "random", "seed": "y",
         "seats": {"Anna": "human", MALLORY: "human", "Rolf": "normal"}}
    e = {"match": "E", "kind": "random", "seed": "z"}
    return [
        record(you, 0, "C", True, 48, 95, 8, deal=0, date="2026-11-20T10:00:00Z", **a),
        record(("Lena", "Rolf", "You"), 0, "G", False, 72, 50, 4, deal=1,
               date="2026-11-20T10:05:00Z", **a),
        record(("Rolf", "You", "Lena"), None, deal=2, date="2026-11-20T10:06:00Z", **a),
        record(you, 0, "H", False, 40, 70, 6, overbid=True, deal=0,
               date="2026-11-25T18:00:00Z", **b),
        record(("Lena", "Rolf", "You"), 2, "N", True, 23, 0, 0, deal=1,
               date="2026-11-25T18:05:00Z", **b),
        record(("Rolf", "You", "Lena"), 0, "S", True, 33, 120, 10, deal=2,
               date="2026-11-25T18:10:00Z", **b),
        record(you, 0, "G", True, 96, 61, 5, deal=0, date="2026-11-29T08:00:00Z", **c),
        record(("Lena", "Rolf", "You"), 2, "D", False, 18, 25, 2, deal=1,
               date="2026-11-29T08:05:00Z", **c),
        record(("Anna", MALLORY, "Rolf"), 0, "C", True, 24, 70, 6, deal=0,
               date="2026-11-30T20:00:00Z", **d),
        record(you, 0, "S", True, 22, 80, 7, deal=0, date="2026-12-01T09:00:00Z", **e),
    ]


def write_history(home: Path, extra: list[str] | None = None) -> Path:
    """The crafted history in ``home`` (and ``extra`` raw lines after it)."""
    home.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(r, ensure_ascii=False) for r in deals()] + (extra or [])
    path = home / "history.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path
