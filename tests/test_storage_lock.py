"""Two skat processes on one data directory: the one playing the saved match
holds ``current.lock``; the other can neither overwrite, resume nor remove
that save, and says so.  A killed holder leaves no stale lock.  Reading (the
history, the scores) goes on, and history lines appended by two processes at
once never mix."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from skat_core.match import Match
from skat_tui.headless import run_match
from skat_tui.storage import MatchInUse, MatchKeeper, Storage
from test_storage import PLAYERS, SEATS, play_keeping

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock and SIGKILL are POSIX")

HOLD = """
import sys, time
from skat_tui.storage import Storage
Storage(sys.argv[1]).claim_current()
print("held", flush=True)
time.sleep(120)
"""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parents[1] / "src")
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _kill(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=30)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def saved(home: Path) -> bytes:
    """A match saved by a process that has stopped playing it (it quit)."""
    storage = Storage(home, sync=False)
    keeper = MatchKeeper.start(storage, Match.start(PLAYERS, seed="Eichel"), SEATS)
    play_keeping(keeper, 30)
    keeper.close()
    return storage.current_path.read_bytes()


@pytest.fixture
def holder(home: Path, saved: bytes) -> Iterator[subprocess.Popen[str]]:
    """Another process that has resumed the saved match of ``home`` and plays it."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(home)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=_env())
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "held", proc.stderr.read() if proc.stderr else ""
        yield proc
    finally:
        _kill(proc)


def test_another_process_playing_keeps_its_save_untouched(
    home: Path, saved: bytes, holder: subprocess.Popen[str]
) -> None:
    other = Storage(home, sync=False)
    busy = other.match_in_use()
    assert isinstance(busy, MatchInUse) and busy.pid == holder.pid
    assert str(busy) == f"Another skat (process {holder.pid}) is playing the match saved in {home}"
    with pytest.raises(MatchInUse):
        MatchKeeper.start(other, Match.start(PLAYERS, seed="other"), SEATS)
    with pytest.raises(MatchInUse):
        MatchKeeper.resume(other)
    with pytest.raises(MatchInUse):
        other.save_current(Match.start(PLAYERS, seed="other"))
    with pytest.raises(MatchInUse):
        other.clear_current()
    with pytest.raises(MatchInUse):
        run_match(other, "other")
    assert other.current_path.read_bytes() == saved
    # Reading goes on meanwhile.
    assert other.load_current() is not None
    assert other.history().entries
    assert other.leaderboard().matches().rows == []


def test_a_killed_holder_leaves_no_stale_lock(
    home: Path, saved: bytes, holder: subprocess.Popen[str]
) -> None:
    storage = Storage(home, sync=False)
    with pytest.raises(MatchInUse):
        MatchKeeper.resume(storage)
    _kill(holder)  # kill -9: the kernel lets go of the lock
    assert storage.match_in_use() is None
    saved = storage.load_current()
    keeper = MatchKeeper.resume(storage)
    assert saved is not None and keeper is not None and keeper.match == saved.match
    play_keeping(keeper, 1)
    assert storage.current_path.read_bytes() != saved
    # and now this process is the one playing it
    assert storage.match_in_use() is None
    assert isinstance(Storage(home).match_in_use(), MatchInUse)


def test_headless_refuses_with_a_message_and_no_traceback(
    home: Path, saved: bytes, holder: subprocess.Popen[str]
) -> None:
    done = subprocess.run([sys.executable, "-m", "skat_tui.headless", "--home", str(home)],
                          capture_output=True, text=True, env=_env(), timeout=60)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert f"Another skat (process {holder.pid}) is playing" in done.stderr
    assert (home / "current.json").read_bytes() == saved


def test_in_one_process_the_claim_lasts_while_the_keeper_plays(home: Path) -> None:
    first = Storage(home, sync=False)
    keeper = MatchKeeper.start(first, Match.start(PLAYERS, seed="Eichel", deals=3), SEATS)
    second = Storage(home, sync=False)
    assert isinstance(second.match_in_use(), MatchInUse)
    assert first.match_in_use() is None  # its own claim
    play_keeping(keeper, 10)
    keeper.close()  # the app quits: the match stays saved, free to resume
    assert second.match_in_use() is None
    resumed = MatchKeeper.resume(second)
    assert resumed is not None and resumed.match == keeper.match
    assert isinstance(first.match_in_use(), MatchInUse)
    play_keeping(resumed, 10_000)  # to the end: the save goes, and so does the claim
    assert resumed.match.is_over and not second.current_path.exists()
    assert first.match_in_use() is None


def test_giving_up_releases_the_claim(home: Path) -> None:
    first = Storage(home, sync=False)
    keeper = MatchKeeper.start(first, Match.start(PLAYERS, seed="Eichel"), SEATS)
    assert isinstance(Storage(home).match_in_use(), MatchInUse)
    keeper.abandon()
    assert Storage(home).match_in_use() is None


def test_nothing_to_resume_holds_no_claim(home: Path) -> None:
    storage = Storage(home, sync=False)
    assert MatchKeeper.resume(storage) is None
    assert Storage(home).match_in_use() is None


APPEND = """
import sys
from skat_core.match import Match
from skat_core.bots import make_bot
from skat_core.savegame import outcome_record
from skat_tui.storage import Storage

storage = Storage(sys.argv[1], sync=False)
match = Match.start(("Ann", "Ben", "Cem"), seed="lines")
bots = [make_bot("random", i) for i in range(3)]
while match.current is None or not match.deal_finished:
    if match.current is None:
        match = match.next_deal()
        continue
    seat = match.current.to_move
    match = match.apply(bots[match.player_at(seat)].choose(match.current.view(seat)))
for n in range(int(sys.argv[3])):
    record = outcome_record(match, match.outcomes[0], {"match": sys.argv[2] + str(n)})
    storage.append_history(record)
"""


def test_two_processes_appending_history_never_mix_lines(home: Path) -> None:
    lines = 150
    procs = [subprocess.Popen([sys.executable, "-c", APPEND, str(home), name, str(lines)],
                              stderr=subprocess.PIPE, text=True, env=_env())
             for name in ("a", "b")]
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    raw = (home / "history.jsonl").read_bytes().splitlines()
    assert len(raw) == 2 * lines
    ids = sorted(json.loads(line)["meta"]["match"] for line in raw)
    assert ids == sorted(f"{name}{n}" for name in ("a", "b") for n in range(lines))
    listing = Storage(home).history()
    assert not listing.warnings and len(listing.entries) == 2 * lines

