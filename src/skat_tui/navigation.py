"""Navigation: the keys and commands that lead from screen to screen.

:class:`NavigationApp` is the layer of :class:`~skat_tui.app.SkatApp` that
answers the start screen's entries and the command palette (new match,
hotseat, daily, resume, history, scores, statistics, the start screen, help,
quit) and the messages screens post to ask for a new match or the start
screen (:mod:`skat_tui.messages`).  What it starts, it asks
:class:`~skat_tui.match_start.MatchStartApp` to start.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from dataclasses import replace
from datetime import date

from textual.app import SystemCommand
from textual.command import CommandPalette
from textual.screen import Screen
from textual.theme import ThemeProvider

from skat_core.seeds import DAILY_DEALS, utc_today

from .controller import PlayerSpec
from .i18n import (
    DEFAULT_NAME,
    N_,
    _,
    choose_language,
    format_day,
    set_command_line_language,
    set_language,
)
from .match_start import DAILY_LEVEL, MatchStartApp
from .messages import NewMatchRequested, StartScreenRequested
from .screens import ConfirmScreen, HelpScreen, QuitScreen, SettingsScreen, TooSmallScreen
from .screens.newmatch import (
    BotMatchScreen,
    BotMatchSetup,
    MatchSetup,
    NewMatchScreen,
    check_players,
)
from .screens.start import StartScreen
from .settings import BOT_NAMES, LEVEL_LABELS, Settings, rule_choice, rule_options

TEXTUAL_WORDS = (
    N_("Theme"), N_("Change the current theme"), N_("Quit the application as soon as possible"),
    N_("Keys"), N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"), N_("Minimize the widget and restore to normal size"), N_("Maximize"),
    N_("Maximize the focused widget"), N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"), N_("Bell"), N_("Ring the bell"),
    N_("palette"),
)
"""Textual's own words in the command palette and the key bar (its system
commands, the palette's key), marked for our catalogue and translated where
shown (``get_system_commands``, ``footer.Footer``)."""


class NavigationApp(MatchStartApp):
    """The app's ways from screen to screen."""

    start_players: tuple[PlayerSpec, ...] | None

    def on_new_match_requested(self, _: NewMatchRequested) -> None:
        self.start_next_match()

    def on_start_screen_requested(self, _: StartScreenRequested) -> None:
        self.action_menu()

    def _hotseat_defaults(self) -> list[PlayerSpec]:
        if self.start_players:
            return list(self.start_players)
        kept = self.settings.extra.get("hotseat")
        if isinstance(kept, list):
            try:
                return list(check_players([
                    PlayerSpec(str(name), level if isinstance(level, str) else None)
                    for name, level in kept
                ]))
            except (ValueError, TypeError):
                pass
        player = _("Player {number}")
        first = (self.settings.player_name if self.settings.player_name != DEFAULT_NAME
                 else player.format(number=1))
        return [PlayerSpec(first), PlayerSpec(player.format(number=2)),
                PlayerSpec(player.format(number=3))]

    def action_command_palette(self) -> None:
        """Textual's palette, its search field's hint in the player's language."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(id="--command-palette",
                                            placeholder=_("Search for commands…")))

    def search_themes(self) -> None:
        """Textual's theme picker (the palette's Theme), its hint translated."""
        self.push_screen(CommandPalette(providers=[ThemeProvider],
                                        placeholder=_("Search for themes…")))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):  # Textual's own, translated
            yield command._replace(title=_(command.title), help=_(command.help))
        yield SystemCommand(_("New match"), _("Start a new match against two bots"),
                            self.action_new_match)
        yield SystemCommand(_("Hotseat match"), _("Several people at one keyboard"),
                            self.action_hotseat)
        yield SystemCommand(_("Daily"), _("Today's deals, the same for everyone"),
                            self.action_daily)
        yield SystemCommand(_("Start screen"), _("Back to the menu (the match stays saved)"),
                            self.action_menu)
        yield SystemCommand(
            _("Settings"), _("Language, cards, bots, speed, scoring, deals, name"),
            self.action_settings,
        )
        yield SystemCommand(_("Help"), _("Keys and the rules in brief"), self.action_help)
        table = self.table
        if table is not None:
            yield SystemCommand(_("Score sheet"), _("The scores so far"),
                                table.show_score_sheet)

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

            if self._saving():
                question = _("Quit now?\nThe match is saved: start skat again to resume it.")
            else:
                question = _("Quit in the middle of a deal? The deal is lost.")
            self.push_screen(QuitScreen(question, N_("Quit"), N_("Keep playing")),
                             callback=answer)
        else:
            self.exit()

    def action_new_match(self) -> None:
        self._start_fresh(self._ask_new_match)

    def _ask_new_match(self) -> None:
        """The new-match dialog: rules and length, as the settings say until
        changed there (kept in the settings); Enter starts."""
        def answer(setup: BotMatchSetup | None) -> None:
            if setup is None:
                self._unsaved = False
                return
            self._remember_rules(setup.rules, setup.deals)
            self._new_bot_match()

        s = self.settings
        self.push_screen(BotMatchScreen(rule_choice(s), rule_options(s), s.deals, s.bot_levels),
                         callback=answer)

    def _new_bot_match(self) -> None:
        self._hotseat = None
        self.start_new_match()

    def action_hotseat(self) -> None:
        if self.start_players is not None:
            players, self.start_players = self.start_players, None
            deals = self.settings.deals
            setup = MatchSetup(players, self.seed, deals)
            self._start_fresh(lambda: self.start_hotseat(setup))
            return
        self._start_fresh(self._ask_hotseat)

    def _ask_hotseat(self) -> None:
        def answer(setup: MatchSetup | None) -> None:
            if setup is not None:
                self.start_hotseat(setup)
            else:
                self._unsaved = False

        self.push_screen(NewMatchScreen(self._hotseat_defaults(), self.settings.deals,
                                        rules=rule_choice(self.settings),
                                        rule_options=rule_options(self.settings)),
                         callback=answer)

    def action_daily(self, day: date | None = None) -> None:
        self._start_fresh(lambda: self._ask_daily(day))

    def _ask_daily(self, day: date | None) -> None:
        """Say whether this attempt is scored before it starts."""
        day = day or utc_today()
        scored = False if self._unsaved else self._daily_scored(day)
        if self._unsaved:
            status = _("It is not saved: practice, it does not count.")
        elif scored:
            status = _("This is your scored attempt for today. It counts from the moment\nit "
                       "starts; giving it up does not give you a second one.")
        elif scored is None:
            status = _("Whether it is scored is decided when it starts\n(the first attempt of "
                       "the day is).")
        elif day != utc_today():
            status = _("The daily of {day} is not today's: this is practice, not "
                       "scored.").format(day=format_day(day))
        else:
            status = _("You have already started today's scored attempt:\nthis one is "
                       "practice and does not count.")
        question = _("Daily {day} (UTC): {deals} deals against {left} and {right} ({level}),\n"
                     "the same cards for everybody.\n\n{status}").format(
            day=format_day(day), deals=DAILY_DEALS, left=BOT_NAMES[0], right=BOT_NAMES[1],
            level=_(LEVEL_LABELS.get(DAILY_LEVEL, DAILY_LEVEL)), status=status)

        def answer(yes: bool | None) -> None:
            if yes:
                self.start_daily(day)
            else:
                self._unsaved = False

        self.push_screen(ConfirmScreen(question, N_("Start"), N_("Back")), callback=answer)

    def action_resume(self) -> None:
        self.resume_saved()

    def action_history(self) -> None:
        from .screens.history import HistoryScreen

        self.push_screen(HistoryScreen(self.storage))

    def action_scores(self) -> None:
        from .screens.scores import ScoresScreen

        self.push_screen(ScoresScreen(self.storage))

    def action_statistics(self) -> None:
        from .screens.stats import StatsScreen

        self.push_screen(StatsScreen(self.storage))

    def action_menu(self) -> None:
        """Back to the start screen; a saved match can be resumed from there."""

        def go() -> None:
            while len(self.screen_stack) > 1 and not isinstance(self.screen, StartScreen):
                self.pop_screen()
            info = self.start_info(self.saved_match())
            if isinstance(self.screen, StartScreen):
                self.screen.show_info(info)
            else:
                self.push_screen(StartScreen(info))

        if self.deal_in_progress() and not self._saving():
            def answer(yes: bool | None) -> None:
                if yes:
                    go()

            self.push_screen(ConfirmScreen(_("Leave this match? It is not saved."), N_("Leave"),
                                           N_("Keep playing")), callback=answer)
        else:
            go()

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
        if old.language != new.language:
            set_command_line_language(None)  # the player's choice now, above --lang
            set_language(choose_language(new.language))
            self.call_later(self.retranslate)
        table = self.table
        if table is not None:
            table.controller.bot_delay = new.bot_delay
            table.controller.trick_pause = new.trick_pause
            table.refresh_table()
        later = (
            old.bot_levels != new.bot_levels or old.scoring != new.scoring
            or old.deals != new.deals or old.player_name != new.player_name
        )
        if later and table is not None:
            self.notify(
                _("Bots, scoring, deals and name apply from the next match "
                  "(Ctrl+P → New match)."),
                title=_("Settings saved"),
            )
        self.refresh_start()

    async def retranslate(self) -> None:
        """Every open screen in the language just chosen: a screen that can
        redraw its words does (``retranslate``), the footers rebuild their
        keys, the start screen gets its notes anew."""
        for screen in list(self.screen_stack):
            redraw = getattr(screen, "retranslate", None)
            if redraw is None:
                continue
            done = redraw()
            if inspect.isawaitable(done):
                await done
        self.refresh_start()
        for screen in self.screen_stack:
            screen.refresh_bindings()
