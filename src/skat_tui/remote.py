"""A table on a server, behind the same interface as the local match.

:class:`RemoteController` is a :class:`~skat_tui.controller.MatchController`
whose match lives on a table server: the table screens talk to it exactly as
at home, but every action goes to the server through a
:class:`~skat_net.client.TableClient`, and what the screens see is rebuilt
from the server's messages: the seat's own view, and the finished deals'
records (every card is public once a deal is over).  Nothing here waits on
the network: actions are sent and the screen is redrawn when the server's
next state arrives.

:class:`OnlineRecorder` writes finished online deals into this person's own
history and the finished match into the leaderboard, marked online.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

from skat_core.game import Action, Claim, Phase, Resign
from skat_core.match import DealOutcome, Match, MatchConfig, Scoring, deal_scores, seats_for
from skat_core.records.jsonrec import state_from_record
from skat_core.savegame import outcome_record
from skat_core.views import SeatView
from skat_net.client import TableClient
from skat_net.protocol import parse_rules

from .controller import MatchController, PlayerSpec
from .leaderboard import LeaderboardError, MatchSummary
from .storage import Storage, StorageError

log = logging.getLogger(__name__)

ONLINE = "online"


def remote_match(state: dict[str, Any], records: dict[int, dict[str, Any]]) -> Match:
    """The match as far as this seat knows it: the finished deals whole (from
    their records) and, during a deal, no state at all (the seat's view
    stands for it)."""
    names = tuple(str(p["name"] or "?") for p in state["players"])
    config = MatchConfig(names, int(state["deals"]), Scoring(state["scoring"]),
                         str(state["seed"] or ""), 0,
                         parse_rules(state.get("rules", "tournament")))
    outcomes = []
    for number in range(int(state["finished"])):
        game = state_from_record(records[number])
        dealer = number % len(names)
        seats = seats_for(len(names), dealer)
        assert game.result is not None
        standard, sf = deal_scores(game.result, seats, len(names))
        outcomes.append(DealOutcome(number, dealer, seats, game, standard, sf))
    if state["status"] in ("between", "over") and outcomes:
        return Match(config, tuple(outcomes), outcomes[-1].state, len(outcomes) - 1)
    return Match(config, tuple(outcomes), None, int(state["deal"]))


def players_of(state: dict[str, Any]) -> list[PlayerSpec]:
    return [PlayerSpec(str(p["name"] or "?"), p["bot"]) for p in state["players"]]


class RemoteController(MatchController):
    """The match on the server, as the table screens know a match."""

    def __init__(self, client: TableClient, *, trick_pause: float = 1.4,
                 hint_level: str = "strong") -> None:
        state = client.state
        assert state is not None
        super().__init__(remote_match(state, client.known.records), players_of(state),
                         bot_delay=0.0, trick_pause=trick_pause, hint_level=hint_level)
        self.bots = {}
        self.client = client
        self.state = state
        self.viewer = int(state["player"])

    # the server asks the questions; these are read from its state
    @property  # type: ignore[override]
    def asking(self) -> list[int]:
        q = self.state.get("question") if hasattr(self, "state") else None
        return [self.viewer] if q and self.viewer in q["asked"] else []

    @asking.setter
    def asking(self, value: list[int]) -> None:
        pass

    @property  # type: ignore[override]
    def question(self) -> str:
        q = self.state.get("question") if hasattr(self, "state") else None
        return str(q["kind"]) if q else ""

    @question.setter
    def question(self, value: str) -> None:
        pass

    def update(self, state: dict[str, Any]) -> None:
        """A new state from the server: rebuild the match, tell the screen."""
        finished = len(self.match.outcomes)
        self.state = state
        self.match = remote_match(state, self.client.known.records)
        self._generation += 1
        self.post_message(self.Changed(None, None))
        if len(self.match.outcomes) > finished and self.match.deal_finished:
            self.post_message(self.DealFinished(self.match.outcomes[-1]))

    def played_on(self, note: dict[str, Any]) -> None:
        """The server's note that a defender refused a claim or a give-up:
        the table screen tells it as at home (its log and a note)."""
        player, kind, plays = note.get("player"), note.get("kind"), note.get("cards_played")
        if (not isinstance(player, int) or isinstance(player, bool)
                or not 0 <= player < len(self.players) or kind not in ("claim", "give up")):
            return
        cards = plays if isinstance(plays, int) and not isinstance(plays, bool) else 0
        self.post_message(self.Answered(player, str(kind), False, max(0, cards)))

    # -- what the screens ask -------------------------------------------------

    def view(self, player: int) -> SeatView | None:
        return self.client.view if player == self.viewer else None

    def player_to_move(self) -> int | None:
        if self.state["status"] != "playing" or self.state.get("question"):
            return None
        waiting = self.state["waiting_for"]
        return int(waiting[0]) if waiting else None

    @property
    def thinking(self) -> int | None:
        """Whoever the table waits for (a person or a bot), not the viewer."""
        if self.state["status"] != "playing":
            return None
        waiting = [p for p in self.state["waiting_for"] if p != self.viewer]
        return int(waiting[0]) if waiting else None

    def connected(self, player: int) -> bool:
        return bool(self.state["players"][player]["connected"])

    # -- moving the match on --------------------------------------------------

    def on_mount(self) -> None:
        pass

    def advance(self) -> None:
        """The server moves the bots."""

    def act(self, player: int, action: Action) -> None:
        view = self.view(player)
        if player != self.viewer or view is None or action not in view.legal:
            raise ValueError(f"{action} is not allowed now")
        self.client.act(action)

    def next_deal(self) -> None:
        if self.match.deal_finished and not self.match.is_over:
            self.client.act("next")

    def _playing_view(self, player: int) -> SeatView | None:
        view = self.view(player)
        if view is None or view.phase != Phase.PLAYING or self.asking or self.question:
            return None
        return view

    def can_claim(self, player: int) -> bool:
        view = self._playing_view(player)
        if view is None or view.seat != view.soloist:
            return False
        claimed = any(isinstance(a, Claim) for _, a in view.public_actions)
        return not claimed and (not view.trick or view.to_move == view.seat)

    def can_give_up(self, player: int) -> bool:
        view = self._playing_view(player)
        if view is None:
            return False
        return not any(isinstance(a, Resign) and a.seat == view.seat
                       for _, a in view.public_actions)

    def claim(self, player: int) -> None:
        if not self.can_claim(player):
            raise ValueError("no claim now")
        self.client.act(Claim())

    def give_up(self, player: int) -> None:
        if not self.can_give_up(player):
            raise ValueError("giving up is not possible now")
        self.client.act(Resign(-1))

    def answer(self, player: int, yes: bool) -> None:
        if player not in self.asking:
            raise ValueError("nobody asks you anything now")
        self.client.act("accept" if yes else "refuse")


class OnlineRecorder:
    """Finished online deals into the history, the finished match into the
    leaderboard: this person's own records, marked online."""

    def __init__(self, storage: Storage | None, table: str) -> None:
        self.storage = storage
        self.match_id = f"{ONLINE}-{table}"
        self.logged: int | None = None
        self.finished = False
        self.messages: list[str] = []

    def update(self, match: Match, seats: dict[str, str]) -> None:
        if self.storage is None:
            return
        if self.logged is None:
            # deals finished before this skat joined (or before a restart) were
            # written then, or are not this skat's to write twice: the
            # history skips records it has (by match and deal)
            self.logged = 0
        for number in range(self.logged, len(match.outcomes)):
            record = outcome_record(match, match.outcomes[number], {
                "match": self.match_id, "kind": ONLINE, ONLINE: True,
                "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            })
            try:
                self.storage.append_history(record)
            except StorageError as e:
                self.messages.append(str(e))
        self.logged = len(match.outcomes)
        if match.is_over and not self.finished:
            self.finished = True
            summary = MatchSummary.from_match(match, self.match_id, ONLINE, seats)
            try:
                self.storage.leaderboard().record_match(summary, counts=True)
            except LeaderboardError as e:
                self.messages.append(str(e))


__all__ = ["OnlineRecorder", "RemoteController", "remote_match"]
