"""House rules at the table, by keys (docs/rules.md, House rules): Kontra on
`k`, a Ramsch played out when all pass, a Schieberamsch push chosen like a
discard, the rule set and Bock deals on the top bar and the score panel."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from skat_core.bots import RandomBot
from skat_core.game import (
    GRAND_HAND,
    PASS_SKAT,
    Action,
    Bid,
    Declare,
    Pass,
    Phase,
    Play,
)
from skat_core.rules import GameType
from skat_core.ruleset import Ramsch
from skat_core.views import SeatView
from skat_tui.screens import DealResultScreen
from skat_tui.screens.settings_screen import SettingsScreen
from skat_tui.settings import load_settings
from skat_tui.widgets import HandView

from .helpers import PassingBot, make_app, screen_text, settle, table, view


class SkatPassingBot(PassingBot):
    """Passes the bidding and, in a Schieberamsch, passes the skat on unseen."""

    def choose(self, view: SeatView) -> Action:
        if PASS_SKAT in view.legal:
            return PASS_SKAT
        return super().choose(view)


class GrandBot(RandomBot):
    """Says 18 when it can, otherwise passes; declares a grand hand; plays
    random cards (and never doubles: the random bot does not)."""

    def choose(self, view: SeatView) -> Action:
        if view.phase == Phase.BIDDING:
            return Bid(18) if Bid(18) in view.legal else Pass()
        if GRAND_HAND in view.legal:
            return GRAND_HAND
        return super().choose(view)


async def test_kontra_by_key_doubles_the_game() -> None:
    app = make_app(factory=lambda level, seed=0: GrandBot(seed), rules="pub")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert view(app).rules.name == "pub"
        await pilot.press("p")  # the human (rearhand) passes; middlehand plays grand hand
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.PLAYING and v.soloist == 1 and v.to_move == v.seat
        assert v.contract == Declare(GameType.GRAND, hand=True).contract
        assert "k: Kontra" in screen_text(app)
        await pilot.press("k")
        await settle(pilot)
        v = view(app)
        assert v.kontra == 1 and v.to_move == v.seat  # still to play the card
        assert "Kontra" in screen_text(app)
        await pilot.press("k")  # no second Kontra: the key does nothing
        assert view(app).kontra == 1
        while view(app).phase == Phase.PLAYING:
            await pilot.press("enter")
            await settle(pilot)
        outcome = table(app).controller.match.outcomes[0]
        assert outcome.result.kontra == 1
        assert abs(outcome.standard[outcome.soloist_player]) == outcome.result.value * (
            2 if outcome.result.won else 4)


async def test_ramsch_when_all_pass_by_keys() -> None:
    app = make_app(rules="pub")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.PLAYING and v.contract is not None and v.contract.ramsch
        assert "Ramsch" in screen_text(app)
        while view(app).phase == Phase.PLAYING:
            if view(app).to_move == view(app).seat:
                await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, DealResultScreen)
        assert "Ramsch" in screen_text(app)
        result = table(app).controller.match.outcomes[0].result
        assert result.ramsch is not None and sum(result.ramsch.points) == 120


async def test_schieberamsch_push_by_keys() -> None:
    app = make_app(factory=lambda level, seed=0: SkatPassingBot(seed), rules="pub",
                   rule_switches={"ramsch": "schieberamsch"})
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        v = view(app)
        # forehand and middlehand passed the skat on; the human is rearhand
        assert v.phase == Phase.PUSH and v.to_move == v.seat == 2
        assert "Schieberamsch" in screen_text(app)
        await pilot.press("u")
        await settle(pilot)
        v = view(app)
        assert len(v.hand_set) == 12 and v.skat is not None
        cards = list(app.screen.query_one(HandView).state.cards)
        plain = [i for i, c in enumerate(cards) if c.rank.name != "JACK"][:2]
        await pilot.press(*("1234567890"[i] for i in plain))
        assert "Push two cards" in screen_text(app)
        await pilot.press("d")
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.PLAYING and v.pushes == 1 and len(v.hand_set) == 10
        assert v.discard == (1 << cards[plain[0]] | 1 << cards[plain[1]])
        while view(app).phase == Phase.PLAYING:
            if view(app).to_move == view(app).seat:
                assert any(isinstance(a, Play) for a in view(app).legal)
                await pilot.press("enter")
            await settle(pilot)
        result = table(app).controller.match.outcomes[0].result
        assert result.ramsch is not None and result.ramsch.pushes == 1


async def test_rule_set_chosen_in_the_settings_is_remembered(tmp_path: Path) -> None:
    """'A match is played under a named rule set, chosen ... and remembered in
    the settings': F2 → Rules → pub with Schieberamsch; the next match plays it."""
    path = tmp_path / "settings.json"
    app = make_app()
    app.settings_path = path
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        assert isinstance(app.screen, SettingsScreen)
        assert "Rules" in screen_text(app) and "Tournament (ISkO)" in screen_text(app)
        app.screen.query_one("#set-rules", Select).value = "pub-schiebe"
        await pilot.press("ctrl+s")
        await settle(pilot)
        saved, _ = load_settings(path)
        assert (saved.rules, saved.rule_switches) == ("pub", {"ramsch": "schieberamsch"})
        assert saved.rule_set.ramsch == Ramsch.SCHIEBERAMSCH
        assert app.new_controller().match.rules == saved.rule_set
