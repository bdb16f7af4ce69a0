"""Our bots against xskat 4.0's computer players, with skat_core as referee.

    python xbench.py --level normal --deals 0-29 --out rows.jsonl [--reference]

Deal i is ``deal_from_seed("xskat-bench", i)``.  Per deal: three games with
our bot at forehand, middlehand and rearhand in turn and xskat in the other
two seats, and the reference game with xskat in all three seats (the same
for every seating, so played once).  ``--reference`` plays only the
reference games (a check of the harness: no bot involved).

skat_core referees every game: each of xskat's actions must be in
``GameState.legal_actions()``; xskat's phase, seat to move, bid and soloist
must equal the engine's before every action (i.e. after the previous one) and
at every point where the outside is asked to act; at the end xskat's own
result (won, game value, card points) must agree with skat_core's.  Any
disagreement is counted in the row's ``disagreements`` and printed on stderr.

One JSON line per deal is written (see README.md for the fields).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import multiprocessing
import os
import subprocess
import sys
import time
from collections import defaultdict

from skat_core.actions import Bid, Declare, Discard, Hold, Pass, PickUpSkat, Play
from skat_core.bots import make_bot
from skat_core.cards import Card, cards_of
from skat_core.deal import Deal, deal_from_seed
from skat_core.game import GameState, Phase, new_game
from skat_core.rules import GameType

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.environ.get("XSKAT_DRIVER", os.path.join(HERE, "xskat-driver"))
SEED = "xskat-bench"

PHASE_NAMES = {Phase.BIDDING: "bidding", Phase.SKAT: "skat", Phase.DISCARD: "discard",
               Phase.DECLARE: "declare", Phase.PLAYING: "playing", Phase.FINISHED: "finished"}
KIND = {Phase.BIDDING: "bid", Phase.SKAT: "skat", Phase.DISCARD: "skat",
        Phase.DECLARE: "declare", Phase.PLAYING: "card"}


class Disagreement(Exception):
    pass


def cards_str(mask: int) -> str:
    return ",".join(str(Card(c)) for c in cards_of(mask))


def deal_line(deal: Deal) -> str:
    return " ".join(cards_str(m) for m in (*deal.hands, deal.skat))


def xskat_seed(deal: Deal) -> int:
    """The seed of xskat's move randomness for this deal (from the cards)."""
    h = hashlib.sha256(deal_line(deal).encode()).digest()
    return int.from_bytes(h[:4], "big") & 0x7FFFFFFF or 1


# --- actions <-> protocol text ----------------------------------------------

def parse_action(words: list[str]):
    kind = words[0]
    if kind == "bid":
        return Bid(int(words[1]))
    if kind == "hold":
        return Hold()
    if kind == "pass":
        return Pass()
    if kind == "pickup":
        return PickUpSkat()
    if kind == "discard":
        return Discard((Card.from_str(words[1]), Card.from_str(words[2])))
    if kind == "declare":
        game = GameType("DHSCGN".index(words[1]))
        flags = set(words[2:])
        return Declare(game, hand="hand" in flags, schneider="schneider" in flags,
                       schwarz="schwarz" in flags, ouvert="ouvert" in flags)
    if kind == "play":
        return Play(Card.from_str(words[1]))
    raise Disagreement(f"unknown xskat action {' '.join(words)!r}")


def action_text(a) -> str:
    if isinstance(a, Bid):
        return f"bid {a.value}"
    if isinstance(a, Hold):
        return "hold"
    if isinstance(a, Pass):
        return "pass"
    if isinstance(a, PickUpSkat):
        return "pickup"
    if isinstance(a, Discard):
        return f"discard {Card(a.cards[0])} {Card(a.cards[1])}"
    if isinstance(a, Declare):
        flags = [n for n in ("hand", "schneider", "schwarz", "ouvert") if getattr(a, n)]
        if a.ouvert and a.game != GameType.NULL:
            flags = ["hand", "ouvert"]
        elif a.schwarz:
            flags = [f for f in flags if f != "schneider"]
        return " ".join(["declare", "DHSCGN"[a.game], *flags])
    if isinstance(a, Play):
        return f"play {Card(a.card)}"
    raise Disagreement(f"our bot chose an action xskat cannot take: {a!r}")


# --- the driver ----------------------------------------------------------------

class Driver:
    def __init__(self) -> None:
        self.p = subprocess.Popen([DRIVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def ask(self, line: str) -> str:
        assert self.p.stdin and self.p.stdout
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except OSError as err:  # BrokenPipeError among them
            # the driver ended (its last line said why): this game fails, the run goes on
            raise Disagreement(f"driver ended before {line!r} (exit {self.p.poll()})") from err
        reply = self.p.stdout.readline().strip()
        if not reply:
            raise Disagreement(f"driver gave no answer to {line!r}")
        return reply

    def close(self) -> None:
        try:
            assert self.p.stdin
            self.p.stdin.write("quit\n")
            self.p.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        self.p.wait(timeout=10)


def check_state(state: GameState, shown: str, where: str) -> None:
    ph, to_move, bid, soloist = shown.split()
    want = (PHASE_NAMES.get(state.phase, "?"), state.to_move, state.bid, state.soloist)
    got = (ph, int(to_move), int(bid), int(soloist))
    if got != want:
        raise Disagreement(f"{where}: xskat state {got} != engine {want}")


def check_end(state: GameState, words: list[str], where: str, early: bool = False) -> dict:
    res = state.result
    if state.phase != Phase.FINISHED or res is None:
        raise Disagreement(f"{where}: xskat finished, the engine did not ({state.phase.name})")
    if words[1] == "passed":
        if res.soloist is not None:
            raise Disagreement(f"{where}: xskat passed in, engine soloist {res.soloist}")
        return {"xskat_end": "passed"}
    f = dict(zip(words[1::2], words[2::2], strict=False))
    if res.soloist is None or int(f["soloist"]) != res.soloist:
        raise Disagreement(f"{where}: soloist xskat {f['soloist']} engine {res.soloist}")
    won = f["won"] == "1"
    value = int(f["value"])
    if won != res.won:
        raise Disagreement(f"{where}: won xskat {won} engine {res.won}")
    # xskat's value is the list entry: +value if won, -2 x value if lost
    if value != (res.value if res.won else -2 * res.value):
        raise Disagreement(f"{where}: value xskat {value} engine {res.value} won={res.won}")
    if (res.contract is not None and res.contract.game != GameType.NULL and not early
            and int(f["points"]) != res.soloist_points):
        raise Disagreement(f"{where}: points xskat {f['points']} engine {res.soloist_points}")
    return {"xskat_end": " ".join(words[1:9])}


def timed_choice(bot, view, times):
    """``bot.choose(view)``; its CPU and wall time (ms) go into ``times`` under
    the decision's kind if it had a choice."""
    t0, c0 = time.perf_counter(), time.process_time()
    action = bot.choose(view)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    if len(view.legal) > 1:
        kind = KIND[view.phase]
        times[kind]["cpu"].append(round(cpu * 1000, 3))
        times[kind]["wall"].append(round(wall * 1000, 3))
    return action


def new_times() -> dict:
    """Decision times by kind, as ``timed_choice`` fills them."""
    return defaultdict(lambda: {"cpu": [], "wall": []})


def play_game(deal: Deal | None, ours: int | None, bot, times, log: list[str],
              start: str | None = None, end: list | None = None,
              expected: list[str] | None = None) -> GameState:
    """One game: our bot at position ``ours`` (None: xskat everywhere).
    ``log`` receives every action of every seat in order, ``"<pos> <action>"``
    in the protocol's words (``"0 bid 18"``, ``"2 play CJ"``).
    ``start``: another start command for the driver (``xseed ...``: xskat
    deals; ``deal`` is then read from the driver).  ``end`` receives the
    driver's END line.  ``expected``: an earlier log of this game (replay.py):
    as long as our seat's actions agree with it, xskat's must too (else a
    Disagreement); from our seat's first different action on the game is free."""
    following = expected is not None
    ctl = "".join("o" if p == ours else "x" for p in range(3))
    drv = Driver()
    try:
        if start is not None:
            hands = drv.ask(start)
            groups = [[Card.from_str(c) for c in g.split(",")] for g in hands.split()[1:]]
            deal = Deal.from_str(*(" ".join(str(c) for c in g) for g in groups))
        else:
            assert deal is not None
            hands = drv.ask(f"new {deal_line(deal)} {ctl} {xskat_seed(deal)}")
        if ([set(g.split(",")) for g in hands.split()[1:]]
                != [set(g.split(",")) for g in deal_line(deal).split()]):
            raise Disagreement(f"driver dealt {hands!r}")
        state = new_game(deal)
        early = False
        n = 0
        while True:
            n += 1
            if n > 200:
                raise Disagreement("too many steps")
            line = drv.ask("step")
            where = f"step {n} ({line})"
            if (line.startswith("X ") or line.startswith("O ")) and state.phase == Phase.FINISHED:
                # skat_core ended the game early (announced schwarz lost with
                # the first trick given); xskat plays every card out: let it,
                # the outside seat by xskat's own hint, and check the result.
                res = state.result
                if not (res and res.contract and res.contract.schwarz_announced and not res.won):
                    raise Disagreement(f"{where}: engine finished, xskat plays on")
                early = True
                if line.startswith("O "):
                    reply = drv.ask("do auto")
                    if reply != "ok":
                        raise Disagreement(f"{where}: driver refused auto: {reply}")
                continue
            if line.startswith("X "):
                head, shown = line[2:].split(" | ")
                words = head.split()
                pos = int(words[0])
                check_state(state, shown, where)
                if pos != state.to_move or pos == ours:
                    raise Disagreement(f"{where}: xskat acts for seat {pos}")
                action = parse_action(words[1:])
                if action not in state.legal_actions():
                    raise Disagreement(f"{where}: illegal xskat action {action!r}")
                state = state.apply(action)
                log.append(f"{pos} {' '.join(words[1:])}")
                if following and log[-1:] != expected[len(log) - 1:len(log)]:
                    logged = expected[len(log) - 1] if len(log) <= len(expected) else "nothing"
                    raise Disagreement(f"{where}: xskat left the logged game at action "
                                       f"{len(log) - 1}: {log[-1]!r}, logged {logged!r}")
            elif line.startswith("O "):
                head, shown = line[2:].split(" | ")
                pos = int(head.split()[0])
                check_state(state, shown, where)
                if pos != ours or state.to_move != ours:
                    raise Disagreement(f"{where}: outside asked for seat {pos}")
                action = timed_choice(bot, state.view(pos), times)
                text = action_text(action)
                reply = drv.ask("do " + text)
                if reply != "ok":
                    raise Disagreement(f"{where}: driver refused {text!r}: {reply}")
                state = state.apply(action)
                log.append(f"{pos} {text}")
                if following and log[-1:] != expected[len(log) - 1:len(log)]:
                    following = False
            elif line.startswith("END"):
                check_end(state, line.split(), where, early)
                if following and log != expected:
                    raise Disagreement(f"{where}: the game ended after {len(log)} of the "
                                       f"{len(expected)} logged actions")
                if end is not None:
                    end.append(line)
                return state
            else:
                raise Disagreement(f"{where}: unexpected driver line")
    finally:
        drv.close()


def summary(state: GameState, log: list[str]) -> dict:
    res = state.result
    assert res is not None
    sf, _ = res.seeger_fabian_by_seat(3)
    return {"soloist": res.soloist,
            "game": res.contract.describe() if res.contract is not None else "passed in",
            "grand": res.contract is not None and res.contract.game == GameType.GRAND,
            "won": res.won if res.soloist is not None else None,
            "value": res.value if res.soloist is not None else 0,
            "sf": list(sf),
            "log": list(log)}


class ReplayBot:
    """Plays back one seat's actions of an earlier game (for --replay)."""

    def __init__(self, actions: list) -> None:
        self.actions = list(actions)

    def choose(self, view):
        if not self.actions:
            raise Disagreement("replay: no more actions for this seat")
        return self.actions.pop(0)


def normalized(log: list[str]) -> list:
    return [(int(e.split()[0]), parse_action(e.split()[1:])) for e in log]


def replay_deal(i: int) -> dict:
    """The reference game, then for each seat the same deal with that seat's
    actions fed in from outside (xskat's own actions of the reference game):
    the whole game must come out the same."""
    deal = deal_from_seed(SEED, i)
    row: dict = {"deal": i, "seed": SEED, "level": "replay", "disagreements": 0, "errors": []}
    times = new_times()
    ref_log: list[str] = []
    try:
        row["reference"] = summary(play_game(deal, None, None, times, ref_log), ref_log)
    except Disagreement as err:
        row["disagreements"] += 1
        row["errors"].append(f"reference: {err}")
        return row
    ref = normalized(ref_log)
    for seat in range(3):
        log: list[str] = []
        bot = ReplayBot([a for p, a in ref if p == seat])
        try:
            play_game(deal, seat, bot, times, log)
            got = normalized(log)
            if got != ref:
                k = next((k for k, (a, b) in enumerate(zip(got, ref, strict=False)) if a != b),
                         min(len(got), len(ref)))
                raise Disagreement(f"replay differs at action {k}: {log[k:k + 1]} vs "
                                   f"{ref_log[k:k + 1]}")
        except Disagreement as err:
            row["disagreements"] += 1
            row["errors"].append(f"seat {seat}: {err}")
            print(f"deal {i} replay seat {seat}: {err}", file=sys.stderr)
    return row


def _failed(row: dict, game: str, err: Disagreement, log: list[str]) -> None:
    """Count a referee disagreement in ``row`` and show it with the last actions."""
    row["disagreements"] += 1
    row["errors"].append(f"{game}: {err}")
    print(f"deal {row['deal']} {game}: {err}\n  " + " | ".join(log[-8:]), file=sys.stderr)


def bench_deal(i: int, level: str | None) -> dict:
    deal = deal_from_seed(SEED, i)
    row: dict = {"deal": i, "seed": SEED, "level": level, "disagreements": 0, "errors": []}
    times = new_times()
    log: list[str] = []
    try:
        ref = summary(play_game(deal, None, None, times, log), log)
    except Disagreement as err:
        _failed(row, "reference", err, log)
        return row
    row["reference"] = ref
    if level is None:
        return row
    seatings = []
    for seat in range(3):
        bot = make_bot(level, f"{SEED}:{i}:{seat}")
        log = []
        try:
            state = play_game(deal, seat, bot, times, log)
        except Disagreement as err:
            _failed(row, f"seat {seat}", err, log)
            continue
        seatings.append(seating(seat, state, log, ref))
    row["seatings"] = seatings
    row["times"] = dict(times)
    return row


def in_order(work, items, jobs: int):
    """``work(item)`` for each item, in the items' order, in ``jobs`` processes
    at once (one item per task).  Each deal's games are the same as in a
    single process: a bot's seed is its deal and seat, xskat's comes from the
    cards."""
    if jobs <= 1:
        yield from map(work, items)
        return
    with multiprocessing.Pool(jobs) as pool:
        yield from pool.imap(work, items)


def seating(seat: int, state: GameState, log: list[str], ref: dict) -> dict:
    """A seat-play's entry in a row: our seat's score, xskat's in the same
    seat of the reference game ``ref``, and the game's summary."""
    ours = summary(state, log)
    return {"seat": seat, "ours_sf": ours["sf"][seat], "xskat_sf": ref["sf"][seat], "ours": ours}


def parse_range(text: str) -> range:
    a, _, b = text.partition("-")
    return range(int(a), int(b or a) + 1)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--level", default="normal")
    ap.add_argument("--deals", default="0-29", help="A-B (inclusive)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--reference", action="store_true", help="only the all-xskat games")
    ap.add_argument("--replay", action="store_true",
                    help="check: replay xskat's own actions of each seat from outside")
    ap.add_argument("--jobs", type=int, default=1,
                    help="deals played in this many processes at once (rows in deal order)")
    args = ap.parse_args(argv)
    level = None if args.reference else args.level
    if level is not None:
        from skat_core.bots import pimc, play_rules, players  # noqa: F401  (warm up)
    total = 0
    start = time.time()
    deals = list(parse_range(args.deals))
    work = replay_deal if args.replay else functools.partial(bench_deal, level=level)
    with open(args.out, "w", encoding="utf-8") as f:
        for row in in_order(work, deals, args.jobs):
            total += row["disagreements"]
            f.write(json.dumps(row) + "\n")
            f.flush()
    print(f"{len(deals)} deals, {total} disagreements, {time.time() - start:.0f} s",
          file=sys.stderr)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
