"""Golden playthroughs (as OpenSpiel's integration tests): seeded deals written
out action by action with every seat's observation string, then diffed.

A change in any rule, view or text shows up as a diff of these files.  When the
change is intended, rewrite them and review the diff in the commit:

    SKAT_UPDATE_GOLDEN=1 pytest tests/test_golden.py
"""

from __future__ import annotations

import difflib
import os
import random
from pathlib import Path

import pytest

from skat_core.deal import deal_from_seed
from skat_core.game import (
    POSITION_NAMES,
    Action,
    Bid,
    GameState,
    Phase,
    action_str,
    new_game,
)
from skat_core.rules import GameType

GOLDEN_DIR = Path(__file__).parent / "golden"

# file name: (seed, deal number, player seed) — chosen so that the three deals
# show a suit game won after picking up the skat, a hand game lost, and a null
# ouvert hand (open cards) that ends early.
PLAYTHROUGHS = {
    "suit_game": ("golden", 1, 3),
    "hand_game": ("golden", 0, 0),
    "null_game": ("golden", 2, 26),
}


def golden_player(state: GameState, rng: random.Random) -> Action:
    """The player of the transcripts (kept here, apart from the benchmark's, so
    that the files change only when the engine does)."""
    actions = state.legal_actions()
    if state.phase == Phase.BIDDING:
        if rng.random() < 0.45:
            return actions[0]  # pass
        raises = [a for a in actions if isinstance(a, Bid)]
        return raises[rng.randrange(min(3, len(raises)))] if raises else actions[-1]
    if state.phase == Phase.SKAT and rng.random() < 0.6:
        return actions[0]  # pick up the skat
    return actions[rng.randrange(len(actions))]


def playthrough(seed: str, number: int, player_seed: int) -> tuple[str, GameState]:
    """The transcript and the final state."""
    rng = random.Random(player_seed)
    state = new_game(deal_from_seed(seed, number))
    lines = [
        f"# Skat golden playthrough: deal_from_seed({seed!r}, {number}), "
        f"player random.Random({player_seed})",
        "# Rewrite with SKAT_UPDATE_GOLDEN=1 pytest tests/test_golden.py",
    ]
    for name, hand in zip(POSITION_NAMES, state.deal.hand_sets(), strict=True):
        lines.append(f"deal {name} {hand}")
    lines.append(f"deal skat {state.deal.skat_set()}")
    step = 0
    while True:
        lines.append("")
        lines.append(f"state {step}")
        for seat in range(3):
            lines.append(f"  obs {seat}: {state.view(seat).observation_string()}")
        if state.is_over:
            break
        action = golden_player(state, rng)
        lines.append(f"action {state.actor_of(action)}: {action_str(action)}")
        state = state.apply(action)
        step += 1
    assert state.result is not None
    lines.append("")
    lines.append(f"result {state.result.explain()}")
    lines.append(f"score {state.result.score}")
    return "\n".join(lines) + "\n", state


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_golden_playthrough(name: str) -> None:
    text, _ = playthrough(*PLAYTHROUGHS[name])
    path = GOLDEN_DIR / f"{name}.txt"
    if os.environ.get("SKAT_UPDATE_GOLDEN") == "1":
        GOLDEN_DIR.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True), text.splitlines(keepends=True),
                f"{path.name} (golden)", f"{path.name} (now)", n=1,
            )
        )
        pytest.fail(f"the playthrough differs from {path}:\n{diff[:6000]}")


def test_golden_deals_are_what_the_names_say() -> None:
    """The three playthroughs keep covering what they were chosen for."""
    states = {name: playthrough(*args)[1] for name, args in PLAYTHROUGHS.items()}
    suit, hand, null = states["suit_game"], states["hand_game"], states["null_game"]
    assert suit.picked_up and suit.contract is not None and suit.contract.game.is_suit
    assert suit.result is not None and suit.result.won
    assert hand.contract is not None and hand.contract.hand and hand.tricks_played == 10
    assert null.contract is not None and null.contract.game == GameType.NULL
    assert null.contract.ouvert and null.tricks_played < 10
