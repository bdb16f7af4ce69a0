"""The table's score area: the running totals of the match.

A pure function of the match's public facts and the names as shown, so it
is testable without a pilot; :class:`~skat_tui.screens.table.TableScreen`
puts what it returns into its ``#score`` panel.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from skat_core.match import Match, Scoring


@dataclass(frozen=True, slots=True)
class ScoreArea:
    """What the score panel shows: its body, its title and its subtitle."""

    text: Text
    title: str
    subtitle: str


def score_area(m: Match, names: tuple[str, ...]) -> ScoreArea:
    """The totals so far, the leader in bold; the rule set and the Bock
    rounds left under a house rule set."""
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
    if not m.rules.is_tournament:
        text.append("\n")
        text.append(m.rules.name, style="dim")
        left = m.bock_left
        if left:
            text.append(f" · Bock {left} left", style="magenta")
    return ScoreArea(text, "Score", "SF" if scoring == Scoring.SEEGER_FABIAN else "standard")
