"""The statistics (skat_tui.stats) on the crafted history of stats_history.py:
every figure below is worked out by hand from the deals listed there."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from skat_core.match import Scoring
from skat_tui.leaderboard import Leaderboard, MatchSummary, PlayerLine
from skat_tui.stats import (
    PEOPLE,
    UNKNOWN,
    Extremes,
    Filters,
    GameLine,
    Statistics,
    compute,
    csv_rows,
    kinds_in,
    load_history,
    players_in,
)
from skat_tui.storage import Storage
from stats_history import MALLORY, record, write_history


@pytest.fixture
def storage(tmp_path: Path) -> Storage:
    write_history(tmp_path)
    return Storage(tmp_path, sync=False)


def stats_of(storage: Storage, filters: Filters | None = None) -> Statistics:
    history = load_history(storage)
    assert history.warnings == []
    return compute(history.deals, filters or Filters())


def test_every_human_seat(storage: Storage) -> None:
    s = stats_of(storage)
    f = s.overall
    # A 3 + B 3 + C 2 You's seats, D: Anna's and Mallory's; E has no seats: left out.
    assert f.deals == 10 and f.passed_in == 1 and s.unplaced == 1
    assert f.games == (
        GameLine("Diamonds", 1, 0, 18),  # C: lost 18
        GameLine("Hearts", 1, 0, 40),  # B: lost overbid at 40
        GameLine("Clubs", 2, 2, 72),  # A 48, D Anna 24
        GameLine("Grand", 1, 1, 96),  # C
        GameLine("Null", 1, 1, 23),  # B
    )
    assert f.games[2].average_value == 36.0 and f.games[2].lost == 0
    assert (f.solo_games, f.solo_won, f.overbid) == (6, 4, 1)
    # As soloist: 95 in A is schneider; 25 in C's Diamonds is schneider against.
    assert f.as_soloist == Extremes(made_schneider=1, got_schneider=1)
    # Defending: A (Grand lost: defence won), B (Spades schwarz: lost), D Mallory (lost).
    assert (f.defences, f.defences_won, f.defence_rate) == (3, 1, 1 / 3)
    assert f.as_defender == Extremes(got_schneider=1, got_schwarz=1)
    # Seeger-Fabian: A 98+40+0, B -130+73+0, C 146-86, D Anna 74 + Mallory 0.
    assert f.seeger_fabian == 215 and f.per_deal() == 21.5
    # Standard: A 48, B -80+23, C 96-36, D 24.
    assert f.standard == 75 and f.per_deal(Scoring.STANDARD) == 7.5
    assert f.card_points == (95, 70, 61, 25, 70)  # suit and grand games only
    assert [(d.day, d.deals, d.seeger_fabian, d.standard) for d in s.days] == [
        ("2026-11-20", 3, 138, 48), ("2026-11-25", 3, -57, -57),
        ("2026-11-29", 2, 60, 60), ("2026-11-30", 2, 74, 24),
    ]
    assert s.days[1].per_deal() == -19.0
    assert [(a.day, a.match, a.deals, a.seeger_fabian, a.scored) for a in s.dailies] == [
        ("2026-11-29", "C", 2, 60, True)]


def test_by_level_faced(storage: Storage) -> None:
    levels = dict(stats_of(storage).by_level)
    assert list(levels) == ["easy", "normal", "strong"]
    # B (easy and strong) counts under both; normal: A, C and both hotseat people in D.
    assert levels["easy"] == levels["strong"]
    assert (levels["easy"].deals, levels["easy"].seeger_fabian) == (3, -57)
    assert levels["easy"].overbid == 1 and levels["easy"].defences_won == 0
    normal = levels["normal"]
    assert (normal.deals, normal.seeger_fabian, normal.standard) == (7, 272, 132)
    assert (normal.solo_games, normal.solo_won, normal.defences, normal.defences_won) == (
        4, 3, 2, 1)


def test_running_totals_of_a_match(storage: Storage) -> None:
    s = stats_of(storage)
    assert [m.match for m in s.matches] == ["A", "B", "C", "D"]
    a = s.matches[0]
    assert a.players == ["You", "Lena", "Rolf"]
    # Lena lost Grand 72: -2*72-50 for her, 40 for each defender.
    assert a.running_totals() == {"You": [98, 138, 138], "Lena": [0, -194, -194],
                                  "Rolf": [0, 40, 40]}
    assert a.running_totals(Scoring.STANDARD) == {"You": [48, 48, 48],
                                                  "Lena": [0, -144, -144],
                                                  "Rolf": [0, 0, 0]}


def test_filters_by_kind_date_and_player(storage: Storage) -> None:
    hotseat = stats_of(storage, Filters(kinds=frozenset({"hotseat"})))
    assert hotseat.overall.deals == 2 and [m.match for m in hotseat.matches] == ["D"]
    daily = stats_of(storage, Filters(kinds=frozenset({"daily"})))
    assert daily.overall.deals == 2 and daily.overall.seeger_fabian == 60
    either = stats_of(storage, Filters(kinds=frozenset({"daily", "seeded"})))
    assert either.overall.deals == 5
    span = stats_of(storage, Filters(date(2026, 11, 21), date(2026, 11, 29)))
    assert span.overall.deals == 5 and span.overall.seeger_fabian == 3  # B -57, C 60
    assert stats_of(storage, Filters(end=date(2026, 11, 19))).empty
    anna = stats_of(storage, Filters(player="Anna"))
    assert (anna.overall.deals, anna.overall.seeger_fabian, anna.overall.defences) == (1, 74, 0)
    # "You" named: the entry without seats counts as You's, against unknown bots.
    you = stats_of(storage, Filters(player="You"))
    assert you.overall.deals == 9 and you.unplaced == 0
    assert you.overall.seeger_fabian == 138 - 57 + 60 + 72
    assert dict(you.by_level)[UNKNOWN].deals == 1


def test_kinds_and_players_found(storage: Storage) -> None:
    deals = load_history(storage).deals
    assert kinds_in(deals) == ["daily", "hotseat", "random", "seeded"]
    assert players_in(deals) == ["You", "Anna", MALLORY]


def test_a_kind_from_elsewhere_needs_no_code(tmp_path: Path) -> None:
    """A kind of match added later (pub rules, online) is filtered by its name."""
    write_history(tmp_path, [json.dumps(record(
        ("You", "Lena", "Rolf"), 0, "G", True, 48, 70, 6, match="P", kind="online",
        tags=["pub"], seats={"You": "human", "Lena": "human", "Rolf": "human"},
        date="2026-12-01T10:00:00Z"))])
    deals = load_history(Storage(tmp_path)).deals
    assert {"online", "pub", "hotseat"} <= set(kinds_in(deals))
    pub = compute(deals, Filters(kinds=frozenset({"pub"})))
    assert pub.overall.deals == 3 and dict(pub.by_level).keys() == {PEOPLE}


def test_seats_of_older_entries_come_from_the_leaderboard(tmp_path: Path) -> None:
    write_history(tmp_path)
    storage = Storage(tmp_path, sync=False)
    board = Leaderboard(storage.leaderboard_path)
    board.record_match(MatchSummary("E", "2026-12-01T09:10:00Z", "random", "z", 1, (
        PlayerLine("You", "human", 72, 22, 1, 1), PlayerLine("Lena", "strong", 0, 0, 0, 0),
        PlayerLine("Rolf", "strong", 0, 0, 0, 0))))
    board.close()
    s = stats_of(storage)
    assert s.unplaced == 0 and s.overall.deals == 11
    assert dict(s.by_level)["strong"].deals == 4  # B's three and E


def test_a_damaged_result_is_skipped_naming_line_and_field(tmp_path: Path) -> None:
    bad = record(("You", "Lena", "Rolf"), 0, "G", True, 48, 70, 6, seats={"You": "human"})
    bad["result"]["soloist_points"] = "lots"
    write_history(tmp_path, [json.dumps(bad), "{not json"])
    history = load_history(Storage(tmp_path))
    assert len(history.deals) == 10
    assert len(history.warnings) == 2
    damaged = next(w for w in history.warnings if "line 11" in w)
    assert "result.soloist_points" in damaged and "skipped" in damaged
    assert any("line 12" in w for w in history.warnings)


def test_empty_history(tmp_path: Path) -> None:
    s = compute(load_history(Storage(tmp_path)).deals)
    assert s.empty and s.by_level == () and s.matches == ()


def test_csv_rows_in_long_form(storage: Storage) -> None:
    rows = list(csv_rows(stats_of(storage)))
    assert ("all", "deals", "all", "played", "10") in rows
    assert ("all", "soloist", "Clubs", "average value", "36.00") in rows
    assert ("all", "soloist", "all", "lost overbid", "1") in rows
    assert ("all", "defence", "all", "won", "1") in rows
    assert ("all", "points", "Seeger-Fabian", "per deal", "21.50") in rows
    assert ("vs normal", "deals", "all", "played", "7") in rows
    assert ("all", "daily", "2026-11-29 scored", "Seeger-Fabian", "60") in rows
    assert ("all", "day", "2026-11-25", "standard", "-57") in rows


def test_a_match_played_through_the_keeper_carries_its_seats(tmp_path: Path) -> None:
    from skat_tui.headless import run_match

    storage = Storage(tmp_path, sync=False, clock=lambda: datetime(2026, 12, 1, tzinfo=UTC))
    run_match(storage, "Eichel", deals=3)
    deals = load_history(storage).deals
    assert len(deals) == 3 and all(d.seats == ("random",) * 3 for d in deals)
    assert all(d.kinds == {"seeded"} for d in deals)
    s = compute(deals)  # three bots: no human seat to count, none unknown
    assert s.empty and s.unplaced == 0


def test_the_computation_loads_no_ui() -> None:
    """skat_tui.stats is pure: importing it leaves textual and rich out."""
    import subprocess
    import sys

    script = ("import sys, skat_tui.stats; ui = sorted(m for m in sys.modules "
              "if m.split('.')[0] in ('textual', 'rich', 'textual_plotext')); "
              "assert not ui, ui")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr


def test_a_played_match_agrees_with_the_leaderboard(tmp_path: Path) -> None:
    """A match kept by MatchKeeper (a human seat played by a random bot here):
    the statistics of the human's seat from the history match the leaderboard's
    totals, computed from the match itself."""
    from skat_core.bots import RandomBot
    from skat_core.match import Match
    from skat_tui.storage import MatchKeeper

    storage = Storage(tmp_path, sync=False, clock=lambda: datetime(2026, 12, 1, tzinfo=UTC))
    names = ("You", "Lena", "Rolf")
    match = Match.start(names, deals=6, seed="stats-check")
    keeper = MatchKeeper.start(storage, match, {"You": "human", "Lena": "easy",
                                                "Rolf": "strong"}, kind="seeded")
    bots = {n: RandomBot(i) for i, n in enumerate(names)}
    while not match.is_over:
        if match.deal_finished or match.current is None:
            match = match.next_deal()
            continue
        state = match.current
        action = bots[names[match.player_at(state.to_move)]].choose(state.view(state.to_move))
        match = match.apply(action)
        keeper.update(match)
    keeper.close()
    line = next(p for r in storage.leaderboard().matches().rows for p in r.summary.players
                if p.name == "You")
    storage.close()
    s = stats_of(storage)
    assert s.overall.deals == 6 and s.unplaced == 0
    assert (s.overall.seeger_fabian, s.overall.standard) == (line.seeger_fabian, line.standard)
    assert (s.overall.solo_games, s.overall.solo_won) == (line.solo_games, line.solo_wins)
    assert [lv for lv, _ in s.by_level] == ["easy", "strong"]
    (m,) = s.matches
    assert {n: t[-1] for n, t in m.running_totals().items()} == dict(
        zip(names, match.totals(Scoring.SEEGER_FABIAN), strict=True))
