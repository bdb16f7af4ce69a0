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
    Kontra,
    Pass,
    Phase,
    Play,
)
from skat_core.rules import GameType
from skat_core.ruleset import PUB, Ramsch
from skat_core.views import SeatView
from skat_tui.screens import DealResultScreen
from skat_tui.screens.newmatch import BotMatchScreen
from skat_tui.screens.settings_screen import SettingsScreen
from skat_tui.screens.start import StartScreen
from skat_tui.screens.table import TableScreen
from skat_tui.settings import load_settings
from skat_tui.widgets import HandView

from .helpers import PassingBot, make_app, screen_text, settle, start_app, table, view, wait


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


async def test_kontra_before_the_first_card_by_keys() -> None:
    """'Until when: ... or before the first card at all': the human defender
    (rearhand) is asked before forehand leads; k says Kontra."""
    app = make_app(factory=lambda level, seed=0: GrandBot(seed), rules="pub",
                   rule_switches={"kontra_first_card": True})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")  # the human passes; middlehand plays grand hand
        await settle(pilot)
        v = view(app)
        # forehand (a bot) let it stand; now the human is asked, no card is played yet
        assert v.phase == Phase.KONTRA and v.to_move == v.seat and not v.plays
        text = screen_text(app)
        assert "Before the first card: k says Kontra, p or Enter lets the game stand." in text
        assert "says no Kontra." in text
        await pilot.press("1")  # no card may be played now: nothing happens
        assert view(app).phase == Phase.KONTRA and not view(app).plays
        await pilot.press("k")
        await settle(pilot)
        v = view(app)
        assert v.kontra == 1 and v.phase >= Phase.PLAYING
        while view(app).phase in (Phase.PLAYING, Phase.KONTRA):
            await pilot.press("enter")
            await settle(pilot)
        assert table(app).controller.match.outcomes[0].result.kontra == 1


async def test_kontra_before_the_first_card_let_stand_by_p() -> None:
    app = make_app(factory=lambda level, seed=0: GrandBot(seed), rules="pub",
                   rule_switches={"kontra_first_card": True})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert view(app).phase == Phase.KONTRA
        await pilot.press("enter")  # Enter lets the game stand, as p does
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.PLAYING and v.kontra == 0
        assert "You say no Kontra." in screen_text(app)
        assert not any(isinstance(a, Kontra) for a in v.legal)  # too late from now on


async def test_new_match_dialog_chooses_the_rules_by_keys(tmp_path: Path) -> None:
    """'A match is played under a named rule set, chosen in the new-match ...
    dialog ... and remembered in the settings': n, then the rules list and
    the deals by keys; the match plays them and the settings keep them."""
    path = tmp_path / "settings.json"
    app = start_app(tmp_path)
    app.settings_path = path
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        await pilot.press("n")
        await wait(pilot)
        assert isinstance(app.screen, BotMatchScreen)
        assert "Tournament (ISkO)" in screen_text(app)
        await pilot.press("shift+tab", "shift+tab")  # from Start back to Rules
        await pilot.press("enter", "down", "down", "enter")  # Pub, Kontra before the first card
        await pilot.press("tab", "enter", "up", "enter")  # Deals: 9 → 6
        await wait(pilot)
        assert app.screen.query_one("#rules", Select).value == "pub-first-card"
        assert app.screen.query_one("#deals", Select).value == 6
        await pilot.press("tab", "enter")  # Start
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        match = table(app).controller.match
        assert match.rules == PUB.with_switches(kontra_first_card=True)
        assert match.config.deals == 6
        saved, _ = load_settings(path)
        assert (saved.rules, saved.rule_switches, saved.deals) == (
            "pub", {"kontra_first_card": True}, 6)
        # The next time the dialog offers what was chosen; Esc starts nothing.
        app.action_menu()
        await wait(pilot)
        await pilot.press("n", "y")  # give the saved match up
        await wait(pilot)
        assert isinstance(app.screen, BotMatchScreen)
        assert app.screen.query_one("#rules", Select).value == "pub-first-card"
        await pilot.press("escape")
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)


class SchneiderGrandBot(GrandBot):
    """A grand hand with schneider announced (the longest name of a game)."""

    def choose(self, view: SeatView) -> Action:
        announced = Declare(GameType.GRAND, hand=True, schneider=True)
        if announced in view.legal:
            return announced
        return super().choose(view)


async def test_kontra_stays_on_the_top_bar_with_a_long_name_at_80_columns() -> None:
    """A long name must not push the game and Kontra off the top bar: the
    game is named short, then the dealer is left out."""
    app = make_app(factory=lambda level, seed=0: SchneiderGrandBot(seed), rules="pub",
                   player_name="Maximilianus")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")  # middlehand plays grand hand
        await settle(pilot)
        await pilot.press("k")
        await settle(pilot)
        assert view(app).kontra == 1
        line = app.screen.query_one("#topbar")
        bar = str(line.render())
        assert bar.rstrip().endswith("Kontra"), bar
        assert len(bar.rstrip()) <= line.size.width, bar  # nothing cut off
        assert "soloist" in bar and "Deal 1 of" in bar
