"""A match of bots with no screen: the engine loop with saving after every
action, resuming from the save if there is one.

The crash tests run it in a subprocess and kill it; it is also handy for
scripting::

    python -m skat_tui.headless --home /tmp/h --seed Eichel --levels random,easy,random
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from skat_core.bots import LEVELS, Bot, make_bot
from skat_core.game import Action
from skat_core.match import Match, Scoring
from skat_core.seeds import bot_seed, parse_seed

from .safe_text import terminal
from .storage import MatchKeeper, Storage, StorageError


def bot_names(levels: Sequence[str]) -> tuple[str, ...]:
    """Player names for a table of bots: ``random 1``, ``easy 2``, ..."""
    return tuple(f"{level} {i + 1}" for i, level in enumerate(levels))


class NotBots(ValueError):
    """The saved match has a player who is not a bot: it is continued in the
    app, never here (its save is left as it is)."""


def bots_for(match: Match, seats: dict[str, object]) -> list[Bot]:
    """The bots of a match, each seeded from the match seed and its player."""
    out = []
    for i, name in enumerate(match.config.players):
        level = seats.get(name)
        if not isinstance(level, str) or level not in LEVELS:
            raise NotBots(f"player {name!r} is not a bot ({level!r}); a match with human "
                          "players is continued in the app")
        out.append(make_bot(level, bot_seed(match.config.seed, i)))
    return out


def match_actions(match: Match) -> list[Action]:
    """Every action of a match so far, finished deals first, in order."""
    actions = [a for o in match.outcomes for _, a in o.state.history]
    if match.current is not None and not match.current.is_over:
        actions += [a for _, a in match.current.history]
    return actions


def action_count(match: Match) -> int:
    return len(match_actions(match))


def run_match(
    storage: Storage | str | os.PathLike[str] | None,
    seed: str | None = None,
    levels: Sequence[str] = ("random", "random", "random"),
    *,
    deals: int | None = None,
    scoring: Scoring = Scoring.SEEGER_FABIAN,
    counts: bool = True,
    max_actions: int | None = None,
    delay: float = 0.0,
    on_action: Callable[[Match, Action], None] | None = None,
    on_message: Callable[[str], None] | None = None,
) -> Match:
    """Play a match of bots to its end (or for ``max_actions`` actions),
    saving after every action.  If ``storage`` holds a saved match it is
    resumed (``seed``, ``levels``, ``deals`` are then ignored; the bots are
    the saved ones).  A damaged save is moved aside and a new match started.
    ``delay`` sleeps after each action (the crash tests use it to have time
    to kill).  Returns the match as far as it got.  Raises
    :class:`~skat_tui.storage.MatchInUse` while another process plays the
    saved match of ``storage``, :class:`NotBots` (nothing written) if the saved
    match has a human player; lets others resume it when it returns."""
    store = storage if isinstance(storage, Storage) else Storage(storage)
    say = on_message or (lambda text: None)
    from .storage import DamagedSave

    try:
        if store.match_in_use() is None:
            # A match of people is the app's: refused before resuming it
            # touches the save.
            peek = store.load_current()
            if peek is not None:
                bots_for(peek.match, peek.seats)
        keeper = MatchKeeper.resume(store)
    except DamagedSave as e:
        say(e.message)
        keeper = None
    if keeper is None:
        spec = parse_seed(seed)
        names = bot_names(levels)
        match = Match.start(names, deals=deals, scoring=scoring, seed=spec.seed)
        seats = dict(zip(names, levels, strict=True))
        keeper = MatchKeeper.start(store, match, seats, kind=spec.kind, counts=counts)
    for text in keeper.messages:
        say(text)
    try:
        return _play(keeper, max_actions, delay, on_action, say)
    finally:
        keeper.close()


def _play(keeper: MatchKeeper, max_actions: int | None, delay: float,
          on_action: Callable[[Match, Action], None] | None, say: Callable[[str], None]
          ) -> Match:
    match = keeper.match
    bots = bots_for(match, keeper.seats)
    done = 0
    while not match.is_over and (max_actions is None or done < max_actions):
        if match.deal_finished or match.current is None:
            match = match.next_deal()
            continue
        state = match.current
        seat = state.to_move
        action = bots[match.player_at(seat)].choose(state.view(seat))
        match = match.apply(action)
        for text in keeper.update(match):
            say(text)
        done += 1
        if on_action is not None:
            on_action(match, action)
        if delay:
            time.sleep(delay)
    return match


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m skat_tui.headless",
                                     description="Play a saved match of bots with no screen.")
    parser.add_argument("--home", type=Path, default=None, help="data directory (SKAT_HOME)")
    parser.add_argument("--seed", default=None)
    parser.add_argument("--levels", default="random,random,random",
                        help="bot levels, comma-separated (3 or 4)")
    parser.add_argument("--deals", type=int, default=None)
    parser.add_argument("--delay", type=float, default=0.0, help="seconds after each action")
    parser.add_argument("--max-actions", type=int, default=None)
    parser.add_argument("--progress", action="store_true",
                        help="print 'saved N' once the match's first N actions are on disk")
    args = parser.parse_args(argv)

    def progress(match: Match, action: Action) -> None:
        if args.progress:
            print(f"saved {action_count(match)}", flush=True)

    try:
        match = run_match(args.home, args.seed, args.levels.split(","), deals=args.deals,
                          delay=args.delay, max_actions=args.max_actions, on_action=progress,
                          on_message=lambda text: print(terminal(text), file=sys.stderr))
    except (StorageError, NotBots) as e:
        # Another skat plays the saved match, the saved match is not one of
        # bots, a disk that refuses: the save is left alone (docs/saving.md).
        print(terminal(f"skat: {e}"), file=sys.stderr)
        return 1
    except ValueError as e:  # the arguments (a seed, the levels): usage, as argparse
        print(terminal(f"skat: {e}"), file=sys.stderr)
        return 2
    totals = " ".join(f"{n}={t}" for n, t in zip(match.config.players, match.totals(),
                                                 strict=True))
    print(terminal(f"{'over' if match.is_over else 'stopped'} after {len(match.outcomes)} "
                   f"deals: {totals}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
