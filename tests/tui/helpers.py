"""Helpers for driving the app as a player would: keys, clicks, and reading
the screen as text."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.screen import Screen

from skat_core.bots import Bot, RandomBot
from skat_core.game import Action, Pass, Phase
from skat_core.views import SeatView
from skat_tui.app import SkatApp
from skat_tui.cli_replay import Loaded, replay_app
from skat_tui.deck import DeckStyle
from skat_tui.screens import TableScreen
from skat_tui.screens.start import StartScreen
from skat_tui.settings import Settings
from skat_tui.storage import Storage


class PassingBot(RandomBot):
    """A random player that never bids, so the human gets to play the game."""

    def choose(self, view: SeatView) -> Action:
        if view.phase == Phase.BIDDING and Pass() in view.legal:
            return Pass()
        return super().choose(view)


def passing_bots(level: str, seed: int | str = 0) -> Bot:
    return PassingBot(seed)


def random_bots(level: str, seed: int | str = 0) -> Bot:
    """The fastest bots there are, whatever level is asked for."""
    return RandomBot(seed)


def quick_settings(**overrides: Any) -> Settings:
    """Settings kept in memory: no delays, random bots, the player named You
    and the four-colour deck, then ``overrides``."""
    options: dict[str, Any] = {
        "speed": "instant",
        "bot_levels": ("random", "random"),
        "player_name": "You",
        "deck": DeckStyle.FOUR_COLOUR,
    }
    options.update(overrides)
    return Settings(**options)


def make_app(
    seed: str = "tui",
    factory: Any = passing_bots,
    viewer: int = 0,
    **settings: Any,
) -> SkatApp:
    """An app with fixed names and seed, no delays, fast bots and settings
    kept in memory."""
    return SkatApp(
        quick_settings(**settings), seed=seed, bot_factory=factory, viewer=viewer,
        hint_level="random",
    )


def start_app(home: Path, start: str = "menu", factory: Any = random_bots,
              seed: str | None = None, **options: Any) -> SkatApp:
    """The app as ``skat`` opens it, with its data in ``home``: no delays,
    the fastest bots, settings in memory."""
    extra = {k: options.pop(k) for k in ("players", "daily") if k in options}
    return SkatApp(
        quick_settings(**options), seed=seed, bot_factory=factory, hint_level="random",
        storage=Storage(home, sync=False), start=start, **extra,
    )


def replay_for(loaded: Loaded, storage: Storage) -> SkatApp:
    """The app as ``skat replay`` opens ``loaded``: no delays, the fastest
    bots, settings in memory, its data in ``storage``."""
    app = replay_app(loaded, settings=quick_settings(), bot_factory=random_bots,
                     hint_level="random", storage=storage)
    assert isinstance(app, SkatApp)
    return app


async def wait(pilot: Pilot[Any], rounds: int = 3) -> None:
    """A few rounds of the event loop (screens switch, lists fill)."""
    for _ in range(rounds):
        await pilot.pause()


ScreenT = TypeVar("ScreenT", bound=Screen[Any])


async def open_from_start(
    pilot: Pilot[Any], key: str, kind: type[ScreenT],
    then: Callable[[Pilot[Any]], Awaitable[None]] = wait,
) -> ScreenT:
    """From the start screen, the entry ``key`` (``y`` history, ``s``
    scores ...): the screen it opens once ``then`` has let it fill."""
    await wait(pilot)
    assert isinstance(pilot.app.screen, StartScreen)
    await pilot.press(key)
    await then(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, kind)
    return screen


class Bare(App[None]):
    """Only one screen, as another part of the app would push it."""

    CSS_PATH = "../../src/skat_tui/styles/app.tcss"

    def __init__(self, screen: Callable[[], Screen[Any]]) -> None:
        super().__init__()
        self._screen = screen

    def compose(self) -> ComposeResult:
        return iter(())

    def on_mount(self) -> None:
        self.push_screen(self._screen())


async def settle(pilot: Pilot[Any]) -> None:
    """Let the bots finish their moves and the screen catch up: return when a
    human has to act (or a dialog waits)."""
    app = pilot.app
    for _ in range(200):
        await pilot.pause()
        await app.workers.wait_for_complete()
        screen = app.table if isinstance(app, SkatApp) else None
        if screen is None:
            break
        c = screen.controller
        busy = (c.thinking is not None and not c.paused) or (
            c.match.deal_finished and app.screen is screen
        )
        if not busy:
            return


def table(app: SkatApp) -> TableScreen:
    screen = app.table
    assert screen is not None
    return screen


def view(app: SkatApp) -> SeatView:
    v = table(app).controller.view(app.viewer)
    assert v is not None
    return v


def log(app: SkatApp) -> list[str]:
    """The table's log as plain lines, oldest first."""
    return [line.plain for line in table(app).log_lines()]


def screen_text(app: SkatApp) -> str:
    """Every line of every screen on the stack, as plain text."""
    lines: list[str] = []
    for screen in app.screen_stack:
        lines.extend(strip.text for strip in screen._compositor.render_strips())
    return "\n".join(lines)
