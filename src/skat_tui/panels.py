"""The action panel under the trick: one panel per phase of the deal.

Every button runs a screen action (``screen.bid``, ``screen.declare('C')``),
the same one its key runs, so mouse and keyboard can never disagree and the
screen's ``check_action`` decides for both.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Digits

from skat_core.rules import GameType

from .i18n import N_, _
from .widgets import ActionButton, Line

LABELS = {
    # button id: (label, key) of the panels' buttons whose words never change
    "hold": (N_("Yes"), "y"),
    "pass": (N_("Pass"), "p"),
    "pickup": (N_("Pick up skat"), "u"),
    "hand-game": (N_("Play hand"), "h"),
    "put-back": (N_("Put these two back"), "d"),
}


def label(button: str) -> str:
    """A fixed button's label in the current language, with its key."""
    text, key = LABELS[button]
    gap = " " if button == "pass" else "  "
    return f"{_(text)}{gap}[dim]{key}[/]"


def relabel(container: Horizontal | Vertical) -> None:
    """Put the fixed buttons' labels in the current language (after a switch)."""
    for button in container.query(ActionButton):
        if button.id in LABELS:
            button.relabel(label(button.id))


class BiddingPanel(Horizontal):
    """The value to bid shown large, −/+ along the bid ladder, Bid, Yes, Pass."""

    def compose(self) -> ComposeResult:
        with Vertical(id="bid-text"):
            yield Line(id="bid-status")
            yield Line(id="bid-guide")
        yield ActionButton("−", id="bid-down", action="screen.bid_step(-1)", compact=True)
        yield Digits("18", id="bid-value")
        yield ActionButton("+", id="bid-up", action="screen.bid_step(1)", compact=True)
        with Vertical(id="bid-buttons"):
            yield ActionButton(_("Bid"), id="bid", action="screen.bid", compact=True)
            yield ActionButton(label("hold"), id="hold", action="screen.hold", compact=True)
            yield ActionButton(label("pass"), id="pass", action="screen.pass_bid", compact=True)

    def show(
        self,
        status: Text | str,
        guide: Text | str,
        value: int | None,
        can_bid: bool,
        can_hold: bool,
        can_pass: bool,
        can_lower: bool,
        can_raise: bool,
    ) -> None:
        self.query_one("#bid-status", Line).show(status)
        self.query_one("#bid-guide", Line).show(guide)
        self.query_one("#bid-value", Digits).update(str(value) if value else "--")
        bid = self.query_one("#bid", ActionButton)
        label = _("Bid {value}").format(value=value) if can_bid and value else _("Bid")
        bid.relabel(f"{label}  [dim]b[/]")
        bid.disabled = not can_bid
        self.query_one("#hold", ActionButton).disabled = not can_hold
        self.query_one("#pass", ActionButton).disabled = not can_pass
        self.query_one("#bid-down", ActionButton).disabled = not can_lower
        self.query_one("#bid-up", ActionButton).disabled = not can_raise


class SkatPanel(Vertical):
    """The soloist's choice: pick up the skat or play hand."""

    def compose(self) -> ComposeResult:
        yield Line(id="skat-status")
        with Horizontal(classes="button-row"):
            yield ActionButton(
                label("pickup"), id="pickup", action="screen.pick_up", compact=True,
            )
            yield ActionButton(
                label("hand-game"), id="hand-game", action="screen.play_hand", compact=True,
            )
        yield Line(id="skat-guide")

    def show(self, status: Text | str, guide: Text | str) -> None:
        self.query_one("#skat-status", Line).show(status)
        self.query_one("#skat-guide", Line).show(guide)


class DiscardPanel(Vertical):
    """Choose two of the twelve cards and put them back."""

    def compose(self) -> ComposeResult:
        yield Line(id="discard-status")
        with Horizontal(classes="button-row"):
            yield Line(id="discard-selected")
            yield ActionButton(
                label("put-back"), id="put-back", action="screen.put_back", compact=True,
            )
        yield Line(id="discard-help")

    def show(
        self, status: Text | str, selected: Text | str, help_: Text | str, ready: bool
    ) -> None:
        self.query_one("#discard-status", Line).show(status)
        self.query_one("#discard-selected", Line).show(selected, layout=True)
        self.query_one("#discard-help", Line).show(help_)
        self.query_one("#put-back", ActionButton).disabled = not ready


GAME_KEYS = {
    GameType.DIAMONDS: "d",
    GameType.HEARTS: "r",
    GameType.SPADES: "s",
    GameType.CLUBS: "c",
    GameType.GRAND: "g",
    GameType.NULL: "n",
}
"""Keys of the declaration buttons (♥ is r: h is 'play hand' and 'left')."""

OPTIONS = (("schneider", N_("Schneider"), "x"), ("schwarz", N_("Schwarz"), "z"),
           ("ouvert", N_("Ouvert"), "o"))


class DeclarePanel(Vertical):
    """♦ ♥ ♠ ♣ Grand Null, each with its value; the hand announcements."""

    def compose(self) -> ComposeResult:
        with Horizontal(classes="button-row", id="game-buttons"):
            for game, key in GAME_KEYS.items():
                yield ActionButton(
                    key, id=f"game-{game.letter}", action=f"screen.declare('{game.letter}')",
                    compact=True,
                )
        with Horizontal(classes="button-row", id="option-buttons"):
            for option, label, key in OPTIONS:
                yield ActionButton(
                    f"☐ {_(label)}  [dim]{key}[/]", id=f"opt-{option}",
                    action=f"screen.toggle_option('{option}')", compact=True,
                )
            yield Line(id="declare-back")
        yield Line(id="declare-note")

    def show_game(self, game: GameType, label: str, enabled: bool, warn: bool) -> None:
        button = self.query_one(f"#game-{game.letter}", ActionButton)
        button.relabel(f"{label}  [dim]{GAME_KEYS[game]}[/]")
        button.disabled = not enabled
        button.set_class(warn, "-overbid")

    def show_option(self, option: str, label: str, on: bool, enabled: bool) -> None:
        button = self.query_one(f"#opt-{option}", ActionButton)
        key = next(k for o, _label, k in OPTIONS if o == option)
        button.relabel(f"{'☑' if on else '☐'} {label}  [dim]{key}[/]")
        button.disabled = not enabled
        button.set_class(on, "-on")

    def show_note(self, note: Text | str, back: str) -> None:
        self.query_one("#declare-note", Line).show(note)
        self.query_one("#declare-back", Line).show(back)


class PlayPanel(Vertical):
    """Whose turn it is, tricks so far, and the hint line."""

    def compose(self) -> ComposeResult:
        yield Line(id="play-status")
        yield Line(id="play-tricks")
        yield Line(id="play-hint")

    def show(self, status: Text | str, tricks: Text | str, hint: Text | str) -> None:
        self.query_one("#play-status", Line).show(status)
        self.query_one("#play-tricks", Line).show(tricks)
        self.query_one("#play-hint", Line).show(hint)
