"""ISS game records: one line per deal, ``(;GM[Skat]...MV[...]R[...] ;)``.

The International Skat Server writes each deal as SGF-like properties.
``P0 P1 P2`` are the players by seat (forehand first), ``MV`` the moves as
``actor action`` pairs (actor ``w`` is the server), ``R`` the result.  How each
move maps to an engine action is in ``docs/records.md``; in short:

* ``w <32 cards>``: the deal (10 to each seat from forehand, the last 2 the skat);
* ``<p> 18`` bid, ``<p> y`` hold, ``<p> p`` pass;
* ``<p> s`` then ``w C1.C2``: the soloist picks up the skat (shown by the server);
* ``<p> <type>[.d1.d2][.ouvert cards]``: the declaration (type ``G C S H D N``
  and modifiers ``O H S Z``), after a pick-up with the two cards put back,
  which may also follow as their own move (``2 D 2 D9.DQ``);
* ``<p> <card>`` a card; ``<p> SC`` the soloist claims; ``<p> RE`` resigns;
* ``w LE.<p>`` left the table, ``w TI.<p>`` timed out; ``<p> ??`` an unknown
  card, dropped when the player leaves right after it.

Reading replays every move through the engine and checks the engine's result
against ``R`` field by field.

>>> line = ("(;GM[Skat]ID[1]P0[a]P1[b]P2[c]MV[w " + ".".join(
...     ["CJ", "SJ", "HJ", "DJ", "CA", "CT", "CK", "CQ", "C9", "C8"]
...     + ["SA", "ST", "SK", "SQ", "S9", "S8", "S7", "HA", "HT", "HK"]
...     + ["HQ", "H9", "H8", "H7", "DA", "DT", "DK", "DQ", "D9", "D8"] + ["C7", "D7"])
...     + " 1 p 2 p 0 p ]R[passed] ;)")
>>> game = read_iss(line)
>>> game.id, game.state.result.passed_in
('1', True)
>>> read_iss(to_iss(game.state, game.players, game_id="1")).state == game.state
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import CARDS, Card, CardSet, Mask, cards_of, mask_of
from ..deal import Deal
from ..errors import Message, Param, RecordError, Rule
from ..game import (
    Action,
    Bid,
    Claim,
    Declare,
    Discard,
    GameState,
    Hold,
    LeaveTable,
    Pass,
    PickUpSkat,
    Play,
    Resign,
)
from ..rules import GameType
from ..value import GameResult
from .jsonrec import replay

# The value is matched without backtracking state per character (possessive
# runs), so memory stays linear in the line: one group repetition per
# character would cost about 165 bytes per byte of a long name.
_PROPERTY = re.compile(r"([A-Za-z][A-Za-z0-9]*)\[([^\]\\]*+(?:\\.[^\]\\]*+)*+)\]", re.DOTALL)
_UNESCAPE = re.compile(r"\\(.)", re.DOTALL)
_BID = re.compile(r"[0-9]+")
MAX_LINE = 64 * 1024
"""Characters in one ISS line at most; longer lines are refused (a real one
has about a thousand)."""
_DECLARATION = re.compile(r"([GCSHDN])([OHSZ]*)")
_SEATS = {"0": 0, "1": 1, "2": 2}


@dataclass(frozen=True, slots=True)
class IssGame:
    """One ISS record, replayed."""

    id: str | None
    """The ``ID[...]`` field, if the record has one."""
    players: tuple[str, str, str]
    state: GameState
    properties: dict[str, str]
    """Every property of the line as read (unescaped)."""
    result_fields: dict[str, str]
    """``R[...]`` split into ``key: value`` (``win``/``loss``, ``bidok``/``overbid``,
    ``penalty`` and ``passed`` appear as keys with an empty value)."""

    @property
    def penalty(self) -> bool:
        """The ISS scored the deal as a penalty (a player left before play)."""
        return "penalty" in self.result_fields


def _properties(line: str, line_no: int | None) -> dict[str, str]:
    if len(line) > MAX_LINE:
        raise RecordError("the line has {length} characters, more than an ISS record "
                          "may have ({limit})", line_no, None,
                          {"length": f"{len(line):,}", "limit": f"{MAX_LINE:,}"})
    text = line.strip()
    if not text.startswith("(;"):
        raise RecordError("an ISS record starts with '(;'", line_no, "(;")
    body_end = len(text) - 2 if text.endswith(";)") else len(text)
    pos = 2
    props: dict[str, str] = {}
    last = "(;"
    while True:
        while pos < body_end and text[pos].isspace():
            pos += 1
        if pos >= body_end:
            break
        m = _PROPERTY.match(text, pos, body_end)
        if m is None:
            head = re.match(r"[A-Za-z0-9]*", text[pos:pos + 40])
            name = head.group(0) if head and head.group(0) else last
            if text.find("[", pos, body_end) >= 0:
                raise RecordError("the line is cut off inside this property (no closing ']')",
                                  line_no, name)
            raise RecordError("malformed text after {last}: {text}", line_no, name,
                              {"last": last, "text": repr(text[pos:pos + 20])})
        key, value = m.group(1), _UNESCAPE.sub(r"\1", m.group(2))
        if key in props:
            raise RecordError("the property is given twice", line_no, key)
        props[key] = value
        last = key
        pos = m.end()
    if not text.endswith(";)"):
        raise RecordError("the line is cut off (no closing ';)')", line_no, last)
    return props


def _parse_result(text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for token in text.split():
        key, _, value = token.partition(":")
        fields[key] = value
    return fields


def _cards(text: str, field: str, line_no: int | None) -> list[Card]:
    out: list[Card] = []
    for token in text.split("."):
        if token == "??":
            raise RecordError("an unknown card (??) cannot be replayed", line_no, field)
        try:
            out.append(Card.from_str(token))
        except ValueError:
            shown = token if len(token) <= 20 else f"{token[:12]}…"
            raise RecordError("not a card: {card}", line_no, field,
                              {"card": repr(shown)}) from None
    return out


def _deal(text: str, line_no: int | None) -> Deal:
    cards = _cards(text, "MV[0]", line_no)
    if len(cards) != 32:
        raise RecordError("the deal has {count} cards, not 32", line_no, "MV[0]",
                          {"count": len(cards)})
    try:
        return Deal(
            (mask_of(cards[0:10]), mask_of(cards[10:20]), mask_of(cards[20:30])),
            mask_of(cards[30:32]),
        )
    except ValueError as e:
        raise RecordError(str(e), line_no, "MV[0]") from None


class _Moves:
    """Turns the MV pairs into engine actions (seat, action), remembering for
    each action the MV index it came from, for error messages."""

    def __init__(self, line_no: int | None) -> None:
        self.line_no = line_no
        self.actions: list[tuple[int, Action]] = []
        self.origin: list[int] = []
        self.texts: list[str] = []
        self.shown: dict[int, Mask] = {}
        """Ouvert cards listed in a declaration, by the index of its action."""

    def add(self, index: int, text: str, seat: int, action: Action) -> None:
        self.actions.append((seat, action))
        self.origin.append(index)
        self.texts.append(text)

    def error(self, index: int, text: str, message: str, **params: Param) -> RecordError:
        """``message`` a template filled with ``params`` (see RecordError)."""
        shown = text if len(text) <= 40 else f"{text[:30]}…"
        return RecordError("move {index} ({move}): {reason}", self.line_no, f"MV[{index}]",
                           {"index": index, "move": repr(shown),
                            "reason": Message(message, params)})


def _moves(mv: str, line_no: int | None) -> tuple[Deal, _Moves]:
    tokens = mv.split()
    if not tokens:
        raise RecordError("no moves", line_no, "MV")
    if len(tokens) % 2:
        raise RecordError(
            "the moves end with an actor and no action ({token}): cut off?",
            line_no, f"MV[{len(tokens) // 2}]", {"token": repr(tokens[-1])},
        )
    pairs = [(tokens[i], tokens[i + 1]) for i in range(0, len(tokens), 2)]
    if pairs[0][0] != "w":
        raise RecordError("the moves start with the server's deal 'w <32 cards>'",
                          line_no, "MV[0]")
    deal = _deal(pairs[0][1], line_no)
    moves = _Moves(line_no)
    # A light tracker of the phase, enough to tell what a token means; the
    # engine checks the rules when the actions are replayed.
    picked_up = skat_shown = discarded = declared = False
    pending: tuple[int, str, Declare] | None = None
    """A declaration after the pick-up whose discard is the next move."""
    unknown: tuple[int, str] | None = None
    for index, (actor, act) in enumerate(pairs[1:], start=1):
        text = f"{actor} {act}"
        leave = actor == "w" and act[:3] in ("LE.", "TI.") and act[3:] in _SEATS
        if unknown is not None and not leave:
            raise moves.error(*unknown, "an unknown card (??) is only dropped right before "
                              "a player leaves; otherwise it cannot be replayed")
        if leave:
            unknown = None  # the unknown card of a player about to leave: dropped
            seat = _SEATS[act[3:]]
            moves.add(index, text, seat, LeaveTable(seat, act[:3] == "TI."))
            continue
        if actor == "w":
            if picked_up and not skat_shown:
                shown = _cards(act, f"MV[{index}]", line_no)
                if len(shown) != 2 or mask_of(shown) != deal.skat:
                    raise moves.error(index, text, "the skat shown is not the skat dealt "
                                      "({skat})", skat=str(CardSet(deal.skat)))
                skat_shown = True
                continue
            raise moves.error(index, text, "not a server move this reader knows")
        if actor not in _SEATS:
            raise moves.error(index, text, "the actor is w, 0, 1 or 2")
        seat = _SEATS[actor]
        cards = _card_list(act)
        if pending is not None and cards is None:
            raise moves.error(*pending[:2], "after picking up, the declaration needs the two "
                              "cards put back, in it or as the next move")
        if act == "??":
            unknown = (index, text)
        elif act == "y":
            moves.add(index, text, seat, Hold())
        elif act == "p":
            moves.add(index, text, seat, Pass())
        elif _BID.fullmatch(act):
            if len(act) > 3:
                raise moves.error(index, text, "a bid of {digits} digits is not a game "
                                  "value ({rule})", digits=len(act), rule=Rule.BID_LADDER)
            moves.add(index, text, seat, Bid(int(act)))
        elif act == "s":
            moves.add(index, text, seat, PickUpSkat())
            picked_up = True
        elif act == "SC" or act.startswith("SC."):
            moves.add(index, text, seat, Claim())  # cards shown with it are not needed
        elif act == "RE":
            moves.add(index, text, seat, Resign(seat))
        elif declared:
            if cards is None or len(cards) != 1:
                raise moves.error(index, text, "not a card")
            moves.add(index, text, seat, Play(cards[0]))
        elif cards is not None:
            # The cards put back after the pick-up, on their own (ISS: '2 D 2 D9.DQ'),
            # then the ten cards shown if the game is ouvert.
            if (not picked_up or discarded or len(cards) not in (2, 12)
                    or (len(cards) == 12 and not pending)):
                raise moves.error(index, text, "cards out of place: the game is not declared")
            moves.add(index, text, seat, Discard((cards[0], cards[1])))
            discarded = True
            if pending is not None:
                _declare(moves, *pending[:2], seat, pending[2], cards[2:])
                pending, declared = None, True
        elif _DECLARATION.fullmatch(act.split(".")[0]):
            head, *rest = act.split(".")
            decl = _declare_of(head)
            listed = _cards(".".join(rest), f"MV[{index}]", line_no) if rest else []
            if not picked_up or discarded:
                # A hand game, or the discard came first as its own move: what
                # follows the type can only be the ouvert cards.
                _declare(moves, index, text, seat, decl, listed)
                declared = True
            elif not listed:
                pending = (index, text, decl)
            elif len(listed) in (2, 12):
                moves.add(index, text, seat, Discard((listed[0], listed[1])))
                _declare(moves, index, text, seat, decl, listed[2:])
                declared = True
            else:
                raise moves.error(index, text, "after a pick-up the declaration lists the "
                                  "two cards put back, then (ouvert) the ten cards shown")
        else:
            raise moves.error(index, text, "not a move this reader knows")
    if unknown is not None:
        raise moves.error(*unknown, "an unknown card (??) cannot be replayed")
    if pending is not None:
        raise moves.error(*pending[:2], "after picking up, the declaration needs the two "
                          "cards put back")
    return deal, moves


def _card_list(act: str) -> list[Card] | None:
    """The cards of a move such as ``D9.DQ``; None if it is not only cards."""
    out: list[Card] = []
    for part in act.split("."):
        try:
            out.append(Card.from_str(part))
        except ValueError:
            return None
    return out


def _declare_of(head: str) -> Declare:
    m = _DECLARATION.fullmatch(head)
    assert m is not None
    mods = m.group(2)
    return Declare(GameType.from_letter(m.group(1)), hand="H" in mods, schneider="S" in mods,
                   schwarz="Z" in mods, ouvert="O" in mods)


def _declare(moves: _Moves, index: int, text: str, seat: int, decl: Declare,
             shown: Sequence[Card]) -> None:
    """Add a declaration; ``shown`` are the cards an ouvert declaration lists
    (checked against the soloist's hand once replayed, see :func:`read_iss`)."""
    if shown:
        if not decl.ouvert:
            raise moves.error(index, text, "cards listed for a game that is not ouvert")
        if len(shown) != 10:
            raise moves.error(index, text, "an ouvert game shows ten cards, not {count}",
                              count=len(shown))
        moves.shown[len(moves.actions)] = mask_of(shown)
    moves.add(index, text, seat, decl)


def read_iss(line: str, line_no: int | None = None, *, check_result: bool = True) -> IssGame:
    """Read and replay one ISS record.

    Raises :class:`RecordError` naming the line (``line_no``) and the field:
    a property (``MV``, ``R``), a move ``MV[n]`` (``MV[0]`` is the deal, ``MV[1]``
    the first bid...), or a result field ``R.v`` that the engine computes
    differently (unless ``check_result`` is false).
    """
    props = _properties(line, line_no)
    if props.get("GM", "Skat") != "Skat":
        raise RecordError("not a Skat record (GM[{game}])", line_no, "GM",
                          {"game": props["GM"]})
    if "MV" not in props:
        raise RecordError("no moves (MV[...])", line_no, "MV")
    if "R" not in props:
        raise RecordError("no result (R[...])", line_no, "R")
    deal, moves = _moves(props["MV"], line_no)

    def fail(i: int, sub: str, reason: str, **params: Param) -> RecordError:
        return moves.error(moves.origin[i], moves.texts[i], reason, **params)

    state = replay(deal, moves.actions, fail)
    for i, shown in moves.shown.items():
        soloist = moves.actions[i][0]
        hand = _hand_at(deal, moves.actions[:i], soloist)
        if shown != hand:
            index, text = moves.origin[i], moves.texts[i]
            raise moves.error(index, text, "the ouvert cards shown ({shown}) are not the "
                              "soloist's hand ({hand})", shown=str(CardSet(shown)),
                              hand=str(CardSet(hand)))
    if not state.is_over:
        raise RecordError("the moves end before the deal is over: cut off?", line_no, "MV")
    fields = _parse_result(props["R"])
    if check_result:
        mismatches = iss_result_mismatches(state.result, fields)
        if mismatches:
            key, said, computed = mismatches[0]
            raise RecordError("the record says {said}, the engine computes {computed}",
                              line_no, f"R.{key}", {"said": said, "computed": computed})
    players = (props.get("P0", ""), props.get("P1", ""), props.get("P2", ""))
    return IssGame(props.get("ID"), players, state, props, fields)


def _hand_at(deal: Deal, actions: Sequence[tuple[int, Action]], seat: int) -> Mask:
    hand = deal.hands[seat]
    for actor, action in actions:
        if actor != seat:
            continue
        if isinstance(action, PickUpSkat):
            hand |= deal.skat
        elif isinstance(action, Discard):
            hand &= ~(1 << action.cards[0] | 1 << action.cards[1])
    return hand


def _said(fields: dict[str, str]) -> str:
    return " ".join(f"{k}:{v}" if v else k for k, v in fields.items()) or "nothing"


def iss_result_mismatches(
    result: GameResult | None, fields: dict[str, str]
) -> list[tuple[str, str, str]]:
    """The ``R`` fields the engine's result disagrees with, as (field, what
    the record says, what the engine computes).

    Compared: ``d`` soloist, ``win``/``loss``, ``v`` signed value (the score:
    +value or -2 × value), ``m`` matadors, ``bidok``/``overbid``, ``p`` soloist
    points, ``t`` soloist tricks, ``s`` schneider, ``z`` schwarz.  A passed-in
    deal is ``R[passed]``; a deal aborted before play (a player left) is
    ``d:-1`` (ISS: ``penalty``), its value 0.
    """
    if result is None:
        return [("d", _said(fields), "an unfinished deal")]
    if result.soloist is None:
        if result.aborted is None:
            if "passed" not in fields:
                return [("passed", _said(fields), "passed")]
            return []
        if fields.get("d") != "-1" or fields.get("v", "0") != "0":
            return [("d", _said(fields), "d:-1 v:0 (aborted: " + result.aborted + ")")]
        return []
    if "passed" in fields:
        return [("passed", "passed", f"d:{result.soloist}")]
    expected = {
        "d": str(result.soloist),
        "v": str(result.score),
        "m": str(result.matadors),
        "p": str(result.soloist_points),
        "t": str(result.soloist_tricks),
        "s": str(int(result.schneider)),
        "z": str(int(result.schwarz)),
    }
    out: list[tuple[str, str, str]] = []
    for key, value in expected.items():
        if fields.get(key) != value:
            said = f"{key}:{fields[key]}" if key in fields else "nothing"
            out.append((key, said, f"{key}:{value}"))
        if key == "d":
            for words, meant in (
                (("win", "loss"), "win" if result.won else "loss"),
                (("bidok", "overbid"), "overbid" if result.overbid else "bidok"),
            ):
                said_words = [w for w in words if w in fields]
                if said_words != [meant]:
                    out.append((meant, " ".join(said_words) or "nothing", meant))
    return out


# --- writing -------------------------------------------------------------------


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def _declaration_text(d: Declare) -> str:
    mods = ""
    if d.ouvert:
        mods += "O"
    if d.hand and not (d.ouvert and d.game != GameType.NULL):
        mods += "H"
    if d.schwarz:
        mods += "Z"
    elif d.schneider:
        mods += "S"
    return d.game.letter + mods


def _result_text(state: GameState) -> str:
    result = state.result
    assert result is not None
    left = timeout = -1
    for _, action in state.history:
        if isinstance(action, LeaveTable):
            if action.timeout:
                timeout = action.seat
            else:
                left = action.seat
    if result.soloist is None and result.aborted is None:
        return "passed"
    if result.soloist is None:
        leaver = max(left, timeout)
        penalties = " ".join(f"p{s}:{int(s == leaver)}" for s in range(3))
        return (f"d:-1 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 {penalties} l:{left} "
                f"to:{timeout}")
    resigned = int(result.conceded in ("defenders", "soloist", "claim"))
    return (
        f"d:{result.soloist} {'win' if result.won else 'loss'} v:{result.score} "
        f"m:{result.matadors} {'overbid' if result.overbid else 'bidok'} "
        f"p:{result.soloist_points} t:{result.soloist_tricks} s:{int(result.schneider)} "
        f"z:{int(result.schwarz)} p0:0 p1:0 p2:0 l:{left} to:{timeout} r:{resigned}"
    )


def iss_cannot_represent(state: GameState) -> Message | None:
    """What of a deal's house rules the ISS records have no notation for
    (Ramsch, Schieberamsch, Kontra and its answers, Bock), or None; a
    template the app says in the player's language (``str()`` is English)."""
    if state.is_ramsch:
        return Message("a Ramsch", {})
    if state.pushes or (state.passed == 7 and state.soloist >= 0):
        return Message("a Schieberamsch", {})
    if state.kontra:
        from ..ruleset import KONTRA_NAMES

        return Message("a game with {kontra}", {"kontra": KONTRA_NAMES[state.kontra]})
    if state.bock > 1:
        return Message("a Bock deal", {})
    return None


def to_iss(
    state: GameState,
    players: Sequence[str] = ("", "", ""),
    *,
    game_id: str | None = None,
    date: str | None = None,
    place: str = "skat",
) -> str:
    """The ISS line of a finished deal; :func:`read_iss` reads it back to the
    same state.  ``date`` is written as given (ISS: ``2011-04-05/20:35:55/UTC``)."""
    if not state.is_over or state.result is None:
        raise RecordError("only a finished deal can be written as an ISS record")
    why = iss_cannot_represent(state)
    if why is not None:
        raise RecordError("the ISS format cannot represent {what}; export it as JSON instead",
                          None, None, {"what": why})
    if len(players) != 3:
        raise ValueError("players: three names, forehand first")
    deal = state.deal
    order = [*deal.hands, deal.skat]
    moves = ["w", ".".join(c.name for m in order for c in cards_of(m))]
    discard: Discard | None = None
    for seat, action in state.history:
        actor = str(seat)
        if discard is not None and not isinstance(action, Declare):
            # The deal ended between the discard and the declaration (a player
            # left): the discard stands as its own move.
            moves += [str(state.soloist), f"{discard.cards[0]}.{discard.cards[1]}"]
            discard = None
        match action:
            case Bid(value=v):
                moves += [actor, str(v)]
            case Hold():
                moves += [actor, "y"]
            case Pass():
                moves += [actor, "p"]
            case PickUpSkat():
                moves += [actor, "s", "w", ".".join(c.name for c in cards_of(deal.skat))]
            case Discard():
                discard = action
            case Declare():
                text = _declaration_text(action)
                if discard is not None:
                    text += f".{discard.cards[0]}.{discard.cards[1]}"
                    discard = None
                moves += [actor, text]
            case Play(card=c):
                moves += [actor, CARDS[c].name]
            case Claim():
                moves += [actor, "SC"]
            case Resign():
                moves += [actor, "RE"]
            case LeaveTable(seat=s, timeout=t):
                moves += ["w", f"{'TI' if t else 'LE'}.{s}"]
    if discard is not None:
        moves += [str(state.soloist), f"{discard.cards[0]}.{discard.cards[1]}"]
    parts = ["(;GM[Skat]", f"PC[{_escape(place)}]"]
    if game_id is not None:
        parts.append(f"ID[{_escape(game_id)}]")
    if date is not None:
        parts.append(f"DT[{_escape(date)}]")
    parts += [f"P{i}[{_escape(name)}]" for i, name in enumerate(players)]
    parts.append(f"MV[{' '.join(moves)} ]")
    parts.append(f"R[{_result_text(state)}]")
    return "".join(parts) + " ;)"


__all__ = ["IssGame", "iss_cannot_represent", "iss_result_mismatches", "read_iss", "to_iss"]
