"""Seats as the host types them, invitations as friends paste them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from skat_net.client import parse_invitation
from skat_net.host import host_seat, invitation, is_loopback, parse_seats
from skat_net.protocol import SeatSpec
from skat_tui.cli import main


def test_seats() -> None:
    assert parse_seats("Anna, Ben:normal , ?") == (
        SeatSpec("Anna"), SeatSpec("Ben", "normal"), SeatSpec(None))
    assert parse_seats(":easy,?,Cem:human") == (
        SeatSpec(None, "easy"), SeatSpec(None), SeatSpec("Cem"))
    for bad, why in (("Anna,Ben", "three or four seats"), ("?,?,?,?,?", "not 5"),
                     ("a:b:c,?,?", "level"),
                     (":easy,:easy,:random", "person"), (",?,?", "empty"),
                     ("Ann\u202e,?,?", r"U\+202E")):
        with pytest.raises(ValueError, match=why):
            parse_seats(bad)


def test_the_host_takes_a_kept_or_open_seat() -> None:
    seats = parse_seats("?,Ben,:easy")
    assert host_seat(seats, "Ben") == seats
    assert host_seat(seats, "Anna")[0] == SeatSpec("Anna")
    with pytest.raises(ValueError, match="no seat"):
        host_seat(parse_seats("Ben,Cem,:easy"), "Anna")


def test_invitations() -> None:
    assert parse_invitation("ws://10.0.0.2:7878/k7qm-3xpa") == ("ws://10.0.0.2:7878", "K7QM3XPA")
    assert parse_invitation("K7QM 3XPA", "ws://h:1") == ("ws://h:1", "K7QM3XPA")
    for bad in ("http://x/K7QM3XPA", "K7QM", "ws:///K7QM3XPA", "NONSENSE"):
        with pytest.raises(ValueError):
            parse_invitation(bad)
    assert "skat join ws://h:1/K7QM-3XPA" in invitation("ws://h:1", "K7QM3XPA")
    assert is_loopback("127.0.0.1") and is_loopback("::1") and not is_loopback("0.0.0.0")


def test_join_refuses_a_bad_invitation_or_name() -> None:
    runner = CliRunner()
    bad = runner.invoke(main, ["join", "nonsense"])
    assert bad.exit_code == 2 and "invitation code" in bad.output
    name = runner.invoke(main, ["join", "K7QM-3XPA", "--name", "\x1b[2J"])
    assert name.exit_code == 2 and "U+001B" in name.output


def test_host_a_table_of_four_on_a_running_server(tmp_path: Path) -> None:
    """``skat host --players 4 --server URL --no-join``: a table of four with
    the host's seat and three open ones; --seats and --players must agree."""
    from skat_net.host import ServerThread

    server = ServerThread(tmp_path / "server", bot_pool="thread")
    server.start()
    try:
        runner = CliRunner()
        result = runner.invoke(main, ["host", "--players", "4", "--name", "Anna", "--server",
                                      server.local_url, "--no-join"])
        assert result.exit_code == 0, result.output
        assert "skat join " in result.output
        assert server.tables is not None
        (live,) = server.tables.live.values()
        assert [s.name for s in live.table.seats] == ["Anna", None, None, None]
        assert live.table.deals == 12  # three rounds of dealers
        clash = runner.invoke(main, ["host", "--players", "4", "--seats", "?,?,?",
                                     "--name", "Anna", "--server", server.local_url])
        assert clash.exit_code == 2 and "--players 4" in clash.output
        odd = runner.invoke(main, ["host", "--players", "4", "--deals", "9", "--name", "Anna",
                                   "--server", server.local_url])
        assert odd.exit_code == 2 and "multiple of 4" in odd.output
    finally:
        server.stop()


def test_host_chooses_the_rules(tmp_path: Path) -> None:
    """``skat host --rules pub-schiebe``: the table plays the app's "Pub with
    Schieberamsch"; a rule set no dialog offers is refused with the choices."""
    from skat_core.ruleset import rule_choice
    from skat_net.host import ServerThread

    server = ServerThread(tmp_path / "server", bot_pool="thread")
    server.start()
    try:
        runner = CliRunner()
        result = runner.invoke(main, ["host", "--seats", "Anna,?,:easy", "--rules",
                                      "pub-schiebe", "--server", server.local_url,
                                      "--no-join"])
        assert result.exit_code == 0, result.output
        assert server.tables is not None
        (live,) = server.tables.live.values()
        assert live.table.rules == rule_choice("pub-schiebe")
        bad = runner.invoke(main, ["host", "--rules", "casino", "--server", server.local_url,
                                   "--no-join"])
        assert bad.exit_code == 2 and "pub-first-card" in bad.output
    finally:
        server.stop()
