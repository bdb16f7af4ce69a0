"""House rules at an online table: the host chooses the rule set, it is kept
with the table and told to everyone, and everything the pub's rules add is
played through the server -- Kontra and Re (also before the first card),
Ramsch and Schieberamsch (whose pushed cards stay hidden from the others),
Bock rounds, claims and giving up -- with every frame scanned card by card."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from skat_core.cards import cards_of
from skat_core.game import Phase
from skat_core.ruleset import PUB, TOURNAMENT, Ramsch, rule_choice
from skat_core.savegame import match_from_dict
from skat_net.client import TableClient
from skat_net.protocol import ProtocolError, parse_client_message
from skat_net.tables import Table

from .framescan import hidden_from, scan, true_states
from .helpers import ask, create_message, raw, running_server, whole_match


async def house_match(url: str, seats: list[dict[str, Any]], names: list[str], rules: Any,
                      deals: int, seed: str, pass_bias: float = 0.7,
                      kontra_bias: float = 0.6, boldness: float = 0.0) -> list[TableClient]:
    """A whole match of protocol clients who pass often (so that Ramsch deals
    come up) and say Kontra and Re often."""
    return await whole_match(url, seats, names, {"deals": deals, "seed": seed, "rules": rules},
                             timeout=90, pass_bias=pass_bias, kontra_bias=kontra_bias,
                             boldness=boldness)


def views(frames: list[str]) -> list[dict[str, Any]]:
    out = []
    for text in frames:
        msg = json.loads(text)
        if msg["type"] == "state" and msg["view"] is not None:
            out.append(msg)
    return out


def kinds_played(doc: dict[str, Any]) -> set[str]:
    return {a["type"] for r in doc["match"]["finished"] for a in r["actions"]}


async def test_schieberamsch_kontra_and_bock_online_and_no_frame_leaks_a_card(
        tmp_path: Path) -> None:
    """A pub table with Schieberamsch: deals passed in become Schieberamsch
    deals whose skat goes round (taken and pushed on, or passed unseen), games
    get Kontra and Re, which earn Bock rounds.  No seat is ever sent a card it
    may not see: in particular not the two cards another player pushed on."""
    async with running_server(tmp_path) as (tables, url):
        clients = await house_match(url, [{}, {}, {}], ["Anna", "Ben", "Cem"], "pub-schiebe",
                                    deals=9, seed="house-1")
        table = tables.live[clients[0].known.table or ""].table
        assert table.rules == rule_choice("pub-schiebe")
        doc = table.to_doc()
        match = match_from_dict(doc["match"]).match
        assert match.is_over and match.config.rules == table.rules
        kinds = kinds_played(doc)
        assert {"push", "kontra"} <= kinds, kinds
        results = [r["result"] for r in doc["match"]["finished"]]
        assert any(r["game"] == "R" for r in results)  # a Ramsch was played out
        assert any(r.get("bock", 1) > 1 for r in results)  # and a Bock deal
        checked = 0
        pushed_seen = 0
        for c in clients:
            checked += scan(c.frames or [], c.known.player, doc)
            for msg in views(c.frames or []):
                assert msg["rules"] == "pub-schiebe"
                view = msg["view"]
                if view["phase"] == "push" and view["discard"]:
                    pushed_seen += 1  # the pusher sees his own two cards
            assert c.state is not None and c.state["totals"] == list(match.totals())
        assert pushed_seen and checked > 1000
        for c in clients:
            await c.close()


async def test_kontra_before_the_first_card_at_a_table_of_four(tmp_path: Path) -> None:
    """pub-first-card at four (three people and a bot): each defender and then
    the soloist is asked in the Kontra phase before the first card; the dealer
    sitting out sees nothing of it; the frame scan covers all four seats."""
    async with running_server(tmp_path) as (tables, url):
        clients = await house_match(url, [{}, {}, {"bot": "easy"}, {}], ["Anna", "Ben", "Dora"],
                                    "pub-first-card", deals=8, seed="house-4",
                                    pass_bias=0.3, kontra_bias=0.5)
        table = tables.live[clients[0].known.table or ""].table
        doc = table.to_doc()
        assert len(doc["match"]["config"]["players"]) == 4
        assert doc["match"]["config"]["rules"]["kontra_first_card"] is True
        phases = set()
        for c in clients:
            assert scan(c.frames or [], c.known.player, doc) > 100
            for msg in views(c.frames or []):
                phases.add(msg["view"]["phase"])
                assert msg["sitting_out"] != msg["player"]
        assert "kontra" in phases
        assert "kontra" in kinds_played(doc)
        for c in clients:
            await c.close()


async def test_claims_and_giving_up_at_a_pub_table(tmp_path: Path) -> None:
    async with running_server(tmp_path) as (tables, url):
        clients = await house_match(url, [{}, {}, {}], ["Anna", "Ben", "Cem"], "pub",
                                    deals=6, seed="house-claims", pass_bias=0.2,
                                    boldness=0.3)
        doc = tables.live[clients[0].known.table or ""].table.to_doc()
        assert {"claim", "resign"} & kinds_played(doc)
        for c in clients:
            scan(c.frames or [], c.known.player, doc)
            await c.close()


async def test_the_scan_catches_a_pushed_card_shown_to_another_seat(tmp_path: Path) -> None:
    """The scan itself under Schieberamsch: the two cards a player pushed on,
    slipped into the next seat's view before he takes them, fail it."""
    async with running_server(tmp_path) as (tables, url):
        clients = await house_match(url, [{}, {}, {}], ["Anna", "Ben", "Cem"], "pub-schiebe",
                                    deals=3, seed="house-scan", pass_bias=1.0)
        doc = tables.live[clients[0].known.table or ""].table.to_doc()
        tried = 0
        for c in clients:
            frames = c.frames or []
            for text in frames:
                msg = json.loads(text)
                if msg["type"] != "state" or msg["view"] is None:
                    continue
                states = true_states(doc, msg["deal"], msg["actions"])
                state = states[-1]
                if state.phase != Phase.PUSH or not state.pushes:
                    continue
                # the skat lying now, pushed on by another seat: hidden from this one
                lying = state.skat & hidden_from(states, msg["view"]["seat"])
                if not lying:
                    continue
                msg["view"]["trick"] = [cards_of(lying)[0].name]
                with pytest.raises(AssertionError, match="hidden cards"):
                    scan([json.dumps(msg)], c.known.player, doc)
                tried += 1
        assert tried
        for c in clients:
            await c.close()


async def test_the_rules_are_kept_across_a_restart_and_refused_when_malformed(
        tmp_path: Path) -> None:
    async with running_server(tmp_path) as (tables, url):
        ws = await raw(url)
        for bad, field in (("house", "rules"), (42, "rules"), ({"kontra": "yes"}, "rules.kontra"),
                           ({"nonsense": True}, "rules.nonsense"),
                           ({"name": "x\u202ey", "kontra": True}, "rules.name")):
            reply = await ask(ws, create_message([{}, {}, {}], rules=bad))
            assert reply["type"] == "error" and reply["field"] == field, (bad, reply)
        reply = await ask(ws, create_message([{}, {}, {"bot": "easy"}],
                                             rules={"kontra": True, "kontra_max": 4}))
        assert reply["type"] == "created"
        table = tables.live[reply["table"]].table
        assert table.rules.kontra and table.rules.kontra_max == 4 and table.rules.name == "custom"
        await ws.close()
    async with running_server(tmp_path) as (tables, url):  # the server started again
        again = tables.live[table.id].table
        assert again.rules == table.rules
        ws = await raw(url)
        welcome = await ask(ws, {"type": "join", "protocol": 2, "code": table.code,
                                 "name": "Anna"}, "state")
        assert welcome["rules"] == {**table.rules.to_dict()}
        await ws.close()
    # one saved before tables had rules is a tournament table
    doc = json.loads(table.to_text())
    assert Table.from_doc(doc).rules == table.rules
    del doc["rules"]
    assert Table.from_doc(doc).rules == TOURNAMENT
    created = parse_client_message(json.dumps(create_message([{}, {}, {}], rules="pub")),
                                   opening=True)
    assert getattr(created, "rules", None) == PUB
    assert rule_choice("pub-schiebe").ramsch == Ramsch.SCHIEBERAMSCH
    with pytest.raises(ProtocolError):
        parse_client_message(json.dumps(create_message([{}, {}, {}], rules=[])), opening=True)
