"""Small screens over the table: help, yes/no questions, the last trick, and
the notice that the terminal is too small."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from skat_core.cards import Card

from ..deck import DeckStyle, card_face
from ..footer import Footer
from ..i18n import N_, _, ngettext
from ..safe_text import safe_text, visible
from ..widgets import Canvas

MIN_WIDTH = 80
MIN_HEIGHT = 24


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question; ``dismiss(True)`` for yes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", N_("Yes")),
        Binding("n,escape", "answer(False)", N_("No")),
    ]

    def __init__(self, question: str | Text, yes: str = N_("Yes"), no: str = N_("No")) -> None:
        """``question``: a plain string is shown literally (it may quote names,
        seeds, paths); a ``Text`` as styled."""
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            question = self.question
            if not isinstance(question, Text):
                question = safe_text(question, multiline=True)
            yield Static(question, classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button(Text.assemble(_(self.yes), ("  y", "dim")), id="yes",
                             variant="error", compact=True)
                yield Button(Text.assemble(_(self.no), ("  n", "dim")), id="no",
                             variant="primary", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class QuitScreen(ConfirmScreen):
    """'Quit in the middle of a deal?'; pressing q again means yes."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "answer(True)", N_("Quit"), show=False)]


HELP_TEXT = N_("""\
[b]Anywhere[/b]  [b]?[/]/[b]F1[/] help · [b]F2[/] settings
          [b]q[/]/[b]Ctrl+Q[/] quit (asks in the middle of a deal)
          [b]Ctrl+P[/] commands: themes, new match, score sheet
          [b]i[/] hint: what the strong bot would do, and why
[b]Bidding[/b]   [b]−[/]/[b]+[/] (or [b]↓[/]/[b]↑[/]) change the value
          [b]b[/] bid · [b]y[/] yes (hold) · [b]p[/] pass
[b]Skat[/b]      [b]u[/] pick up the skat · [b]h[/] play hand · [b]Esc[/] back
[b]Discard[/b]   [b]←/→[/] or [b]h[/]/[b]l[/] move · [b]Space[/]/[b]Enter[/] choose
          [b]1[/]–[b]0[/] choose that card · [b]d[/] put the two back
[b]Game[/b]      [b]d[/] ♦ · [b]r[/] ♥ · [b]s[/] ♠ · [b]c[/] ♣ · [b]g[/] Grand · [b]n[/] Null
          [b]x[/] schneider · [b]z[/] schwarz · [b]o[/] ouvert
[b]Play[/b]      [b]←/→[/] or [b]h[/]/[b]l[/] move · [b]Enter[/]/[b]Space[/] play
          [b]1[/]–[b]0[/] play that card · [b]t[/] (or [b]L[/]) the last trick
          [b]a[/] soloist: show your cards and claim the rest (the
          defenders accept or play on) · [b]G[/] give up (a soloist
          loses; a defender's partner must agree too)
The mouse works everywhere: click cards and buttons.

[b]Rules in brief[/b] (International Skat Order)
32 cards, three players, ten cards each and two in the skat. \
Bids are game values (18, 20, 22, 23, 24, 27, 30 …): middlehand bids to forehand, \
who says yes or passes; then rearhand bids to the survivor. \
The highest bidder plays alone (the soloist), with the skat or without it (hand), \
and names the game.
[b]Suit games[/b]: the four jacks (♣ ♠ ♥ ♦), then A 10 K Q 9 8 7 of the trump suit \
are trumps. [b]Grand[/b]: only the jacks. [b]Null[/b]: no trumps, A K Q J 10 9 8 7, \
and the soloist must take no trick. Follow suit if you can (jacks are trumps).
Card points: A 11, 10 10, K 4, Q 3, J 2; the soloist needs 61, skat included.
[b]Value[/b] = base (♦ 9, ♥ 10, ♠ 11, ♣ 12, Grand 24) × (matadors "with" or \
"without" + 1 game + 1 each for hand, schneider, schwarz, announcements, ouvert). \
Null 23, hand 35, ouvert 46, ouvert hand 59. A won game scores its value, a lost \
one twice the value; a game worth less than the bid is lost (overbid).
[b]Seeger-Fabian[/b] list: +50 for a won game, −50 for a lost one, and +40 to each \
defender when the soloist loses.
[b]Pub rules[/b]: Kontra doubles the game value, Re doubles it again. All pass: a \
[b]Ramsch[/b], jacks trump, the most card points lose them (×2 for each player \
without a trick; one player taking every trick wins 120). Bock rounds count double.
Keys: [b]k[/] Kontra (a defender, before your first card) or Re (the soloist, \
answering); with Kontra before the first card you are asked: [b]k[/] or [b]p[/] to let \
the game stand; Schieberamsch: [b]u[/] take the skat, choose two and [b]d[/] push them on, \
[b]w[/] pass it on unseen, [b]g[/] grand hand instead.
""")


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,f1,q,enter", "close", N_("Close"))
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help"):
            yield Static(_(HELP_TEXT), id="help-text")
            yield Static(Text(_("Esc closes this help · ↑/↓ scroll"), style="dim"),
                         classes="dialog-foot")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class LastTrickScreen(ModalScreen[None]):
    """The last finished trick: who played what and who took it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,t,enter,space,q", "close", N_("Close"))]

    def __init__(
        self, plays: list[tuple[str, Card]], winner: str, points: int, number: int, deck: DeckStyle
    ) -> None:
        super().__init__()
        self.plays = plays
        self.winner = winner
        self.points = points
        self.number = number
        self.deck = deck

    def compose(self) -> ComposeResult:
        canvas = Canvas(3 * 14, 5)
        for i, (name, card) in enumerate(self.plays):
            x = i * 14 + 4
            canvas.put_centred(x + 2, 0, visible(name)[:12], "bold")
            for row, line in enumerate(card_face(card, self.deck)):
                canvas.put(x, 1 + row, line)
        with Vertical(classes="dialog"):
            yield Static(
                Text(_("Trick {number} (led by {name})").format(
                    number=self.number, name=visible(self.plays[0][0])), style="bold"),
                classes="dialog-text",
            )
            yield Static(canvas.to_text(), id="last-trick-cards")
            yield Static(
                Text(ngettext("{name} took it: {points} point", "{name} took it: {points} points",
                              self.points).format(name=visible(self.winner),
                                                  points=self.points)),
                classes="dialog-text",
            )
            yield Static(Text(_("Esc or t closes"), style="dim"), classes="dialog-foot")
        yield Footer()

    def on_click(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class TooSmallScreen(Screen[None]):
    """Covers everything while the terminal is smaller than the table needs."""

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self._show()

    def on_resize(self) -> None:
        self._show()

    def _show(self) -> None:
        w, h = self.app.size
        self.query_one("#too-small-text", Static).update(
            _("Please enlarge the terminal to {width}×{height}.\nIt is {now_width}×{now_height} "
              "now. The game waits for you.").format(width=MIN_WIDTH, height=MIN_HEIGHT,
                                                     now_width=w, now_height=h)
        )
