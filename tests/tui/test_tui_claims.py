"""Claiming the rest and giving up at the table (ISkO 4.4; RULES.md, Claims
and concessions): the human soloist claims (a) or gives up (G), a bot
soloist claims, the human answers a claim or a partner's giving up, and
the bots answer only when the outcome is sure from what their seat sees."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from skat_core.bots import Bot, make_bot
from skat_core.bots.claims import soloist_trick_points
from skat_core.cards import CardSet
from skat_core.game import Claim, Phase, Resign
from skat_core.rules import GameType
from skat_tui.app import SkatApp
from skat_tui.deck import DeckStyle, card_text
from skat_tui.screens import DealResultScreen, TableScreen
from skat_tui.screens.dialogs import ConfirmScreen

from .helpers import (
    log,
    make_app,
    passing_bots,
    screen_text,
    settle,
    start_app,
    table,
    view,
    wait,
)

# Deal 1 of this seed gives the human (rearhand) ten cards that take every
# trick in a grand hand whatever the others hold (schwarz.proof).
SURE = "claim1598010"
# Deal 1 of this seed gives a bot a grand ouvert that takes every trick
# (see test_tui_ouvert.py); it claims before leading.
OUVERT = "ouvert38783"


def easy_bots(level: str, seed: int | str = 0) -> Bot:
    return make_bot("easy", seed)


async def declare_grand_hand(pilot: Pilot[Any], app: SkatApp) -> None:
    await settle(pilot)
    v = view(app)
    assert v.phase == Phase.BIDDING and v.to_move == v.seat == 2
    await pilot.press("b")  # 18; the bots pass
    await settle(pilot)
    assert view(app).phase == Phase.SKAT
    await pilot.press("h", "g")  # play hand: grand
    await settle(pilot)
    v = view(app)
    assert v.phase == Phase.PLAYING and v.contract is not None
    assert v.contract.game == GameType.GRAND and v.contract.hand


async def play_on_to_the_end(pilot: Pilot[Any], app: SkatApp) -> None:
    """After a claim or a give-up that is played on: every card by Enter to
    the result, where the deal ends played out, not conceded."""
    while view(app).phase == Phase.PLAYING:
        await pilot.press("enter")
        await settle(pilot)
    assert isinstance(app.screen, DealResultScreen)
    assert app.screen.outcome.result.conceded is None


def actions(app: SkatApp) -> list[object]:
    return [a for _, a in view(app).public_actions]


async def test_the_soloist_claims_and_the_bots_accept() -> None:
    app = make_app(seed=SURE)
    async with app.run_test(size=(100, 30)) as pilot:
        await declare_grand_hand(pilot, app)
        # The first trick, led by forehand: the first legal card wins it.
        await pilot.press("enter")
        await settle(pilot)
        v = view(app)
        assert v.to_move == v.seat == v.soloist and not v.trick
        assert "All mine" in screen_text(app)
        await pilot.press("a")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, DealResultScreen)
        result = app.screen.outcome.result
        assert result.conceded == "claim" and result.won and result.soloist_tricks == 10
        assert "accepted the claim" in screen_text(app)


async def test_a_claim_the_bots_refuse_is_played_on_with_the_cards_shown() -> None:
    app = make_app(seed="tui")
    async with app.run_test(size=(100, 30)) as pilot:
        await declare_grand_hand(pilot, app)
        v = view(app)
        assert v.to_move == v.seat and v.trick  # following in trick 1
        await pilot.press("a", "y")
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.PLAYING and Claim() in actions(app)
        assert not any(isinstance(a, Resign) for a in actions(app))
        assert "plays on" in screen_text(app)
        # The log reads in order: the declaration, the claim, who played on,
        # and only then trick 1, which the claim interrupted.
        lines = log(app)
        claim = lines.index("You show your cards and claim the rest.")
        assert lines[claim - 1] == "You play Grand hand."
        assert lines[claim + 1].endswith(" plays on.")
        assert not any(line.startswith("Trick 1:") for line in lines)
        # The defenders see the soloist's cards now.
        c = table(app).controller
        defender = c.view(c.match.seats[(v.seat + 1) % 3])
        assert defender is not None and defender.open_cards == v.hand
        assert "All mine" not in screen_text(app)  # once only
        await pilot.press("enter")
        await settle(pilot)
        lines = log(app)
        assert lines.index("You show your cards and claim the rest.") < next(
            i for i, line in enumerate(lines) if line.startswith("Trick 1: "))
        await play_on_to_the_end(pilot, app)


async def test_the_soloist_gives_up_and_loses() -> None:
    app = make_app(seed="tui")
    async with app.run_test(size=(100, 30)) as pilot:
        await declare_grand_hand(pilot, app)
        await pilot.press("G")
        assert isinstance(app.screen, ConfirmScreen)
        assert "counts as lost" in screen_text(app)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, DealResultScreen)
        result = app.screen.outcome.result
        assert result.conceded == "soloist" and not result.won
        assert "the soloist gave up" in screen_text(app)
        # what was taken when play stopped, not tricks "0:10" of a deal not played out
        assert "When play stopped the soloist had 0 tricks with" in screen_text(app)
        assert "the defenders 0 tricks with 0 card points." in screen_text(app)


async def bot_claims(pilot: Pilot[Any], app: SkatApp) -> None:
    await settle(pilot)
    await pilot.press("p")
    await settle(pilot)
    assert isinstance(app.screen, ConfirmScreen)
    assert "claims the rest" in screen_text(app)
    v = view(app)
    # the claim shows the soloist's cards (open here anyway: ouvert)
    for card in CardSet(v.open_cards):
        assert card_text(card, DeckStyle.FOUR_COLOUR) in screen_text(app)


async def test_a_bot_claims_and_the_human_accepts() -> None:
    app = make_app(seed=OUVERT, factory=easy_bots)
    async with app.run_test(size=(100, 30)) as pilot:
        await bot_claims(pilot, app)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, DealResultScreen)
        result = app.screen.outcome.result
        assert result.conceded == "claim" and result.won and result.soloist_tricks == 10
        # logged as accepting, after the claim (not as giving up)
        lines = log(app)
        assert lines[-3].endswith(" shows the cards and claims the rest."), lines
        assert "You accept the claim." in lines[-2:], lines
        assert all(line.endswith("accept the claim.") or line.endswith("accepts the claim.")
                   for line in lines[-2:]), lines
        assert not any("give up" in line or "gives up" in line for line in lines)


async def bot_plays_ouvert(pilot: Pilot[Any], app: SkatApp) -> None:
    """The bot's grand ouvert, without its claim (the partner would accept
    it, and then the human's giving up would accept it too)."""
    await settle(pilot)
    table(app).controller.bots_claim = False
    await pilot.press("p")
    await settle(pilot)
    v = view(app)
    assert v.phase == Phase.PLAYING and v.contract is not None and v.contract.ouvert
    assert Claim() not in actions(app)


async def test_a_defender_gives_up_and_the_bot_partner_plays_on() -> None:
    app = make_app(seed=OUVERT, factory=easy_bots)
    async with app.run_test(size=(100, 30)) as pilot:
        await bot_plays_ouvert(pilot, app)
        v = view(app)
        assert v.to_move == v.seat and v.trick and soloist_trick_points(v) < 61
        await pilot.press("G")
        assert "must agree" in screen_text(app)
        await pilot.press("y")
        await settle(pilot)
        assert "plays on" in screen_text(app)  # the table log
        lines = log(app)
        assert lines[-2:-1] == ["You give up."] and lines[-1].endswith(" plays on."), lines
        notes = [n.message for n in app._notifications]
        assert any(n.startswith("You gave up; ") and n.endswith(" plays on.") for n in notes), notes
        assert view(app).phase == Phase.PLAYING
        assert Resign(view(app).seat) in actions(app)
        assert not table(app).controller.can_give_up(app.viewer)  # said once
        await play_on_to_the_end(pilot, app)


async def test_a_defender_gives_up_and_the_bot_partner_agrees() -> None:
    app = make_app(seed=OUVERT, factory=easy_bots)
    async with app.run_test(size=(100, 30)) as pilot:
        await bot_plays_ouvert(pilot, app)
        while soloist_trick_points(view(app)) < 61:
            await pilot.press("enter")
            await settle(pilot)
        assert view(app).phase == Phase.PLAYING
        await pilot.press("G", "y")
        await settle(pilot)
        assert isinstance(app.screen, DealResultScreen)
        result = app.screen.outcome.result
        # schwarz announced: the soloist gets every remaining trick
        assert result.conceded == "defenders" and result.won and result.soloist_tricks == 10
        assert "the defenders gave up" in screen_text(app)


async def test_a_claim_mid_deal_survives_resume(tmp_path: Path) -> None:
    """Autosave after the claim: the resumed deal has it, the soloist's cards
    stay shown to the defenders, and play (here: giving up) goes on."""
    first = start_app(tmp_path, start="match", seed="tui", factory=passing_bots)
    async with first.run_test(size=(100, 30)) as pilot:
        await declare_grand_hand(pilot, first)
        await pilot.press("a", "y")
        await settle(pilot)
        before = view(first)
        assert Claim() in actions(first) and before.phase == Phase.PLAYING
    second = start_app(tmp_path, start="resume", factory=passing_bots)
    async with second.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await wait(pilot)
        v = view(second)
        assert v == before
        c = table(second).controller
        defender = c.view(c.match.seats[(v.seat + 1) % 3])
        assert defender is not None and defender.open_cards == v.hand
        assert not c.asking and isinstance(second.screen, TableScreen)
        await pilot.press("G", "y")
        await settle(pilot)
        assert isinstance(second.screen, DealResultScreen)
        assert second.screen.outcome.result.conceded == "soloist"


async def test_hotseat_the_asked_defender_answers_behind_the_privacy_screen(
        tmp_path: Path) -> None:
    """Three people: the soloist claims; the table is covered before a
    defender is asked, the question is answered from that defender's seat."""
    from skat_tui.screens.hotseat import HotseatTableScreen, PrivacyScreen
    from skat_tui.screens.newmatch import parse_players

    app = start_app(tmp_path, start="hotseat", seed="hotseat-claim",
                    players=parse_players("Anna,Ben,Cem"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        t = app.table
        assert isinstance(t, HotseatTableScreen)
        c = t.controller

        async def as_next(*keys: str) -> None:
            if isinstance(app.screen, PrivacyScreen):
                await pilot.press("enter")
                await wait(pilot)
            await pilot.press(*keys)
            await wait(pilot)

        await as_next("p")  # middlehand passes
        await as_next("b")  # rearhand bids 18
        await as_next("p")  # forehand passes: rearhand plays
        await as_next("h", "g")  # grand hand
        await as_next("enter")  # forehand leads
        await as_next("enter")  # middlehand follows
        soloist = c.match.seats[2]
        assert isinstance(app.screen, PrivacyScreen)
        await as_next("a", "y")  # the soloist claims
        first = c.asking[0]
        assert c.asking == [c.match.seats[0], c.match.seats[1]] and first != soloist
        assert isinstance(app.screen, PrivacyScreen)
        text = screen_text(app)
        assert f"Pass to {c.player_name(first)}" in text and "claims the rest" in text
        await pilot.press("enter")
        await wait(pilot)
        assert isinstance(app.screen, ConfirmScreen) and t.viewer == first
        await pilot.press("n")  # plays on
        await wait(pilot)
        assert not c.asking and c.player_to_move() == soloist
        assert isinstance(app.screen, PrivacyScreen)  # back to the soloist, covered


# Deal 1 of this seed: a bot plays a suit game (not ouvert) and, on lead
# after six tricks, holds four cards that take every trick: it claims.
BOT_CLAIM = "botclaim1"


async def test_a_bot_claims_late_its_cards_are_shown_and_the_human_accepts() -> None:
    app = make_app(seed=BOT_CLAIM, factory=easy_bots)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        while view(app).phase == Phase.BIDDING:
            await pilot.press("p")
            await settle(pilot)
        v = view(app)
        assert v.contract is not None and not v.contract.ouvert
        assert v.open_cards == 0
        while not isinstance(app.screen, ConfirmScreen):
            assert view(app).phase == Phase.PLAYING
            await pilot.press("enter")
            await settle(pilot)
        v = view(app)
        assert sum(v.tricks) == 6 and Claim() in actions(app)
        shown = CardSet(v.open_cards)
        assert len(shown) == v.cards_left[v.soloist] == 4
        text = screen_text(app)
        assert "claims the rest" in text
        for card in shown:
            assert card_text(card, DeckStyle.FOUR_COLOUR) in text, card
        before = v.tricks[v.soloist]
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, DealResultScreen)
        result = app.screen.outcome.result
        assert result.conceded == "claim" and result.soloist_tricks == before + 4
