"""The replay viewer as a player uses it: ``skat replay`` on a JSON record, an
ISS file with several games and a history entry; stepping action by action
and trick by trick (every state equal to the engine's); analysing; playing
on from a point and replaying the deal against bots, which never reach the
history or the leaderboard."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Static

from skat_core.game import GameState, Phase, new_game
from skat_core.records import record_from_state, state_from_record, to_iss
from skat_tui.app import SkatApp
from skat_tui.cli import main
from skat_tui.cli_replay import Loaded, ReplayError, load_source
from skat_tui.leaderboard import Leaderboard, MatchSummary, PlayerLine
from skat_tui.screens import ConfirmScreen, DealResultScreen, ScoreSheetScreen
from skat_tui.screens.analysis import AnalysisScreen
from skat_tui.screens.replay import (
    GamePickScreen,
    PracticeTableScreen,
    ReplayScreen,
    SeatScreen,
)
from skat_tui.storage import Storage

from .helpers import make_app, replay_for, screen_text, settle

DATA = Path(__file__).resolve().parents[1] / "data"
GRAND = DATA / "deal_grand.json"
"""Cid plays Grand at 40 and loses with 60: 56 actions, play from step 26."""
NULL = DATA / "deal_null.json"


def record(path: Path) -> dict[str, Any]:
    value = json.loads(path.read_text())
    assert isinstance(value, dict)
    return value


def state_of(path: Path) -> GameState:
    return state_from_record(record(path))


def open_app(loaded: Loaded, home: Path) -> SkatApp:
    """The app as ``skat replay`` opens it: no delays, the fastest bots."""
    return replay_for(loaded, Storage(home, sync=False))


def grand_app(home: Path) -> SkatApp:
    return open_app(load_source(str(GRAND), Storage(home)), home)


def replay(app: SkatApp) -> ReplayScreen:
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


async def wait(pilot: Pilot[Any], rounds: int = 2) -> None:
    for _ in range(rounds):
        await pilot.pause()


def enabled(app: SkatApp, key: str) -> bool:
    """What the footer says about a key: can it be used now?"""
    return app.screen.active_bindings[key].enabled


# -- stepping ------------------------------------------------------------------


async def test_stepping_forward_and_back_shows_every_state_exactly(tmp_path: Path) -> None:
    final = state_of(GRAND)
    states = [new_game(final.deal)]
    for _, action in final.history:
        states.append(states[-1].apply(action))
    assert len(states) == 57
    app = grand_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        screen = replay(app)
        assert screen.step == 0 and "The cards as dealt" in screen_text(app)
        for i in range(1, 57):
            await pilot.press("right" if i % 2 else "l")
            assert screen.state == states[i], i
            if i % 8 == 0:  # what the player reads (reading the screen is slow)
                assert f"Step {i} of 56" in screen_text(app)
        await pilot.press("right")  # at the end: nothing more
        assert screen.step == 56 and not enabled(app, "right")
        assert "Result: Grand with 3, game 4 × 24 = 96; lost, -192" in screen_text(app)
        for i in range(55, -1, -1):
            await pilot.press("left" if i % 2 else "h")
            assert screen.state == states[i], i
        assert not enabled(app, "left") and enabled(app, "right")


async def test_home_end_and_a_trick_at_a_time(tmp_path: Path) -> None:
    app = grand_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        screen = replay(app)
        assert not enabled(app, "up") and not enabled(app, "home") and enabled(app, "down")
        await pilot.press("down")  # from the bidding to the first lead
        assert screen.step == 26 and screen.state.phase == Phase.PLAYING
        assert "Cid declares Grand" in screen_text(app)
        await pilot.press("down")  # the first trick, finished
        assert screen.step == 29 and screen.state.tricks_played == 1
        assert "Trick 1 to Ann · 11 points" in screen_text(app)
        await pilot.press("right_square_bracket", "right_square_bracket")
        assert screen.step == 35 and screen.state.tricks_played == 3
        await pilot.press("right", "up")  # back to the end of trick 3
        assert screen.step == 35
        await pilot.press("left_square_bracket")
        assert screen.step == 32
        await pilot.press("end")
        assert screen.step == 56 and screen.state.is_over
        assert not enabled(app, "end") and not enabled(app, "down") and enabled(app, "up")
        assert not enabled(app, "p")  # nothing to play on from at the end
        await pilot.press("up")
        assert screen.step == 53 and screen.state.tricks_played == 9
        await pilot.press("home")
        assert screen.step == 0 and screen.state == new_game(screen.state.deal)


# -- where replays come from -----------------------------------------------------


def iss_file(tmp_path: Path) -> Path:
    """Three games and a damaged line."""
    grand, null = state_of(GRAND), state_of(NULL)
    passed = new_game(grand.deal)
    for _ in range(3):
        passed = passed.apply(passed.legal_actions()[0])  # pass, pass, pass
    lines = [
        to_iss(grand, ("Ann", "Bob", "Cid"), game_id="g1"),
        "# a comment",
        to_iss(null, ("Ann", "Bob", "Cid"), game_id="n2"),
        to_iss(passed, ("Dora", "Emil", "Fred"), game_id="p3"),
    ]
    bad = lines[2].replace("MV[w ", "MV[w XX.", 1)
    path = tmp_path / "games.iss"
    path.write_text("\n".join([*lines, bad]) + "\n")
    return path


async def test_an_iss_file_with_several_games_asks_which_one(tmp_path: Path) -> None:
    path = iss_file(tmp_path)
    loaded = load_source(str(path), Storage(tmp_path))
    assert [g.game_id for g in loaded.games] == ["g1", "n2", "p3"]
    assert len(loaded.warnings) == 1 and "line 5" in loaded.warnings[0]
    app = open_app(loaded, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        assert isinstance(app.screen, GamePickScreen)
        text = screen_text(app)
        assert "3 games" in text and "Bob: Null" in text and "passed in" in text
        assert "line 5" in text  # the damaged game is named, the others listed
        await pilot.press("down", "enter")
        await wait(pilot)
        screen = replay(app)
        assert screen.game.game_id == "n2" and screen.states[-1] == state_of(NULL)
        assert "games.iss · n2" in screen_text(app)
        await pilot.press("escape")
        await wait(pilot)
        assert isinstance(app.screen, GamePickScreen)
        await pilot.press("escape")
        await wait(pilot)
    assert app.return_code == 0


def test_game_picks_one_game_directly(tmp_path: Path) -> None:
    path = iss_file(tmp_path)
    storage = Storage(tmp_path)
    assert [g.game_id for g in load_source(str(path), storage, "p3").games] == ["p3"]
    assert [g.game_id for g in load_source(str(path), storage, "2").games] == ["n2"]
    with pytest.raises(ReplayError, match=r"no game 'x9' \(its games: g1, n2, p3"):
        load_source(str(path), storage, "x9")


async def test_a_history_entry(tmp_path: Path) -> None:
    storage = Storage(tmp_path, sync=False)
    for path in (NULL, GRAND):
        rec = record(path)
        rec["meta"] = {"date": "2026-11-29T20:15:02Z", "match": "m1", "deal": len(rec["id"])}
        storage.append_history(rec)
    loaded = load_source("2", storage)
    (game,) = loaded.games
    assert game.state == state_of(GRAND) and game.title.startswith("History 2 · 2026-11-29")
    app = open_app(loaded, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        assert replay(app).game.players == ("Ann", "Bob", "Cid")
        assert "Replay · History 2" in screen_text(app)


@pytest.mark.parametrize(
    ("source", "content", "says"),
    [
        ("nothing-here.json", None, "neither a history id"),
        ("7", None, "there is no history entry 7"),
        ("notes.txt", "hello", "neither JSON game records nor ISS lines"),
        ("bad.json", '{"format": "skat-record", "version": 1', "not valid JSON"),
        ("binary.iss", b"\xff\xfe(", "not UTF-8"),
    ],
)
def test_unreadable_sources_are_one_line_errors(tmp_path: Path, source: str,
                                                content: str | bytes | None, says: str) -> None:
    if content is not None:
        path = tmp_path / source
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
        source = str(path)
    result = CliRunner().invoke(main, ["replay", source, "--home", str(tmp_path)])
    assert result.exit_code == 1
    assert says in result.output and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_an_illegal_record_names_its_line_and_field(tmp_path: Path) -> None:
    rec = record(GRAND)
    rec["actions"][30]["card"] = "D8"  # Bob has no ♦8
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(rec, indent=1))
    result = CliRunner().invoke(main, ["replay", str(path), "--game", "1"])
    assert result.exit_code == 1
    assert "actions[30]" in result.output and "seat 1: D8" in result.output
    assert "the card is not in this seat's hand" in result.output  # the rule it breaks


def test_skat_replay_opens_the_viewer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[SkatApp] = []
    monkeypatch.setattr(SkatApp, "run", lambda self, *a, **k: started.append(self))
    monkeypatch.setenv("SKAT_CONFIG_DIR", str(tmp_path / "config"))
    result = CliRunner().invoke(main, ["replay", str(GRAND), "--home", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (app,) = started
    assert app.storage is not None and app.storage.home == tmp_path


# -- playing on ------------------------------------------------------------------


def data_files(home: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(home.iterdir()) if p.is_file()}


def with_history_and_scores(home: Path) -> Storage:
    storage = Storage(home, sync=False)
    rec = record(GRAND)
    rec["meta"] = {"date": "2026-11-29T20:15:02Z", "match": "m1", "deal": 0}
    storage.append_history(rec)
    board = Leaderboard(storage.leaderboard_path)
    board.record_match(MatchSummary("m1", "2026-11-29T20:20:00Z", "seeded", "Eichel", 3, (
        PlayerLine("Ann", "human", 50, 20, 1, 1), PlayerLine("Bob", "easy", 0, 0, 0, 0),
        PlayerLine("Cid", "easy", -90, -192, 1, 0),
    )))
    board.close()
    return storage


async def test_play_from_here_goes_on_with_bots_and_counts_nowhere(tmp_path: Path) -> None:
    storage = with_history_and_scores(tmp_path)
    before = data_files(tmp_path)
    app = open_app(load_source("1", storage), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        screen = replay(app)
        screen.go(51)  # trick 9: Bob led ♥8, Cid to play ♠J (lost) or ♦Q (won)
        await pilot.press("p")
        await wait(pilot)
        assert isinstance(app.screen, SeatScreen)
        await pilot.press("3")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, PracticeTableScreen) and table.viewer == 2
        assert table.controller.match.current == screen.states[51]
        assert "Practice (not counted) · from step 51" in screen_text(app)
        await pilot.press("2")  # ♦Q (the hand reads ♠J ♦Q)
        await settle(pilot)
        await pilot.press("1")  # the last card, ♠J
        await settle(pilot)
        assert isinstance(app.screen, DealResultScreen)
        text = screen_text(app)
        assert "Practice · from step 51 · not counted" in text and "WON" in text
        assert "Card points: You 64" in text  # the player took Cid's seat
        await pilot.press("enter")
        await wait(pilot)
        assert app.screen is screen and screen.step == 51  # back in the replay
    assert data_files(tmp_path) == before  # no save, no history line, no score


async def test_replay_the_deal_from_the_start_and_leave_it(tmp_path: Path) -> None:
    storage = with_history_and_scores(tmp_path)
    before = data_files(tmp_path)
    app = open_app(load_source("1", storage), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        screen = replay(app)
        await pilot.press("end", "r")
        await wait(pilot)
        await pilot.press("1")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, PracticeTableScreen) and table.viewer == 0
        match = table.controller.match
        assert match.current is not None and match.current.deal == screen.states[0].deal
        assert match.seats == (0, 1, 2) and table.controller.is_human(0)
        await pilot.press("escape")  # leave: asked first
        await wait(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await wait(pilot)
        assert app.screen is screen and screen.step == 56
    assert data_files(tmp_path) == before


# -- analysis ------------------------------------------------------------------------


async def finish_analysis(pilot: Pilot[Any]) -> AnalysisScreen:
    screen = pilot.app.screen
    assert isinstance(screen, AnalysisScreen)
    for _ in range(100):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if screen.analysis is not None:
            return screen
    raise AssertionError("the analysis did not finish")


def summary(screen: AnalysisScreen) -> str:
    content = screen.query_one("#analysis-summary", Static).content
    assert isinstance(content, Text)
    return content.plain


async def test_analyse_from_the_replay_and_show_the_costly_card(tmp_path: Path) -> None:
    app = grand_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        await pilot.press("a")
        await wait(pilot)
        analysis = await finish_analysis(pilot)
        text = summary(analysis)
        assert ("Could Cid have won? Yes — Trick 9: Cid played J♠ — best was Q♦, which keeps "
                "64 points (won); J♠ gave 60 (lost)") in text
        assert "Best play by everyone from the first lead: 50 lost" in text
        assert "3 cards cost points (Ann 11, Bob 3, Cid 4 points)" in text
        assert analysis.analysis is not None and len(analysis.analysis.cards) == 30
        await pilot.press("m")  # only the cards that cost something
        table = analysis.query_one("#analysis-table")
        assert getattr(table, "row_count", None) == 3
        await pilot.press("down", "down", "enter")  # the third: Cid's ♠J
        await wait(pilot)
        screen = replay(app)
        assert screen.step == 51 and screen.state.to_move == 2


async def until(pilot: Pilot[Any], ready: Callable[[], bool], seconds: float = 60) -> None:
    """Let the app run until ``ready()``: on a loaded machine starting the
    solver's program can take seconds, so no fixed pause."""
    deadline = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < deadline, "timed out"
        await pilot.pause(0.05)


async def test_closing_the_analysis_stops_the_solver_at_once(tmp_path: Path) -> None:
    """A deal whose first lead takes the solver a long time: the screen
    answers keys while it searches (in a program of its own), and closing
    the analysis (or quitting) kills the search in the middle (the program
    ends by a kill, not by finishing). No fixed pauses: the waits end as
    soon as the screen is there, however loaded the machine."""
    app = open_app(load_source(str(DATA / "deal_slow.json"), Storage(tmp_path)), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen)
                    and app.screen._process is not None)
        analysis = app.screen
        assert isinstance(analysis, AnalysisScreen)
        process = analysis._process
        assert process is not None and process.poll() is None and analysis.analysis is None
        await until(pilot, lambda: "cards from the last one back" in screen_text(app)
                    or "solved," in screen_text(app))
        # the filter key is offered once the first rows are solved (before, it
        # is greyed out and a press does nothing): wait for that, not a time
        await until(pilot, lambda: bool(analysis.choices))
        await pilot.press("m", "m")  # keys work meanwhile
        assert not analysis.mistakes_only
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert analysis.analysis is None  # closed in the middle of the search
        await until(pilot, lambda: process.poll() is not None)
        assert process.returncode == -signal.SIGKILL  # killed, not finished
        await pilot.press("a")  # again, then quit in the middle
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen)
                    and app.screen._process is not None)
        again = app.screen
        assert isinstance(again, AnalysisScreen) and again._process is not None
        process = again._process
        assert process.poll() is None
    assert process.wait(timeout=60) == -signal.SIGKILL


async def test_without_a_second_program_the_worker_solves_itself(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr(subprocess, "Popen", refuse)
    app = open_app(load_source(str(NULL), Storage(tmp_path)), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        await pilot.press("a")
        analysis = await finish_analysis(pilot)
        assert analysis._process is None and analysis.analysis is not None
        assert [c.cost for c in analysis.analysis.cards if c.cost] == [1]
        assert "Could the defenders have won? Yes — Trick 3: Ann played 7♠" in summary(analysis)


async def test_analyse_after_a_deal_from_the_result_screen() -> None:
    app = make_app(seed="snap")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in ("b", "u", "1", "3", "d", "g", *["enter"] * 10):
            await pilot.press(key)
            await settle(pilot)
        assert isinstance(app.screen, DealResultScreen)
        assert "Analyse" in screen_text(app)
        await pilot.press("a")
        await wait(pilot)
        analysis = await finish_analysis(pilot)
        assert analysis.analysis is not None and analysis.analysis.complete
        text = summary(analysis)
        assert "Could the defenders have won?" in text or "Could You have won?" in text
        assert not analysis.can_jump
        await pilot.press("escape")
        await wait(pilot)
        assert isinstance(app.screen, DealResultScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ScoreSheetScreen)


async def test_a_passed_in_deal_offers_no_analysis(tmp_path: Path) -> None:
    path = iss_file(tmp_path)
    app = open_app(load_source(str(path), Storage(tmp_path), "p3"), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        assert not enabled(app, "a") and enabled(app, "r")
        await pilot.press("a")
        await wait(pilot)
        assert isinstance(app.screen, ReplayScreen)


def test_record_written_from_a_state_replays_the_same(tmp_path: Path) -> None:
    """The viewer's states come from the record's actions through the engine."""
    state = state_of(GRAND)
    rec = record_from_state(state, ("Ann", "Bob", "Cid"), game_id="again")
    path = tmp_path / "again.json"
    path.write_text(json.dumps(rec))
    (game,) = load_source(str(path), Storage(tmp_path)).games
    assert game.state == state and game.game_id == "again"


# -- snapshots ----------------------------------------------------------------------


def test_snapshot_replay_viewer(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await wait(pilot)
        replay(pilot.app).go(52)  # trick 9: Bob led ♥8, Cid trumped with ♠J
        await wait(pilot)

    assert snap_compare(grand_app(tmp_path), terminal_size=(80, 24), run_before=run_before)


def test_snapshot_analysis(snap_compare: Any, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await wait(pilot)
        await pilot.press("a")
        await wait(pilot)
        await finish_analysis(pilot)
        await wait(pilot)

    assert snap_compare(grand_app(tmp_path), terminal_size=(80, 24), run_before=run_before)


# -- seats and names -------------------------------------------------------------


def history_with(tmp_path: Path, players: tuple[str, str, str],
                 humans: list[str] | None) -> Storage:
    storage = Storage(tmp_path, sync=False)
    rec = record(GRAND)
    rec["players"] = list(players)
    rec["meta"] = {"date": "2026-11-29T20:15:02Z", "match": "m1", "deal": 0}
    if humans is not None:  # as the app writes them: name -> human or the bot level
        rec["meta"]["seats"] = {p: "human" if p in humans else "easy" for p in players}
    storage.append_history(rec)
    return storage


async def test_the_players_seat_is_at_the_bottom_as_at_the_table(tmp_path: Path) -> None:
    from skat_tui.widgets import TrickArea

    storage = history_with(tmp_path, ("Ann", "You", "Cid"), ["You"])
    app = open_app(load_source("1", storage), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        screen = replay(app)
        assert screen.game.human == 1
        trick = screen.query_one("#replay-trick", TrickArea).state
        assert (trick.left.name, trick.right.name, trick.bottom.name) == ("Cid", "Ann", "You")
        hands = [line.id for line in screen.query(".replay-hand")]
        assert hands == ["replay-hand-2", "replay-hand-0", "replay-hand-1"]
        rows = screen.query_one("#replay-hand-1").region.y
        assert rows > screen.query_one("#replay-hand-0").region.y


async def test_without_a_known_player_forehand_is_at_the_bottom(tmp_path: Path) -> None:
    from skat_tui.widgets import TrickArea

    storage = history_with(tmp_path, ("Ann", "Bob", "Cid"), None)
    app = open_app(load_source("1", storage), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        trick = replay(app).query_one("#replay-trick", TrickArea).state
        assert (trick.left.name, trick.right.name, trick.bottom.name) == ("Bob", "Cid", "Ann")


async def test_play_from_here_names_the_seats_anew(tmp_path: Path) -> None:
    storage = history_with(tmp_path, ("Ann", "You", "Cid"), ["You"])
    app = open_app(load_source("1", storage), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        replay(app).go(51)
        await pilot.press("p")
        await wait(pilot)
        await pilot.press("3")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, PracticeTableScreen) and table.viewer == 2
        # the player took Cid's seat: it says You; the seat left is a bot's
        assert table.controller.names() == ("Ann", "Lena", "You")
        text = "\n".join(strip.text for strip in table._compositor.render_strips())
        assert "Lena" in text and "Cid" not in text


async def test_the_action_list_shows_whole_names(tmp_path: Path) -> None:
    storage = history_with(tmp_path, ("Legolas", "Bob", "Cid"), None)
    app = open_app(load_source("1", storage), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        screen = replay(app)
        lines = screen._log_lines()
        assert any(line.split()[1:2] == ["Legolas"] for line in lines[1:]), lines
        assert not any("Legola " in line or "Legola…" in line for line in lines)
        screen.go(3)
        await wait(pilot)
        assert "Legolas" in screen_text(app)
