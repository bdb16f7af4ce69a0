"""Damaged files of the player's own: the history, the saved match, stray
temporary files, the settings and the leaderboard.  None of them stops the
app: the history lists what it can and names the lines it skipped, a save is
moved aside with its line named, stray temporary files are left alone, a
damaged settings file means the defaults and a notice saying why."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from hostile import good_record
from skat_core.match import Match
from skat_core.records import dumps
from skat_core.records.files import MAX_FILE_BYTES
from skat_tui.cli import main
from skat_tui.leaderboard import Leaderboard, LeaderboardError, MatchSummary, PlayerLine
from skat_tui.settings import Settings, load_settings
from skat_tui.storage import MAX_HISTORY_LINE, DamagedSave, MatchKeeper, Storage, StorageError

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
DEEP = "[" * 3000 + "]" * 3000
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def history_line(n: int) -> bytes:
    rec = good_record()
    rec["meta"] = {"date": f"2026-11-29T20:1{n}:00Z", "match": "m1", "deal": n}
    return (dumps(rec, one_line=True) + "\n").encode()


BAD_HISTORY_LINES: list[tuple[bytes, str]] = [
    (b'{"format": "skat-record", "meta": ' + DEEP.encode() + b"}\n", "nested"),
    (b'{"format": "skat-record", "result": {"score": ' + b"9" * 5000 + b"}}\n", "5000 digits"),
    (b'{"format": "skat-record", "\xff": 1}\n', "not UTF-8"),
    (b'{"format": "skat-record", "players": ["a\x00"]}\n', "not valid JSON"),
    (b'{"format": "skat-record", "result": NaN}\n', "NaN"),
    (b'{"format": "skat-record", "pad": "' + b"x" * (MAX_HISTORY_LINE + 10) + b'"}\n',
     "longer than"),
]


@pytest.fixture
def storage(tmp_path: Path) -> Storage:
    return Storage(tmp_path / "home", clock=lambda: NOW, sync=False)


# --- the history -------------------------------------------------------------------


@pytest.mark.parametrize(("bad", "says"), BAD_HISTORY_LINES,
                         ids=[s for _, s in BAD_HISTORY_LINES])
def test_a_damaged_history_line_is_skipped_and_named(storage: Storage, bad: bytes,
                                                     says: str) -> None:
    storage.home.mkdir(parents=True)
    storage.history_path.write_bytes(history_line(0) + bad + history_line(1))
    listing = storage.history()
    assert [e.id for e in listing.entries] == ["1", "3"]
    assert len(listing.warnings) == 1
    assert "line 2" in listing.warnings[0] and says in listing.warnings[0]
    assert str(storage.history_path) in listing.warnings[0]
    with pytest.raises(StorageError, match="line 2"):
        storage.history_entry(2)
    # the end of a deal appends after it (the check for a deal already written
    # reads the damaged line too)
    rec = json.loads(history_line(2))
    assert storage.append_history(rec) is True
    assert storage.append_history(rec) is False
    assert [e.id for e in storage.history().entries] == ["1", "3", "4"]


def test_skat_history_lists_past_a_deep_line(storage: Storage) -> None:
    storage.home.mkdir(parents=True)
    storage.history_path.write_bytes(history_line(0) + BAD_HISTORY_LINES[0][0])
    result = CliRunner().invoke(main, ["history", "--home", str(storage.home)])
    assert result.exit_code == 0, result.output
    assert "warning: history" in result.output and "line 2" in result.output
    result = CliRunner().invoke(main, ["replay", "2", "--home", str(storage.home)])
    assert result.exit_code == 1 and result.exception is not None
    assert isinstance(result.exception, SystemExit)
    assert "line 2" in result.output and len(result.output.splitlines()) == 1


def test_resume_with_a_deep_line_at_the_end_of_the_history(storage: Storage) -> None:
    match = Match.start(("Ann", "Ben", "Cem"), seed="Eichel", deals=3)
    keeper = MatchKeeper.start(storage, match, {"Ann": "random", "Ben": "random",
                                                "Cem": "random"})
    keeper.close()
    storage.history_path.write_bytes(BAD_HISTORY_LINES[0][0])
    resumed = MatchKeeper.resume(Storage(storage.home, sync=False))
    assert resumed is not None and resumed.match == match
    resumed.close()


@needs_fifo
def test_a_fifo_as_history_is_an_error_not_a_hang(storage: Storage) -> None:
    storage.home.mkdir(parents=True)
    os.mkfifo(storage.history_path)
    with pytest.raises(StorageError, match="not a regular file"):
        storage.history()


# --- the saved match --------------------------------------------------------------


@pytest.mark.parametrize(("text", "says"), [
    ('{"format": "skat-match", "version": 1, "meta": ' + DEEP + "}", "nested"),
    ('{"format": "skat-match",\n "version": ' + "1" * 5000 + "}", "line 2: a number of 5000"),
    ('{"format": "skat-match", "version": Infinity}', "Infinity"),
])
def test_a_hostile_save_is_moved_aside_with_its_line(storage: Storage, text: str,
                                                     says: str) -> None:
    storage.home.mkdir(parents=True)
    storage.current_path.write_text(text)
    with pytest.raises(DamagedSave) as caught:
        storage.load_current()
    assert says in caught.value.message and "line" in caught.value.message
    assert caught.value.moved_to is not None and caught.value.moved_to.exists()
    assert storage.load_current() is None


def test_a_save_over_the_size_limit_is_moved_aside(storage: Storage) -> None:
    storage.home.mkdir(parents=True)
    with open(storage.current_path, "wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(DamagedSave, match="larger than 32 MiB"):
        storage.load_current()


@needs_fifo
def test_a_fifo_as_the_save_is_refused(storage: Storage) -> None:
    storage.home.mkdir(parents=True)
    os.mkfifo(storage.current_path)
    with pytest.raises(DamagedSave, match="not a regular file"):
        storage.load_current()


@pytest.mark.parametrize("name", [
    ".current.json.99999999999999999999.tmp", ".current.json.².tmp", ".current.json.-1.tmp",
    ".current.json.0.tmp", ".current.json..tmp", ".current.json.\u0661\u0662.tmp",
])
def test_stray_temporary_files_are_left_alone(storage: Storage, name: str) -> None:
    storage.home.mkdir(parents=True)
    stray = storage.home / name
    stray.write_text("not ours")
    assert storage.load_current() is None
    match = Match.start(("Ann", "Ben", "Cem"), seed="Eichel", deals=3)
    keeper = MatchKeeper.start(storage, match, {})
    keeper.close()
    saved = Storage(storage.home, sync=False).load_current()
    assert saved is not None and saved.match == match
    assert stray.read_text() == "not ours"


# --- settings ----------------------------------------------------------------------


@pytest.mark.parametrize(("content", "says"), [
    (b"\xff\xfe{}", "not UTF-8"),
    (b'{"deck": "french"}\xc3', "not UTF-8"),
    (DEEP.encode(), "nested"),
    (b'{"deals": ' + b"9" * 5000 + b"}", "5000 digits"),
    (b'{"deals": NaN}', "NaN"),
    (b"[1, 2]", "not a JSON object"),
    (b"", "not valid JSON"),
    (b'{"player_name": "x' + b"y" * (2 * 1024 * 1024) + b'"}', "larger than"),
])
def test_a_damaged_settings_file_means_the_defaults_and_says_why(
        tmp_path: Path, content: bytes, says: str) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    settings, notice = load_settings(path)
    assert settings == Settings()
    assert notice is not None and str(path) in notice and says in notice
    assert "using the defaults" in notice


@needs_fifo
def test_a_fifo_as_settings_means_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    settings, notice = load_settings(path)
    assert settings == Settings() and notice is not None and "not a regular file" in notice


def test_every_command_starts_with_a_settings_file_of_invalid_utf8(tmp_path: Path) -> None:
    """Before, `skat replay` (and the app) stopped on UnicodeDecodeError."""
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_bytes(b"\xff\xfe\x00garbage")
    env = {**os.environ, "SKAT_CONFIG_DIR": str(config), "SKAT_HOME": str(tmp_path / "h")}
    done = subprocess.run(
        [sys.executable, "-c", "from skat_tui.settings import load_settings; "
         "s, n = load_settings(); print(s.deals, n)"],
        capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("9 The settings file") and "not UTF-8" in done.stdout


# --- the leaderboard ---------------------------------------------------------------


def _summary(match_id: str) -> MatchSummary:
    return MatchSummary(match_id, "2026-11-29T12:00:00Z", "seeded", "Eichel", 9, (
        PlayerLine("Ann", "human", 100, 50, 3, 2),
        PlayerLine("easy 2", "easy", -50, -25, 4, 1),
        PlayerLine("easy 3", "easy", 20, 10, 2, 2),
    ))


@pytest.mark.parametrize("players", [DEEP, '[{"name": "Ann", "seeger_fabian": ' + "9" * 5000
                                     + "}]", "[NaN]"])
def test_a_hostile_leaderboard_row_is_skipped(tmp_path: Path, players: str) -> None:
    board = Leaderboard(tmp_path / "leaderboard.sqlite3", clock=lambda: NOW)
    board.record_match(_summary("good"))
    board.record_match(_summary("bad"))
    board.close()
    raw = sqlite3.connect(board.path)
    raw.execute("UPDATE matches SET players = ? WHERE match_id = 'bad'", (players,))
    raw.commit()
    raw.close()
    report = board.matches()
    assert [r.summary.match_id for r in report.rows] == ["good"]
    assert len(report.warnings) == 1 and "players" in report.warnings[0]
    board.close()


@needs_fifo
def test_a_fifo_as_leaderboard_is_an_error_not_a_hang(tmp_path: Path) -> None:
    path = tmp_path / "leaderboard.sqlite3"
    os.mkfifo(path)
    board = Leaderboard(path, clock=lambda: NOW)
    with pytest.raises(LeaderboardError, match="not a regular file"):
        board.matches()


# --- python -m skat_tui.headless -------------------------------------------------------


def test_headless_leaves_a_match_with_human_players_alone_with_status_1(
        storage: Storage) -> None:
    """docs/saving.md: the headless player exits 1 when it cannot play the saved
    match (another skat plays it, or people play it: it is the app's); 2 is for
    bad arguments only (it was 2 for the human match)."""
    match = Match.start(("Ann", "Ben", "Cem"), seed="Eichel", deals=3)
    MatchKeeper.start(storage, match, {"Ann": "human", "Ben": "easy", "Cem": "easy"}).close()
    saved = storage.current_path.read_bytes()
    run = [sys.executable, "-m", "skat_tui.headless", "--home", str(storage.home)]
    done = subprocess.run(run, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    assert "is not a bot" in done.stderr and "Traceback" not in done.stderr
    assert storage.current_path.read_bytes() == saved
    storage.clear_current()
    done = subprocess.run([*run, "--seed", "daily:2026-13-45"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr


# --- lone surrogates (a command-line argument that was not UTF-8) ----------------------


def test_a_seed_that_is_not_utf8_is_refused_not_a_crash() -> None:
    result = CliRunner().invoke(main, ["play", "--seed", "oak\udcff"])
    assert result.exit_code == 2 and "not UTF-8" in result.output


def test_a_save_whose_seed_holds_a_surrogate_is_damaged(storage: Storage) -> None:
    match = Match.start(("Ann", "Ben", "Cem"), seed="Eichel", deals=3)
    MatchKeeper.start(storage, match, {}).close()
    text = storage.current_path.read_text().replace('"seed": "Eichel"', '"seed": "\\udcff"')
    storage.current_path.write_text(text)
    with pytest.raises(DamagedSave, match=r"config\.seed"):
        storage.load_current()


def test_the_leaderboard_stores_a_name_with_a_surrogate(tmp_path: Path) -> None:
    board = Leaderboard(tmp_path / "leaderboard.sqlite3", clock=lambda: NOW)
    s = _summary("m")
    odd = MatchSummary(s.match_id, s.finished_at, s.kind, s.seed, s.deals,
                       (PlayerLine("A\udcffnn", "human", 1, 1, 0, 0), *s.players[1:]))
    board.record_match(odd)
    assert board.matches().rows[0].summary.players[0].name == "A\udcffnn"
    board.close()
