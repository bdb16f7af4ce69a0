"""The score area: the match's totals and, during play, the card points
each side has taken so far (a setting, on by default; never in null)."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from skat_core.match import Match
from skat_core.rules import trick_points
from skat_core.ruleset import rule_set
from skat_core.views import SeatView
from skat_tui.app import SkatApp
from skat_tui.screens.score_area import score_area
from skat_tui.screens.text import tricks_so_far
from skat_tui.widgets import Line

from .helpers import make_app, settle, table, view


def score_panel(app: SkatApp) -> str:
    shown = table(app).query_one("#score", Line)._shown
    return getattr(shown, "plain", str(shown))


async def declare(pilot: Pilot[Any], key: str) -> None:
    """Bid 18, pick up, put back cards 1 and 2, declare ``key``."""
    await settle(pilot)
    await pilot.press("b")
    await settle(pilot)
    await pilot.press("u")
    await settle(pilot)
    await pilot.press("1", "2", "d")
    await settle(pilot)
    await pilot.press(key)
    await settle(pilot)


async def play_cards(pilot: Pilot[Any], count: int) -> None:
    """Play ``count`` cards by Enter, the bots answering after each."""
    for _ in range(count):
        await pilot.press("enter")
        await settle(pilot)


def points_won(v: SeatView) -> list[int]:
    """Each seat's card points in the tricks so far, counted from the view's
    tricks (not by the score area under test)."""
    won = [0, 0, 0]
    for _leader, cards, winner in tricks_so_far(v):
        won[winner] += trick_points(cards)
    return won


async def test_card_points_of_each_side_show_during_play() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await declare(pilot, "g")
        assert "Card points" in score_panel(app)
        await play_cards(pilot, 4)
        v = view(app)
        won = points_won(v)
        assert sum(won) > 0
        lines = score_panel(app).splitlines()
        at = lines.index("Card points")
        assert lines[at + 1].split() == ["You", str(won[v.seat])]
        assert lines[at + 2].split() == ["Defenders", str(sum(won) - won[v.seat])]
        assert len(lines) <= table(app).query_one("#score").content_region.height


async def test_the_setting_hides_the_card_points() -> None:
    app = make_app(card_points=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await declare(pilot, "g")
        await play_cards(pilot, 1)
        assert "Card points" not in score_panel(app)
        assert "Defenders" not in score_panel(app)


async def test_no_card_points_in_null() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await declare(pilot, "n")
        await play_cards(pilot, 1)
        assert view(app).contract is not None
        assert "Card points" not in score_panel(app)
        assert "Defenders" not in score_panel(app)


async def test_ramsch_shows_each_players_card_points() -> None:
    app = make_app(rules="pub")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")  # everybody passes: Ramsch
        await settle(pilot)
        v = view(app)
        assert v.contract is not None and v.contract.ramsch
        await play_cards(pilot, 3)
        won = points_won(view(app))
        text = score_panel(app)
        names = table(app)._names_by_seat()
        panel = table(app).query_one("#score")
        # three totals, the pub line and three players do not fit 6 rows with
        # a heading: each figure carries its unit instead
        assert len(text.splitlines()) <= panel.content_region.height
        for seat in range(3):
            assert f"{won[seat]} pts" in text
            assert any(line.split()[:2] == [names[seat], str(won[seat])]
                       for line in text.splitlines())


def test_the_score_area_never_overruns_its_height() -> None:
    m = Match.start(("You", "Lena", "Rolf"), deals=3, seed="x", rules=rule_set("pub"))
    taken = [("You", 12), ("Lena", 30), ("Rolf", 0)]
    roomy = score_area(m, ("You", "Lena", "Rolf"), taken, height=10).text.plain.splitlines()
    assert roomy[3] == "pub" and roomy[4] == "Card points" and len(roomy) == 8
    tight = score_area(m, ("You", "Lena", "Rolf"), taken, height=6).text.plain.splitlines()
    assert len(tight) == 6 and "Card points" not in tight and tight[3].split() == [
        "You", "12", "pts"]
    sides = [("You", 12), ("Defenders", 30)]
    middle = score_area(m, ("You", "Lena", "Rolf"), sides, height=6).text.plain.splitlines()
    assert middle[3] == "Card points" and len(middle) == 6  # the pub line gave way
