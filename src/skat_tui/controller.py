"""The match behind the screens.

:class:`MatchController` owns the :class:`~skat_core.match.Match`, knows for
each player whether a human or a bot (and which level) sits there, lets the
bots think in thread workers so the UI never waits for them, and applies
every action in one place.  Other parts of the app listen:

* ``on_action`` hooks run after every applied action, ``on_deal_end`` hooks
  after every finished deal (autosave and history hang here);
* the messages :class:`MatchController.Changed`, :class:`DealFinished` and
  :class:`HintReady` bubble to the screen that mounted the controller.

It is a widget without a look (``display: none``) so that it can run
``@work(thread=True)`` workers and post messages like any other part of the
Textual app; a screen that shows the match mounts it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from textual import on, work
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget

from skat_core.bots import Bot, Hint, make_bot
from skat_core.bots.claims import accepts_claim, agrees_to_give_up, soloist_claims
from skat_core.game import Action, Claim, GameState, Phase, Play, Resign
from skat_core.match import DealOutcome, Match
from skat_core.views import SeatView

from .i18n import _, shown_name

log = logging.getLogger(__name__)

BotFactory = Callable[[str, int | str], Bot]
ActionHook = Callable[["MatchController", int, Action], None]
"""Called as ``hook(controller, player, action)`` after an action is applied."""
DealHook = Callable[["MatchController", DealOutcome], None]
"""Called as ``hook(controller, outcome)`` after a deal is finished and scored."""


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """Who sits at a place at the table: a human (``level`` None) or a bot."""

    name: str
    level: str | None = None

    @property
    def is_human(self) -> bool:
        return self.level is None


def bot_or_fallback(level: str, seed: int | str, factory: BotFactory = make_bot) -> Bot:
    """A bot of ``level``; while a level is not written yet, a random bot
    (with a warning in the log) so that the game can still be played."""
    try:
        return factory(level, seed)
    except ValueError:
        log.warning("bot level %r is not available; playing 'random' instead", level)
        return factory("random", seed)


class MatchController(Widget):
    """Runs a match: humans act through :meth:`act`, bots through workers."""

    DEFAULT_CSS = "MatchController { display: none; }"

    class Changed(Message):
        """The match moved on: an action was applied (``player``, ``action``),
        or a new deal was dealt (both None)."""

        def __init__(self, player: int | None, action: Action | None) -> None:
            super().__init__()
            self.player = player
            self.action = action

    class DealFinished(Message):
        """A deal is over and scored; the next one starts with
        :meth:`MatchController.next_deal`."""

        def __init__(self, outcome: DealOutcome) -> None:
            super().__init__()
            self.outcome = outcome

    class HintReady(Message):
        def __init__(self, generation: int, player: int, hint: Hint) -> None:
            super().__init__()
            self.generation = generation
            self.player = player
            self.hint = hint

    class Answered(Message):
        """A defender answered a claim (``kind`` 'claim') or the partner's
        giving up ('give up'): ``yes`` accepts (a Resign was applied), no
        plays on; ``cards_played``: how many cards of the deal were played
        when the answer was given (where the table's log puts it)."""

        def __init__(self, player: int, kind: str, yes: bool, cards_played: int = 0) -> None:
            super().__init__()
            self.player = player
            self.kind = kind
            self.yes = yes
            self.cards_played = cards_played

    class BotDecided(Message, bubble=False):
        """A bot's choice, posted from its worker thread."""

        def __init__(self, generation: int, player: int, action: Action, wait: float) -> None:
            super().__init__()
            self.generation = generation
            self.player = player
            self.action = action
            self.wait = wait

    def __init__(
        self,
        match: Match,
        players: Sequence[PlayerSpec],
        *,
        bot_delay: float = 0.7,
        trick_pause: float = 1.4,
        bot_factory: BotFactory = make_bot,
        hint_level: str = "strong",
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        if len(players) != match.players:
            raise ValueError(f"{match.players} players in the match, {len(players)} given")
        self.match = match
        self.players = tuple(players)
        self.bot_delay = bot_delay
        """Seconds each bot action takes at least (so a person can follow)."""
        self.trick_pause = trick_pause
        """Seconds a finished trick stays on the table before the next lead."""
        self.on_action: list[ActionHook] = []
        self.on_deal_end: list[DealHook] = []
        self._factory = bot_factory
        seed = match.config.seed
        self.bots: dict[int, Bot] = {
            p: bot_or_fallback(spec.level, f"{seed}:{p}", bot_factory)
            for p, spec in enumerate(self.players)
            if spec.level is not None
        }
        self._hint_level = hint_level
        self._hint_bot: Bot | None = None
        self._generation = 0
        self._requested = -1
        """The generation a bot was last asked to think about."""
        self._paused = False
        self._pending: MatchController.BotDecided | None = None
        self._timer: Timer | None = None
        self.bots_claim = True
        """A bot soloist claims the rest when his hand takes every trick for
        sure (an app-level choice: the engine's bot matches never claim)."""
        self.asking: list[int] = []
        """Humans who must still answer the open question (a claim, or the
        partner's giving up), the first one now."""
        self.question = ""
        """'claim' or 'give up' while :attr:`asking`."""
        self._answered_at = -1
        """History length at which the last question was refused."""

    # -- what the screens ask -------------------------------------------------

    @property
    def generation(self) -> int:
        """Counts the changes to the match (stale worker results are dropped)."""
        return self._generation

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    def player_name(self, player: int) -> str:
        """The name as the screens show it (the default name in the language)."""
        return shown_name(self.players[player].name)

    def names(self) -> tuple[str, ...]:
        """The players' names as the screens show them (:func:`~.i18n.shown_name`;
        ``players`` keeps them as stored)."""
        return tuple(shown_name(p.name) for p in self.players)

    def is_human(self, player: int) -> bool:
        return self.players[player].is_human

    def level(self, player: int) -> str | None:
        """The level actually playing (a fallback shows as 'random')."""
        bot = self.bots.get(player)
        return bot.level if bot is not None else None

    def seat_of(self, player: int) -> int | None:
        return self.match.seat_of(player)

    def view(self, player: int) -> SeatView | None:
        """What ``player`` may see of the current deal (None between matches)."""
        state = self.match.current
        seat = self.match.seat_of(player)
        if state is None or seat is None:
            return None
        return state.view(seat)

    def player_to_move(self) -> int | None:
        state = self.match.current
        if state is None or state.to_move < 0:
            return None
        return self.match.seats[state.to_move]

    @property
    def thinking(self) -> int | None:
        """The bot the table is waiting for, if any."""
        if self.asking:
            return None
        player = self.player_to_move()
        if player is None or self.is_human(player):
            return None
        return player

    # -- moving the match on --------------------------------------------------

    def on_mount(self) -> None:
        self._reopen_question()
        self.advance()

    def act(self, player: int, action: Action) -> None:
        """A human's action.  Raises :class:`ValueError` in the player's words
        if it is not this player's turn, or the engine's
        :class:`~skat_core.errors.IllegalActionError` (naming the rule) if the
        rules do not allow it; the match is unchanged."""
        if self.asking:
            raise ValueError(_("{name} is asked first.").format(
                name=self.player_name(self.asking[0])))
        if self.player_to_move() != player:
            raise ValueError(_("It is not {name}'s turn.").format(name=self.player_name(player)))
        if not self.is_human(player):
            raise ValueError(_("{name} is a bot.").format(name=self.player_name(player)))
        view = self.view(player)
        if view is None or action not in view.legal:
            state = self.match.current
            if state is not None:
                state.apply(action)  # raises the rule it breaks
            raise ValueError(_("That is not possible now."))
        self._apply(player, action)

    def next_deal(self) -> None:
        """Deal the next hand after a finished one."""
        if not self.match.deal_finished or self.match.is_over:
            return
        self.match = self.match.next_deal()
        self._generation += 1
        self.post_message(self.Changed(None, None))
        self.advance()

    def pause(self) -> None:
        """Stop applying bot actions (a dialog is open, the terminal is too small)."""
        self._paused = True

    def resume(self) -> None:
        if not self._paused:
            return
        self._paused = False
        pending, self._pending = self._pending, None
        if pending is not None and pending.generation == self._generation:
            self._commit(pending)
        elif self._requested != self._generation:
            self.advance()

    def advance(self) -> None:
        """If a bot is to move, let it think (in a worker thread)."""
        if self._paused or not self.is_attached:
            return
        state = self.match.current
        if state is None or state.is_over:
            return
        player = self.player_to_move()
        if player is None or self.is_human(player):
            return
        if self._requested == self._generation or self.asking:
            return  # already thinking about this position, or waiting for an answer
        if self._bot_claims():
            return
        view = self.view(player)
        assert view is not None
        delay = self.bot_delay
        if state.phase == Phase.PLAYING and not state.trick and state.last_trick is not None:
            delay = max(delay, self.trick_pause)  # let the finished trick be seen
        self._requested = self._generation
        self._think(self._generation, player, view, delay)

    @work(thread=True, exclusive=True, group="bot-think")
    def _think(self, generation: int, player: int, view: SeatView, delay: float) -> None:
        start = time.monotonic()
        try:
            # one card left to play (or one way to follow): nothing to think about
            action = view.legal[0] if len(view.legal) == 1 else self.bots[player].choose(view)
            if action not in view.legal:
                raise ValueError(f"illegal action {action}")
        except Exception:  # a broken bot must not stop the game
            log.exception("bot %s failed; playing its first legal action", player)
            action = view.legal[0]
        wait = max(0.0, delay - (time.monotonic() - start))
        self.post_message(self.BotDecided(generation, player, action, wait))

    @on(BotDecided)
    def _bot_decided(self, message: BotDecided) -> None:
        message.stop()
        if message.generation != self._generation:
            return
        if self._paused:
            self._pending = message
        elif message.wait > 0:
            self._timer = self.set_timer(message.wait, lambda: self._commit(message))
        else:
            self._commit(message)

    def _commit(self, message: BotDecided) -> None:
        if message.generation != self._generation:
            return
        if self._paused:
            self._pending = message
            return
        self._apply(message.player, message.action)

    def _apply(self, player: int, action: Action, ask: bool = False) -> None:
        """Apply an action; ``ask``: then ask the defenders what the claim
        or giving up asks of them."""
        self.match = self.match.apply(action)
        self._generation += 1
        for hook in list(self.on_action):
            hook(self, player, action)
        self.post_message(self.Changed(player, action))
        if self.match.deal_finished:
            outcome = self.match.outcomes[-1]
            for deal_hook in list(self.on_deal_end):
                deal_hook(self, outcome)
            self.asking = []
            self.question = ""
            self.post_message(self.DealFinished(outcome))
        elif ask:
            self._reopen_question()
            self.advance()
        elif not self.question:
            self.advance()

    # -- claims and concessions (ISkO 4.4) ---------------------------------

    def _state_for(self, player: int) -> tuple[GameState, int] | None:
        state = self.match.current
        seat = self.match.seat_of(player)
        if state is None or seat is None or state.phase != Phase.PLAYING:
            return None
        return state, seat

    def can_claim(self, player: int) -> bool:
        """A human soloist may claim the rest between two tricks or when it
        is his turn."""
        at = self._state_for(player)
        if at is None or self.asking or not self.is_human(player):
            return False
        state, seat = at
        return state.can_claim(seat) and (not state.trick or state.to_move == seat)

    def can_give_up(self, player: int) -> bool:
        at = self._state_for(player)
        if at is None or self.asking or not self.is_human(player):
            return False
        state, seat = at
        return state.can_resign(seat)

    def claim(self, player: int) -> None:
        """The human soloist shows his cards and claims the rest; the
        defenders are asked (bots answer at once, humans through
        :attr:`asking`)."""
        if not self.can_claim(player):
            raise ValueError(_("No claim is possible now."))
        self._apply(player, Claim(), ask=True)

    def give_up(self, player: int) -> None:
        """The human gives up: a soloist loses the game; a defender's
        partner is asked to agree."""
        if not self.can_give_up(player):
            raise ValueError(_("Giving up is not possible now."))
        seat = self.match.seat_of(player)
        assert seat is not None
        self._apply(player, Resign(seat), ask=True)

    def answer(self, player: int, yes: bool) -> None:
        """A human defender's answer to the open question."""
        if not self.asking or self.asking[0] != player:
            raise ValueError(_("Nobody asks you anything now."))
        self.asking.pop(0)
        if yes:
            seat = self.match.seat_of(player)
            assert seat is not None
            self._apply(player, Resign(seat), ask=True)
        else:
            self._refuse(player)

    def _refuse(self, player: int) -> None:
        kind = self.question
        self.asking = []
        self.question = ""
        state = self.match.current
        self._answered_at = len(state.history) if state is not None else -1
        played = 0 if state is None else sum(isinstance(a, Play) for _seat, a in state.history)
        self.post_message(self.Answered(player, kind, False, played))
        self.advance()

    def _open_question(self) -> str:
        """What the last actions ask of the defenders still to answer:
        'claim' after a claim (and any acceptances), 'give up' after a
        defender gave up, '' otherwise."""
        state = self.match.current
        if state is None or state.phase != Phase.PLAYING:
            return ""
        if len(state.history) == self._answered_at:
            return ""
        resigned = False
        for _seat, action in reversed(state.history):
            if isinstance(action, Claim):
                return "claim"
            if not isinstance(action, Resign):
                break
            resigned = True
        return "give up" if resigned else ""

    def _reopen_question(self) -> None:
        """Ask the defenders who still have to answer (after a claim or a
        defender giving up; also when a match resumes at that point)."""
        kind = self._open_question()
        state = self.match.current
        if not kind or state is None:
            return
        s = state.soloist
        waiting = [
            self.match.seats[d] for d in ((s + 1) % 3, (s + 2) % 3)
            if not state.resigned >> d & 1
        ]
        self.question = kind
        humans: list[int] = []
        for player in waiting:
            if self.is_human(player):
                humans.append(player)
                continue
            view = self.view(player)
            assert view is not None
            yes = accepts_claim(view) if kind == "claim" else agrees_to_give_up(view)
            if not yes:
                self._refuse(player)
                return
            self.post_message(self.Answered(player, kind, True))
            seat = self.match.seat_of(player)
            assert seat is not None
            self._apply(player, Resign(seat), ask=False)
            if self.match.deal_finished:
                self.question = ""
                return
        self.asking = humans
        if not humans:
            self.question = ""

    def _bot_claims(self) -> bool:
        """A bot soloist on lead whose hand takes every trick claims."""
        state = self.match.current
        if not self.bots_claim or state is None or state.phase != Phase.PLAYING:
            return False
        player = self.player_to_move()
        if player is None or self.is_human(player) or state.to_move != state.soloist:
            return False
        view = self.view(player)
        if view is None or not soloist_claims(view):
            return False
        self._apply(player, Claim(), ask=True)
        return True

    # -- hints ----------------------------------------------------------------

    def request_hint(self, player: int) -> bool:
        """Ask the hint bot what it would do in ``player``'s place; the answer
        comes as :class:`HintReady`.  False if the player has nothing to do."""
        view = self.view(player)
        if view is None or not view.legal:
            return False
        if self._hint_bot is None:
            self._hint_bot = bot_or_fallback(
                self._hint_level, f"{self.match.config.seed}:hint", self._factory
            )
        self._hint(self._generation, player, view, self._hint_bot)
        return True

    @work(thread=True, exclusive=True, group="bot-hint")
    def _hint(self, generation: int, player: int, view: SeatView, bot: Bot) -> None:
        try:
            hint = bot.hint(view)
        except Exception:
            log.exception("hint failed")
            return
        self.post_message(self.HintReady(generation, player, hint))
