"""The table's score area: the running totals of the match and, during
play, the card points each side has taken so far.

Pure functions of the match's public facts, the seat's view and the names as
shown, so they are testable without a pilot;
:class:`~skat_tui.screens.table.TableScreen` puts what :func:`score_area`
returns into its ``#score`` panel.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from skat_core.game import Phase
from skat_core.match import Match, Scoring
from skat_core.rules import GameType, trick_points
from skat_core.views import SeatView

from ..i18n import _
from ..settings import rule_set_name
from .text import tricks_so_far


@dataclass(frozen=True, slots=True)
class ScoreArea:
    """What the score panel shows: its body, its title and its subtitle."""

    text: Text
    title: str
    subtitle: str


def points_taken(view: SeatView | None, name_of_seat: Sequence[str]) -> list[tuple[str, int]]:
    """The card points in the tricks taken so far: the soloist's and the
    defenders', or in Ramsch each player's (in seat order).  Empty before
    play, in null (card points do not count there) and for a seat sitting
    the deal out.  The skat is not in them: it is the soloist's (or goes to
    a trick) only when the deal is over."""
    if view is None or view.contract is None or view.phase < Phase.PLAYING:
        return []
    if view.contract.game == GameType.NULL:
        return []
    won = [0, 0, 0]
    for _leader, cards, winner in tricks_so_far(view):
        won[winner] += trick_points(cards)
    if view.contract.ramsch or view.soloist < 0:
        return [(name_of_seat[seat], won[seat]) for seat in range(3)]
    soloist = view.soloist
    defenders = sum(points for seat, points in enumerate(won) if seat != soloist)
    return [(name_of_seat[soloist], won[soloist]), (_("Defenders"), defenders)]


def score_area(
    m: Match,
    names: tuple[str, ...],
    taken: Sequence[tuple[str, int]] = (),
    height: int = 0,
) -> ScoreArea:
    """The totals so far, the leader in bold; the rule set and the Bock
    rounds left under a house rule set; then the card points ``taken`` so
    far (:func:`points_taken`).  ``height`` (the panel's inner height, 0:
    unknown) is what must not be overrun: the rule-set line gives way first,
    then the points' heading, whose place a unit after each figure takes."""
    scoring = m.config.scoring
    totals = m.totals()
    best = max(totals) if m.outcomes else None
    width = max(len(n) for n in names)
    text = Text()
    for p, total in enumerate(totals):
        if p:
            text.append("\n")
        name = names[p]
        style = "bold" if total == best else ""
        text.append(f"{name:<{width}} ", style=style)
        text.append(f"{total:>5}", style=style)
    lines = len(totals)
    rules_line = not m.rules.is_tournament
    heading = bool(taken)
    if height:
        if rules_line and lines + 1 + len(taken) + heading > height:
            rules_line = False
        if heading and lines + rules_line + 1 + len(taken) > height:
            heading = False
    if rules_line:
        text.append("\n")
        text.append(rule_set_name(m.rules.name), style="dim")
        left = m.bock_left
        if left:
            text.append(" · " + _("Bock {count} left").format(count=left), style="magenta")
    if taken:
        side_width = max(len(side) for side, _points in taken)
        if heading:
            text.append("\n")
            text.append(_("Card points"), style="dim underline")
        for side, points in taken:
            text.append("\n")
            figure = f"{points:>3}" if heading else _("{points} pts").format(points=points)
            text.append(f"{side:<{side_width}} ", style="cyan")
            text.append(figure, style="bold cyan")
    return ScoreArea(text, _("Score"),
                     _("SF") if scoring == Scoring.SEEGER_FABIAN else _("standard"))
