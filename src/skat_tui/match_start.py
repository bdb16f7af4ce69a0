"""Starting matches: against bots, hotseat, the daily, and the saved match.

:class:`MatchStartApp` is the layer of :class:`~skat_tui.app.SkatApp` that
builds a :class:`~skat_tui.controller.MatchController` as the settings say,
puts it on the table, keeps it with a :class:`~skat_tui.storage.MatchKeeper`
(saved after every action) and resumes, gives up or finishes off the saved
match.  A damaged save is reported with its path and moved aside, never a
traceback.  While another skat process plays the saved match
(:class:`~skat_tui.storage.MatchInUse`) its save is never touched: a match
here is offered unsaved.  It also says what the start screen offers
(:meth:`MatchStartApp.start_info`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from textual.notifications import SeverityLevel
from textual.widget import AwaitMount

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
from .crash import ReportsCrashes
from .i18n import (
    N_,
    _,
    format_day,
    format_number,
    format_short_day,
    format_time,
    language,
    ngettext,
)
from .leaderboard import LeaderboardError
from .safe_text import visible
from .screens import ConfirmScreen, TableScreen
from .screens.hotseat import HotseatTableScreen, humans, is_hotseat
from .screens.newmatch import MatchSetup, check_players
from .screens.start import StartInfo, StartScreen
from .settings import (
    BOT_NAMES,
    LEVEL_LABELS,
    Settings,
    rule_choice,
    rule_set_name,
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

DAILY_LEVEL = "normal"
"""Both bots of the daily, for everyone: results of a day compare."""


NOT_SAVED = N_("This match is not saved: it does not go to the history or the scores, "
               "and quitting loses it.")
ELSEWHERE = N_("Continue it there; quitting it there keeps it saved, to resume here. "
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
    if language() == "en":
        return f"{when.day} {when:%b %H:%M}"
    return format_time(when)


def _iso_day(text: str) -> str:
    """A day written ISO in a record, as the current language writes days."""
    try:
        return format_short_day(date.fromisoformat(text))
    except ValueError:
        return text


def describe_saved(saved: SavedMatch) -> str:
    """One line about a saved match: what it is, how far, when it was saved."""
    m = saved.match
    meta = saved.meta
    levels = seat_levels(m, saved.seats)
    people = [name for name, level in levels if level is None]
    if meta.get("kind") == "daily" and isinstance(meta.get("daily"), str):
        scored = meta.get("scored")
        day = _iso_day(meta["daily"])
        what = (_("Daily {day} (scored)") if scored is True else _("Daily {day} (practice)")
                if scored is False else _("Daily {day}")).format(day=day)
    elif len(people) > 1:
        what = _("Hotseat {players}").format(players=", ".join(people))
    else:
        bots = [name for name, level in levels if level is not None]
        what = (_("vs {bots}").format(bots=_(" and ").join(bots)) if bots
                else _("bots only"))
    if m.deal_finished:
        where = _("{played} of {deals} deals played").format(played=len(m.outcomes),
                                                            deals=m.config.deals)
    else:
        where = _("deal {number} of {deals}").format(number=m.deal_number + 1,
                                                     deals=m.config.deals)
    when = _local_time(saved.saved)
    return " · ".join(p for p in (what, where, when) if p)




class MatchStartApp(ReportsCrashes):
    """The app's match start-up: new, hotseat, daily and resumed matches, and
    the saved match (the attributes are set by :class:`~skat_tui.app.SkatApp`)."""

    settings: Settings
    _stored: Settings
    """The settings as saved (command-line options are not saved)."""
    settings_path: Path | None
    seed: str | None
    viewer: int
    bot_factory: BotFactory
    hint_level: str
    storage: Storage | None
    keeper: MatchKeeper | None
    """The keeper of the match on the table (None: not saved)."""
    _hotseat: MatchSetup | None
    """The players of the hotseat match on the table ('new match' repeats them)."""
    _matches: int
    _table_mount: AwaitMount | None
    _unsaved: bool
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

    def say(self, message: str, *, title: str | None = None,
            severity: SeverityLevel = "warning", timeout: float = 10) -> None:
        """A notification for the player (plain text, never markup; the
        title 'Saving' unless given)."""
        self.notify(message, title=_("Saving") if title is None else title, severity=severity,
                    timeout=timeout, markup=False)

    # -- building matches -------------------------------------------------------

    def _next_seed(self) -> str | None:
        self._matches += 1
        if self.seed is None:
            return None
        return self.seed if self._matches == 1 else f"{self.seed}/{self._matches}"

    def _bot_specs(self, levels: tuple[str, str], viewer: int) -> list[PlayerSpec]:
        """The human at ``viewer``, the two bots left and right of them."""
        name = self.settings.player_name
        specs: list[PlayerSpec] = [PlayerSpec("")] * 3
        specs[viewer] = PlayerSpec(name)
        for i, level in enumerate(levels):
            bot = BOT_NAMES[i] if BOT_NAMES[i] != name else _("{name} (bot)").format(
                name=BOT_NAMES[i])
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
            self.say(_(NOT_SAVED), title=_("Not saved"), timeout=30)
            return None
        if self.storage.current_path.exists():
            # Saved meanwhile by another skat that has quit since (or a match
            # over but not yet on the leaderboard): never overwritten.
            self.say(_("{path} holds another match, saved meanwhile: it is not overwritten. "
                       "{not_saved}").format(path=self.storage.current_path,
                                             not_saved=_(NOT_SAVED)),
                     title=_("Not saved"), timeout=30)
            return None
        seats = {p.name: p.level or "human" for p in controller.players}
        try:
            return MatchKeeper.start(self.storage, controller.match, seats, kind=kind)
        except MatchInUse as e:
            self.say(_("{reason}. {not_saved}").format(reason=e, not_saved=_(NOT_SAVED)),
                     title=_("Not saved"), timeout=30)
            return None
        except (StorageError, LeaderboardError, OSError, ValueError) as e:
            self.say(_("The match cannot be saved: {error}").format(error=e), severity="error")
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
                messages = [_("Could not save the match: {error}").format(
                    error=f"{type(e).__name__}: {e}")]
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
            self.say(_("Your scored attempt at the daily of {day}: good luck!").format(
                day=format_day(day)), title=_("Daily"), severity="information")
        else:
            self.say(_("Practice: the daily of {day} does not count for the leaderboard.").format(
                day=format_day(day)), title=_("Daily"), severity="information")

    # -- the saved match -------------------------------------------------------------

    def saved_match(self) -> SavedMatch | None:
        """The unfinished match on disk, if any.  A damaged save is reported
        (and moved aside by the storage); a saved match that was already over
        is finished off (history, leaderboard) and not offered."""
        if self.storage is None or self.storage.match_in_use() is not None:
            return None  # another skat plays it: not ours to read, move or finish
        try:
            saved = self.storage.load_current()
        except StorageError as e:
            self._unreadable(e)
            return None
        if saved is not None and saved.match.is_over:
            self._resume_keeper()
            return None
        return saved

    def _unreadable(self, e: StorageError) -> None:
        """Says why the saved match could not be read: a damaged save (moved
        aside) by its message, left on screen longer; any other failure to
        read as its error words it."""
        if isinstance(e, DamagedSave):
            self.say(e.message, title=_("Saved match"), severity="error", timeout=30)
        else:
            self.say(str(e), severity="error")

    def _resume_keeper(self) -> MatchKeeper | None:
        assert self.storage is not None
        try:
            keeper = MatchKeeper.resume(self.storage)
        except StorageError as e:
            self._unreadable(e)
            return None
        if keeper is None:
            return None
        for message in keeper.messages:
            self.say(message)
        if keeper.match.is_over:
            keeper.close()  # recorded and cleared, or left for next time
            self.say(_("The saved match was already over; it is now in the history and the "
                       "scores."), title=_("Saved match"), severity="information")
            return None
        return keeper

    def resume_saved(self) -> bool:
        """Continue the saved match at the exact point it was saved, with the
        same players and bot levels.  False (with a message) if there is none."""
        if self.storage is None:
            self.say(_("Nothing is saved in this session."), title=_("Resume"))
            return False
        busy = self.storage.match_in_use()
        if busy is not None:
            self.say(_("{reason}. {elsewhere}").format(reason=busy, elsewhere=_(ELSEWHERE)),
                     title=_("Resume"), timeout=30)
            self.refresh_start()
            return False
        if not self.storage.current_path.exists():
            self.say(_("There is no unfinished match to resume in {path}.").format(
                path=self.storage.home), title=_("Resume"), severity="information")
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
                self.say(_("{reason}: it was not given up. {elsewhere}").format(
                    reason=e, elsewhere=_(ELSEWHERE)), timeout=30)
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
            question = _("Give up your unfinished match?\n{match}\nIts finished deals stay in "
                         "the history.").format(match=describe_saved(saved))
        else:
            question = _("Start a new match? This one is dropped.")

        def answer(yes: bool | None) -> None:
            given_up = bool(yes) and self._abandon_saved()
            self.refresh_start()
            if given_up:
                then()

        self.push_screen(ConfirmScreen(question, N_("Give it up") if saved else N_("New match"),
                                       N_("Keep it") if saved else N_("Keep playing")),
                         callback=answer)

    def _offer_unsaved(self, busy: MatchInUse, then: Callable[[], None]) -> None:
        """Another skat plays the saved match: its save stays as it is; the
        player may play here without saving."""
        if self.deal_in_progress() and not self._saving():
            question = _("{reason}.\nIt stays as it is there.\n\nPlay a match here without "
                         "saving it?\nIt would not go to the history or the scores.\nThe deal "
                         "on the table is dropped.")
        else:
            question = _("{reason}.\nIt stays as it is there.\n\nPlay a match here without "
                         "saving it?\nIt would not go to the history or the scores.")
        question = question.format(reason=busy)

        def answer(yes: bool | None) -> None:
            self.refresh_start()
            if yes:
                self._unsaved = True
                then()

        self.push_screen(ConfirmScreen(question, N_("Play unsaved"), N_("Back")),
                         callback=answer)

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

    def _new_match_note(self, bots: str) -> str:
        """The start screen's note on a new match: the bots, the deals and,
        unless the tournament rules, the rule set."""
        s = self.settings
        if s.rule_set.is_tournament:
            return ngettext("against {left} and {right} ({levels}) · {deals} deal",
                            "against {left} and {right} ({levels}) · {deals} deals",
                            s.deals).format(left=BOT_NAMES[0], right=BOT_NAMES[1],
                                            levels=bots, deals=format_number(s.deals))
        return ngettext("against {left} and {right} ({levels}) · {deals} deal · {rules} rules",
                        "against {left} and {right} ({levels}) · {deals} deals · {rules} rules",
                        s.deals).format(left=BOT_NAMES[0], right=BOT_NAMES[1], levels=bots,
                                        deals=format_number(s.deals),
                                        rules=rule_set_name(s.rule_set.name))

    def start_info(self, saved: SavedMatch | None = None) -> StartInfo:
        s = self.settings
        levels = s.bot_levels
        left, right = (_(LEVEL_LABELS.get(lv, lv)) for lv in levels)
        bots = left if levels[0] == levels[1] else f"{left}, {right}"
        today = utc_today()
        scored = self._daily_scored(today)
        if (saved is not None and saved.meta.get("daily") == today.isoformat()
                and saved.meta.get("scored") is True):
            daily = _("the same deals for all, {day} UTC · your scored attempt is saved")
        else:
            daily = {True: _("the same deals for all, {day} UTC · scored attempt"),
                     False: _("the same deals for all, {day} UTC · practice"),
                     None: _("the same deals for all, {day} UTC")}[scored]
        notes = {
            "new_match": self._new_match_note(bots),
            "daily": daily.format(day=format_short_day(today)),
            "hotseat": _("people at one keyboard, with bots if you like"),
            "history": _("every deal you finished"),
            "scores": _("leaderboard and dailies"),
            "statistics": _("your games in tables and charts"),
            "settings": _("language, cards, bots, speed, scoring, name"),
            "quit": "",
        }
        busy = self.storage.match_in_use() if self.storage is not None else None
        elsewhere = None
        if busy is not None:
            elsewhere = (_("being played by another skat (process {pid})").format(pid=busy.pid)
                         if busy.pid else _("being played by another skat"))
        return StartInfo(notes, describe_saved(saved) if saved is not None else None,
                         elsewhere)

    def refresh_start(self) -> None:
        """Bring the start screen's entries up to date."""
        for screen in self.screen_stack:
            if isinstance(screen, StartScreen) and screen.is_mounted:
                screen.show_info(self.start_info(self.saved_match()))

    # -- what the start-up remembers -------------------------------------------

    def _save(self) -> None:
        if self.settings_path is not None:
            try:
                save_settings(self._stored, self.settings_path)
            except OSError as exc:
                self.notify(_("Could not save the settings: {error}").format(error=exc),
                            severity="error")

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

    def _saving(self) -> bool:
        """The match on the table is being saved (it is kept and not over)."""
        table = self.table
        return (self.keeper is not None and table is not None
                and table.controller.match.config == self.keeper.match.config
                and not self.keeper.match.is_over)
