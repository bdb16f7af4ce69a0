"""The Skat app: a match against two bots at a terminal table.

:func:`run_app` is what the ``skat`` command runs.  The app keeps the
settings, starts matches (a :class:`~skat_tui.controller.MatchController`
shown by a :class:`~skat_tui.screens.TableScreen`) and owns the keys that
work everywhere: help, settings, quit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.screen import Screen

from skat_core.bots import make_bot
from skat_core.match import Match, Scoring

from .controller import BotFactory, MatchController, PlayerSpec
from .screens import (
    ConfirmScreen,
    HelpScreen,
    QuitScreen,
    SettingsScreen,
    TableScreen,
    TooSmallScreen,
)
from .screens.dialogs import MIN_HEIGHT, MIN_WIDTH
from .settings import BOT_NAMES, Settings, default_path, load_settings, save_settings


class SkatApp(App[None]):
    """Skat against two bots.  ``viewer`` is the human's place at the table
    (player 0 deals first); ``settings_path`` None keeps settings in memory."""

    CSS_PATH = "styles/app.tcss"
    TITLE = "Skat"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("q", "quit", "Quit"),
        Binding("f2", "settings", "Settings", show=False),
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
    ) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self._stored = stored or self.settings
        """The settings as saved (command-line options are not saved)."""
        self.settings_path = settings_path
        self.seed = seed
        self.viewer = viewer
        self.bot_factory = bot_factory
        self.hint_level = hint_level
        self.notice = notice
        self._matches = 0

    # -- matches --------------------------------------------------------------

    def _next_seed(self) -> str | None:
        self._matches += 1
        if self.seed is None:
            return None
        return self.seed if self._matches == 1 else f"{self.seed}/{self._matches}"

    def new_controller(self) -> MatchController:
        """A match as the settings say: the human at ``viewer``, the two bots
        on the left and right."""
        s = self.settings
        v = self.viewer
        specs: list[PlayerSpec] = [PlayerSpec("")] * 3
        specs[v] = PlayerSpec(s.player_name)
        specs[(v + 1) % 3] = PlayerSpec(BOT_NAMES[0], s.bot_levels[0])
        specs[(v + 2) % 3] = PlayerSpec(BOT_NAMES[1], s.bot_levels[1])
        match = Match.start(
            tuple(p.name for p in specs), deals=s.deals, scoring=Scoring(s.scoring),
            seed=self._next_seed(),
        )
        return MatchController(
            match, specs, bot_delay=s.bot_delay, trick_pause=s.trick_pause,
            bot_factory=self.bot_factory, hint_level=self.hint_level,
        )

    @property
    def table(self) -> TableScreen | None:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    def deal_in_progress(self) -> bool:
        table = self.table
        if table is None:
            return False
        current = table.controller.match.current
        return current is not None and not current.is_over

    def show_match(self, controller: MatchController, viewer: int | None = None) -> None:
        """Put a match on the table (a new one, or one resumed or replayed from
        elsewhere), dropping whatever screens were open."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(TableScreen(controller, self.viewer if viewer is None else viewer))

    def start_new_match(self) -> None:
        self.show_match(self.new_controller())

    # -- app ------------------------------------------------------------------

    async def on_mount(self) -> None:
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        await self.push_screen(TableScreen(self.new_controller(), self.viewer))
        self._check_size(self.size)
        if self.notice:
            self.notify(self.notice, title="Settings", severity="warning", timeout=10, markup=False)

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

    def _save(self) -> None:
        if self.settings_path is not None:
            try:
                save_settings(self._stored, self.settings_path)
            except OSError as exc:
                self.notify(f"Could not save the settings: {exc}", severity="error")

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New match", "Start a new match", self.action_new_match)
        yield SystemCommand(
            "Settings", "Cards, bots, speed, scoring, deals, name", self.action_settings
        )
        yield SystemCommand("Help", "Keys and the rules in brief", self.action_help)
        table = self.table
        if table is not None:
            yield SystemCommand("Score sheet", "The scores so far", table.show_score_sheet)

    # -- actions ----------------------------------------------------------------

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen | TooSmallScreen):
            self.push_screen(HelpScreen())

    async def action_quit(self) -> None:
        if isinstance(self.screen, QuitScreen):
            return
        if self.deal_in_progress():
            def answer(yes: bool | None) -> None:
                if yes:
                    self.exit()

            self.push_screen(
                QuitScreen(
                    "Quit in the middle of a deal? The deal is lost.", "Quit", "Keep playing"
                ),
                callback=answer,
            )
        else:
            self.exit()

    def action_new_match(self) -> None:
        if self.deal_in_progress():
            def answer(yes: bool | None) -> None:
                if yes:
                    self.start_new_match()

            self.push_screen(
                ConfirmScreen(
                    "Start a new match? This one is dropped.", "New match", "Keep playing"
                ),
                callback=answer,
            )
        else:
            self.start_new_match()

    def action_settings(self) -> None:
        if isinstance(self.screen, SettingsScreen | TooSmallScreen):
            return
        self.push_screen(SettingsScreen(self.settings), callback=self._apply_settings)

    def _apply_settings(self, new: Settings | None) -> None:
        if new is None or new == self.settings:
            return
        old = self.settings
        self.settings = new
        self._stored = replace(new, theme=self._stored.theme)
        self._save()
        table = self.table
        if table is not None:
            table.controller.bot_delay = new.bot_delay
            table.controller.trick_pause = new.trick_pause
            table.refresh_table()
        later = (
            old.bot_levels != new.bot_levels or old.scoring != new.scoring
            or old.deals != new.deals or old.player_name != new.player_name
        )
        if later:
            self.notify(
                "Bots, scoring, deals and name apply from the next match "
                "(Ctrl+P → New match).",
                title="Settings saved",
            )


def run_app(
    *,
    seed: str | None = None,
    deals: int | None = None,
    level: str | None = None,
    scoring: str | None = None,
) -> None:
    """Open the app: a match as the saved settings say, with any command-line
    options (seed, deals, bot level, scoring) on top for this run."""
    path = default_path()
    stored, notice = load_settings(path)
    settings = stored
    if deals is not None:
        settings = replace(settings, deals=deals)
    if level is not None:
        settings = replace(settings, bot_levels=(level, level))
    if scoring is not None:
        settings = replace(settings, scoring=scoring)
    SkatApp(settings, settings_path=path, seed=seed, notice=notice, stored=stored).run()
