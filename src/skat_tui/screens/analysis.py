"""Analyse a deal: what the double-dummy solver says about every card played.

The computation is :mod:`skat_core.analysis`; this screen runs it off the
UI thread and shows it as it comes in, trick by trick: the card played, what
it gave (the soloist's final card points with best play from then on, or for
a null game whether the soloist takes a trick), the best card and what that
would have given, and the marks (61, 90, 30) a card moved the game across.
Above the table, the answer to "could the soloist have won?" (or the
defenders).

The solver runs in a daemon thread watched by a ``@work(thread=True)``
worker: closing the screen (or quitting) stops it at once, even in the
middle of the first, longest search, so the app never waits for it.
"""

from __future__ import annotations

import ctypes
import queue
import threading
from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, ProgressBar, Static
from textual.worker import get_current_worker

from skat_core.analysis import (
    SCHNEIDER,
    SCHNEIDERED,
    WIN,
    CardChoice,
    DealAnalysis,
    card_count,
    choice_at,
    positions,
    start_value,
    thresholds_crossed,
)
from skat_core.game import GameState, Phase

from ..deck import DeckStyle, card_text
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


class _Stopped(BaseException):
    """Raised inside the solver thread to stop it (a BaseException so that no
    ``except Exception`` on the way swallows it)."""


class _SolverThread(threading.Thread):
    """Solves every position of a deal, one after another, into a queue.

    A daemon: a quitting app never waits for it.  :meth:`stop` raises
    :class:`_Stopped` inside it, which ends even a search in progress (the
    solver is plain Python; its tables are per thread and die with it)."""

    def __init__(self, state: GameState, out: queue.Queue[CardChoice | int | None]) -> None:
        super().__init__(name="skat-analysis", daemon=True)
        self.state = state
        self.out = out
        self._lock = threading.Lock()
        self._stopping = False

    def run(self) -> None:
        try:
            for step, before, card in positions(self.state):
                self.out.put(choice_at(before, step, card))
            if card_count(self.state) == 0:
                start = start_value(self.state)
                self.out.put(start if start is not None else -1)
            self.out.put(None)
        except _Stopped:
            pass

    def stop(self) -> None:
        with self._lock:
            if self._stopping or not self.is_alive() or self.ident is None:
                return
            self._stopping = True
            ctypes.pythonapi.PyThreadState_SetAsyncExc(
                ctypes.c_ulong(self.ident), ctypes.py_object(_Stopped)
            )


def value_text(analysis: DealAnalysis, value: int) -> str:
    """``64 won``, ``92 won, schneider``; null: ``no trick, won``."""
    v = analysis.verdict(value)
    word = "won" if v.won else "lost"
    if analysis.null:
        return f"{'a trick' if value else 'no trick'}, {word}"
    extra = ""
    if value >= SCHNEIDER:
        extra = ", schneider"
    elif value <= SCHNEIDERED:
        extra = ", schneider against"
    return f"{value} {word}{extra}"


def change_notes(analysis: DealAnalysis, choice: CardChoice) -> list[str]:
    """What the card changed against the best one, for the player's side:
    the game (61, or null's no trick), schneider (90), the soloist
    schneider (30)."""
    if not choice.cost:
        return []
    best, played = choice.best, choice.played
    notes: list[str] = []
    turned = analysis.verdict(best).won != analysis.verdict(played).won
    mine = choice.soloist_side
    if analysis.null:
        if turned:
            notes.append("loses the null" if mine else "lets the null through")
        return notes
    if turned:
        notes.append("loses the game" if mine else "gives the game away")
    for mark in thresholds_crossed(best, played):
        if mark == SCHNEIDER:
            notes.append("misses schneider" if mine else "lets schneider in")
        elif mark == SCHNEIDERED:
            notes.append("now schneider himself" if mine else "saves him from schneider")
        elif mark == WIN and not turned:
            notes.append(f"crosses {WIN}")  # overbid or announced: 61 did not decide it
    return notes


def story(
    analysis: DealAnalysis, choice: CardChoice, names: Sequence[str], deck: DeckStyle
) -> str:
    """One card that cost its side something, in words: ``Trick 9: Cid
    played J♠ — best was Q♦, which keeps 64 points (won); J♠ gave 60 (lost)``."""
    who = names[choice.seat]
    card = card_text(choice.card, deck)
    best = " or ".join(card_text(c, deck) for c in choice.best_cards[:2])
    soloist = names[analysis.soloist]
    if analysis.null:
        def said(v: int) -> str:
            took = "takes a trick" if v else "takes no trick"
            return f"{soloist} {took} ({'won' if analysis.verdict(v).won else 'lost'})"

        return (f"Trick {choice.trick}: {who} played {card} — best was {best}: "
                f"{said(choice.best)}; with {card} {said(choice.played)}")
    wb = "won" if analysis.verdict(choice.best).won else "lost"
    wp = "won" if analysis.verdict(choice.played).won else "lost"
    if choice.soloist_side:
        keeps = f"which keeps {choice.best} points ({wb})"
    else:
        keeps = f"which holds {soloist} to {choice.best} ({wb})"
    return (f"Trick {choice.trick}: {who} played {card} — best was {best}, {keeps}; "
            f"{card} gave {choice.played} ({wp})")


def summary_lines(
    analysis: DealAnalysis, names: Sequence[str], deck: DeckStyle
) -> list[Text]:
    """The verdict at the top: what happened, what best play gives, and
    whether the game could have gone the other way (and where)."""
    state = analysis.state
    if not analysis.played_game:
        return [Text("Nobody played a game in this deal: there is nothing to analyse.")]
    assert analysis.contract is not None
    soloist = names[analysis.soloist]
    head = Text()
    head.append(soloist, style="bold")
    head.append(f": {contract_text(analysis.contract, deck)}, bid {state.bid}")
    lines = [head]
    actual = analysis.actual
    if actual is not None:
        r = state.result
        assert r is not None
        line = Text("Played: ")
        line.append(value_text(analysis, actual), style="bold green" if r.won else "bold red")
        line.append(f" ({r.score:+d})")
        if r.conceded:
            line.append(f" · play stopped early ({r.conceded})", style="dim")
        lines.append(line)
    if analysis.start is not None:
        line = Text("Best play by everyone from the first lead: ")
        line.append(value_text(analysis, analysis.start), style="bold")
        lines.append(line)
    if not analysis.complete:
        return lines
    soloist_won = analysis.verdict(actual).won if actual is not None else None
    if soloist_won is False or soloist_won is None:
        question = f"Could {soloist} have won? "
        turns = [c for c in analysis.turning_points() if c.soloist_side
                 and analysis.verdict(c.best).won]
    else:
        question = "Could the defenders have won? "
        turns = [c for c in analysis.turning_points() if not c.soloist_side
                 and not analysis.verdict(c.best).won]
    line = Text(question, style="bold")
    if turns:
        line.append("Yes — ")
        line.append(story(analysis, turns[-1], names, deck))
        if len(turns) > 1:
            line.append(f" (and {len(turns) - 1} earlier chance"
                        f"{'s' if len(turns) > 2 else ''})", style="dim")
    elif soloist_won is False or soloist_won is None:
        line.append(f"No: against best defence from every point of the deal, {soloist} "
                    "could not win.")
    else:
        line.append(f"No: {soloist} played well enough; no defender's card gave it away.")
    lines.append(line)
    costly = analysis.mistakes()
    line = Text(f"{len(costly)} card{'s' if len(costly) != 1 else ''} cost points", style="dim")
    if costly:
        by_seat = [sum(c.cost for c in costly if c.seat == seat) for seat in range(3)]
        line.append(" (" + ", ".join(
            f"{names[seat]} {by_seat[seat]}" for seat in range(3) if by_seat[seat]
        ) + (" points)" if not analysis.null else ")"), style="dim")
    lines.append(line)
    return lines


class AnalysisTable(DataTable[Text]):
    """The cards, one row each; Enter shows the card in the replay (when the
    analysis was opened from one)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select_cursor", "Show in replay", key_display="⏎"),
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
        Binding("m", "toggle_mistakes", "Costly only"),
        Binding("escape,a", "close", "Close", key_display="Esc"),
    ]

    class ChoiceReady(Message):
        def __init__(self, choice: CardChoice) -> None:
            super().__init__()
            self.choice = choice

    class Finished(Message):
        def __init__(self, start: int | None) -> None:
            super().__init__()
            self.start = start

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
        self.names = tuple(names)
        self.deck = deck
        self.can_jump = can_jump
        self.title_text = title
        self.total = card_count(state) if state.contract is not None else 0
        self.choices: list[CardChoice] = []
        self.analysis: DealAnalysis | None = cached(state)
        self.mistakes_only = False
        self._thread: _SolverThread | None = None

    # -- layout ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog analysis"):
            title = "Analysis" + (f" · {self.title_text}" if self.title_text else "")
            yield Static(f"[b]{title}[/b]", classes="dialog-title", markup=True)
            yield Static(id="analysis-summary")
            with Horizontal(id="analysis-progress"):
                yield Static("", id="analysis-status")
                yield ProgressBar(total=self.total or 1, show_eta=False, id="analysis-bar")
            yield AnalysisTable(id="analysis-table", cursor_type="row", zebra_stripes=True)
            yield Static(
                "Values: the soloist's (*) card points at the end if everyone plays "
                "perfectly from then on, all cards open (null: whether he takes a trick).",
                id="analysis-legend",
            )
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Tr", "Player", "Card", "Gives", "Best", "Cost", "Changes")
        played = self.state.contract is not None and self.state.phase >= Phase.PLAYING
        if self.analysis is not None:
            self.choices = list(self.analysis.cards)
            self._show_all()
        elif not played:
            self.analysis = DealAnalysis(self.state, (), None, True)
            self._show_all()
        else:
            self._set_status(f"Solving 1 of {self.total} cards (trick 1 is slowest)…")
            self._show_summary()
            self._run()
        table.focus()

    def _set_status(self, text: str) -> None:
        self.query_one("#analysis-status", Static).update(text)

    # -- the work -------------------------------------------------------------

    @work(thread=True, exclusive=True, group="analysis")
    def _run(self) -> None:
        """Watch the solver thread and pass its results on; stop it if this
        worker is cancelled (the screen closed, the app quits)."""
        worker = get_current_worker()
        out: queue.Queue[CardChoice | int | None] = queue.Queue()
        thread = _SolverThread(self.state, out)
        self._thread = thread
        thread.start()
        start: int | None = None
        while True:
            if worker.is_cancelled:
                thread.stop()
                return
            try:
                item = out.get(timeout=0.1)
            except queue.Empty:
                if not thread.is_alive() and out.empty():
                    return  # stopped from outside
                continue
            if item is None:
                break
            if isinstance(item, int):
                start = None if item < 0 else item
                continue
            self.post_message(self.ChoiceReady(item))
        self.post_message(self.Finished(start))

    def on_unmount(self) -> None:
        if self._thread is not None:
            self._thread.stop()

    @on(ChoiceReady)
    def _choice_ready(self, message: ChoiceReady) -> None:
        message.stop()
        choice = message.choice
        self.choices.append(choice)
        self.query_one(ProgressBar).advance(1)
        done = len(self.choices)
        if done < self.total:
            self._set_status(f"Solving {done + 1} of {self.total} cards…")
        self._add_row(choice)
        self._show_summary()

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
        start = self.choices[0].best if self.choices else None
        return DealAnalysis(self.state, tuple(self.choices), start, False)

    def _show_summary(self) -> None:
        lines = summary_lines(self._partial(), self.names, self.deck)
        self.query_one("#analysis-summary", Static).update(Text("\n").join(lines))

    def _show_all(self) -> None:
        self.query_one("#analysis-progress").display = False
        table = self.query_one(DataTable)
        table.clear()
        for choice in self.choices:
            self._add_row(choice)
        self._show_summary()
        self.refresh_bindings()

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
            best, cost = "(only card)", ""
        elif choice.cost:
            cost = "trick" if analysis.null else f"{choice.cost}"
            best = f"{best} {value_text(analysis, choice.best)}"
        else:
            best, cost = "✓", ""
        cells = (
            str(choice.trick),
            self.names[choice.seat][:8] + (" *" if choice.soloist_side else ""),
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
        table = self.query_one(DataTable)
        table.clear()
        for choice in self.choices:
            self._add_row(choice)

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
