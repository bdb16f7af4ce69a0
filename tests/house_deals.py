"""Pub deals for the house-rule tests: one deal (:data:`DEAL`) and the rule
sets it is played under, forehand's clubs hand on it, and for the replay and
analysis tests the recorded games: a game with Kontra and Re, a Ramsch, a
Schieberamsch with pushes, a Bock deal, and every deal of a four-player
match, each finished through the engine."""

from __future__ import annotations

from typing import Any

from match_play import play_match
from skat_core.bots import RandomBot
from skat_core.cards import Card
from skat_core.deal import Deal
from skat_core.game import (
    KONTRA,
    PASS_SKAT,
    RE,
    Bid,
    Declare,
    GameState,
    Hold,
    Pass,
    PickUpSkat,
    Play,
    Push,
    new_game,
    play_out,
)
from skat_core.match import Match
from skat_core.rules import GameType
from skat_core.ruleset import PUB, Ramsch, RuleSet
from skat_core.savegame import outcome_record

DEAL = Deal.from_str(
    "CJ SJ CA CT C9 SA ST HA D8 D7",
    "HJ DJ CK CQ S9 S8 HT HK DA DT",
    "C8 C7 SK SQ S7 HQ H9 H8 DK DQ",
    "H7 D9",
)
NAMES = ("Ann", "Bob", "Cid")
SCHIEBE = PUB.with_switches(name="schiebe", ramsch=Ramsch.SCHIEBERAMSCH)
FIRST_CARD = PUB.with_switches(kontra_first_card=True)


def play_first_cards(state: GameState) -> GameState:
    """Play on with the first legal card (highest first) to the end."""
    while not state.is_over:
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, Play)))
    return state


def clubs_hand(rules: RuleSet = PUB, deal: Deal = DEAL, bock: int = 1) -> GameState:
    """Forehand bids 18, nobody holds, and forehand declares clubs hand under
    ``rules`` (in a Bock deal of ``bock``)."""
    s = play_out(new_game(deal, rules, bock=bock), [Bid(18), Hold(), Pass(), Pass()])
    return s.apply(Declare(GameType.CLUBS, hand=True))


def kontra_re() -> GameState:
    """Ann plays clubs hand; Bob says Kontra before his first card, Ann Re."""
    s = clubs_hand().apply(Play(Card.from_str("CJ")))
    s = s.apply(KONTRA)
    s = play_out(s, [Play(Card.from_str("HJ")), Play(Card.from_str("C8")), RE])
    return play_first_cards(s)


def kontra_first_card() -> GameState:
    """Kontra before the first card: Bob lets it stand, Cid says Kontra, Ann Re."""
    s = play_out(clubs_hand(FIRST_CARD), [Pass(), KONTRA, RE])
    return play_first_cards(s)


def ramsch() -> GameState:
    return play_first_cards(play_out(new_game(DEAL, PUB), [Pass(), Pass(), Pass()]))


def schieberamsch() -> GameState:
    """Ann and Bob take the skat and push two on (no jacks), Cid passes it on."""
    s = play_out(new_game(DEAL, SCHIEBE), [Pass(), Pass(), Pass(), PickUpSkat()])
    s = s.apply(next(a for a in s.legal_actions() if isinstance(a, Push)))
    s = s.apply(PickUpSkat())
    s = s.apply(next(a for a in s.legal_actions() if isinstance(a, Push)))
    return play_first_cards(s.apply(PASS_SKAT))


def bock() -> GameState:
    """A Bock deal (×2): Ann plays clubs hand."""
    return play_first_cards(clubs_hand(bock=2))


def four_player_match() -> tuple[Match, list[dict[str, Any]]]:
    """A pub match of four deals at a table of four, random bots (who never
    double), and the history record of each deal as the app writes it."""
    m = Match.start(("Ann", "Bob", "Cid", "Dan"), deals=4, seed="four-pub", rules=PUB)
    bots = [RandomBot(i) for i in range(4)]
    m = play_match(m, bots)
    meta = {"match": "four", "date": "2026-12-01T12:00:00Z", "kind": "pub"}
    return m, [outcome_record(m, o, meta) for o in m.outcomes]


