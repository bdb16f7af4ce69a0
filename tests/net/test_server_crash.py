"""kill -9 of a real server process in the middle of a deal, a restart on the
same port, and the clients going on with their tokens: nothing lost, nothing
applied twice."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from skat_net.client import TableClient, create_table
from skat_net.store import load_tables
from skat_net.tables import Table

from .helpers import Player, create_message, until


def start(data: Path, port: int = 0) -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen(
        [sys.executable, "-c", "from skat_tui.cli import main; main()", "serve",
         "--port", str(port), "--data", str(data), "--bot-delay", "0", "--bot-workers", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env={**os.environ, "SKAT_HOME": str(data)},
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r":(\d+) ", line)
    assert found, line
    return proc, int(found.group(1))


class Counting(Player):
    """Counts the engine actions the server acknowledged."""

    def __init__(self, client: TableClient, seed: int) -> None:
        super().__init__(client, seed)
        self.acked = 0
        act = client.act

        def counted(action: Any) -> asyncio.Future[bool]:
            fut = act(action)
            if not isinstance(action, str):
                fut.add_done_callback(lambda f: self._count(f.result()))
            return fut

        client.act = counted  # type: ignore[method-assign]

    def _count(self, ok: bool) -> None:
        self.acked += ok


def own_actions(match: Any, player: int) -> int:
    n = 0
    for o in match.outcomes:
        seat = o.seats.index(player)
        n += sum(1 for s, _ in o.state.history if s == seat)
    return n


async def test_kill_9_mid_deal_then_restart_and_resume(tmp_path: Path) -> None:
    proc, port = start(tmp_path)
    url = f"ws://127.0.0.1:{port}"
    try:
        created = await create_table(url, create_message([{}, {}, {"bot": "random"}],
                                                         deals=3, seed="crash"))
        anna = TableClient(url, code=created["code"], name="Anna", backoff=(0.05, 0.3))
        ben = TableClient(url, code=created["code"], name="Ben", backoff=(0.05, 0.3))
        players = [Counting(anna, 1), Counting(ben, 2)]
        for c in (anna, ben):
            c.start()
            await c.wait_welcome()
        await until(lambda: anna.state is not None and anna.state["deal"] == 1
                    and anna.state["actions"] >= 8, 30)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        await until(lambda: not anna.connected and not ben.connected, 10)
        # what is on disk: the table's save and the journal's lines after it
        saved = load_tables(tmp_path / "tables")[0][created["table"]]
        assert saved.match is not None and saved.match.deal_number == 1
        proc, _ = start(tmp_path, port)
        await until(lambda: anna.connected and ben.connected, 20)
        await until(lambda: all(c.state and c.state["status"] == "over" and not c.pending
                                for c in (anna, ben)), 60)
        await asyncio.sleep(0.05)  # the acknowledgements' callbacks run
        proc.terminate()
        proc.wait(10)
        table = load_tables(tmp_path / "tables")[0].get(created["table"])
        if table is None:  # retired whole when the server closed the players' connections
            table = Table.from_doc(json.loads(
                (tmp_path / "tables" / "done" / f"{created['table']}.json").read_text()))
        match = table.match
        assert match is not None
        assert match.is_over
        for player, p in zip((anna.known.player, ben.known.player), players, strict=True):
            assert own_actions(match, player) == p.acked, [e.to_json() for e in p.errors]
            assert not p.errors
        for c in (anna, ben):
            await c.close()
    finally:
        proc.kill()
        proc.wait(10)
