"""The table's log and the hints in words, as pure functions of a seat's
view (no pilot): the order of events, whole sentences for You and for
names, no card points in null, cards by their symbols."""

from __future__ import annotations

from collections.abc import Callable

from skat_core.bots import Hint
from skat_core.cards import Card
from skat_core.deal import Deal
from skat_core.game import Claim, Declare, GameState, Hold, Pass, Play, Resign
from skat_core.rules import GameType
from skat_tui.deck import DeckStyle
from skat_tui.screens.hints import hint_sentence
from skat_tui.screens.table_log import PlayOn, log_lines

StartPlay = Callable[..., GameState]
DEAL = Deal.from_str(
    "CJ SJ CA CT C9 SA ST HA D8 D7",
    "HJ DJ CK CQ S9 S8 HT HK DA DT",
    "C8 C7 SK SQ S7 HQ H9 H8 DK DQ",
    "H7 D9",
)
NAMES = ("Ann", "Bea", "Cid")
DECK = DeckStyle.FOUR_COLOUR


def plain(state: GameState, seat: int, play_ons: tuple[PlayOn, ...] = ()) -> list[str]:
    return [t.plain for t in log_lines(state.view(seat), NAMES, DECK, play_ons)]


def test_a_give_up_comes_after_the_trick_it_follows(start_play: StartPlay) -> None:
    s = start_play(DEAL, Declare(GameType.CLUBS, hand=True))
    for card in (Card.D7, Card.DA, Card.DK):
        s = s.apply(Play(card))
    s = s.apply(Resign(1))  # Bea gives up after trick 1
    lines = plain(s, 2, (PlayOn(3, 2),))
    assert lines[-3:] == ["Trick 1: Bea +15", "Bea gives up.", "You play on."]
    assert plain(s, 1)[-1] == "You give up."


def test_a_claim_accepted_is_logged_as_accepting(start_play: StartPlay) -> None:
    s = start_play(DEAL, Declare(GameType.CLUBS, hand=True))
    s = s.apply(Claim()).apply(Resign(1)).apply(Resign(2))
    lines = plain(s, 1)
    assert lines[-3:] == ["Ann shows the cards and claims the rest.", "You accept the claim.",
                          "Cid accepts the claim."]
    assert plain(s, 0)[-3] == "You show your cards and claim the rest."


def test_no_card_points_in_null(start_play: StartPlay) -> None:
    s = start_play(DEAL, Declare(GameType.NULL))
    for card in (Card.D7, Card.DT, Card.DQ):
        s = s.apply(Play(card))
    assert plain(s, 0)[-1] == "Trick 1: Cid"


def test_hints_say_what_to_do_and_why(start_play: StartPlay) -> None:
    s = start_play(DEAL, Declare(GameType.CLUBS, hand=True))
    v = s.view(0)
    lead = hint_sentence(Hint(Play(Card.SA), "tiers, 24 deals", win=0.7), v, DECK)
    assert lead == "Lead A♠: then you win the game in about 7 of 10 likely deals."
    s = s.apply(Play(Card.SA))
    follow = hint_sentence(Hint(Play(Card.S9), "rollout", win=0.7), s.view(1), DECK)
    assert follow == "Play 9♠: then the soloist loses in about 3 of 10 likely deals."


def test_bidding_hints() -> None:
    from skat_core.game import new_game

    v = new_game(DEAL).view(0)  # forehand answers middlehand
    assert hint_sentence(Hint(Hold(), "", worth=30), v, DECK) == (
        "Say yes: your hand is worth a bid of up to 30.")
    assert hint_sentence(Hint(Pass(), "", worth=0), v, DECK) == (
        "Pass: your hand has no game worth playing.")


def test_doubling_hints_and_log() -> None:
    """Kontra before the first card: the hint says why (or why not), the log
    says who let the game stand."""
    from skat_core.game import KONTRA, RE, Bid, Kontra, new_game, play_out
    from skat_core.ruleset import PUB

    rules = PUB.with_switches(kontra_first_card=True)
    s = play_out(new_game(DEAL, rules), [Bid(18), Hold(), Pass(), Pass()])
    s = s.apply(Declare(GameType.CLUBS, hand=True))
    v = s.view(1)
    assert hint_sentence(Hint(Pass(), "", win=0.6), v, DECK) == (
        "No Kontra: the soloist loses in about 4 of 10 likely deals.")
    assert hint_sentence(Hint(KONTRA, "", win=0.1), v, DECK) == (
        "Say Kontra: the soloist loses in about 9 of 10 likely deals.")
    s = play_out(s, [Pass(), KONTRA])
    assert hint_sentence(Hint(RE, "", win=0.8), s.view(0), DECK) == (
        "Say Re: you win the game in about 8 of 10 likely deals.")
    lines = [str(t) for t in log_lines(s.apply(Pass()).view(0), ("Ann", "Bob", "Cid"), DECK)]
    assert lines[-3:] == ["Bob says no Kontra.", "Cid says Kontra.", "You say no Re."]
    assert isinstance(KONTRA, Kontra)
