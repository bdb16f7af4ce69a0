"""The engine never trusts its caller: anything that is not a valid action
(a wrong type in any field, or no action at all) raises IllegalActionError
naming the field and the rule, never TypeError or a plain ValueError.  And
every card is in exactly one place in every state, even after a deal ends
early (a player leaving after the pick-up used to leave the skat counted
twice)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from skat_core.cards import ALL_CARDS, Card
from skat_core.deal import deal_from_seed, random_deal
from skat_core.errors import IllegalActionError, Rule
from skat_core.game import (
    Bid,
    Declare,
    Discard,
    GameState,
    Hold,
    LeaveTable,
    Pass,
    Phase,
    PickUpSkat,
    Play,
    Resign,
    new_game,
)
from skat_core.rules import GameType
from skat_core.ruleset import PUB, Ramsch


def at_phase(phase: Phase) -> GameState:
    """A deal of seed Eichel brought to ``phase`` (forehand the soloist; the
    push phase of Schieberamsch after all three pass under house rules)."""
    if phase == Phase.PUSH:
        rules = PUB.with_switches(name="schiebe", ramsch=Ramsch.SCHIEBERAMSCH)
        state = new_game(deal_from_seed("Eichel", 0), rules)
        for a in (Pass(), Pass(), Pass()):
            state = state.apply(a)
        assert state.phase == phase
        return state
    if phase == Phase.KONTRA:  # the question before the first card (house rule)
        state = new_game(deal_from_seed("Eichel", 0), PUB.with_switches(kontra_first_card=True))
        for a in (Pass(), Pass(), Bid(18), PickUpSkat()):
            state = state.apply(a)
        state = state.apply(state.legal_actions()[0]).apply(Declare(GameType.GRAND))
        assert state.phase == phase
        return state
    state = new_game(deal_from_seed("Eichel", 0))
    steps: list[Any] = [Pass(), Pass(), Bid(18)] if phase >= Phase.SKAT else []
    if phase >= Phase.DISCARD:
        steps.append(PickUpSkat())
    for a in steps:
        state = state.apply(a)
    if phase >= Phase.DECLARE:
        state = state.apply(state.legal_actions()[0])
    if phase >= Phase.PLAYING:
        state = state.apply(Declare(GameType.GRAND))
    assert state.phase == phase
    return state


BAD: list[tuple[str, Callable[[], Any], str]] = [
    ("Play('CJ')", lambda: Play("CJ"), "Play.card"),  # type: ignore[arg-type]
    ("Play(None)", lambda: Play(None), "Play.card"),  # type: ignore[arg-type]
    ("Play(True)", lambda: Play(True), "Play.card"),
    ("Play(31.0)", lambda: Play(31.0), "Play.card"),  # type: ignore[arg-type]
    ("Resign('0')", lambda: Resign("0"), "Resign.seat"),  # type: ignore[arg-type]
    ("Resign(1.5)", lambda: Resign(1.5), "Resign.seat"),  # type: ignore[arg-type]
    ("Resign(None)", lambda: Resign(None), "Resign.seat"),  # type: ignore[arg-type]
    ("LeaveTable(None)", lambda: LeaveTable(None), "LeaveTable.seat"),  # type: ignore[arg-type]
    ("LeaveTable(0, 'no')", lambda: LeaveTable(0, "no"),  # type: ignore[arg-type]
     "LeaveTable.timeout"),
    ("Bid('18')", lambda: Bid("18"), "Bid.value"),  # type: ignore[arg-type]
    ("Bid(18.0)", lambda: Bid(18.0), "Bid.value"),  # type: ignore[arg-type]
    ("Bid(None)", lambda: Bid(None), "Bid.value"),  # type: ignore[arg-type]
    ("Declare('X')", lambda: Declare("X"), "Declare.game"),  # type: ignore[arg-type]
    ("Declare(None)", lambda: Declare(None), "Declare.game"),  # type: ignore[arg-type]
    ("Declare(G, hand='yes')", lambda: Declare(GameType.GRAND, hand="yes"),  # type: ignore[arg-type]
     "Declare.hand"),
    ("Discard(('CJ', 'ST'))", lambda: Discard(("CJ", "ST")),  # type: ignore[arg-type]
     "Discard.cards"),
    ("Discard((1,))", lambda: Discard((1,)), "Discard.cards"),  # type: ignore[arg-type]
    ("Discard(None)", lambda: Discard(None), "Discard.cards"),  # type: ignore[arg-type]
    ("None", lambda: None, "action"),
    ("'pass'", lambda: "pass", "action"),
    ("Pass", lambda: Pass, "action"),
]


@pytest.mark.parametrize("phase", list(Phase))
@pytest.mark.parametrize(("label", "make", "field"), BAD, ids=[b[0] for b in BAD])
def test_a_malformed_action_is_an_illegal_action_naming_the_field(
        phase: Phase, label: str, make: Callable[[], Any], field: str) -> None:
    state = (at_phase(phase) if phase != Phase.FINISHED
             else at_phase(Phase.DECLARE).apply(LeaveTable(0)))
    with pytest.raises(IllegalActionError) as caught:
        state.apply(make())
    expected = Rule.BID_LADDER if field == "Bid.value" else Rule.MALFORMED
    assert caught.value.rule == expected, (label, caught.value)
    assert field in str(caught.value), (label, str(caught.value))


def test_well_typed_actions_still_work() -> None:
    state = at_phase(Phase.PLAYING)
    card = state.legal_actions()[0]
    assert isinstance(card, Play)
    assert state.apply(Play(int(card.card))) == state.apply(card)  # a plain int is a card
    assert state.apply(Resign(0)).is_over
    assert state.apply(LeaveTable(2, timeout=True)).is_over


def test_the_rule_is_still_named_for_well_typed_illegal_actions() -> None:
    state = at_phase(Phase.PLAYING)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Resign(3))
    assert caught.value.rule == Rule.SEAT
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Play(Card.from_str("D8")))
    assert caught.value.rule == Rule.NOT_IN_HAND


# --- every card in one place -----------------------------------------------------------


def places(state: GameState) -> list[int]:
    masks = [*state.hands, state.skat, *state.won]
    for c in state.trick:
        masks.append(1 << c)
    return masks


def assert_each_card_once(state: GameState) -> None:
    masks = places(state)
    total = 0
    for m in masks:
        assert total & m == 0, f"a card is in two places: {state}"
        total |= m
    assert total == ALL_CARDS, "a card is missing"


def test_leaving_after_the_pickup_does_not_count_the_skat_twice() -> None:
    """Seed Eichel, deal 0: Pass, Pass, Bid(18), PickUpSkat, LeaveTable(1):
    forehand holds twelve cards, so the skat is empty (it used to still hold
    the two cards picked up)."""
    state = new_game(deal_from_seed("Eichel", 0))
    for a in (Pass(), Pass(), Bid(18), PickUpSkat(), LeaveTable(1)):
        state = state.apply(a)
    assert state.phase == Phase.FINISHED
    assert len(state.hand(0)) == 12
    assert state.skat == 0
    assert_each_card_once(state)
    assert state.view(0).discard is None  # nothing was put back
    assert state.view(1).skat == state.deal.skat  # shown after the deal, as dealt


def test_every_card_is_in_one_place_in_every_state() -> None:
    """Random deals, random legal actions and, at a random moment, a player
    leaving, resigning or claiming: after each step each card is in one place."""
    rng = random.Random(11)
    for _ in range(300):
        state = new_game(random_deal(rng))
        assert_each_card_once(state)
        stop = rng.randrange(40)
        while not state.is_over:
            if stop == 0:
                state = state.apply(LeaveTable(rng.randrange(3), rng.random() < 0.5))
            else:
                options = state.legal_actions()
                if state.phase == Phase.BIDDING and len(options) > 1 and rng.random() < 0.6:
                    action = options[1]
                else:
                    action = rng.choice(options)
                state = state.apply(action)
            stop -= 1
            assert_each_card_once(state)


def test_hold_and_pass_have_no_fields_to_get_wrong() -> None:
    state = new_game(deal_from_seed("Eichel", 0)).apply(Bid(18))
    assert state.apply(Hold()).to_move == 1
