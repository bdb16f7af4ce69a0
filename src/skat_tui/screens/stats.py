"""Statistics of the player's play: tables and charts from the history.

The figures are :func:`skat_tui.stats.compute`'s; this screen only shows
them.  Filters on top (a date range, the kind of match, whose seats) are
changed with the fields or the keys ``k`` (kind) and ``p`` (player); the
tabs (``1``–``6``) hold the tables and three charts drawn by textual-plotext:
points per deal over time, the running totals of a match (``[`` / ``]``
choose it) and the distribution of the soloist's card points.

Player names come from the history, that is from outside: every cell is a
Rich ``Text`` (never markup), and chart labels are stripped of control
characters before plotext sees them.
"""

from __future__ import annotations

import unicodedata
from datetime import date
from typing import ClassVar

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Label, Select, Static, TabbedContent, TabPane
from textual_plotext import Plot, PlotextPlot

from skat_core.match import Scoring

from ..footer import Footer
from ..i18n import (
    N_,
    _,
    format_number,
    format_percent,
    format_short_day,
    format_signed,
    ngettext,
    shown_name,
)
from ..leaderboard import kind_name
from ..safe_text import safe_text
from ..settings import seat_name
from ..stats import (
    WON_AT,
    Figures,
    Filters,
    History,
    MatchLine,
    Statistics,
    compute,
    kinds_in,
    load_history,
    players_in,
)
from ..storage import Storage, StorageError
from .closing import close_or_exit

SCORING_LABELS = {Scoring.SEEGER_FABIAN: "Seeger-Fabian", Scoring.STANDARD: N_("standard")}
TABS = ("figures", "levels", "dailies", "time", "match", "cards")
TAB_LABELS = {"figures": N_("Figures"), "levels": N_("Levels"), "dailies": N_("Dailies"),
              "time": N_("Over time"), "match": N_("Match"), "cards": N_("Card points")}
ALL = "*"
"""The Select value for no filter."""


def plain(text: str) -> str:
    """``text`` without control characters (for chart labels, which plotext
    turns into terminal text)."""
    return "".join("\ufffd" if unicodedata.category(ch).startswith("C") else ch
                   for ch in text)


def _percent(part: int, whole: int) -> str:
    return format_percent(part / whole) if whole else "-"


def _day(iso: str) -> str:
    """A day of the history (ISO) as the current language writes it."""
    try:
        return format_short_day(date.fromisoformat(iso))
    except ValueError:
        return iso


def _table(*headers: str) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, expand=False)
    for i, header in enumerate(headers):
        table.add_column(header, justify="left" if i == 0 else "right", no_wrap=True)
    return table


def summary_text(f: Figures, scoring: Scoring) -> Text:
    """The headline: deals, points per deal, defence, overbids."""
    deals = ngettext("{deals} deal ({passed} passed in) · {points} per deal ({scoring})",
                     "{deals} deals ({passed} passed in) · {points} per deal ({scoring})",
                     f.deals).format(deals=format_number(f.deals),
                                     passed=format_number(f.passed_in),
                                     points=format_signed(f.per_deal(scoring), 1),
                                     scoring=_(SCORING_LABELS[scoring]))
    defence = ngettext(
        "Defence won {won} of {defences} ({percent}) · lost overbid {overbid} of {games} game "
        "as soloist",
        "Defence won {won} of {defences} ({percent}) · lost overbid {overbid} of {games} games "
        "as soloist", f.solo_games).format(
            won=format_number(f.defences_won), defences=format_number(f.defences),
            percent=_percent(f.defences_won, f.defences), overbid=format_number(f.overbid),
            games=format_number(f.solo_games))
    return Text.assemble((deals, "bold"), "\n", defence)


def games_table(f: Figures) -> Table | Text:
    if not f.games:
        return Text(_("No games as soloist yet."), style="dim")
    table = _table(_("soloist"), _("games"), _("won"), _("lost"), _("won %"), _("avg value"))
    for g in f.games:
        table.add_row(Text(_(g.game)), str(g.played), str(g.won), str(g.lost),
                      _percent(g.won, g.played), format_number(g.average_value, 1))
    table.add_row(Text(_("all"), style="bold"), str(f.solo_games), str(f.solo_won),
                  str(f.solo_games - f.solo_won), _percent(f.solo_won, f.solo_games),
                  format_number(f.solo_value_sum / f.solo_games, 1) if f.solo_games else "-",
                  style="bold")
    return table


def extremes_table(f: Figures) -> Table:
    """Schneider and schwarz in suit and grand games, from each side."""
    table = _table("", _("made schneider"), _("made schwarz"), _("got schneider"),
                   _("got schwarz"))
    for side, e in ((_("as soloist"), f.as_soloist), (_("as defender"), f.as_defender)):
        table.add_row(Text(side), str(e.made_schneider), str(e.made_schwarz),
                      str(e.got_schneider), str(e.got_schwarz))
    return table


def levels_table(stats: Statistics, scoring: Scoring) -> Table | Text:
    if not stats.by_level:
        return Text(_("No deals in these filters."), style="dim")
    per_deal = _("SF/deal") if scoring == Scoring.SEEGER_FABIAN else _("std/deal")
    table = _table(_("against"), _("deals"), per_deal, _("solo"), _("won"), _("avg"),
                   _("overbid"), _("defence"), _("schneider"))
    for level, f in stats.by_level:
        avg = format_number(f.solo_value_sum / f.solo_games, 1) if f.solo_games else "-"
        table.add_row(safe_text(seat_name(level)), str(f.deals),
                      format_signed(f.per_deal(scoring), 1),
                      str(f.solo_games), _percent(f.solo_won, f.solo_games), avg,
                      str(f.overbid), _percent(f.defences_won, f.defences),
                      f"{f.as_soloist.made_schneider}/{f.as_soloist.got_schneider}")
    return table


LEVELS_KEY = N_(
    "solo: games as soloist · won: their share · avg: their average value · overbid: "
    "lost as overbid · defence: share won · schneider: made / got as soloist")


def dailies_table(stats: Statistics) -> Table | Text:
    if not stats.dailies:
        return Text(_("No dailies in these filters: d on the start screen plays today's."),
                    style="dim")
    table = _table(_("daily"), _("attempt"), _("deals"), "Seeger-Fabian", _("standard"))
    for a in reversed(stats.dailies):
        attempt = {True: _("scored"), False: _("practice"), None: "-"}[a.scored]
        table.add_row(Text(_day(a.day)), attempt, str(a.deals), format_signed(a.seeger_fabian),
                      format_signed(a.standard))
    return table


def days_table(stats: Statistics, scoring: Scoring) -> Table | Text:
    if not stats.days:
        return Text("")
    sf = scoring == Scoring.SEEGER_FABIAN
    table = _table(_("day"), _("deals"), _("SF") if sf else _("std"),
                   _("SF/deal") if sf else _("std/deal"))
    for d in reversed(stats.days):
        total = d.standard if scoring == Scoring.STANDARD else d.seeger_fabian
        table.add_row(Text(_day(d.day)), str(d.deals), format_signed(total),
                      format_signed(d.per_deal(scoring), 1))
    return table


class Counted(Message):
    """The worker has read the history (if ``reload``) and counted it."""

    def __init__(self, generation: int, reload: bool, history: History, error: str | None,
                 stats: Statistics) -> None:
        super().__init__()
        self.generation = generation
        self.reload = reload
        self.history = history
        self.error = error
        self.stats = stats


def _ticks(labels: list[str], most: int = 5) -> tuple[list[float], list[str]]:
    """At most ``most`` evenly spread tick positions and their labels."""
    if len(labels) <= most:
        return [float(i) for i in range(len(labels))], labels
    step = (len(labels) - 1) / (most - 1)
    picks = sorted({round(i * step) for i in range(most)})
    return [float(i) for i in picks], [labels[i] for i in picks]


class StatsScreen(Screen[None]):
    """The statistics of ``storage``'s history (None: the default :class:`Storage`)."""

    CSS_PATH = "../styles/stats.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "next_kind", N_("Kind")),
        Binding("p", "next_player", N_("Player")),
        Binding("s", "toggle_scoring", N_("SF / std")),
        Binding("left_square_bracket", "match(-1)", N_("Match"), key_display="[ ]"),
        Binding("right_square_bracket", "match(1)", N_("Next match"), show=False),
        *(Binding(str(n), f"tab('{tab}')", TAB_LABELS[tab], show=False)
          for n, tab in enumerate(TABS, 1)),
        Binding("r", "reload", N_("Reload")),
        Binding("escape", "close", N_("Back"), key_display="Esc"),
    ]

    def __init__(self, storage: Storage | None = None) -> None:
        super().__init__()
        self.storage = storage if storage is not None else Storage()
        self.history = History([])
        self.error: str | None = None
        self.filters = Filters()
        self.scoring = Scoring.SEEGER_FABIAN
        self.stats = compute([])
        self.match_index = -1
        """Which match the running-totals chart shows (-1: the latest)."""
        self.kinds: list[str] = []
        self.players: list[str] = []
        self.reading = True
        """The history is being read (the first time, or after r).  (Not
        ``loading``: that is Textual's loading indicator.)"""
        self._generation = 0
        """Counts the loads and recomputations asked for; only the latest is shown."""

    def compose(self) -> ComposeResult:
        yield Static(id="stats-title", classes="list-title")
        with Horizontal(id="stats-filters"):
            yield Label(_("From") + " ")
            yield Input(placeholder=_("YYYY-MM-DD"), id="stats-from", compact=True,
                        max_length=10)
            yield Label(" " + _("to") + " ")
            yield Input(placeholder=_("YYYY-MM-DD"), id="stats-to", compact=True,
                        max_length=10)
            yield Select[str]([(Text(_("every kind")), ALL)], id="stats-kind", compact=True,
                              allow_blank=False, value=ALL)
            yield Select[str]([(Text(_("every human seat")), ALL)], id="stats-player",
                              compact=True, allow_blank=False, value=ALL)
        yield Static(id="stats-message", classes="list-message")
        with TabbedContent(id="stats-tabs"):
            with TabPane(f"1 {_(TAB_LABELS['figures'])}", id="figures"), VerticalScroll():
                yield Static(id="stats-summary")
                yield Static(id="stats-games")
                yield Static(id="stats-extremes")
            with TabPane(f"2 {_(TAB_LABELS['levels'])}", id="levels"), VerticalScroll():
                yield Static(id="stats-levels")
            with TabPane(f"3 {_(TAB_LABELS['dailies'])}", id="dailies"), VerticalScroll():
                yield Static(id="stats-dailies")
                yield Static(id="stats-days")
            with TabPane(f"4 {_(TAB_LABELS['time'])}", id="time"):
                yield PlotextPlot(id="plot-time")
            with TabPane(f"5 {_(TAB_LABELS['match'])}", id="match"):
                yield PlotextPlot(id="plot-match")
            with TabPane(f"6 {_(TAB_LABELS['cards'])}", id="cards"):
                yield PlotextPlot(id="plot-cards")
        yield Static(id="stats-notes", classes="list-note -empty")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.load()
        self.query_one("#stats-tabs Tabs").focus()

    async def retranslate(self) -> None:
        """Show the statistics in the language just chosen (the figures stay)."""
        await self.recompose()
        self._fill_selects()
        self.show()

    # -- data ----------------------------------------------------------------------

    def load(self) -> None:
        """Read the history again and show its statistics (in a worker thread:
        a long history never holds up the screen)."""
        self._generation += 1
        self.reading = True
        self._work(self._generation, True, self.filters)
        self.show()

    def recompute(self) -> None:
        """Count again with the current filters (in a worker thread)."""
        self._generation += 1
        self._work(self._generation, False, self.filters)

    @work(thread=True, group="stats")
    def _work(self, generation: int, reload: bool, filters: Filters) -> None:
        history, error = self.history, self.error
        if reload:
            try:
                history, error = load_history(self.storage), None
            except StorageError as e:
                history, error = History([]), e.message
        stats = compute(history.deals, filters)
        self.post_message(Counted(generation, reload, history, error, stats))

    def on_counted(self, message: Counted) -> None:
        message.stop()
        if message.generation != self._generation:
            return  # a later load or filter has been asked for meanwhile
        reload, history = message.reload, message.history
        self.history, self.error, self.stats = history, message.error, message.stats
        self.reading = False
        self.match_index = -1
        if reload:
            self.kinds = kinds_in(history.deals)
            self.players = players_in(history.deals)
            if self.filters.player is not None and self.filters.player not in self.players:
                self.players.append(self.filters.player)
            self._fill_selects()
        self.show()

    def _fill_selects(self) -> None:
        kind = self.query_one("#stats-kind", Select)
        kind.set_options([(Text(_("every kind")), ALL),
                          *((Text(kind_name(k)), k) for k in self.kinds)])
        kind.value = next(iter(self.filters.kinds), ALL)
        player = self.query_one("#stats-player", Select)
        player.set_options([(Text(_("every human seat")), ALL),
                            *((Text(shown_name(p), no_wrap=True, overflow="ellipsis"), p)
                              for p in self.players)])
        player.value = self.filters.player if self.filters.player is not None else ALL

    # -- showing ---------------------------------------------------------------------

    def show(self) -> None:
        s = self.stats
        n = len(self.history.deals)
        if self.filters.player is None:
            heading = (_("Statistics · reading the history…") if self.reading else
                       ngettext("Statistics · {count} deal in the history",
                                "Statistics · {count} deals in the history", n))
        else:
            heading = (_("Statistics of {player} · reading the history…") if self.reading else
                       ngettext("Statistics of {player} · {count} deal in the history",
                                "Statistics of {player} · {count} deals in the history", n))
        # the player's name is from the history: text, never markup
        title = Text(heading.format(player=shown_name(self.filters.player or ""),
                                    count=format_number(n)),
                     style="bold")
        self.query_one("#stats-title", Static).update(title)
        message = self.query_one("#stats-message", Static)
        nothing = self.error is not None or not self.history.deals
        if self.reading and not self.history.deals:
            message.update(Text(_("Reading the history…"), style="dim"))
        elif self.error is not None:
            message.update(Text.assemble(
                (_("The statistics cannot be shown: {error}").format(error=self.error),
                 "bold red"),
                "\n\n" + _("r tries again · Esc goes back")))
        elif not self.history.deals:
            message.update(Text(
                _("No finished deals yet ({path}).\n\nPlay a match and your statistics appear "
                  "here: games as soloist, defence, points per deal, dailies, with "
                  "charts.").format(path=self.storage.history_path)))
        message.display = nothing
        self.query_one("#stats-filters").display = not nothing
        self.query_one("#stats-tabs").display = not nothing
        self.query_one("#stats-summary", Static).update(
            summary_text(s.overall, self.scoring) if not s.empty
            else Text(_("No deals of yours in these filters."), style="bold"))
        self.query_one("#stats-games", Static).update(games_table(s.overall))
        self.query_one("#stats-extremes", Static).update(extremes_table(s.overall))
        self.query_one("#stats-levels", Static).update(Group(
            levels_table(s, self.scoring), Text(""), Text(_(LEVELS_KEY), style="dim")))
        self.query_one("#stats-dailies", Static).update(dailies_table(s))
        self.query_one("#stats-days", Static).update(days_table(s, self.scoring))
        self.draw_time()
        self.draw_match()
        self.draw_cards()
        notes = list(self.history.warnings)
        if s.unplaced:
            notes.insert(0, ngettext(
                "{count} older deal does not say who sat where: choose a player (p) to count "
                "it",
                "{count} older deals do not say who sat where: choose a player (p) to count "
                "them", s.unplaced).format(count=format_number(s.unplaced)))
        note = self.query_one("#stats-notes", Static)
        note.update(Text("\n".join(f"⚠ {n}" for n in notes)))
        note.set_class(not notes, "-empty")
        self.refresh_bindings()

    def _cleared(self, chart_id: str) -> tuple[PlotextPlot, Plot]:
        """A chart and its plot, the last data and figure cleared, to draw
        afresh (and refresh when drawn)."""
        widget = self.query_one(chart_id, PlotextPlot)
        widget.plt.clear_data()
        widget.plt.clear_figure()
        return widget, widget.plt

    def draw_time(self) -> None:
        widget, plt = self._cleared("#plot-time")
        days = self.stats.days
        label = _(SCORING_LABELS[self.scoring])
        plt.title(_("Points per deal by day ({scoring})").format(scoring=label))
        if days:
            values = [d.per_deal(self.scoring) for d in days]
            xs = list(range(len(days)))
            plt.plot(xs, values, marker="braille")
            plt.scatter(xs, values, marker="●")
            plt.hline(0)
            ticks, labels = _ticks([plain(d.day[5:]) for d in days])
            plt.xticks(ticks, labels)
        widget.refresh()

    @property
    def shown_match(self) -> MatchLine | None:
        matches = self.stats.matches
        if not matches:
            return None
        return matches[max(0, min(len(matches) - 1, self.match_index % len(matches)))]

    def draw_match(self) -> None:
        widget, plt = self._cleared("#plot-match")
        match = self.shown_match
        if match is None:
            plt.title(_("Running totals: no match in these filters"))
        else:
            n = self.stats.matches.index(match) + 1
            kinds = ", ".join(sorted(match.kinds))
            plt.title(plain(_("Match {number} of {count} · {date} · {kinds} · {scoring}").format(
                number=n, count=len(self.stats.matches), date=_day(match.date[:10]),
                kinds=kinds, scoring=_(SCORING_LABELS[self.scoring]))))
            totals = match.running_totals(self.scoring)
            xs = list(range(len(match.deals) + 1))
            for name, values in totals.items():
                plt.plot(xs, [0, *values], label=plain(shown_name(name))[:20], marker="braille")
            shown = xs if len(xs) <= 13 else xs[:: max(1, len(xs) // 6)]
            plt.xticks([float(x) for x in shown])
            plt.xlabel(_("deal"))
        widget.refresh()

    def draw_cards(self) -> None:
        widget, plt = self._cleared("#plot-cards")
        points = self.stats.overall.card_points
        reached = sum(1 for p in points if p >= WON_AT)
        plt.title(_("Soloist's card points, suit and grand: {reached} of {games} reached "
                    "{needed}").format(reached=reached, games=len(points), needed=WON_AT))
        if points:
            bins = [0] * 12  # 0-10, 11-20, ..., 51-60 lost; 61-70 ... 111-120 won
            for p in points:
                bins[max(0, p - 1) // 10] += 1
            labels = [f"≤{10 * (i + 1)}" for i in range(12)]
            lost = [n if i < 6 else 0 for i, n in enumerate(bins)]
            won = [n if i >= 6 else 0 for i, n in enumerate(bins)]
            plt.bar(labels, lost, color="red", label=_("lost (≤60)"))
            plt.bar(labels, won, color="green", label=_("won (61+)"))
            top = max(bins)
            plt.yticks([float(y) for y in range(0, top + 1, max(1, top // 5))])
        widget.refresh()

    # -- filters -------------------------------------------------------------------

    def _parse_day(self, widget: Input) -> tuple[bool, date | None]:
        text = widget.value.strip()
        if not text:
            return True, None
        try:
            return True, date.fromisoformat(text)
        except ValueError:
            return False, None

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        ok_from, start = self._parse_day(self.query_one("#stats-from", Input))
        ok_to, end = self._parse_day(self.query_one("#stats-to", Input))
        event.input.set_class(not (ok_from if event.input.id == "stats-from" else ok_to),
                              "-invalid")
        if ok_from and ok_to and (start, end) != (self.filters.start, self.filters.end):
            self.filters = Filters(start, end, self.filters.kinds, self.filters.player)
            self.recompute()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one("#stats-tabs Tabs").focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        value = event.value
        if event.select.id == "stats-kind":
            kinds = frozenset() if value in (ALL, Select.BLANK) else frozenset({str(value)})
            if kinds != self.filters.kinds:
                self.filters = Filters(self.filters.start, self.filters.end, kinds,
                                       self.filters.player)
                self.recompute()
        elif event.select.id == "stats-player":
            player = None if value in (ALL, Select.BLANK) else str(value)
            if player != self.filters.player:
                self.filters = Filters(self.filters.start, self.filters.end,
                                       self.filters.kinds, player)
                self.recompute()

    def _cycle(self, select_id: str, values: list[str]) -> None:
        select = self.query_one(select_id, Select)
        order = [ALL, *values]
        current = select.value if select.value in order else ALL
        select.value = order[(order.index(str(current)) + 1) % len(order)]

    def action_next_kind(self) -> None:
        self._cycle("#stats-kind", self.kinds)

    def action_next_player(self) -> None:
        self._cycle("#stats-player", self.players)

    def action_toggle_scoring(self) -> None:
        self.scoring = (Scoring.STANDARD if self.scoring == Scoring.SEEGER_FABIAN
                        else Scoring.SEEGER_FABIAN)
        self.show()

    def action_match(self, step: int) -> None:
        if self.stats.matches:
            self.match_index = (self.match_index + step) % len(self.stats.matches)
            self.query_one("#stats-tabs", TabbedContent).active = "match"
            self.draw_match()

    def action_tab(self, tab: str) -> None:
        if not self.query_one("#stats-tabs").display:
            return
        self.query_one("#stats-tabs", TabbedContent).active = tab

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("next_kind", "next_player", "toggle_scoring", "tab"):
            return True if self.history.deals else None
        if action == "match":
            return True if len(self.stats.matches) > 1 else None
        return True

    def action_reload(self) -> None:
        self.load()

    def action_close(self) -> None:
        close_or_exit(self)


__all__ = [
    "StatsScreen",
    "dailies_table",
    "days_table",
    "extremes_table",
    "games_table",
    "levels_table",
    "plain",
    "summary_text",
]
