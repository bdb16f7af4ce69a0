"""A second skat on the same data directory while the first plays the saved
match: the start screen says so, Resume says where the match is, New match,
Daily and Hotseat offer a match that is not saved, the commands refuse with
a short message; the other skat's save is never touched (the same bytes
before and after).  Once the other skat is gone, Resume works again."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from skat_core.match import Match
from skat_core.seeds import utc_today
from skat_tui.cli import main
from skat_tui.screens import ConfirmScreen, QuitScreen, TableScreen
from skat_tui.screens.newmatch import NewMatchScreen
from skat_tui.screens.start import StartScreen
from skat_tui.storage import MatchKeeper, Storage

from .helpers import screen_text, settle, start_app, wait
from .test_tui_match import take_turn
from .test_tui_start import menu

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock and SIGKILL are POSIX")

PLAYING = """
import sys, time
from skat_tui.storage import MatchKeeper, Storage
keeper = MatchKeeper.resume(Storage(sys.argv[1], sync=False))
print("playing" if keeper is not None else "nothing", flush=True)
time.sleep(120)
"""


@dataclass
class Other:
    """Another skat playing the saved match: its process, and the save as it
    left it."""

    proc: subprocess.Popen[str]
    saved: bytes

    @property
    def pid(self) -> int:
        return self.proc.pid

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.communicate(timeout=30)


@pytest.fixture
def other(tmp_path: Path) -> Iterator[Other]:
    """An unfinished match, saved, and another skat that has resumed it and
    is playing it."""
    storage = Storage(tmp_path, sync=False)
    match = Match.start(("You", "Lena", "Rolf"), seed="theirs")
    keeper = MatchKeeper.start(storage, match, {"You": "human", "Lena": "random",
                                                "Rolf": "random"})
    keeper.close()
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2] / "src") + os.pathsep + env.get(
        "PYTHONPATH", "")
    proc = subprocess.Popen([sys.executable, "-c", PLAYING, str(tmp_path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    running = Other(proc, b"")
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "playing"
        running.saved = storage.current_path.read_bytes()
        yield running
    finally:
        running.kill()


async def test_start_screen_and_resume_leave_the_other_skats_match_alone(
    tmp_path: Path, other: Other
) -> None:
    app = start_app(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)
        text = screen_text(app)
        assert f"being played by another skat (process {other.pid})" in text
        assert "Another skat plays your saved match: new matches here are not saved." in text
        options = menu(app)
        assert options.highlighted == options.get_option_index("new_match")
        await pilot.press("r")
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)
        said = [n.message for n in app._notifications]
        assert any(f"Another skat (process {other.pid}) is playing the match saved in "
                   f"{tmp_path}. Continue it there" in m for m in said), said
        assert (tmp_path / "current.json").read_bytes() == other.saved
        # The other skat is killed: its match can be resumed here.
        other.kill()
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.keeper is not None


async def test_new_match_is_played_unsaved_only_if_the_player_says_so(
    tmp_path: Path, other: Other
) -> None:
    app = start_app(tmp_path, seed="mine")
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait(pilot)
        await pilot.press("n")
        await wait(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        text = screen_text(app)
        assert f"Another skat (process {other.pid}) is playing the match saved in" in text
        assert "Play a match here without saving" in text
        assert "Give up" not in text
        await pilot.press("n")  # back
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)
        await pilot.press("n", "y", "enter")  # play unsaved
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.keeper is None
        said = [n.message for n in app._notifications]
        assert any("This match is not saved" in m for m in said), said
        for _ in range(6):
            await take_turn(pilot, app)
        assert (tmp_path / "current.json").read_bytes() == other.saved
        assert not (tmp_path / "history.jsonl").exists()
        await pilot.press("q")
        await wait(pilot)
        assert isinstance(app.screen, QuitScreen)
        assert "The deal is lost" in screen_text(app)


async def test_daily_and_hotseat_offer_an_unsaved_match(
    tmp_path: Path, other: Other
) -> None:
    app = start_app(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait(pilot)
        await pilot.press("d")
        await wait(pilot)
        assert "Play a match here without saving" in screen_text(app)
        await pilot.press("y")
        await wait(pilot)
        assert "It is not saved: practice, it does not count." in screen_text(app)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.keeper is None
        app.action_menu()  # Ctrl+P → Start screen
        await wait(pilot)
        assert "Leave this match? It is not saved." in screen_text(app)
        await pilot.press("y")
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)
        await pilot.press("h")
        await wait(pilot)
        assert "Play a match here without saving" in screen_text(app)
    assert (tmp_path / "current.json").read_bytes() == other.saved
    # not even registered as the day's attempt
    assert Storage(tmp_path).leaderboard().daily_results(utc_today()).rows == []


@pytest.mark.parametrize("command", [["play"], ["resume"], ["daily"],
                                     ["hotseat", "--players", "A,B,C"], ["play", "--seed", "x"]])
def test_the_commands_refuse_with_a_short_message(
    tmp_path: Path, other: Other, command: list[str]
) -> None:
    result = CliRunner().invoke(main, command, env={"SKAT_HOME": str(tmp_path)})
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert (f"Error: Another skat (process {other.pid}) is playing the match saved in "
            f"{tmp_path}. Continue it there") in result.output
    assert "Traceback" not in result.output
    assert (tmp_path / "current.json").read_bytes() == other.saved


async def test_a_match_saved_meanwhile_by_another_skat_is_not_overwritten(
    tmp_path: Path,
) -> None:
    app = start_app(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait(pilot)
        await pilot.press("h")  # nothing saved: the hotseat dialog opens
        await wait(pilot)
        assert isinstance(app.screen, NewMatchScreen)
        # Meanwhile another skat starts a match, saves it and quits.
        storage = Storage(tmp_path, sync=False)
        keeper = MatchKeeper.start(storage, Match.start(("A", "B", "C"), seed="theirs"))
        keeper.close()
        theirs = storage.current_path.read_bytes()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.table is not None and app.keeper is None
        said = [n.message for n in app._notifications]
        assert any("holds another match, saved meanwhile: it is not overwritten" in m
                   for m in said), said
        assert storage.current_path.read_bytes() == theirs
