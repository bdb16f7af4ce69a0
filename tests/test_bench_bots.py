"""``skat bench bots --out`` keeps the seat-plays and ``--read`` prints the
same figures from them, pooling files of several seeds; a damaged file is
refused with the file, line and field named, and text from the file is shown
escaped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from skat_core.benchmarks.bots import PlaysError, load, read, run
from skat_tui.cli import main


def figures(out: str) -> list[str]:
    """The lines of the report that do not depend on how it was made."""
    return [line for line in out.splitlines()
            if not line.startswith("duplicate match") and "ms" not in line
            and "decisions" not in line]


def test_saved_plays_read_back_give_the_same_figures(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "a.jsonl"
    assert run(3, "easy", "random", "save-a", workers=1, out=str(saved)) == 0
    played = capsys.readouterr().out
    rows = [json.loads(line) for line in saved.read_text().splitlines()]
    assert len(rows) == 9
    assert {(r["deal"], r["a_seat"]) for r in rows} == {(d, s) for d in range(3) for s in range(3)}
    assert {r["a"] for r in rows} == {"easy"} and {r["b"] for r in rows} == {"random"}
    assert read([str(saved)]) == 0
    again = capsys.readouterr().out
    assert figures(again) == figures(played)
    assert "A - B" in again and "'save-a'" in again and "3 deals" in again


def test_an_unwritable_out_file_is_refused_before_playing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(50, "easy", "random", "x", workers=1, out=str(tmp_path / "no" / "such.jsonl")) == 1
    captured = capsys.readouterr()
    assert "cannot write" in captured.err and "A - B" not in captured.out


def test_files_of_two_seeds_are_pooled_through_the_command(tmp_path: Path) -> None:
    runner = CliRunner()
    paths = []
    for seed in ("pool-a", "pool-b"):
        path = tmp_path / f"{seed}.jsonl"
        done = runner.invoke(main, ["bench", "bots", "--deals", "2", "--a", "easy", "--b",
                                    "random", "--seed", seed, "--out", str(path)])
        assert done.exit_code == 0, done.output
        paths.append(path)
    done = runner.invoke(main, ["bench", "bots", "--read", str(paths[0]), "--read",
                                str(paths[1])])
    assert done.exit_code == 0, done.output
    assert "4 deals x 3 seatings = 12 games" in done.output
    assert "'pool-a', 'pool-b'" in done.output


def write(path: Path, rows: list[object]) -> str:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows))
    return str(path)


def row(deal: int = 0, seat: int = 0, **changes: object) -> dict[str, object]:
    r: dict[str, object] = {"seed": "s", "deal": deal, "a_seat": seat, "a": "easy",
                            "b": "random", "sf": [70, 0, 0], "soloist": 0, "won": True,
                            "contract": "Grand", "times": {"A card": [0.001]}}
    r.update(changes)
    return r


@pytest.mark.parametrize(("bad", "words"), [
    ("{not json", "line 2: not JSON"),
    (row(seat=1, sf=[1, 2]), "line 2: field 'sf'"),
    (row(seat=1, deal="0"), "line 2: field 'deal'"),
    (row(seat=5), "line 2: field 'deal' or 'a_seat'"),
    (row(seat=1, soloist=True), "line 2: field 'soloist'"),
    (row(seat=1, won=1), "line 2: field 'won'"),
    (row(seat=1, times={"C card": [1.0]}), "line 2: field 'times'"),
    (row(seat=1, a="\x1b[31mred"), "line 2: field 'a' or 'b' is not a bot level"),
    (row(seat=1, b="normal"), "line 2: fields 'a' and 'b'"),
    (row(seat=0), "line 2: deal 0 of seed 's' with A in seat 0 is there twice"),
    ([1, 2], "line 2: not a JSON object"),
])
def test_a_damaged_file_is_refused_naming_line_and_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: object, words: str) -> None:
    path = write(tmp_path / "bad.jsonl", [row(), bad, row(seat=2)])
    with pytest.raises(PlaysError, match=words.replace("(", r"\(").replace("[", r"\[")):
        load([path])
    assert read([path]) == 2
    err = capsys.readouterr().err
    assert "bad.jsonl, line 2" in err and "\x1b" not in err and "Traceback" not in err


def test_only_deals_in_all_three_seatings_count(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    rows = [row(d, s) for d in range(2) for s in range(3)] + [row(2, 0), row(2, 1)]
    plays, deals, a, b, seeds = load([write(tmp_path / "p.jsonl", rows)])
    assert (deals, a, b, seeds, len(plays)) == (2, "easy", "random", "'s'", 6)
    with pytest.raises(PlaysError, match="no deal was played in all three seatings"):
        load([write(tmp_path / "one.jsonl", [row(), row(seat=1)])])
    assert read([str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot be read" in capsys.readouterr().err


def test_a_hostile_seed_is_shown_escaped(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    seed = "\x1b[2J\u202eevil"
    rows = [row(d, s, seed=seed) for d in range(2) for s in range(3)]
    assert read([write(tmp_path / "h.jsonl", rows)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out
    assert "\\x1b[2J\\u202eevil" in out
