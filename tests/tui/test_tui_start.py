"""The start screen: what ``skat`` opens with.  Every entry is reached by
its letter, by the arrow keys and Enter, or by the mouse; New match is one
key away; Resume only works when an unfinished match is saved.  Also the
commands behind it: ``skat``, ``skat play --seed``, ``skat hotseat``,
``skat resume``, ``skat daily``."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from textual.widgets import OptionList

import skat_tui.app
import skat_tui.match_start
from skat_core.seeds import daily_seed, utc_today
from skat_tui.app import NothingToResume, SkatApp, run_app
from skat_tui.cli import main
from skat_tui.controller import PlayerSpec
from skat_tui.screens import ConfirmScreen, SettingsScreen, TableScreen
from skat_tui.screens.history import HistoryScreen
from skat_tui.screens.newmatch import BotMatchScreen, NewMatchScreen, parse_players
from skat_tui.screens.scores import ScoresScreen
from skat_tui.screens.start import StartScreen
from skat_tui.screens.stats import StatsScreen
from skat_tui.storage import Storage

from .helpers import screen_text, settle, start_app, table, wait

ENTRIES = ("New match", "Daily", "Hotseat", "Resume", "History", "Scores", "Statistics",
           "Settings", "Quit")


def menu(app: SkatApp) -> OptionList:
    assert isinstance(app.screen, StartScreen)
    return app.screen.query_one("#start-menu", OptionList)


async def test_the_start_screen_offers_everything_and_n_starts_a_match(tmp_path: Path) -> None:
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)
        text = screen_text(app)
        for entry in ENTRIES:
            assert entry in text
        options = menu(app)
        assert options.get_option("resume").disabled  # nothing saved
        assert options.highlighted == options.get_option_index("new_match")
        assert app.screen.check_action("choose", ("resume",)) is None
        await pilot.press("r")  # greyed out: nothing happens
        assert isinstance(app.screen, StartScreen)

        await pilot.press("n")  # the new-match dialog: rules and length as the settings say
        await wait(pilot)
        assert isinstance(app.screen, BotMatchScreen)
        await pilot.press("enter")  # Start has the focus: n, Enter and the table is up
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert "Deal 1 of 9" in screen_text(app)
        assert (tmp_path / "current.json").exists()  # saved from the first action on


async def test_arrow_keys_enter_and_the_mouse(tmp_path: Path) -> None:
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        await pilot.press("down", "down", "enter")  # New match → Daily → Hotseat
        await wait(pilot)
        assert isinstance(app.screen, NewMatchScreen)
        await pilot.press("escape")
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)
        # Resume is skipped: History, Scores, Statistics, Settings
        await pilot.press("down", "down", "down", "down", "enter")
        await wait(pilot)
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")
        await wait(pilot)
        # a click on the first entry opens the new-match dialog, one on Start starts
        assert await pilot.click("#start-menu", offset=(8, 0))
        await wait(pilot)
        assert isinstance(app.screen, BotMatchScreen)
        assert await pilot.click("#start")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)


async def test_settings_help_and_quit_from_the_start_screen(tmp_path: Path) -> None:
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        await pilot.press("o")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")
        await pilot.press("question_mark")
        assert "Rules in brief" in screen_text(app)
        await pilot.press("escape")
        await pilot.press("q")
        await wait(pilot)
        assert app.return_code == 0


async def test_start_screen_and_back_from_a_match(tmp_path: Path) -> None:
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        await pilot.press("n", "enter")
        await settle(pilot)
        app.action_menu()  # Ctrl+P → Start screen
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)
        options = menu(app)
        assert not options.get_option("resume").disabled
        assert options.highlighted == options.get_option_index("resume")
        assert "deal 1 of 9" in screen_text(app)


async def test_starting_anew_asks_before_giving_up_a_saved_match(tmp_path: Path) -> None:
    app = start_app(tmp_path, seed="give-up")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        await pilot.press("n", "enter")
        await settle(pilot)
        first = table(app).controller.match.config.seed
        app.action_menu()
        await wait(pilot)
        await pilot.press("n")
        await wait(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "Give up your unfinished match?" in screen_text(app)
        await pilot.press("n")  # keep it
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)
        assert Storage(tmp_path).load_current() is not None
        await pilot.press("n", "y", "enter")  # this time give it up
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        seed = table(app).controller.match.config.seed
        assert seed != first
        saved = Storage(tmp_path).load_current()
        assert saved is not None and saved.match.config.seed == seed


@pytest.mark.parametrize(("key", "screen_class"),
                         [("y", HistoryScreen), ("s", ScoresScreen), ("t", StatsScreen)],
                         ids=["history", "scores", "statistics"])
async def test_history_and_scores_entries(tmp_path: Path, key: str, screen_class: type) -> None:
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        await pilot.press(key)
        await wait(pilot)
        assert isinstance(app.screen, screen_class)
        assert app.screen.storage is app.storage  # the app's data, not the default place
        await pilot.press("escape")
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)


# -- the commands ------------------------------------------------------------------


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    """Record the calls of run_app instead of opening the app."""
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    monkeypatch.setattr(skat_tui.app, "run_app", lambda *a, **kw: calls.append((a, kw)))
    return calls


def test_the_commands_open_the_right_screens(runs: list[Any]) -> None:
    runner = CliRunner()
    assert runner.invoke(main, []).exit_code == 0
    assert runner.invoke(main, ["daily"]).exit_code == 0
    assert runner.invoke(main, ["resume"]).exit_code == 0
    result = runner.invoke(main, ["hotseat", "--players", " Anna, Ben ,Rolf:easy",
                                  "--deals", "6"])
    assert result.exit_code == 0, result.output
    assert runs[:3] == [((), {}), (("daily",), {}), (("resume",), {})]
    args, kw = runs[3]
    assert args == ("hotseat",) and kw["deals"] == 6
    assert kw["players"] == (PlayerSpec("Anna"), PlayerSpec("Ben"), PlayerSpec("Rolf", "easy"))


def test_play_normalises_the_seed(runs: list[Any]) -> None:
    runner = CliRunner()
    assert runner.invoke(main, ["play", "--seed", "  Eichel  "]).exit_code == 0
    assert runner.invoke(main, ["play", "--seed", "daily"]).exit_code == 0
    assert runs[0] == (("match",), {"seed": "Eichel", "deals": None, "level": None,
                                    "scoring": None})
    assert runs[1][1]["seed"] == daily_seed(utc_today())
    result = runner.invoke(main, ["play", "--seed", "daily:2026-13-01"])
    assert result.exit_code == 2 and "daily:YYYY-MM-DD" in result.output


@pytest.mark.parametrize(
    ("players", "says"),
    [
        ("Anna,Ben", "3 players"),
        ("Anna,anna,Cem", "every name must differ"),
        ("Anna,,Cem", "needs a name"),
        ("Anna,Ben,Rolf:expert", "not a bot level"),
        ("Anna,Ben,Averyveryverylongname", "too long"),
    ],
)
def test_hotseat_refuses_bad_tables(players: str, says: str, runs: list[Any]) -> None:
    result = CliRunner().invoke(main, ["hotseat", "--players", players])
    assert result.exit_code == 2
    assert says in result.output and "Traceback" not in result.output
    assert runs == []
    with pytest.raises(ValueError, match=says):
        parse_players(players)


def test_resume_with_nothing_saved_says_so(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKAT_HOME", str(tmp_path))
    result = CliRunner().invoke(main, ["resume"])
    assert result.exit_code == 1
    assert "no unfinished match to resume" in result.output
    assert "Traceback" not in result.output
    with pytest.raises(NothingToResume):
        run_app("resume")


def test_run_app_routes_seeds_and_modes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKAT_HOME", str(tmp_path))
    started: list[SkatApp] = []
    monkeypatch.setattr(SkatApp, "run", lambda self, *a, **k: started.append(self))
    run_app()
    run_app("match", seed="daily:2026-01-02", deals=6)
    run_app("match", seed=" Oak ")
    run_app("hotseat", players=parse_players("Anna,Ben,Cem"), deals=3)
    menu_app, daily_app, seeded_app, hotseat_app = started
    assert menu_app.start_mode == "menu" and menu_app.storage is not None
    assert menu_app.storage.home == tmp_path
    assert daily_app.start_mode == "daily" and daily_app.daily_day == date(2026, 1, 2)
    assert daily_app.notice is not None and "do not apply" in daily_app.notice
    assert seeded_app.start_mode == "match" and seeded_app.seed == "Oak"
    assert hotseat_app.start_players is not None and hotseat_app.settings.deals == 3
    assert json.loads(json.dumps(hotseat_app.settings.to_json()))["deals"] == 3


def test_snapshot_start_screen(snap_compare: Any, tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(skat_tui.match_start, "utc_today", lambda now=None: date(2026, 11, 29))
    assert snap_compare(start_app(tmp_path), terminal_size=(80, 24))


async def test_a_long_daily_line_stays_in_its_column_at_80_by_24(tmp_path: Path) -> None:
    from dataclasses import replace

    from skat_tui.screens.start import LABEL_WIDTH

    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        screen = app.screen
        assert isinstance(screen, StartScreen)
        info = app.start_info()
        # what the line says once a scored daily is saved
        daily = f"the same deals for all, {utc_today()} UTC · your scored attempt is saved"
        screen.show_info(replace(info, notes={**info.notes, "daily": daily}))
        await wait(pilot)
        strips = screen._compositor.render_strips()
        rows = [strip.text for strip in strips]
        first = next(y for y, row in enumerate(rows) if "Daily" in row)
        hotseat = next(y for y, row in enumerate(rows) if "Hotseat" in row)
        assert hotseat > first + 1  # the line goes on below ...
        column = rows[first].index(" d ") + LABEL_WIDTH
        for y in range(first + 1, hotseat):  # ... in the notes' column
            assert not rows[y][:column].strip(" │"), rows[y]
        shown = " ".join(rows[y][column:].strip(" │") for y in range(first, hotseat))
        assert " ".join(shown.split()) == daily
        box = screen.query_one("#start-box").region
        assert box.right <= 80 and box.bottom <= 24
