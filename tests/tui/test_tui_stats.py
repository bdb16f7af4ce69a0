"""The Statistics screen from the start screen (t), at 80×24: the figures,
the filters (kind, player, dates), the tabs and charts, a hostile player name
shown literally, an empty history, a damaged line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, Select, TabbedContent

from skat_tui.app import SkatApp
from skat_tui.screens.start import StartScreen
from skat_tui.screens.stats import StatsScreen, plain
from stats_history import MALLORY, write_history

from .helpers import open_from_start, start_app, wait


def shown(app: SkatApp) -> str:
    """The screen on top, as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def done(pilot: Pilot[Any]) -> None:
    """The screen's worker has counted and the screen shows it."""
    await wait(pilot)
    await pilot.app.workers.wait_for_complete()
    await wait(pilot)


async def open_stats(pilot: Pilot[Any]) -> StatsScreen:
    return await open_from_start(pilot, "t", StatsScreen, done)


async def press(pilot: Pilot[Any], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await done(pilot)


async def test_figures_filters_and_charts(tmp_path: Path) -> None:
    write_history(tmp_path)
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        stats = await open_stats(pilot)
        assert stats.storage is app.storage
        text = shown(app)
        assert "10 deals (1 passed in) · +21.5 per deal (Seeger-Fabian)" in text
        assert "Defence won 1 of 3 (33%) · lost overbid 1 of 6" in text
        rows = {line.split()[0]: line.split()[1:] for line in text.splitlines()
                if line.split()}
        assert rows["Clubs"] == ["2", "2", "0", "100%", "36.0"]
        assert rows["all"] == ["6", "4", "2", "67%", "41.5"]
        assert "1 older deal does not say who sat where" in text
        assert "k Kind" in text and "p Player" in text  # the footer tells the keys

        await press(pilot, "s")  # the standard list
        assert "+7.5 per deal (standard)" in shown(app)
        await press(pilot, "s")

        await press(pilot, "k")  # every kind → daily
        kind = stats.query_one("#stats-kind", Select)
        assert kind.value == "daily"
        assert "2 deals (0 passed in) · +30.0 per deal" in shown(app)
        await press(pilot, "k")  # hotseat
        assert kind.value == "hotseat" and "2 deals (0 passed in) · +37.0" in shown(app)
        await press(pilot, "k", "k", "k")  # random, seeded, back to every kind
        assert kind.value == "*" and "10 deals" in shown(app)

        # Players: You, Anna, then the hostile name, shown as it is.
        await press(pilot, "p", "p", "p")
        assert stats.filters.player == MALLORY
        text = shown(app)
        assert f"Statistics of {MALLORY} · 10 deals" in text  # literally
        assert "1 deal (0 passed in) · +0.0 per deal" in text
        assert "Defence won 0 of 1" in text
        await press(pilot, "5")  # the match chart: Mallory's match, the name in the legend
        assert stats.query_one(TabbedContent).active == "match"
        text = shown(app)
        assert "Match 1 of 1" in text and "hotseat, random" in text
        assert MALLORY in text and "Anna" in text
        await press(pilot, "p")  # every human seat again
        assert stats.filters.player is None

        await press(pilot, "2")  # by level faced
        text = shown(app)
        levels = {line.split()[0]: line.split()[1:3] for line in text.splitlines()
                  if line.split() and line.split()[0] in ("easy", "normal", "strong")}
        assert levels == {"easy": ["3", "-19.0"], "normal": ["7", "+38.9"],
                          "strong": ["3", "-19.0"]}
        await press(pilot, "3")  # dailies and days
        text = shown(app)
        assert "2026-11-29    scored       2             +60" in text
        assert "2026-11-25       3    -57     -19.0" in text
        await press(pilot, "4")
        text = shown(app)
        assert "Points per deal by day (Seeger-Fabian)" in text and "11-20" in text
        await press(pilot, "6")
        assert "Soloist's card points, suit and grand: 4 of 5 reached 61" in shown(app)
        await press(pilot, "5")
        assert "Match 4 of 4 · 2026-11-30" in shown(app)
        await press(pilot, "left_square_bracket")
        assert "Match 3 of 4 · 2026-11-29 · daily" in shown(app)
        await press(pilot, "right_square_bracket", "right_square_bracket")
        assert "Match 1 of 4 · 2026-11-20 · random" in shown(app)

        # Dates typed in the fields; a wrong one is marked and changes nothing.
        await pilot.click("#stats-from")
        await press(pilot, *"2026-11-21")
        await pilot.click("#stats-to")
        await press(pilot, *"2026-11-2x")
        to = stats.query_one("#stats-to", Input)
        assert to.has_class("-invalid")
        assert stats.filters.end is None
        await press(pilot, "backspace", "9", "enter")
        assert not to.has_class("-invalid")
        await press(pilot, "1")
        assert "5 deals (0 passed in) · +0.6 per deal" in shown(app)  # B -57, C +60
        assert "2026-11-20" not in shown(app)

        await press(pilot, "escape")
        assert isinstance(app.screen, StartScreen)


async def test_a_hostile_name_everywhere_on_the_screen_is_text(tmp_path: Path) -> None:
    write_history(tmp_path)
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        stats = await open_stats(pilot)
        player = stats.query_one("#stats-player", Select)
        await pilot.click("#stats-player")
        await wait(pilot)
        text = shown(app)
        assert MALLORY in text and "Anna" in text  # the open list of players
        await press(pilot, "escape")
        assert player.value == "*"
    assert plain("Eve\x1b]0;owned\x07") == "Eve\ufffd]0;owned\ufffd"


async def test_an_empty_history_says_so(tmp_path: Path) -> None:
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        stats = await open_stats(pilot)
        text = shown(app)
        assert "No finished deals yet" in text
        assert "Play a match and your statistics appear here" in text
        assert not stats.query_one("#stats-tabs").display
        assert stats.check_action("next_kind", ()) is None  # greyed out: nothing to filter
        assert stats.check_action("match", (1,)) is None
        await press(pilot, "k", "4")
        assert "No finished deals yet" in shown(app)
        await press(pilot, "escape")
        assert isinstance(app.screen, StartScreen)


async def test_a_damaged_line_is_named_and_the_rest_counted(tmp_path: Path) -> None:
    write_history(tmp_path, ["{torn"])
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_stats(pilot)
        text = shown(app)
        assert "10 deals (1 passed in)" in text
        assert "line 11" in text and "⚠" in text


async def test_reload_picks_up_new_deals(tmp_path: Path) -> None:
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        stats = await open_stats(pilot)
        assert "No finished deals yet" in shown(app)
        write_history(tmp_path)
        await press(pilot, "r")
        assert stats.stats.overall.deals == 10 and "10 deals" in shown(app)
