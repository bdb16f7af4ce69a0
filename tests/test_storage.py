"""The data directory: the saved match, the history and the keeper that ties
them to the leaderboard."""

from __future__ import annotations

import json
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from match_play import play_match
from skat_core.bots import make_bot
from skat_core.match import Match
from skat_core.savegame import dumps_match, match_to_dict
from skat_tui.storage import (
    DamagedSave,
    MatchKeeper,
    Storage,
    StorageError,
    data_dir,
    seat_levels,
    write_atomically,
)

PLAYERS = ("Ann", "Ben", "Cem")
SEATS = {"Ann": "human", "Ben": "random", "Cem": "random"}
NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def play(match: Match, actions: int) -> Match:
    return play_match(match, [make_bot("random", i) for i in range(match.players)], actions)


def play_keeping(keeper: MatchKeeper, actions: int) -> list[str]:
    messages: list[str] = []
    match = keeper.match
    for _ in range(actions):
        if match.is_over:
            break
        match = play(match, 1)
        messages += keeper.update(match)
    return messages


@pytest.fixture
def storage(tmp_path: Path) -> Storage:
    """A store that skips fsync (fast); tests of the disk failing use a durable one."""
    return Storage(tmp_path / "home", clock=lambda: NOW, sync=False)


@pytest.fixture
def durable(tmp_path: Path) -> Storage:
    return Storage(tmp_path / "home", clock=lambda: NOW)


# --- where ---------------------------------------------------------------------


def test_data_dir_argument_env_and_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    monkeypatch.setenv("SKAT_HOME", str(tmp_path / "env"))
    assert data_dir(tmp_path / "arg") == tmp_path / "arg"
    assert data_dir() == tmp_path / "env"
    assert Storage().home == tmp_path / "env"
    monkeypatch.delenv("SKAT_HOME")
    assert data_dir().name.lower() == "skat"


# --- the match in progress ------------------------------------------------------


def test_nothing_saved(storage: Storage) -> None:
    assert storage.load_current() is None
    storage.clear_current()  # no error either


def test_save_load_clear(storage: Storage) -> None:
    m = play(Match.start(PLAYERS, seed="Eichel"), 40)
    storage.save_current(m, SEATS, {"match": "x"})
    saved = storage.load_current()
    assert saved is not None and saved.match == m and saved.seats == SEATS
    # no temp file left; the lock file stays (removing it would race with another skat)
    assert sorted(p.name for p in storage.home.iterdir()) == ["current.json", "current.lock"]
    storage.clear_current()
    assert storage.load_current() is None


def test_atomic_write_keeps_old_file_when_writing_fails(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "f.json"
    write_atomically(target, b"old")

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        write_atomically(target, b"new")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json"]


def test_save_failure_is_a_storage_error(durable: Storage, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    storage = durable
    m = Match.start(PLAYERS, seed="Eichel")
    storage.save_current(m)
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(28, "disk full")))
    with pytest.raises(StorageError, match="could not save the match"):
        storage.save_current(play(m, 3))
    monkeypatch.undo()
    saved = storage.load_current()
    assert saved is not None and saved.match == m


def _damage(storage: Storage, text: str | bytes) -> DamagedSave:
    storage.home.mkdir(parents=True, exist_ok=True)
    data = text.encode() if isinstance(text, str) else text
    storage.current_path.write_bytes(data)
    with pytest.raises(DamagedSave) as info:
        storage.load_current()
    err = info.value
    assert err.path == storage.current_path
    assert str(storage.current_path) in err.message
    assert err.moved_to is not None and err.moved_to.read_bytes() == data  # nothing lost
    assert str(err.moved_to) in err.message
    assert not storage.current_path.exists()
    assert storage.load_current() is None  # a new match can start
    return err


def test_truncated_save_is_moved_aside_with_a_message(storage: Storage) -> None:
    text = dumps_match(play(Match.start(PLAYERS, seed="Eichel"), 30))
    err = _damage(storage, text[: len(text) // 2])
    assert "is damaged" in err.message and "line " in err.message and "cut off" in err.message
    assert err.moved_to is not None and err.moved_to.name.startswith("current.json.broken-")


@pytest.mark.parametrize("garbage", [b"", b"\x00\x00\x00", b"\xff\xfe{", b"null", b"{}"])
def test_garbage_save_is_moved_aside(storage: Storage, garbage: bytes) -> None:
    _damage(storage, garbage)


def test_tampered_save_names_field_and_rule(storage: Storage) -> None:
    m = play(Match.start(PLAYERS, seed="Eichel"), 12)
    doc = match_to_dict(m)
    doc["current"]["actions"][0] = {"seat": 1, "type": "bid", "value": 19}
    err = _damage(storage, json.dumps(doc, indent=1))
    assert "field current.actions[0]" in err.message and "bid ladder" in err.message


def test_newer_save_is_refused_and_kept(storage: Storage) -> None:
    doc = match_to_dict(Match.start(PLAYERS, seed="Eichel"))
    doc["version"] = 7
    err = _damage(storage, json.dumps(doc, indent=2))
    assert err.newer
    assert "saved by a newer skat (format version 7); this skat reads up to 1" in err.message
    assert err.moved_to is not None and ".newer-" in err.moved_to.name


def test_second_damaged_save_does_not_overwrite_the_first(storage: Storage) -> None:
    first = _damage(storage, "{")
    second = _damage(storage, "[")
    assert first.moved_to != second.moved_to
    assert first.moved_to is not None and first.moved_to.read_text() == "{"


def test_stale_temp_file_of_a_dead_process_is_removed(storage: Storage) -> None:
    storage.home.mkdir(parents=True)
    stale = storage.home / ".current.json.999999999.tmp"
    stale.write_text("half")
    mine = storage.home / f".current.json.{os.getpid()}.tmp"
    mine.write_text("mine")
    assert storage.load_current() is None
    assert not stale.exists() and mine.exists()


# --- history -------------------------------------------------------------------


def _records(n: int) -> list[dict[str, object]]:
    from skat_core.savegame import outcome_record

    m = Match.start(PLAYERS, seed="Eichel")
    while len(m.outcomes) < n:
        m = play(m, 1)
    return [outcome_record(m, o, {"match": "m1", "date": "2026-11-29T12:00:00Z"})
            for o in m.outcomes]


def test_history_append_list_and_lookup(storage: Storage) -> None:
    records = _records(3)
    for r in records:
        assert storage.append_history(r)
    listing = storage.history()
    assert listing.warnings == []
    assert [e.id for e in listing.entries] == ["1", "2", "3"]
    e = listing.entries[1]
    assert e.record == records[1] and e.date == "2026-11-29T12:00:00Z"
    assert e.players == tuple(records[1]["players"])  # type: ignore[arg-type]
    assert e.result.startswith(("won", "lost", "passed", "aborted"))
    assert storage.history_entry("2") == e and storage.history_entry(2) == e
    with pytest.raises(StorageError, match="no history entry 9"):
        storage.history_entry(9)
    with pytest.raises(StorageError, match="numbers from 1"):
        storage.history_entry("x")


def test_history_does_not_write_a_deal_twice(storage: Storage) -> None:
    r = _records(1)[0]
    assert storage.append_history(r)
    assert not storage.append_history(r)
    assert len(storage.history().entries) == 1


def test_torn_last_line_is_skipped_with_a_warning(storage: Storage) -> None:
    records = _records(3)
    for r in records[:2]:
        storage.append_history(r)
    line = json.dumps(records[2])
    with open(storage.history_path, "a") as f:
        f.write(line[: len(line) // 3])  # the process died while writing
    listing = storage.history()
    assert [e.id for e in listing.entries] == ["1", "2"]
    assert len(listing.warnings) == 1
    assert "line 3" in listing.warnings[0] and "cut off" in listing.warnings[0]
    # Appending after a torn line starts a fresh line; ids stay line numbers.
    storage.append_history(records[2])
    listing = storage.history()
    assert [e.id for e in listing.entries] == ["1", "2", "4"]
    assert storage.history_entry(4).record == records[2]
    with pytest.raises(StorageError, match="cannot be read"):
        storage.history_entry(3)


def test_edited_history_line_is_skipped_naming_line_and_field(storage: Storage) -> None:
    r = _records(1)[0]
    storage.append_history(r)
    bad = dict(r, players=["A", "B"])
    with open(storage.history_path, "a") as f:
        f.write(json.dumps(bad) + "\n\xff\n")
    listing = storage.history()
    assert len(listing.entries) == 1
    assert any("line 2" in w and "field players" in w for w in listing.warnings)


# --- the keeper ----------------------------------------------------------------


def test_keeper_saves_every_action_and_logs_every_deal(storage: Storage) -> None:
    m = Match.start(PLAYERS, seed="Eichel")
    keeper = MatchKeeper.start(storage, m, SEATS)
    assert keeper.meta["kind"] == "seeded" and keeper.counts
    saved = storage.load_current()
    assert saved is not None and saved.match == m and saved.meta["match"] == keeper.match_id
    for _ in range(60):
        assert play_keeping(keeper, 1) == []
        saved = storage.load_current()
        assert saved is not None and saved.match == keeper.match
    finished = len(keeper.match.outcomes)
    assert finished >= 1
    entries = storage.history().entries
    assert len(entries) == finished
    assert all(e.record["meta"]["match"] == keeper.match_id for e in entries)


def test_keeper_finishes_a_match(storage: Storage) -> None:
    keeper = MatchKeeper.start(storage, Match.start(PLAYERS, deals=3, seed="kurz"), SEATS)
    play_keeping(keeper, 10_000)
    assert keeper.match.is_over
    assert storage.load_current() is None
    assert len(storage.history().entries) == 3
    rows = storage.leaderboard().matches().rows
    assert [r.summary.match_id for r in rows] == [keeper.match_id]
    assert keeper.update(keeper.match) == []  # nothing more to do


def test_resume_continues_the_same_match(storage: Storage) -> None:
    keeper = MatchKeeper.start(storage, Match.start(PLAYERS, seed="Eichel"), SEATS)
    play_keeping(keeper, 50)
    again = MatchKeeper.resume(storage)
    assert again is not None
    assert again.match == keeper.match and again.match_id == keeper.match_id
    assert seat_levels(again.match, again.seats) == [("Ann", None), ("Ben", "random"),
                                                     ("Cem", "random")]
    play_keeping(again, 10_000)
    assert again.match.is_over
    ids = [(e.record["meta"]["match"], e.record["meta"]["deal"])
           for e in storage.history().entries]
    assert ids == [(keeper.match_id, n) for n in range(9)]


def test_resume_adds_a_deal_missing_from_the_history(storage: Storage) -> None:
    keeper = MatchKeeper.start(storage, Match.start(PLAYERS, seed="Eichel"), SEATS)
    while not keeper.match.outcomes:
        play_keeping(keeper, 1)
    # As if the program died between saving the match and appending the deal.
    storage.history_path.unlink()
    again = MatchKeeper.resume(storage)
    assert again is not None
    assert len(storage.history().entries) == 1


def test_not_counting_match_stays_off_the_leaderboard(storage: Storage) -> None:
    keeper = MatchKeeper.start(storage, Match.start(PLAYERS, deals=3, seed="kurz"), SEATS,
                               counts=False)
    play_keeping(keeper, 10_000)
    assert keeper.match.is_over and storage.load_current() is None
    assert storage.leaderboard().matches().rows == []


def test_daily_first_attempt_scored_then_practice(storage: Storage) -> None:
    first = MatchKeeper.start(storage, Match.start(PLAYERS, seed="daily:2026-11-29"), SEATS)
    assert first.meta["kind"] == "daily" and first.scored is True
    first.abandon()
    assert storage.load_current() is None
    second = MatchKeeper.start(storage, Match.start(PLAYERS, deals=3, seed="daily:2026-11-29"),
                               SEATS)
    assert second.scored is False
    past = MatchKeeper.start(storage, Match.start(PLAYERS, seed="daily:2026-11-01"), SEATS)
    assert past.scored is False
    play_keeping(second, 10_000)
    rows = storage.leaderboard().matches().rows
    assert [r.daily for r in rows] == ["practice"]


def test_locked_leaderboard_keeps_the_match_until_next_time(storage: Storage) -> None:
    keeper = MatchKeeper.start(storage, Match.start(PLAYERS, deals=3, seed="kurz"), SEATS)
    board = storage.leaderboard()
    board.matches()  # create it
    other = sqlite3.connect(storage.leaderboard_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        messages = play_keeping(keeper, 10_000)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert keeper.match.is_over
    assert any("locked" in m and "next time" in m for m in messages)
    assert storage.load_current() is not None  # not lost
    again = MatchKeeper.resume(storage)  # the next start finishes it off
    assert again is not None and again.match.is_over and again.messages == []
    assert storage.load_current() is None
    assert [r.summary.match_id for r in storage.leaderboard().matches().rows] == [
        keeper.match_id]
    assert len(storage.history().entries) == 3


def test_keeper_refuses_another_match(storage: Storage) -> None:
    keeper = MatchKeeper.start(storage, Match.start(PLAYERS, seed="a"), SEATS)
    with pytest.raises(ValueError, match="another match"):
        keeper.update(Match.start(PLAYERS, seed="b"))


def test_keeper_reports_a_full_disk_and_plays_on(durable: Storage,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    storage = durable
    keeper = MatchKeeper.start(storage, Match.start(PLAYERS, seed="Eichel"), SEATS)

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    messages = play_keeping(keeper, 2)
    assert messages and all("No space left" in m for m in messages)
    monkeypatch.undo()
    assert play_keeping(keeper, 1) == []
    saved = storage.load_current()
    assert saved is not None and saved.match == keeper.match
