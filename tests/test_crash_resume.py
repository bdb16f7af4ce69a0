"""kill -9 at random moments: a bot match in a subprocess is killed again and
again, and each time the save holds every action the process had reported
saved (at most the one in flight is lost), as a prefix of an uninterrupted
run of the same seeded match.  Resumed to the end, the match, the history and
the leaderboard are exactly those of the uninterrupted run."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from match_play import play_match
from skat_core.game import Action
from skat_core.match import Match
from skat_tui.headless import bot_names, bots_for, match_actions, run_match
from skat_tui.storage import Storage

SEED = "crash-test"
LEVELS = ("random", "random", "random")
DEALS = 9

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


def _command(home: Path, delay: float) -> list[str]:
    return [sys.executable, "-m", "skat_tui.headless", "--home", str(home), "--seed", SEED,
            "--deals", str(DEALS), "--delay", str(delay), "--progress"]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parents[1] / "src")
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    return env


@pytest.fixture(scope="module")
def reference() -> tuple[Match, list[Action]]:
    """The same match, played through without interruption."""
    names = bot_names(LEVELS)
    match = Match.start(names, deals=DEALS, seed=SEED)
    bots = bots_for(match, dict(zip(names, LEVELS, strict=True)))
    match = play_match(match, bots)
    return match, match_actions(match)


def _saved_actions(home: Path) -> list[Action] | None:
    saved = Storage(home).load_current()  # must never be a DamagedSave
    return None if saved is None else match_actions(saved.match)


def test_kill_9_at_random_moments_loses_at_most_the_action_in_flight(
    tmp_path: Path, reference: tuple[Match, list[Action]]
) -> None:
    ref_match, ref_actions = reference
    home = tmp_path / "home"
    rng = random.Random(20261129)
    saved_before = 0
    kills = 0
    progress: list[int] = []
    finished = False
    for _ in range(8):
        proc = subprocess.Popen(_command(home, 0.008), stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=_env(), text=True)
        time.sleep(rng.uniform(0.25, 0.7))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
        out, err = proc.communicate(timeout=30)
        assert "Traceback" not in err
        reported = [int(line.split()[1]) for line in out.splitlines()
                    if line.startswith("saved ")]
        if proc.returncode == 0:
            finished = True
            break
        assert proc.returncode == -signal.SIGKILL
        actions = _saved_actions(home)
        if actions is None:
            if saved_before == 0 and not reported:
                continue  # killed before its first save
            # Killed after the match ended and its save was cleared, before the
            # process exited: then every deal is in the history.
            deals = [e.record["meta"]["deal"] for e in Storage(home).history().entries]
            assert deals == list(range(DEALS)), "the match was lost"
            finished = True
            break
        # A prefix of the uninterrupted run ...
        assert actions == ref_actions[: len(actions)]
        # ... holding every action reported saved, at most one more (in flight) ...
        if reported:
            assert reported[-1] <= len(actions) <= reported[-1] + 1
        # ... and never going back.
        assert len(actions) >= saved_before
        saved_before = len(actions)
        progress.append(len(actions))
    assert kills >= 3, f"the match ended too fast to be killed: raise --delay ({progress})"
    if not finished:
        done = subprocess.run(_command(home, 0.0), capture_output=True, text=True, env=_env(),
                              timeout=60)
        assert done.returncode == 0, done.stderr
    storage = Storage(home)
    assert storage.load_current() is None  # over and cleared
    # The history holds each deal once, as played without interruption.
    entries = storage.history().entries
    assert [e.record["meta"]["deal"] for e in entries] == list(range(DEALS))
    assert len({e.record["meta"]["match"] for e in entries}) == 1
    played = [a for e in entries for a in e.record["actions"]]
    assert len(played) == len(ref_actions)
    from skat_core.records import record_from_state

    expected = [a for o in ref_match.outcomes
                for a in record_from_state(o.state)["actions"]]
    assert played == expected
    # The leaderboard has the match once, with the uninterrupted run's totals.
    rows = storage.leaderboard().matches().rows
    assert len(rows) == 1
    assert tuple(p.seeger_fabian for p in rows[0].summary.players) == ref_match.totals()


def test_resume_in_process_after_a_stop_gives_the_same_match(
    tmp_path: Path, reference: tuple[Match, list[Action]]
) -> None:
    ref_match, _ = reference
    storage = Storage(tmp_path / "home", sync=False)
    for _ in range(4):
        run_match(storage, SEED, deals=DEALS, max_actions=17)
    final = run_match(storage, SEED, deals=DEALS)
    assert final.is_over and final.outcomes == ref_match.outcomes


def test_damaged_save_is_reported_and_a_new_match_starts(tmp_path: Path) -> None:
    home = tmp_path / "home"
    first = subprocess.run([*_command(home, 0.0)[:-1], "--max-actions", "30"],
                           capture_output=True, text=True, env=_env(), timeout=60)
    assert first.returncode == 0
    current = home / "current.json"
    text = current.read_text()
    current.write_text(text[: len(text) // 2])  # torn by a failing disk, say
    second = subprocess.run([*_command(home, 0.0)[:-1], "--max-actions", "5"],
                            capture_output=True, text=True, env=_env(), timeout=60)
    assert second.returncode == 0 and "Traceback" not in second.stderr
    assert "is damaged" in second.stderr and str(current) in second.stderr
    kept = [p for p in home.iterdir() if p.name.startswith("current.json.broken-")]
    assert len(kept) == 1 and kept[0].read_text() == text[: len(text) // 2]
    assert second.stdout.startswith("stopped after 0 deals")
    saved = Storage(home).load_current()
    assert saved is not None and len(match_actions(saved.match)) == 5  # the new match
