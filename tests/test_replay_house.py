"""House-rule deals replayed and analysed (issue 12: 'A record replays under
the rules it was played with'; '`skat check` and `skat replay` work on every
rule set'): a game with Kontra and Re (also before the first card), a
Ramsch, a Schieberamsch with pushes, a Bock deal and a four-player match,
each written as a record, read back, checked and analysed."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from house_deals import (
    NAMES,
    bock,
    four_player_match,
    kontra_first_card,
    kontra_re,
    ramsch,
    schieberamsch,
)
from skat_core.analysis import RAMSCH_NOT_ANALYSED, analyse, iter_analysis, start_value, stream
from skat_core.game import GameState, Phase, restart
from skat_core.records import record_from_state, state_from_record
from skat_tui.cli import main
from skat_tui.cli_replay import load_source
from skat_tui.storage import Storage

DEALS: dict[str, Callable[[], GameState]] = {
    "kontra-re": kontra_re,
    "kontra-first-card": kontra_first_card,
    "ramsch": ramsch,
    "schieberamsch": schieberamsch,
    "bock": bock,
}


def write_records(path: Path) -> dict[str, GameState]:
    states = {name: make() for name, make in DEALS.items()}
    path.write_text("\n".join(json.dumps(record_from_state(s, NAMES, game_id=name))
                              for name, s in states.items()) + "\n")
    return states


@pytest.mark.parametrize("name", DEALS)
def test_a_record_replays_under_its_own_rules(name: str) -> None:
    """The record carries the rules, the Bock multiplier and the new actions;
    read back, every step is the engine's again."""
    state = DEALS[name]()
    record = json.loads(json.dumps(record_from_state(state, NAMES)))
    assert record["rules"]["name"] == state.rules.name
    again = state_from_record(record)
    assert again == state and again.result == state.result
    s = restart(again)
    for _, action in again.history:
        s = s.apply(action)
    assert s == state


def test_the_records_say_what_happened() -> None:
    k, first, r, sr, b = (make() for make in DEALS.values())
    assert k.result is not None and k.result.kontra == 2 and k.result.score == 4 * 60
    assert first.result is not None and first.result.kontra == 2
    kinds = [json.loads(json.dumps(record_from_state(first)))["actions"][i]["type"]
             for i in range(5, 8)]
    assert kinds == ["pass", "kontra", "kontra"]  # Bob lets it stand, Cid Kontra, Ann Re
    assert r.result is not None and r.result.ramsch is not None
    assert sr.result is not None and sr.result.ramsch is not None and sr.pushes == 2
    assert b.bock == 2 and b.result is not None and b.result.score == 2 * 60


def test_skat_check_replays_every_house_rule_deal(tmp_path: Path) -> None:
    path = tmp_path / "pub.jsonl"
    states = write_records(path)
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 0, result.output
    reports = [json.loads(line) for line in result.output.splitlines()]
    assert [r["id"] for r in reports] == list(DEALS)
    by_id = {r["id"]: r for r in reports}
    assert by_id["kontra-re"]["kontra"] == 2
    for name, state in states.items():
        assert state.result is not None
        assert by_id[name]["score"] == state.result.score, by_id[name]


def test_skat_replay_loads_every_house_rule_deal(tmp_path: Path) -> None:
    path = tmp_path / "pub.jsonl"
    states = write_records(path)
    loaded = load_source(str(path), Storage(tmp_path, sync=False))
    assert not loaded.warnings
    assert [g.state for g in loaded.games] == list(states.values())
    (game,) = load_source(str(path), Storage(tmp_path, sync=False), "schieberamsch").games
    assert game.state.pushes == 2 and game.state.rules.name == "schiebe"


def test_a_four_player_match_replays_from_the_history(tmp_path: Path) -> None:
    """The dealer sits out: each deal's record names the three who played,
    and each replays (and checks) under the pub rules."""
    match, records = four_player_match()
    storage = Storage(tmp_path, sync=False)
    for rec in records:
        storage.append_history(rec)
    for n, outcome in enumerate(match.outcomes, 1):
        (game,) = load_source(str(n), storage).games
        assert game.state == outcome.state
        dealer = match.config.players[outcome.dealer]
        assert dealer not in game.players and len(game.players) == 3
    path = tmp_path / "four.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 0 and len(result.output.splitlines()) == 4


@pytest.mark.parametrize("name", ["kontra-re", "kontra-first-card", "bock"])
def test_analysis_of_a_game_counts_kontra_and_bock(name: str) -> None:
    """A game with Kontra and Re, or in a Bock deal, is analysed as any game;
    its verdicts are scored with the doubling and the Bock multiplier."""
    state = DEALS[name]()
    a = analyse(state)
    assert a.complete and len(a.cards) == 30 and a.not_analysed is None
    assert a.actual is not None and state.result is not None
    assert a.verdict(a.actual).score == state.result.score


@pytest.mark.parametrize("name", ["ramsch", "schieberamsch"])
def test_a_ramsch_is_not_analysed_and_says_why(name: str) -> None:
    """'Ramsch has no soloist: the analysis must say what it does there rather
    than crash': nothing is solved, and the reason is given."""
    state = DEALS[name]()
    a = analyse(state)
    assert a.complete and a.cards == () and a.start is None and not a.played_game
    assert a.not_analysed == RAMSCH_NOT_ANALYSED and "no soloist" in RAMSCH_NOT_ANALYSED
    assert list(iter_analysis(state)) == [] and start_value(state) is None
    out = io.StringIO()
    stream(record_from_state(state), out)
    (line,) = out.getvalue().splitlines()
    assert json.loads(line) == {"done": True, "start": None, "skipped": RAMSCH_NOT_ANALYSED}


def test_kontra_before_the_first_card_leaves_the_positions_to_analyse() -> None:
    """The question before the first card is no position to solve: the
    positions are the 30 cards, the first one after the answers."""
    state = kontra_first_card()
    a = analyse(state)
    assert a.cards[0].step == 8 and a.cards[0].trick == 1
    assert restart(state).phase == Phase.BIDDING
