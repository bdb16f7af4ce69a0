"""Every screen with hostile names: markup, terminal escapes, bidi and
zero-width characters are shown literally (or as visible placeholders), and
nothing crashes, quits or reaches the terminal raw (issue 11)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from skat_core.cards import CARDS
from skat_core.match import Match
from skat_core.savegame import dumps_match
from skat_tui.app import SkatApp
from skat_tui.controller import PlayerSpec
from skat_tui.headless import _play
from skat_tui.safe_text import visible
from skat_tui.screens import ConfirmScreen, DealResultScreen, ScoreSheetScreen
from skat_tui.screens.analysis import AnalysisScreen
from skat_tui.screens.dialogs import LastTrickScreen
from skat_tui.screens.history import HistoryScreen, entry_game
from skat_tui.screens.hotseat import PrivacyScreen
from skat_tui.screens.newmatch import NewMatchScreen
from skat_tui.screens.replay import GamePickScreen, ReplayGame, ReplayScreen
from skat_tui.screens.scores import ScoresScreen
from skat_tui.screens.settings_screen import SettingsScreen
from skat_tui.screens.start import StartInfo, StartScreen
from skat_tui.settings import Settings
from skat_tui.storage import MatchKeeper, Storage

from .helpers import Bare, screen_text, settle, start_app, wait

HOSTILE = (
    "[/]", "[/bold]", "[link=file:///etc/passwd]x[/link]", "[@click=app.quit]x[/]",
    "[b]bold[/b]", "\x1b[2J", "\x1b]52;c;aGk=\x07", "\u202eevil", "a\u200bb", "\u2066x",
)
TRIPLES = [HOSTILE[0:3], HOSTILE[3:6], HOSTILE[6:9], (HOSTILE[9], "[/]", "\x1b[2J")]
RAW = ("\x1b", "\x07", "\u202e", "\u200b", "\u2066")


def shows(app: Any, names: tuple[str, ...], cut: int = 60) -> str:
    """The screen text; each name (as shown) is on it, nothing raw is."""
    text = screen_text(app)
    for name in names:
        if visible(name)[:cut] not in text:
            Path("/tmp/text-probe/fail.txt").write_text(text)
        assert visible(name)[:cut] in text, (name, type(app.screen).__name__)
    for raw in RAW:
        assert raw not in text
    assert app.is_running and app.return_code is None  # no crash, no [@click=app.quit]
    return text


def save(home: Path, match: Match, seats: dict[str, str]) -> None:
    """A saved match to resume (as an older skat, or a hand, left it)."""
    home.mkdir(parents=True, exist_ok=True)
    (home / "current.json").write_text(dumps_match(match, seats), encoding="utf-8")


def finished_match(home: Path, names: tuple[str, str, str]) -> None:
    """A match of three bot deals with these names: in the history and on
    the leaderboard, as a record from someone else would put them."""
    match = Match.start(names, deals=3, seed="hostile")
    keeper = MatchKeeper.start(Storage(home, sync=False), match,
                               {n: "random" for n in names})
    _play(keeper, None, 0.0, None, lambda text: None)
    keeper.close()


@pytest.mark.parametrize("names", TRIPLES, ids=["a", "b", "c", "d"])
async def test_every_screen_shows_hostile_names_literally(tmp_path: Path,
                                                          names: tuple[str, str, str]) -> None:
    finished_match(tmp_path, names)
    storage = Storage(tmp_path, sync=False)
    entries = storage.history().entries
    assert entries
    game = entry_game(entries[-1], storage)
    state = game.state
    pick = [ReplayGame(state, names, "\x1b[2J[b]file[/b]", "[/]"), game]
    one, all_ = names[:1], names
    screens = [  # (the screen, the names it must show)
        (lambda: StartScreen(StartInfo({}, resume=f"Hotseat {names[0]} · deal 1")), one),
        (lambda: HistoryScreen(storage), all_),
        (lambda: ReplayScreen(game), all_),
        (lambda: GamePickScreen(pick, [f"line 3: {names[1]}"], names[2]), all_),
        (lambda: ScoresScreen(storage), one),
        (lambda: AnalysisScreen(state, names, title=names[0]), one),
        (lambda: ConfirmScreen(f"Give up {names[0]}, {names[1]}, {names[2]}?"), all_),
        (lambda: LastTrickScreen([(n, c) for n, c in zip(names, CARDS[:3], strict=True)],
                                 names[1], 10, 1, Settings().deck), all_),
        (lambda: NewMatchScreen([PlayerSpec(n) for n in names]), ()),  # in the inputs
        (lambda: SettingsScreen(Settings(player_name=names[0])), ()),
    ]
    for make, expected in screens:
        app = Bare(make)
        async with app.run_test(size=(200, 50)) as pilot:
            await wait(pilot, 5)
            shows(app, expected, cut=12)
    # the table, the result and the score sheet: a saved match resumed
    home = tmp_path / "table"
    Storage(home, sync=False)
    match = Match.start(names, deals=3, seed="hostile-table")
    save(home, match, {names[0]: "human", names[1]: "random", names[2]: "random"})
    app2 = start_app(home, "resume")
    async with app2.run_test(size=(200, 50), notifications=True) as pilot:
        await settle(pilot)
        shows(app2, names, cut=12)
        app2.notify(f"{names[0]} \x1b[2J")
        await wait(pilot)
        assert all("\x1b" not in n.message for n in app2._notifications)
        result_screens = [
            DealResultScreen(outcome, names, 3, Settings().deck, match.config.scoring)
            for outcome in Match_outcomes(app2)
        ]
        for screen in result_screens[:1]:
            await app2.push_screen(screen)
            await wait(pilot)
            shows(app2, names, cut=12)
        await app2.push_screen(ScoreSheetScreen(app2.table.controller.match, names,
                                                Settings().deck, browsing=True))
        await wait(pilot)
        shows(app2, names, cut=12)


def Match_outcomes(app: SkatApp) -> list[Any]:
    table = app.table
    assert table is not None
    return list(table.controller.match.outcomes)


async def test_the_privacy_screen_says_pass_to_the_name_literally(tmp_path: Path) -> None:
    names = ("\x1b]52;c;aGk=\x07", "[@click=app.quit]x[/]", "\u202eevil")
    match = Match.start(names, deals=3, seed="privacy")
    save(tmp_path, match, {names[0]: "human", names[1]: "human", names[2]: "random"})
    app = start_app(tmp_path, "resume")
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        await wait(pilot)
        assert isinstance(app.screen, PrivacyScreen)
        text = shows(app, ())
        assert any(f"Pass to {visible(n)}" in text for n in names[:2]), text
        await pilot.click("#privacy-title")
        await pilot.press("enter")
        await settle(pilot)
        shows(app, names, cut=12)
