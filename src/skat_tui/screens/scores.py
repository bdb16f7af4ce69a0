"""The local leaderboard: dailies by date, best matches, per-player averages.

Matches under house rules (pub) are kept apart from tournament ones: ``p``
switches the best matches and the averages between them, as ``skat scores
--rules pub`` does (the dailies are always tournament matches).

The numbers are :class:`skat_tui.leaderboard.Leaderboard`'s reports; damaged
rows are left out by it and its warnings are shown under the tables.  A
database another program holds locked gives its message on the screen (``r``
tries again), never a traceback.  Replays and continued deals never reach
the leaderboard, so they are never here.
"""

from __future__ import annotations

from typing import ClassVar

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from skat_core.match import Scoring

from ..footer import Footer
from ..i18n import N_, _, format_number, format_percent, format_signed, shown_name
from ..leaderboard import (
    BestMatch,
    DailyResult,
    Leaderboard,
    LeaderboardError,
    PlayerStats,
    Report,
    kind_name,
)
from ..safe_text import safe_text, visible
from ..settings import seat_name
from ..storage import Storage
from .closing import close_or_exit

BEST_LIMIT = 10
DAILY_LIMIT = 14
SCORING_LABELS = {Scoring.SEEGER_FABIAN: "Seeger-Fabian", Scoring.STANDARD: N_("standard")}


def _table(*headers: str) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, expand=False)
    for i, header in enumerate(headers):
        table.add_column(header, justify="left" if i < 2 else "right", no_wrap=True)
    return table


def daily_table(report: Report[DailyResult]) -> Table | Text:
    if not report.rows:
        return Text("  " + _("none yet: the daily is the same 9 deals for everyone each UTC day"),
                    style="dim")
    table = _table(_("day"), _("scored attempt (Seeger-Fabian)"), _("practice"))
    for d in report.rows[:DAILY_LIMIT]:
        if d.scored is not None:
            players = d.scored.summary.players
            humans = [p for p in players if p.is_human] or list(players)
            scored = Text(", ".join(
                f"{visible(shown_name(p.name))} {format_signed(p.seeger_fabian)}"
                for p in humans))
        elif d.started_scored:
            scored = Text(_("started, not finished"), style="dim")
        else:
            scored = Text("-", style="dim")
        table.add_row(safe_text(d.day), scored, str(len(d.practice)) if d.practice else "-")
    return table


def best_table(report: Report[BestMatch], scoring: Scoring) -> Table | Text:
    if not report.rows:
        return Text("  " + _("none yet: finish a match to see it here"), style="dim")
    table = _table(_("date"), _("player"), _(SCORING_LABELS[scoring]), _("kind"), _("deals"),
                   _("seed"))
    for b in report.rows:
        s = b.row.summary
        seed = visible(s.seed)
        seed = seed if len(seed) <= 18 else seed[:17] + "…"
        table.add_row(safe_text(s.finished_at[:10]), safe_text(shown_name(b.player.name)),
                      Text(format_signed(b.points), style="bold"), safe_text(kind_name(s.kind)),
                      str(s.deals),
                      Text(seed))
    return table


def players_table(report: Report[PlayerStats]) -> Table | Text:
    if not report.rows:
        return Text("  " + _("none yet"), style="dim")
    table = _table(_("player"), _("seat"), _("matches"), _("deals"), _("SF/deal"), _("std/deal"),
                   _("soloist won"))
    for s in report.rows:
        rate = (_("{percent} of {games}").format(percent=format_percent(s.solo_win_rate),
                                                 games=format_number(s.solo_games))
                if s.solo_win_rate is not None else "-")
        table.add_row(safe_text(shown_name(s.name)), safe_text(seat_name(s.seat)), str(s.matches),
                      str(s.deals),
                      format_number(s.points_per_deal, 1), format_number(s.standard_per_deal, 1),
                      rate)
    return table


class ScoresScreen(Screen[None]):
    """The leaderboard of ``storage`` (None: the default :class:`Storage`)."""

    CSS_PATH = "../styles/replay.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "toggle_scoring", N_("Standard / SF")),
        Binding("p", "toggle_rules", N_("Pub / tournament")),
        Binding("r", "reload", N_("Reload")),
        Binding("escape", "close", N_("Back"), key_display="Esc"),
    ]

    def __init__(self, storage: Storage | None = None) -> None:
        super().__init__()
        self.storage = storage if storage is not None else Storage()
        self.scoring = Scoring.SEEGER_FABIAN
        self.pub = False
        """Show the matches played under house rules instead of tournament ones."""
        self.error: str | None = None
        self.warnings: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static(Text(_("Scores"), style="bold"), classes="list-title")
        yield Static(id="scores-message", classes="list-message")
        with VerticalScroll(id="scores-body"):
            yield Static(_("Daily deals"), classes="scores-heading")
            yield Static(id="scores-daily")
            yield Static(id="scores-best-heading", classes="scores-heading")
            yield Static(id="scores-best")
            yield Static(id="scores-players-heading", classes="scores-heading")
            yield Static(id="scores-players")
        yield Static(id="scores-warnings", classes="list-note -empty")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.load()

    async def retranslate(self) -> None:
        """Show the scores in the language just chosen."""
        await self.recompose()
        self.load()

    def load(self) -> None:
        """Ask the leaderboard again and show what it says."""
        board = Leaderboard(self.storage.leaderboard_path, clock=self.storage.clock)
        warnings: list[str] = []
        try:
            dailies = board.daily_results()
            best = board.best_matches(BEST_LIMIT, self.scoring, pub=self.pub)
            stats = board.player_stats(pub=self.pub)
        except LeaderboardError as e:
            self.error = str(e)
        else:
            self.error = None
            warnings = list(dict.fromkeys(dailies.warnings + best.warnings + stats.warnings))
            self.query_one("#scores-daily", Static).update(daily_table(dailies))
            self.query_one("#scores-best", Static).update(best_table(best, self.scoring))
            self.query_one("#scores-players", Static).update(players_table(stats))
        finally:
            warnings = board.warnings + warnings
            board.close()
        self.warnings = warnings
        if self.pub:
            best_heading = _("Best matches under house rules ({scoring})")
            players_heading = _("Players under house rules (points per deal, soloist games "
                                "won)")
        else:
            best_heading = _("Best matches, tournament rules ({scoring})")
            players_heading = _("Players, tournament rules (points per deal, soloist games "
                                "won)")
        self.query_one("#scores-best-heading", Static).update(
            best_heading.format(scoring=_(SCORING_LABELS[self.scoring])))
        self.query_one("#scores-players-heading", Static).update(players_heading)
        message = self.query_one("#scores-message", Static)
        if self.error is not None:
            message.update(Text.assemble(
                (_("The scores cannot be shown now: {error}.").format(error=visible(self.error)),
                 "bold red"),
                "\n\n" + _("r tries again · Esc goes back"),
            ))
        message.display = self.error is not None
        self.query_one("#scores-body").display = self.error is None
        note = self.query_one("#scores-warnings", Static)
        note.update(Text("\n".join(f"⚠ {visible(w)}" for w in self.warnings)))
        note.set_class(not self.warnings, "-empty")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("toggle_scoring", "toggle_rules"):
            return True if self.error is None else None
        return True

    def action_toggle_scoring(self) -> None:
        self.scoring = (Scoring.STANDARD if self.scoring == Scoring.SEEGER_FABIAN
                        else Scoring.SEEGER_FABIAN)
        self.load()

    def action_toggle_rules(self) -> None:
        self.pub = not self.pub
        self.load()

    def action_reload(self) -> None:
        self.load()

    def action_close(self) -> None:
        close_or_exit(self)


__all__ = ["ScoresScreen", "best_table", "daily_table", "players_table"]
