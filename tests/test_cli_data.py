"""``skat history``, ``skat scores`` and ``skat export`` through click's
CliRunner, with SKAT_HOME pointing at a temporary directory."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from skat_core.records import read_iss, state_from_record
from skat_tui.cli import main
from skat_tui.headless import run_match
from skat_tui.storage import Storage


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory with one finished match of 3 deals and a daily."""
    home = tmp_path_factory.mktemp("home")
    run_match(Storage(home, sync=False), "Eichel", deals=3)
    run_match(Storage(home, sync=False), "daily", deals=3)
    return home


def run(home: Path, *args: str) -> Result:
    return CliRunner().invoke(main, list(args), env={"SKAT_HOME": str(home)})


def test_history_lists_finished_deals(played: Path) -> None:
    result = run(played, "history")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split()[:4] == ["id", "date", "players", "(forehand"]
    assert len(lines) == 2 + 6
    assert lines[2].startswith("1 ")
    assert "random 1" in result.output
    assert any(w in result.output for w in ("won", "lost", "passed in"))
    limited = run(played, "history", "--limit", "2")
    assert len(limited.output.splitlines()) == 2 + 2 + 1
    assert "4 older deals" in limited.output


def test_history_when_empty(tmp_path: Path) -> None:
    result = run(tmp_path, "history")
    assert result.exit_code == 0 and "No finished deals yet" in result.output


def test_history_with_a_torn_line_warns_and_lists_the_rest(played: Path, tmp_path: Path
                                                           ) -> None:
    home = tmp_path / "h"
    home.mkdir()
    text = (played / "history.jsonl").read_text()
    (home / "history.jsonl").write_text(text + text.splitlines()[0][:100])
    result = run(home, "history", "-n", "0")
    assert result.exit_code == 0
    assert "warning:" in result.stderr and "line 7" in result.stderr
    assert "cut off" in result.stderr
    assert len(result.stdout.splitlines()) == 2 + 6


def test_scores(played: Path) -> None:
    result = run(played, "scores")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Daily deals" in out and "Best matches" in out and "Players" in out
    assert "SF/deal" in out and "Eichel" in out
    standard = run(played, "scores", "--scoring", "standard")
    assert "standard" in standard.output


def test_scores_csv(played: Path) -> None:
    result = run(played, "scores", "--csv")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].startswith("finished_at,kind,seed,daily,match_id")
    assert len(lines) == 1 + 2 * 3
    assert sum(",daily," in line and ",scored," in line for line in lines) == 3


def test_scores_with_a_locked_database(played: Path, tmp_path: Path) -> None:
    home = tmp_path / "h"
    home.mkdir()
    (home / "leaderboard.sqlite3").write_bytes((played / "leaderboard.sqlite3").read_bytes())
    other = sqlite3.connect(home / "leaderboard.sqlite3", isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        result = run(home, "scores")
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert result.exit_code == 1
    assert "Error:" in result.output and "locked by another program" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_scores_with_a_corrupt_row_and_a_corrupt_file(played: Path, tmp_path: Path) -> None:
    home = tmp_path / "h"
    home.mkdir()
    db = home / "leaderboard.sqlite3"
    db.write_bytes((played / "leaderboard.sqlite3").read_bytes())
    raw = sqlite3.connect(db)
    raw.execute("UPDATE matches SET players = 'garbage' WHERE rowid = 1")
    raw.commit()
    raw.close()
    result = run(home, "scores")
    assert result.exit_code == 0
    assert "damaged" in result.stderr and "skipped" in result.stderr
    db.write_bytes(b"no database" * 50)
    result = run(home, "scores")
    assert result.exit_code == 0
    assert "moved to" in result.stderr and "none yet" in result.stdout


def test_export_history_entries_as_iss_and_json(played: Path) -> None:
    storage = Storage(played)
    entry = storage.history_entry(2)
    iss = run(played, "export", "2", "--format", "iss")
    assert iss.exit_code == 0, iss.output
    game = read_iss(iss.output.strip())
    assert game.state == state_from_record(entry.record)
    assert game.id == "2" and game.players == entry.players
    one = run(played, "export", "2")
    record = json.loads(one.output)
    assert state_from_record(record) == game.state and record["id"] == "2"
    several = run(played, "export", "1", "3", "--format", "json")
    assert [json.loads(line)["id"] for line in several.output.splitlines()] == ["1", "3"]


def test_export_files_roundtrip(played: Path, tmp_path: Path) -> None:
    iss_file = tmp_path / "games.iss"
    result = run(played, "export", "1", "2", "3", "--format", "iss", "-o", str(iss_file))
    assert result.exit_code == 0 and "3 deals written" in result.stderr
    json_file = tmp_path / "games.jsonl"
    assert run(played, "export", str(iss_file), "-o", str(json_file)).exit_code == 0
    back = run(played, "export", str(json_file), "--format", "iss")
    assert back.exit_code == 0
    assert back.output == iss_file.read_text()


def test_export_errors_are_friendly(played: Path, tmp_path: Path) -> None:
    missing = run(played, "export", "99")
    assert missing.exit_code == 1 and "no history entry 99" in missing.output
    neither = run(played, "export", "no-such-thing")
    assert neither.exit_code == 1 and "neither a history id" in neither.output
    bad = tmp_path / "bad.json"
    record = json.loads(run(played, "export", "1").output)
    record["actions"][0]["value"] = 19
    bad.write_text(json.dumps(record, indent=2))
    broken = run(played, "export", str(bad))
    assert broken.exit_code == 1
    assert "line " in broken.output and "actions[0]" in broken.output
    assert "Traceback" not in broken.output
    garbage = tmp_path / "x.txt"
    garbage.write_text("hello")
    assert "neither JSON game records nor ISS" in run(played, "export", str(garbage)).output
