"""``skat stats`` through click's CliRunner on the crafted history of
stats_history.py (the figures are worked out there and in test_stats.py)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from click.testing import CliRunner, Result

from skat_tui.cli import main
from stats_history import write_history


def run(home: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["stats", *args], env={"SKAT_HOME": str(home)})


def test_stats_as_text(tmp_path: Path) -> None:
    write_history(tmp_path)
    result = run(tmp_path)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Statistics · all dates · every kind · every human seat")
    assert "Deals played: 10 (1 passed in)" in out
    assert "21.5 Seeger-Fabian, 7.5 standard" in out
    assert "(1 older deal does not say who sat where" in out
    soloist = out[out.index("Soloist games"):out.index("Lost overbid")]
    assert soloist.splitlines()[5].split() == ["Clubs", "2", "2", "0", "100%", "36.0"]
    assert soloist.splitlines()[-1].split() == ["all", "6", "4", "2", "67%", "41.5"]
    assert "Lost overbid: 1 of 6" in out
    assert "Defence: 3 games, 1 won (33%)" in out
    levels = out[out.index("By bot level faced"):out.index("\nDays")].splitlines()
    assert levels[4].split() == ["normal", "7", "38.9", "4", "75%", "0", "50%"]
    assert "2026-11-25  3      -57  -19.0" in out
    assert "2026-11-29  scored   2      +60" in out


def test_stats_as_csv(tmp_path: Path) -> None:
    write_history(tmp_path)
    result = run(tmp_path, "--csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == ["group", "section", "item", "measure", "value"]
    assert all(len(r) == 5 for r in rows)
    table = {tuple(r[:4]): r[4] for r in rows[1:]}
    assert table["all", "deals", "all", "played"] == "10"
    assert table["all", "soloist", "Grand", "average value"] == "96.00"
    assert table["all", "schneider as defender", "all", "got schwarz"] == "1"
    assert table["vs easy", "points", "Seeger-Fabian", "total"] == "-57"
    assert table["all", "day", "2026-11-30", "Seeger-Fabian"] == "74"


def test_stats_filters(tmp_path: Path) -> None:
    write_history(tmp_path)
    hotseat = run(tmp_path, "--kind", "hotseat")
    assert hotseat.exit_code == 0 and "Deals played: 2 (0 passed in)" in hotseat.output
    assert "every kind" not in hotseat.output and "· hotseat ·" in hotseat.output
    several = run(tmp_path, "--kind", "daily", "--kind", "seeded", "--csv")
    assert "all,deals,all,played,5" in several.output
    span = run(tmp_path, "--from", "2026-11-21", "--to", "2026-11-29")
    assert "Deals played: 5" in span.output and "2026-11-20" not in span.output
    you = run(tmp_path, "--player", "You")
    assert "Deals played: 9" in you.output and "unknown" in you.output
    nothing = run(tmp_path, "--to", "2026-01-01")
    assert nothing.exit_code == 0 and "No deals of yours match" in nothing.output


def test_stats_refuses_bad_dates(tmp_path: Path) -> None:
    bad = run(tmp_path, "--from", "yesterday")
    assert bad.exit_code == 2 and "not a date (YYYY-MM-DD)" in bad.output
    backwards = run(tmp_path, "--from", "2026-12-01", "--to", "2026-11-01")
    assert backwards.exit_code == 2 and "--from is after --to" in backwards.output


def test_stats_of_an_empty_history(tmp_path: Path) -> None:
    result = run(tmp_path)
    assert result.exit_code == 0 and "No finished deals yet" in result.output
    assert "Traceback" not in result.output
    empty_csv = run(tmp_path, "--csv")
    assert empty_csv.exit_code == 0 and empty_csv.output.startswith("group,section")


def test_stats_warns_about_damaged_lines(tmp_path: Path) -> None:
    write_history(tmp_path, ["{torn"])
    result = run(tmp_path)
    assert result.exit_code == 0 and "Deals played: 10" in result.output
    assert "warning:" in result.stderr and "line 11" in result.stderr
