"""The card-play benchmark: loss per decision against the open-card best card.

``skat bench cards --deals 150 --levels easy,normal,strong --seed cards`` calls
:func:`run`.  Deal ``i`` is ``deal_from_seed(seed, i)``, bid, declared and
played by three ``easy`` bots (fast and deterministic; ``--players normal``
for positions from Monte Carlo play, which is slower but does not reward a
bot for modelling the rules its opponents play by).  Every card decision of
tricks 4 to 9 (seven to two cards in hand) of a suit or grand game (no null,
no schwarz announced) with more than one legal card is a *position*
(``--tricks``, ``--seats`` and ``--games`` choose other positions, see
:class:`Selection`; tricks 1-3 are slow to solve, a few tenths of a second
each).  The double-dummy solver values every legal card of it with all hands open (the
soloist's exact card points from there on).

Each level is then asked for its card in each position, seeing only its
seat's view.  Its *loss* is what the chosen card gives away against the best
card for the mover's side, in card points (0 when it plays a best card).
Printed per level: the mean loss per decision with a 95% interval (normal
approximation, positions counted as independent), split by soloist/defender
and lead/follow, and the CPU time per decision (median / 95th percentile /
max).  With several levels the paired difference of each level against the
first is printed too (same positions, so most of the position luck cancels).

The open-card value is a yardstick, not the truth of a hidden-card game: a
card that is best with open hands may be a guess with hidden ones.  It is the
same yardstick for every level, and the loss can only be zero for a bot
that plays the open-card best card everywhere.

Figures only; nothing here is asserted.  One process (the machine is shared).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..bots import LEVELS, make_bot
from ..cards import CARDS
from ..deal import deal_from_seed
from ..game import GameState, Phase, Play, action_str, new_game
from ..rules import GameType
from ..solver import Solver
from ..views import SeatView
from .figures import interval, quantile

FIRST_TRICK = 4
LAST_TRICK = 9
"""Positions come from these tricks (1-based) by default: seven to two cards
in hand."""


@dataclass(frozen=True, slots=True)
class Selection:
    """Which card decisions are positions: tricks ``first`` to ``last``
    (1-based), whose seat (``all``, ``soloist``, ``defender``) and which
    games (``all``, ``suit``, ``grand``).  The default is the benchmark's
    comparable set (tricks 4-9, every seat, suit and grand)."""

    first: int = FIRST_TRICK
    last: int = LAST_TRICK
    seats: str = "all"
    games: str = "all"

    def __post_init__(self) -> None:
        if not 1 <= self.first <= self.last <= 9:
            raise ValueError("tricks must be within 1-9, the first not after the last")
        if self.seats not in SEATS:
            raise ValueError(f"seats must be one of {', '.join(SEATS)}")
        if self.games not in GAMES:
            raise ValueError(f"games must be one of {', '.join(GAMES)}")

    def key(self) -> str:
        """The part of the cache key that tells this selection apart ('' by default)."""
        if self == Selection():
            return ""
        return f"/tricks {self.first}-{self.last} {self.seats} {self.games}"

    def describe(self) -> str:
        seats = {"all": "", "soloist": ", soloist only", "defender": ", defenders only"}
        games = {"all": "suit and grand games", "suit": "suit games", "grand": "grands"}
        return f"tricks {self.first}-{self.last}{seats[self.seats]}, {games[self.games]}"


SEATS = ("all", "soloist", "defender")
GAMES = ("all", "suit", "grand")


@dataclass(frozen=True, slots=True)
class Position:
    """One card decision with the open-card value of every legal card."""

    deal: int
    ply: int
    """Index into the game's history of the action that follows."""
    seat: int
    soloist_seat: bool
    lead: bool
    cards_left: int
    values: dict[int, int]
    """Soloist's card points from here on after each legal card (open hands)."""

    def loss(self, card: int) -> int:
        """Card points the mover's side gives away by ``card``."""
        v = self.values[card]
        if self.soloist_seat:
            return max(self.values.values()) - v
        return v - min(self.values.values())


def _game_states(seed: str, number: int, players: str = "easy") -> list[GameState]:
    """Every state of deal ``number`` played by three bots of level ``players``."""
    bots = [make_bot(players, f"{seed}:{number}:{s}") for s in range(3)]
    state = new_game(deal_from_seed(seed, number))
    states = [state]
    while state.phase != Phase.FINISHED:
        state = state.apply(bots[state.to_move].choose(state.view(state.to_move)))
        states.append(state)
    return states


def _candidate(state: GameState, sel: Selection = Selection()) -> bool:
    c = state.contract
    if state.phase != Phase.PLAYING or c is None or c.ramsch:
        return False
    if c.game == GameType.NULL or c.schwarz_announced:
        return False
    grand = c.game == GameType.GRAND
    if (sel.games == "grand" and not grand) or (sel.games == "suit" and grand):
        return False
    solo = state.to_move == state.soloist
    if (sel.seats == "soloist" and not solo) or (sel.seats == "defender" and solo):
        return False
    n = state.hands[state.to_move].bit_count()
    return 11 - sel.last <= n <= 11 - sel.first


def positions_of_deal(seed: str, number: int, players: str = "easy",
                      sel: Selection = Selection()) -> Iterator[tuple[Position, GameState]]:
    """The positions of one deal, each with the state it arises in."""
    states = _game_states(seed, number, players)
    solver: Solver | None = None
    for ply, state in enumerate(states[:-1]):
        if not _candidate(state, sel):
            continue
        legal = [a.card for a in state.legal_actions() if isinstance(a, Play)]
        if len(legal) < 2:
            continue
        contract = state.contract
        assert contract is not None
        if solver is None:
            solver = Solver(int(contract.game), state.soloist)
        trick = state.trick
        values = solver.solve_moves(state.hands, state.to_move, trick,
                                    state.trick_leader if trick else None)
        seat = state.to_move
        yield Position(number, ply, seat, seat == state.soloist, not trick,
                       state.hands[seat].bit_count(), values), state


def load_positions(seed: str, deals: int, cache: Path | None,
                   progress: Callable[[str], None], players: str = "easy",
                   sel: Selection = Selection()) -> list[tuple[Position, GameState]]:
    """All positions of deals ``0 .. deals-1`` played by ``players``; the
    solved values are kept in ``cache`` (one JSON line per position) and
    re-used when seed, players and selection match."""
    key = (seed if players == "easy" else f"{seed}/{players}") + sel.key()
    cached: dict[tuple[int, int], dict[int, int]] = {}
    if cache is not None and cache.exists():
        for line in cache.read_text().splitlines():
            row = json.loads(line)
            if row["seed"] == key:
                cached[row["deal"], row["ply"]] = {int(k): v for k, v in row["values"].items()}
    out: list[tuple[Position, GameState]] = []
    fresh: list[str] = []
    start = time.perf_counter()
    for number in range(deals):
        states = _game_states(seed, number, players)
        have = {k: v for k, v in cached.items() if k[0] == number}
        if have:
            for ply, state in enumerate(states[:-1]):
                if (number, ply) in have:
                    seat = state.to_move
                    out.append((Position(number, ply, seat, seat == state.soloist,
                                         not state.trick, state.hands[seat].bit_count(),
                                         have[number, ply]), state))
            continue
        for pos, state in positions_of_deal(seed, number, players, sel):
            out.append((pos, state))
            fresh.append(json.dumps({"seed": key, "deal": number, "ply": pos.ply,
                                     "values": {str(k): v for k, v in pos.values.items()}}))
        if number % 10 == 9:
            progress(f"  {number + 1}/{deals} deals solved, {len(out)} positions, "
                     f"{time.perf_counter() - start:.0f} s")
    if cache is not None and fresh:
        with cache.open("a") as f:
            for line in fresh:
                f.write(line + "\n")
    return out


def _mean_ci(xs: list[float]) -> str:
    if len(xs) < 2:
        return f"{xs[0] if xs else 0:.3f}" if xs else "-"
    m, half = interval(xs)
    return f"{m:.3f} ± {half:.3f}"


Chooser = Callable[[SeatView], int]


def level_chooser(level: str, seed: str) -> Callable[[int, int], Chooser]:
    """A fresh bot of ``level`` per deal and seat (seeded as in a real match)."""
    def make(deal: int, seat: int) -> Chooser:
        bot = make_bot(level, f"{seed}:{deal}:{seat}")

        def choose(view: SeatView) -> int:
            action = bot.choose(view)
            if not isinstance(action, Play):
                raise AssertionError(f"bot answered {action_str(action)} to a card decision")
            return action.card
        return choose
    return make


def measure(positions: list[tuple[Position, GameState]], make: Callable[[int, int], Chooser]
            ) -> tuple[list[int], list[float]]:
    """Each position's loss and CPU seconds for one chooser."""
    losses: list[int] = []
    times: list[float] = []
    for pos, state in positions:
        choose = make(pos.deal, pos.seat)
        view = state.view(pos.seat)
        t0 = time.process_time()
        card = choose(view)
        times.append(time.process_time() - t0)
        losses.append(pos.loss(card))
    return losses, times


def report_level(name: str, positions: list[tuple[Position, GameState]], losses: list[int],
                 times: list[float]) -> None:
    pos = [p for p, _ in positions]
    print(f"{name}: loss per decision {_mean_ci([float(x) for x in losses])} card points "
          f"({len(losses)} positions, best card in {sum(x == 0 for x in losses)})")
    for label, solo, lead in (
        ("soloist lead", True, True),
        ("soloist follow", True, False),
        ("defender lead", False, True),
        ("defender follow", False, False),
    ):
        xs = [float(x) for p, x in zip(pos, losses, strict=True)
              if p.soloist_seat == solo and p.lead == lead]
        share = sum(xs) / max(1, sum(losses))
        print(f"  {label:16s} {_mean_ci(xs):>16s}  ({len(xs)} positions, "
              f"{share:.0%} of the loss)")
    if times:
        print(f"  CPU ms per decision: median {1000 * statistics.median(times):.1f}, "
              f"p95 {1000 * quantile(times, 0.95):.1f}, max {1000 * max(times):.1f}")


def run(deals: int, levels: list[str], seed: str, cache: str | None = None,
        players: str = "easy", sel: Selection = Selection()) -> int:
    """Measure each level's loss per decision; returns the exit code."""
    for level in [*levels, players]:
        if level not in LEVELS:
            print(f"unknown level {level!r}; choose from {', '.join(LEVELS)}", file=sys.stderr)
            return 2
    if deals < 1:
        print("at least one deal is needed", file=sys.stderr)
        return 2

    def progress(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    positions = load_positions(seed, deals, Path(cache) if cache else None, progress, players,
                               sel)
    if len(positions) < 2:
        print("too few positions for an interval; play more deals", file=sys.stderr)
        return 2
    print(f"card-play positions: seed {seed!r}, {deals} deals, {len(positions)} positions "
          f"({sel.describe()} played by {players} bots)")
    first: list[int] | None = None
    for level in levels:
        losses, times = measure(positions, level_chooser(level, seed))
        report_level(level, positions, losses, times)
        if first is None:
            first = losses
        else:
            diff = [float(a - b) for a, b in zip(losses, first, strict=True)]
            print(f"  {level} - {levels[0]}: {_mean_ci(diff)} (paired)")
    return 0


def describe(pos: Position) -> str:
    """A position's values as text (for looking at single positions)."""
    cards = ", ".join(f"{CARDS[c]} {v}" for c, v in sorted(pos.values.items()))
    return f"deal {pos.deal} ply {pos.ply} seat {pos.seat}: {cards}"


__all__ = ["Position", "Selection", "describe", "level_chooser", "load_positions", "measure", "run"]
