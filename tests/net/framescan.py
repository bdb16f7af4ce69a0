"""The frame scan: every frame a seat was sent, checked card by card against
what that seat may see by the rules of Skat (worked out here from the
server's saved table, not from skat_core.views, so a bug there is caught)."""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

from skat_core.cards import Card, mask_of
from skat_core.game import GameState, Phase, PickUpSkat, new_game
from skat_core.match import seats_for
from skat_core.records.jsonrec import state_from_record

CARD = re.compile(r"(?<![A-Za-z0-9])([CSHD][789TJQKA])(?![A-Za-z0-9])")
NOT_CARDS = {"token", "table", "code", "invitation", "name", "seed", "message"}


def cards_in(value: Any, key: str = "") -> set[int]:
    """Every card named anywhere in a message (ids, tokens and names aside)."""
    if key in NOT_CARDS:
        return set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v, k) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(*(cards_in(v, key) for v in value))
    if isinstance(value, str):
        return {int(Card.from_str(m)) for m in CARD.findall(value)}
    return set()


def held_by(states: list[GameState], seat: int) -> int:
    """The cards ``seat`` has held in its hand so far: its own ten and every
    skat it picked up (the soloist's, or each one taken in a Schieberamsch)."""
    held = states[0].hands[seat]
    for before, after in itertools.pairwise(states):
        actor, action = after.history[-1]
        if actor == seat and isinstance(action, PickUpSkat):
            held |= before.skat
    return held


def hidden_from(states: list[GameState], seat: int) -> int:
    """The cards ``seat`` may not see after the last of ``states``, by the
    rules: the others' hands, except a soloist's shown in an ouvert game or
    after his claim; the skat lying face down (in a Schieberamsch the two
    cards pushed on too) -- except cards the seat itself has held, as a
    soloist knows the skat he took and the cards he put back, and a player in
    a Schieberamsch the skat he took and what he pushed on.  Nothing once the
    deal is over."""
    state = states[-1]
    if state.phase == Phase.FINISHED:
        return 0
    hidden = 0
    shown = state.contract is not None and (state.contract.ouvert or state.claimed)
    for other in range(3):
        if other != seat and not (shown and other == state.soloist):
            hidden |= state.hands[other]
    hidden |= state.skat
    return hidden & ~held_by(states, seat)


def true_states(doc: dict[str, Any], deal: int, actions: int) -> list[GameState]:
    """The server's own states of ``deal`` from the deal to ``actions``
    actions in, from its save (the deal's rules, Bock and Ramsch round too)."""
    saved = doc["match"]
    records = [*saved["finished"], *([saved["current"]] if saved["current"] else [])]
    full = state_from_record(records[deal])
    state = new_game(full.deal, full.rules, bock=full.bock, ramsch_round=full.ramsch_round)
    states = [state]
    for _, action in full.history[:actions]:
        state = state.apply(action)
        states.append(state)
    return states


def true_state(doc: dict[str, Any], deal: int, actions: int) -> GameState:
    return true_states(doc, deal, actions)[-1]


def scan(frames: list[str], player: int, doc: dict[str, Any]) -> int:
    """Check every frame a player got; the number of cards checked."""
    config = doc["match"]["config"]
    checked = 0
    finished = len(doc["match"]["finished"])
    for text in frames:
        msg = json.loads(text)
        if msg["type"] == "deal":
            assert msg["number"] < finished
            assert msg["record"]["result"] is not None  # only finished deals travel whole
            continue
        if msg["type"] != "state" or msg["status"] == "waiting":
            assert not cards_in(msg), msg
            continue
        deal = msg["deal"]
        states = true_states(doc, deal, msg["actions"])
        state = states[-1]
        n = len(config["players"])
        dealer = (config["first_dealer"] + deal) % n
        seats = seats_for(n, dealer)
        seen = cards_in(msg)
        if player in seats:
            hidden = hidden_from(states, seats.index(player))
        else:  # the dealer at four sits out and sees no card of the deal being played
            assert msg["sitting_out"] == player and msg["view"] is None
            hidden = 0 if state.phase == Phase.FINISHED else (
                state.hands[0] | state.hands[1] | state.hands[2] | state.skat)
        leak = mask_of(seen) & hidden
        assert not leak, f"player {player} was sent hidden cards {leak:#x}: {text}"
        checked += len(seen)
    return checked


__all__ = ["cards_in", "hidden_from", "scan", "true_state", "true_states"]
