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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, ClassVar

from textual import events
from textual._path import CSSPathType
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widget import AwaitMount

from skat_core.bots import make_bot
from skat_core.match import Match, Scoring
from skat_core.savegame import SavedMatch
from skat_core.seeds import (
    DAILY_DEALS,
    DAILY_FIRST_DEALER,
    SeedKind,
    daily_seed,
    parse_seed,
    utc_today,
)

from .controller import BotFactory, MatchController, PlayerSpec
from .crash import ReportsCrashes, run_reporting
from .i18n import _
from .leaderboard import LeaderboardError
from .messages import NewMatchRequested, StartScreenRequested
from .safe_text import visible
from .screens import (
    ConfirmScreen,
    HelpScreen,
    QuitScreen,
    SettingsScreen,
    TableScreen,
    TooSmallScreen,
)
from .screens.dialogs import MIN_HEIGHT, MIN_WIDTH
from .screens.hotseat import HotseatTableScreen, humans, is_hotseat
from .screens.newmatch import (
    BotMatchScreen,
    BotMatchSetup,
    MatchSetup,
    NewMatchScreen,
    check_players,
)
from .screens.start import StartInfo, StartScreen
from .screenshots import screenshot_dir
from .settings import (
    BOT_NAMES,
    Settings,
    default_path,
    load_settings,
    rule_choice,
    rule_options,
    save_settings,
    with_rule_choice,
)
from .storage import (
    DamagedSave,
    MatchInUse,
    MatchKeeper,
    Storage,
    StorageError,
    seat_levels,
)

START_MODES = ("match", "menu", "resume", "daily", "hotseat")
"""What the app opens with: a match against bots at once (``skat play``), the
start screen (``skat``), or the start screen and then resume, the daily or a
hotseat match (``skat resume|daily|hotseat``)."""
DAILY_LEVEL = "normal"
"""Both bots of the daily, for everyone: results of a day compare."""


class NothingToResume(Exception):
    """``skat resume`` with no saved match; the message is for the player."""


NOT_SAVED = ("This match is not saved: it does not go to the history or the scores, "
             "and quitting loses it.")
ELSEWHERE = ("Continue it there; quitting it there keeps it saved, to resume here. "
             "History, scores and replays work meanwhile.")


def _local_time(stamp: str | None) -> str:
    """``2026-11-29T20:15:02Z`` as local ``29 Nov 21:15`` (as given if unreadable)."""
    if not stamp:
        return ""
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    when = when.astimezone()
    return f"{when.day} {when:%b %H:%M}"


def describe_saved(saved: SavedMatch) -> str:
    """One line about a saved match: what it is, how far, when it was saved."""
    m = saved.match
    meta = saved.meta
    levels = seat_levels(m, saved.seats)
    people = [name for name, level in levels if level is None]
    if meta.get("kind") == "daily" and isinstance(meta.get("daily"), str):
        scored = meta.get("scored")
        what = f"Daily {meta['daily']}" + (" (scored)" if scored is True else " (practice)"
                                           if scored is False else "")
    elif len(people) > 1:
        what = "Hotseat " + ", ".join(people)
    else:
        bots = [name for name, level in levels if level is not None]
        what = f"vs {' and '.join(bots)}" if bots else "bots only"
    if m.deal_finished:
        where = f"{len(m.outcomes)} of {m.config.deals} deals played"
    else:
        where = f"deal {m.deal_number + 1} of {m.config.deals}"
    when = _local_time(saved.saved)
    return " · ".join(p for p in (what, where, when) if p)


class SkatApp(ReportsCrashes):
    """Skat at the terminal.  ``viewer`` is the human's place in a match
    against bots (player 0 deals first); ``settings_path`` None keeps
    settings in memory; ``storage`` None keeps nothing on disk; ``start`` is
    one of :data:`START_MODES`."""

    CSS_PATH: ClassVar[CSSPathType] = ["styles/app.tcss", "styles/menus.tcss"]
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
        self._table_mount: AwaitMount | None = None
        self._unsaved = False
        """The player chose to play the next match without saving it (another
        skat plays the saved one)."""

    # -- saying things ----------------------------------------------------------

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Every notification of every screen shows its text literally: it
        quotes names, seeds, paths and file content (see
        :mod:`skat_tui.safe_text`); ``markup`` is ignored."""
        super().notify(visible(message, multiline=True), title=visible(title),
                       severity=severity, timeout=timeout, markup=False)

    def say(self, message: str, *, title: str = "Saving", severity: SeverityLevel = "warning",
            timeout: float = 10) -> None:
        """A notification for the player (plain text, never markup)."""
        self.notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    # -- building matches -------------------------------------------------------

    def _next_seed(self) -> str | None:
        self._matches += 1
        if self.seed is None:
            return None
        return self.seed if self._matches == 1 else f"{self.seed}/{self._matches}"

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

    def _bot_specs(self, levels: tuple[str, str], viewer: int) -> list[PlayerSpec]:
        """The human at ``viewer``, the two bots left and right of them."""
        name = self.settings.player_name
        specs: list[PlayerSpec] = [PlayerSpec("")] * 3
        specs[viewer] = PlayerSpec(name)
        for i, level in enumerate(levels):
            bot = BOT_NAMES[i] if BOT_NAMES[i] != name else f"{BOT_NAMES[i]} (bot)"
            specs[(viewer + 1 + i) % 3] = PlayerSpec(bot, level)
        return specs

    def controller_for(self, match: Match, players: Sequence[PlayerSpec]) -> MatchController:
        """A controller for ``match`` with the settings' speed and this app's bots."""
        s = self.settings
        return MatchController(
            match, players, bot_delay=s.bot_delay, trick_pause=s.trick_pause,
            bot_factory=self.bot_factory, hint_level=self.hint_level,
        )

    def new_controller(self) -> MatchController:
        """A match as the settings say: the human at ``viewer``, the two bots
        on the left and right."""
        s = self.settings
        specs = self._bot_specs(s.bot_levels, self.viewer)
        match = Match.start(
            tuple(p.name for p in specs), deals=s.deals, scoring=Scoring(s.scoring),
            seed=self._next_seed(), rules=s.rule_set,
        )
        return self.controller_for(match, specs)

    def _keep(self, controller: MatchController, kind: SeedKind) -> MatchKeeper | None:
        """Start saving a new match (None without storage, or when it is not
        to be saved because another skat plays the saved match)."""
        unsaved, self._unsaved = self._unsaved, False
        if self.storage is None:
            return None
        if unsaved:
            self.say(NOT_SAVED, title="Not saved", timeout=30)
            return None
        if self.storage.current_path.exists():
            # Saved meanwhile by another skat that has quit since (or a match
            # over but not yet on the leaderboard): never overwritten.
            self.say(f"{self.storage.current_path} holds another match, saved meanwhile: it "
                     f"is not overwritten. {NOT_SAVED}", title="Not saved", timeout=30)
            return None
        seats = {p.name: p.level or "human" for p in controller.players}
        try:
            return MatchKeeper.start(self.storage, controller.match, seats, kind=kind)
        except MatchInUse as e:
            self.say(f"{e}. {NOT_SAVED}", title="Not saved", timeout=30)
            return None
        except (StorageError, LeaderboardError, OSError, ValueError) as e:
            self.say(f"The match cannot be saved: {e}", severity="error")
            return None

    def _begin(self, controller: MatchController, keeper: MatchKeeper | None,
               viewer: int | None = None) -> None:
        """Put a match on the table, saved by ``keeper`` after every action."""
        self.keeper = keeper
        if keeper is not None:
            controller.on_action.append(self._saver(keeper))
            for message in keeper.messages:
                self.say(message)
        self.show_match(controller, viewer)

    def _saver(self, keeper: MatchKeeper) -> Callable[[MatchController, int, Any], None]:
        """The hook that saves after every action; a problem (a full disk) is
        said once, not after every card."""
        said: set[str] = set()

        def save(controller: MatchController, player: int, action: Any) -> None:
            try:
                messages = keeper.update(controller.match)
            except Exception as e:  # saving must never stop the game
                messages = [f"Could not save the match: {type(e).__name__}: {e}"]
            for message in messages:
                if message not in said:
                    said.add(message)
                    self.say(message)

        return save

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
        elsewhere), dropping whatever screens were open above the start
        screen.  With more than one human the table hides each hand from the
        others (:class:`HotseatTableScreen`)."""
        while len(self.screen_stack) > 1 and not isinstance(self.screen, StartScreen):
            self.pop_screen()
        people = humans(controller)
        if viewer is None:
            viewer = self.viewer if self.viewer in people or not people else people[0]
        screen = (HotseatTableScreen(controller, viewer) if is_hotseat(controller)
                  else TableScreen(controller, viewer))
        self._table_mount = self.push_screen(screen)

    def start_new_match(self) -> None:
        """A new match like the one just played: the same hotseat players, or
        two bots as the settings say."""
        if self._hotseat is not None:
            self.start_hotseat(replace(self._hotseat, seed=None))
            return
        kind = SeedKind.SEEDED if self.seed is not None else SeedKind.RANDOM
        controller = self.new_controller()
        self._begin(controller, self._keep(controller, kind), self.viewer)

    def start_next_match(self) -> None:
        """After a match: a new one like it (:meth:`start_new_match`), once a
        match saved meanwhile by another skat is given up, or, while another
        skat plays it, not saved."""
        self._start_fresh(self.start_new_match)

    def on_new_match_requested(self, _: NewMatchRequested) -> None:
        self.start_next_match()

    def on_start_screen_requested(self, _: StartScreenRequested) -> None:
        self.action_menu()

    def start_hotseat(self, setup: MatchSetup) -> None:
        """A match with the players of ``setup`` (any mix of humans and bots)."""
        players = check_players(setup.players)
        setup = replace(setup, players=players)
        self._hotseat = setup
        self._remember_hotseat(players)
        spec = parse_seed(setup.seed) if setup.seed else None
        if setup.rules is not None and setup.rules != rule_choice(self.settings):
            self._remember_rules(setup.rules)
        match = Match.start(
            tuple(p.name for p in players), deals=setup.deals,
            scoring=Scoring(self.settings.scoring), seed=spec.seed if spec else None,
            rules=self.settings.rule_set,
        )
        controller = self.controller_for(match, players)
        kind = SeedKind.SEEDED if spec is not None else SeedKind.RANDOM
        self._begin(controller, self._keep(controller, kind))

    def start_daily(self, day: date | None = None) -> None:
        """The daily of ``day`` (today, UTC): 9 deals against two normal bots,
        the same for everybody; the first attempt started on its day is
        scored, later ones are practice."""
        day = day or utc_today()
        self._hotseat = None
        specs = self._bot_specs((DAILY_LEVEL, DAILY_LEVEL), 0)
        match = Match.start(
            tuple(p.name for p in specs), deals=DAILY_DEALS, scoring=Scoring.SEEGER_FABIAN,
            seed=daily_seed(day), first_dealer=DAILY_FIRST_DEALER,
        )
        controller = self.controller_for(match, specs)
        keeper = self._keep(controller, SeedKind.DAILY)
        self._begin(controller, keeper, 0)
        if keeper is not None and keeper.scored:
            self.say(f"Your scored attempt at the daily of {day}: good luck!",
                     title="Daily", severity="information")
        else:
            self.say(f"Practice: the daily of {day} does not count for the leaderboard.",
                     title="Daily", severity="information")

    # -- the saved match -------------------------------------------------------------

    def saved_match(self) -> SavedMatch | None:
        """The unfinished match on disk, if any.  A damaged save is reported
        (and moved aside by the storage); a saved match that was already over
        is finished off (history, leaderboard) and not offered."""
        if self.storage is None or self.storage.match_in_use() is not None:
            return None  # another skat plays it: not ours to read, move or finish
        try:
            saved = self.storage.load_current()
        except DamagedSave as e:
            self._damaged(e)
            return None
        except StorageError as e:
            self.say(str(e), severity="error")
            return None
        if saved is not None and saved.match.is_over:
            self._resume_keeper()
            return None
        return saved

    def _damaged(self, e: DamagedSave) -> None:
        self.say(e.message, title="Saved match", severity="error", timeout=30)

    def _resume_keeper(self) -> MatchKeeper | None:
        assert self.storage is not None
        try:
            keeper = MatchKeeper.resume(self.storage)
        except DamagedSave as e:
            self._damaged(e)
            return None
        except StorageError as e:
            self.say(str(e), severity="error")
            return None
        if keeper is None:
            return None
        for message in keeper.messages:
            self.say(message)
        if keeper.match.is_over:
            keeper.close()  # recorded and cleared, or left for next time
            self.say("The saved match was already over; it is now in the history and the "
                     "scores.", title="Saved match", severity="information")
            return None
        return keeper

    def resume_saved(self) -> bool:
        """Continue the saved match at the exact point it was saved, with the
        same players and bot levels.  False (with a message) if there is none."""
        if self.storage is None:
            self.say("Nothing is saved in this session.", title="Resume")
            return False
        busy = self.storage.match_in_use()
        if busy is not None:
            self.say(f"{busy}. {ELSEWHERE}", title="Resume", timeout=30)
            self.refresh_start()
            return False
        if not self.storage.current_path.exists():
            self.say(f"There is no unfinished match to resume in {self.storage.home}.",
                     title="Resume", severity="information")
            self.refresh_start()
            return False
        keeper = self._resume_keeper()
        if keeper is None:
            self.refresh_start()
            return False
        match = keeper.match
        players = [PlayerSpec(name, level) for name, level in seat_levels(match, keeper.seats)]
        people = [p for p in players if p.is_human]
        self._hotseat = MatchSetup(tuple(players), None, match.config.deals) if len(
            people) > 1 else None
        controller = self.controller_for(match, players)
        self._begin(controller, keeper)
        return True

    def _abandon_saved(self) -> bool:
        """Give up the unfinished match (its finished deals stay in the
        history).  False (said) if it could not be removed, as when another
        skat has resumed it meanwhile."""
        if self.keeper is not None:
            self.keeper.abandon()
            for message in self.keeper.messages[-1:]:
                if "could not remove" in message:
                    self.say(message, severity="error")
            self.keeper = None
        if self.storage is not None:
            try:
                self.storage.clear_current()
            except MatchInUse as e:
                self.say(f"{e}: it was not given up. {ELSEWHERE}", timeout=30)
                return False
            except StorageError as e:
                self.say(str(e), severity="error")
        return True

    def _start_fresh(self, then: Callable[[], None]) -> None:
        """Run ``then`` (which starts a match) once the player agreed to give
        up the unfinished match, if there is one; while another skat plays
        it, once the player agreed to play without saving."""
        self._unsaved = False
        busy = self.storage.match_in_use() if self.storage is not None else None
        if busy is not None:
            self._offer_unsaved(busy, then)
            return
        saved = self.saved_match()
        unsaved_deal = self.deal_in_progress() and not self._saving()
        if saved is None and not unsaved_deal:
            then()
            return
        if saved is not None:
            question = (f"Give up your unfinished match?\n{describe_saved(saved)}\n"
                        "Its finished deals stay in the history.")
        else:
            question = "Start a new match? This one is dropped."

        def answer(yes: bool | None) -> None:
            given_up = bool(yes) and self._abandon_saved()
            self.refresh_start()
            if given_up:
                then()

        self.push_screen(ConfirmScreen(question, "Give it up" if saved else "New match",
                                       "Keep it" if saved else "Keep playing"), callback=answer)

    def _offer_unsaved(self, busy: MatchInUse, then: Callable[[], None]) -> None:
        """Another skat plays the saved match: its save stays as it is; the
        player may play here without saving."""
        dropped = ("\nThe deal on the table is dropped."
                   if self.deal_in_progress() and not self._saving() else "")
        question = (f"{busy}.\nIt stays as it is there.\n\nPlay a match here without saving "
                    f"it?\nIt would not go to the history or the scores.{dropped}")

        def answer(yes: bool | None) -> None:
            self.refresh_start()
            if yes:
                self._unsaved = True
                then()

        self.push_screen(ConfirmScreen(question, "Play unsaved", "Back"), callback=answer)

    # -- the start screen ---------------------------------------------------------

    def _daily_scored(self, day: date) -> bool | None:
        """Would an attempt at the daily of ``day`` started now be scored?
        None if the leaderboard cannot tell now (it decides at the start)."""
        if self.storage is None or day != utc_today():
            return False
        try:
            board = self.storage.leaderboard()
            report = board.daily_results(day)
        except LeaderboardError:
            return None
        for warning in board.warnings:
            self.say(warning)
        return not any(r.started_scored for r in report.rows)

    def start_info(self, saved: SavedMatch | None = None) -> StartInfo:
        s = self.settings
        levels = s.bot_levels
        bots = f"{levels[0]}" if levels[0] == levels[1] else f"{levels[0]}, {levels[1]}"
        today = utc_today()
        scored = self._daily_scored(today)
        status = {True: "scored attempt", False: "practice", None: ""}[scored]
        if (saved is not None and saved.meta.get("daily") == today.isoformat()
                and saved.meta.get("scored") is True):
            status = "your scored attempt is saved"
        notes = {
            "new_match": f"against {BOT_NAMES[0]} and {BOT_NAMES[1]} ({bots}) · {s.deals} deals"
                         + ("" if s.rule_set.is_tournament else f" · {s.rule_set.name} rules"),
            "daily": f"the same deals for all, {today} UTC" + (
                f" · {status}" if status else ""),
            "hotseat": "people at one keyboard, with bots if you like",
            "history": "every deal you finished",
            "scores": "leaderboard and dailies",
            "statistics": "your games in tables and charts",
            "settings": "cards, bots, speed, scoring, name",
            "quit": "",
        }
        busy = self.storage.match_in_use() if self.storage is not None else None
        elsewhere = None
        if busy is not None:
            elsewhere = (f"being played by another skat (process {busy.pid})" if busy.pid
                         else "being played by another skat")
        return StartInfo(notes, describe_saved(saved) if saved is not None else None,
                         elsewhere)

    def refresh_start(self) -> None:
        """Bring the start screen's entries up to date."""
        for screen in self.screen_stack:
            if isinstance(screen, StartScreen) and screen.is_mounted:
                screen.show_info(self.start_info(self.saved_match()))

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
            self.notify(self.notice, title="Settings", severity="warning", timeout=10, markup=False)

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

    def _save(self) -> None:
        if self.settings_path is not None:
            try:
                save_settings(self._stored, self.settings_path)
            except OSError as exc:
                self.notify(f"Could not save the settings: {exc}", severity="error")

    def _remember_hotseat(self, players: Sequence[PlayerSpec]) -> None:
        """Offer the same players next time (kept with the settings)."""
        value = [[p.name, p.level] for p in players]
        if self._stored.extra.get("hotseat") == value:
            return
        self._stored = replace(self._stored, extra={**self._stored.extra, "hotseat": value})
        self.settings = replace(self.settings, extra={**self.settings.extra, "hotseat": value})
        self._save()

    def _remember_rules(self, choice: str, deals: int | None = None) -> None:
        """The rules chosen in a dialog (a ``settings.RULE_CHOICES`` key; the
        settings' own ``custom`` switches stay as they are), and the match
        length, become the settings' (kept)."""
        stored = with_rule_choice(self._stored, choice)
        settings = with_rule_choice(self.settings, choice)
        if deals is not None:
            stored, settings = replace(stored, deals=deals), replace(settings, deals=deals)
        if (stored, settings) != (self._stored, self.settings):
            self._stored, self.settings = stored, settings
            self._save()
            self.refresh_start()

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
        first = self.settings.player_name if self.settings.player_name != "You" else "Player 1"
        return [PlayerSpec(first), PlayerSpec("Player 2"), PlayerSpec("Player 3")]

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New match", "Start a new match against two bots",
                            self.action_new_match)
        yield SystemCommand("Hotseat match", "Several people at one keyboard",
                            self.action_hotseat)
        yield SystemCommand("Daily", "Today's deals, the same for everyone", self.action_daily)
        yield SystemCommand("Start screen", "Back to the menu (the match stays saved)",
                            self.action_menu)
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

    def _saving(self) -> bool:
        """The match on the table is being saved (it is kept and not over)."""
        table = self.table
        return (self.keeper is not None and table is not None
                and table.controller.match.config == self.keeper.match.config
                and not self.keeper.match.is_over)

    async def action_quit(self) -> None:
        if isinstance(self.screen, QuitScreen):
            return
        if self.deal_in_progress():
            def answer(yes: bool | None) -> None:
                if yes:
                    self.exit()

            if self._saving():
                question = "Quit now?\nThe match is saved: start skat again to resume it."
            else:
                question = "Quit in the middle of a deal? The deal is lost."
            self.push_screen(QuitScreen(question, "Quit", "Keep playing"), callback=answer)
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
            status = "It is not saved: practice, it does not count."
        elif scored:
            status = ("This is your scored attempt for today. It counts from the moment\n"
                      "it starts; giving it up does not give you a second one.")
        elif scored is None:
            status = ("Whether it is scored is decided when it starts\n"
                      "(the first attempt of the day is).")
        elif day != utc_today():
            status = f"The daily of {day} is not today's: this is practice, not scored."
        else:
            status = ("You have already started today's scored attempt:\n"
                      "this one is practice and does not count.")
        levels = f"{BOT_NAMES[0]} and {BOT_NAMES[1]} ({DAILY_LEVEL})"
        question = (f"Daily {day} (UTC): {DAILY_DEALS} deals against {levels},\n"
                    f"the same cards for everybody.\n\n{status}")

        def answer(yes: bool | None) -> None:
            if yes:
                self.start_daily(day)
            else:
                self._unsaved = False

        self.push_screen(ConfirmScreen(question, "Start", "Back"), callback=answer)

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

            self.push_screen(ConfirmScreen("Leave this match? It is not saved.", "Leave",
                                           "Keep playing"), callback=answer)
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
                "Bots, scoring, deals and name apply from the next match "
                "(Ctrl+P → New match).",
                title="Settings saved",
            )
        self.refresh_start()


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
                ignored = ("A daily is always 9 deals against two normal bots, Seeger-Fabian, "
                           "tournament rules: --deals, --level, --scoring and --rules do not "
                           "apply to it.")
                notice = f"{notice}\n{ignored}" if notice else ignored
    busy = storage.match_in_use() if start != "menu" else None
    if busy is not None:
        raise busy
    if start == "resume" and not storage.current_path.exists():
        raise NothingToResume(
            f"There is no unfinished match to resume (nothing saved in {storage.home}). "
            "Start one with `skat`."
        )
    app = SkatApp(
        settings, settings_path=path, seed=seed, notice=notice, stored=stored, storage=storage,
        start=start, players=players, daily=day,
    )
    run_reporting(app)
