"""The local leaderboard: what counts, the queries, and a database that is
locked, has a damaged row, or is no database at all."""

from __future__ import annotations

import io
import sqlite3
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from match_play import play_match
from skat_core.match import Match, Scoring
from skat_tui.leaderboard import (
    Leaderboard,
    LeaderboardBusy,
    LeaderboardError,
    MatchSummary,
    PlayerLine,
    seat_kind,
)

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def summary(match_id: str, kind: str = "seeded", seed: str = "Eichel",
            ann: int = 100, when: str = "2026-11-29T12:00:00Z") -> MatchSummary:
    return MatchSummary(match_id, when, kind, seed, 9, (
        PlayerLine("Ann", "human", ann, ann // 2, 3, 2),
        PlayerLine("easy 2", "easy", -50, -25, 4, 1),
        PlayerLine("easy 3", "easy", 20, 10, 2, 2),
    ))


@pytest.fixture
def board(tmp_path: Path) -> Iterator[Leaderboard]:
    b = Leaderboard(tmp_path / "leaderboard.sqlite3", clock=lambda: NOW)
    yield b
    b.close()


def test_record_and_query(board: Leaderboard) -> None:
    assert board.record_match(summary("a", ann=100))
    assert board.record_match(summary("b", ann=300, when="2026-11-30T09:00:00Z"))
    assert not board.record_match(summary("a"))  # the same match again: kept once
    assert not board.record_match(summary("c"), counts=False)  # a replay never counts
    assert [r.summary.match_id for r in board.matches().rows] == ["a", "b"]

    best = board.best_matches().rows
    assert [(b.row.summary.match_id, b.player.name, b.points) for b in best] == [
        ("b", "Ann", 300), ("a", "Ann", 100)]  # humans only
    assert [b.points for b in board.best_matches(scoring=Scoring.STANDARD).rows] == [150, 50]
    assert len(board.best_matches(limit=1).rows) == 1

    stats = {s.name: s for s in board.player_stats().rows}
    ann = stats["Ann"]
    assert (ann.matches, ann.deals, ann.seeger_fabian) == (2, 18, 400)
    assert ann.points_per_deal == pytest.approx(400 / 18)
    assert ann.solo_win_rate == pytest.approx(4 / 6)
    assert stats["easy 2"].seat == "easy" and stats["easy 2"].solo_win_rate == pytest.approx(0.25)


def test_summary_from_a_real_match() -> None:
    from skat_core.bots import make_bot

    m = Match.start(("Ann", "easy 2", "easy 3"), deals=3, seed="kurz")
    bots = [make_bot("random", i) for i in range(3)]
    m = play_match(m, bots)
    s = MatchSummary.from_match(m, "id", "seeded", {"Ann": "human", "easy 2": "easy",
                                                    "easy 3": "random"}, NOW)
    assert [p.seat for p in s.players] == ["human", "easy", "random"]
    assert tuple(p.seeger_fabian for p in s.players) == m.totals(Scoring.SEEGER_FABIAN)
    assert tuple(p.standard for p in s.players) == m.totals(Scoring.STANDARD)
    solos = [o.soloist_player for o in m.outcomes if o.soloist_player is not None]
    assert sum(p.solo_games for p in s.players) == len(solos)
    assert s.finished_at == "2026-11-29T12:00:00Z" and s.deals == 3


def test_seat_kind() -> None:
    assert seat_kind({"Ann": "human", "Bo": "easy"}, "Bo", 1) == "easy"
    assert seat_kind({"0": "Ann", "1": "strong"}, "x", 1) == "strong"
    assert seat_kind({"Bo": {"level": "normal"}}, "Bo", 1) == "normal"
    assert seat_kind({}, "Ann", 0) == "human"
    assert seat_kind({"Ann": "Ann"}, "Ann", 0) == "human"


def test_daily_scored_once_per_day(board: Leaderboard) -> None:
    day = date(2026, 11, 29)
    assert board.start_daily(day, "first", NOW) is True
    assert board.start_daily(day, "first", NOW) is True  # asked again: same answer
    assert board.start_daily(day, "second", NOW) is False
    # Another day's daily played today is practice.
    assert board.start_daily(date(2026, 11, 28), "late", NOW) is False
    board.record_match(summary("second", "daily", "daily:2026-11-29", ann=500))
    board.record_match(summary("first", "daily", "daily:2026-11-29", ann=200))
    board.record_match(summary("late", "daily", "daily:2026-11-28", ann=900))
    result = board.daily_results().rows
    assert [d.day for d in result] == ["2026-11-29", "2026-11-28"]
    assert result[1].scored is None and not result[1].started_scored
    assert [p.summary.match_id for p in result[1].practice] == ["late"]
    today = result[0]
    assert today.scored is not None and today.scored.summary.match_id == "first"
    assert [p.summary.match_id for p in today.practice] == ["second"]
    # Practice stays out of the best matches and averages.
    assert [b.row.summary.match_id for b in board.best_matches().rows] == ["first"]
    assert {s.name: s.matches for s in board.player_stats().rows}["Ann"] == 1
    assert [d.day for d in board.daily_results("2026-11-28").rows] == ["2026-11-28"]


def test_daily_registered_at_the_end_if_not_at_the_start(board: Leaderboard) -> None:
    board.record_match(summary("only", "daily", "daily:2026-11-29"),
                       started_at=datetime(2026, 11, 29, 8, 0, tzinfo=UTC))
    assert board.matches().rows[0].daily == "scored"


def test_daily_with_a_bad_seed_is_refused(board: Leaderboard) -> None:
    with pytest.raises(LeaderboardError, match="daily seed"):
        board.record_match(summary("x", "daily", "Eichel"))


def test_csv_export(board: Leaderboard) -> None:
    board.record_match(summary("a", ann=100))
    out = io.StringIO()
    assert board.export_csv(out) == []
    lines = out.getvalue().splitlines()
    assert lines[0].split(",") == list(Leaderboard.CSV_COLUMNS)
    assert len(lines) == 4
    assert lines[1] == "2026-11-29T12:00:00Z,seeded,Eichel,,a,9,Ann,human,100,50,3,2"


# --- damage ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("column", "value"),
    [("players", "not json"), ("deals", "many"), ("kind", "weekly"), ("finished_at", "soon"),
     ("players", '[{"name": "Ann"}]'), ("daily", "maybe"), ("players", b"\xff\xfe")],
)
def test_damaged_row_is_skipped_with_a_message(board: Leaderboard, column: str,
                                              value: object) -> None:
    board.record_match(summary("good"))
    board.record_match(summary("bad"))
    board.close()
    raw = sqlite3.connect(board.path)
    raw.execute(f"UPDATE matches SET {column} = ? WHERE match_id = 'bad'", (value,))
    raw.commit()
    raw.close()
    report = board.matches()
    assert [r.summary.match_id for r in report.rows] == ["good"]
    assert len(report.warnings) == 1
    assert "row 2" in report.warnings[0] and "skipped" in report.warnings[0]
    assert str(board.path) in report.warnings[0]
    for query in (board.best_matches(), board.player_stats(), board.daily_results()):
        assert report.warnings[0] in query.warnings
    out = io.StringIO()
    assert board.export_csv(out) == report.warnings
    assert len(out.getvalue().splitlines()) == 4


def _hold_lock(path: Path, how: str) -> sqlite3.Connection:
    other = sqlite3.connect(path, isolation_level=None)
    other.execute(f"BEGIN {how}")
    other.execute("INSERT INTO daily_attempts VALUES ('x', '2026-01-01', 'x', 0)")
    return other


def test_locked_database_gives_a_message(board: Leaderboard) -> None:
    board.record_match(summary("a"))
    other = _hold_lock(board.path, "IMMEDIATE")  # another program is writing
    try:
        with pytest.raises(LeaderboardBusy, match="locked by another program"):
            board.record_match(summary("b"))
        with pytest.raises(LeaderboardBusy):
            board.start_daily(date(2026, 11, 29), "d", NOW)
        assert len(board.matches().rows) == 1  # reading still works meanwhile
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert board.record_match(summary("b"))  # and writing works once it is free


def test_exclusively_locked_database_gives_a_message_on_reading(tmp_path: Path) -> None:
    path = tmp_path / "lb.sqlite3"
    Leaderboard(path).matches()
    other = _hold_lock(path, "EXCLUSIVE")
    board = Leaderboard(path, timeout=0.05)
    try:
        with pytest.raises(LeaderboardBusy) as info:
            board.best_matches()
        assert str(path) in str(info.value)
    finally:
        other.execute("ROLLBACK")
        other.close()
        board.close()


@pytest.mark.parametrize("content", [b"this is not a database at all" * 100,
                                     b"SQLite format 3\x00" + b"\xff" * 4000])
def test_corrupt_file_is_moved_aside_and_recreated(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "leaderboard.sqlite3"
    path.write_bytes(content)
    board = Leaderboard(path, clock=lambda: NOW)
    assert board.matches().rows == []
    assert len(board.warnings) == 1 and "moved to" in board.warnings[0]
    kept = tmp_path / "leaderboard.sqlite3.broken-20261129T120000Z"
    assert kept.read_bytes() == content
    assert board.record_match(summary("a"))
    assert len(board.matches().rows) == 1
    board.close()


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "lb.sqlite3"
    raw = sqlite3.connect(path)
    raw.execute("PRAGMA user_version = 9")
    raw.close()
    with pytest.raises(LeaderboardError, match="newer skat"):
        Leaderboard(path).matches()
    assert path.exists()


def test_pub_matches_are_kept_apart(board: Leaderboard) -> None:
    """'history, statistics and the leaderboard keep pub matches apart from
    tournament ones': a match under house rules is kind 'pub', left out of the
    tournament best matches and averages and listed on its own."""
    from skat_core.ruleset import PUB

    match = Match.start(("Ann", "easy 2", "easy 3"), deals=3, seed="pub", rules=PUB)
    assert MatchSummary.from_match(match, "p0", "seeded").kind == "pub"
    assert board.record_match(summary("t", ann=100))
    assert board.record_match(summary("p", kind="pub", ann=900))
    assert [b.row.summary.match_id for b in board.best_matches().rows] == ["t"]
    assert [b.row.summary.match_id for b in board.best_matches(pub=True).rows] == ["p"]
    assert {s.seeger_fabian for s in board.player_stats().rows if s.name == "Ann"} == {100}
    assert {s.seeger_fabian for s in board.player_stats(pub=True).rows
            if s.name == "Ann"} == {900}


def test_a_damaged_row_is_reported_in_the_players_language(board: Leaderboard) -> None:
    from skat_tui import i18n

    board.record_match(summary("good"))
    board.record_match(summary("bad"))
    board.close()
    raw = sqlite3.connect(board.path)
    raw.execute("UPDATE matches SET kind = 'weekly' WHERE match_id = 'bad'")
    raw.commit()
    raw.close()
    i18n.set_language("de")
    try:
        warning = board.matches().warnings[0]
    finally:
        i18n.set_language("en")
    assert "Partie-Zeile 2 ist beschädigt" in warning and "übersprungen" in warning, warning
    assert "Feld kind: eines von" in warning, warning
