"""JSON game records: exact round trips of random games, the version check, and
malformed records refused with an error naming the field and the line."""

from __future__ import annotations

import contextlib
import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from skat_core.deal import random_deal
from skat_core.errors import RecordError, Rule
from skat_core.game import (
    Claim,
    GameState,
    LeaveTable,
    Phase,
    Resign,
    new_game,
)
from skat_core.records import (
    FORMAT,
    VERSION,
    dumps,
    loads,
    parse_json_records,
    record_from_state,
    save_records,
    state_from_record,
)
from skat_core.records.jsonrec import locate_line

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ("Ann", "Bob", "Cid")


def random_game(rng: random.Random, stop_at: int | None = None) -> GameState:
    """A random legal deal, now and then with a claim, a resignation or a player
    leaving; ``stop_at`` actions at most (an unfinished deal)."""
    state = new_game(random_deal(rng))
    while not state.is_over and (stop_at is None or len(state.history) < stop_at):
        options = state.legal_actions()
        special: list[Claim | Resign | LeaveTable] = []
        if state.phase == Phase.PLAYING:
            if state.can_claim(state.soloist):
                special.append(Claim())
            special += [Resign(s) for s in range(3) if state.can_resign(s)]
        roll = rng.random()
        if roll < 0.004:
            action = LeaveTable(rng.randrange(3), timeout=rng.random() < 0.5)
        elif special and roll < 0.05:
            action = rng.choice(special)
        elif state.phase == Phase.BIDDING and roll < 0.75:
            action = options[1 if roll < 0.5 and len(options) > 1 else 0]  # raise / hold, or pass
        else:
            action = rng.choice(options)
        state = state.apply(action)
    return state


def _game(seed: int = 3) -> tuple[GameState, dict[str, Any]]:
    rng = random.Random(seed)
    while True:
        state = random_game(rng)
        if state.result is not None and state.result.soloist is not None and len(
            state.history
        ) > 20:
            return state, record_from_state(state, PLAYERS, game_id=f"g{seed}")


# --- round trips --------------------------------------------------------------------


def test_random_games_round_trip_exactly() -> None:
    rng = random.Random(7)
    kinds = set()
    for n in range(300):
        state = random_game(rng)
        assert state.result is not None
        kinds.add(state.result.conceded or state.result.aborted or "played")
        record = record_from_state(state, PLAYERS, meta={"deal": n, "dealer": "Cid"},
                                   game_id=str(n))
        for text in (dumps(record), dumps(record, one_line=True)):
            again = loads(text)
            assert again == record
            replayed = state_from_record(again)
            assert replayed == state
            assert record_from_state(replayed, PLAYERS, meta={"deal": n, "dealer": "Cid"},
                                     game_id=str(n)) == record
    assert len(kinds) >= 4  # played out, conceded, claimed, left...: the specials are covered


def test_unfinished_deal_round_trips_with_null_result() -> None:
    rng = random.Random(11)
    for stop in (0, 3, 9, 20):
        state = random_game(rng, stop_at=stop)
        record = record_from_state(state)
        assert (record["result"] is None) == (not state.is_over)
        assert state_from_record(loads(dumps(record))) == state


def test_schema_example() -> None:
    state, record = _game()
    assert record["format"] == FORMAT and record["version"] == VERSION == 1
    assert record["players"] == list(PLAYERS) and record["id"] == "g3"
    assert all(len(h.split()) == 10 for h in record["deal"]["hands"])
    assert len(record["deal"]["skat"].split()) == 2
    first = record["actions"][0]
    assert first["seat"] == 1 and first["type"] in ("bid", "pass")
    result = state.result
    assert result is not None
    assert record["result"]["score"] == result.score and record["result"]["value"] == result.value


def test_pretty_text_has_one_action_per_line() -> None:
    _, record = _game()
    text = dumps(record)
    lines = text.splitlines()
    assert sum('"type"' in ln for ln in lines) == len(record["actions"])
    assert json.loads(text) == record


def test_docs_example_is_a_valid_record() -> None:
    """docs/records.md shows a record; it must load and replay."""
    doc = (ROOT / "docs" / "records.md").read_text()
    block = re.search(r"```json\n(.*?)```", doc, re.DOTALL)
    assert block is not None
    state = state_from_record(loads(block.group(1)))
    assert state.is_over


# --- refusing records ----------------------------------------------------------------


def _error(record: Any) -> RecordError:
    with pytest.raises(RecordError) as err:
        state_from_record(record)
    return err.value


def test_newer_version_refused_with_a_clear_message() -> None:
    _, record = _game()
    record["version"] = VERSION + 1
    with pytest.raises(RecordError) as err:
        loads(json.dumps(record))
    assert err.value.field == "version"
    assert "newer" in str(err.value) and "update" in str(err.value)
    assert _error(record).field == "version"


def test_not_a_record() -> None:
    assert _error([]).field is None
    assert _error({"format": "pgn", "version": 1}).field == "format"
    assert _error({"format": FORMAT, "version": "1"}).field == "version"


def test_bad_card_names_the_field() -> None:
    _, record = _game()
    record["deal"]["hands"][1] = record["deal"]["hands"][1].replace(
        record["deal"]["hands"][1].split()[0], "XX"
    )
    err = _error(record)
    assert err.field == "deal.hands[1]" and "'XX'" in str(err)


def test_deal_with_a_card_twice() -> None:
    _, record = _game()
    record["deal"]["skat"] = " ".join(record["deal"]["hands"][0].split()[:2])
    err = _error(record)
    assert err.field == "deal" and "twice" in str(err)


def test_illegal_action_names_the_action_and_the_rule() -> None:
    _, record = _game()
    i = next(n for n, a in enumerate(record["actions"]) if a["type"] == "play")
    seat = record["actions"][i]["seat"]
    held = record["deal"]["hands"][seat].split()
    record["actions"][i]["card"] = next(
        c for h in record["deal"]["hands"] if h is not record["deal"]["hands"][seat]
        for c in h.split() if c not in held
    )
    err = _error(record)
    assert err.field == f"actions[{i}]"
    assert f"action {i} (seat {seat}" in str(err) and Rule.NOT_IN_HAND.value in str(err)


def test_wrong_seat_is_turn_order() -> None:
    _, record = _game()
    record["actions"][0]["seat"] = 0  # middlehand speaks first
    err = _error(record)
    assert err.field == "actions[0].seat" and Rule.TURN.value in str(err)


def test_unknown_fields_and_bad_values() -> None:
    _, record = _game()
    bad = copy.deepcopy(record)
    bad["actions"][0]["vlaue"] = 18
    assert _error(bad).field == "actions[0].vlaue"
    bad = copy.deepcopy(record)
    bad["actions"][0]["type"] = "double"
    assert _error(bad).field == "actions[0].type"
    bad = copy.deepcopy(record)
    bad["actions"][0]["seat"] = 3
    assert _error(bad).field == "actions[0].seat"
    bad = copy.deepcopy(record)
    bad["colour"] = "red"
    assert _error(bad).field == "colour"
    bad = copy.deepcopy(record)
    bad["players"] = ["a", "b"]
    assert _error(bad).field == "players"


def test_actions_after_the_end() -> None:
    _, record = _game()
    record["actions"].append(record["actions"][-1])
    err = _error(record)
    assert err.field == f"actions[{len(record['actions']) - 1}]"
    assert Rule.GAME_OVER.value in str(err)


def test_stored_result_must_be_the_engines() -> None:
    _, record = _game()
    record["result"]["score"] += 1
    err = _error(record)
    assert err.field == "result.score" and "engine computes" in str(err)
    _, record = _game()
    record["result"] = None
    assert _error(record).field == "result"
    _, record = _game()
    record["result"] = {"won": record["result"]["won"]}  # a partial result is checked as given
    assert state_from_record(record).is_over
    record["result"] = {"winner": 1}
    assert _error(record).field == "result.winner"


def test_errors_name_the_line_of_the_field() -> None:
    _, record = _game()
    record["actions"][12]["seat"] = (record["actions"][12]["seat"] + 1) % 3
    text = dumps(record)
    [entry] = parse_json_records(text)
    with pytest.raises(RecordError) as err:
        state_from_record(entry.record, line_of=entry.line_of)
    line = text.splitlines()[err.value.line - 1] if err.value.line else ""
    assert json.loads(line.rstrip(",")) == record["actions"][12]
    assert f"line {err.value.line}, field actions[12].seat" in str(err.value)


def test_syntax_error_names_the_line() -> None:
    _, record = _game()
    text = dumps(record)
    cut = "\n".join(text.splitlines()[:15])
    with pytest.raises(RecordError) as err:
        loads(cut)
    assert err.value.line is not None and err.value.line >= 15


def test_locate_line() -> None:
    text = '[\n {"a": [1,\n  2, {"b": "x]"}]},\n {"a": 3}\n]'
    assert locate_line(text, "[0].a[2].b") == 3
    assert locate_line(text, "[1].a") == 4
    assert locate_line(text, "[1].missing") == 4
    assert locate_line(text, "") == 1


# --- files ----------------------------------------------------------------------------


def test_json_lines_with_a_corrupt_line_keeps_the_others(tmp_path: Path) -> None:
    rng = random.Random(5)
    records = [record_from_state(random_game(rng), game_id=f"r{i}") for i in range(3)]
    path = tmp_path / "games.jsonl"
    save_records(path, records)
    lines = path.read_text().splitlines()
    lines[1] = lines[1][:40]  # a crash in the middle of writing this line
    entries = parse_json_records("\n".join(lines) + "\n")
    assert [e.error is None for e in entries] == [True, False, True]
    assert entries[1].error is not None and entries[1].error.line == 2
    assert state_from_record(entries[2].record) == state_from_record(records[2])


def test_array_of_records(tmp_path: Path) -> None:
    rng = random.Random(6)
    records = [record_from_state(random_game(rng)) for _ in range(2)]
    entries = parse_json_records(json.dumps(records, indent=1))
    assert [e.record for e in entries] == records
    assert entries[0].line == 2


def test_save_replaces_the_file_whole(tmp_path: Path) -> None:
    state, record = _game()
    path = tmp_path / "game.json"
    save_records(path, [record])
    before = path.read_text()
    assert state_from_record(loads(before)) == state
    with pytest.raises(TypeError):
        save_records(path, [{"bad": object()}])
    assert path.read_text() == before  # a failed save leaves the old file as it was
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_meta_must_be_json() -> None:
    with pytest.raises(ValueError):
        record_from_state(new_game(random_deal(random.Random(1))), meta={"x": object()})


def test_damaged_records_give_record_errors_only() -> None:
    """Whatever the damage to the structure, a RecordError, never a crash."""
    rng = random.Random(42)
    records = [record_from_state(random_game(rng)) for _ in range(8)]
    values: list[Any] = [None, True, 0, -1, 3, 2**40, 1.5, "", "CJ", "XX", "CJ CJ", "pass",
                         [], {}, [1], {"a": 1}]

    def damage(node: Any) -> None:
        """Replace, delete or damage further one field of an object or one
        item of a list."""
        if not isinstance(node, dict | list) or not node:
            return
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        roll = rng.random()
        if roll < 0.3:
            node[key] = rng.choice(values)
        elif roll < 0.4:
            del node[key]
        else:
            damage(node[key])

    for _ in range(1500):
        record = copy.deepcopy(rng.choice(records))
        for _ in range(rng.randint(1, 3)):
            damage(record)
        with contextlib.suppress(RecordError):
            state_from_record(record)
