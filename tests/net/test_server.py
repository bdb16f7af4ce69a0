"""The table server end to end: a real server on a localhost port, protocol
clients playing whole matches, the scan of every frame for hidden cards,
reconnects, and hostile clients."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from skat_core.cards import Card
from skat_core.game import Phase, Play
from skat_core.savegame import match_from_dict
from skat_net.client import TableClient, create_table
from skat_net.protocol import PROTOCOL, ProtocolError
from skat_net.server import Limits

from .framescan import scan, true_state
from .helpers import (
    Player,
    ask,
    create_message,
    next_of,
    raw,
    running_server,
    until,
    whole_match,
)

NOTES: dict[int, list[dict[str, Any]]] = {}
"""The notes each client of :func:`play_match` was sent (by the client's id)."""


async def play_match(url: str, seats: list[dict[str, Any]], names: list[str],
                     deals: int = 3, boldness: float = 0.0, seed: str = "net-test",
                     ) -> list[TableClient]:
    return await whole_match(
        url, seats, names, {"deals": deals, "seed": seed}, timeout=60, boldness=boldness,
        on_note=lambda client, note: NOTES.setdefault(id(client), []).append(note))


async def test_a_whole_match_end_to_end_and_no_frame_carries_a_hidden_card(
        tmp_path: Path) -> None:
    async with running_server(tmp_path) as (tables, url):
        clients = await play_match(url, [{"name": "Anna"}, {}, {}], ["Anna", "Ben", "Cem"],
                                   deals=6, boldness=0.05)
        doc = tables.live[clients[0].known.table or ""].table.to_doc()
        checked = 0
        for c in clients:
            assert c.frames
            checked += scan(c.frames, c.known.player, doc)
            assert sorted(c.known.records) == list(range(6))
            assert c.state is not None and c.state["totals"] == clients[0].state["totals"]
        assert checked > 500
        match = match_from_dict(doc["match"]).match
        assert match.is_over and list(match.totals()) == clients[0].state["totals"]
        for c in clients:
            await c.close()


async def test_a_table_of_four_plays_a_whole_match_and_the_dealer_sits_out(
        tmp_path: Path) -> None:
    """Four seats (three people and a bot): every deal the dealer sits out,
    the state says who, that seat gets no view and no card, and an action
    from it is refused; the frame scan covers all four seats."""
    async with running_server(tmp_path) as (tables, url):
        clients = await play_match(url, [{"name": "Anna"}, {}, {"bot": "random"}, {}],
                                   ["Anna", "Ben", "Dora"], deals=4)
        doc = tables.live[clients[0].known.table or ""].table.to_doc()
        assert len(doc["match"]["config"]["players"]) == 4
        assert len(doc["match"]["finished"]) == 4
        sat_out = set()
        for c in clients:
            checked = scan(c.frames or [], c.known.player, doc)
            assert checked > 50
            for text in c.frames or []:
                msg = json.loads(text)
                if msg["type"] == "state" and msg["status"] == "playing":
                    assert msg["sitting_out"] == msg["dealer"]
                    sat_out.add(msg["sitting_out"])
                    assert len(msg["players"]) == len(msg["totals"]) == 4
        assert sat_out == {0, 1, 2, 3}
        assert [c.known.player for c in clients] == [0, 1, 3]
        match = match_from_dict(doc["match"]).match
        assert match.is_over and list(match.totals()) == clients[0].state["totals"]
        for c in clients:
            await c.close()


async def test_the_dealer_sitting_out_may_not_act(tmp_path: Path) -> None:
    from skat_net.protocol import Create, SeatSpec
    from skat_net.tables import Table

    table = Table.create(Create((SeatSpec("Anna"), SeatSpec(None, "easy"),
                                 SeatSpec(None, "easy"), SeatSpec(None, "easy")),
                                4, "four", "sf", None, "normal"))
    player, _ = table.join("Anna")
    assert table.sitting_out() == 0 == player  # the first dealer
    assert table.view(0) is None
    with pytest.raises(ProtocolError, match="sit this deal out"):
        table.act(0, 1, Play(Card.from_str("CJ")), 0.0)


async def test_bots_fill_seats_and_the_host_names_a_seat(tmp_path: Path) -> None:
    async with running_server(tmp_path) as (tables, url):
        clients = await play_match(url, [{"bot": "easy"}, {"name": "Anna"}, {"bot": "random"}],
                                   ["Anna"])
        (anna,) = clients
        assert anna.known.player == 1
        state = anna.state
        assert state is not None
        assert [p["name"] for p in state["players"]] == ["Bot 1", "Anna", "Bot 3"]
        doc = tables.live[anna.known.table or ""].table.to_doc()
        assert scan(anna.frames or [], 1, doc) > 50
        await anna.close()


async def test_a_claim_is_answered_and_giving_up_is_agreed(tmp_path: Path) -> None:
    """Claims and giving up go through the table's questions: a bold player
    claims and gives up, the others answer at random; the match finishes."""
    async with running_server(tmp_path) as (tables, url):
        clients = await play_match(url, [{}, {}, {}], ["Anna", "Ben", "Cem"], deals=6,
                                   boldness=0.3, seed="claims")
        doc = tables.live[clients[0].known.table or ""].table.to_doc()
        finished = doc["match"]["finished"]
        kinds = {a["type"] for r in finished for a in r["actions"]}
        assert "claim" in kinds or "resign" in kinds
        # a defender who plays on is told to everyone at the table, himself included
        told = [[n for n in NOTES.get(id(c), []) if n["event"] == "plays-on"] for c in clients]
        assert told[0] and told[0] == told[1] == told[2]
        for note in told[0]:
            assert note["kind"] in ("claim", "give up")
            assert note["name"] == ["Anna", "Ben", "Cem"][note["player"]]
            assert 0 <= note["cards_played"] <= 30
        for c in clients:
            scan(c.frames or [], c.known.player, doc)
            await c.close()


async def test_the_version_is_checked_and_an_older_client_refused(tmp_path: Path) -> None:
    async with running_server(tmp_path) as (_, url):
        ws = await raw(url)
        reply = await ask(ws, {"type": "join", "protocol": PROTOCOL + 1, "code": "AAAA-AAAA",
                               "name": "Old"})
        assert reply["code"] == "version" and reply["field"] == "protocol"
        assert str(PROTOCOL) in reply["message"]
        with pytest.raises(ConnectionClosed):
            await next_of(ws)
        assert ws.close_code == 4000


async def seated(url: str, seats: list[dict[str, Any]] | None = None) -> tuple[Any, ...]:
    """A table of Anna and Ben (raw sockets) and an easy bot; their welcomes."""
    created = await create_table(url, create_message(seats or [{}, {}, {"bot": "easy"}]))
    a, b = await raw(url), await raw(url)
    wa = await ask(a, {"type": "join", "protocol": PROTOCOL, "code": created["code"],
                       "name": "Anna"}, "welcome")
    wb = await ask(b, {"type": "join", "protocol": PROTOCOL, "code": created["code"],
                       "name": "Ben"}, "welcome")
    return created, a, wa, b, wb


async def latest_state(ws: Any, timeout: float = 0.3) -> dict[str, Any]:
    """The last state among the frames that arrive now."""
    state = await next_of(ws, "state")
    while True:
        try:
            state = await next_of(ws, "state", timeout)
        except TimeoutError:
            return state


async def test_hostile_frames_get_errors_and_change_nothing(tmp_path: Path) -> None:
    async with running_server(tmp_path) as (tables, url):
        created, a, wa, b, wb = await seated(url)
        table = tables.live[created["table"]].table
        # middlehand bids first in deal 0 (dealer player 0): player 2, the bot, or Ben
        sa = await latest_state(a)
        before = table.to_doc()["match"]
        mover = next(ws for ws, w in ((a, wa), (b, wb))
                     if w["player"] == sa["waiting_for"][0]) if sa["waiting_for"][0] != 2 \
            else None
        idle = b if mover is a else a
        cases: list[tuple[Any, str | dict[str, Any], str, str | None]] = [
            (a, "not json at all {", "malformed", None),
            (a, "[1, 2, 3]", "malformed", None),
            (a, {"type": "launch"}, "unknown-type", "type"),
            (a, {"type": "act", "seq": "one", "action": {"type": "pass"}}, "field", "seq"),
            (a, {"type": "act", "seq": 10**20, "action": {"type": "pass"}}, "field", "seq"),
            (a, {"type": "act", "seq": 1, "action": {"type": "play", "card": "XX"}}, "field",
             "action.card"),
            (a, {"type": "act", "seq": 1, "action": {"type": "bid", "value": 18, "x": 1}},
             "field", "action.x"),
            (a, {"type": "act", "seq": 1, "action": {"type": "bid", "value": True}},
             "field", "action.value"),
            (a, {"type": "act", "seq": 1, "action": {"type": "discard", "cards": "CJ CJ"}},
             "field", "action.cards"),
            (a, {"type": "resume", "protocol": PROTOCOL, "table": "x", "token": "y"},
             "field", "type"),
            (idle, {"type": "act", "seq": 1, "action": {"type": "pass"}}, "illegal", "action"),
            (idle, {"type": "act", "seq": 2, "action": {"type": "accept"}}, "not-asked",
             "action"),
        ]
        if mover is not None:
            cases.append((mover, {"type": "act", "seq": 3, "action": {"type": "bid",
                                                                      "value": 19}},
                          "illegal", "action"))
        for ws, message, code, field in cases:
            reply = await ask(ws, message if isinstance(message, str) else json.dumps(message),
                              "error")
            assert reply["code"] == code, (message, reply)
            assert reply.get("field") == field, (message, reply)
            assert reply["message"]
        out_of_turn = await ask(idle, {"type": "act", "seq": 4, "action": {"type": "pass"}},
                                "error")
        assert out_of_turn["rule"] == "TURN" and out_of_turn["seq"] == 4
        assert table.to_doc()["match"]["current"] == before["current"]
        # a huge frame closes that connection, the server goes on
        with pytest.raises(ConnectionClosed):
            await a.send("x" * 100_000)
            await next_of(a)
        assert a.close_code == 1009
        pong = await ask(b, {"type": "ping"}, "pong")
        assert pong == {"type": "pong"}


async def test_tokens_act_only_for_their_own_seat(tmp_path: Path) -> None:
    async with running_server(tmp_path) as (tables, url):
        created, _a, wa, _b, wb = await seated(url, [{}, {}, {}])
        c = await raw(url)
        wc = await ask(c, {"type": "join", "protocol": PROTOCOL, "code": created["code"],
                           "name": "Cem"}, "welcome")
        assert len({wa["token"], wb["token"], wc["token"]}) == 3
        # the code alone takes no seat once all are taken
        d = await raw(url)
        full = await ask(d, {"type": "join", "protocol": PROTOCOL, "code": created["code"],
                             "name": "Dora"}, "error")
        assert full["code"] == "full"
        # a wrong token, and a token of another table, are refused
        wrong = await ask(d, {"type": "resume", "protocol": PROTOCOL, "table": created["table"],
                              "token": wa["token"] + "x"}, "error")
        assert wrong["code"] == "token"
        other = await create_table(url, create_message([{}, {}, {"bot": "easy"}]))
        foreign = await ask(d, {"type": "resume", "protocol": PROTOCOL, "table": other["table"],
                                "token": wa["token"]}, "error")
        assert foreign["code"] == "token"
        # Ben's token gives Ben's seat: a connection with it acts as Ben, never as Anna
        e = await raw(url)
        back = await ask(e, {"type": "resume", "protocol": PROTOCOL, "table": created["table"],
                             "token": wb["token"]}, "welcome")
        assert back["player"] == wb["player"] and "token" not in back
        state = await latest_state(e)
        assert state["player"] == wb["player"]
        assert state["view"]["seat"] != -1
        # the invitation code is no token
        bad = await ask(d, {"type": "resume", "protocol": PROTOCOL, "table": created["table"],
                            "token": created["code"]}, "error")
        assert bad["code"] == "token"
        # too many refusals close the connection
        with pytest.raises(ConnectionClosed):
            for _ in range(20):
                await ask(d, {"type": "join", "protocol": PROTOCOL, "code": "ZZZZ-ZZZZ",
                              "name": "Eve"}, "error")
        del tables


async def test_a_repeated_sequence_number_is_applied_once(tmp_path: Path) -> None:
    async with running_server(tmp_path) as (tables, url):
        created, a, wa, b, wb = await seated(url, [{}, {}, {}])
        c = await raw(url)
        await ask(c, {"type": "join", "protocol": PROTOCOL, "code": created["code"],
                      "name": "Cem"}, "welcome")
        table = tables.live[created["table"]].table
        mover_player = table.player_to_move()
        ws = {wa["player"]: a, wb["player"]: b}.get(mover_player, c)
        act = {"type": "act", "seq": 7, "action": {"type": "pass"}}
        ack = await ask(ws, act, "ack")
        assert ack == {"type": "ack", "seq": 7, "duplicate": False}
        after = table.to_doc()["match"]["current"]["actions"]
        for seq in (7, 3):
            again = await ask(ws, {**act, "seq": seq}, ("ack", "error"))
            assert again == {"type": "ack", "seq": seq, "duplicate": True}
        assert table.to_doc()["match"]["current"]["actions"] == after
        assert len(after) == 1


async def test_names_are_checked(tmp_path: Path) -> None:
    async with running_server(tmp_path) as (_, url):
        created = await create_table(url, create_message([{}, {}, {"bot": "easy"}]))
        ws = await raw(url)
        for name, why in (("", "empty"), ("x" * 25, "at most"), ("Ann\x1b[31m", "U+001B"),
                          ("Ann\u202eX", "U+202E"), ("A\u200bB", "U+200B"), (7, "text")):
            reply = await ask(ws, {"type": "join", "protocol": PROTOCOL,
                                   "code": created["code"], "name": name}, "error")
            assert reply["code"] == "name" and why in reply["message"], reply
        ok = await ask(ws, {"type": "join", "protocol": PROTOCOL, "code": created["code"],
                            "name": "  Jürgen [b]x[/b] "}, "welcome")
        state = await next_of(ws, "state")
        assert state["players"][ok["player"]]["name"] == "Jürgen [b]x[/b]"


async def test_limits_on_rate_tables_and_connections(tmp_path: Path) -> None:
    limits = Limits(max_tables=2, max_connections=4, rate=5, burst=5, max_creates=5)
    async with running_server(tmp_path, limits=limits) as (_, url):
        for _ in range(2):
            await create_table(url, create_message([{}, {"bot": "easy"}, {"bot": "easy"}]))
        ws = await raw(url)
        third = await ask(ws, create_message([{}, {"bot": "easy"}, {"bot": "easy"}]), "error")
        assert third["code"] == "limit" and "2 tables" in third["message"]
        # rate: a burst beyond 5 messages is refused with 'rate'
        for _ in range(6):
            await ws.send(json.dumps({"type": "ping"}))
        replies = [await next_of(ws) for _ in range(6)]
        assert any(r.get("code") == "rate" for r in replies)
        # connections: the fifth one is told the server is full
        others = [await raw(url) for _ in range(3)]
        extra = await raw(url)
        reply = await next_of(extra)
        assert reply["code"] == "limit"
        for o in others:
            await o.close()


async def test_a_reconnect_in_the_middle_of_a_trick_loses_and_repeats_nothing(
        tmp_path: Path) -> None:
    async with running_server(tmp_path) as (tables, url):
        created = await create_table(url, create_message([{}, {}, {"bot": "easy"}],
                                                         seed="reconnect"))
        anna = TableClient(url, code=created["code"], name="Anna", backoff=(0.05, 0.2))
        ben = TableClient(url, code=created["code"], name="Ben", backoff=(0.05, 0.2))
        pa, pb = Player(anna, 1), Player(ben, 2)
        table = tables.live[created["table"]].table
        plays = anna.on_state
        dropped: list[int] = []

        def mid_trick(client: TableClient) -> None:
            """Anna's connection dies in the middle of a trick, as she acts:
            the action she sends meanwhile waits and goes out once."""
            assert plays is not None
            plays(client)
            view = client.view
            if not dropped and view is not None and view.phase == Phase.PLAYING \
                    and len(view.trick) == 1:
                dropped.append(len(view.plays))
                client.drop()

        anna.on_state = mid_trick
        for c in (anna, ben):
            c.start()
            await c.wait_welcome()
        await until(lambda: bool(dropped))
        await until(lambda: not anna.connected)
        notes: list[dict[str, Any]] = []
        ben.on_note = lambda c, n: notes.append(n)
        await until(lambda: anna.connected, 10)
        await until(lambda: any(n["event"] == "returned" for n in notes), 10)
        await until(lambda: anna.state is not None and anna.state["status"] == "over", 60)
        # the server's match replays through the engine: no action twice, none lost
        doc = table.to_doc()
        match = match_from_dict(doc["match"]).match
        assert match.is_over
        assert not pa.errors and not pb.errors
        for c in (anna, ben):
            await c.close()


async def test_pending_action_during_an_outage_is_sent_once(tmp_path: Path) -> None:
    async with running_server(tmp_path) as (tables, url):
        created = await create_table(url, create_message([{}, {"bot": "random"},
                                                          {"bot": "random"}], seed="outage"))
        anna = TableClient(url, code=created["code"], name="Anna", backoff=(0.3, 0.3))
        anna.start()
        await anna.wait_welcome()
        await until(lambda: anna.view is not None and bool(anna.view.legal))
        table = tables.live[created["table"]].table
        before = len(table.match.current.history) if table.match and table.match.current \
            else 0
        view = anna.view
        assert view is not None
        anna.drop()
        await until(lambda: not anna.connected)
        done = anna.act(view.legal[0])  # sent while offline: waits for the reconnect
        assert await asyncio.wait_for(done, 10)
        await asyncio.sleep(0.2)
        state = table.match.current if table.match else None
        assert state is not None
        mine = [a for s, a in state.history[before:] if s == view.seat]
        assert mine[:1] == [view.legal[0]] and len(mine) == 1
        await anna.close()


async def test_a_person_away_pauses_the_table_unless_a_bot_may_step_in(
        tmp_path: Path) -> None:
    async with running_server(tmp_path) as (tables, url):
        for takeover in (None, 0.2):
            created = await create_table(url, create_message(
                [{}, {"bot": "random"}, {"bot": "random"}], seed="away", takeover=takeover,
                takeover_level="random"))
            anna = TableClient(url, code=created["code"], name="Anna")
            anna.start()
            await anna.wait_welcome()
            await until(lambda a=anna: a.view is not None and bool(a.view.legal))
            await anna.close()
            table = tables.live[created["table"]].table

            def anna_played(table: Any = table) -> bool:
                state = table.match.current if table.match else None
                assert state is not None
                return any(s == table.match.seat_of(0) for s, _ in state.history)

            if takeover is None:
                await asyncio.sleep(0.6)  # three times the other table's takeover
                assert not anna_played()
            else:  # a loaded machine may take longer than 0.2 s to step in
                await until(anna_played, timeout=30)


async def test_the_frame_scan_finds_a_hidden_card(tmp_path: Path) -> None:
    """The scan itself: the same frames with one opponent's card slipped in fail."""
    async with running_server(tmp_path) as (tables, url):
        clients = await play_match(url, [{}, {"bot": "random"}, {"bot": "random"}], ["Anna"])
        (anna,) = clients
        doc = tables.live[anna.known.table or ""].table.to_doc()
        frames = anna.frames or []
        scan(frames, 0, doc)
        for i, text in enumerate(frames):
            msg = json.loads(text)
            if msg["type"] == "state" and msg["status"] == "playing" and msg["actions"] > 3:
                state = true_state(doc, msg["deal"], msg["actions"])
                seat = msg["view"]["seat"]
                other = state.hands[(seat + 1) % 3] or state.skat
                msg["view"]["trick"] = [Card(other.bit_length() - 1).name]
                with pytest.raises(AssertionError, match="hidden cards"):
                    scan([*frames[:i], json.dumps(msg)], 0, doc)
                break
        else:
            raise AssertionError("no frame in play")
        await anna.close()


async def test_a_bot_answers_a_claim_for_someone_away(tmp_path: Path) -> None:
    """The soloist claims; the defender asked is away longer than the host
    allows: the bot standing in answers, and the deal goes on."""
    from skat_core.game import Claim
    from skat_net.protocol import Create, SeatSpec
    from skat_net.tables import Table

    table = Table.create(Create((SeatSpec(None), SeatSpec(None), SeatSpec(None)), 3,
                                "claim-away", "sf", 5.0, "random"))
    players = [table.join(n)[0] for n in ("Anna", "Ben", "Cem")]
    for p in players:
        table.connect(p, True, 0.0)
    seq = 0
    # play on (random legal actions) until one of the two people is soloist in play
    import random
    rng = random.Random(3)
    while True:
        m = table.match
        assert m is not None and not m.is_over
        if m.deal_finished:
            for p in players:
                seq += 1
                table.act(p, seq, "next", 0.0)
            continue
        state = m.current
        assert state is not None
        soloist = m.seats[state.soloist] if state.soloist >= 0 else -1
        if state.phase == Phase.PLAYING and soloist in players and not state.trick \
                and state.to_move == state.soloist:
            break
        mover = table.player_to_move()
        assert mover is not None
        if mover in players:
            seq += 1
            table.act(mover, seq, rng.choice(state.view(state.to_move).legal), 0.0)
        else:
            turn = table.bot_turn(0.0)
            assert turn is not None
            table.apply_bot(turn, rng.choice(turn.view.legal), 0.0)
    other = next(p for p in players if p != soloist)
    table.connect(other, False, 10.0)
    assert table.controlled_by_bot(other, 15.0) and not table.controlled_by_bot(other, 14.0)
    seq += 1
    table.act(soloist, seq, Claim(), 10.0)
    kind, asked = table.question()
    assert kind == "claim" and other in asked
    assert not table.settle(12.0)  # away 2 s of the 5 allowed: the table waits
    assert table.takeover_due(12.0) == 15.0
    assert table.settle(15.5)  # then the bot standing in answers
    assert other not in table.question()[1]
    assert table.takeover_due(15.5) is None


def test_the_save_text_is_the_saved_document(tmp_path: Path) -> None:
    """The server writes :meth:`Table.to_text` (finished deals' texts reused
    from the cache): it is the document of :meth:`Table.to_doc`, read back the
    same, before, during and after finished deals."""
    import random

    from skat_core.ruleset import rule_choice
    from skat_net.protocol import Create, SeatSpec, encode
    from skat_net.tables import Table

    table = Table.create(Create((SeatSpec(None, "random"), SeatSpec(None, "random"),
                                 SeatSpec("Anna")), 3, "text", "sf", None, "normal",
                                rule_choice("pub-schiebe")))

    def same() -> None:
        text, doc = json.loads(table.to_text()), json.loads(json.dumps(table.to_doc()))
        if doc["match"] is not None:
            text["match"].pop("saved")
            doc["match"].pop("saved")
        assert text == doc
        # the state frame built from the common part's text is the state message
        common = encode(table.state_common(0.0))
        for p in range(3):
            assert json.loads(table.state_text(p, common)) == json.loads(
                encode(table.state_json(p, 0.0)))

    same()
    player, _ = table.join("Anna")
    table.connect(player, True, 0.0)
    rng = random.Random(4)
    seq = 0
    while table.match is not None and len(table.match.outcomes) < 2:
        same()
        turn = table.bot_turn(0.0)
        if table.status == "between":
            seq += 1
            table.act(player, seq, "next", 0.0)
        elif turn is not None:
            table.apply_bot(turn, rng.choice(turn.view.legal), 0.0)
        else:
            view = table.view(player)
            assert view is not None
            seq += 1
            table.act(player, seq, rng.choice(view.legal), 0.0)
    same()
    back = Table.from_doc(json.loads(table.to_text()))
    assert back.match is not None and table.match is not None
    assert back.match.outcomes[1].state.history == table.match.outcomes[1].state.history


async def test_a_slow_seat_never_gets_an_older_state_after_a_newer_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat whose socket is slow to drain is waited for only after every
    seat was written to: a change made meanwhile reaches every seat after the
    one before it, so no client is ever sent a state older than one it has
    (nor a note after the state that follows it)."""
    import random

    from websockets.asyncio.connection import Connection

    from skat_net import server as server_module

    rng = random.Random(7)

    async def slow_drain(self: Connection) -> None:
        await asyncio.sleep(rng.uniform(0.0, 0.004))

    monkeypatch.setattr(server_module._Connection, "drain", slow_drain)
    async with running_server(tmp_path) as (_tables, url):
        clients = await play_match(url, [{}, {}, {}], ["Anna", "Ben", "Cem"], deals=3,
                                   boldness=0.3, seed="claims")
        for c in clients:
            versions = [m["version"] for m in map(json.loads, c.frames or [])
                        if m["type"] == "state"]
            assert len(versions) > 20
            assert versions == sorted(versions)
        for c in clients:
            await c.close()


async def test_a_note_reaches_every_seat_while_one_socket_is_slow(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A note (joined, dropped, returned) is written to every other seat
    before the server waits for a slow socket: while Anna's socket does not
    drain at all, Ben is told that Cem joined (had the server waited for
    Anna first, a later state could overtake the note to Ben)."""
    from websockets.asyncio.connection import Connection

    from skat_net import server as server_module

    gate = asyncio.Event()
    stuck: list[Connection] = []
    drain = server_module._Connection.drain

    async def slow_drain(self: Connection) -> None:
        if self in stuck:
            await gate.wait()
        await drain(self)

    monkeypatch.setattr(server_module._Connection, "drain", slow_drain)
    async with running_server(tmp_path) as (tables, url):
        created = await create_table(url, create_message([{}, {}, {}], seed="notes"))
        live = tables.live[created["table"]]
        clients = [TableClient(url, code=created["code"], name=n) for n in ("Anna", "Ben")]
        notes: list[dict[str, Any]] = []
        clients[1].on_note = lambda c, n: notes.append(n)
        for c in clients:
            c.start()
            await c.wait_welcome()
        stuck.append(live.conns[clients[0].known.player or 0].ws)
        cem = TableClient(url, code=created["code"], name="Cem")
        cem.start()
        await cem.wait_welcome()
        try:
            await until(lambda: any(n["event"] == "joined" and n["name"] == "Cem"
                                    for n in notes), 5)
        finally:
            gate.set()
        for c in (*clients, cem):
            await c.close()
