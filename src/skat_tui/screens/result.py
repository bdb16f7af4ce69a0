"""After a deal: the result with its reasoning, then the score sheet.

These screens show a finished deal, where every card may be seen (the view's
``revealed`` deal); they never open while a deal is being played.
"""

from __future__ import annotations

from typing import ClassVar

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from skat_core.match import DealOutcome, Match, Scoring
from skat_core.rules import GameType

from ..deck import DeckStyle, cards_line, sort_hand
from ..footer import Footer
from ..i18n import N_, _, format_signed, ngettext
from ..safe_text import safe_text, visible
from ..settings import rule_set_name
from .text import contract_text, explain_result, kontra_name, position_name

SCORING_NAMES = {Scoring.SEEGER_FABIAN: "Seeger-Fabian", Scoring.STANDARD: N_("Standard")}

STOPPED = {
    "claim": N_("Play stopped early: the defenders accepted the claim."),
    "defenders": N_("Play stopped early: the defenders gave up."),
    "soloist": N_("Play stopped early: the soloist gave up."),
    "left": N_("Play stopped early: a defender left the table."),
}
"""How play stopped early, by :attr:`GameResult.conceded`."""


def signed(n: int) -> str:
    return format_signed(n) if n else "0"


class DealResultScreen(ModalScreen[None]):
    """What happened in the deal and why it scores what it scores."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", N_("Score sheet"), key_display="⏎"),
        Binding("a", "analyse", N_("Analyse")),
    ]

    def __init__(
        self, outcome: DealOutcome, names: tuple[str, ...], deals: int, deck: DeckStyle,
        scoring: Scoring, *, title: str | None = None, close_label: str = N_("Score sheet"),
    ) -> None:
        super().__init__()
        self.outcome = outcome
        self.names = names
        self.deals = deals
        self.deck = deck
        self.scoring = scoring
        self.heading = title
        """Replaces 'Deal n of m' (a practice deal from a replay)."""
        self.close_label = close_label

    @property
    def played(self) -> bool:
        """A game was played (there is something to analyse)."""
        return self.outcome.result.soloist is not None and self.outcome.state.contract is not None

    def compose(self) -> ComposeResult:
        o = self.outcome
        r = o.result
        state = o.state  # the deal is over: everything may be shown
        deck = self.deck
        lines: list[Text] = []
        names = tuple(visible(n) for n in self.names)  # names come from records and people
        game = r.contract.game if r.contract else None
        if r.soloist is None:
            lines.append(Text(explain_result(r, deck), style="bold"))
            lines.append(Text(_("The deal counts as played and scores 0.")))
        else:
            assert r.contract is not None
            soloist = names[o.seats[r.soloist]]
            headline = (_("Soloist {name}: {contract}, bid {bid} — WON") if r.won
                        else _("Soloist {name}: {contract}, bid {bid} — LOST"))
            lines.append(Text(headline.format(name=soloist, bid=r.bid,
                                              contract=contract_text(r.contract, deck)),
                              style="bold green" if r.won else "bold red"))
            lines.append(Text(explain_result(r, deck)))
            if r.contract.game == GameType.NULL:
                if r.soloist_tricks == 0:
                    lines.append(Text(_("The soloist took no trick.")))
                else:
                    lines.append(Text(ngettext("The soloist took {n} trick.",
                                               "The soloist took {n} tricks.",
                                               r.soloist_tricks).format(n=r.soloist_tricks)))
            elif r.conceded == "soloist":
                # Play stopped: count what each side had taken by then (the
                # tricks not played belong to nobody).
                solo_tricks = state.tricks[r.soloist]
                defender_tricks = sum(state.tricks) - solo_tricks
                lines.append(Text(ngettext(
                    "When play stopped the soloist had {n} trick with {points} card points,",
                    "When play stopped the soloist had {n} tricks with {points} card points,",
                    solo_tricks).format(n=solo_tricks, points=r.soloist_points)))
                lines.append(Text(ngettext(
                    "the defenders {n} trick with {points} card points.",
                    "the defenders {n} tricks with {points} card points.",
                    defender_tricks).format(n=defender_tricks, points=r.defender_points)))
            else:
                if r.schwarz:
                    template = _("Card points: {name} {points}, defenders {defenders} · tricks "
                                 "{tricks}:{defender_tricks} · schwarz")
                elif r.schneider:
                    template = _("Card points: {name} {points}, defenders {defenders} · tricks "
                                 "{tricks}:{defender_tricks} · schneider")
                else:
                    template = _("Card points: {name} {points}, defenders {defenders} · tricks "
                                 "{tricks}:{defender_tricks}")
                lines.append(Text(template.format(
                    name=soloist, points=r.soloist_points, defenders=r.defender_points,
                    tricks=r.soloist_tricks, defender_tricks=10 - r.soloist_tricks)))
            if r.conceded:
                how = STOPPED.get(r.conceded)
                lines.append(Text(_(how) if how else r.conceded))
        skat = Text(_("Skat as dealt:") + " ")
        skat.append_text(cards_line(sort_hand(state.deal.skat, game), deck))
        if state.picked_up:
            skat.append("   " + _("put back:") + " ")
            skat.append_text(cards_line(sort_hand(state.skat, game), deck))
        elif r.soloist is not None:
            skat.append("   " + _("(hand game: not picked up)"))
        lines.append(skat)
        lines.append(Text(_("As dealt"), style="bold"))
        width = max(len(n) for n in names)
        seat_width = max(10, *(len(position_name(s)) for s in range(3)))
        for seat, player in enumerate(o.seats):
            row = Text(f"  {names[player]:<{width}}  "
                       f"{position_name(seat):<{seat_width}}  ")
            if r.soloist == seat:
                row.stylize("bold")
            row.append_text(cards_line(sort_hand(state.deal.hands[seat], game), deck))
            lines.append(row)
        own = o.seeger_fabian if self.scoring == Scoring.SEEGER_FABIAN else o.standard
        score = Text(_("This deal:") + " ")
        score.append(" · ".join(
            f"{names[p]} {signed(v)}" for p, v in enumerate(own)
        ))
        score.append(f"  ({_(SCORING_NAMES[self.scoring])})", style="dim")
        lines.append(score)
        body = Text("\n").join(lines)
        with Vertical(classes="dialog result"):
            title = self.heading or _("Deal {number} of {deals}").format(number=o.number + 1,
                                                                         deals=self.deals)
            yield Static(safe_text(title, "bold"), classes="dialog-title")
            yield Static(body, id="result-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button(  # close_label is the app's own words
                    f"{_(self.close_label)}  [dim]⏎[/]", id="to-sheet", variant="primary",
                    compact=True,
                )
                if self.played:
                    yield Button(f"{_('Analyse')}  [dim]a[/]", id="analyse", compact=True)
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "analyse":
            return self.played
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "analyse":
            self.action_analyse()
        else:
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_analyse(self) -> None:
        """The double-dummy analysis of this deal, card by card."""
        if not self.played:
            return
        from .analysis import AnalysisScreen

        o = self.outcome
        names = tuple(self.names[p] for p in o.seats)
        self.app.push_screen(AnalysisScreen(o.state, names, self.deck))


def score_table(match: Match, names: tuple[str, ...], deck: DeckStyle) -> Table:
    """One row per deal (the game and each player's running total in the
    match's list), then the totals in both lists."""
    scoring = match.config.scoring
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, expand=False, show_edge=False)
    table.add_column("#", justify="right")
    table.add_column(_("Game"))
    table.add_column(_("Score"), justify="right")
    for name in names:
        table.add_column(safe_text(name), justify="right", max_width=12)
    running = match.running_totals(scoring)
    for outcome, totals in zip(match.outcomes, running, strict=True):
        r = outcome.result
        row = outcome.seeger_fabian if scoring == Scoring.SEEGER_FABIAN else outcome.standard
        if r.ramsch is not None:
            # The Ramsch's loser (or the Durchmarsch's winner) and his score.
            who = r.ramsch.durchmarsch if r.ramsch.durchmarsch is not None \
                else r.ramsch.losers[0]
            game = Text((_("{name}: Ramsch Durchmarsch") if r.ramsch.durchmarsch is not None
                         else _("{name}: Ramsch")).format(name=names[outcome.seats[who]]))
            value = row[outcome.seats[who]]
            score = Text(signed(value), style="green" if value > 0 else "red")
        elif r.soloist is None or r.contract is None:
            game, score = Text(_("passed in"), style="dim"), Text("0", style="dim")
        else:
            soloist = visible(names[outcome.seats[r.soloist]])
            game = Text(_("{name}: {contract}").format(
                name=soloist, contract=contract_text(r.contract, deck, short=True)))
            if r.kontra:
                game.append(f" {kontra_name(r.kontra)}", style="bold red")
            value = row[outcome.seats[r.soloist]]
            score = Text(signed(value), style="green" if r.won else "red")
        number = Text(str(outcome.number + 1))
        if outcome.state.bock > 1:
            # A Bock deal: marked on the sheet, ×2 (×4 under two rounds).
            number.append(" B" if outcome.state.bock == 2 else f" B{outcome.state.bock}",
                          style="bold magenta")
        table.add_row(number, game, score, *(str(t) for t in totals))
    table.add_section()
    for kind in (scoring, *(s for s in Scoring if s != scoring)):
        totals = match.totals(kind)
        best = max(totals) if match.outcomes else None
        cells = [
            Text(str(t), style="bold" if t == best and kind == scoring else "")
            for t in totals
        ]
        table.add_row("", Text(_("Total, {scoring}").format(scoring=_(SCORING_NAMES[kind])),
                               style="bold"), "", *cells)
    won, lost = games_won_lost(match)
    table.add_row(
        "", Text(_("Games won / lost"), style="bold"), "",
        *(_("{won} / {lost}").format(won=w, lost=n) for w, n in zip(won, lost, strict=True)),
    )
    return table


def games_won_lost(match: Match) -> tuple[list[int], list[int]]:
    """For each player, how many games they won and lost as the soloist."""
    won = [0] * match.players
    lost = [0] * match.players
    for outcome in match.outcomes:
        r = outcome.result
        if r.soloist is None or r.contract is None:
            continue
        player = outcome.seats[r.soloist]
        (won if r.won else lost)[player] += 1
    return won, lost


class ScoreSheetScreen(ModalScreen[str]):
    """The score sheet; dismissed with 'next', 'new', 'menu' (the start
    screen), 'quit' or 'close'."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "next", N_("Next deal"), key_display="⏎"),
        Binding("n", "new", N_("New match")),
        Binding("m", "menu", N_("Start screen")),
        Binding("q", "quit_match", N_("Quit")),
        Binding("escape", "close", N_("Close"), show=False),
    ]

    def __init__(
        self, match: Match, names: tuple[str, ...], deck: DeckStyle, browsing: bool = False
    ) -> None:
        super().__init__()
        self.match = match
        self.names = names
        self.deck = deck
        self.browsing = browsing
        """Opened during a deal just to look: no 'next deal'."""

    @property
    def final(self) -> bool:
        return self.match.is_over and not self.browsing

    def compose(self) -> ComposeResult:
        m = self.match
        played = len(m.outcomes)
        scoring = _(SCORING_NAMES[m.config.scoring])
        # with Bock deals left the rules and the Bock count take a line of their
        # own: in one they wrapped at 80 columns in every language
        second = ""
        if m.rules.is_tournament:
            first = _("Score sheet · {scoring} · {played} of {deals} deals")
        elif m.bock_left:
            first = _("Score sheet · {scoring} · {played} of {deals} deals")
            second = ngettext("{rules} rules · Bock: {bock} deal left",
                              "{rules} rules · Bock: {bock} deals left", m.bock_left)
        else:
            first = _("Score sheet · {scoring} · {played} of {deals} deals · {rules} rules")
        words = {"scoring": scoring, "played": played, "deals": m.config.deals,
                 "rules": rule_set_name(m.rules.name), "bock": m.bock_left}
        title = Text(first.format(**words), style="bold")
        if second:
            title.append("\n" + second.format(**words), style="magenta")
        with Vertical(classes="dialog sheet"):
            yield Static(title, classes="dialog-title", id="sheet-title")
            if self.final:
                totals = m.totals()
                winners = [visible(self.names[p]) for p in m.winners()]
                if len(winners) == 1:
                    over = _("Match over — winner: {name}, with {points}.").format(
                        name=winners[0], points=max(totals))
                else:
                    over = _("Match over — winners: {names}, with {points}.").format(
                        names=_(" and ").join(winners), points=max(totals))
                yield Static(Text(over, style="bold"), id="match-winner")
            # a long match scrolls (↑/↓) so that the sheet fits 80×24, the
            # totals in view
            with VerticalScroll(id="score-scroll"):
                yield Static(score_table(m, self.names, self.deck), id="score-table")
            with Horizontal(classes="dialog-buttons"):
                if self.browsing:
                    yield Button(f"{_('Close')}  [dim]Esc[/]", id="close", compact=True)
                elif self.final:
                    yield Button(f"{_('New match')}  [dim]n[/]", id="new", variant="primary",
                                 compact=True)
                    yield Button(_("Start screen") + "  [dim]m[/]", id="menu", compact=True)
                    yield Button(f"{_('Quit')}  [dim]q[/]", id="quit", variant="error",
                                 compact=True)
                else:
                    yield Button(f"{_('Next deal')}  [dim]⏎[/]", id="next", variant="primary",
                                 compact=True)
        yield Footer()

    def on_mount(self) -> None:
        scroll = self.query_one("#score-scroll", VerticalScroll)
        self.call_after_refresh(scroll.scroll_end, animate=False)  # the totals in view

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next":
            return not self.final and not self.browsing
        if action in ("new", "menu"):
            return self.final
        if action == "close":
            return self.browsing
        if action == "quit_match":
            return not self.browsing
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "close")

    def action_next(self) -> None:
        self.dismiss("next")

    def action_new(self) -> None:
        self.dismiss("new")

    def action_close(self) -> None:
        self.dismiss("close")

    def action_menu(self) -> None:
        self.dismiss("menu")

    def action_quit_match(self) -> None:
        self.dismiss("quit")
