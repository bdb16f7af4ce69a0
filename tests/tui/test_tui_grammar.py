"""Sentences outside the log: no "You" with a third-person verb and no
count with a fixed plural, anywhere a player looks during a deal (the top
bar, the status lines, the opponents, the result, the score sheet, the
replay and its action list)."""

from __future__ import annotations

import re
from typing import Any

from textual.pilot import Pilot

from skat_core.game import Phase
from skat_tui.app import SkatApp
from skat_tui.screens import ScoreSheetScreen
from skat_tui.screens.replay import ReplayGame, ReplayScreen, action_words, log_entry

from .helpers import make_app, screen_text, settle, table, view

GLUED = re.compile(
    r"\bYou (plays|picks|bids|passes|says|puts|declares|leads|shows|claims|gives|concedes|"
    r"is|has|wins|deals|sits|takes|agrees|accepts|pushes)\b"
)
FIXED_PLURAL = re.compile(r"(?<![\d.,])1 (cards|tricks|deals|games|points|chances)\b")


def bad(text: str) -> list[str]:
    return [line for line in text.splitlines() if GLUED.search(line) or FIXED_PLURAL.search(line)]


def test_the_checks_catch_the_old_wording() -> None:
    assert bad("You plays A♦") and bad("Step 3: You picks up the skat")
    assert bad("1 cards to go…") and bad("▮ 1 cards · tricks 2")
    assert not bad("You play A♦") and not bad("11 cards") and not bad("1 card · 21 cards")


async def look(pilot: Pilot[Any], app: SkatApp, seen: list[str]) -> None:
    await settle(pilot)
    seen.append(screen_text(app))


async def test_a_deal_as_soloist_and_its_replay_say_you_in_whole_sentences() -> None:
    app = make_app()  # the player's name is "You", as it is by default
    seen: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await look(pilot, app, seen)
        for key in ("b", "u", "1", "2", "d", "g"):
            await pilot.press(key)
            await look(pilot, app, seen)
        while view(app).phase == Phase.PLAYING:
            await pilot.press("enter")
            await look(pilot, app, seen)
        await pilot.press("enter")  # the result → the score sheet
        await look(pilot, app, seen)
        assert isinstance(app.screen, ScoreSheetScreen)
        m = table(app).controller.match
        outcome = m.outcomes[-1]
        players = tuple(m.config.players[p] for p in outcome.seats)
        human = outcome.seats.index(0)
        game = ReplayGame(outcome.state, (players[0], players[1], players[2]), "test",
                          human=human)
        await app.push_screen(ReplayScreen(game))
        await look(pilot, app, seen)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        for _ in range(replay.last):
            await pilot.press("right")
            await look(pilot, app, seen)
        # the action list, every line of it
        seen.extend(replay._log_lines())
    text = "\n".join(seen)
    assert "You pick up the skat" in text  # the replay's status line said it
    assert "You lead" in text or "You play" in text
    assert not bad(text), bad(text)[:5]


def test_the_replay_sentences_have_a_form_for_you() -> None:
    from skat_core.deal import deal_from_seed
    from skat_core.game import PickUpSkat, new_game
    from skat_tui.deck import DeckStyle

    state = new_game(deal_from_seed("grammar"))
    names = ("You", "Lena", "Rolf")
    pick = action_words(state, 0, PickUpSkat(), names, DeckStyle.FOUR_COLOUR, you=True)
    assert pick.plain == "You pick up the skat"
    assert action_words(state, 1, PickUpSkat(), names, DeckStyle.FOUR_COLOUR
                        ).plain == "Lena picks up the skat"
    short = ("You   ", "Lena  ", "Rolf  ")
    assert log_entry(state, state, 0, PickUpSkat(), short, DeckStyle.FOUR_COLOUR,
                     you=True).rstrip() == "You    pick up"
    assert log_entry(state, state, 1, PickUpSkat(), short, DeckStyle.FOUR_COLOUR
                     ).rstrip() == "Lena   picks up"
