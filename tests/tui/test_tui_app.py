"""The app around the table: terminal size, quitting, help, the human's seat,
and bots that think off the UI thread."""

from __future__ import annotations

import threading

from skat_core.bots import Bot, RandomBot
from skat_core.cards import cards_of
from skat_core.game import Action, Bid, Declare, Hold, Pass, Phase
from skat_core.rules import GameType
from skat_core.views import SeatView
from skat_tui.deck import DeckStyle, card_text
from skat_tui.screens import HelpScreen, QuitScreen, TableScreen, TooSmallScreen

from .helpers import make_app, passing_bots, random_bots, screen_text, settle, table, view


async def test_too_small_terminal_shows_a_notice_and_recovers() -> None:
    app = make_app(factory=random_bots)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "enlarge the terminal to 80×24" in screen_text(app)
        assert table(app).controller.paused
        await pilot.resize_terminal(100, 23)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert not table(app).controller.paused
        await settle(pilot)
        assert view(app).legal  # the game went on to the human's turn


async def test_starting_in_a_small_terminal() -> None:
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "It is 60×20 now" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_quit_asks_in_the_middle_of_a_deal() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        assert app.return_code is None
        await pilot.press("n")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("q")  # q again: yes, quit
        await pilot.pause()
        assert app.return_code == 0


async def test_quit_between_deals_needs_no_question() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")  # everybody passes: the deal is over
        await settle(pilot)
        await pilot.press("enter")  # to the score sheet
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0


async def test_help_lists_keys_and_rules() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "pick up the skat" in text and "Rules in brief" in text
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


async def test_the_human_can_sit_at_any_place() -> None:
    app = make_app(viewer=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        controller = table(app).controller
        assert controller.is_human(1) and not controller.is_human(0)
        assert controller.players[1].name == "You"
        v = view(app)
        assert v.seat == controller.seat_of(1)
        # the player after the human sits on the left, the one before on the right
        left = app.screen.query_one("#opp-left").border_title
        right = app.screen.query_one("#opp-right").border_title
        assert str(left).startswith(controller.players[2].name)
        assert str(right).startswith(controller.players[0].name)


class SlowBot(RandomBot):
    """Thinks until the test lets it answer, and notes the thread it thinks in
    (an event, not a sleep: a loaded machine cannot make it answer early)."""

    threads: list[int] = []  # noqa: RUF012
    release = threading.Event()

    def choose(self, view: SeatView) -> Action:
        SlowBot.threads.append(threading.get_ident())
        SlowBot.release.wait(timeout=60)
        return Pass() if Pass() in view.legal else super().choose(view)


def slow_bots(level: str, seed: int | str = 0) -> Bot:
    return SlowBot(seed)


async def test_the_app_answers_while_a_bot_thinks() -> None:
    SlowBot.threads.clear()
    SlowBot.release.clear()
    app = make_app(factory=slow_bots)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        controller = table(app).controller
        # middlehand, a bot, speaks first; on a loaded machine its worker may
        # take a few frames to start (a bounded wait, not a timing assertion)
        for _ in range(500):
            if controller.thinking is not None:
                break
            await pilot.pause(0.02)
        assert controller.thinking is not None
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        # the key was handled while the bot still thinks: the UI is not blocked
        assert controller.thinking is not None
        assert controller.match.current is not None
        assert controller.match.current.history == ()  # still thinking
        SlowBot.release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        # the decision waits while the help is open, and comes after it closes
        assert controller.match.current.history == ()
        await pilot.press("escape")
        await settle(pilot)
        assert len(controller.match.current.history) >= 1
        assert SlowBot.threads and threading.get_ident() not in SlowBot.threads


async def test_hooks_run_after_every_action_and_deal() -> None:
    app = make_app(factory=passing_bots)
    actions: list[tuple[int, Action]] = []
    deals: list[int] = []
    async with app.run_test(size=(80, 24)) as pilot:
        controller = table(app).controller
        controller.on_action.append(lambda c, player, action: actions.append((player, action)))
        controller.on_deal_end.append(lambda c, outcome: deals.append(outcome.number))
        await settle(pilot)
        await pilot.press("p")  # the human passes too
        await settle(pilot)
        # middlehand passed before the hooks were added; rearhand and forehand after
        assert [a for _, a in actions] == [Pass(), Pass()]
        assert actions[0][0] == 0  # the human (player 0) at rearhand
        assert deals == [0]


class OuvertBot(RandomBot):
    """Forehand holds 18 and plays grand ouvert; everybody else passes."""

    def choose(self, view: SeatView) -> Action:
        if view.phase == Phase.BIDDING:
            if Hold() in view.legal:
                return Hold()
            if view.bid == 0 and view.seat == 1:
                return Bid(18)
            return Pass()
        if view.phase == Phase.SKAT:
            return Declare(GameType.GRAND, hand=True, ouvert=True)
        return super().choose(view)


def ouvert_bots(level: str, seed: int | str = 0) -> Bot:
    return OuvertBot(seed)


async def test_an_ouvert_soloist_shows_the_cards() -> None:
    app = make_app(factory=ouvert_bots)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        v = view(app)
        assert v.contract is not None and v.contract.ouvert and v.open_cards
        text = screen_text(app)
        assert "SOLOIST" in text
        for card in cards_of(v.open_cards):
            assert card_text(card, DeckStyle.FOUR_COLOUR) in text


async def test_show_match_puts_any_match_on_the_table() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = table(app).controller
        other = app.new_controller()
        app.show_match(other)
        await settle(pilot)
        assert table(app).controller is other and other is not first
        assert len(app.screen_stack) == 2


async def test_holding_a_bid_made_to_you() -> None:
    app = make_app(factory=ouvert_bots, viewer=1)  # the human is forehand in deal 1
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        v = view(app)
        assert v.seat == 0 and Hold() in v.legal
        assert "bids 18 to you" in screen_text(app)
        assert table(app).check_action("bid", ()) is None  # Bid greyed: only yes or pass
        await pilot.press("y")
        await settle(pilot)
        v = view(app)
        assert v.soloist == 0 and v.bid == 18 and v.phase == Phase.SKAT
