"""Analyse a deal: what the double-dummy solver says about every card played.

The computation is :mod:`skat_core.analysis`; this screen runs it off the
UI thread and shows it as it comes in, trick by trick: the card played, what
it gave (the soloist's final card points with best play from then on, or for
a null game whether the soloist takes a trick), the best card and what that
would have given, and the marks (61, 90, 30) a card moved the game across.
Above the table, the answer to "could the soloist have won?" (or the
defenders).

The solver runs as a program of its own (``python -m skat_core.analysis``),
started and read by a ``@work(thread=True)`` worker: the screen stays quick
while it searches, and closing the screen (or quitting) stops it at once,
even in the middle of the first, longest search.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import DataTable, ProgressBar, Static
from textual.worker import get_current_worker

from skat_core.analysis import (
    SCHNEIDER,
    SCHNEIDERED,
    WIN,
    CardChoice,
    DealAnalysis,
    analysable,
    card_count,
    choice_at,
    choice_from_json,
    positions,
    start_value,
    thresholds_crossed,
)
from skat_core.game import GameState, Play
from skat_core.records import record_from_state

from ..deck import DeckStyle, card_text
from ..footer import Footer
from ..i18n import N_, _, format_signed, ngettext
from ..safe_text import safe_text, visible
from .table_log import fill
from .text import contract_text

_CACHE: dict[tuple[object, ...], DealAnalysis] = {}
"""Finished analyses by deal and actions: opening one again is instant."""
_CACHE_SIZE = 16


def _key(state: GameState) -> tuple[object, ...]:
    return (state.deal, state.history)


def cached(state: GameState) -> DealAnalysis | None:
    """The finished analysis of this deal, if it was made in this session."""
    return _CACHE.get(_key(state))


def _remember(analysis: DealAnalysis) -> None:
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[_key(analysis.state)] = analysis


def value_text(analysis: DealAnalysis, value: int, long: bool = False) -> str:
    """``64 won``; long: ``92 won, schneider``, ``24 lost, schneider
    against``; null: ``no trick, won``."""
    won = analysis.verdict(value).won
    if analysis.null:
        if value:
            return _("a trick, won") if won else _("a trick, lost")
        return _("no trick, won") if won else _("no trick, lost")
    if long and value >= SCHNEIDER:
        template = _("{points} won, schneider") if won else _("{points} lost, schneider")
    elif long and value <= SCHNEIDERED:
        template = (_("{points} won, schneider against") if won
                    else _("{points} lost, schneider against"))
    else:
        template = _("{points} won") if won else _("{points} lost")
    return template.format(points=value)


def change_notes(analysis: DealAnalysis, choice: CardChoice) -> list[str]:
    """What the card changed against the best one, for the player's side,
    in a few words: the game (61, or the null's no trick), schneider (90),
    the soloist schneider himself (30)."""
    if not choice.cost:
        return []
    best, played = choice.best, choice.played
    notes: list[str] = []
    turned = analysis.verdict(best).won != analysis.verdict(played).won
    mine = choice.soloist_side
    if analysis.null:
        if turned:
            notes.append(_("loses the null") if mine else _("gives the null"))
        return notes
    if turned:
        notes.append(_("loses the game") if mine else _("gives the game"))
    for mark in thresholds_crossed(best, played):
        if mark == SCHNEIDER:
            notes.append(_("misses 90") if mine else _("gives 90"))
        elif mark == SCHNEIDERED:
            notes.append(_("falls to 30") if mine else _("out of 30"))
        elif mark == WIN and not turned:
            # overbid or announced: 61 did not decide it
            notes.append(_("crosses {points}").format(points=WIN))
    return notes


def story(
    analysis: DealAnalysis, choice: CardChoice, names: Sequence[str], deck: DeckStyle
) -> str:
    """One card that cost its side something, in words: ``Trick 9: Cid
    played J♠ — best was Q♦, which keeps 64 points (won); J♠ gave 60 (lost)``."""
    who = names[choice.seat]
    card = card_text(choice.card, deck)
    best = _(" or ").join(card_text(c, deck) for c in choice.best_cards[:2])
    soloist = names[analysis.soloist]
    if analysis.null:
        def said(v: int) -> str:  # the soloist by role: a name may be "You"
            won = analysis.verdict(v).won
            if v:
                return (_("the soloist takes a trick (won)") if won
                        else _("the soloist takes a trick (lost)"))
            return (_("the soloist takes no trick (won)") if won
                    else _("the soloist takes no trick (lost)"))

        return _("Trick {number}: {name} played {card} — best was {best}: {best_gives}; with "
                 "{card} {played_gives}").format(
            number=choice.trick, name=who, card=card, best=best, best_gives=said(choice.best),
            played_gives=said(choice.played))
    verdict = {True: N_("won"), False: N_("lost")}
    wb = _(verdict[analysis.verdict(choice.best).won])
    wp = _(verdict[analysis.verdict(choice.played).won])
    if choice.soloist_side:
        template = _("Trick {number}: {name} played {card} — best was {best}, which keeps "
                     "{best_points} points ({best_verdict}); {card} gave {points} ({verdict})")
    else:
        template = _("Trick {number}: {name} played {card} — best was {best}, which holds "
                     "{soloist} to {best_points} ({best_verdict}); {card} gave {points} "
                     "({verdict})")
    return template.format(number=choice.trick, name=who, card=card, best=best,
                           best_points=choice.best, best_verdict=wb, soloist=soloist,
                           points=choice.played, verdict=wp)


def summary_lines(
    analysis: DealAnalysis, names: Sequence[str], deck: DeckStyle
) -> list[Text]:
    """The verdict at the top: what happened, what best play gives, and
    whether the game could have gone the other way (and where)."""
    state = analysis.state
    if analysis.not_analysed is not None:
        return [Text(_("A Ramsch has no soloist: every player plays for himself, and the "
                       "solver judges a soloist against two defenders, so there is nothing "
                       "to analyse."))]
    if not analysis.played_game:
        return [Text(_("Nobody played a game in this deal: there is nothing to analyse."))]
    assert analysis.contract is not None
    soloist = names[analysis.soloist]
    head = fill(_("{name}: {contract}, bid {bid}"), name=Text(soloist, style="bold"),
                contract=contract_text(analysis.contract, deck), bid=str(state.bid))
    lines = [head]
    actual = analysis.actual
    if actual is not None:
        r = state.result
        assert r is not None
        line = fill(_("Played: {result} ({score})"),
                    result=Text(value_text(analysis, actual, long=True),
                                style="bold green" if r.won else "bold red"),
                    score=format_signed(r.score))
        if r.conceded:
            line.append(" · " + _("play stopped early ({how})").format(how=r.conceded),
                        style="dim")
        lines.append(line)
    if analysis.start is not None:
        lines.append(fill(_("Best play by everyone from the first lead: {result}"),
                          result=Text(value_text(analysis, analysis.start, long=True),
                                      style="bold")))
    soloist_won = analysis.verdict(actual).won if actual is not None else None
    if soloist_won is False or soloist_won is None:
        question = _("Could {name} have won?").format(name=soloist) + " "
        turns = [c for c in analysis.turning_points() if c.soloist_side
                 and analysis.verdict(c.best).won]
    else:
        question = _("Could the defenders have won?") + " "
        turns = [c for c in analysis.turning_points() if not c.soloist_side
                 and not analysis.verdict(c.best).won]
    line = Text(question, style="bold")
    if turns:
        line.append(_("Yes — {story}").format(story=story(analysis, turns[-1], names, deck)))
        if len(turns) > 1:
            earlier = len(turns) - 1
            line.append(" " + ngettext("(and {count} earlier chance)",
                                       "(and {count} earlier chances)", earlier).format(
                                           count=earlier), style="dim")
    elif not analysis.complete:
        return lines  # no answer yet: the earlier tricks are still being solved
    elif soloist_won is False or soloist_won is None:
        line.append(_("No: against best defence from every point of the deal, {name} could "
                      "not win.").format(name=soloist))
    else:
        line.append(_("No: with every card they had, the defenders could not stop "
                      "{name}.").format(name=soloist))
    lines.append(line)
    if not analysis.complete:
        return lines
    costly = analysis.mistakes()
    line = Text(ngettext("{count} card cost points", "{count} cards cost points",
                         len(costly)).format(count=len(costly)), style="dim")
    if costly:
        by_seat = [sum(c.cost for c in costly if c.seat == seat) for seat in range(3)]
        who = ", ".join(f"{names[seat]} {by_seat[seat]}" for seat in range(3) if by_seat[seat])
        line.append(" " + (_("({players})") if analysis.null
                           else _("({players} points)")).format(players=who), style="dim")
    lines.append(line)
    return lines


class AnalysisTable(DataTable[Text]):
    """The cards, one row each; Enter shows the card in the replay (when the
    analysis was opened from one)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select_cursor", N_("Show in replay"), key_display="⏎"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "select_cursor":
            screen = self.screen
            if not isinstance(screen, AnalysisScreen) or not screen.can_jump:
                return False
            return True if self.row_count else None
        return True


class AnalysisScreen(ModalScreen[int | None]):
    """The analysis of one deal.  Dismissed with the action index of a card
    ("show it in the replay", only when ``can_jump``) or None."""

    CSS_PATH = "../styles/replay.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "toggle_mistakes", N_("Costly only")),
        Binding("escape,a", "close", N_("Close"), key_display="Esc"),
    ]

    class ChoiceReady(Message):
        def __init__(self, choice: CardChoice) -> None:
            super().__init__()
            self.choice = choice

    class Finished(Message):
        def __init__(self, start: int | None) -> None:
            super().__init__()
            self.start = start

    class Failed(Message):
        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    def __init__(
        self,
        state: GameState,
        names: Sequence[str],
        deck: DeckStyle = DeckStyle.FOUR_COLOUR,
        *,
        can_jump: bool = False,
        title: str = "",
    ) -> None:
        super().__init__()
        self.state = state
        self.names = tuple(visible(n) for n in names)  # shown only (and given to the solver)
        self.deck = deck
        self.can_jump = can_jump
        self.title_text = title
        self.total = card_count(state) if analysable(state) else 0
        self.choices: list[CardChoice] = []
        self.analysis: DealAnalysis | None = cached(state)
        self.mistakes_only = False
        self._process: subprocess.Popen[str] | None = None
        self._closing = False
        self._first_step = next(
            (i for i, (_, a) in enumerate(state.history) if isinstance(a, Play)), -1)

    # -- layout ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog analysis"):
            title = (_("Analysis · {title}").format(title=self.title_text) if self.title_text
                     else _("Analysis"))
            yield Static(safe_text(title, "bold"), classes="dialog-title")
            yield Static(id="analysis-summary")
            with Horizontal(id="analysis-progress"):
                yield Static("", id="analysis-status")
                yield ProgressBar(total=self.total or 1, show_eta=False, id="analysis-bar")
            yield AnalysisTable(id="analysis-table", cursor_type="row", zebra_stripes=True)
            yield Static(
                _("Values: the soloist's (*) card points at the end if everyone plays "
                  "perfectly from then on, all cards open (null: whether he takes a trick)."),
                id="analysis-legend",
            )
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(_("Tr"), _("Player"), _("Card"), _("Gives"), _("Best"), _("Cost"),
                          _("Changes"))
        played = analysable(self.state)
        if self.analysis is not None:
            self.choices = list(self.analysis.cards)
            self._show_all()
        elif not played:
            self.analysis = DealAnalysis(self.state, (), None, True)
            self._show_all()
            # Nothing was solved (a Ramsch, a deal nobody played): only the words.
            for part in ("#analysis-table", "#analysis-legend", "#analysis-progress"):
                self.query_one(part).display = False
        else:
            self._set_status(_("Solving {count} cards from the last one back (trick 1 is "
                               "slowest)…").format(count=self.total))
            self._show_summary()
            self._run()
        table.focus()

    def _set_status(self, text: str) -> None:
        self.query_one("#analysis-status", Static).update(safe_text(text))

    # -- the work -------------------------------------------------------------

    @work(thread=True, exclusive=True, group="analysis")
    def _run(self) -> None:
        """Run the solver as a program of its own (``python -m
        skat_core.analysis``) and pass on each card it reports.  Not in this
        thread: the solver is plain Python and would share one interpreter
        lock with the screen, which would then answer keys only slowly.  The
        program is killed when the screen closes or the app quits."""
        worker = get_current_worker()
        record = record_from_state(self.state, self.names)
        try:
            process = subprocess.Popen(
                [sys.executable, "-m", "skat_core.analysis"], stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, encoding="utf-8",
            )
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(json.dumps(record))
            process.stdin.close()
        except OSError:
            self._run_here()  # no programs can be started here: same answers, slower keys
            return
        self._process = process
        heard = False
        try:
            for line in process.stdout:
                heard = True
                if worker.is_cancelled:
                    return
                try:
                    item = json.loads(line)
                    if "error" in item:
                        self.post_message(self.Failed(str(item["error"])))
                        return
                    if item.get("done"):
                        start = item.get("start")
                        self.post_message(self.Finished(start if isinstance(start, int)
                                                        else None))
                        return
                    self.post_message(self.ChoiceReady(choice_from_json(item)))
                except (ValueError, KeyError, TypeError) as e:
                    self.post_message(self.Failed(
                        _("unreadable answer from the solver: {error}").format(error=e)))
                    return
            if worker.is_cancelled or self._closing:
                return
            if not heard:  # the program could not run here (a frozen app, say)
                self._run_here()
            else:
                self.post_message(self.Failed(_("the solver stopped early")))
        finally:
            self._stop()
            process.stdout.close()

    def _stop(self) -> None:
        process = self._process
        if process is not None and process.poll() is None:
            process.kill()
            process.wait(timeout=5)

    def on_unmount(self) -> None:
        self._closing = True
        self._stop()  # the worker, waiting for the next line, sees the end

    def _run_here(self) -> None:
        """The analysis in this worker thread (when no process can start),
        the last card first, stopping between cards when cancelled."""
        worker = get_current_worker()
        for step, before, card in reversed(list(positions(self.state))):
            if worker.is_cancelled or self._closing:
                return
            self.post_message(self.ChoiceReady(choice_at(before, step, card)))
        start = start_value(self.state) if not self.total else None
        self.post_message(self.Finished(start))

    @on(ChoiceReady)
    def _choice_ready(self, message: ChoiceReady) -> None:
        message.stop()
        choice = message.choice
        self.choices.append(choice)
        self.choices.sort(key=lambda c: c.step)
        self.query_one(ProgressBar).advance(1)
        done = len(self.choices)
        if done < self.total:
            self._set_status(ngettext("Tricks {trick}–10 solved, {count} card to go…",
                                      "Tricks {trick}–10 solved, {count} cards to go…",
                                      self.total - done).format(trick=choice.trick,
                                                                count=self.total - done))
        self._fill_table()
        self._show_summary()

    @on(Failed)
    def _failed(self, message: Failed) -> None:
        message.stop()
        self._set_status(_("The analysis stopped: {reason}").format(reason=message.reason))
        self.query_one("#analysis-status", Static).add_class("-failed")

    @on(Finished)
    def _finished(self, message: Finished) -> None:
        message.stop()
        start = self.choices[0].best if self.choices else message.start
        self.analysis = DealAnalysis(self.state, tuple(self.choices), start, True)
        _remember(self.analysis)
        self._show_all()

    # -- drawing --------------------------------------------------------------

    def _partial(self) -> DealAnalysis:
        if self.analysis is not None:
            return self.analysis
        first = self.choices[0] if self.choices else None
        start = first.best if first is not None and first.step == self._first_step else None
        return DealAnalysis(self.state, tuple(self.choices), start, False)

    def _show_summary(self) -> None:
        lines = summary_lines(self._partial(), self.names, self.deck)
        self.query_one("#analysis-summary", Static).update(Text("\n").join(lines))

    def _show_all(self) -> None:
        self.query_one("#analysis-progress").display = False
        self._fill_table()
        self._show_summary()
        self.refresh_bindings()

    def _fill_table(self) -> None:
        """All the rows again (kept in deal order, the cursor on its card)."""
        table = self.query_one(DataTable)
        keep = None  # the card under the cursor, once the player moved it off the top
        if table.row_count and table.cursor_row > 0:
            keep = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        table.clear()
        for choice in self.choices:
            self._add_row(choice)
        if keep is not None and keep in table.rows:
            table.move_cursor(row=table.get_row_index(keep), animate=False)

    def _add_row(self, choice: CardChoice) -> None:
        if self.mistakes_only and not choice.cost:
            return
        analysis = self._partial()
        turned = bool(choice.cost) and (
            analysis.verdict(choice.best).won != analysis.verdict(choice.played).won
        )
        style = "bold red" if turned else "yellow" if choice.cost else ""
        best = card_text(choice.best_cards[0], self.deck) + (
            "…" if len(choice.best_cards) > 1 else "")
        if choice.forced:
            best, cost = _("(only card)"), ""
        elif choice.cost:
            cost = _("trick") if analysis.null else f"{choice.cost}"
            best = f"{best} {value_text(analysis, choice.best)}"
        else:
            best, cost = "✓", ""
        cells = (
            str(choice.trick),
            self.names[choice.seat][:7] + (" *" if choice.soloist_side else ""),
            card_text(choice.card, self.deck),
            value_text(analysis, choice.played),
            best,
            cost,
            ", ".join(change_notes(analysis, choice)),
        )
        table = self.query_one(DataTable)
        table.add_row(*(Text(c, style=style) for c in cells), key=str(choice.step))

    # -- keys -----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_mistakes":
            return True if self.choices else None
        return True

    def action_toggle_mistakes(self) -> None:
        self.mistakes_only = not self.mistakes_only
        self._fill_table()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if self.can_jump and event.row_key.value is not None:
            self.dismiss(int(event.row_key.value))

    def action_close(self) -> None:
        self.dismiss(None)


def names_by_seat(names: Sequence[str], seats: Sequence[int]) -> tuple[str, str, str]:
    """Player names at forehand, middlehand, rearhand."""
    return (names[seats[0]], names[seats[1]], names[seats[2]])


__all__ = [
    "AnalysisScreen",
    "cached",
    "change_notes",
    "names_by_seat",
    "story",
    "summary_lines",
    "value_text",
]
