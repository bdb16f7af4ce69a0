"""The table: the human's hand, the two opponents, the trick, the action panel.

Everything on this screen is built from ``controller.view(viewer)`` (what the
viewer's seat may see) plus the public facts of the match (names, seats,
dealer, scores).  The full deal state is never read here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
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
    POSITION_NAMES,
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
from skat_core.ruleset import KONTRA_NAMES
from skat_core.views import SeatView

from ..controller import MatchController
from ..deck import DeckStyle, card_style, card_text, cards_line, game_short, sort_hand
from ..footer import Footer
from ..guide import ALL_GAMES, bidding_guide, estimate
from ..i18n import _, ngettext
from ..messages import NewMatchRequested, StartScreenRequested
from ..panels import GAME_KEYS, BiddingPanel, DeclarePanel, DiscardPanel, PlayPanel, SkatPanel
from ..safe_text import visible
from ..settings import Settings
from ..widgets import KEY_LABELS, KEY_NAMES, HandState, HandView, Line, Spot, TrickArea, TrickState
from .dialogs import ConfirmScreen, LastTrickScreen
from .hints import hint_sentence
from .result import DealResultScreen, ScoreSheetScreen
from .score_area import score_area
from .table_log import PlayOn, log_lines
from .text import contract_text, led_text

if TYPE_CHECKING:
    from skat_core.bots import Hint

OPTION_NAMES = ("schneider", "schwarz", "ouvert")


def _bindings() -> list[BindingType]:
    out: list[BindingType] = [
        # bidding
        Binding("minus,down", "bid_step(-1)", "Lower", key_display="−", show=False),
        Binding("plus,equals_sign,up", "bid_step(1)", "Raise", key_display="+", show=False),
        Binding("b", "bid", "Bid"),
        Binding("y", "hold", "Yes"),
        Binding("p", "pass_bid", "Pass"),
        # skat
        Binding("u", "pick_up", "Pick up skat"),
        Binding("u", "take_skat", "Take the skat"),
        Binding("w", "pass_skat", "Pass it on"),
        Binding("g", "grand_hand", "Grand hand"),
        Binding("h", "play_hand", "Play hand"),
        Binding("escape", "back", "Back"),
        # declaration
        Binding("d", "declare('D')", "♦", show=False),
        Binding("r", "declare('H')", "♥", show=False),
        Binding("s", "declare('S')", "♠", show=False),
        Binding("c", "declare('C')", "♣", show=False),
        Binding("g", "declare('G')", "Grand", show=False),
        Binding("n", "declare('N')", "Null", show=False),
        Binding("x", "toggle_option('schneider')", "Schneider", show=False),
        Binding("z", "toggle_option('schwarz')", "Schwarz", show=False),
        Binding("o", "toggle_option('ouvert')", "Ouvert", show=False),
        # cards
        Binding("left", "move(-1)", "Move", key_display="←→"),
        Binding("right", "move(1)", "Move", show=False),
        Binding("h", "move(-1)", "Move", show=False),
        Binding("l", "move(1)", "Move", show=False),
        Binding("enter", "play_card", "Play", key_display="⏎"),
        Binding("space", "play_card", "Play", show=False),
        Binding("enter", "select_card", "Choose", key_display="⏎"),
        Binding("space", "select_card", "Choose", show=False),
        Binding("d", "put_back", "Put back"),
        Binding("t", "last_trick", "Last trick"),
        Binding("L", "last_trick", "Last trick", show=False),
        Binding("i", "hint", "Hint"),
        Binding("k", "kontra", "Kontra/Re"),
        # claims and concessions (ISkO 4.4)
        Binding("a", "claim", "All mine"),
        Binding("a", "claim_any", "All mine", show=False),
        Binding("G", "give_up", "Give up", show=False),
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
        bar = Text()
        bar.append(f" Deal {m.deal_number + 1} of {m.config.deals}", style="bold")
        bar.append(f" · dealer {names[m.dealer]} sits out", style="bold")
        self.query_one("#topbar", Line).show(bar)
        self._draw_score()
        self.query_one("#actions", ContentSwitcher).current = "play"
        playing = ", ".join(names[p] for p in m.seats)
        self.query_one("#play", PlayPanel).show(
            Text(f"You deal and sit this deal out: {playing} play.", style="bold"),
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
        name, _, rest = action.partition("(")
        args: tuple[object, ...] = ()
        if rest:
            arg = rest.rstrip(")").strip("'")
            args = (int(arg),) if arg.lstrip("-").isdigit() else (arg,)
        return name, args

    def _draw_topbar(self, view: SeatView) -> None:
        m = self.controller.match
        names = self._shown_names()
        by_seat = self._names_by_seat()
        bar = Text()
        bar.append(f" Deal {m.deal_number + 1} of {m.config.deals}", style="bold")
        bar.append(f" · dealer {names[m.dealer]}")
        if m.players == 4:
            bar.append(" sits out", style="bold")
        self._append_bid_and_game(bar, view, by_seat)
        self.query_one("#topbar", Line).show(bar)

    def _append_bid_and_game(
        self, bar: Text, view: SeatView, by_seat: tuple[str, str, str], short: bool = False
    ) -> None:
        """The top bar's tail: the bid, the soloist and the game once known."""
        if view.bid:
            bar.append(" · bid ")
            bar.append(str(view.bid), style="bold")
        if view.soloist >= 0:
            bar.append(" · soloist ")
            bar.append(by_seat[view.soloist], style="bold")
            if view.contract is not None:
                bar.append(" · ")
                bar.append(contract_text(view.contract, self.deck, short=short), style="bold")
        elif view.contract is not None and view.contract.ramsch:
            bar.append(" · Ramsch", style="bold")
        elif view.phase == Phase.PUSH:
            bar.append(" · Schieberamsch", style="bold")
        if view.kontra:
            bar.append(f" · {KONTRA_NAMES[view.kontra]}", style="bold red")
        if view.bock > 1:
            bar.append(f" · Bock ×{view.bock}", style="bold magenta")

    def _last_words(self, view: SeatView) -> dict[int, str]:
        words: dict[int, str] = {}
        for seat, action in view.public_actions:
            if isinstance(action, Bid):
                words[seat] = f"bid {action.value}"
            elif isinstance(action, Hold):
                words[seat] = f"yes to {view.bid}" if view.phase == Phase.BIDDING else "yes"
            elif isinstance(action, Pass):
                words[seat] = "passed"
        return words

    def _draw_opponents(self, view: SeatView) -> None:
        m = self.controller.match
        words = self._last_words(view)
        for place, player in zip(("left", "right"), self._beside(), strict=True):
            panel = self.query_one(f"#opp-{place}", Line)
            seat = m.seat_of(player)
            level = self.controller.level(player)
            title = self._shown_name(player) + (f" · {level}" if level else "")
            panel.border_title = Text(title)
            if seat is None:
                panel.border_subtitle = "deals"
                panel.show("")
                continue
            role = POSITION_NAMES[seat]
            soloist = view.soloist == seat
            panel.border_subtitle = f"{role} · SOLOIST" if soloist else role
            panel.set_class(soloist, "-soloist")
            panel.set_class(view.to_move == seat, "-to-move")
            n = view.cards_left[seat]
            line1 = Text()
            line1.append("▮" * n, style="#6f8fd8")
            line1.append(f" {n} card{'s' if n != 1 else ''}")
            if view.phase >= Phase.PLAYING and view.contract is not None:
                line1.append(f" · tricks {view.tricks[seat]}")
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
                line2.append("thinking…", style="italic")
            elif view.phase <= Phase.DECLARE and seat in words:
                line2.append(words[seat], style="dim" if words[seat] == "passed" else "bold")
            panel.show(Text("\n").join([line1, line2]))

    def _draw_score(self) -> None:
        area = score_area(self.controller.match, self._shown_names())
        panel = self.query_one("#score", Line)
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
        panel.border_title = "Table"
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
            note = f"First lead: {by_seat[view.to_move]}"
        elif view.phase == Phase.BIDDING:
            note = "Bidding"
        elif view.phase in (Phase.SKAT, Phase.DISCARD, Phase.DECLARE):
            note = f"Soloist {by_seat[view.soloist]} at {view.bid}"
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
        status = Text()
        passed = {s for s, a in view.public_actions if isinstance(a, Pass)}
        if mine and bids:
            if view.bid == 0 and len(passed) == 2:
                status.append("Nobody bid: ", style="bold")
                status.append("play at 18+, or pass.")
            elif view.bid:
                status.append(f"The bid is {view.bid}: ", style="bold")
                status.append("raise it, or pass.")
            else:
                holder = self._bid_to(view)
                status.append(f"Your bid{f' to {holder}' if holder else ''}: ", style="bold")
                status.append("−/+ choose, b bids.")
        elif can_hold:
            bidder = next(
                (s for s, a in reversed(view.public_actions) if isinstance(a, Bid)), None
            )
            who = by_seat[bidder] if bidder is not None else "Someone"
            status.append(f"{who} bids {view.bid} to you: ", style="bold")
            status.append("yes or pass?")
        elif view.seat in passed:
            status.append("You passed. ", style="bold")
            status.append(self._waiting_text(view))
        else:
            status.append(self._waiting_text(view))
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
        if self.controller.is_human(player):
            return f"Waiting for {name}."
        return f"{name} is thinking…"

    def _draw_skat(self, view: SeatView) -> None:
        status = Text(f"You play at {view.bid}: ", style="bold")
        status.append("pick up the skat, or play hand without it.")
        self.query_one("#skat", SkatPanel).show(status, self._guide_text(view.hand, hand=True))

    def _draw_discard(self, view: SeatView) -> None:
        if view.phase == Phase.PUSH:
            status = Text("Push two cards on", style="bold")
            status.append(" to the next player" if view.seat < 2 else " as the skat")
            status.append(" (no jacks)" if not view.rules.push_jacks else "")
            status.append(". From the skat: ")
        else:
            status = Text("Put two cards back", style="bold")
            status.append(" (their points count for you). From the skat: ")
        if view.skat is not None:
            status.append_text(cards_line(sort_hand(view.skat, None), self.deck))
        chosen = Text()
        if self.selected:
            chosen.append("Putting back: ")
            chosen.append_text(cards_line(list(self.selected), self.deck))
            pts = sum(c.points for c in self.selected)
            chosen.append(f" = {pts} points  ")
        else:
            chosen.append("Nothing chosen yet.  ", style="dim")
        help_ = Text(
            "1–0, - and = or ←/→ and Space choose · click a card · choose again to change",
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
            label = option.capitalize()
            panel.show_option(option, label, shown[option], self._option_enabled(option, view))
        note = Text()
        if self._overbid_game is not None:
            key = GAME_KEYS[self._overbid_game]
            note.append(
                f"{game_short(self._overbid_game, self.deck)} is below the bid {view.bid}: "
                f"press {key} again to play it anyway.",
                style="bold red",
            )
        elif warnings:
            note.append(f"{', '.join(warnings)}: below the bid {view.bid}", style="bold red")
            note.append(" (lost as overbid unless schneider lifts it)", style="red")
        elif hand:
            note.append("≈ hand game: the jacks in the skat still count.", style="dim")
        else:
            note.append("Matadors counted with the skat. Ouvert: null only.", style="dim")
        panel.show_note(note, "Esc: back" if hand else "")

    def _option_enabled(self, option: str, view: SeatView) -> bool:
        if option == "ouvert":
            return True
        return view.phase == Phase.SKAT

    def _draw_play(self, view: SeatView, mine: bool) -> None:
        by_seat = self._names_by_seat()
        status = Text()
        if view.phase == Phase.FINISHED:
            status.append("The deal is over.", style="bold")
        elif view.phase == Phase.PUSH and mine:
            status.append("Schieberamsch: ", style="bold")
            status.append("u take the skat and push two on (each push doubles)"
                          " · w pass it on unseen")
            if GRAND_HAND in view.legal:
                status.append(" · g grand hand instead")
        elif view.phase == Phase.PLAYING and mine:
            if view.contract is not None and view.contract.ramsch:
                status.append("Ramsch: ", style="bold")
                status.append("take as few points and tricks as you can. ")
            offer = next((a for a in view.legal if isinstance(a, Kontra)), None)
            if offer is not None:
                status.append(f"k: {offer.name}. ", style="bold")
            if view.trick:
                status.append("Your turn. ", style="bold")
                led = led_text(view, self.deck)
                status.append(f"{led[:1].upper()}{led[1:]} was led: follow if you can.")
            else:
                status.append("Your lead. ", style="bold")
                status.append("Play any card.")
        elif view.phase in (Phase.SKAT, Phase.DISCARD, Phase.DECLARE):
            status.append(f"{by_seat[view.soloist]} won the bidding at {view.bid} ", style="bold")
            status.append("and is choosing the game…")
        else:
            status.append(self._waiting_text(view))
        tricks = Text()
        if view.phase >= Phase.PLAYING and view.contract is not None:
            tricks.append("Tricks: ", style="dim")
            tricks.append(" · ".join(f"{by_seat[s]} {view.tricks[s]}" for s in range(3)))
        hint = Text(self.hint_text, style="italic") if self.hint_text else Text(
            "i: hint" if mine else "", style="dim"
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
        except ValueError as exc:
            self.app.bell()
            self.notify(str(exc), severity="warning", timeout=3, markup=False)

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
                f"{card_text(card, self.deck)} may not be played: "
                f"{led} was led and you can follow.",
                title="Follow suit", severity="warning", timeout=3,
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
            self.hint_text = "Thinking about a hint…"
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
                "Show your cards and claim every remaining trick?\n"
                "The defenders may accept (the game ends) or play on; "
                "your cards stay shown.",
                yes="Claim", no="Cancel",
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
            question = "Give up this game? It counts as lost."
        else:
            partner_seat = 3 - view.seat - view.soloist
            partner = self._names_by_seat()[partner_seat]
            if Resign(partner_seat) in [a for _, a in view.public_actions]:
                question = f"Give up too? {partner} gave up already: the game ends."
            else:
                question = (f"Give up? {partner} must agree too; "
                            "if not, play goes on (your giving up stays said).")
        self.app.push_screen(
            ConfirmScreen(question, yes="Give up", no="Cancel"), callback=self._give_up_confirmed
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
            question = (f"{soloist} shows the cards and claims the rest.\n"
                        "Accept (the game ends) or play on?")
        else:
            partner = by_seat[3 - view.seat - view.soloist]
            question = (f"{partner} gives up.\n"
                        f"Give up too ({soloist} wins the game) or play on?")
        self._asking = self.viewer
        self.app.push_screen(
            ConfirmScreen(question, yes="Accept" if c.question == "claim" else "Give up",
                          no="Play on"),
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

