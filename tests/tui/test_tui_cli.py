"""``skat`` and ``skat play``: options reach the app, bad options give a short
usage error and no traceback."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

import skat_tui.app
from skat_core import __version__
from skat_core.match import Scoring
from skat_tui.app import SkatApp, run_app
from skat_tui.cli import main

from .helpers import random_bots


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Record the calls of run_app instead of opening the app."""
    calls: list[dict[str, Any]] = []
    def run_app(*start: str, **kw: Any) -> None:
        calls.append({"start": start[0], **kw} if start else kw)

    monkeypatch.setattr(skat_tui.app, "run_app", run_app)
    return calls


def test_skat_alone_opens_the_game(runs: list[dict[str, Any]]) -> None:
    result = CliRunner().invoke(main, [])
    assert result.exit_code == 0, result.output
    assert runs == [{}]


def test_version() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert __version__ in result.output


def test_play_passes_its_options(runs: list[dict[str, Any]]) -> None:
    args = ["play", "--seed", "42", "--deals", "6", "--level", "easy", "--scoring", "standard"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert runs == [
        {"start": "match", "seed": "42", "deals": 6, "level": "easy", "scoring": "standard"}
    ]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["play", "--deals", "4"], "multiple of 3"),
        (["play", "--deals", "0"], "multiple of 3"),
        (["play", "--deals", "many"], "not a valid integer"),
        (["play", "--level", "expert"], "expert"),
        (["play", "--scoring", "ISS"], "ISS"),
        (["play", "--colour", "red"], "No such option"),
    ],
)
def test_bad_options_give_a_usage_error(
    args: list[str], says: str, runs: list[dict[str, Any]]
) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert says in result.output
    assert "Usage:" in result.output
    assert "Traceback" not in result.output
    assert runs == []


def test_run_app_puts_options_over_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[SkatApp] = []
    monkeypatch.setattr(SkatApp, "run", lambda self, *a, **k: started.append(self))
    run_app(seed="7", deals=3, level="strong", scoring="standard")
    (app,) = started
    assert app.seed == "7"
    assert app.settings.deals == 3
    assert app.settings.bot_levels == ("strong", "strong")
    assert app.settings.scoring == "standard"
    app.bot_factory = random_bots  # the match is checked, not the bots
    controller = app.new_controller()
    assert controller.match.config.deals == 3
    assert controller.match.config.scoring == Scoring.STANDARD
    assert controller.match.config.seed == "7"
    assert [p.level for p in controller.players] == [None, "strong", "strong"]
