"""Replay a deal: every hand open, every action one key press apart.

:class:`ReplayScreen` shows one deal (:class:`ReplayGame`: a finished state,
the names and a title) from the cards as dealt to the last action.  Every
intermediate state is rebuilt through the engine from the deal and a prefix
of its actions, so stepping back shows exactly what the table looked like
then.  From any point the player can:

* ``a`` analyse the deal with the double-dummy solver (:mod:`.analysis`);
* ``p`` play on from here: take a seat, bots take the others;
* ``r`` replay the deal: the same cards from the start, any seat.

A deal played on from a replay is practice: it is never saved, never
written to the history and never reaches the leaderboard (no
:class:`~skat_tui.storage.MatchKeeper` is attached), and after it the
player is back in the replay.

:class:`GamePickScreen` lists the games of a file (an ISS file holds many)
to choose one to replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Static

from skat_core.cards import CARDS, Card, points_of
from skat_core.game import (
    Action,
    Bid,
    Claim,
    Declare,
    Discard,
    GameState,
    Hold,
    Kontra,
    LeaveTable,
    Pass,
    PassSkat,
    Phase,
    PickUpSkat,
    Play,
    Push,
    Resign,
    restart,
)
from skat_core.match import Match, MatchConfig, Scoring
from skat_core.rules import trick_points
from skat_core.views import SeatView

from ..controller import MatchController, PlayerSpec
from ..deck import PAPER_SELECTED, DeckStyle, card_chip, card_text, cards_line, sort_hand
from ..footer import Footer
from ..i18n import DEFAULT_NAME, N_, _, format_signed, ngettext, shown_name
from ..safe_text import safe_join, safe_text, visible
from ..settings import BOT_NAMES, Settings, rule_set_name
from ..widgets import Line, Spot, TrickArea, TrickState
from .analysis import AnalysisScreen
from .closing import close_or_exit
from .dialogs import ConfirmScreen
from .result import DealResultScreen
from .table import TableScreen
from .table_log import fill
from .text import contract_text, explain_result, kontra_name, position_name


@dataclass(frozen=True, slots=True)
class ReplayGame:
    """A deal to replay: its state (finished or as far as it went), the
    players by seat (forehand first) and where it came from."""

    state: GameState
    players: tuple[str, str, str]
    title: str
    """``History 12 · 2026-11-29 20:15``, ``games.iss · 541932``."""
    game_id: str | None = None
    human: int | None = None
    """The seat the player sat in, if the record says (it is shown at the
    bottom, as at the table; forehand is, if not)."""

    @property
    def bottom(self) -> int:
        """The seat shown at the bottom of the replay."""
        return self.human if self.human is not None else 0

    @property
    def game(self) -> str:
        """``Cid: Grand`` or ``passed in``."""
        r = self.state.result
        c = self.state.contract
        if c is None or self.state.soloist < 0:
            if r is not None and r.aborted:
                return _("aborted")
            return _("passed in") if r is not None else _("not finished")
        return _("{name}: {contract}").format(name=self.players[self.state.soloist],
                                              contract=contract_text(c, DeckStyle.FOUR_COLOUR))

    @property
    def outcome(self) -> str:
        """``won +48``, ``lost -192``, or empty."""
        r = self.state.result
        if r is None:
            return _("not finished")
        if r.soloist is None:
            return ""
        return (_("won {score}") if r.won else _("lost {score}")).format(
            score=format_signed(r.score))


def replay_states(state: GameState) -> list[GameState]:
    """The state after each prefix of ``state``'s actions, from the deal
    (``[0]``) to ``state`` itself (``[-1]``), rebuilt through the engine."""
    states = [restart(state)]
    for _seat, action in state.history:
        states.append(states[-1].apply(action))
    return states


def trick_stops(states: Sequence[GameState]) -> list[int]:
    """The steps a trick key jumps between: the deal, the first lead, each
    finished trick, and the end."""
    stops = {0, len(states) - 1}
    for i in range(1, len(states)):
        s, before = states[i], states[i - 1]
        if s.phase != Phase.PLAYING or s.contract is None or s.trick:
            continue
        _seat, last = s.history[-1]
        if before.phase != Phase.PLAYING or (isinstance(last, Play) and before.trick):
            stops.add(i)
    return sorted(stops)


def _settings(app: object) -> Settings:
    settings = getattr(app, "settings", None)
    return settings if isinstance(settings, Settings) else Settings()


def action_words(before: GameState, seat: int, action: Action, names: Sequence[str],
                 deck: DeckStyle, you: bool = False) -> Text:
    """What a seat did, as a sentence: ``Cid bids 20``, ``Ann plays A♦``;
    ``you``: the player's own seat, ``You bid 20``."""
    who = Text(names[seat], style="bold")

    def say(mine: str, theirs: str, **parts: str | Text) -> Text:
        return fill(mine if you else theirs, "", name=who, **parts)

    match action:
        case Bid(value=v) if before.holder >= 0:
            return say(_("You bid {value}"), _("{name} bids {value}"), value=str(v))
        case Bid(value=v):
            return say(_("You play at {value}"), _("{name} plays at {value}"), value=str(v))
        case Hold():
            return say(_("You say yes to {value}"), _("{name} says yes to {value}"),
                       value=str(before.bid))
        case Pass() if before.phase == Phase.KONTRA:
            return say(_("You say no {kontra}"), _("{name} says no {kontra}"),
                       kontra=kontra_name(before.kontra + 1))
        case Pass():
            return say(_("You pass"), _("{name} passes"))
        case PickUpSkat() if before.phase == Phase.PUSH:
            return say(_("You take the skat"), _("{name} takes the skat"))
        case PickUpSkat():
            return say(_("You pick up the skat"), _("{name} picks up the skat"))
        case Kontra():
            return say(_("You say {kontra}"), _("{name} says {kontra}"),
                       kontra=kontra_name(action.level))
        case Push(cards=cards):
            return say(_("You push {cards} on"), _("{name} pushes {cards} on"),
                       cards=cards_line(list(cards), deck))
        case PassSkat():
            return say(_("You pass the skat on unseen"), _("{name} passes the skat on unseen"))
        case Discard(cards=cards):
            return say(_("You put back {cards}"), _("{name} puts back {cards}"),
                       cards=cards_line(list(cards), deck))
        case Declare():
            return say(_("You declare {contract}"), _("{name} declares {contract}"),
                       contract=contract_text(action.contract, deck))
        case Play(card=c) if not before.trick:
            return say(_("You lead {card}"), _("{name} leads {card}"),
                       card=card_chip(CARDS[c], deck))
        case Play(card=c):
            return say(_("You play {card}"), _("{name} plays {card}"),
                       card=card_chip(CARDS[c], deck))
        case Claim():
            return say(_("You show your cards and claim the rest"),
                       _("{name} shows the cards and claims the rest"))
        case Resign() if seat == before.soloist:
            return say(_("You concede"), _("{name} concedes"))
        case Resign():
            return say(_("You give up"), _("{name} gives up"))
        case LeaveTable(timeout=True):
            return say(_("You timed out"), _("{name} timed out"))
        case LeaveTable():
            return say(_("You left the table"), _("{name} left the table"))
        case _:
            return fill("{name}: {action}", name=who, action=str(action))


def short_names(names: Sequence[str], width: int = 6) -> tuple[str, ...]:
    """The names for the action list, whole, padded to one column of at
    least ``width``."""
    column = max([width, *(len(n) for n in names)])
    return tuple(n.ljust(column) for n in names)


def log_entry(before: GameState, after: GameState, seat: int, action: Action,
              names: Sequence[str], deck: DeckStyle, you: bool = False) -> str:
    """One short line of the action list: ``Cid 20``, ``Ann A♦→Cid +14``
    (``names``: padded to one column, see :func:`short_names`); ``you``: the
    player's own seat, ``You pick up``."""
    name = _("You").ljust(len(names[seat])) if you else names[seat]

    def say(mine: str, theirs: str, **parts: str) -> str:
        return (mine if you else theirs).format(name=name, **parts)

    match action:
        case Bid(value=v):
            what = str(v)
        case Hold():
            what = _("yes")
        case Pass() if before.phase == Phase.KONTRA:
            what = _("no {kontra}").format(kontra=kontra_name(before.kontra + 1))
        case Pass():
            what = _("pass")
        case PickUpSkat():
            return say(_("{name} pick up"), _("{name} picks up"))
        case Kontra():
            what = kontra_name(action.level)
        case Push(cards=cards):
            return say(_("{name} push {cards}"), _("{name} pushes {cards}"),
                       cards=" ".join(card_text(c, deck) for c in cards))
        case PassSkat():
            return say(_("{name} pass on"), _("{name} passes on"))
        case Discard(cards=cards):
            what = _("back {cards}").format(cards=" ".join(card_text(c, deck) for c in cards))
        case Declare():
            what = contract_text(action.contract, deck, short=True)
        case Play(card=c):
            what = card_text(CARDS[c], deck)
            t = after.last_trick
            if before.trick and not after.trick and t is not None:
                pts = trick_points(t.cards)
                what += f"→{names[t.winner].rstrip()} +{pts}"
        case Claim():
            return say(_("{name} claim"), _("{name} claims"))
        case Resign() if seat == before.soloist:
            return say(_("{name} concede"), _("{name} concedes"))
        case Resign():
            return say(_("{name} give up"), _("{name} gives up"))
        case LeaveTable(timeout=True):
            return say(_("{name} timed out"), _("{name} timed out"))
        case LeaveTable():
            return say(_("{name} left"), _("{name} left"))
        case _:
            what = str(action)
    return f"{name} {what}"


class ListTable(DataTable[Text]):
    """A list whose rows open something with Enter (shown in the footer as
    ``⏎ <verb>``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select_cursor", N_("Replay"), key_display="⏎"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "select_cursor":
            return self.row_count > 0
        return True


class SeatScreen(ModalScreen[int | None]):
    """Which seat to take (1, 2, 3 or a click); Esc cancels."""

    CSS_PATH = "../styles/replay.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "choose(0)", N_("Forehand"), show=False),
        Binding("2", "choose(1)", N_("Middlehand"), show=False),
        Binding("3", "choose(2)", N_("Rearhand"), show=False),
        Binding("escape", "choose(-1)", N_("Cancel")),
    ]

    def __init__(self, question: str, players: Sequence[str], soloist: int = -1) -> None:
        super().__init__()
        self.question = question
        self.players = tuple(players)
        self.soloist = soloist

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog seat-dialog"):
            yield Static(safe_text(_(self.question)), classes="dialog-text")
            with Vertical(id="seat-buttons"):
                for seat, name in enumerate(self.players):
                    role = (_("{name} ({position}, soloist)") if seat == self.soloist
                            else _("{name} ({position})")).format(
                                name=visible(name), position=position_name(seat))
                    yield Button(safe_text(f"{seat + 1}  {role}"),
                                 id=f"seat-{seat}",
                                 compact=True, variant="primary" if seat == 0 else "default")
            yield Static(Text(_("Bots take the other seats · Esc cancels"), style="dim"),
                         classes="dialog-foot")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id and event.button.id.startswith("seat-"):
            self.dismiss(int(event.button.id.removeprefix("seat-")))

    def action_choose(self, seat: int) -> None:
        self.dismiss(seat if seat >= 0 else None)


class PracticeResultScreen(DealResultScreen):
    """The result of a practice deal; Enter goes back to the replay."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", N_("Back to the replay"), key_display="⏎"),
    ]


class PracticeTableScreen(TableScreen):
    """A deal played on from a replay (or replayed from its start) against
    bots.  It is never saved or counted; the top bar says so, and after the
    result (or Esc) the player is back in the replay."""

    def __init__(self, controller: MatchController, viewer: int, label: str,
                 label_step: int = 0) -> None:
        super().__init__(controller, viewer)
        self.label = label
        """Where the deal starts, an English text marked for translation
        ('from step {step}', 'the deal again')."""
        self.label_step = label_step

    def _draw_topbar(self, view: SeatView) -> None:
        by_seat = self._names_by_seat()
        bar = Text()
        bar.append(" " + _("Practice"), style="bold")
        bar.append(" " + _("(not counted)"), style="dim")
        bar.append(f" · {_(self.label).format(step=self.label_step)}")
        self._append_bid_and_game(bar, view, by_seat, short=True)
        self.query_one("#topbar", Line).show(bar)

    def _show_result(self) -> None:
        m = self.controller.match
        if not m.deal_finished:
            return
        if self.app.screen is not self:
            self._result_due = True
            return
        self._result_due = False
        self.app.push_screen(
            PracticeResultScreen(
                m.outcomes[-1], self.controller.names(), m.config.deals, self.deck,
                m.config.scoring,
                title=_("Practice · {start} · not counted").format(
                    start=_(self.label).format(step=self.label_step)),
                close_label=N_("Back to the replay"),
            ),
            callback=self._after_result,
        )

    def _after_result(self, _: None) -> None:
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return True  # out of 'play hand', or back to the replay
        return super().check_action(action, parameters)

    def action_back(self) -> None:
        if self.hand_mode:
            super().action_back()
            return
        current = self.controller.match.current
        if current is None or current.is_over:
            self.dismiss(None)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.dismiss(None)

        self.app.push_screen(
            ConfirmScreen(_("Leave this practice deal? It is not kept."), N_("Leave"),
                          N_("Keep playing")),
            callback=answer,
        )


def practice_names(players: Sequence[str], seat: int, name: str,
                   left: int | None = None) -> tuple[str, ...]:
    """The names for a practice deal: the player's ``name`` at ``seat``; the
    seat they sat in before (``left``, or any seat with their name) goes to
    a bot, named as the app names its bots."""
    names = list(players)
    names[seat] = name
    for s in range(len(names)):
        if s != seat and (s == left or names[s] == name):
            free = [b for b in BOT_NAMES if b not in names]
            names[s] = free[0] if free else _("{position} (bot)").format(
                position=position_name(s))
    return tuple(names)


def practice_controller(app: object, state: GameState, players: Sequence[str],
                        seat: int, left: int | None = None) -> MatchController:
    """A one-deal match on ``state`` (any point of a deal) with a human at
    ``seat`` and bots of the settings' levels at the others.  Player ``i``
    sits at seat ``i`` (the first dealer is player 2, rearhand).  The human
    takes the player's name; the seat they ``left`` is a bot's now
    (:func:`practice_names`)."""
    settings = getattr(app, "settings", None)
    if not isinstance(settings, Settings):
        settings = Settings()
    players = practice_names(players, seat, settings.player_name, left)
    levels = iter(settings.bot_levels)
    specs = [PlayerSpec(name) if s == seat else PlayerSpec(name, next(levels))
             for s, name in enumerate(players)]
    deck = "".join(c.name for c in state.deal.to_deck())
    config = MatchConfig(players=tuple(players), deals=3, scoring=Scoring(settings.scoring),
                         seed=f"practice:{deck}", first_dealer=2)
    match = Match(config, current=state)
    factory = getattr(app, "controller_for", None)
    if callable(factory):
        controller = factory(match, specs)
        assert isinstance(controller, MatchController)
        return controller
    return MatchController(match, specs, bot_delay=settings.bot_delay,
                           trick_pause=settings.trick_pause)


STEP = Binding.Group(N_("Step"), compact=True)
TRICK = Binding.Group(N_("Trick"), compact=True)
KEYS_TEXT = N_(
    "←/→ (h/l) one action · ↓/↑ (]/[) one trick · Home/End the start or the end\n"
    "a analyse with the solver · p play on from here · r replay the deal · Esc back"
)


class ReplayScreen(Screen[None]):
    """One deal, every hand open, stepped through action by action."""

    CSS_PATH = "../styles/replay.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "step(-1)", N_("Step back"), key_display="←", group=STEP),
        Binding("right,l", "step(1)", N_("Step"), key_display="→", group=STEP),
        Binding("up,left_square_bracket", "trick(-1)", N_("Trick back"), key_display="↑",
                group=TRICK),
        Binding("down,right_square_bracket", "trick(1)", N_("Trick"), key_display="↓",
                group=TRICK),
        Binding("home", "jump('start')", N_("Start"), show=False),
        Binding("end", "jump('end')", N_("End"), show=False),
        Binding("a", "analyse", N_("Analyse")),
        Binding("p", "play_here", N_("Play from here")),
        Binding("r", "replay_deal", N_("Play again")),
        Binding("escape", "close", N_("Back"), key_display="Esc"),
        Binding("question_mark,f1", "keys", N_("Keys"), show=False),
    ]

    def __init__(self, game: ReplayGame, step: int = 0) -> None:
        super().__init__()
        self.game = game
        self.states = replay_states(game.state)
        self.stops = trick_stops(self.states)
        self.step = max(0, min(step, self.last))
        self._keys_state: tuple[bool | None, ...] = ()
        self._lines: list[str] | None = None

    # -- what is shown --------------------------------------------------------

    @property
    def last(self) -> int:
        return len(self.states) - 1

    @property
    def state(self) -> GameState:
        """The state at the current step."""
        return self.states[self.step]

    @property
    def deck(self) -> DeckStyle:
        return _settings(self.app).deck

    @property
    def names(self) -> tuple[str, str, str]:
        """The players' names as shown (see :mod:`skat_tui.safe_text`)."""
        a, b, c = (visible(shown_name(n)) for n in self.game.players)
        return a, b, c

    def _you(self, seat: int) -> bool:
        """Is ``seat`` the player's own (said "You bid", not "… bids")? The
        seat the record says, or one named "You" (the app's default name)."""
        return seat == self.game.human or self.game.players[seat] == DEFAULT_NAME

    def compose(self) -> ComposeResult:
        yield Line(id="replay-top")
        with Horizontal(id="replay-main"):
            with Vertical(id="replay-left"):
                # as at the table: the player's seat (or forehand) at the
                # bottom, the next seat then the one after above it
                b = self.game.bottom
                for seat in ((b + 1) % 3, (b + 2) % 3, b):
                    yield Line(id=f"replay-hand-{seat}", classes="replay-hand")
                yield TrickArea(id="replay-trick")
            yield Line(id="replay-log")
        yield Line(id="replay-status")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.draw()

    def on_resize(self) -> None:
        self.draw()

    def go(self, step: int) -> None:
        """Show the state after ``step`` actions."""
        step = max(0, min(step, self.last))
        if step != self.step:
            self.step = step
            self.draw()

    def draw(self) -> None:
        if not self.is_mounted:
            return
        state = self.state
        self._draw_top(state)
        for seat in range(3):
            self._draw_hand(state, seat)
        self._draw_trick(state)
        self._draw_log()
        self._draw_status(state)
        self._refresh_footer()

    def _refresh_footer(self) -> None:
        """Tell the footer about the keys, if what they can do has changed."""
        checks = (("step", (-1,)), ("step", (1,)), ("trick", (-1,)), ("trick", (1,)),
                  ("jump", ("start",)), ("jump", ("end",)), ("analyse", ()), ("play_here", ()))
        now = tuple(self.check_action(name, args) for name, args in checks)
        if now != self._keys_state:
            self._keys_state = now
            self.refresh_bindings()

    def _draw_top(self, state: GameState) -> None:
        bar = Text()
        bar.append(" " + _("Replay"), style="bold")
        if self.game.title:
            bar.append(f" · {visible(self.game.title)}")
        if state.bid:
            bar.append(" · ")
            bar.append_text(fill(_("bid {value}"), value=Text(str(state.bid), style="bold")))
        if state.soloist >= 0:
            bar.append(" · ")
            bar.append_text(fill(_("soloist {name}"),
                                 name=Text(self.names[state.soloist], style="bold")))
            if state.contract is not None:
                bar.append(" · ")
                bar.append(contract_text(state.contract, self.deck, short=True), style="bold")
        elif state.is_ramsch:
            bar.append(" · Ramsch", style="bold")
        elif state.phase == Phase.PUSH:
            bar.append(" · Schieberamsch", style="bold")
        if state.kontra:
            bar.append(f" · {kontra_name(state.kontra)}", style="bold red")
        if state.bock > 1:
            bar.append(" · " + _("Bock ×{count}").format(count=state.bock),
                       style="bold magenta")
        if not state.rules.is_tournament:
            bar.append(" · " + _("rules {rules}").format(rules=rule_set_name(state.rules.name)),
                       style="dim")
        self.query_one("#replay-top", Line).show(bar)

    def _draw_hand(self, state: GameState, seat: int) -> None:
        box = self.query_one(f"#replay-hand-{seat}", Line)
        soloist = state.soloist == seat
        box.border_title = Text(f"{self.names[seat]} · {position_name(seat)}")
        sub = _("SOLOIST") if soloist else ""
        if state.phase >= Phase.PLAYING and state.contract is not None:
            tricks = state.tricks[seat]
            pts = points_of(state.won[seat])
            sub = (f"{sub} · " if sub else "") + ngettext(
                "{tricks} trick · {points} pts", "{tricks} tricks · {points} pts",
                tricks).format(tricks=tricks, points=pts)
        box.border_subtitle = Text(sub)
        box.set_class(soloist, "-soloist")
        box.set_class(state.to_move == seat, "-to-move")
        game = state.contract.game if state.contract else None
        cards = sort_hand(state.hands[seat], game)
        from_skat = state.deal.skat if state.phase == Phase.DISCARD and soloist else 0
        line = Text()
        for card in cards:
            if from_skat >> card & 1:
                line.append_text(card_chip(card, self.deck, PAPER_SELECTED))
            else:
                line.append_text(card_chip(card, self.deck))
        if not cards:
            line.append(_("no cards left"), style="dim")
        box.show(line)

    def _shown_trick(self, state: GameState) -> tuple[int, tuple[int, ...], int]:
        """(leader, cards, winner or -1) of the trick to show: the one being
        played, or the one the last card just finished."""
        if state.trick:
            return state.leader, state.trick, -1
        if self.step > 0 and state.last_trick is not None:
            _seat, action = state.history[-1]
            before = self.states[self.step - 1]
            if isinstance(action, Play) and before.trick:
                t = state.last_trick
                return t.leader, t.cards, t.winner
        return state.leader, (), -1

    def _draw_trick(self, state: GameState) -> None:
        leader, cards, winner = self._shown_trick(state)
        placed: dict[int, Card] = {
            (leader + i) % 3: CARDS[c] for i, c in enumerate(cards)
        }
        if cards and winner >= 0:
            pts = trick_points(cards)
            note = ngettext("Trick {number} to {name} · {points} point",
                            "Trick {number} to {name} · {points} points", pts).format(
                number=state.tricks_played, name=self.names[winner], points=pts)
        elif cards:
            note = _("Trick {number} of 10").format(number=state.tricks_played + 1)
        elif state.phase == Phase.PLAYING:
            note = (_("Trick {number}: you lead") if self._you(state.to_move)
                    else _("Trick {number}: {name} leads")).format(
                number=state.tricks_played + 1, name=self.names[state.to_move])
        elif state.phase == Phase.BIDDING:
            note = _("Bidding")
        elif state.phase in (Phase.SKAT, Phase.DISCARD, Phase.DECLARE):
            note = _("Soloist {name} at {bid}").format(name=self.names[state.soloist],
                                                       bid=state.bid)
        else:
            note = _("The deal is over")
        spots = [
            Spot(name=self.names[s], card=placed.get(s),
                 to_move=state.to_move == s and winner < 0, won=winner == s)
            for s in range(3)
        ]
        self.query_one("#replay-trick", TrickArea).state = TrickState(
            left=spots[(self.game.bottom + 1) % 3], right=spots[(self.game.bottom + 2) % 3],
            bottom=spots[self.game.bottom],
            skat_backs=2 if state.phase <= Phase.SKAT else 0,
            places=state.phase >= Phase.PLAYING and state.contract is not None,
            note=note, deck=self.deck,
        )

    def _log_lines(self) -> list[str]:
        """The action list, one line per state (made once: it never changes)."""
        if self._lines is None:
            short = short_names(self.names)
            lines = ["   " + _("the cards as dealt")]
            for i, (seat, action) in enumerate(self.game.state.history):
                before, after = self.states[i], self.states[i + 1]
                lines.append(f"{i + 1:>2} " + log_entry(before, after, seat, action, short,
                                                        self.deck, you=self._you(seat)))
            self._lines = lines
        return self._lines

    def _draw_log(self) -> None:
        box = self.query_one("#replay-log", Line)
        box.border_title = _("Actions")
        box.border_subtitle = _("{step} of {steps}").format(step=self.step, steps=self.last)
        lines = self._log_lines()
        height = max(1, box.content_size.height or 17)
        top = max(0, min(self.step - height // 2, len(lines) - height))
        text = Text(no_wrap=True, overflow="ellipsis")
        for i in range(top, min(len(lines), top + height)):
            if i > top:
                text.append("\n")
            text.append(lines[i], style="reverse bold" if i == self.step else "")
        box.show(text)

    def _draw_status(self, state: GameState) -> None:
        lines: list[Text] = []
        if self.step == 0:
            lines.append(Text(_("The cards as dealt. → or l steps forward, ↓ a trick at a "
                                "time.")))
        else:
            seat, action = state.history[-1]
            words = action_words(self.states[self.step - 1], seat, action, self.names,
                                 self.deck, you=self._you(seat))
            _leader, cards, winner = self._shown_trick(state)
            if winner >= 0:
                line = fill(_("Step {step} of {steps}: {action} · trick to {name} (+{points})"),
                            step=str(self.step), steps=str(self.last), action=words,
                            name=self.names[winner], points=str(trick_points(cards)))
            else:
                line = fill(_("Step {step} of {steps}: {action}"), step=str(self.step),
                            steps=str(self.last), action=words)
            lines.append(line)
        lines.append(self._next_text(state))
        lines.append(self._skat_text(state))
        self.query_one("#replay-status", Line).show(Text("\n").join(lines))

    def _next_text(self, state: GameState) -> Text:
        r = state.result
        if r is not None:
            style = "bold green" if r.won else "bold red" if r.soloist is not None else "bold"
            out = fill(_("Result: {reasoning}"), "bold",
                       reasoning=Text(explain_result(r, self.deck), style=style))
            if r.soloist is not None and r.contract is not None and r.contract.game != 5:
                out.append(" · " + _("{name} {points}, defenders {defenders}").format(
                    name=self.names[r.soloist], points=r.soloist_points,
                    defenders=r.defender_points), style="dim")
            return out
        who = Text(self.names[state.to_move], style="bold")
        what = {
            Phase.BIDDING: _("Next: {name} to bid") if state.to_move == state.bidder
            else _("Next: {name} to answer"),
            Phase.SKAT: _("Next: {name} to pick up the skat or play hand"),
            Phase.DISCARD: _("Next: {name} to put two cards back"),
            Phase.DECLARE: _("Next: {name} to name the game"),
            Phase.PLAYING: _("Next: {name} to lead") if not state.trick
            else _("Next: {name} to play"),
            Phase.KONTRA: _("Next: {name} to double or let the game stand"),
            Phase.PUSH: (_("Next: {name} to push two cards on") if state.picked_up
                         else _("Next: {name} to take the skat or pass it on")),
        }.get(state.phase, _("Next: {name}"))
        out = fill(what, name=who)
        if state.phase == Phase.PLAYING and self.step == self.last:
            out.append(" " + _("(the record ends here)"), style="dim")
        if state.phase >= Phase.PLAYING and state.soloist >= 0:
            out.append(" · " + _("points: {name} {points} with the skat, defenders "
                                 "{defenders}").format(
                name=self.names[state.soloist], points=state.soloist_points,
                defenders=state.defender_points), style="dim")
        return out

    def _skat_text(self, state: GameState) -> Text:
        out = Text(_("Skat:") + " ")
        out.append_text(cards_line(sort_hand(state.deal.skat, state.game), self.deck))
        if state.soloist < 0 and (state.phase == Phase.PUSH or state.is_ramsch):
            # A Ramsch (Schieberamsch: pushed on) goes to the last trick's winner.
            if state.phase == Phase.PUSH and state.picked_up:
                out.append("  " + _("(taken by {name})").format(name=self.names[state.to_move]),
                           style="dim")
            elif state.skat != state.deal.skat:
                n = state.pushes
                out.append_text(fill("  " + ngettext("now {cards} (pushed {count} time)",
                                                     "now {cards} (pushed {count} times)", n),
                                     cards=cards_line(sort_hand(state.skat, state.game),
                                                      self.deck),
                                     count=str(n)))
            return out
        if state.picked_up and state.phase >= Phase.DECLARE:
            out.append("  " + _("put back") + " ")
            out.append_text(cards_line(sort_hand(state.skat, state.game), self.deck))
        elif state.picked_up:
            out.append("  " + _("(picked up by {name})").format(name=self.names[state.soloist]),
                       style="dim")
        elif state.phase <= Phase.SKAT:
            out.append("  " + _("(face down)"), style="dim")
        elif state.contract is not None and state.contract.hand:
            out.append("  " + _("(hand game)"), style="dim")
        return out

    # -- keys -----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        forward = bool(parameters) and parameters[0] in (1, "end")
        if action in ("step", "trick", "jump"):
            possible = self.step < self.last if forward else self.step > 0
            return True if possible else None
        final = self.states[-1]
        if action == "analyse":
            played = final.contract is not None and final.phase >= Phase.PLAYING
            return True if played else None
        if action == "play_here":
            return True if not self.state.is_over else None
        return True

    def action_step(self, delta: int) -> None:
        self.go(self.step + delta)

    def action_trick(self, delta: int) -> None:
        if delta > 0:
            later = [s for s in self.stops if s > self.step]
            self.go(later[0] if later else self.last)
        else:
            earlier = [s for s in self.stops if s < self.step]
            self.go(earlier[-1] if earlier else 0)

    def action_jump(self, where: str) -> None:
        self.go(self.last if where == "end" else 0)

    def action_analyse(self) -> None:
        final = self.states[-1]
        if final.contract is None or final.phase < Phase.PLAYING:
            return

        def jump(step: int | None) -> None:
            if step is not None:
                self.go(step)

        self.app.push_screen(
            AnalysisScreen(final, self.names, self.deck, can_jump=True,
                           title=visible(self.game.title)),
            callback=jump,
        )

    def action_play_here(self) -> None:
        if self.state.is_over:
            return
        self._practice(self.state, N_("from step {step}"),
                       N_("Play on from here: which seat do you take?"), self.step)

    def action_replay_deal(self) -> None:
        self._practice(self.states[0], N_("the deal again"),
                       N_("Replay this deal from the start: which seat do you take?"))

    def _practice(self, state: GameState, label: str, question: str, step: int = 0) -> None:
        def start(seat: int | None) -> None:
            if seat is None:
                return
            controller = practice_controller(self.app, state, self.game.players, seat,
                                             self.game.human)
            self.app.push_screen(PracticeTableScreen(controller, seat, label, step))

        self.app.push_screen(SeatScreen(question, self.names, self.states[-1].soloist),
                             callback=start)

    def action_close(self) -> None:
        close_or_exit(self)

    def action_keys(self) -> None:
        self.notify(_(KEYS_TEXT), title=_("Replay keys"), timeout=10, markup=False)


class GamePickScreen(Screen[None]):
    """The games of a file; Enter replays the one under the cursor."""

    CSS_PATH = "../styles/replay.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close"), key_display="Esc"),
    ]

    def __init__(self, games: Sequence[ReplayGame], warnings: Sequence[str] = (),
                 title: str = "") -> None:
        super().__init__()
        self.games = list(games)
        self.warnings = list(warnings)
        self.title_text = title

    def compose(self) -> ComposeResult:
        n = len(self.games)
        yield Static(safe_text(ngettext("{title} · {count} game · choose one to replay",
                                        "{title} · {count} games · choose one to replay",
                                        n).format(title=visible(self.title_text), count=n)),
                     classes="list-title")
        yield ListTable(id="pick-table", cursor_type="row", zebra_stripes=True)
        note = Static(safe_text("\n".join(visible(w) for w in self.warnings), multiline=True),
                      classes="list-note")
        note.set_class(not self.warnings, "-empty")
        yield note
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("#", _("id"), _("players"), _("game"), _("result"))
        for i, g in enumerate(self.games):
            table.add_row(str(i + 1), safe_text(g.game_id or ""), safe_join(g.players, " / "),
                          safe_text(g.game), safe_text(g.outcome), key=str(i))
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.row_key.value is not None:
            self.app.push_screen(ReplayScreen(self.games[int(event.row_key.value)]))

    def action_close(self) -> None:
        close_or_exit(self)


__all__ = [
    "GamePickScreen",
    "ListTable",
    "PracticeTableScreen",
    "ReplayGame",
    "ReplayScreen",
    "SeatScreen",
    "practice_controller",
    "practice_names",
    "replay_states",
    "short_names",
    "trick_stops",
]
