"""The table: the human's hand, the two opponents, the trick, the action panel.

Everything on this screen is built from ``controller.view(viewer)`` (what the
viewer's seat may see) plus the public facts of the match (names, seats,
dealer, scores).  The full deal state is never read here.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import ContentSwitcher

from skat_core.bots.claims import soloist_claims
from skat_core.cards import CARDS, Card
from skat_core.game import (
    BIDS,
    GRAND_HAND,
    HOLD,
    PASS,
    PASS_SKAT,
    PICK_UP,
    Action,
    Bid,
    Declare,
    Discard,
    Hold,
    Kontra,
    Pass,
    Phase,
    Play,
    Push,
    Resign,
)
from skat_core.rules import GameType, trick_points
from skat_core.views import SeatView

from ..controller import MatchController
from ..deck import (
    LARGE_FACE,
    DeckStyle,
    FaceSize,
    card_style,
    card_text,
    cards_line,
    face_size,
    game_short,
    sort_hand,
)
from ..error_words import error_text
from ..footer import Footer
from ..guide import ALL_GAMES, bidding_guide, estimate
from ..i18n import N_, _, ngettext
from ..messages import NewMatchRequested, StartScreenRequested
from ..panels import (
    GAME_KEYS,
    BiddingPanel,
    DeclarePanel,
    DiscardPanel,
    PlayPanel,
    SkatPanel,
    relabel,
)
from ..safe_text import visible
from ..settings import LEVEL_LABELS, Settings
from ..widgets import KEY_LABELS, KEY_NAMES, HandState, HandView, Line, Spot, TrickArea, TrickState
from .dialogs import ConfirmScreen, LastTrickScreen
from .hints import hint_sentence
from .result import DealResultScreen, ScoreSheetScreen
from .score_area import points_taken, score_area
from .table_log import PlayOn, fill, log_lines
from .text import contract_text, kontra_name, lead_bold, led_text, position_name

if TYPE_CHECKING:
    from skat_core.bots import Hint

OPTION_NAMES = ("schneider", "schwarz", "ouvert")
PASSED = N_("passed")


def _bindings() -> list[BindingType]:
    out: list[BindingType] = [
        # bidding
        Binding("minus,down", "bid_step(-1)", N_("Lower"), key_display="−", show=False),
        Binding("plus,equals_sign,up", "bid_step(1)", N_("Raise"), key_display="+", show=False),
        Binding("b", "bid", N_("Bid")),
        Binding("y", "hold", N_("Yes")),
        Binding("p", "pass_bid", N_("Pass")),
        # skat
        Binding("u", "pick_up", N_("Pick up skat")),
        Binding("u", "take_skat", N_("Take the skat")),
        Binding("w", "pass_skat", N_("Pass it on")),
        Binding("g", "grand_hand", N_("Grand hand")),
        Binding("h", "play_hand", N_("Play hand")),
        Binding("escape", "back", N_("Back")),
        # declaration
        Binding("d", "declare('D')", "♦", show=False),
        Binding("r", "declare('H')", "♥", show=False),
        Binding("s", "declare('S')", "♠", show=False),
        Binding("c", "declare('C')", "♣", show=False),
        Binding("g", "declare('G')", N_("Grand"), show=False),
        Binding("n", "declare('N')", N_("Null"), show=False),
        Binding("x", "toggle_option('schneider')", N_("Schneider"), show=False),
        Binding("z", "toggle_option('schwarz')", N_("Schwarz"), show=False),
        Binding("o", "toggle_option('ouvert')", N_("Ouvert"), show=False),
        # cards
        Binding("left", "move(-1)", N_("Move"), key_display="←→"),
        Binding("right", "move(1)", N_("Move"), show=False),
        Binding("h", "move(-1)", N_("Move"), show=False),
        Binding("l", "move(1)", N_("Move"), show=False),
        Binding("enter", "play_card", N_("Play"), key_display="⏎"),
        Binding("space", "play_card", N_("Play"), show=False),
        Binding("enter", "select_card", N_("Choose"), key_display="⏎"),
        Binding("space", "select_card", N_("Choose"), show=False),
        Binding("d", "put_back", N_("Put back")),
        Binding("t", "last_trick", N_("Last trick")),
        Binding("L", "last_trick", N_("Last trick"), show=False),
        Binding("i", "hint", N_("Hint")),
        Binding("k", "kontra", N_("Kontra/Re")),
        Binding("p", "no_kontra", N_("No doubling")),
        Binding("enter", "no_kontra", N_("No doubling"), show=False),
        # claims and concessions (ISkO 4.4)
        Binding("a", "claim", N_("All mine")),
        Binding("a", "claim_any", N_("All mine"), show=False),
        Binding("G", "give_up", N_("Give up"), show=False),
    ]
    for i, key in enumerate(KEY_LABELS):  # after -/+: those bid while bidding
        out.append(Binding(KEY_NAMES.get(key, key), f"pick({i})", f"Card {key}", show=False))
    return out


class TableScreen(Screen[None]):
    """One match at the table, seen from ``viewer``'s place."""

    BINDINGS: ClassVar[list[BindingType]] = _bindings()

    def __init__(self, controller: MatchController, viewer: int = 0) -> None:
        super().__init__()
        self.controller = controller
        self.viewer = viewer
        self._view: SeatView | None = None
        self._cards: list[Card] = []
        self.cursor_card: Card | None = None
        self.selected: tuple[Card, ...] = ()
        """Cards chosen to put back, oldest first."""
        self.bid_choice: int | None = None
        self.hand_mode = False
        """The soloist chose 'play hand' and is now naming the game."""
        self.options: dict[str, bool] = dict.fromkeys(OPTION_NAMES, False)
        self._overbid_game: GameType | None = None
        """A game below the bid pressed once: a second press declares it."""
        self.hint_text = ""
        self._hint_toast = False
        """A hint's toast is showing (cleared when the move is made)."""
        self._deal_seen = -1
        self._phase_seen: Phase | None = None
        self._result_due = False
        self._result_timer: Timer | None = None
        self._asking: int | None = None
        self._notes: list[PlayOn] = []
        """Who refused a claim or a partner's giving up this deal, and when
        (no action of the engine, so not in the view)."""
        """The player a claim or give-up question is open for on this screen."""
        self._bindings_list = [b for b in self.BINDINGS if isinstance(b, Binding)]
        self._binding_state: tuple[bool | None, ...] = ()

    # -- setup ----------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        settings = getattr(self.app, "settings", None)
        return settings if isinstance(settings, Settings) else Settings()

    @property
    def deck(self) -> DeckStyle:
        return self.settings.deck

    def compose(self) -> ComposeResult:
        yield self.controller
        yield Line(id="topbar")
        with Horizontal(id="opponents"):
            yield Line(id="opp-left", classes="opponent")
            yield Line(id="opp-right", classes="opponent")
        with Horizontal(id="middle"):
            yield Line(id="score")
            yield TrickArea(id="trick")
            yield Line(id="log")
        with ContentSwitcher(id="actions", initial="play"):
            yield BiddingPanel(id="bidding")
            yield SkatPanel(id="skat")
            yield DiscardPanel(id="discard")
            yield DeclarePanel(id="declare")
            yield PlayPanel(id="play")
        yield HandView(id="hand")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_table()
        if self.controller.match.deal_finished:
            # a match resumed between two deals: its result, then the next deal
            self.call_after_refresh(self._show_result)

    def retranslate(self) -> None:
        """Show the table in the language just chosen (not recomposed: the
        controller is one of its widgets and its bots may be thinking)."""
        relabel(self.query_one("#actions", ContentSwitcher))
        self.refresh_table()
        self.refresh_bindings()

    def on_resize(self, event: events.Resize) -> None:
        large = self.face == LARGE_FACE
        if large != self.has_class("-large-cards"):
            self.set_class(large, "-large-cards")  # the hand's height (app.tcss)
            self.refresh_table()

    @property
    def face(self) -> FaceSize:
        """How large the cards are drawn: larger on a large terminal."""
        size = self.app.size
        return face_size(size.width, size.height)

    def on_screen_suspend(self) -> None:
        self.controller.pause()

    def on_screen_resume(self) -> None:
        self.controller.resume()
        self.refresh_table()
        if self._result_due:
            self.call_later(self._show_result)

    # -- who is who -----------------------------------------------------------

    def _shown_names(self) -> tuple[str, ...]:
        """The players' names as shown: literally, with any control, bidi or
        invisible character as a visible placeholder (see :mod:`..safe_text`)."""
        return tuple(visible(n) for n in self.controller.names())

    def _shown_name(self, player: int) -> str:
        return visible(self.controller.player_name(player))

    def _names_by_seat(self) -> tuple[str, str, str]:
        names = self._shown_names()
        s = self.controller.match.seats
        return (names[s[0]], names[s[1]], names[s[2]])

    def _beside(self) -> tuple[int, int]:
        """The players in the left and right panels: at three the other two;
        at four the two others in this deal, in table order from the viewer
        (the dealer sits out and is named on the top bar)."""
        m = self.controller.match
        others = [(self.viewer + k) % m.players for k in range(1, m.players)]
        if m.players == 4:
            playing = [p for p in others if m.seat_of(p) is not None]
            if len(playing) == 2:
                return playing[0], playing[1]
            others = playing  # the viewer sits out: three play, show the first two
        return others[0], others[1]

    def _mine(self) -> bool:
        """The viewer is to act now."""
        v = self._view
        return v is not None and v.to_move == v.seat and bool(v.legal)

    # -- messages from the controller -----------------------------------------

    def on_match_controller_changed(self, message: MatchController.Changed) -> None:
        self.hint_text = ""
        self._clear_hint_toast()
        self.refresh_table()

    def on_match_controller_deal_finished(self, message: MatchController.DealFinished) -> None:
        self.refresh_table()
        pause = self.controller.trick_pause
        if pause > 0:
            self._result_timer = self.set_timer(pause, self._show_result)
        else:
            self.call_later(self._show_result)

    def on_match_controller_hint_ready(self, message: MatchController.HintReady) -> None:
        if message.generation != self.controller.generation or message.player != self.viewer:
            return
        self._show_hint(message.hint)

    # -- drawing --------------------------------------------------------------

    def refresh_table(self) -> None:
        """Redraw everything from the viewer's seat view."""
        view = self.controller.view(self.viewer)
        self._view = view
        if not self.is_mounted:
            return
        if view is None:
            self._draw_sitting_out()
            return
        m = self.controller.match
        if m.deal_number != self._deal_seen:
            self._deal_seen = m.deal_number
            self._notes = []
            self.selected = ()
            self.bid_choice = None
            self.hand_mode = False
            self.options = dict.fromkeys(OPTION_NAMES, False)
            self.cursor_card = None
        if view.phase != self._phase_seen:
            self._phase_seen = view.phase
            if view.phase not in (Phase.DISCARD, Phase.PUSH):
                self.selected = ()
            if view.phase != Phase.SKAT:
                self.hand_mode = False
            self._overbid_game = None
        game = view.contract.game if view.contract else None
        self._cards = sort_hand(view.hand, game)
        self._draw_topbar(view)
        self._draw_opponents(view)
        self._draw_score()
        self._draw_log(view)
        self._draw_trick(view)
        self._draw_actions(view)
        self._draw_hand(view)
        self._refresh_footer()
        self._ask_if_asked()

    def _draw_sitting_out(self) -> None:
        """At four the viewer deals and sits this deal out: say so, and keep
        the score in sight while the other three play."""
        m = self.controller.match
        names = self.controller.names()
        # the viewer is the dealer
        bar = Text(" " + _("Deal {number} of {deals} · You deal and sit out.").format(
            number=m.deal_number + 1, deals=m.config.deals), style="bold")
        self.query_one("#topbar", Line).show(bar)
        self._draw_score()
        self.query_one("#actions", ContentSwitcher).current = "play"
        first, second, third = (names[p] for p in m.seats)
        self.query_one("#play", PlayPanel).show(
            Text(_("You deal and sit this deal out: {first}, {second} and {third} play.").format(
                first=first, second=second, third=third), style="bold"),
            Text(""), Text(""),
        )
        self._refresh_footer()

    def _refresh_footer(self) -> None:
        """Tell the footer about the keys, if what they can do has changed."""
        state = tuple(
            self.check_action(*self._parse(b.action)) for b in self._bindings_list
        )
        if state != self._binding_state:
            self._binding_state = state
            self.refresh_bindings()

    @staticmethod
    def _parse(action: str) -> tuple[str, tuple[object, ...]]:
        name, _sep, rest = action.partition("(")
        args: tuple[object, ...] = ()
        if rest:
            arg = rest.rstrip(")").strip("'")
            args = (int(arg),) if arg.lstrip("-").isdigit() else (arg,)
        return name, args

    def _draw_topbar(self, view: SeatView) -> None:
        m = self.controller.match
        names = self._shown_names()
        by_seat = self._names_by_seat()
        line = self.query_one("#topbar", Line)
        width = line.size.width or self.app.size.width
        # Long names must not push the game, Kontra or Bock off the bar: if it
        # does not fit, the game is named short, then the dealer is left out
        # (once the game is known, who dealt matters least) -- but not at four,
        # where the bar is what shows who sits out.
        tries = ((True, False), (True, True)) + (((False, True),) if m.players == 3 else ())
        for dealer, short in tries:
            bar = Text()
            bar.append(" " + _("Deal {number} of {deals}").format(
                number=m.deal_number + 1, deals=m.config.deals), style="bold")
            if dealer and m.players == 4:
                bar.append(" · " + _("dealer {name} sits out").format(name=names[m.dealer]))
            elif dealer and m.seats[view.seat] == m.dealer:  # the one at the screen
                bar.append(" · " + _("you deal"))
            elif dealer:
                bar.append(" · " + _("dealer {name}").format(name=names[m.dealer]))
            self._append_bid_and_game(bar, view, by_seat, short=short)
            if bar.cell_len <= width:
                break
        line.show(bar)

    def _append_bid_and_game(
        self, bar: Text, view: SeatView, by_seat: tuple[str, str, str], short: bool = False
    ) -> None:
        """The top bar's tail: the bid, the soloist and the game once known."""
        if view.bid:
            bar.append(" · ")
            bar.append_text(fill(_("bid {value}"), value=Text(str(view.bid), style="bold")))
        if view.soloist >= 0 and view.soloist == view.seat:
            bar.append(" · ")
            bar.append(_("you are soloist"), style="bold")
        elif view.soloist >= 0:
            bar.append(" · ")
            bar.append_text(fill(_("soloist {name}"),
                                 name=Text(by_seat[view.soloist], style="bold")))
            if view.contract is not None:
                bar.append(" · ")
                bar.append(contract_text(view.contract, self.deck, short=short), style="bold")
        elif view.contract is not None and view.contract.ramsch:
            bar.append(" · " + _("Ramsch"), style="bold")
        elif view.phase == Phase.PUSH:
            bar.append(" · " + _("Schieberamsch"), style="bold")
        if view.kontra:
            bar.append(f" · {kontra_name(view.kontra)}", style="bold red")
        if view.bock > 1:
            bar.append(" · " + _("Bock ×{factor}").format(factor=view.bock),
                       style="bold magenta")

    def _last_words(self, view: SeatView) -> dict[int, str]:
        words: dict[int, str] = {}
        for seat, action in view.public_actions:
            if isinstance(action, Bid):
                words[seat] = _("bid {value}").format(value=action.value)
            elif isinstance(action, Hold):
                words[seat] = (_("yes to {value}").format(value=view.bid)
                               if view.phase == Phase.BIDDING else _("yes"))
            elif isinstance(action, Pass):
                words[seat] = _(PASSED)
        return words

    def _draw_opponents(self, view: SeatView) -> None:
        m = self.controller.match
        words = self._last_words(view)
        for place, player in zip(("left", "right"), self._beside(), strict=True):
            panel = self.query_one(f"#opp-{place}", Line)
            seat = m.seat_of(player)
            level = self.controller.level(player)
            title = self._shown_name(player) + (
                f" · {_(LEVEL_LABELS.get(level, level))}" if level else "")
            panel.border_title = Text(title)
            if seat is None:
                panel.border_subtitle = _("deals")
                panel.show("")
                continue
            role = position_name(seat)
            soloist = view.soloist == seat
            panel.border_subtitle = (_("{position} · SOLOIST").format(position=role) if soloist
                                     else role)
            panel.set_class(soloist, "-soloist")
            panel.set_class(view.to_move == seat, "-to-move")
            n = view.cards_left[seat]
            line1 = Text()
            line1.append("▮" * n, style="#6f8fd8")
            if view.phase >= Phase.PLAYING and view.contract is not None:
                line1.append(" " + ngettext("{cards} card · tricks {tricks}",
                                            "{cards} cards · tricks {tricks}", n).format(
                    cards=n, tricks=view.tricks[seat]))
            else:
                line1.append(" " + ngettext("{cards} card", "{cards} cards", n).format(cards=n))
            line2 = Text()
            if view.open_cards and soloist:
                game = view.contract.game if view.contract else None
                open_cards = sort_hand(view.open_cards, game)
                line2 = cards_line(open_cards, self.deck, sep="")
                room = panel.content_region.width
                if not room or line2.cell_len > room:
                    # ten cards with tens do not fit as chips at 80 columns: every one must show
                    line2 = Text(" ").join(
                        Text(card_text(c, self.deck), style=card_style(c, self.deck))
                        for c in open_cards
                    )
            elif (self.controller.thinking == player and view.phase != Phase.FINISHED
                  and not self.controller.asking):  # the human must answer first
                line2.append(_("thinking…"), style="italic")
            elif view.phase <= Phase.DECLARE and seat in words:
                line2.append(words[seat], style="dim" if words[seat] == _(PASSED) else "bold")
            panel.show(Text("\n").join([line1, line2]))

    def _draw_score(self) -> None:
        panel = self.query_one("#score", Line)
        taken = (points_taken(self._view, self._names_by_seat())
                 if self.settings.card_points else [])
        area = score_area(self.controller.match, self._shown_names(), taken,
                          panel.content_region.height)
        panel.border_title = area.title
        panel.border_subtitle = area.subtitle
        panel.show(area.text)

    def log_lines(self) -> list[Text]:
        """The table's log of this deal, oldest first (the panel shows the
        newest lines that fit)."""
        if self._view is None:
            return []
        return log_lines(self._view, self._names_by_seat(), self.deck, self._notes)

    def _draw_log(self, view: SeatView) -> None:
        panel = self.query_one("#log", Line)
        lines = log_lines(view, self._names_by_seat(), self.deck, self._notes)
        height = max(1, panel.size.height or 6)
        panel.border_title = _("Table")
        panel.show(Text("\n").join(lines[-height:]))

    def _draw_trick(self, view: SeatView) -> None:
        m = self.controller.match
        by_seat = self._names_by_seat()
        spots: dict[int, Spot] = {}
        cards: dict[int, Card] = {}
        winner = -1
        note = ""
        if view.trick:
            for i, c in enumerate(view.trick):
                cards[(view.leader + i) % 3] = CARDS[c]
            number = sum(view.tricks) + 1
            if view.leader == view.seat:
                note = _("Trick {number} of 10 · you led ◆").format(number=number)
            else:
                note = _("Trick {number} of 10 · {name} led ◆").format(
                    number=number, name=by_seat[view.leader])
        elif view.last_trick is not None and view.phase >= Phase.PLAYING:
            t = view.last_trick
            for i, c in enumerate(t.cards):
                cards[(t.leader + i) % 3] = CARDS[c]
            winner = t.winner
            if view.contract is not None and view.contract.game == GameType.NULL:
                note = _("Trick to {name}").format(name=by_seat[winner])
            else:
                pts = trick_points(t.cards)
                note = ngettext("Trick to {name} · {points} point",
                                "Trick to {name} · {points} points", pts).format(
                    name=by_seat[winner], points=pts)
        elif view.phase == Phase.PLAYING:
            note = _("First lead: {name}").format(name=by_seat[view.to_move])
        elif view.phase == Phase.KONTRA:
            note = _("Kontra? Then {name} leads").format(name=by_seat[0])
        elif view.phase == Phase.BIDDING:
            note = _("Bidding")
        elif view.phase in (Phase.SKAT, Phase.DISCARD, Phase.DECLARE):
            note = _("Soloist {name} at {bid}").format(name=by_seat[view.soloist], bid=view.bid)
        for seat in range(3):
            spots[seat] = Spot(
                name=by_seat[seat],
                card=cards.get(seat),
                to_move=view.to_move == seat,
                won=winner == seat,
                led=bool(view.trick) and view.leader == seat,
            )
        by_place = {}
        left, right = self._beside()
        for seat in range(3):
            player = m.seats[seat]
            offset = 0 if player == self.viewer else 1 if player == left else 2 if (
                player == right) else 3
            by_place[offset] = spots[seat]
        skat_down = view.phase <= Phase.SKAT
        self.query_one("#trick", TrickArea).state = TrickState(
            left=by_place.get(1, Spot()),
            right=by_place.get(2, Spot()),
            bottom=by_place.get(0, Spot()),
            skat_backs=2 if skat_down else 0,
            places=view.phase >= Phase.PLAYING and view.contract is not None,
            note=note,
            deck=self.deck,
            size=self.face,
        )

    def _draw_actions(self, view: SeatView) -> None:
        switcher = self.query_one("#actions", ContentSwitcher)
        mine = self._mine()
        if view.phase == Phase.BIDDING:
            switcher.current = "bidding"
            self._draw_bidding(view, mine)
        elif view.phase == Phase.SKAT and mine and not self.hand_mode:
            switcher.current = "skat"
            self._draw_skat(view)
        elif self._choosing_two(view):
            switcher.current = "discard"
            self._draw_discard(view)
        elif mine and (
            view.phase == Phase.DECLARE or (view.phase == Phase.SKAT and self.hand_mode)
        ):
            switcher.current = "declare"
            self._draw_declare(view)
        else:
            switcher.current = "play"
            self._draw_play(view, mine)

    def _guide_text(self, cards: int, hand: bool = False) -> Text:
        """What the hand is worth, in sentences: the longest suit's game,
        grand and null, each the most the hand can bid (or, ``hand``, is
        worth played hand) as far as its own cards tell."""
        suit, grand, null = bidding_guide(cards)
        if hand:
            suit = estimate(suit.game, cards, Declare(suit.game, hand=True))
            grand = estimate(GameType.GRAND, cards, Declare(GameType.GRAND, hand=True))
            null = estimate(GameType.NULL, cards, Declare(GameType.NULL, hand=True))
        game = game_short(suit.game, self.deck)
        fields = {"game": game, "value": suit.value, "matadors": suit.with_text,
                  "level": suit.level, "base": suit.game.base_value}
        if hand:
            first = _("Played hand, {game} is worth {value} ({matadors}, {level} × {base}).")
            second = _("Grand: {grand} ({matadors}). Null hand: {null}.")
        else:
            # 42 columns beside the bid (German suit names are long): no room
            # for the multiplication here
            first = _("Bid up to {value} with {game} ({matadors}).")
            second = _("Grand: up to {grand} ({matadors}). Null: {null}.")
        text = Text()
        text.append(first.format(**fields), style="bold")
        text.append("\n")
        text.append(second.format(grand=grand.value, matadors=grand.with_text, null=null.value))
        return text

    def _draw_bidding(self, view: SeatView, mine: bool) -> None:
        by_seat = self._names_by_seat()
        bids = [a.value for a in view.legal if isinstance(a, Bid)] if mine else []
        can_hold = mine and HOLD in view.legal
        can_pass = mine and PASS in view.legal
        if bids:
            if self.bid_choice not in bids:
                self.bid_choice = bids[0]
            value: int | None = self.bid_choice
        else:
            value = view.bid or None
        passed = {s for s, a in view.public_actions if isinstance(a, Pass)}
        if mine and bids:
            if view.bid == 0 and len(passed) == 2:
                status = lead_bold(_("Nobody bid: play at 18+, or pass."))
            elif view.bid:
                status = lead_bold(_("The bid is {bid}: raise it, or pass.").format(bid=view.bid))
            else:
                holder = self._bid_to(view)
                status = lead_bold(
                    _("Your bid to {name}: −/+ choose, b bids.").format(name=holder) if holder
                    else _("Your bid: −/+ choose, b bids."))
        elif can_hold:
            bidder = next(
                (s for s, a in reversed(view.public_actions) if isinstance(a, Bid)), None
            )
            status = lead_bold(
                _("{name} bids {bid} to you: yes or pass?").format(name=by_seat[bidder],
                                                                  bid=view.bid)
                if bidder is not None else
                _("Someone bids {bid} to you: yes or pass?").format(bid=view.bid))
        elif view.seat in passed:
            waiting = self._waiting_text(view)
            status = lead_bold(_("You passed. {waiting}").format(waiting=waiting) if waiting
                               else _("You passed."))
        else:
            status = Text(self._waiting_text(view))
        i = bids.index(value) if value in bids else -1
        self.query_one("#bidding", BiddingPanel).show(
            status=status,
            guide=self._guide_text(view.hand),
            value=value,
            can_bid=bool(bids),
            can_hold=can_hold,
            can_pass=can_pass,
            can_lower=i > 0,
            can_raise=0 <= i < len(bids) - 1,
        )

    def _bid_to(self, view: SeatView) -> str:
        """The name of the player the viewer bids to, if he is bidding."""
        passed = {s for s, a in view.public_actions if isinstance(a, Pass)}
        if view.seat == 1:  # middlehand bids to forehand
            return self._names_by_seat()[0]
        if view.seat == 2:  # rearhand bids to whoever is left
            left = [s for s in (0, 1) if s not in passed]
            if len(left) == 1:
                return self._names_by_seat()[left[0]]
        return ""

    def _waiting_text(self, view: SeatView) -> str:
        if view.to_move < 0:
            return ""
        name = self._names_by_seat()[view.to_move]
        player = self.controller.match.seats[view.to_move]
        if view.to_move == view.seat:
            return _("Your turn.")
        if self.controller.is_human(player):
            return _("Waiting for {name}.").format(name=name)
        return _("{name} is thinking…").format(name=name)

    def _draw_skat(self, view: SeatView) -> None:
        status = lead_bold(_("You play at {bid}: pick up the skat, or play hand without "
                             "it.").format(bid=view.bid))
        self.query_one("#skat", SkatPanel).show(status, self._guide_text(view.hand, hand=True))

    def _draw_discard(self, view: SeatView) -> None:
        if view.phase == Phase.PUSH:
            jacks = view.rules.push_jacks
            if view.seat < 2:
                template = (_("Push two cards on to the next player. From the skat: {cards}")
                            if jacks else _("Push two cards on to the next player (no jacks). "
                                            "From the skat: {cards}"))
            else:
                template = (_("Push two cards on as the skat. From the skat: {cards}") if jacks
                            else _("Push two cards on as the skat (no jacks). From the skat: "
                                   "{cards}"))
        else:
            template = _("Put two cards back (their points count for you). From the skat: "
                         "{cards}")
        skat = cards_line(sort_hand(view.skat, None), self.deck) if view.skat is not None \
            else Text("")
        status = fill(template, cards=skat)
        chosen = Text()
        if self.selected:
            pts = sum(c.points for c in self.selected)
            chosen = fill(ngettext("Putting back: {cards} = {points} point",
                                   "Putting back: {cards} = {points} points", pts),
                          cards=cards_line(list(self.selected), self.deck), points=str(pts))
            chosen.append("  ")
        else:
            chosen.append(_("Nothing chosen yet.") + "  ", style="dim")
        help_ = Text(
            _("1–0, - and = or ←/→ and Space choose · click a card · choose again to change"),
            style="dim",
        )
        self.query_one("#discard", DiscardPanel).show(
            status, chosen, help_, ready=len(self.selected) == 2
        )

    def _candidate(self, game: GameType, view: SeatView) -> Declare | None:
        """The declaration the button for ``game`` would make now."""
        hand = view.phase == Phase.SKAT
        o = self.options
        if game == GameType.NULL:
            return Declare(GameType.NULL, hand=hand, ouvert=o["ouvert"])
        if o["ouvert"] and not hand:
            return None
        return Declare(
            game, hand=hand, schneider=o["schneider"] or o["schwarz"], schwarz=o["schwarz"],
            ouvert=o["ouvert"],
        )

    def _declare_cards(self, view: SeatView) -> int:
        """The cards whose jacks count as matadors: the hand, plus the skat
        once it was picked up (hand + what was put back)."""
        return view.hand | (view.discard or 0)

    def _draw_declare(self, view: SeatView) -> None:
        panel = self.query_one("#declare", DeclarePanel)
        hand = view.phase == Phase.SKAT
        cards = self._declare_cards(view)
        warnings: list[str] = []
        for game in ALL_GAMES:
            d = self._candidate(game, view)
            enabled = d is not None and d in view.legal
            value = estimate(game, cards, d).value
            approx = "≈" if hand and game != GameType.NULL else ""
            label = f"{game_short(game, self.deck)} {approx}{value}"
            warn = game != GameType.NULL and enabled and value < view.bid
            if warn:
                warnings.append(game_short(game, self.deck))
            panel.show_game(game, label, enabled, warn)
        o = self.options
        shown = {
            "schneider": o["schneider"] or o["schwarz"] or o["ouvert"],
            "schwarz": o["schwarz"] or o["ouvert"],
            "ouvert": o["ouvert"],
        }
        for option in OPTION_NAMES:
            label = _(option.capitalize())
            panel.show_option(option, label, shown[option], self._option_enabled(option, view))
        note = Text()
        if self._overbid_game is not None:
            key = GAME_KEYS[self._overbid_game]
            note.append(
                _("{game} is below the bid {bid}: press {key} again to play it anyway.").format(
                    game=game_short(self._overbid_game, self.deck), bid=view.bid, key=key),
                style="bold red",
            )
        elif warnings:
            note.append(_("{games}: below the bid {bid} (lost as overbid unless schneider lifts "
                          "it)").format(games=", ".join(warnings), bid=view.bid),
                        style="bold red")
        elif hand:
            note.append(_("≈ hand game: the jacks in the skat still count."), style="dim")
        else:
            note.append(_("Matadors counted with the skat. Ouvert: null only."), style="dim")
        panel.show_note(note, _("Esc: back") if hand else "")

    def _option_enabled(self, option: str, view: SeatView) -> bool:
        if option == "ouvert":
            return True
        return view.phase == Phase.SKAT

    def _draw_play(self, view: SeatView, mine: bool) -> None:
        by_seat = self._names_by_seat()
        status = Text()
        if view.phase == Phase.FINISHED:
            status.append(_("The deal is over."), style="bold")
        elif view.phase == Phase.PUSH and mine:
            status = lead_bold(
                _("Schieberamsch: u take the skat and push two on (each push doubles) · w pass "
                  "it on unseen · g grand hand instead") if GRAND_HAND in view.legal else
                _("Schieberamsch: u take the skat and push two on (each push doubles) · w pass "
                  "it on unseen"))
        elif view.phase == Phase.KONTRA and mine:
            offer = next((a for a in view.legal if isinstance(a, Kontra)), None)
            call = kontra_name(offer.level) if offer is not None else ""
            status = lead_bold(_("Before the first card: k says {call}, p or Enter lets the "
                                 "game stand.").format(call=call))
        elif view.phase == Phase.KONTRA:
            status.append(_("{name} may double before the first card…").format(
                name=by_seat[view.to_move]))
        elif view.phase == Phase.PLAYING and mine:
            if view.contract is not None and view.contract.ramsch:
                status.append_text(lead_bold(
                    _("Ramsch: take as few points and tricks as you can.") + " "))
            offer = next((a for a in view.legal if isinstance(a, Kontra)), None)
            if offer is not None:
                status.append(f"k: {kontra_name(offer.level)}. ", style="bold")
            if view.trick:
                led = led_text(view, self.deck)
                turn = _("Your turn. {led} was led: follow if you can.")
                if re.search(r"(^|[.!?]\s+)\{led\}", turn):  # it opens a sentence there
                    led = led[:1].upper() + led[1:]
                status.append_text(lead_bold(turn.format(led=led)))
            else:
                status.append_text(lead_bold(_("Your lead. Play any card.")))
        elif view.phase in (Phase.SKAT, Phase.DISCARD, Phase.DECLARE):
            if view.soloist == view.seat:
                status.append(_("You won the bidding at {bid} and are choosing the game…")
                              .format(bid=view.bid), style="bold")
            else:
                status.append(_("{name} won the bidding at {bid} and is choosing the game…")
                              .format(name=by_seat[view.soloist], bid=view.bid), style="bold")
        else:
            status.append(self._waiting_text(view))
        tricks = Text()
        if view.phase >= Phase.PLAYING and view.contract is not None:
            tricks.append(_("Tricks:") + " ", style="dim")
            tricks.append(" · ".join(f"{by_seat[s]} {view.tricks[s]}" for s in range(3)))
        hint = Text(self.hint_text, style="italic") if self.hint_text else Text(
            _("i: hint") if mine else "", style="dim"
        )
        self.query_one("#play", PlayPanel).show(status, tricks, hint)

    def _choosing_two(self, view: SeatView) -> bool:
        """The viewer picks two cards: the discard, or a Schieberamsch push."""
        if not self._mine():
            return False
        if view.phase == Phase.DISCARD:
            return True
        return view.phase == Phase.PUSH and any(isinstance(a, Push) for a in view.legal)

    def _playable(self, view: SeatView) -> frozenset[Card] | None:
        if view.phase == Phase.PLAYING and self._mine():
            return frozenset(a.card for a in view.legal if isinstance(a, Play))
        return None

    def _draw_hand(self, view: SeatView) -> None:
        cards = self._cards
        playable = self._playable(view)
        choosing = self._choosing_two(view)
        cursor_on = view.phase == Phase.PLAYING or choosing
        if cursor_on and cards:
            if self.cursor_card not in cards:
                self.cursor_card = cards[0]
            if playable is not None and self.cursor_card not in playable:
                self.cursor_card = next(c for c in cards if c in playable)
        cursor = cards.index(self.cursor_card) if cursor_on and self.cursor_card in cards else None
        self.query_one("#hand", HandView).state = HandState(
            cards=tuple(cards),
            deck=self.deck,
            playable=playable,
            selected=frozenset(self.selected) if choosing else frozenset(),
            cursor=cursor,
            keys=cursor_on and (playable is not None or choosing),
            size=self.face,
        )

    # -- keys and buttons -------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        view = self._view
        if view is None:
            return True
        phase = view.phase
        mine = self._mine()
        legal = view.legal if mine else ()
        if action in ("bid_step", "bid", "hold", "pass_bid"):
            if phase != Phase.BIDDING:
                return False
            if action == "hold":
                return True if HOLD in legal else None
            if action == "pass_bid":
                return True if PASS in legal else None
            if any(isinstance(a, Bid) for a in legal):
                return True
            # Answering with yes or pass only: no Bid and -/+ offered at all
            return False if HOLD in legal else None
        if action in ("pick_up", "play_hand"):
            return phase == Phase.SKAT and mine and not self.hand_mode
        if action == "back":
            return phase == Phase.SKAT and mine and self.hand_mode
        if action in ("declare", "toggle_option"):
            declaring = mine and (
                phase == Phase.DECLARE or (phase == Phase.SKAT and self.hand_mode)
            )
            if not declaring:
                return False
            if action == "toggle_option":
                return True if self._option_enabled(str(parameters[0]), view) else None
            d = self._candidate(GameType.from_letter(str(parameters[0])), view)
            return True if d is not None and d in legal else None
        choosing = self._choosing_two(view)
        if action == "move":
            return phase == Phase.PLAYING or choosing
        if action == "play_card":
            return (True if mine else None) if phase == Phase.PLAYING else False
        if action == "select_card":
            return choosing
        if action == "pick":
            if phase == Phase.PLAYING:
                return True if mine else None
            return choosing
        if action == "put_back":
            if not choosing:
                return False
            return True if len(self.selected) == 2 else None
        if action == "take_skat":
            return phase == Phase.PUSH and PICK_UP in legal
        if action == "pass_skat":
            return phase == Phase.PUSH and PASS_SKAT in legal
        if action == "grand_hand":
            return phase == Phase.PUSH and GRAND_HAND in legal
        if action == "kontra":
            # Only while the rules offer a doubling to this seat (the engine's
            # legal actions say when: docs/rules.md, Kontra and Re).
            return any(isinstance(a, Kontra) for a in legal)
        if action == "no_kontra":
            return phase == Phase.KONTRA and PASS in legal
        if action == "last_trick":
            if phase < Phase.PLAYING:
                return False
            return True if view.last_trick is not None else None
        if action == "hint":
            return True if mine else None
        if action in ("claim", "claim_any"):
            # In the footer only when the hand takes every trick for sure
            # (on lead); the key claims whenever the rules allow.
            sure = self.controller.can_claim(self.viewer) and soloist_claims(view)
            return sure if action == "claim" else self.controller.can_claim(self.viewer)
        if action == "give_up":
            return self.controller.can_give_up(self.viewer)
        return True

    def _act(self, action: Action) -> None:
        try:
            self.controller.act(self.viewer, action)
        except ValueError as exc:  # the engine's IllegalActionError: said by its rule
            self.app.bell()
            self.notify(error_text(exc), severity="warning", timeout=3, markup=False)

    def action_bid_step(self, step: int) -> None:
        view = self._view
        if view is None:
            return
        bids = [a.value for a in view.legal if isinstance(a, Bid)]
        if not bids:
            return
        i = bids.index(self.bid_choice) if self.bid_choice in bids else 0
        self.bid_choice = bids[max(0, min(len(bids) - 1, i + step))]
        self._draw_bidding(view, self._mine())

    def action_bid(self) -> None:
        if self.bid_choice is not None and self.bid_choice in BIDS:
            self._act(BIDS[self.bid_choice])

    def action_hold(self) -> None:
        self._act(HOLD)

    def action_pass_bid(self) -> None:
        self._act(PASS)

    def action_pick_up(self) -> None:
        self._act(PICK_UP)

    def action_play_hand(self) -> None:
        self.hand_mode = True
        self.options = dict.fromkeys(OPTION_NAMES, False)
        self.refresh_table()

    def action_back(self) -> None:
        self.hand_mode = False
        self._overbid_game = None
        self.refresh_table()

    def action_declare(self, letter: str) -> None:
        """Name the game; a game worth less than the bid needs a second press."""
        view = self._view
        if view is None:
            return
        game = GameType.from_letter(letter)
        d = self._candidate(game, view)
        if d is None:
            return
        value = estimate(game, self._declare_cards(view), d).value
        below = game != GameType.NULL and value < view.bid
        if below and self._overbid_game != game:
            self._overbid_game = game
            self.app.bell()
            self._draw_declare(view)
            return
        self._overbid_game = None
        self._act(d)

    def action_toggle_option(self, option: str) -> None:
        self._overbid_game = None
        self.options[option] = not self.options[option]
        if option == "schneider" and not self.options["schneider"]:
            self.options["schwarz"] = False  # schwarz includes schneider
        if self._view is not None:
            self._draw_declare(self._view)
        self._refresh_footer()

    def action_move(self, step: int) -> None:
        view = self._view
        cards = self._cards
        if view is None or not cards:
            return
        allowed = self._playable(view) or frozenset(cards)
        i = cards.index(self.cursor_card) if self.cursor_card in cards else 0
        for k in range(1, len(cards) + 1):
            j = (i + step * k) % len(cards)
            if cards[j] in allowed:
                self.cursor_card = cards[j]
                break
        self._draw_hand(view)

    def action_play_card(self) -> None:
        if self.cursor_card is not None:
            self._play(self.cursor_card)

    def action_select_card(self) -> None:
        if self.cursor_card is not None:
            self._toggle_card(self.cursor_card)

    def action_pick(self, index: int) -> None:
        view = self._view
        if view is None:
            return
        if index >= len(self._cards):
            self.app.bell()
            return
        card = self._cards[index]
        if self._choosing_two(view):
            self.cursor_card = card
            self._toggle_card(card)
        else:
            self._play(card)

    def _play(self, card: Card) -> None:
        view = self._view
        if view is None:
            return
        playable = self._playable(view)
        if playable is None:
            return
        if card not in playable:
            self.app.bell()
            led = led_text(view, self.deck)
            self.notify(
                _("{card} may not be played: {led} was led and you can follow.").format(
                    card=card_text(card, self.deck), led=led),
                title=_("Follow suit"), severity="warning", timeout=3,
            )
            return
        self.cursor_card = card
        self._act(Play(card))

    def _toggle_card(self, card: Card) -> None:
        view = self._view
        if view is None or card not in self._cards:
            return
        if card in self.selected:
            self.selected = tuple(c for c in self.selected if c != card)
        else:
            self.selected = (*self.selected, card)[-2:]
        self._draw_discard(view)
        self._draw_hand(view)
        self._refresh_footer()

    def action_put_back(self) -> None:
        if len(self.selected) == 2:
            a, b = self.selected
            view = self._view
            self._act(Push((a, b)) if view is not None and view.phase == Phase.PUSH
                      else Discard((a, b)))

    def action_take_skat(self) -> None:
        self._act(PICK_UP)

    def action_pass_skat(self) -> None:
        self._act(PASS_SKAT)

    def action_grand_hand(self) -> None:
        self._act(GRAND_HAND)

    def action_kontra(self) -> None:
        view = self._view
        offer = next((a for a in view.legal if isinstance(a, Kontra)), None) if view else None
        if offer is None:
            self.app.bell()
            return
        self._act(offer)

    def action_no_kontra(self) -> None:
        self._act(PASS)

    def on_hand_view_card_clicked(self, message: HandView.CardClicked) -> None:
        view = self._view
        if view is None:
            return
        if self._choosing_two(view):
            self.cursor_card = message.card
            self._toggle_card(message.card)
        elif view.phase == Phase.PLAYING:
            if self._mine():
                self._play(message.card)
            else:
                self.cursor_card = message.card
                self._draw_hand(view)

    def on_hand_view_card_hovered(self, message: HandView.CardHovered) -> None:
        view = self._view
        if view is None or message.index >= len(self._cards):
            return
        card = self._cards[message.index]
        playable = self._playable(view)
        cursor_on = view.phase == Phase.PLAYING or self._choosing_two(view)
        if cursor_on and (playable is None or card in playable):
            self.cursor_card = card
            self._draw_hand(view)

    def action_last_trick(self) -> None:
        view = self._view
        if view is None or view.last_trick is None:
            return
        t = view.last_trick
        by_seat = self._names_by_seat()
        plays = [(by_seat[(t.leader + i) % 3], CARDS[c]) for i, c in enumerate(t.cards)]
        pts = trick_points(t.cards)
        self.app.push_screen(
            LastTrickScreen(plays, by_seat[t.winner], pts, sum(view.tricks), self.deck)
        )

    def action_hint(self) -> None:
        if self.controller.request_hint(self.viewer):
            self.hint_text = _("Thinking about a hint…")
            if self._view is not None and self._view.phase == Phase.PLAYING:
                self._draw_play(self._view, self._mine())

    def _show_hint(self, hint: Hint) -> None:
        view = self._view
        if view is None:
            return
        sentence = hint_sentence(hint, view, self.deck)
        self.hint_text = sentence
        if isinstance(hint.action, Play) and hint.action.card in self._cards:
            self.cursor_card = hint.action.card
        if isinstance(hint.action, Bid):
            self.bid_choice = hint.action.value
        if isinstance(hint.action, Discard) and view.phase == Phase.DISCARD:
            self.selected = tuple(hint.action.cards)  # chosen for you; d confirms
        self.refresh_table()
        # One hint at a time: a new hint replaces the last, and the move
        # made takes it away (on_match_controller_changed).
        self._clear_hint_toast()
        self.notify(sentence, title=_("Hint"), timeout=30, markup=False)
        self._hint_toast = True

    def _clear_hint_toast(self) -> None:
        if self._hint_toast:
            self.app.clear_notifications()
            self._hint_toast = False

    # -- claims and concessions (ISkO 4.4) ------------------------------------------

    def action_claim(self) -> None:
        if not self.controller.can_claim(self.viewer):
            self.app.bell()
            return
        self.app.push_screen(
            ConfirmScreen(
                _("Show your cards and claim every remaining trick?\nThe defenders may accept "
                  "(the game ends) or play on; your cards stay shown."),
                yes=N_("Claim"), no=N_("Cancel"),
            ),
            callback=self._claim_confirmed,
        )

    def action_claim_any(self) -> None:
        self.action_claim()

    def _claim_confirmed(self, yes: bool | None) -> None:
        if yes and self.controller.can_claim(self.viewer):
            self.controller.claim(self.viewer)

    def action_give_up(self) -> None:
        view = self._view
        if view is None or not self.controller.can_give_up(self.viewer):
            self.app.bell()
            return
        if view.seat == view.soloist:
            question = _("Give up this game? It counts as lost.")
        else:
            partner_seat = 3 - view.seat - view.soloist
            partner = self._names_by_seat()[partner_seat]
            if Resign(partner_seat) in [a for _, a in view.public_actions]:
                question = _("Give up too? {name} gave up already: the game ends.").format(
                    name=partner)
            else:
                question = _("Give up? {name} must agree too; if not, play goes on (your giving "
                             "up stays said).").format(name=partner)
        self.app.push_screen(
            ConfirmScreen(question, yes=N_("Give up"), no=N_("Cancel")),
            callback=self._give_up_confirmed
        )

    def _give_up_confirmed(self, yes: bool | None) -> None:
        if yes and self.controller.can_give_up(self.viewer):
            self.controller.give_up(self.viewer)

    def _ask_if_asked(self) -> None:
        """Open the Accept / Play on dialog when the viewer must answer."""
        c = self.controller
        if not c.asking or c.asking[0] != self.viewer or self._asking is not None:
            return
        if self.app.screen is not self or getattr(self, "privacy", None) is not None:
            return
        view = self._view
        if view is None or view.soloist < 0:
            return
        by_seat = self._names_by_seat()
        soloist = by_seat[view.soloist]
        if c.question == "claim":
            question = _("{name} shows the cards and claims the rest.\nAccept (the game ends) "
                         "or play on?").format(name=soloist)
        else:
            partner = by_seat[3 - view.seat - view.soloist]
            question = _("{name} gives up.\nGive up too ({soloist} wins the game) or play "
                         "on?").format(name=partner, soloist=soloist)
        self._asking = self.viewer
        self.app.push_screen(
            ConfirmScreen(question, yes=N_("Accept") if c.question == "claim" else N_("Give up"),
                          no=N_("Play on")),
            callback=self._answered,
        )

    def _answered(self, yes: bool | None) -> None:
        player, self._asking = self._asking, None
        c = self.controller
        if player is not None and c.asking and c.asking[0] == player:
            c.answer(player, bool(yes))

    def on_match_controller_answered(self, message: MatchController.Answered) -> None:
        if message.yes:
            return
        name = self._shown_name(message.player)
        seat = self.controller.match.seat_of(message.player)
        if seat is not None:
            self._notes.append(PlayOn(message.cards_played, seat))
        if message.player == self.viewer:
            text = _("You play on.")
        elif message.kind == "claim":
            text = _("{name} does not accept the claim and plays on.").format(name=name)
        else:
            text = _("{name} does not give up and plays on.").format(name=name)
            view = self._view
            if view is not None:
                for _seat, a in reversed(view.public_actions):
                    if isinstance(a, Resign):
                        if a.seat == view.seat:
                            text = _("You gave up; {name} plays on.").format(name=name)
                        else:
                            text = _("{partner} gave up; {name} plays on.").format(
                                partner=self._names_by_seat()[a.seat], name=name)
                        break
        self.notify(text, timeout=5, markup=False)
        self.refresh_table()

    # -- after the deal -----------------------------------------------------------

    def _show_result(self) -> None:
        if not self.controller.match.deal_finished:
            return
        if self.app.screen is not self:
            self._result_due = True
            return
        self._result_due = False
        m = self.controller.match
        self.app.push_screen(
            DealResultScreen(
                m.outcomes[-1], self.controller.names(), m.config.deals, self.deck,
                m.config.scoring,
            ),
            callback=self._after_result,
        )

    def _after_result(self, _: None) -> None:
        self.app.push_screen(
            ScoreSheetScreen(self.controller.match, self.controller.names(), self.deck),
            callback=self._after_sheet,
        )

    def _after_sheet(self, choice: str | None) -> None:
        if choice == "next":
            self.controller.next_deal()
        elif choice == "new":
            self.post_message(NewMatchRequested())
        elif choice == "menu":
            self.post_message(StartScreenRequested())
        elif choice == "quit":
            self.app.exit()

    def show_score_sheet(self) -> None:
        """Look at the score sheet in the middle of a deal."""
        self.app.push_screen(
            ScoreSheetScreen(
                self.controller.match, self.controller.names(), self.deck, browsing=True
            )
        )

