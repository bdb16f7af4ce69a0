"""Snapshots of the screens a player sees, at 80×24 (Textual pinned to 8.2.8).

Fixed seed and names, bots without delay, nothing on screen that depends on
the clock.  Update with ``pytest tests/tui --snapshot-update`` after checking
the new pictures.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from textual.pilot import Pilot

from .helpers import make_app, settle

Steps = Callable[[Pilot[Any]], Awaitable[None]]


def keys(*pressed: str) -> Steps:
    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        for key in pressed:
            await pilot.press(key)
            await settle(pilot)

    return run


TO_DECLARE = ("b", "u", "1", "3", "d")
TO_PLAY = (*TO_DECLARE, "g", "enter")
TO_RESULT = (*TO_DECLARE, "g", *["enter"] * 10)


def test_bidding(snap_compare: Any) -> None:
    assert snap_compare(make_app(seed="snap"), run_before=keys("plus"))


def test_skat_discard(snap_compare: Any) -> None:
    assert snap_compare(make_app(seed="snap"), run_before=keys("b", "u", "1", "3"))


def test_declaration(snap_compare: Any) -> None:
    assert snap_compare(make_app(seed="snap"), run_before=keys(*TO_DECLARE))


def test_hand_declaration(snap_compare: Any) -> None:
    assert snap_compare(make_app(seed="snap"), run_before=keys("b", "h", "x"))


def test_play(snap_compare: Any) -> None:
    assert snap_compare(make_app(seed="snap"), run_before=keys(*TO_PLAY))


def test_result(snap_compare: Any) -> None:
    assert snap_compare(make_app(seed="snap"), run_before=keys(*TO_RESULT))


def test_score_sheet(snap_compare: Any) -> None:
    assert snap_compare(make_app(seed="snap"), run_before=keys(*TO_RESULT, "enter"))


def test_help(snap_compare: Any) -> None:
    assert snap_compare(make_app(seed="snap"), run_before=keys("question_mark"))


def test_too_small(snap_compare: Any) -> None:
    assert snap_compare(make_app(seed="snap"), terminal_size=(60, 20), run_before=keys())
