"""Hotseat: people sharing a keyboard never see each other's cards.

Whole deals are played by keys; after every key the screen as it is shown
(the top screen and the dialogs over it, nothing a full screen hides) is
searched for every card the person whose hand is shown may not see.  A
privacy screen must stand between the turns of two different people, and
on it no card at all may be seen."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widgets import Input, Select

from skat_core.cards import CARDS, cards_of
from skat_core.game import Bid, Hold, Phase
from skat_core.views import SeatView
from skat_tui.app import SkatApp
from skat_tui.deck import DeckStyle, card_text
from skat_tui.screens import DealResultScreen, ScoreSheetScreen, TableScreen
from skat_tui.screens.hotseat import HotseatTableScreen, PrivacyScreen
from skat_tui.screens.newmatch import NewMatchScreen, parse_players

from .helpers import passing_bots, settle
from .test_tui_match import DECLARE_KEYS, k_letter
from .test_tui_start import start_app

ALL_CARDS = [card_text(c, DeckStyle.FOUR_COLOUR) for c in CARDS]


def visible_text(app: SkatApp) -> str:
    """What is on the terminal: the top screen and, under dialogs, the
    screen they float over (a full screen hides everything below it)."""
    stack = app.screen_stack
    first = len(stack) - 1
    while first > 0 and isinstance(stack[first], ModalScreen):
        first -= 1
    return "\n".join(
        strip.text for screen in stack[first:] for strip in screen._compositor.render_strips()
    )


def hotseat_table(app: SkatApp) -> HotseatTableScreen:
    table = app.table
    assert isinstance(table, HotseatTableScreen)
    return table


def shown_view(app: SkatApp) -> SeatView:
    table = hotseat_table(app)
    v = table.controller.view(table.viewer)
    assert v is not None
    return v


class Watcher:
    """Checks the screen after every step and remembers who was shown."""

    def __init__(self, app: SkatApp) -> None:
        self.app = app
        self.viewers: list[int] = []
        """Whose hand the table showed, one entry per change of person."""
        self.covered_since_last = False
        self.steps = 0
        self.privacy_screens = 0

    def check(self) -> None:
        app = self.app
        self.steps += 1
        text = visible_text(app)
        if isinstance(app.screen, PrivacyScreen):
            assert not [c for c in ALL_CARDS if c in text], "a card shows on the privacy screen"
            if not self.covered_since_last:
                self.privacy_screens += 1
            self.covered_since_last = True
            return
        table = hotseat_table(app)
        v = shown_view(app)
        if v.revealed is None:  # during the deal: nothing the shown seat may not see
            hidden = [card_text(c, DeckStyle.FOUR_COLOUR) for c in cards_of(v.unseen)]
            leaks = [c for c in hidden if c in text]
            assert not leaks, f"{table.controller.player_name(table.viewer)} sees {leaks}"
        if not self.viewers or self.viewers[-1] != table.viewer:
            assert self.covered_since_last, (
                f"{table.controller.player_name(table.viewer)}'s hand came up without a "
                "privacy screen"
            )
            self.viewers.append(table.viewer)
        self.covered_since_last = False


async def step(pilot: Pilot[Any], watcher: Watcher, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)
        await pilot.pause()
        watcher.check()


async def play_turn(pilot: Pilot[Any], app: SkatApp, watcher: Watcher,
                    bid_to: int = 18, game: tuple[str, ...] = ()) -> None:
    """One action of whoever is shown, by keys: bid up to ``bid_to``, hold,
    then the soloist picks up, puts back two cards and names ``game`` (keys)
    or the first game the bid allows."""
    screen = app.screen
    if isinstance(screen, PrivacyScreen | DealResultScreen | ScoreSheetScreen):
        await step(pilot, watcher, "enter")
        return
    assert isinstance(screen, TableScreen)
    table = hotseat_table(app)
    v = shown_view(app)
    assert v.to_move == v.seat, "the table waits for someone it does not show"
    if v.phase == Phase.BIDDING:
        bids = [a.value for a in v.legal if isinstance(a, Bid)]
        if bids and bids[0] <= bid_to:
            await step(pilot, watcher, "b")
        elif Hold() in v.legal:
            await step(pilot, watcher, "y")
        else:
            await step(pilot, watcher, "p")
    elif v.phase == Phase.SKAT:
        await step(pilot, watcher, "u")
    elif v.phase == Phase.DISCARD:
        await step(pilot, watcher, "1", "2", "d")
    elif v.phase == Phase.DECLARE:
        if game:
            await step(pilot, watcher, *game)
        else:
            key = next(k for k in DECLARE_KEYS if table.check_action("declare", (k_letter(k),)))
            await step(pilot, watcher, key)
    else:
        await step(pilot, watcher, "enter")


async def test_three_people_play_a_deal_and_never_see_each_others_cards(
    tmp_path: Path,
) -> None:
    # A null ouvert after picking up the skat, lost in the third trick: the
    # discard stays with the soloist, the open cards show to both defenders.
    app = start_app(tmp_path, start="hotseat", seed="hs-2",
                    players=parse_players("Anna,Ben,Cem"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        watcher = Watcher(app)
        watcher.check()
        assert isinstance(app.screen, PrivacyScreen)  # before anybody's cards
        table = hotseat_table(app)
        c = table.controller
        # Deal 1: Anna deals; Ben is forehand, Cem middlehand and bids first.
        assert "Pass to Cem" in visible_text(app)
        open_seen = 0
        while not isinstance(app.screen, ScoreSheetScreen):
            await play_turn(pilot, app, watcher, game=("o", "n"))
            if isinstance(app.screen, TableScreen) and c.match.current is not None:
                v = shown_view(app)
                text = visible_text(app)
                # whoever is asked sees the question meant for them
                if v.phase == Phase.BIDDING and Hold() in v.legal:
                    assert f"bids {v.bid} to you" in text
                # a defender of an ouvert game sees the soloist's cards
                if v.open_cards and v.revealed is None:
                    open_seen += 1
                    for card in cards_of(v.open_cards):
                        assert card_text(card, DeckStyle.FOUR_COLOUR) in text
            assert watcher.steps < 200, "the deal does not move on"
        assert open_seen >= 2
        outcome = c.match.outcomes[0]
        # the soloist picked up and put two cards back (only they saw them)
        assert outcome.state.picked_up and outcome.result.soloist is not None
        assert outcome.result.contract is not None and outcome.result.contract.ouvert
        assert len(outcome.state.history) == 16  # bidding, skat, game, three tricks
        # every change of person had its privacy screen; the same person twice did not
        acting = [outcome.seats[seat] for seat, _ in outcome.state.history]
        changes = sum(1 for a, b in pairwise(acting) if a != b)
        assert watcher.privacy_screens == changes + 1  # + the one before the first bid
        assert len(watcher.viewers) == changes + 1
        assert set(watcher.viewers) == {0, 1, 2}

        await pilot.press("enter")  # the next deal: covered before any card is dealt out
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        assert not [card for card in ALL_CARDS if card in visible_text(app)]
        assert c.match.deal_number == 1


async def test_the_result_shows_every_hand_to_everyone(tmp_path: Path) -> None:
    app = start_app(tmp_path, start="hotseat", seed="hotseat-result",
                    players=parse_players("Anna,Ben,Cem"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        watcher = Watcher(app)
        watcher.check()
        while not isinstance(app.screen, DealResultScreen):
            await play_turn(pilot, app, watcher, bid_to=0)  # everybody passes
        text = visible_text(app)
        deal = hotseat_table(app).controller.match.outcomes[0].state.deal
        for hand in deal.hands:
            for card in cards_of(hand):
                assert card_text(card, DeckStyle.FOUR_COLOUR) in text


async def test_bots_between_two_people_and_an_ouvert_soloist(tmp_path: Path) -> None:
    # Anna deals; Rolf (a bot that never bids) is forehand, Ben middlehand.
    app = start_app(tmp_path, start="hotseat", seed="hotseat-ouvert", factory=passing_bots,
                    players=parse_players("Anna,Rolf:random,Ben"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        watcher = Watcher(app)
        watcher.check()
        table = hotseat_table(app)
        c = table.controller
        assert "Pass to Ben" in visible_text(app)
        await step(pilot, watcher, "enter", "b")  # Ben bids 18 to Rolf, who passes
        # a bot played between Ben and Anna: the table is covered again
        assert isinstance(app.screen, PrivacyScreen)
        assert "Pass to Anna" in visible_text(app)
        await step(pilot, watcher, "enter", "p")  # Anna passes: Ben plays
        assert isinstance(app.screen, PrivacyScreen)
        await step(pilot, watcher, "enter", "h", "o", "g")  # Grand ouvert hand
        v = shown_view(app)
        assert v.contract is not None and v.contract.ouvert
        assert table.viewer == 2
        # Rolf (a bot) leads; then Ben again: the same person needs no new cover
        covers = table.covers
        assert isinstance(app.screen, TableScreen)
        assert shown_view(app).to_move == shown_view(app).seat
        await step(pilot, watcher, "enter")  # Ben plays; Anna is next
        assert table.covers == covers + 1 and isinstance(app.screen, PrivacyScreen)
        await step(pilot, watcher, "enter")
        # Anna defends an ouvert game: Ben's cards are open to her
        v = shown_view(app)
        assert table.viewer == 0 and v.open_cards
        text = visible_text(app)
        for card in cards_of(v.open_cards):
            assert card_text(card, DeckStyle.FOUR_COLOUR) in text
        assert c.player_name(2) == "Ben"


async def test_a_bot_that_speaks_first_plays_behind_the_cover(tmp_path: Path) -> None:
    # Anna deals; Ben is forehand; Rolf (a bot) is middlehand and speaks first.
    app = start_app(tmp_path, start="hotseat", seed="bot-first", factory=passing_bots,
                    players=parse_players("Anna,Ben,Rolf:random"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        c = hotseat_table(app).controller
        assert c.match.current is not None and len(c.match.current.history) == 1  # Rolf passed
        assert isinstance(app.screen, PrivacyScreen)
        assert "Pass to Anna" in visible_text(app)  # rearhand bids to Ben now
        assert not [card for card in ALL_CARDS if card in visible_text(app)]


async def test_the_hotseat_dialog_starts_any_mix(tmp_path: Path) -> None:
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewMatchScreen)
        dialog.query_one("#name-0", Input).value = "Anna"
        dialog.query_one("#name-1", Input).value = "anna"
        dialog.query_one("#name-2", Input).value = "Rolf"
        dialog.query_one("#kind-2", Select).value = "easy"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewMatchScreen)  # two Annas: refused, said why
        assert "every name must differ" in visible_text(app)
        dialog.query_one("#name-1", Input).value = "Ben"
        dialog.query_one("#seed", Input).value = " Eiche "
        await pilot.press("ctrl+s")
        await settle(pilot)
        table = hotseat_table(app)
        c = table.controller
        assert c.names() == ("Anna", "Ben", "Rolf")
        assert [c.is_human(p) for p in range(3)] == [True, True, False]
        assert c.match.config.seed == "Eiche"
        assert isinstance(app.screen, PrivacyScreen)
        saved = app.storage.load_current() if app.storage else None
        assert saved is not None and saved.seats == {"Anna": "human", "Ben": "human",
                                                     "Rolf": "easy"}
        assert saved.meta["kind"] == "seeded"
        # the dialog offers the same people next time
        assert app.settings.extra["hotseat"] == [["Anna", None], ["Ben", None], ["Rolf", "easy"]]


def test_snapshot_privacy_screen(snap_compare: Any, tmp_path: Path) -> None:
    app = start_app(tmp_path, start="hotseat", seed="hotseat-snap",
                    players=parse_players("Anna,Ben,Cem"))

    async def bid(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("enter", "b")  # Cem bids 18; Ben is asked next
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=bid)


def test_snapshot_hotseat_dialog(snap_compare: Any, tmp_path: Path) -> None:
    async def open_dialog(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.press("h", "tab", "tab")  # from Anna's name to Ben's
        await pilot.pause()

    assert snap_compare(start_app(tmp_path), terminal_size=(80, 24), run_before=open_dialog)
