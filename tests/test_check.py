"""`skat check FILE...`: one JSON line per game, errors reported and the run going on,
exit code 1 if anything was wrong."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from skat_core.deal import random_deal
from skat_core.game import GameState, Phase, new_game
from skat_core.records import dumps, record_from_state, save_records, to_iss
from skat_core.records.check import check_files
from skat_tui.cli import main

# Real ISS records, kept in the repository (see tests/data/reference/README.md).
ISS_FILE = Path(__file__).resolve().parent / "data" / "reference" / "iss_records.sgf"
KEYS = [
    "id", "soloist", "game", "hand", "schneider_announced", "schwarz_announced", "ouvert",
    "bid", "matadors", "soloist_points", "soloist_tricks", "won", "overbid", "score",
]


def run(*paths: Path | str) -> tuple[int, list[dict[str, Any]]]:
    result = CliRunner().invoke(main, ["check", *map(str, paths)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, [json.loads(line) for line in result.output.splitlines()]


def played_game(seed: int) -> GameState:
    """A random deal played out with legal actions (no claims or leaving)."""
    rng = random.Random(seed)
    state = new_game(random_deal(rng))
    while not state.is_over:
        options = state.legal_actions()
        if state.phase == Phase.BIDDING:
            action = options[1] if len(options) > 1 and rng.random() < 0.5 else options[0]
        else:
            action = rng.choice(options)
        state = state.apply(action)
    return state


def test_real_iss_file() -> None:
    code, reports = run(ISS_FILE)
    assert code == 0
    assert len(reports) == 16
    assert [r["id"] for r in reports][:3] == ["541932", "684159", "727"]
    for r in reports:
        assert list(r)[: len(KEYS)] == KEYS and "error" not in r
    by_id = {r["id"]: r for r in reports}
    assert by_id["541932"] == {
        "id": "541932", "soloist": 2, "game": "D", "hand": False,
        "schneider_announced": False, "schwarz_announced": False, "ouvert": False,
        "bid": 18, "matadors": -2, "soloist_points": 59, "soloist_tricks": 4, "won": False,
        "overbid": False, "score": -54,
    }
    assert by_id["727"]["ouvert"] and by_id["727"]["score"] == 192
    passed = by_id["756788"]
    assert passed["soloist"] is None and passed["game"] is None and passed["score"] == 0
    penalty = by_id["30"]
    assert penalty["soloist"] is None and penalty["score"] == 0
    assert penalty["note"] == "aborted: rearhand left the table during bidding (ISS penalty)"


def test_broken_iss_game_among_good_ones(tmp_path: Path) -> None:
    lines = ISS_FILE.read_text().splitlines()[:3]
    # Game 684159: middlehand answers the diamond lead with SA while holding DA and D7.
    lines[1] = lines[1].replace("0 DK 1 DA 2 D8", "0 DK 1 SA 2 D8")
    path = tmp_path / "three.sgf"
    path.write_text("\n".join(lines) + "\n")
    code, reports = run(path)
    assert code == 1
    assert [r["id"] for r in reports] == ["541932", "684159", "727"]
    assert "error" not in reports[0] and "error" not in reports[2]
    error = reports[1]["error"]
    assert set(reports[1]) == {"id", "error"}
    assert "line 2" in error and "MV[18]" in error and "'1 SA'" in error
    assert "follow suit" in error


def test_json_files_of_each_kind(tmp_path: Path) -> None:
    games = [played_game(n) for n in range(4)]
    records = [record_from_state(g, game_id=f"g{n}") for n, g in enumerate(games)]
    single = tmp_path / "one.json"
    single.write_text(dumps(records[0]))
    array = tmp_path / "many.json"
    array.write_text(json.dumps(records[1:3], indent=2))
    lines = tmp_path / "games.jsonl"
    save_records(lines, records)
    code, reports = run(single, array, lines)
    assert code == 0
    assert [r["id"] for r in reports] == ["g0", "g1", "g2", "g0", "g1", "g2", "g3"]
    for report, game in zip(reports, [*games[:3], *games], strict=True):
        assert game.result is not None and report["score"] == game.result.score


def test_broken_json_game_among_good_ones(tmp_path: Path) -> None:
    records = [record_from_state(played_game(n)) for n in range(3)]
    play = next(a for a in records[1]["actions"] if a["type"] == "play")
    play["card"] = "XX"
    path = tmp_path / "games.json"
    path.write_text(json.dumps(records, indent=2))
    code, reports = run(path)
    assert code == 1 and len(reports) == 3
    assert "error" not in reports[0] and "error" not in reports[2]
    assert reports[1]["id"].startswith(f"{path}:")  # no id in the record: file:line
    line = int(reports[1]["error"].split("line ")[1].split(",")[0])
    assert '"XX"' in path.read_text().splitlines()[line - 1]
    assert ".card" in reports[1]["error"]


def test_corrupt_json_line_is_reported_and_the_rest_checked(tmp_path: Path) -> None:
    records = [record_from_state(played_game(n), game_id=f"g{n}") for n in range(3)]
    path = tmp_path / "games.jsonl"
    save_records(path, records)
    lines = path.read_text().splitlines()
    lines[2] = lines[2][:30]
    path.write_text("\n".join(lines) + "\n")
    code, reports = run(path)
    assert code == 1
    assert [("error" in r) for r in reports] == [False, False, True]
    assert reports[2]["id"] == f"{path}:3" and "line 3" in reports[2]["error"]


def test_a_bug_in_a_reader_is_reported_as_an_internal_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader that fails with anything but a RecordError is a bug: the game
    gets an 'internal error' line naming the record's line, no traceback,
    and the other games are still checked."""
    from skat_core.records import check

    games = [played_game(n) for n in range(2)]
    iss = tmp_path / "ours.sgf"
    iss.write_text("".join(to_iss(g, ("a", "b", "c"), game_id=str(n)) + "\n"
                           for n, g in enumerate(games)))
    js = tmp_path / "games.jsonl"
    save_records(js, [record_from_state(g, game_id=f"g{n}") for n, g in enumerate(games)])
    read_iss, from_record = check.read_iss, check.state_from_record

    def failing_iss(line: str, number: int) -> Any:
        if number == 1:
            raise KeyError("bug")
        return read_iss(line, number)

    def failing_json(record: Any, **options: Any) -> GameState:
        if record.get("id") == "g0":
            raise KeyError("bug")
        return from_record(record, **options)

    monkeypatch.setattr(check, "read_iss", failing_iss)
    monkeypatch.setattr(check, "state_from_record", failing_json)
    out = io.StringIO()
    assert check_files([str(iss), str(js)], out) == 1
    reports = [json.loads(line) for line in out.getvalue().splitlines()]
    assert reports[0] == {"id": "0", "error": f"{iss}: line 1: internal error: KeyError('bug')"}
    assert reports[2] == {"id": "g0", "error": f"{js}: line 1: internal error: KeyError('bug')"}
    assert "error" not in reports[1] and "error" not in reports[3]


def test_iss_written_by_us_checks(tmp_path: Path) -> None:
    games = [played_game(n) for n in range(5)]
    path = tmp_path / "ours.sgf"
    path.write_text("".join(to_iss(g, ("a", "b", "c"), game_id=str(n)) + "\n"
                            for n, g in enumerate(games)))
    code, reports = run(path)
    assert code == 0 and [r["id"] for r in reports] == ["0", "1", "2", "3", "4"]


def test_unreadable_files(tmp_path: Path) -> None:
    missing = tmp_path / "nope.sgf"
    binary = tmp_path / "bin.json"
    binary.write_bytes(b'{"a":\n\xff\xfe}')
    empty = tmp_path / "empty.json"
    empty.write_text("  \n")
    other = tmp_path / "notes.txt"
    other.write_text("\nhello\n")
    good = tmp_path / "good.json"
    good.write_text(dumps(record_from_state(played_game(1), game_id="ok")))
    code, reports = run(missing, binary, empty, other, good)
    assert code == 1
    assert reports[0]["id"] == str(missing) and "cannot read" in reports[0]["error"]
    assert "line 2" in reports[1]["error"] and "UTF-8" in reports[1]["error"]
    assert "no game records" in reports[2]["error"]
    assert "line 2" in reports[3]["error"]
    assert reports[4]["id"] == "ok" and "error" not in reports[4]


def test_check_files_writes_to_the_stream(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text(dumps(record_from_state(played_game(2), game_id="x")))
    out = io.StringIO()
    assert check_files([str(path)], out) == 0
    assert json.loads(out.getvalue())["id"] == "x"
