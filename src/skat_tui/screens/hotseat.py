"""Hotseat: several people at one keyboard, each seeing only their own cards.

:class:`HotseatTableScreen` is the table seen by whichever human is to act.
Whenever the turn comes to a human other than the one whose hand is shown,
and at the start of every deal, a :class:`PrivacyScreen` covers the whole
table ("Pass to Ben — press Enter") before anything of the new person's view
is drawn; only after that person confirms does the table switch to their seat
(their hand at the bottom, the others left and right).  Bots between two
humans play on under the cover.  The same human acting again needs no new
cover, and after a deal everything is shown to everyone.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Button, Static

from skat_core.game import Bid, Hold, Phase

from ..controller import MatchController
from ..footer import Footer
from ..i18n import N_, _
from ..safe_text import visible
from .table import TableScreen
from .table_log import fill

PHASE_TEXT = {
    Phase.SKAT: N_("the skat: pick it up or play hand"),
    Phase.DISCARD: N_("put two cards back"),
    Phase.DECLARE: N_("name the game"),
}


def humans(controller: MatchController) -> list[int]:
    """The players a person plays, in table order."""
    return [p for p in range(controller.match.players) if controller.is_human(p)]


def is_hotseat(controller: MatchController) -> bool:
    """More than one person at the keyboard: hands must be hidden in turn."""
    return len(humans(controller)) > 1


class PrivacyScreen(Screen[None]):
    """A full screen with nothing of the table on it, shown while the
    keyboard passes to the next person.  Enter (or the button) shows the
    table from that person's seat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "confirm", N_("Show my cards"), key_display="⏎"),
    ]

    def __init__(self, table: HotseatTableScreen) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy-box"):
            yield Static(id="privacy-title")
            yield Static(id="privacy-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{_('Show my cards')}  [dim]⏎[/]", id="privacy-show",
                             variant="primary", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.update_state()

    @property
    def next_player(self) -> int | None:
        return self.table.next_human()

    def update_state(self) -> None:
        """Say whose turn it is (or which bot the table waits for)."""
        try:
            title = self.query_one("#privacy-title", Static)
            text = self.query_one("#privacy-text", Static)
        except NoMatches:
            return  # not composed yet: on_mount comes back here
        c = self.table.controller
        m = c.match
        who = self.next_player
        where = _("Deal {number} of {deals}").format(number=m.deal_number + 1,
                                                     deals=m.config.deals)
        if who is None:
            bot = c.player_to_move()
            waiting = (_("{name} is thinking…").format(name=visible(c.player_name(bot)))
                       if bot is not None else _("Please wait…"))
            title.update(Text(_("Cards hidden"), style="bold"))
            text.update(Text(f"{where}\n\n{waiting}"))
        else:
            name = visible(c.player_name(who))
            title.update(Text(_("Pass to {name}").format(name=name), style="bold"))
            body = Text(f"{where} · {self._asked(who)}\n\n")
            body.append_text(fill(_("{name}: press Enter when nobody else can see the screen."),
                                  name=Text(name, style="bold")))
            text.update(body)
        self.query_one("#privacy-show", Button).disabled = who is None
        self.refresh_bindings()

    def _asked(self, player: int) -> str:
        """What the player is asked to do (public knowledge only)."""
        c = self.table.controller
        view = c.view(player)
        if view is None:
            return ""
        if c.asking and c.asking[0] == player:
            if c.question == "claim":
                return _("the soloist claims the rest: accept or play on")
            return _("your partner gives up: agree or play on")
        if view.phase == Phase.BIDDING:
            if Hold() in view.legal:
                return _("{bid} is bid to you: yes or pass").format(bid=view.bid)
            if any(isinstance(a, Bid) for a in view.legal):
                return (_("your bid") if view.bid == 0
                        else _("the bid is {bid}: raise or pass").format(bid=view.bid))
            return _("bidding")
        if view.phase == Phase.KONTRA:
            return _("before the first card: double or let the game stand")
        if view.phase == Phase.PLAYING:
            n = sum(view.tricks) + 1
            return (_("trick {number} of 10: follow") if view.trick
                    else _("trick {number} of 10: your lead")).format(number=n)
        text = PHASE_TEXT.get(Phase(view.phase))
        return _(text) if text else ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "confirm":
            return True if self.next_player is not None else None
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_confirm()

    def action_confirm(self) -> None:
        who = self.next_player
        if who is None:
            self.app.bell()
            return
        self.table.reveal(who)  # draw that seat's view first, then uncover it
        self.dismiss(None)


class HotseatTableScreen(TableScreen):
    """The table for several humans: shown from the seat of the human who is
    to act, behind a :class:`PrivacyScreen` whenever that person changes."""

    def __init__(self, controller: MatchController, viewer: int | None = None) -> None:
        people = humans(controller)
        super().__init__(controller, viewer if viewer is not None else people[0])
        self.privacy: PrivacyScreen | None = None
        self.covers = 0
        """How many times the table was covered (for tests and curiosity)."""
        self._revealed_deal = -1
        """The deal in which the current viewer confirmed being at the keyboard."""

    def next_human(self) -> int | None:
        """The human who is to act now, if it is a human's turn (or who must
        answer a claim or a partner's giving up)."""
        if self.controller.asking:
            return self.controller.asking[0]
        player = self.controller.player_to_move()
        if player is None or not self.controller.is_human(player):
            return None
        return player

    def _needs_cover(self) -> bool:
        m = self.controller.match
        if m.current is None or m.deal_finished:
            return False  # between deals everything is public
        if self._revealed_deal != m.deal_number:
            return True  # a new deal: everybody has just looked at the result
        who = self.next_human()
        return who is not None and who != self.viewer

    def cover(self) -> None:
        """Hide the table (and any message naming the viewer's cards)."""
        self.app.clear_notifications()
        self.hint_text = ""
        self.privacy = PrivacyScreen(self)
        self.covers += 1
        self.app.push_screen(self.privacy)

    def reveal(self, player: int) -> None:
        """``player`` confirmed being at the keyboard: show the table from
        their seat (called before the cover goes)."""
        self.privacy = None
        self.viewer = player
        self._revealed_deal = self.controller.match.deal_number
        self.hint_text = ""
        self.cursor_card = None
        self.selected = ()
        self.bid_choice = None
        self.hand_mode = False
        self._overbid_game = None
        self._binding_state = ()
        self.refresh_table()

    def refresh_table(self) -> None:
        if self.privacy is None and self.is_mounted and self._needs_cover():
            self.cover()
        super().refresh_table()
        privacy = self.privacy
        if privacy is None:
            return
        if self.controller.match.deal_finished:
            # all cards are public now: uncover (the result comes next)
            self.privacy = None
            if self.app.screen is privacy:
                privacy.dismiss(None)
        else:
            privacy.update_state()

    @on(events.ScreenSuspend)
    def _bots_play_on(self, event: events.ScreenSuspend) -> None:
        if self.privacy is not None:
            event.prevent_default()  # bots between two humans play on under the cover


__all__ = ["HotseatTableScreen", "PrivacyScreen", "humans", "is_hotseat"]
