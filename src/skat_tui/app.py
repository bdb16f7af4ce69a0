"""The Skat app: the start screen, matches against bots, hotseat and the daily.

:func:`run_app` is what the ``skat`` command runs.  The app keeps the
settings, starts matches (a :class:`~skat_tui.controller.MatchController`
shown by a :class:`~skat_tui.screens.TableScreen`, or a
:class:`~skat_tui.screens.hotseat.HotseatTableScreen` when several people
share the keyboard) and owns the keys that work everywhere: help, settings,
quit.

With a :class:`~skat_tui.storage.Storage` every match it starts is kept by a
:class:`~skat_tui.storage.MatchKeeper`: saved after every action, finished
deals added to the history, the finished match to the leaderboard.  A saved
match is offered on the start screen and by ``skat resume``; a damaged save
is reported with its path and moved aside, never a traceback.

While another skat process plays the saved match (it holds the storage's
claim, :class:`~skat_tui.storage.MatchInUse`) its save is never touched: the
start screen says so, Resume explains where the match is, and New match,
Daily and Hotseat offer a match that is not saved.

The app is built in layers, one concept each: :mod:`skat_tui.match_start`
(building, keeping and resuming matches), :mod:`skat_tui.navigation` (the
ways from screen to screen) and this module (the settings, the size check,
screenshots, and :func:`run_app`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import ClassVar

from textual import events
from textual._path import CSSPathType
from textual.binding import Binding, BindingType
from textual.geometry import Size

from skat_core.bots import make_bot
from skat_core.seeds import SeedKind, parse_seed

from .controller import BotFactory, PlayerSpec
from .crash import run_reporting
from .i18n import N_, _, choose_language, set_language
from .match_start import DAILY_LEVEL, ELSEWHERE, NOT_SAVED, describe_saved
from .navigation import NavigationApp
from .screens import TooSmallScreen
from .screens.dialogs import MIN_HEIGHT, MIN_WIDTH
from .screens.newmatch import MatchSetup
from .screens.start import StartScreen
from .screenshots import screenshot_dir
from .settings import Settings, default_path, load_settings
from .storage import MatchKeeper, Storage

START_MODES = ("match", "menu", "resume", "daily", "hotseat")
"""What the app opens with: a match against bots at once (``skat play``), the
start screen (``skat``), or the start screen and then resume, the daily or a
hotseat match (``skat resume|daily|hotseat``)."""


class NothingToResume(Exception):
    """``skat resume`` with no saved match; the message is for the player."""


class SkatApp(NavigationApp):
    """Skat at the terminal.  ``viewer`` is the human's place in a match
    against bots (player 0 deals first); ``settings_path`` None keeps
    settings in memory; ``storage`` None keeps nothing on disk; ``start`` is
    one of :data:`START_MODES`."""

    CSS_PATH: ClassVar[CSSPathType] = ["styles/app.tcss", "styles/menus.tcss"]
    TITLE = "Skat"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "help", N_("Help"), key_display="?"),
        Binding("q", "quit", N_("Quit")),
        Binding("f2", "settings", N_("Settings"), show=False),
    ]

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        settings_path: Path | None = None,
        seed: str | None = None,
        viewer: int = 0,
        bot_factory: BotFactory = make_bot,
        hint_level: str = "strong",
        notice: str | None = None,
        stored: Settings | None = None,
        storage: Storage | None = None,
        start: str = "match",
        players: Sequence[PlayerSpec] | None = None,
        daily: date | None = None,
    ) -> None:
        super().__init__()
        if start not in START_MODES:
            raise ValueError(f"start must be one of {', '.join(START_MODES)}, not {start!r}")
        self.settings = settings or Settings()
        self._stored = stored or self.settings
        """The settings as saved (command-line options are not saved)."""
        self.settings_path = settings_path
        self.seed = seed
        self.viewer = viewer
        self.bot_factory = bot_factory
        self.hint_level = hint_level
        self.notice = notice
        self.storage = storage
        self.crash_home = storage.home if storage is not None else None
        self.start_mode = start
        self.start_players = tuple(players) if players else None
        self.daily_day = daily
        self.keeper: MatchKeeper | None = None
        """The keeper of the match on the table (None: not saved)."""
        self._hotseat: MatchSetup | None = None
        """The players of the hotseat match on the table ('new match' repeats them)."""
        self._matches = 0
        self._table_mount = None
        self._unsaved = False
        """The player chose to play the next match without saving it (another
        skat plays the saved one)."""

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None,
        time_format: str | None = None,
    ) -> str | None:
        """Save an SVG of the screen where it can be saved (Textual's default,
        ``~/Downloads``, fails where that folder is missing) and say where."""
        folder = Path(path) if path else screenshot_dir(
            self.storage.home if self.storage is not None else None)
        try:
            saved = self.save_screenshot(filename, str(folder), time_format)
        except OSError as e:
            self.notify(_("The screenshot could not be saved: {error}").format(error=e),
                        severity="error", markup=False)
            return None
        self.notify(_("Screenshot saved to {path}").format(path=saved), markup=False,
                    timeout=8)
        return saved

    # -- app ------------------------------------------------------------------

    async def on_mount(self) -> None:
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        mode = self.start_mode
        if mode == "match":
            saved = self.saved_match()
            if saved is None:
                self.start_new_match()
                if self._table_mount is not None:
                    await self._table_mount  # the table is up when the app is
            else:
                await self.push_screen(StartScreen(self.start_info(saved)))
                self._start_fresh(self.start_new_match)
        else:
            await self.push_screen(StartScreen(self.start_info(self.saved_match())))
            if mode == "resume":
                self.resume_saved()
            elif mode == "daily":
                self.action_daily(self.daily_day)
            elif mode == "hotseat":
                self.action_hotseat()
        self._check_size(self.size)
        if self.notice:
            self.notify(self.notice, title=_("Settings"), severity="warning", timeout=10,
                        markup=False)

    def on_unmount(self) -> None:
        """The app is gone: the match stays saved and another skat may resume it."""
        if self.keeper is not None:
            self.keeper.close()

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size)

    def _check_size(self, size: Size) -> None:
        small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        shown = isinstance(self.screen, TooSmallScreen)
        if small and not shown:
            self.push_screen(TooSmallScreen())
        elif not small and shown:
            self.pop_screen()

    def watch_theme(self, theme: str) -> None:
        if theme != self._stored.theme:
            self._stored = replace(self._stored, theme=theme)
            self.settings = replace(self.settings, theme=theme)
            self._save()


def run_app(
    start: str = "menu",
    *,
    seed: str | None = None,
    deals: int | None = None,
    level: str | None = None,
    scoring: str | None = None,
    players: Sequence[PlayerSpec] | None = None,
    rules: str | None = None,
) -> None:
    """Open the app: the start screen, or (``start``) a match at once, the
    saved match, the daily or a hotseat match; command-line options (seed,
    deals, bot level, scoring) go on top of the saved settings for this run.
    Raises :class:`NothingToResume` for ``start="resume"`` with nothing saved,
    and :class:`~skat_tui.storage.MatchInUse` for any ``start`` but the
    start screen while another skat plays the saved match.
    """
    path = default_path()
    stored, notice = load_settings(path)
    set_language(choose_language(stored.language))
    settings = stored
    if deals is not None:
        settings = replace(settings, deals=deals)
    if level is not None:
        settings = replace(settings, bot_levels=(level, level))
    if scoring is not None:
        settings = replace(settings, scoring=scoring)
    if rules is not None:
        settings = replace(settings, rules=rules, rule_switches={})
    storage = Storage()
    day: date | None = None
    if seed is not None:
        spec = parse_seed(seed)
        seed = spec.seed
        if spec.kind == SeedKind.DAILY and start == "match":
            start, day, seed = "daily", spec.day, None
            if deals is not None or level is not None or scoring is not None or rules:
                ignored = _("A daily is always 9 deals against two normal bots, "
                            "Seeger-Fabian, tournament rules: --deals, --level, --scoring and "
                            "--rules do not apply to it.")
                notice = f"{notice}\n{ignored}" if notice else ignored
    busy = storage.match_in_use() if start != "menu" else None
    if busy is not None:
        raise busy
    if start == "resume" and not storage.current_path.exists():
        raise NothingToResume(
            _("There is no unfinished match to resume (nothing saved in {path}). Start one with "
              "`skat`.").format(path=storage.home)
        )
    app = SkatApp(
        settings, settings_path=path, seed=seed, notice=notice, stored=stored, storage=storage,
        start=start, players=players, daily=day,
    )
    run_reporting(app)


__all__ = ["DAILY_LEVEL", "ELSEWHERE", "NOT_SAVED", "START_MODES", "NothingToResume", "SkatApp",
           "describe_saved", "run_app"]
