"""Matches survive quitting and crashes: the app saves after every action,
and a new app resumes at the exact point (same hand, same trick, same
scores).  Damaged or newer saves are reported with their path and never
stop the app.  The real ``skat`` is also killed with SIGKILL in a terminal
(tmux) and resumed."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from skat_core.game import Phase
from skat_core.match import Match
from skat_core.savegame import dumps_match
from skat_tui.app import SkatApp
from skat_tui.headless import match_actions
from skat_tui.screens import ConfirmScreen, DealResultScreen, ScoreSheetScreen, TableScreen
from skat_tui.screens.hotseat import HotseatTableScreen, PrivacyScreen
from skat_tui.screens.start import StartScreen
from skat_tui.storage import Storage
from skat_tui.widgets import HandView

from .helpers import passing_bots, screen_text, settle, table, view
from .test_tui_match import take_turn
from .test_tui_start import menu, start_app, wait


def table_picture(app: SkatApp) -> dict[str, Any]:
    """What the player sees of the match: hand, trick, scores, deal."""
    t = table(app)
    v = view(app)
    return {
        "view": v,
        "hand": t.query_one(HandView).state.cards,
        "trick": v.trick,
        "totals": t.controller.match.totals(),
        "deal": t.controller.match.deal_number,
        "score panel": str(t.query_one("#score").render()),
        "topbar": str(t.query_one("#topbar").render()),
    }


async def play_until(pilot: Pilot[Any], app: SkatApp, deals: int, cards: int) -> None:
    """Play ``deals`` whole deals, then into the next one until ``cards``
    cards lie in the trick (or have been played)."""
    steps = 0
    while True:
        t = table(app)
        m = t.controller.match
        if len(m.outcomes) >= deals and not m.deal_finished and isinstance(app.screen, TableScreen):
            v = view(app)
            if v.phase == Phase.PLAYING and len(v.plays) >= cards and v.to_move == v.seat:
                return
        await take_turn(pilot, app)
        steps += 1
        assert steps < 400


async def test_a_new_app_resumes_the_match_exactly_where_it_was(tmp_path: Path) -> None:
    first = start_app(tmp_path, seed="resume-here")
    async with first.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        await pilot.press("n", "enter")
        await settle(pilot)
        await play_until(pilot, first, deals=1, cards=4)
        before = table_picture(first)
    # The first app is gone without a word, as after a crash: only what was
    # saved along the way is left.
    second = start_app(tmp_path)
    async with second.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        options = menu(second)
        assert options.highlighted == options.get_option_index("resume")
        assert "deal 2 of 9" in screen_text(second)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(second.screen, TableScreen)
        assert table_picture(second) == before
        # and play goes on from there
        await take_turn(pilot, second)
        assert len(view(second).plays) > len(before["view"].plays)


async def test_resume_between_two_deals_shows_the_result_first(tmp_path: Path) -> None:
    first = start_app(tmp_path, seed="between", factory=passing_bots)
    async with first.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        await pilot.press("n", "enter")
        await settle(pilot)
        await pilot.press("p")  # everybody passed: the deal is over
        await settle(pilot)
        assert isinstance(first.screen, DealResultScreen)
        outcome = table(first).controller.match.outcomes[0]
    second = start_app(tmp_path, start="resume")
    async with second.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await wait(pilot)
        assert isinstance(second.screen, DealResultScreen)
        assert second.screen.outcome.state == outcome.state
        await pilot.press("enter")
        assert isinstance(second.screen, ScoreSheetScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert table(second).controller.match.deal_number == 1
        assert "Deal 2 of 9" in screen_text(second)


async def test_a_hotseat_match_resumes_behind_the_privacy_screen(tmp_path: Path) -> None:
    from skat_tui.screens.newmatch import parse_players

    first = start_app(tmp_path, start="hotseat", seed="hotseat-resume",
                      players=parse_players("Anna,Ben,Cem"))
    async with first.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "b")  # Cem bids 18 to Ben
        await wait(pilot)
    second = start_app(tmp_path, start="resume")
    async with second.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await wait(pilot)
        assert isinstance(second.screen, PrivacyScreen)
        assert "Pass to Ben" in screen_text(second)
        t = second.table
        assert isinstance(t, HotseatTableScreen)
        assert t.controller.names() == ("Anna", "Ben", "Cem")
        assert [t.controller.is_human(p) for p in range(3)] == [True, True, True]
        await pilot.press("enter")
        await wait(pilot)
        assert t.viewer == 1 and "bids 18 to you" in screen_text(second)


@pytest.mark.parametrize(
    ("content", "says", "label"),
    [
        ('{"format": "skat-match", "version": 1, "config": ', "is damaged", "broken"),
        ("not json at all", "is damaged", "broken"),
        (None, "was saved by a newer version of skat", "newer"),
    ],
    ids=["cut-off", "garbage", "newer"],
)
async def test_a_damaged_save_is_reported_and_a_new_match_can_start(
    tmp_path: Path, content: str | None, says: str, label: str
) -> None:
    path = tmp_path / "current.json"
    if content is None:  # a save from a later skat
        doc = json.loads(dumps_match(Match.start(("You", "Lena", "Rolf"), seed="x")))
        doc["version"] = 2
        content = json.dumps(doc)
    path.write_text(content, encoding="utf-8")
    app = start_app(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)
        messages = [n.message for n in app._notifications]
        assert any(says in m and str(path) in m for m in messages), messages
        assert "current.json" in screen_text(app)  # on screen, with its path
        assert menu(app).get_option("resume").disabled
        kept = list(tmp_path.glob(f"current.json.{label}-*"))
        assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == content
        assert not path.exists()
        await pilot.press("n", "enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert Storage(tmp_path).load_current() is not None


async def test_skat_play_with_a_saved_match_asks_before_giving_it_up(tmp_path: Path) -> None:
    first = start_app(tmp_path, start="match", seed="kept")
    async with first.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
    second = start_app(tmp_path, start="match", seed="other")
    async with second.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        assert isinstance(second.screen, ConfirmScreen)
        assert "Give up your unfinished match?" in screen_text(second)
        await pilot.press("n")  # keep it: the start screen offers it
        await wait(pilot)
        options = menu(second)
        assert options.highlighted == options.get_option_index("resume")
        saved = Storage(tmp_path).load_current()
        assert saved is not None and saved.match.config.seed == "kept"


async def test_resume_with_nothing_saved_stays_on_the_start_screen(tmp_path: Path) -> None:
    app = start_app(tmp_path, start="resume")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)
        assert "no unfinished match" in screen_text(app)


async def test_a_finished_match_goes_to_history_and_scores_and_the_save_goes(
    tmp_path: Path,
) -> None:
    app = start_app(tmp_path, seed="to-the-end", deals=3, factory=passing_bots)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        await pilot.press("n", "enter")
        await settle(pilot)
        c = table(app).controller
        steps = 0
        while not (c.match.is_over and isinstance(app.screen, ScoreSheetScreen)):
            await pilot.press("p" if isinstance(app.screen, TableScreen) else "enter")
            await settle(pilot)  # everybody passes: three quick deals
            steps += 1
            assert steps < 40
            if len(c.match.outcomes) == 1 and not c.match.is_over:
                assert len(Storage(tmp_path).history().entries) == 1
    storage = Storage(tmp_path)
    assert storage.load_current() is None
    entries = storage.history().entries
    assert [e.record["meta"]["deal"] for e in entries] == [0, 1, 2]
    rows = storage.leaderboard().matches().rows
    assert len(rows) == 1 and rows[0].summary.kind == "seeded"
    assert rows[0].summary.seed == "to-the-end"
    storage.close()


# -- the real program, killed -------------------------------------------------------


def _tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout


def _resting_screen(session: str, deadline: float) -> str:
    """The pane once two captures 0.2 s apart agree (the app waits for its
    player); the app must still be running (the pane stays on exit)."""
    screen = ""
    while (now := _tmux("capture-pane", "-p", "-t", session)) != screen:
        assert _tmux("display-message", "-p", "-t", session, "#{pane_dead}").strip() != "1", (
            f"the app exited:\n{now}")
        assert time.monotonic() < deadline, "the app did not come to rest"
        screen = now
        time.sleep(0.2)
    return screen


@pytest.mark.skipif(shutil.which("tmux") is None or sys.platform == "win32",
                    reason="needs tmux and SIGKILL")
async def test_kill_9_of_the_real_app_then_skat_resume(tmp_path: Path) -> None:
    home, config = tmp_path / "home", tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(
        json.dumps({"speed": "instant", "bot_levels": ["random", "random"]}), encoding="utf-8"
    )
    src = Path(__file__).resolve().parents[2] / "src"
    command = (
        f"exec env SKAT_HOME={home} SKAT_CONFIG_DIR={config} PYTHONPATH={src} "
        f"{sys.executable} -c 'from skat_tui.cli import main; main()' play --seed kill-test"
    )
    session = f"skat-kill-{os.getpid()}"
    _tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "30", command)
    storage = Storage(home)
    try:
        # An app that exits leaves its last screen to be read.
        _tmux("set-option", "-t", session, "remain-on-exit", "on")
        pid = int(_tmux("display-message", "-p", "-t", session, "#{pane_pid}").strip())
        deadline = time.monotonic() + 30
        while "Deal 1 of 9" not in _tmux("capture-pane", "-p", "-t", session):
            assert time.monotonic() < deadline, "the app did not start"
            time.sleep(0.1)
        # Pass in the bidding, play the first card that may be played, click
        # through the results: until a deal is finished and the next one is
        # a few cards in.  One pair of keys at a time, each after the app
        # has come to rest: keys queued on a loaded machine would play on
        # past the point looked for, up to the end of the match.
        deadline = time.monotonic() + 120
        while True:
            assert time.monotonic() < deadline, "the game did not move on"
            _tmux("send-keys", "-t", session, "p")
            _tmux("send-keys", "-t", session, "Enter")
            _resting_screen(session, deadline)
            saved = storage.load_current()
            if (saved is not None and len(saved.match.outcomes) >= 1
                    and saved.match.current is not None and not saved.match.deal_finished
                    and len(saved.match.current.history) >= 5):
                break
        screen = _resting_screen(session, deadline)
        saved = storage.load_current()
        assert saved is not None
        actions = match_actions(saved.match)
        history = storage.history_path.read_bytes()
        os.kill(pid, signal.SIGKILL)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    # Nothing completed was lost: the history as it was, the save whole and
    # holding every action played.
    assert storage.history_path.read_bytes() == history
    assert len(history.splitlines()) == len(saved.match.outcomes)
    after = storage.load_current()
    assert after is not None and match_actions(after.match) == actions
    deal = after.match.deal_number + 1
    assert f"Deal {deal} of 9" in screen

    app = start_app(home, start="resume")  # as `skat resume` opens it
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        c = table(app).controller
        assert match_actions(c.match)[: len(actions)] == actions
        assert c.match.totals() == after.match.totals()
        if after.match.deal_finished:  # the last keys ended a deal: its result comes first
            assert isinstance(app.screen, DealResultScreen)
        else:
            assert isinstance(app.screen, TableScreen)
            assert f"Deal {deal} of 9" in screen_text(app)


async def test_the_damaged_save_toast_fits_inside_its_edges_at_80_by_24(tmp_path: Path) -> None:
    """The long message about a damaged save (its path, the line and what is
    wrong, where it was kept) is shown whole: the toast is as tall as its
    wrapped text and ends above the footer."""
    from textual.widgets._toast import Toast

    home = tmp_path / "a-rather-long-folder-name-for-the-data" / "skat-home"
    home.mkdir(parents=True)
    saved = dumps_match(Match.start(("You", "Lena", "Rolf"), seed="x"))
    (home / "current.json").write_text(saved[: len(saved) // 2], encoding="utf-8")
    app = start_app(home)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait(pilot)
        await pilot.press("r")  # resume: there is nothing left to resume
        await wait(pilot)
        toasts = [t for t in app.screen.query(Toast) if "damaged" in str(t._notification.message)]
        assert toasts
        for toast in toasts:
            region = toast.region
            width = toast.content_region.width
            needed = toast.get_content_height(app.size, app.size, width)
            assert toast.content_region.height >= needed, (toast.content_region, needed)
            assert region.bottom <= app.size.height - 1  # the footer stays in view
            assert region.y >= 0
        shown = screen_text(app)  # the first words and the last, wherever the lines break
        assert "The saved match" in shown and "damaged" in shown and "start." in shown


@pytest.mark.parametrize("severity", ["error", "warning"])
async def test_long_toasts_end_inside_the_screen_at_80_by_24(tmp_path: Path,
                                                             severity: Any) -> None:
    """Whatever the length of a message (a damaged save names two paths and
    the error), its toast ends above the footer with its text whole."""
    from textual.widgets._toast import Toast

    app = start_app(tmp_path)
    words = ("The saved match /tmp/skat-home/current.json is damaged and cannot be continued: "
             "line 24: not valid JSON: Unterminated string starting at (column 25) (the file "
             "ends before the document does: cut off?). It was kept as "
             "/tmp/skat-home/current.json.broken-20261201T134704Z; a new match can start.")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait(pilot)
        for cut in range(120, len(words) + 1, 23):
            app.clear_notifications()
            await wait(pilot)
            app.notify(words[:cut], title="Saved match", severity=severity, timeout=30)
            await wait(pilot)
            (toast,) = app.screen.query(Toast)
            width = toast.content_region.width
            needed = toast.get_content_height(app.size, app.size, width)
            assert toast.content_region.height >= needed, cut
            assert toast.region.bottom <= app.size.height - 1, (cut, toast.region)
